"""The exception the package raises for input the library rejects."""
import ctypes
import os

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


def about_file(path, message):
    """"PATH: WHERE: WHAT" of the library's message about the file at path,
    which names it whole, or as "..." and its last characters where long
    (seebatch_error), or not at all (a reader's fault: its place first)."""
    path = os.fsdecode(path)
    if message.startswith(f"{path}: "):
        return message
    rest = message
    if message.startswith("..."):
        at = message.find(": ")
        while at >= 0:  # the longest tail of path that matches: WHERE holds ": " too
            if path.endswith(message[3:at]):
                rest = message[at + 2:]
            at = message.find(": ", at + 1)
    return f"{path}: {rest}"
