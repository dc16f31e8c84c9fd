/* seebatch_training_filter_file's failures, through the public header only
 * (include/seebatch_training.h), on games made by make_training_games:
 * - what it refuses before reading (a NULL job, filter or input, a format
 *   that is none of the three, an output that is the input by another
 *   name, plain input to a caller's stream), by status and message, the
 *   input as it was;
 * - plain input counted only: the counts of a run that writes;
 * - an output that takes no byte (/dev/full, as a path and as the caller's
 *   stream), for binpack and plain input and for an output that fits in
 *   stdio's buffer: the output named with the system's reason, no fault of
 *   the input told;
 * - each allocation of a whole call failing in turn (binpack input on one
 *   thread and cut over sixteen, plain input): each run either writes what a
 *   run with none failing writes or fails naming memory, with the output
 *   path as it was and every block freed;
 * - the caller's output stream with a failed write of its own, a reader of
 *   the caller's plain stream not had for memory, an output in no
 *   directory for binpack input;
 * - the system refusing a call (failing_calls.c, glibc without a
 *   sanitizer): a thread at each pthread_create and at every one (-j 2 to
 *   4: the bytes of a run that had them all); the nth write or the last
 *   flush, errno set or not (the output named with the reason, as it was,
 *   no temporary left).
 * Usage: test_filter_file_faults DIRECTORY GAMES.binpack GAMES.plain */
#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "error_checks.h"
#include "failing_allocations.h"
#include "failing_calls.h"
#include "seebatch_training.h"
#include "small_files.h"

/* One call: the rule --skip-capture (which looks at no earlier entry, so
 * a binpack chunk may be cut between threads) on input into output. */
static seebatch_status filter_once(seebatch_filter_file_job *job, const char *input,
                                   const char *output, seebatch_file_format format,
                                   unsigned threads, seebatch_error *error)
{
    const char *const rules[] = {"--skip-capture"};
    seebatch_training_filter *filter = NULL;
    seebatch_status status = seebatch_training_filter_new(1, rules, &filter, error);
    if (status != SEEBATCH_OK)
        return status;
    memset(job, 0, sizeof *job);
    job->filter = filter;
    job->input = input;
    job->output = output;
    job->output_format = format;
    job->threads = threads;
    status = seebatch_training_filter_file(job, error);
    seebatch_training_filter_free(filter);
    return status;
}

/* The first few entries of the plain games as a binpack of its own at path:
 * an output of it fits in stdio's buffer, so a full device fails its flush,
 * not a write. */
static void write_few(const char *plain, const char *path)
{
    enum { FEW = 5 };
    seebatch_board boards[FEW];
    uint16_t moves[FEW], plies[FEW];
    int16_t scores[FEW];
    int8_t results[FEW];
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    seebatch_training_reader *reader = NULL;
    seebatch_training_writer *writer = NULL;
    seebatch_error error = spoiled();
    size_t count = 0;
    CHECK(seebatch_training_open(plain, &reader, &error) == SEEBATCH_OK &&
              seebatch_training_read(reader, FEW, &arrays, &count, &error) == SEEBATCH_OK &&
              count == FEW &&
              seebatch_training_create(path, SEEBATCH_FILE_BINPACK, 0, &writer, &error) ==
                  SEEBATCH_OK &&
              seebatch_training_write(writer, FEW, &arrays, NULL, &error) == SEEBATCH_OK &&
              seebatch_training_finish(writer, &error) == SEEBATCH_OK,
          "%s: %s", path, error.message);
    seebatch_training_close(reader);
}

/* Plain input counted only (no output): the counts of a run that writes. */
static void counting_only(const char *directory, const char *plain)
{
    char output[4200];
    snprintf(output, sizeof output, "%s/counted.binpack", directory);
    seebatch_filter_file_job written, counted;
    seebatch_error error = spoiled();
    CHECK(
        filter_once(&written, plain, output, SEEBATCH_FILE_BINPACK, 1, &error) == SEEBATCH_OK &&
            filter_once(&counted, plain, NULL, SEEBATCH_FILE_BINPACK, 1, &error) == SEEBATCH_OK,
        "%s: %s", plain, error.message);
    CHECK(counted.counts.entries == written.counts.entries &&
              counted.counts.kept == written.counts.kept && counted.counts.kept > 0 &&
              counted.counts.kept < counted.counts.entries,
          "counted only: %llu read, %llu kept; written: %llu, %llu",
          (unsigned long long)counted.counts.entries, (unsigned long long)counted.counts.kept,
          (unsigned long long)written.counts.entries, (unsigned long long)written.counts.kept);
    remove(output);
}

/* ---- refused before reading ------------------------------------------- */

static void refusing(const char *directory, const char *games, const char *plain)
{
    seebatch_filter_file_job job;
    memset(&job, 0, sizeof job);
    seebatch_error error = spoiled();
    check_error(seebatch_training_filter_file(NULL, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "job, its filter or its input is NULL");
    job.input = games;
    check_error(seebatch_training_filter_file(&job, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "job, its filter or its input is NULL");
    seebatch_training_filter *filter = NULL;
    CHECK(seebatch_training_filter_new(0, NULL, &filter, &error) == SEEBATCH_OK, "%s",
          error.message);
    job.filter = filter;
    job.input = NULL;
    check_error(seebatch_training_filter_file(&job, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "job, its filter or its input is NULL");
    job.input = games;
    job.output_format = (seebatch_file_format)3;
    check_error(seebatch_training_filter_file(&job, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "output format 3 is none of binpack (1), plain (2), bin (4)");

    /* The input named another way ("DIR/./NAME"): refused, nothing written. */
    bytes before = read_bytes(games);
    char other_name[4200];
    const char *slash = strrchr(games, '/');
    snprintf(other_name, sizeof other_name, "%.*s/./%s", slash ? (int)(slash - games) : 1,
             slash ? games : ".", slash ? slash + 1 : games);
    job.output = other_name;
    job.output_format = SEEBATCH_FILE_BINPACK;
    check_error(seebatch_training_filter_file(&job, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "the output is the input");
    bytes after = read_bytes(games);
    CHECK(before.size > 0 && same_bytes(before, after), "the input as it was (%zu bytes, %zu)",
          before.size, after.size);
    free(before.data);
    free(after.data);

    /* Plain input to a caller's stream (no output path): written there,
     * flushed, not closed, the bytes a path gets. */
    char path[4200], by_path[4200];
    snprintf(path, sizeof path, "%s/stream.binpack", directory);
    snprintf(by_path, sizeof by_path, "%s/by_path.binpack", directory);
    FILE *stream = fopen(path, "wb");
    job.input = plain;
    job.output = NULL;
    job.output_stream = stream;
    error = spoiled();
    CHECK(stream && seebatch_training_filter_file(&job, &error) == SEEBATCH_OK, "%s",
          error.message);
    if (stream) {
        CHECK(ftell(stream) > 0, "written to the stream");
        CHECK(fputc('x', stream) != EOF, "the stream still open");
        fclose(stream);
    }
    job.output = by_path;
    job.output_stream = NULL;
    CHECK(seebatch_training_filter_file(&job, &error) == SEEBATCH_OK, "%s", error.message);
    bytes streamed = read_bytes(path), written = read_bytes(by_path);
    CHECK(streamed.size == written.size + 1 && streamed.size > 1 &&
              memcmp(streamed.data, written.data, written.size) == 0,
          "the stream's bytes are the path's (%zu, %zu)", streamed.size, written.size);
    free(streamed.data);
    free(written.data);
    remove(by_path);
    remove(path);
    seebatch_training_filter_free(filter);
}

/* ---- streams and outputs that cannot be had ---------------------------- */

/* The games filtered into the caller's stream, no output path, which fails
 * naming "the output" and the system's reason (never an errno a call
 * before left). */
static void into_a_stream_failing(const char *games, FILE *stream, int reason)
{
    const char *const rules[] = {"--skip-capture"};
    seebatch_training_filter *filter = NULL;
    seebatch_error error = spoiled();
    CHECK(seebatch_training_filter_new(1, rules, &filter, &error) == SEEBATCH_OK, "%s",
          error.message);
    seebatch_filter_file_job job;
    memset(&job, 0, sizeof job);
    job.filter = filter;
    job.input = games;
    job.output_stream = stream;
    job.output_format = SEEBATCH_FILE_BINPACK;
    char words[200];
    snprintf(words, sizeof words, "the output: cannot write: %s", strerror(reason));
    errno = ENOENT; /* left by a call before, failed and done with */
    check_error(seebatch_training_filter_file(&job, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                words);
    seebatch_training_filter_free(filter);
}

/* The caller's output stream with a write of its own failed before (its
 * error indicator set; reading a stream open only for writing sets it):
 * the run fails naming the output, with EIO, not with whatever errno an
 * earlier call left. */
static void erred_stream(const char *directory, const char *games)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/erred.binpack", directory);
    FILE *stream = fopen(path, "wb");
    CHECK(stream != NULL, "%s opened", path);
    if (!stream)
        return;
    if (fgetc(stream) != EOF || !ferror(stream)) {
        printf("an erred output stream: not tried: reading a write-only stream sets no error "
               "here\n");
    } else {
        into_a_stream_failing(games, stream, EIO);
    }
    fclose(stream);
    remove(path);
}

/* A reader of the caller's plain stream not had for memory: memory named.
 * An output in no directory, for binpack input: refused naming it. */
static void streams(const char *directory, const char *games, const char *plain)
{
    char nowhere[4200], words[4400];
    snprintf(nowhere, sizeof nowhere, "%s/no/such/directory.binpack", directory);
    erred_stream(directory, games);
    seebatch_filter_file_job job;
    seebatch_error error = spoiled();
    FILE *input = fopen(plain, "rb");
    CHECK(input != NULL, "%s opened", plain);
    if (input && failing_allocations_work()) {
        const char *const rules[] = {"--skip-capture"};
        seebatch_training_filter *filter = NULL;
        CHECK(seebatch_training_filter_new(1, rules, &filter, &error) == SEEBATCH_OK, "%s",
              error.message);
        memset(&job, 0, sizeof job);
        job.filter = filter;
        job.input = plain;
        job.input_stream = input;
        job.input_format = SEEBATCH_FILE_PLAIN;
        job.output_format = SEEBATCH_FILE_BINPACK;
        failing_allocations_arm(1);
        seebatch_status status = seebatch_training_filter_file(&job, &error);
        CHECK(failing_allocations_failed(), "the reader's allocation failed");
        names_memory(status, &error, "a plain stream's reader", 1);
        seebatch_training_filter_free(filter);
    }
    if (input)
        fclose(input);
    snprintf(words, sizeof words, "%s: cannot create: %s", nowhere, strerror(ENOENT));
    check_error(filter_once(&job, games, nowhere, SEEBATCH_FILE_BINPACK, 1, &error), &error,
                SEEBATCH_ERROR_ARGUMENT, words);
}

/* ---- an output that takes no byte --------------------------------------- */

/* /dev/full as the output path, for binpack input (the chunks' writes; a
 * few entries: the flush) and plain input (the writer's): "/dev/full: ...
 * No space left on device". */
static void full_device(const char *games, const char *plain, const char *few)
{
#ifdef _WIN32 /* there "/dev/full" is a path of the drive, which a writer would replace */
    FILE *full = NULL;
#else
    FILE *full = fopen("/dev/full", "wb");
#endif
    if (!full) {
        printf("full device: not tried: no /dev/full here\n");
        return;
    }
    const char *inputs[] = {games, plain, few};
    char words[160];
    snprintf(words, sizeof words, "/dev/full: ");
    for (int i = 0; i < 3; i++) {
        seebatch_filter_file_job job;
        seebatch_error error = spoiled();
        seebatch_status status =
            filter_once(&job, inputs[i], "/dev/full", SEEBATCH_FILE_BINPACK, 1, &error);
        check_error(status, &error, SEEBATCH_ERROR_ARGUMENT, words);
        CHECK(strstr(error.message, strerror(ENOSPC)) != NULL, "%s: \"%s\" names no full device",
              inputs[i], error.message);
        CHECK(job.place.entry == 0 && job.place.byte_offset == 0,
              "%s: no fault of the input told (place %llu, %llu)", inputs[i],
              (unsigned long long)job.place.byte_offset, (unsigned long long)job.place.entry);
    }
    /* The caller's stream on /dev/full, no output path: named "the output". */
    into_a_stream_failing(games, full, ENOSPC);
    fclose(full);
}

/* ---- memory running out ------------------------------------------------- */

typedef struct memory_case {
    const char *what;
    const char *input;
    seebatch_file_format format;
    unsigned threads;
    bool threaded; /* allocations on other threads too: their count races, so the
                      blocks alive are not compared */
} memory_case;

/* Runs the case with its 1st, 2nd, ... allocation failing until a run
 * fails none; returns how many allocations that run makes. The output path
 * holds "before" at each start: a failed run leaves it so. */
static unsigned long each_allocation_failing(const memory_case *c, const char *output)
{
    seebatch_filter_file_job job;
    CHECK(put(output, "before") &&
              filter_once(&job, c->input, output, c->format, c->threads, NULL) == SEEBATCH_OK,
          "%s: a run with no allocation failing", c->what);
    bytes right = read_bytes(output), old = {(unsigned char *)"before", 6};
    CHECK(right.size > 6 && !same_bytes(right, old), "%s: something written", c->what);
    unsigned long n = 1;
    for (bool failed = true; failed; n++) {
        CHECK(put(output, "before"), "%s: the output made again", c->what);
        long alive = failing_allocations_alive();
        seebatch_error error = spoiled();
        failing_allocations_arm(n);
        seebatch_status status = filter_once(&job, c->input, output, c->format, c->threads, &error);
        failed = failing_allocations_failed();
        if (!c->threaded)
            CHECK_EQ(failing_allocations_alive(), alive, "%s, allocation %lu failing: blocks freed",
                     c->what, n);
        bytes now = read_bytes(output);
        if (status == SEEBATCH_OK) {
            CHECK(same_bytes(now, right), "%s, allocation %lu failing: the output written", c->what,
                  n);
        } else {
            CHECK(failed, "%s failed with no allocation failing: %s", c->what, error.message);
            names_memory(status, &error, c->what, n);
            CHECK(same_bytes(now, old), "%s, allocation %lu failing: the output as it was", c->what,
                  n);
        }
        free(now.data);
    }
    free(right.data);
    remove(output);
    return n - 2;
}

static void out_of_memory(const char *directory, const char *games, const char *plain)
{
    if (!failing_allocations_work()) {
        printf("out of memory: not tried: this build cannot fail allocations (it needs glibc "
               "and no sanitizer)\n");
        return;
    }
    /* Under an emulator, 4 threads: qemu-user keeps memory of every thread
     * that has ended, and 16 made it keep 19 GB over the allocations in turn. */
    const char *emulator = getenv("SEEBATCH_EMULATOR");
    unsigned many = emulator && *emulator ? 4 : 16;
    char many_threads[64];
    snprintf(many_threads, sizeof many_threads, "binpack in, binpack out, %u threads", many);
    const memory_case cases[] = {
        {"binpack in, binpack out, 1 thread", games, SEEBATCH_FILE_BINPACK, 1, false},
        {"binpack in, plain out, 1 thread", games, SEEBATCH_FILE_PLAIN, 1, false},
        {many_threads, games, SEEBATCH_FILE_BINPACK, many, true},
        {"plain in, binpack out", plain, SEEBATCH_FILE_BINPACK, 1, false},
    };
    char output[4200];
    snprintf(output, sizeof output, "%s/memory.out", directory);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned long allocations = each_allocation_failing(&cases[i], output);
        printf("out of memory: %s: %lu allocations, each failed in turn\n", cases[i].what,
               allocations);
        CHECK(allocations >= 3, "%s allocates (%lu)", cases[i].what, allocations);
    }
}

/* ---- the system refusing a call ----------------------------------------- */

/* No thread to be had at the first, the second, a middle or the last
 * pthread_create of a run, and at every one: the work of the threads not
 * had is done on the caller's, and the output is the bytes of a run that
 * had them all (-j 2, 3 and 4: chunks on threads, and chunks cut in parts
 * on threads when fewer than the threads). Not every one in turn: a run
 * makes a thread a part (over 100 at -j 4), and qemu-user, which runs the
 * aarch64 tests, keeps some memory of every thread that has ended (the
 * 40,000 threads of every one in turn took its 24 GB). */
static void threads_refused(const char *games, const char *output)
{
    for (unsigned threads = 2; threads <= 4; threads++) {
        seebatch_filter_file_job job;
        seebatch_error error = spoiled();
        failing_calls_arm(FAILING_PTHREAD_CREATE, ULONG_MAX, 0, 0);
        CHECK(filter_once(&job, games, output, SEEBATCH_FILE_BINPACK, threads, &error) ==
                  SEEBATCH_OK,
              "-j %u: %s", threads, error.message);
        CHECK(failing_calls_failed() == 0, "-j %u: no thread refused", threads);
        unsigned long made = failing_calls_made();
        CHECK(made >= 2, "-j %u: threads made (%lu)", threads, made);
        bytes right = read_bytes(output);
        const unsigned long refused[] = {1, 2, made / 2 + 1, made, 0};
        for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
            /* 0: every one */
            unsigned long first = refused[i] ? refused[i] : 1, times = refused[i] ? 1 : ULONG_MAX;
            failing_calls_arm(FAILING_PTHREAD_CREATE, first, times, EAGAIN);
            seebatch_status status =
                filter_once(&job, games, output, SEEBATCH_FILE_BINPACK, threads, &error);
            unsigned long failed = failing_calls_failed();
            CHECK(refused[i] ? failed == 1 : failed >= 1, "-j %u, thread %lu: %lu refused", threads,
                  refused[i], failed);
            bytes now = read_bytes(output);
            CHECK(status == SEEBATCH_OK && same_bytes(now, right),
                  "-j %u, thread %lu refused (0: every one): status %d (%s), %zu bytes (%zu)",
                  threads, refused[i], status, error.message, now.size, right.size);
            free(now.data);
        }
        free(right.data);
    }
    remove(output);
}

/* How many temporaries of output (".NAME.") are left in its directory. */
static int temporaries_left(const char *output)
{
    const char *slash = strrchr(output, '/');
    char directory[4200], part[4300];
    snprintf(directory, sizeof directory, "%.*s", slash ? (int)(slash - output) : 1,
             slash ? output : ".");
    snprintf(part, sizeof part, ".%s.", slash ? slash + 1 : output);
    int found = 0;
    DIR *listing = opendir(directory);
    for (struct dirent *e; listing && (e = readdir(listing));)
        found += strncmp(e->d_name, part, strlen(part)) == 0;
    if (listing)
        closedir(listing);
    return found;
}

/* The nth write (a chunk's header, its entries, a plain block) failing, or
 * the last flush, with errno set and not: the output named with the
 * reason (EIO when none), the output as it was, no temporary left, no
 * fault of the input told. */
static void writes_failing(const char *games, const char *plain, const char *output)
{
    const struct {
        const char *what, *input;
        seebatch_file_format format;
        failing_call call;
        int reason;
    } cases[] = {
        {"binpack to binpack, a write", games, SEEBATCH_FILE_BINPACK, FAILING_FWRITE, 0},
        {"binpack to binpack, a write", games, SEEBATCH_FILE_BINPACK, FAILING_FWRITE, ENOSPC},
        {"binpack to plain, a write", games, SEEBATCH_FILE_PLAIN, FAILING_FWRITE, EIO},
        {"plain to binpack, a write", plain, SEEBATCH_FILE_BINPACK, FAILING_FWRITE, 0},
        {"binpack to binpack, the flush", games, SEEBATCH_FILE_BINPACK, FAILING_FFLUSH, 0},
        {"plain to plain, the flush", plain, SEEBATCH_FILE_PLAIN, FAILING_FFLUSH, 0},
    };
    bytes old = {(unsigned char *)"before", 6};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char words[4400];
        snprintf(words, sizeof words, "%s: ", output);
        const char *reason = strerror(cases[c].reason ? cases[c].reason : EIO);
        unsigned long n = 1;
        /* The first dozen: the first chunks' headers and entries, or all */
        for (unsigned long failed = 1; failed && n <= 12; n++) {
            CHECK(put(output, "before"), "the output made again");
            seebatch_filter_file_job job;
            seebatch_error error = spoiled();
            failing_calls_arm(cases[c].call, n, 1, cases[c].reason);
            seebatch_status status =
                filter_once(&job, cases[c].input, output, cases[c].format, 1, &error);
            failed = failing_calls_failed();
            if (!failed)
                break;
            check_error(status, &error, SEEBATCH_ERROR_ARGUMENT, words);
            CHECK(strstr(error.message, reason) != NULL, "%s %lu failing: \"%s\" names no %s",
                  cases[c].what, n, error.message, reason);
            bytes now = read_bytes(output);
            CHECK(same_bytes(now, old), "%s %lu failing: the output as it was", cases[c].what, n);
            free(now.data);
            CHECK_EQ(temporaries_left(output), 0, "%s %lu failing: no temporary left",
                     cases[c].what, n);
            CHECK(job.place.entry == 0 && job.place.byte_offset == 0,
                  "%s %lu failing: no fault of the input told", cases[c].what, n);
        }
        CHECK(n > 1, "%s: a call failed", cases[c].what);
        printf("the system refusing: %s, errno %d: %lu calls failed in turn\n", cases[c].what,
               cases[c].reason, n - 1);
    }
    remove(output);
}

static void system_refusals(const char *directory, const char *games, const char *plain)
{
    if (!failing_calls_work()) {
        printf("threads refused, writes and flushes failing: not tried: %s\n",
               failing_calls_why_not());
        return;
    }
    char output[4200];
    snprintf(output, sizeof output, "%s/refused.out", directory);
    threads_refused(games, output);
    writes_failing(games, plain, output);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: test_filter_file_faults DIRECTORY GAMES.binpack GAMES.plain\n");
        return 2;
    }
    char few[4200];
    snprintf(few, sizeof few, "%s/few.binpack", argv[1]);
    write_few(argv[3], few);
    refusing(argv[1], argv[2], argv[3]);
    counting_only(argv[1], argv[3]);
    streams(argv[1], argv[2], argv[3]);
    full_device(argv[2], argv[3], few);
    out_of_memory(argv[1], argv[2], argv[3]);
    system_refusals(argv[1], argv[2], argv[3]);
    return check_finish("test_filter_file_faults");
}
