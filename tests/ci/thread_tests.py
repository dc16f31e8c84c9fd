#!/usr/bin/env python3
"""The tests of a build that start threads: a ctest regex naming them.

ThreadSanitizer finds races between threads, so a test that never starts a
second one has nothing for it to find; the tsan stage runs these alone.
A test starts threads when a file its command names (a script, or the C
source of a test program) asks for them: the tool's -j/--threads, a plug-in
SEE (its watchdog thread, --see-plugin or a .so), or threads in C
(pthread_create, a training job's .threads). Over-inclusion costs time only;
the stage fails if a test known to start threads is missing.

usage: thread_tests.py BUILD-DIR SOURCE-ROOT
"""
import json
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


def main():
    build, root = sys.argv[1], sys.argv[2]
    listing = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                             check=True, capture_output=True, text=True).stdout
    c_sources = sources_by_name(root)
    chosen = []
    for test in json.loads(listing)["tests"]:
        for path in files_of(test.get("command", []), c_sources):
            with open(path, encoding="utf-8", errors="replace") as text:
                if STARTS_THREADS.search(text.read()):
                    chosen.append(test["name"])
                    break
    missing = [name for name in KNOWN if name not in chosen]
    if missing:
        sys.exit("thread_tests.py: tests known to start threads not found: " + " ".join(missing))
    print("^(" + "|".join(re.escape(name) for name in chosen) + ")$")


if __name__ == "__main__":
    main()
