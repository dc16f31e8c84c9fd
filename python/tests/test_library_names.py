"""The library's file name on each platform: Windows' DLL names above all,
as Python cannot run under Wine here to load one (seebatch/_library.py)."""
import os

from seebatch import _library


def test_each_platform_names_its_files():
    assert _library.library_files("seebatch", "linux") == ["libseebatch.so"]
    assert _library.library_files("seebatch", "darwin") == ["libseebatch.dylib"]
    # mingw-w64 builds libseebatch.dll; MSVC would build seebatch.dll.
    assert _library.library_files("seebatch", "win32") == ["libseebatch.dll", "seebatch.dll"]


def test_windows_looks_for_both_dll_names_in_the_package_then_the_build_tree():
    found = [(where, path) for where, path in _library._candidates("seebatch", "win32")]
    files = [os.path.basename(path) for where, path in found if where != "the system library path"]
    wheres = [where for where, path in found]
    assert files == ["libseebatch.dll", "seebatch.dll", "libseebatch.dll", "seebatch.dll"]
    assert wheres[:4] == ["the package"] * 2 + ["the checkout's build tree"] * 2
    assert wheres[4:] == ["the system library path"] * 2


def test_linux_keeps_its_one_name():
    found = list(_library._candidates("seebatch", "linux"))
    assert [os.path.basename(path) for where, path in found[:2]] == ["libseebatch.so"] * 2
    assert [where for where, path in found[2:]] == ["the system library path"]
