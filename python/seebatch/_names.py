"""The file names a library has on each platform, in the order they are
tried. Kept apart from _library.py, which loads the library when imported,
so that setup.py can read these names without loading anything."""
import sys

WINDOWS = ("win32", "cygwin")


def library_files(name, platform=None):
    """The file names of library <name> on the platform (sys.platform's
    spelling; this one when None), in the order they are tried."""
    platform = platform or sys.platform
    if platform in WINDOWS:
        return [f"lib{name}.dll", f"{name}.dll"]
    if platform == "darwin":
        return [f"lib{name}.dylib"]
    return [f"lib{name}.so"]
