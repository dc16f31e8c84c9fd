/* The library's output files (lib/platform/output_file.h:
 * seebatch_output_file_open, _commit, _discard) and the sameness of inputs
 * and outputs (seebatch_output_is_input, seebatch_streams_share_file), as
 * the training writer, the filter and the tool's --output call them: the
 * target keeps its old bytes until the commit, a discard or a failed write
 * leaves it as it was, no temporary stays, and each refusal names the path
 * and the system's reason. Usage: test_output_files DIRECTORY (emptied of
 * the files it writes). */
#define _POSIX_C_SOURCE 200809L /* symlink, readlink, lstat, fmemopen, getcwd, chdir */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "check.h"
#include "error_checks.h"
#include "platform/output_file.h"
#include "seebatch_training.h"
#include "small_files.h"

/* Written, then committed: the old bytes stay until the commit, which
 * puts the new ones in their place and leaves no temporary. */
static void committing(const char *directory)
{
    char path[4096], text[64];
    join(path, sizeof path, directory, "kept.epd");
    put(path, "old\n");
    seebatch_output_file out;
    seebatch_error error = spoiled();
    CHECK_EQ(seebatch_output_file_open(&out, path, &error), SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(error.status, SEEBATCH_OK, "the error says OK");
    CHECK(out.stream && out.temporary && out.target, "a temporary to write");
    CHECK_EQ(out.system_error, 0, "no system error");
    CHECK_EQ(files_named(directory, ".kept.epd."), 1, "the temporary is beside the target");
    fputs("new\n", out.stream);
    CHECK(strcmp(contents(path, text, sizeof text), "old\n") == 0, "before the commit: \"%s\"",
          text);
    CHECK_EQ(seebatch_output_file_commit(&out, &error), SEEBATCH_OK, "%s", error.message);
    CHECK(!out.stream && !out.temporary && !out.target, "released by the commit");
    CHECK(strcmp(contents(path, text, sizeof text), "new\n") == 0, "after the commit: \"%s\"",
          text);
    CHECK_EQ(files_named(directory, ".kept.epd."), 0, "no temporary after the commit");
    /* A target that does not exist yet is created by the commit alone. */
    join(path, sizeof path, directory, "new.epd");
    remove(path);
    CHECK_EQ(seebatch_output_file_open(&out, path, NULL), SEEBATCH_OK, "a new target");
    fputs("made\n", out.stream);
    FILE *early = fopen(path, "rb");
    CHECK(early == NULL, "the new target does not exist before the commit");
    if (early)
        fclose(early);
    CHECK_EQ(seebatch_output_file_commit(&out, NULL), SEEBATCH_OK, "committed");
    CHECK(strcmp(contents(path, text, sizeof text), "made\n") == 0, "made: \"%s\"", text);
}

/* Discarded: the target is as it was, and no temporary stays. */
static void discarding(const char *directory)
{
    char path[4096], text[64];
    join(path, sizeof path, directory, "discarded.plain");
    put(path, "old\n");
    seebatch_output_file out;
    CHECK_EQ(seebatch_output_file_open(&out, path, NULL), SEEBATCH_OK, "opened");
    fputs("never\n", out.stream);
    seebatch_output_file_discard(&out);
    CHECK(!out.stream && !out.temporary && !out.target, "released by the discard");
    CHECK(strcmp(contents(path, text, sizeof text), "old\n") == 0, "after the discard: \"%s\"",
          text);
    CHECK_EQ(files_named(directory, ".discarded.plain."), 0, "no temporary after the discard");
    seebatch_output_file_discard(&out); /* released: ignored */
    seebatch_output_file_discard(NULL);
}

/* Refusals: each names the path and the system's reason, keeps it in
 * system_error and leaves *out cleared. */
static void refusing(const char *directory)
{
    char path[4096], words[4200];
    seebatch_output_file out = {stdout, NULL, NULL, 0};
    seebatch_error error = spoiled();
    snprintf(words, sizeof words, "cannot create %s: %s", directory, strerror(EISDIR));
    check_error(seebatch_output_file_open(&out, directory, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                words);
    CHECK_EQ(out.system_error, EISDIR, "a directory: EISDIR");
    CHECK(!out.stream && !out.target && !out.temporary, "cleared after a refusal");
    join(path, sizeof path, directory, "no/such/directory.epd");
    snprintf(words, sizeof words, "cannot create %s: %s", path, strerror(ENOENT));
    check_error(seebatch_output_file_open(&out, path, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                words);
    CHECK_EQ(out.system_error, ENOENT, "no such directory: ENOENT");
    check_error(seebatch_output_file_open(&out, NULL, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "NULL");
    check_error(seebatch_output_file_open(NULL, path, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "NULL");
    check_error(seebatch_output_file_commit(NULL, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "not open");
    check_error(seebatch_output_file_commit(&out, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "not open");
}

/* The same file by any name is the input; another file, or none, is not;
 * two streams of one file share it, with its size. */
static void sameness(const char *directory)
{
    char path[4096], other[4096], link_path[4096];
    join(path, sizeof path, directory, "input.binpack");
    join(other, sizeof other, directory, "other.binpack");
    put(path, "12345");
    put(other, "1");
    FILE *input = fopen(path, "rb");
    FILE *again = fopen(path, "rb");
    FILE *another = fopen(other, "rb");
    CHECK(input && again && another, "inputs opened");
    if (!input || !again || !another)
        return;
    CHECK_EQ(seebatch_output_is_input(path, input), 1, "the path itself");
    CHECK_EQ(seebatch_output_is_input(other, input), 0, "another file");
    join(link_path, sizeof link_path, directory, "absent.binpack");
    CHECK_EQ(seebatch_output_is_input(link_path, input), 0, "a path naming nothing");
    CHECK_EQ(seebatch_output_is_input(NULL, input), 0, "NULL path");
    CHECK_EQ(seebatch_output_is_input(path, NULL), 0, "NULL stream");
#ifndef _WIN32
    join(link_path, sizeof link_path, directory, "hard.binpack");
    remove(link_path);
    CHECK(link(path, link_path) == 0, "hard link made");
    CHECK_EQ(seebatch_output_is_input(link_path, input), 1, "a hard link to it");
    join(link_path, sizeof link_path, directory, "soft.binpack");
    remove(link_path);
    CHECK(symlink("input.binpack", link_path) == 0, "symbolic link made");
    CHECK_EQ(seebatch_output_is_input(link_path, input), 1, "a symbolic link to it");
#endif
    uint64_t size = 99;
    CHECK_EQ(seebatch_streams_share_file(input, again, &size), 1, "one file opened twice");
    CHECK_EQ(size, 5, "its size");
    CHECK_EQ(seebatch_streams_share_file(input, again, NULL), 1, "size not asked");
    size = 99;
    CHECK_EQ(seebatch_streams_share_file(input, another, &size), 0, "two files");
    CHECK_EQ(size, 99, "no size for two files");
    CHECK_EQ(seebatch_streams_share_file(NULL, another, &size), 0, "NULL stream");
    /* A stream of memory reads no file (fmemopen is POSIX: Windows has none). */
#ifndef _WIN32
    char text[8] = "12345";
    FILE *memory = fmemopen(text, 5, "rb");
#else
    FILE *memory = NULL;
#endif
    if (memory) {
        CHECK_EQ(seebatch_output_is_input(path, memory), 0, "a memory stream reads no file");
        CHECK_EQ(seebatch_streams_share_file(memory, input, &size), 0, "memory, then a file");
        CHECK_EQ(seebatch_streams_share_file(input, memory, &size), 0, "a file, then memory");
        fclose(memory);
    } else {
        printf("memory streams: not tried: no fmemopen here\n");
    }
    fclose(input);
    fclose(again);
    fclose(another);
}

#ifndef _WIN32
/* A symbolic link as the target: the file it names is replaced, the link
 * stays a link. */
static void through_a_link(const char *directory)
{
    char target[4096], link_path[4096], text[64];
    join(target, sizeof target, directory, "named.epd");
    join(link_path, sizeof link_path, directory, "link.epd");
    put(target, "old\n");
    remove(link_path);
    CHECK(symlink("named.epd", link_path) == 0, "symbolic link made");
    seebatch_output_file out;
    CHECK_EQ(seebatch_output_file_open(&out, link_path, NULL), SEEBATCH_OK, "opened");
    fputs("new\n", out.stream);
    CHECK_EQ(seebatch_output_file_commit(&out, NULL), SEEBATCH_OK, "committed");
    CHECK(strcmp(contents(target, text, sizeof text), "new\n") == 0, "the file named: \"%s\"",
          text);
    char named[64];
    ssize_t got = readlink(link_path, named, sizeof named - 1);
    named[got > 0 ? got : 0] = '\0';
    CHECK(strcmp(named, "named.epd") == 0, "the link stays: \"%s\"", named);
}

/* A link to a file not made yet, through a second link (one relative, one
 * absolute where the directory is): the file is made where the last link
 * names it, both links stay; links that loop are refused, and stay. */
static void through_links_to_nothing(const char *directory)
{
    char first[4096], second[4096], target[4096], text[64];
    join(first, sizeof first, directory, "first.epd");
    join(second, sizeof second, directory, "second.epd");
    join(target, sizeof target, directory, "made.epd");
    remove(first);
    remove(second);
    remove(target);
    CHECK(symlink("second.epd", first) == 0 &&
              symlink(directory[0] == '/' ? target : "made.epd", second) == 0,
          "links made");
    seebatch_output_file out;
    CHECK_EQ(seebatch_output_file_open(&out, first, NULL), SEEBATCH_OK, "opened");
    if (out.stream) {
        fputs("made\n", out.stream);
        CHECK_EQ(seebatch_output_file_commit(&out, NULL), SEEBATCH_OK, "committed");
    }
    CHECK(strcmp(contents(target, text, sizeof text), "made\n") == 0, "the file named: \"%s\"",
          text);
    struct stat info;
    CHECK(lstat(first, &info) == 0 && S_ISLNK(info.st_mode), "the first link stays");
    CHECK(lstat(second, &info) == 0 && S_ISLNK(info.st_mode), "the second link stays");
    remove(first);
    remove(second);
    CHECK(symlink("second.epd", first) == 0 && symlink("first.epd", second) == 0,
          "links that loop made");
    seebatch_error error = spoiled();
    char words[4200];
    snprintf(words, sizeof words, "cannot create %s: %s", first, strerror(ELOOP));
    check_error(seebatch_output_file_open(&out, first, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                words);
    CHECK_EQ(out.system_error, ELOOP, "ELOOP kept");
    CHECK(lstat(first, &info) == 0 && S_ISLNK(info.st_mode), "a looping link stays");
}

/* A name with no directory: the temporary goes beside it, in the working
 * directory. */
static void in_the_working_directory(const char *directory)
{
    char before[4096], text[64];
    if (!getcwd(before, sizeof before) || chdir(directory) != 0) {
        printf("a name with no directory: not tried: cannot go into %s\n", directory);
        return;
    }
    put("here.epd", "old\n");
    seebatch_output_file out;
    CHECK_EQ(seebatch_output_file_open(&out, "here.epd", NULL), SEEBATCH_OK, "opened");
    CHECK(out.temporary && strncmp(out.temporary, ".here.epd.", 10) == 0,
          "the temporary beside it: %s", out.temporary ? out.temporary : "none");
    fputs("new\n", out.stream);
    CHECK_EQ(seebatch_output_file_commit(&out, NULL), SEEBATCH_OK, "committed");
    CHECK(strcmp(contents("here.epd", text, sizeof text), "new\n") == 0, "written: \"%s\"", text);
    CHECK_EQ(files_named(".", ".here.epd."), 0, "no temporary after the commit");
    CHECK(chdir(before) == 0, "back in %s", before);
}

/* A device that takes no byte is written directly, and the commit fails
 * naming it and the system's reason. */
static void on_a_full_device(void)
{
    seebatch_output_file out;
    if (seebatch_output_file_open(&out, "/dev/full", NULL) != SEEBATCH_OK) {
        printf("no /dev/full here: a failing commit not tried\n");
        return;
    }
    CHECK(out.temporary == NULL, "a device is written directly");
    fputs("lost\n", out.stream);
    seebatch_error error = spoiled();
    char words[128];
    snprintf(words, sizeof words, "cannot write /dev/full: %s", strerror(ENOSPC));
    check_error(seebatch_output_file_commit(&out, &error), &error, SEEBATCH_ERROR_ARGUMENT, words);
    CHECK_EQ(out.system_error, ENOSPC, "ENOSPC kept");
    CHECK(!out.stream, "released after a failed commit");
}
#endif

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_output_files DIRECTORY\n");
        return 2;
    }
    committing(argv[1]);
    discarding(argv[1]);
    refusing(argv[1]);
    sameness(argv[1]);
#ifndef _WIN32
    through_a_link(argv[1]);
    through_links_to_nothing(argv[1]);
    in_the_working_directory(argv[1]);
    on_a_full_device();
#endif
    return check_finish("test_output_files");
}
