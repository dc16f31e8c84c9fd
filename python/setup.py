"""Installs the seebatch package with a copy of libseebatch.so inside it.

The library copied is the file SEEBATCH_LIBRARY names, else the checkout's
build tree (../build/libseebatch.so). If neither exists the package is
installed without it and finds the library at run time (SEEBATCH_LIBRARY,
or the system library path after `cmake --install`). The version is the
library's: the bundled library says it, else include/seebatch.h of the checkout.
"""
import ctypes
import os
import re
import shutil

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def library_to_bundle():
    path = os.environ.get("SEEBATCH_LIBRARY") or os.path.join(HERE, "..", "build",
                                                               "libseebatch.so")
    return os.path.realpath(path) if os.path.isfile(path) else None


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
            target = os.path.join(self.build_lib, "seebatch", "libseebatch.so")
            self.announce(f"bundling {library} as {target}", level=2)
            shutil.copyfile(library, target)


class BinaryDistribution(Distribution):
    """A bundled shared library makes the package specific to this platform."""

    def has_ext_modules(self):
        return library_to_bundle() is not None


setup(version=version(), cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
