#!/usr/bin/env python3
"""The tests of a build that start threads: a ctest regex naming them.

ThreadSanitizer finds races between threads, so a test that never starts a
second one has nothing for it to find; the tsan stage runs these alone.
A test starts threads when a file its command names (a script, or the C
source of a test program) asks for them: the tool's -j/--threads, a plug-in
SEE (its watchdog thread, --see-plugin or a .so), or threads in C
(pthread_create, a training job's .threads). Over-inclusion costs time only;
the stage fails if a test known to start threads is missing.

With --programs, what those tests run that the build makes: the paths in
their commands and in its install that are Ninja's outputs (build.ninja),
relative to BUILD-DIR, a line each, for a build of those alone; nothing
where the build is not Ninja's (then it is built whole).

usage: thread_tests.py [--programs] BUILD-DIR SOURCE-ROOT
"""
import os
import re
import subprocess
import sys

STARTS_THREADS = re.compile(
    r"(^|[\s'\"(])(-j|--threads)([\s=0-9\"$]|$)|--see-plugin|\.so\b|"
    r"pthread_create|thrd_create|\.threads\s*=",
    re.MULTILINE,
)
# Tests that start threads whatever the rules above become.
KNOWN = ["test_threads", "cli_threads", "cli_all_cores", "test_training_run"]
# A word of an add_test() line of CTestTestfile.cmake: quoted, or bare.
ADD_TEST_WORD = re.compile(r'"((?:[^"\\]|\\.)*)"|([^\s"]+)')


def sources_by_name(root):
    found = {}
    for folder, _, files in os.walk(os.path.join(root, "tests")):
        for name in files:
            if name.endswith(".c"):
                found.setdefault(name[:-2], os.path.join(folder, name))
    return found


def files_of(command, c_sources):
    for argument in command:
        base = os.path.basename(argument)
        stem = base[:-4] if base.endswith(".exe") else base
        if os.path.isfile(argument) and base.endswith((".sh", ".py", ".c")):
            yield argument
        elif stem in c_sources:
            yield c_sources[stem]


def listed_tests(build):
    """[(name, command)] of every test the build's CTestTestfile.cmake files
    register, read there (ctest's listing leaves out the command of a
    program not built yet, and starts the build's test log afresh); the
    paths its environment names (a program a script runs) end its command."""
    tests = {}
    for folder, _, files in os.walk(build):
        if "CTestTestfile.cmake" not in files:
            continue
        with open(os.path.join(folder, "CTestTestfile.cmake"), encoding="utf-8") as listing:
            for line in listing:
                line = line.rstrip()
                if line.startswith("add_test(") and line.endswith(")"):
                    words = [quoted.replace('\\"', '"') if quoted else bare for quoted, bare in
                             ADD_TEST_WORD.findall(line[len("add_test("):-1])]
                    tests[words[0]] = words[1:]
                elif line.startswith("set_tests_properties(") and " ENVIRONMENT " in line:
                    name = line[len("set_tests_properties("):].split()[0]
                    if name in tests:
                        tests[name] += re.findall(r'=(/[^;"]+)', line.split(" ENVIRONMENT ", 1)[1])
    return list(tests.items())


def installed(build):
    """The paths in the build its install copies (cmake_install.cmake's):
    a test may install the build (packaging/one_copy.sh)."""
    paths = []
    for folder, _, files in os.walk(build):
        if "cmake_install.cmake" in files:
            with open(os.path.join(folder, "cmake_install.cmake"), encoding="utf-8") as script:
                paths += re.findall(r'"(/[^"$]*)"', script.read())
    return paths


def programs(build, commands):
    """The Ninja outputs (build.ninja's) the commands name and the install
    copies, relative to build."""
    if not os.path.isfile(os.path.join(build, "build.ninja")):
        return []
    listing = subprocess.run(["ninja", "-C", build, "-t", "targets", "all"], check=True,
                             capture_output=True, text=True).stdout
    outputs = {line.rsplit(": ", 1)[0] for line in listing.splitlines() if ": " in line}
    named = [argument for command in commands for argument in command] + installed(build)
    return sorted({os.path.relpath(path, build) for path in named
                   if os.path.isabs(path) and os.path.relpath(path, build) in outputs})


def main():
    arguments = [a for a in sys.argv[1:] if a != "--programs"]
    build, root = os.path.abspath(arguments[0]), arguments[1]
    c_sources = sources_by_name(root)
    chosen = []
    for name, command in listed_tests(build):
        for path in files_of(command, c_sources):
            with open(path, encoding="utf-8", errors="replace") as text:
                if STARTS_THREADS.search(text.read()):
                    chosen.append((name, command))
                    break
    names = [name for name, _ in chosen]
    missing = [name for name in KNOWN if name not in names]
    if missing:
        sys.exit("thread_tests.py: tests known to start threads not found: " + " ".join(missing))
    if "--programs" in sys.argv:
        print("\n".join(programs(build, [command for _, command in chosen])))
    else:
        print("^(" + "|".join(re.escape(name) for name in names) + ")$")


if __name__ == "__main__":
    main()
