"""Installs the seebatch package with a copy of libseebatch.so inside it (SEE
and training data alike); the file is named as the platform names them (seebatch/_names.py: library_files, e.g.
libseebatch.dll on Windows).

The library copied is the file SEEBATCH_LIBRARY names, else the checkout's
build tree (../build/libseebatch.so). If neither exists, the package is
installed without it only when the system already has the library (after
`cmake --install`; found again at run time); otherwise the install fails and
says how to build the library, rather than installing a package whose import
fails later. The version is the
library's: the bundled library says it, else include/seebatch.h of the checkout.
"""
import ctypes
import ctypes.util
import importlib.util
import os
import re
import shutil
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def library_files(name):
    """The platform's names of library <name>, as the package looks for them
    (seebatch/_names.py, read without importing the package)."""
    spec = importlib.util.spec_from_file_location(
        "seebatch_library_names", os.path.join(HERE, "seebatch", "_names.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.library_files(name)


def first_file(directory, name):
    """The first of library <name>'s files in the directory, or None."""
    for file in library_files(name):
        path = os.path.join(directory, file)
        if os.path.isfile(path):
            return os.path.realpath(path)
    return None


def library_to_bundle():
    path = os.environ.get("SEEBATCH_LIBRARY")
    if path:
        return os.path.realpath(path) if os.path.isfile(path) else None
    return first_file(os.path.join(HERE, "..", "build"), "seebatch")


def version():
    library = library_to_bundle()
    if library:
        version_of = ctypes.CDLL(library).seebatch_version
        version_of.restype = ctypes.c_char_p
        return version_of().decode()
    header = os.path.join(HERE, "..", "include", "seebatch.h")
    if os.path.isfile(header):
        with open(header) as text:
            found = re.search(r'#define SEEBATCH_VERSION_STRING "([^"]+)"', text.read())
            if found:
                return found.group(1)
    return "0+unknown"


class BuildWithLibrary(build_py):
    """Copies libseebatch.so (resolving its version symlinks) into the package."""

    def run(self):
        super().run()
        library = library_to_bundle()
        if library:
            target = os.path.join(self.build_lib, "seebatch", library_files("seebatch")[0])
            self.announce(f"bundling {library} as {target}", level=2)
            shutil.copyfile(library, target)


class BinaryDistribution(Distribution):
    """A bundled shared library makes the package specific to this platform."""

    def has_ext_modules(self):
        return library_to_bundle() is not None


NO_LIBRARY = """
seebatch: libseebatch.so is not built, so this package would install but not import.
Build the library first, from the top directory of the checkout:

    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j2

then run `pip install ./python` again. (Or name a built library with
SEEBATCH_LIBRARY=/path/to/libseebatch.so, or install it system-wide with
`cmake --install build`.)
"""


def require_library():
    if library_to_bundle() is None and ctypes.util.find_library("seebatch") is None:
        sys.exit(NO_LIBRARY)


require_library()
setup(version=version(), cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
