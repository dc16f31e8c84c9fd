/* The library's output files (lib/platform/output_file.h) when the system
 * refuses a call the commit or the open makes: a close that fails after a
 * good flush (with errno set, and with none), a flush that fails, a write
 * the caller made that failed, an existing file that may not be written (as
 * root too, where access() grants everything), a temporary name taken at
 * each of the 100 tries, or at the first only, the target's permissions
 * that cannot be read, a socket as the target. Each failure is named with
 * the path and the system's reason; the target keeps its old bytes and no
 * temporary stays. The system's refusals are made by failing_calls.c, on
 * glibc without a sanitizer; elsewhere those cases say so. Usage:
 * test_output_file_faults DIRECTORY (where its files are written). */
#define _POSIX_C_SOURCE 200809L /* chmod, geteuid */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#endif

#include "check.h"
#include "error_checks.h"
#include "failing_calls.h"
#include "platform/output_file.h"
#include "seebatch_training.h"
#include "small_files.h"

/* After a failed commit or open of directory/name: the message names the
 * path and `reason`, out->system_error is it, the target holds "old\n" and
 * no temporary is left. */
static void left_as_it_was(const char *directory, const char *name, seebatch_status status,
                           const seebatch_error *error, const seebatch_output_file *out,
                           const char *what, int reason)
{
    char path[4096], words[4200], text[64], temporary[256];
    join(path, sizeof path, directory, name);
    snprintf(words, sizeof words, "%s %s: %s", what, path, strerror(reason));
    check_error(status, error, SEEBATCH_ERROR_ARGUMENT, words);
    CHECK_EQ(out->system_error, reason, "%s: system_error", name);
    CHECK(!out->stream && !out->target && !out->temporary, "%s: released", name);
    CHECK(strcmp(contents(path, text, sizeof text), "old\n") == 0, "%s: the target \"%s\"", name,
          text);
    snprintf(temporary, sizeof temporary, ".%s.", name);
    CHECK_EQ(files_named(directory, temporary), 0, "%s: no temporary left", name);
}

/* Opens directory/name, which holds "old\n", for "new\n" to be written. */
static bool open_written(const char *directory, const char *name, seebatch_output_file *out)
{
    char path[4096];
    join(path, sizeof path, directory, name);
    put(path, "old\n");
    seebatch_error error = spoiled();
    seebatch_status status = seebatch_output_file_open(out, path, &error);
    CHECK_EQ(status, SEEBATCH_OK, "%s: %s", path, error.message);
    if (status != SEEBATCH_OK)
        return false;
    fputs("new\n", out->stream);
    return true;
}

/* The close fails after a good flush (an NFS server's late refusal, say):
 * with errno set, its reason; with none, EIO, never success. */
static void close_failing(const char *directory)
{
    const int reasons[] = {ENOSPC, 0};
    for (int i = 0; i < 2; i++) {
        seebatch_output_file out;
        if (!open_written(directory, "closed.epd", &out))
            return;
        seebatch_error error = spoiled();
        failing_calls_arm(FAILING_FCLOSE, 1, 1, reasons[i]);
        seebatch_status status = seebatch_output_file_commit(&out, &error);
        CHECK_EQ(failing_calls_failed(), 1, "the close failed");
        left_as_it_was(directory, "closed.epd", status, &error, &out, "cannot write",
                       reasons[i] ? reasons[i] : EIO);
    }
}

/* The flush at the commit fails setting no errno: EIO. */
static void flush_failing(const char *directory)
{
    seebatch_output_file out;
    if (!open_written(directory, "flushed.epd", &out))
        return;
    seebatch_error error = spoiled();
    failing_calls_arm(FAILING_FFLUSH, 1, 1, 0);
    seebatch_status status = seebatch_output_file_commit(&out, &error);
    CHECK_EQ(failing_calls_failed(), 1, "the flush failed");
    left_as_it_was(directory, "flushed.epd", status, &error, &out, "cannot write", EIO);
}

/* An existing file that may not be written is refused at the open, as
 * opening it would be. Root may write any file, so there the refusal is
 * made by access(). */
static void refused_target(const char *directory)
{
#ifndef _WIN32
    bool root = geteuid() == 0;
    if (root && !failing_calls_work()) {
        printf("read-only target as root: not tried: %s\n", failing_calls_why_not());
        return;
    }
    char path[4096];
    join(path, sizeof path, directory, "locked.epd");
    put(path, "old\n");
    CHECK(chmod(path, 0444) == 0, "made read-only");
    if (root)
        failing_calls_arm(FAILING_ACCESS, 1, 1, EACCES);
    seebatch_output_file out;
    seebatch_error error = spoiled();
    seebatch_status status = seebatch_output_file_open(&out, path, &error);
    CHECK(!root || failing_calls_failed() == 1, "access() refused");
    left_as_it_was(directory, "locked.epd", status, &error, &out, "cannot create", EACCES);
    chmod(path, 0644);
#else
    (void)directory;
#endif
}

/* Another process holds the temporary name tried: the next is tried; when
 * all 100 are taken, the open fails with EEXIST. */
static void temporary_names_taken(const char *directory)
{
    char path[4096], text[64];
    join(path, sizeof path, directory, "taken.epd");
    seebatch_output_file out;
    put(path, "old\n");
    failing_calls_arm(FAILING_OPEN, 1, 1, EEXIST);
    seebatch_status status = seebatch_output_file_open(&out, path, NULL);
    CHECK_EQ(failing_calls_failed(), 1, "the first name was taken");
    CHECK_EQ(status, SEEBATCH_OK, "the second name is had");
    if (status != SEEBATCH_OK)
        return;
    fputs("new\n", out.stream);
    CHECK_EQ(seebatch_output_file_commit(&out, NULL), SEEBATCH_OK, "committed");
    CHECK(strcmp(contents(path, text, sizeof text), "new\n") == 0, "written: \"%s\"", text);
    put(path, "old\n");
    seebatch_error error = spoiled();
    failing_calls_arm(FAILING_OPEN, 1, 1000, EEXIST);
    status = seebatch_output_file_open(&out, path, &error);
    CHECK_EQ(failing_calls_failed(), 100, "a hundred names tried");
    left_as_it_was(directory, "taken.epd", status, &error, &out, "cannot create", EEXIST);
}

/* The target's permissions cannot be read when the temporary is made (it
 * was removed in between, say): the temporary is made all the same, with
 * those of a new file, and committed. */
static void permissions_unread(const char *directory)
{
    char path[4096], text[64];
    join(path, sizeof path, directory, "unread.epd");
    put(path, "old\n");
    seebatch_output_file out;
    failing_calls_arm(FAILING_STAT, 2, 1, ENOENT); /* the 1st tells a regular file */
    seebatch_status status = seebatch_output_file_open(&out, path, NULL);
    CHECK_EQ(failing_calls_failed(), 1, "the second look failed");
    CHECK_EQ(status, SEEBATCH_OK, "opened");
    if (status != SEEBATCH_OK)
        return;
    fputs("new\n", out.stream);
    CHECK_EQ(seebatch_output_file_commit(&out, NULL), SEEBATCH_OK, "committed");
    CHECK(strcmp(contents(path, text, sizeof text), "new\n") == 0, "written: \"%s\"", text);
}

/* A write the caller made failed (the stream's error indicator is set) and
 * the flush after it succeeds: the commit fails all the same, EIO when no
 * errno tells more. Reading a stream open only for writing sets the
 * indicator. */
static void write_failed_before(const char *directory)
{
    seebatch_output_file out;
    if (!open_written(directory, "erred.epd", &out))
        return;
    if (fgetc(out.stream) != EOF || !ferror(out.stream)) {
        printf("a failed write before the commit: not tried: reading a write-only stream "
               "sets no error here\n");
        seebatch_output_file_discard(&out);
        return;
    }
    /* The close failing too (where it can be made to) changes nothing:
     * the first failure is told. */
    if (failing_calls_work())
        failing_calls_arm(FAILING_FCLOSE, 1, 1, ENOSPC);
    seebatch_error error = spoiled();
    seebatch_status status = seebatch_output_file_commit(&out, &error);
    CHECK_EQ(failing_calls_failed(), failing_calls_work() ? 1 : 0, "the close failed too");
    left_as_it_was(directory, "erred.epd", status, &error, &out, "cannot write", EIO);
}

#ifndef _WIN32 /* where a file open cannot be removed */
/* The temporary removed by another process before the discard: the
 * discard still releases everything, the target as it was. */
static void temporary_gone(const char *directory)
{
    char path[4096], text[64];
    seebatch_output_file out;
    if (!open_written(directory, "gone.epd", &out))
        return;
    CHECK(remove(out.temporary) == 0, "the temporary removed");
    seebatch_output_file_discard(&out);
    CHECK(!out.stream && !out.target && !out.temporary, "released");
    join(path, sizeof path, directory, "gone.epd");
    CHECK(strcmp(contents(path, text, sizeof text), "old\n") == 0, "the target \"%s\"", text);
}
#endif

/* An output whose identity cannot be looked at (fstat or stat failing) is
 * not known to be the input, nor two streams to share a file: 0, as for a
 * stream that reads no file. */
static void identity_unknown(const char *directory)
{
    char path[4096];
    join(path, sizeof path, directory, "looked.epd");
    put(path, "old\n");
    FILE *input = fopen(path, "rb"), *again = fopen(path, "rb");
    CHECK(input && again, "opened twice");
    if (!input || !again)
        return;
    CHECK_EQ(seebatch_output_is_input(path, input), 1, "the same file, looked at");
    const failing_call calls[] = {FAILING_FSTAT, FAILING_STAT};
    for (int i = 0; i < 2; i++) {
        failing_calls_arm(calls[i], 1, 1, EIO);
        CHECK_EQ(seebatch_output_is_input(path, input), 0, "is_input, look %d failing", i);
        CHECK_EQ(failing_calls_failed(), 1, "is_input: look %d failed", i);
    }
    for (unsigned long n = 1; n <= 2; n++) {
        uint64_t size = 99;
        failing_calls_arm(FAILING_FSTAT, n, 1, EIO);
        CHECK_EQ(seebatch_streams_share_file(input, again, &size), 0, "fstat %lu failing", n);
        CHECK_EQ(failing_calls_failed(), 1, "fstat %lu failed", n);
        CHECK_EQ(size, 99, "no size told");
    }
    fclose(input);
    fclose(again);
}

#ifndef _WIN32
/* A socket as the target: no regular file, so written directly, and its
 * opening fails (ENXIO): named with the path. */
static void socket_target(const char *directory)
{
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    int length = snprintf(address.sun_path, sizeof address.sun_path, "%s/socket", directory);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (length >= (int)sizeof address.sun_path || fd < 0) {
        printf("a socket as the target: not tried: %s\n",
               fd < 0 ? "no socket" : "the directory's name is too long for a socket's");
        if (fd >= 0)
            close(fd);
        return;
    }
    remove(address.sun_path);
    CHECK(bind(fd, (const struct sockaddr *)&address, sizeof address) == 0, "socket bound");
    seebatch_output_file out;
    seebatch_error error = spoiled();
    char words[4200];
    snprintf(words, sizeof words, "cannot create %s: %s", address.sun_path, strerror(ENXIO));
    check_error(seebatch_output_file_open(&out, address.sun_path, &error), &error,
                SEEBATCH_ERROR_ARGUMENT, words);
    CHECK_EQ(out.system_error, ENXIO, "ENXIO kept");
    CHECK(!out.stream && !out.target && !out.temporary, "cleared after a refusal");
    close(fd);
    remove(address.sun_path);
}
#endif

/* Calls only a build that interposes them can fail. */
static void system_refusals(const char *directory)
{
    if (!failing_calls_work()) {
        printf("failing closes, flushes, accesses, opens and stats: not tried: %s\n",
               failing_calls_why_not());
        return;
    }
    close_failing(directory);
    flush_failing(directory);
    temporary_names_taken(directory);
    permissions_unread(directory);
    identity_unknown(directory);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_output_file_faults DIRECTORY\n");
        return 2;
    }
    system_refusals(argv[1]);
    refused_target(argv[1]);
    write_failed_before(argv[1]);
#ifndef _WIN32
    temporary_gone(argv[1]);
    socket_target(argv[1]);
#endif
    return check_finish("test_output_file_faults");
}
