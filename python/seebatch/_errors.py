"""The exception the package raises for input the library rejects."""
import ctypes

from ._library import ErrorStruct, lib


# seebatch_status values the package raises itself (include/seebatch.h).
STATUS_ARGUMENT = 1
STATUS_CONFIG = 5


class SeebatchError(ValueError):
    """Input the library rejected; the message names the row and what is wrong.

    status is the library's seebatch_status (an int), status_name its name."""

    def __init__(self, message, status):
        super().__init__(message)
        self.status = status
        self.status_name = lib.seebatch_status_name(status).decode()


def new_error():
    """A seebatch_error for one C call, and its pointer."""
    error = ErrorStruct()
    return error, ctypes.byref(error)


def raise_if_failed(status, error, where):
    """Raises SeebatchError("where: <the library's message>") unless status is 0."""
    if status != 0:
        raise SeebatchError(f"{where}: {error.message.decode(errors='replace')}", status)
