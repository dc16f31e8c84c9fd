#!/usr/bin/env python3
"""The door counted by what is used (issues 70, 77): every name of the
library's internals (lib/) that the sources of the programs in the
`seebatch` binary (programs/cli, programs/positions, programs/checking,
programs/engine_check, programs/engine_see) use: functions, inline functions, types,
struct, union and enum tags, enum constants, macros and tables.

How: clang parses each source as the build compiles it (its AST, and its
macros with -dD), and every declaration and macro written in a header of
lib/ is an internal name; the source's own tokens (comments and strings
left out) that are such a name, and that no public header (include/)
declares, are the names it uses. Each used name must be listed in the
door's list (tests/design/tool_door_names.txt) with the files that may use
it and why; a name used but not listed, or used by a file its line does not
name, fails, as does a list longer than its ceiling.

With BUILD given, what the tool's objects link is counted too (by nm):
a function or table of the library's objects that no public header
declares, which a source could reach by declaring it itself.

Usage: door_names.py ROOT [BUILD] [--show]   (exit 0 pass, 1 fail, 77 no clang)
"""
import functools
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

CEILINGS = {"tool": 41}  # 34 + the 7 the public headers gave up to the tool alone (issue 77)
DOORS = {
    "tool": (["programs/cli", "programs/positions", "programs/checking", "programs/engine_check",
              "programs/engine_see"],
             "tests/design/tool_door_names.txt"),
}
HOST = "windows" if os.name == "nt" else "posix"
KEYWORDS = set("""auto break case char const continue default do double else enum extern float
for goto if inline int long register restrict return short signed sizeof static struct switch
typedef union unsigned void volatile while _Bool _Static_assert _Atomic _Alignof _Alignas
_Noreturn _Thread_local _Generic bool true false NULL defined""".split())


def flags_of(root):
    """What the build gives every program source: the include paths (lib/'s
    included, so that what the sources reach is seen), the kernels' macros."""
    paths = ["include", "lib", "programs/cli", "programs/checking", "programs/engine_check",
             "programs/positions", "programs/engine_see"]
    flags = ["-std=c11", "-DSEEBATCH_HAVE_AVX2=1", "-DSEEBATCH_HAVE_AVX512=1",
             "-DSEEBATCH_HAVE_POPCNT=1", "-D_GNU_SOURCE",
             "-DSEEBATCH_TEST_WRONG_KERNEL"]  # check.c's test build reaches a kernel too
    return flags + ["-I" + os.path.join(root, p) for p in paths if os.path.isdir(os.path.join(root, p))]


class Walk:
    """One AST (clang's JSON) read in document order: the declarations
    (by id: name, file, kind, whether at file scope) and, of the nodes
    written in the files asked about, the declarations they refer to and
    the words of the types they name. clang names a location's file only
    where it changes from the location printed before, so the file is
    followed as the text goes; a node spelled in a macro of a header
    belongs to that header (the macro's name is the use)."""

    SYSTEM = "<a system header>"

    def __init__(self, mine, project):
        self.file, self.mine, self.project = None, mine, project
        self.decls, self.refs, self.type_words = {}, set(), set()  # refs: (id, file)
        self.touched = []  # every file a node's own locations name

    def located(self, location):
        """The file of a location (its spelling's), following the changes."""
        if not isinstance(location, dict):
            return self.file
        spelled = None
        if "spellingLoc" in location:
            spelled = self.located(location["spellingLoc"])
            self.located(location.get("expansionLoc"))
            return spelled
        if "begin" in location:
            spelled = self.located(location["begin"])
            self.located(location.get("end"))
            return spelled
        if "file" in location:
            self.file = location["file"]
        self.touched.append(self.file)
        return self.file

    def system(self, path):
        return path == self.SYSTEM or bool(path) and os.path.isabs(path) and not self.project(path)

    def walk(self, node, top):
        if isinstance(node, list):
            for item in node:
                self.walk(item, top)
            return
        if not isinstance(node, dict):
            return
        where = None
        self.touched = []
        if "loc" in node:
            where = self.located(node["loc"])
        if "range" in node:
            begun = self.located(node["range"])
            where = where or begun
        where = where or self.file
        kind, name = node.get("kind", ""), node.get("name")
        # A declaration at file scope whose every location (spelling and
        # expansion, begin and end) is in system headers declares no name of
        # lib/ and holds no use: not walked (a good part of an AST, and the
        # script's time). Its inner locations could only name system headers,
        # so the file after it is one too until a location names another.
        if top and kind != "TranslationUnitDecl" and self.touched and all(
                self.system(path) for path in self.touched):
            self.file = self.SYSTEM
            return
        if name and kind.endswith("Decl") and "id" in node:
            self.decls[node["id"]] = (name, where, kind, top)
        if where and self.mine(where):
            for key in ("referencedDecl", "decl", "ownedTagDecl"):
                target = node.get(key)
                if isinstance(target, dict) and "id" in target:
                    self.refs.add((target["id"], where))
            for key in ("type", "argType"):
                text = node.get(key)
                if isinstance(text, dict):
                    self.type_words.update((word, where) for word in re.findall(
                        r"[A-Za-z_][A-Za-z0-9_]*", text.get("qualType", "")))
        for key, value in node.items():
            if key in ("loc", "range", "type", "argType", "referencedDecl", "decl",
                       "ownedTagDecl"):
                continue
            if isinstance(value, (dict, list)):
                self.walk(value, top and key != "inner" or (key == "inner" and kind ==
                                                             "TranslationUnitDecl"))


def declarations(root, source, flags, mine):
    """(the declarations the source sees by id, the ids it refers to, the
    words of the types it names)."""
    ast = subprocess.run(["clang", "-fsyntax-only", "-Xclang", "-ast-dump=json", *flags, source],
                         capture_output=True, text=True)
    if ast.returncode != 0:
        raise SystemExit(f"door_names.py: clang cannot parse {source}:\n{ast.stderr}")
    walk = Walk(mine, lambda path: under(path, root, ""))
    walk.walk(json.loads(ast.stdout), True)
    return walk


def macros(root, folder):
    """(name, file, "Macro") of every macro the headers under folder define."""
    out = []
    for dirpath, _, files in os.walk(os.path.join(root, folder)):
        for f in files:
            if f.endswith(".h"):
                path = os.path.join(dirpath, f)
                for name in re.findall(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)",
                                       open(path, encoding="utf-8", errors="replace").read(),
                                       flags=re.M):
                    out.append((name, path, "Macro"))
    return out


def tokens(path):
    """The identifiers of a C file, its comments, strings and characters left out."""
    text = open(path, encoding="utf-8", errors="replace").read()
    text = re.sub(r'//[^\n]*|/\*.*?\*/|"(\\.|[^"\\\n])*"|\'(\\.|[^\'\\\n])*\'', " ", text,
                  flags=re.S)
    return set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", text))


@functools.lru_cache(maxsize=None)  # asked for every node of every AST
def under(path, root, folder):
    return os.path.realpath(path).startswith(os.path.realpath(os.path.join(root, folder)) + os.sep)


def read_list(path):
    """{name: (files allowed, why)} of a door's list."""
    listed = {}
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, files, why = (line.split(None, 2) + ["", ""])[:3]
        listed[name] = (set(files.split(",")), why)
    return listed


def objects_of(build, root, target):
    """The objects of a CMake target whose sources are still in the tree."""
    found = []
    for dirpath, _, files in os.walk(build):
        if not dirpath.endswith(f"CMakeFiles/{target}.dir") and f"/CMakeFiles/{target}.dir/" not in dirpath + "/":
            continue
        for f in files:
            if f.endswith((".o", ".obj")):
                source = os.path.relpath(os.path.join(dirpath, f), os.path.join(
                    build, "CMakeFiles", f"{target}.dir"))
                source = re.sub(r"\.o(bj)?$", "", source)
                if os.path.exists(os.path.join(root, source)):
                    found.append(os.path.join(dirpath, f))
    return found


def linked_names(build, root, target, public):
    """Names the target's objects use that the library's objects define and
    no public header declares."""
    used_objects, library = objects_of(build, root, target), objects_of(build, root, "seebatch_objects")
    if not used_objects or not library or not shutil.which("nm"):
        return set()
    undefined = subprocess.run(["nm", "-u", *used_objects], capture_output=True, text=True).stdout
    defined = subprocess.run(["nm", "--defined-only", *library], capture_output=True,
                             text=True).stdout
    wanted = {line.split()[-1] for line in undefined.splitlines() if len(line.split()) >= 2}
    offered = {parts[2] for parts in (line.split() for line in defined.splitlines())
               if len(parts) == 3 and parts[1] in "TDRB"}
    return (wanted & offered) - public


def main():
    arguments = [a for a in sys.argv[1:] if a != "--show"]
    root = os.path.realpath(arguments[0])
    build = os.path.realpath(arguments[1]) if len(arguments) > 1 else None
    show = "--show" in sys.argv
    if not shutil.which("clang"):
        print("skipped: no clang to parse the sources with")
        return 77
    flags = flags_of(root)
    failed = False
    for door, (folders, list_path) in DOORS.items():
        sources = sorted(os.path.join(dirpath, f) for folder in folders
                         for dirpath, _, files in os.walk(os.path.join(root, folder))
                         for f in files if f.endswith(".c"))
        headers = sorted(os.path.join(dirpath, f) for folder in folders
                         for dirpath, _, files in os.walk(os.path.join(root, folder))
                         for f in files if f.endswith(".h"))
        # The other system's platform file is read for its tokens only.
        parsed = [s for s in sources if not re.search(r"_(?!%s)(posix|windows)\.c$" % HOST, s)]
        mine = lambda path: any(under(path, root, folder) for folder in folders)
        with ThreadPoolExecutor(max_workers=2) as pool:
            walks = list(pool.map(lambda s: declarations(root, s, flags, mine), parsed))
        internal, public = {}, set()
        for name, path, _ in macros(root, "lib"):
            internal[name] = os.path.relpath(path, root)
        for name, path, _ in macros(root, "include"):
            public.add(name)
        for walk in walks:
            for name, path, kind, top in walk.decls.values():
                if not path:
                    continue
                if under(path, root, "include"):
                    public.add(name)
                elif under(path, root, "lib") and (top or kind in ("EnumConstantDecl",
                                                                   "RecordDecl", "EnumDecl")):
                    internal.setdefault(name, os.path.relpath(path, root))
        used = {}

        def use(name, where):
            if name in internal and name not in public and not name.startswith("__"):
                used.setdefault(name, set()).add(os.path.relpath(where, root))

        # What a file of the door's folders says: the declarations its code
        # refers to and the types it names (clang's), and its macros (by token).
        for walk in walks:
            for ident, where in walk.refs:
                name, path, _, _ = walk.decls.get(ident, (None, None, None, None))
                if path and under(path, root, "lib"):  # not a local of the same name
                    use(name, where)
            for word, where in walk.type_words:
                use(word, where)
        # Macros by token; enum constants too, as clang folds one in a
        # constant expression (an array's size) and keeps no reference to it.
        constants = {name for walk in walks for name, path, kind, _ in walk.decls.values()
                     if kind == "EnumConstantDecl" and path and under(path, root, "lib")}
        macro_names = {name for name, _, _ in macros(root, "lib")} | constants
        for path in sources + headers:
            for name in tokens(path) & macro_names:
                use(name, path)
        # The other system's platform file: its every word.
        for path in sources:
            if path not in parsed:
                for name in tokens(path):
                    use(name, path)
        # What the tool's objects link that no public header declares.
        if build and door == "tool":
            for name in linked_names(build, root, "seebatch_cli", public):
                used.setdefault(name, set()).add("the tool's objects (nm)")
                internal.setdefault(name, "a library object")
        listed = read_list(os.path.join(root, list_path)) if os.path.exists(
            os.path.join(root, list_path)) else {}
        for name in sorted(used):
            files = sorted(used[name])
            if show:
                print(f"{door}: {name} ({internal[name]}) used by {', '.join(files)}")
            if name not in listed:
                print(f"{door}: {', '.join(files)} use {name} ({internal[name]}), which "
                      f"{list_path} does not list")
                failed = True
                continue
            allowed = listed[name][0]
            for f in files:
                if f == "the tool's objects (nm)":
                    continue  # a linked name, listed: whose source declares it says the AST
                if os.path.basename(f) not in allowed and f not in allowed:
                    print(f"{door}: {f} uses {name} ({internal[name]}); {list_path} lets only "
                          f"{', '.join(sorted(allowed))} use it")
                    failed = True
        for name in sorted(set(listed) - set(used)):
            print(f"note: {list_path} lists {name}, which nothing uses now: take it out")
        if len(used) > CEILINGS[door]:
            print(f"{door}: {len(used)} internal names used; at most {CEILINGS[door]}")
            failed = True
        print(f"{door}: {len(used)} internal names used (ceiling {CEILINGS[door]})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
