/* The training functions' errors, through the public header (and the
 * filter's counts and rule words the tool prints, training_filter.h): every
 * fallible call returns a seebatch_status and fills a seebatch_error (NULL
 * allowed) as libseebatch's calls do, and the place of a fault (byte offset,
 * entry number) is kept by the object that met it. Usage:
 * test_training_errors DIRECTORY (for the files it writes). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "error_checks.h"
#include "failing_allocations.h"
#include "seebatch_training.h"
#include "training/training_filter.h"

enum { ENTRIES = 3 };

/* Three positions of one game, the third a capture: 1. e4 d5 2. exd5. */
typedef struct game {
    seebatch_board boards[ENTRIES];
    uint16_t moves[ENTRIES], plies[ENTRIES];
    int16_t scores[ENTRIES];
    int8_t results[ENTRIES];
    seebatch_training_arrays arrays;
} game;

static void make_game(game *g)
{
    static const char *const fens[ENTRIES] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"};
    static const char *const ucis[ENTRIES] = {"e2e4", "d7d5", "e4d5"};
    for (int i = 0; i < ENTRIES; i++) {
        seebatch_move move = 0;
        CHECK(seebatch_board_from_fen(&g->boards[i], fens[i], NULL) == SEEBATCH_OK, "%s", fens[i]);
        CHECK(seebatch_move_parse(&g->boards[i], ucis[i], &move, NULL) == SEEBATCH_OK, "%s",
              ucis[i]);
        g->moves[i] = move;
        g->plies[i] = (uint16_t)i;
        g->scores[i] = (int16_t)(10 * i);
        g->results[i] = 0;
    }
    g->arrays = (seebatch_training_arrays){g->boards, g->moves, g->scores, g->plies, g->results};
}

static void opening(const char *directory)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/no/such.binpack", directory);
    seebatch_training_reader *reader = (seebatch_training_reader *)&reader;
    CHECK_EQ(seebatch_training_open(path, &reader, NULL), SEEBATCH_ERROR_ARGUMENT, "NULL error");
    CHECK(reader == NULL, "no reader after a failure");
    seebatch_error error = spoiled();
    check_error(seebatch_training_open(path, &reader, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "such.binpack: cannot open: ");
    check_error(seebatch_training_open(NULL, &reader, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                "NULL");
    seebatch_training_writer *writer;
    check_error(seebatch_training_create(path, SEEBATCH_FILE_BINPACK, 0, &writer, &error), &error,
                SEEBATCH_ERROR_ARGUMENT, "cannot create");
    CHECK(writer == NULL, "no writer after a failure");
}

/* A write refusing its second entry keeps the first, names the entry and
 * refuses every later call; finishing succeeds and clears the error. */
static void writing(const char *directory, const game *g)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/writing.plain", directory);
    game bad = *g;
    bad.results[1] = 5;
    bad.arrays =
        (seebatch_training_arrays){bad.boards, bad.moves, bad.scores, bad.plies, bad.results};
    seebatch_error error = spoiled();
    seebatch_training_writer *writer = NULL;
    CHECK_EQ(seebatch_training_create(path, SEEBATCH_FILE_PLAIN, 0, &writer, &error), SEEBATCH_OK,
             "%s", error.message);
    CHECK(error.status == SEEBATCH_OK && error.message[0] == '\0', "success clears the error");
    if (!writer)
        return;
    CHECK_EQ(seebatch_training_writer_place(writer).entry, 0, "no fault yet");
    check_error(seebatch_training_write(writer, ENTRIES, &bad.arrays, NULL, &error), &error,
                SEEBATCH_ERROR_ARGUMENT, "entry 2: result 5 is not -1, 0 or 1");
    seebatch_training_place place = seebatch_training_writer_place(writer);
    CHECK(place.entry == 2 && place.byte_offset == 0, "place {%llu, %llu}",
          (unsigned long long)place.byte_offset, (unsigned long long)place.entry);
    check_error(seebatch_training_write(writer, 1, &g->arrays, NULL, &error), &error,
                SEEBATCH_ERROR_ARGUMENT, "an earlier write failed");
    CHECK_EQ(seebatch_training_finish(writer, &error), SEEBATCH_OK, "%s", error.message);

    seebatch_training_reader *reader = NULL;
    CHECK_EQ(seebatch_training_open(path, &reader, NULL), SEEBATCH_OK, "reopening");
    size_t count = 99;
    CHECK_EQ(seebatch_training_read(reader, ENTRIES, &g->arrays, &count, NULL), SEEBATCH_OK,
             "reading back");
    CHECK_EQ(count, 1, "the entry before the one refused is kept");
    CHECK(seebatch_training_at_end(reader), "the file ended");
    seebatch_training_close(reader);
}

/* The filter's statuses: a bad move, a bad board, a bad rule. */
static void filtering(const game *g)
{
    seebatch_training_filter *filter = NULL;
    seebatch_error error;
    const char *const bad_rule[] = {"--skip-see-ge", "many"};
    check_error(seebatch_training_filter_new(2, bad_rule, &filter, &error), &error,
                SEEBATCH_ERROR_CONFIG, "rule argument 0, \"--skip-see-ge\"");
    CHECK(filter == NULL, "no filter after a failure");
    const char *const rules[] = {"--skip-capture"};
    CHECK_EQ(seebatch_training_filter_new(1, rules, &filter, NULL), SEEBATCH_OK, "--skip-capture");
    if (!filter)
        return;
    uint8_t keep[ENTRIES];
    CHECK_EQ(seebatch_training_filter_keep(filter, ENTRIES, &g->arrays, keep, &error), SEEBATCH_OK,
             "%s", error.message);
    CHECK(keep[0] && keep[1] && !keep[2], "the capture is dropped");
    seebatch_filter_counts counts;
    seebatch_training_filter_counts(filter, &counts);
    CHECK(counts.entries == 3 && counts.kept == 2 && counts.matched[1] == 1 &&
              counts.alone[1] == 1 && counts.matched[0] == 0,
          "counts: %llu entries, %llu kept, --skip-capture (rule 1) %llu",
          (unsigned long long)counts.entries, (unsigned long long)counts.kept,
          (unsigned long long)counts.matched[1]);
    game bad = *g;
    bad.moves[1] = bad.moves[0]; /* e2e4 with black to move: no black piece on e2 */
    bad.arrays =
        (seebatch_training_arrays){bad.boards, bad.moves, bad.scores, bad.plies, bad.results};
    check_error(seebatch_training_filter_keep(filter, ENTRIES, &bad.arrays, keep, &error), &error,
                SEEBATCH_ERROR_MOVE, "entry 5: move e2e4");
    CHECK_EQ(seebatch_training_filter_place(filter).entry, 5, "counted over both calls");
    bad.boards[0].colors[0] |= bad.boards[0].colors[1];
    check_error(seebatch_training_filter_keep(filter, 1, &bad.arrays, keep, &error), &error,
                SEEBATCH_ERROR_BOARD, "entry 5: board: ");
    seebatch_training_filter_counts(filter, &counts);
    CHECK(counts.entries == 4 && counts.kept == 3, "the entry before the refused one counted");
    seebatch_training_filter_free(filter);

    /* An entry with no move (0): its board is judged, the rules on the move
     * match it never; its board is still checked. */
    const char *const board_rules[] = {"--skip-capture", "--skip-in-check"};
    CHECK_EQ(seebatch_training_filter_new(2, board_rules, &filter, NULL), SEEBATCH_OK, "rules");
    if (!filter)
        return;
    game moveless = *g;
    moveless.arrays = (seebatch_training_arrays){moveless.boards, moveless.moves, moveless.scores,
                                                 moveless.plies, moveless.results};
    for (int i = 0; i < ENTRIES; i++)
        moveless.moves[i] = 0;
    seebatch_board_from_fen(&moveless.boards[1], "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", NULL);
    CHECK_EQ(seebatch_training_filter_keep(filter, ENTRIES, &moveless.arrays, keep, &error),
             SEEBATCH_OK, "%s", error.message);
    CHECK(keep[0] && !keep[1] && keep[2], "no move takes; the side in check is dropped");
    moveless.boards[2].colors[0] |= moveless.boards[2].colors[1];
    check_error(seebatch_training_filter_keep(filter, ENTRIES, &moveless.arrays, keep, &error),
                &error, SEEBATCH_ERROR_BOARD, "entry 6: board: ");
    seebatch_training_filter_free(filter);
}

/* A binpack cut inside its chain: the stem is read, the fault names the
 * second entry and its byte, and stays the answer of every later read. */
static void reading_a_damaged_file(const char *directory, const game *g)
{
    char path[4096], damaged[4096];
    snprintf(path, sizeof path, "%s/whole.binpack", directory);
    snprintf(damaged, sizeof damaged, "%s/damaged.binpack", directory);
    seebatch_training_writer *writer = NULL;
    CHECK_EQ(seebatch_training_create(path, SEEBATCH_FILE_BINPACK, 0, &writer, NULL), SEEBATCH_OK,
             "creating");
    CHECK_EQ(seebatch_training_write(writer, ENTRIES, &g->arrays, NULL, NULL), SEEBATCH_OK,
             "writing");
    CHECK_EQ(seebatch_training_finish(writer, NULL), SEEBATCH_OK, "finishing");
    FILE *whole = fopen(path, "rb"), *cut = fopen(damaged, "wb");
    unsigned char bytes[256];
    size_t size = whole ? fread(bytes, 1, sizeof bytes, whole) : 0;
    CHECK(size > 43 && cut && fwrite(bytes, 1, 43, cut) == 43, "making the damaged copy");
    if (whole)
        fclose(whole);
    if (cut)
        fclose(cut);

    seebatch_training_reader *reader = NULL;
    CHECK_EQ(seebatch_training_open(damaged, &reader, NULL), SEEBATCH_OK, "opening");
    if (!reader)
        return;
    CHECK_EQ(seebatch_training_reader_place(reader).entry, 0, "no fault yet");
    seebatch_training_arrays out = g->arrays;
    size_t count = 0;
    seebatch_error error, again;
    seebatch_status status = seebatch_training_read(reader, ENTRIES, &out, &count, &error);
    check_error(status, &error, SEEBATCH_ERROR_ARGUMENT, ", entry 2: ");
    CHECK_EQ(count, 1, "the stem before the fault");
    seebatch_training_place place = seebatch_training_reader_place(reader);
    char words[64];
    snprintf(words, sizeof words, "byte %llu, entry 2: ", (unsigned long long)place.byte_offset);
    CHECK(place.entry == 2 && place.byte_offset > 0 &&
              strncmp(error.message, words, strlen(words)) == 0,
          "place {%llu, %llu}, message \"%s\"", (unsigned long long)place.byte_offset,
          (unsigned long long)place.entry, error.message);
    count = 99;
    CHECK_EQ(seebatch_training_read(reader, ENTRIES, &out, &count, &again), status, "again");
    CHECK(count == 0 && strcmp(again.message, error.message) == 0, "the same fault again");
    CHECK_EQ(seebatch_training_read(reader, ENTRIES, &out, &count, NULL), status, "NULL error");
    CHECK(seebatch_training_at_end(reader), "at the end after a fault");
    seebatch_training_close(reader);
}

/* The chunk driver over whole.binpack's payload (three entries in one
 * chain, written by reading_a_damaged_file): with no rule the payload
 * comes out as it went in; --skip-capture keeps two; the payload cut in
 * its chain stops at entry 2, counted from entries_before, its stem kept. */
/* A one-chunk binpack (whole.binpack: 3 entries, 38 bytes of payload)
 * filtered by seebatch_training_filter_file: with no rule the output is
 * the input; --skip-capture drops exd5. */
static void filtering_a_chunk(const char *directory)
{
    char path[4096], out[4096];
    snprintf(path, sizeof path, "%s/whole.binpack", directory);
    snprintf(out, sizeof out, "%s/filtered.binpack", directory);
    const char *skip_capture[] = {"--skip-capture"};
    seebatch_training_filter *none = NULL, *captures = NULL;
    CHECK_EQ(seebatch_training_filter_new(0, NULL, &none, NULL), SEEBATCH_OK, "no rule");
    CHECK_EQ(seebatch_training_filter_new(1, skip_capture, &captures, NULL), SEEBATCH_OK, "rule");
    for (int rule = 0; rule < 2; rule++) {
        seebatch_filter_file_job job;
        memset(&job, 0, sizeof job);
        job.filter = rule ? captures : none;
        job.input = path;
        job.output = out;
        job.output_format = SEEBATCH_FILE_BINPACK;
        job.threads = 2;
        seebatch_error error = spoiled();
        CHECK_EQ(seebatch_training_filter_file(&job, &error), SEEBATCH_OK, "%s", error.message);
        CHECK(job.counts.entries == 3 && job.counts.kept == (rule ? 2u : 3u),
              "%s: %llu of %llu kept", rule ? "--skip-capture" : "no rule",
              (unsigned long long)job.counts.kept, (unsigned long long)job.counts.entries);
        FILE *in = fopen(path, "rb"), *written = fopen(out, "rb");
        unsigned char a[256], b[256];
        size_t got_a = in ? fread(a, 1, sizeof a, in) : 0;
        size_t got_b = written ? fread(b, 1, sizeof b, written) : 0;
        if (in)
            fclose(in);
        if (written)
            fclose(written);
        if (!rule)
            CHECK(got_a == got_b && memcmp(a, b, got_a) == 0, "no rule: the input as it was");
        else
            CHECK(got_b > 8 + 32 && got_b != got_a, "exd5 dropped: %zu bytes", got_b);
    }
    seebatch_training_filter_free(none);
    seebatch_training_filter_free(captures);
}

/* Writes the first `size` bytes of whole.binpack, then tail_size bytes of
 * `tail`, to NAME (path: 4096 bytes, set to its path). */
static void damaged_copy(const char *directory, const char *name, size_t size, const char *tail,
                         size_t tail_size, char *path)
{
    char whole[4096];
    snprintf(whole, sizeof whole, "%s/whole.binpack", directory);
    snprintf(path, 4096, "%s/%s", directory, name);
    FILE *in = fopen(whole, "rb"), *out = fopen(path, "wb");
    unsigned char bytes[256];
    size_t got = in ? fread(bytes, 1, sizeof bytes, in) : 0;
    CHECK(got >= size && out && fwrite(bytes, 1, size, out) == size &&
              fwrite(tail, 1, tail_size, out) == tail_size,
          "writing %s", path);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
}

/* Entries counted by a run, and nothing more. */
static void count_block(void *context, const seebatch_portion *portion)
{
    (void)context;
    (void)portion;
}

/* Whether message is "PATH: WORDS" with WORDS whole, PATH whole where that
 * fits the message, else "..." and as much of its end as leaves WORDS
 * whole (seebatch_error). */
static bool names_then_says(const char *message, const char *path, const char *words)
{
    size_t length = strlen(message), path_length = strlen(path), words_length = strlen(words);
    if (length < words_length + 2 || strcmp(message + length - words_length, words) != 0 ||
        strncmp(message + length - words_length - 2, ": ", 2) != 0)
        return false;
    size_t name_length = length - words_length - 2;
    if (path_length + 2 + words_length < SEEBATCH_MESSAGE_SIZE)
        return name_length == path_length && strncmp(message, path, path_length) == 0;
    size_t tail = name_length - 3; /* after "..." */
    return strncmp(message, "...", 3) == 0 && length == SEEBATCH_MESSAGE_SIZE - 1 &&
           strncmp(message + 3, path + path_length - tail, tail) == 0;
}

/* path by the run and by seebatch_training_read: the same entries and the
 * same fault, at the same place, in the same words ("PATH: " before the
 * reader's). */
static void run_as_reader(const char *path, const char *words)
{
    seebatch_run run;
    memset(&run, 0, sizeof run);
    run.input = path;
    run.threads = 2;
    run.work = (seebatch_work){NULL, NULL, NULL, count_block, NULL};
    seebatch_error by_run = spoiled(), by_reader = spoiled();
    seebatch_status status = seebatch_training_run(&run, &by_run);
    seebatch_training_reader *reader = NULL;
    CHECK_EQ(seebatch_training_open(path, &reader, NULL), SEEBATCH_OK, "%s", path);
    if (!reader)
        return;
    seebatch_board boards[8];
    uint16_t moves[8], plies[8];
    int16_t scores[8];
    int8_t results[8];
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    size_t count = 0;
    seebatch_status read = seebatch_training_read(reader, 8, &arrays, &count, &by_reader);
    seebatch_training_place place = seebatch_training_reader_place(reader);
    seebatch_training_close(reader);
    CHECK_EQ(status, read, "%s: the run's status is the reader's", path);
    CHECK_EQ(run.entries, count, "%s: the entries before the fault", path);
    CHECK(run.place.byte_offset == place.byte_offset && run.place.entry == place.entry,
          "%s: the fault's place {%llu, %llu}, the reader's {%llu, %llu}", path,
          (unsigned long long)run.place.byte_offset, (unsigned long long)run.place.entry,
          (unsigned long long)place.byte_offset, (unsigned long long)place.entry);
    CHECK(read == SEEBATCH_OK || names_then_says(by_run.message, path, by_reader.message),
          "\"%s\" is \"%s: %s\" (a long path shortened to its end)", by_run.message, path,
          by_reader.message);
    CHECK(!words || strstr(by_run.message, words), "\"%s\" says \"%s\"", by_run.message, words);
}

/* whole.binpack (one chunk, 46 bytes) with a header after it that is
 * damaged or cut, or claims an empty chunk, and cut inside its payload. */
static void reading_chunks(const char *directory)
{
    char path[4096];
    static const struct {
        const char *tail;
        size_t size;
        const char *words;
    } faults[] = {{"BINQ\x01\x00\x00\x00", 8, "byte 46, entry 4: no chunk header (\"BINP\")"},
                  {"BIN", 3, "byte 46, entry 4: the file ends inside a chunk header"},
                  {"BINP\x00\x00\x00\x10", 8, "byte 46, entry 4: the chunk header claims"}};
    for (size_t f = 0; f < sizeof faults / sizeof faults[0]; f++) {
        damaged_copy(directory, "header.binpack", 46, faults[f].tail, faults[f].size, path);
        run_as_reader(path, faults[f].words);
    }
    damaged_copy(directory, "cut.binpack", 30, "", 0, path);
    run_as_reader(path, "the file ends 22 bytes into a chunk");
    /* A chunk whose header claims no byte: an empty payload, then the end. */
    damaged_copy(directory, "empty.binpack", 46, "BINP\x00\x00\x00\x00", 8, path);
    run_as_reader(path, NULL);
    /* Under a path too long for the message with the place and why: the
     * path shortened to its end, the rest whole (CI's clone had such a
     * path, and the tool's message lost its why). "./" a hundred times
     * makes it long; Windows opens no path past 260 characters so. */
#ifndef _WIN32
    damaged_copy(directory, "header.binpack", 46, faults[0].tail, faults[0].size, path);
    int at = snprintf(path, sizeof path, "%s/", directory);
    for (int i = 0; i < 100; i++)
        at += snprintf(path + at, sizeof path - (size_t)at, "./");
    snprintf(path + at, sizeof path - (size_t)at, "header.binpack");
    run_as_reader(path, faults[0].words);
#endif
}

static void parsing_uci(const game *g)
{
    const char texts[ENTRIES][8] = {"e2e4", "d7d5", "a3a4"};
    uint16_t moves[ENTRIES];
    size_t parsed = 99;
    seebatch_error error;
    check_error(seebatch_training_moves_from_uci(g->boards, ENTRIES, NULL, texts[0], 8, ENTRIES,
                                                 moves, &parsed, &error),
                &error, SEEBATCH_ERROR_MOVE, "row 2: \"a3a4\" on board 2");
    CHECK_EQ(parsed, 2, "the rows before the one refused");
    CHECK_EQ(moves[1], g->moves[1], "written");
    const uint32_t index[ENTRIES] = {0, 1, 7};
    check_error(seebatch_training_moves_from_uci(g->boards, ENTRIES, index, texts[0], 8, ENTRIES,
                                                 moves, &parsed, &error),
                &error, SEEBATCH_ERROR_ARGUMENT, "row 2: board 7, but there are 3 boards");
    CHECK_EQ(seebatch_training_moves_from_uci(g->boards, ENTRIES, NULL, texts[0], 8, 2, moves,
                                              &parsed, NULL),
             SEEBATCH_OK, "two good rows");
    CHECK_EQ(parsed, 2, "every row");
}

/* ---- memory running out ---------------------------------------------- */

/* What a call does when an allocation fails: each allocation of a whole
 * write (create, write, finish), read (open, read, close), chunk read and
 * filter made to fail in turn, the C library's own within them (fopen's)
 * included, until one runs with none failing. Each run either gives the
 * right answer (the C library may do without a block, as stdio does
 * without a buffer) or fails naming memory, with every block freed and, for
 * a write, nothing at the path and no temporary left beside it. */
typedef struct memory_run {
    const char *directory;
    const game *g;
    seebatch_file_format format;
    char path[4096];
} memory_run;

static seebatch_status write_whole(const memory_run *run, seebatch_error *error)
{
    seebatch_training_writer *writer = NULL;
    seebatch_status status = seebatch_training_create(run->path, run->format, 0, &writer, error);
    if (status != SEEBATCH_OK)
        return status;
    status = seebatch_training_write(writer, ENTRIES, &run->g->arrays, NULL, error);
    if (status != SEEBATCH_OK) {
        seebatch_training_abandon(writer);
        return status;
    }
    return seebatch_training_finish(writer, error);
}

/* The entries of run->path, in *back; the status of the reading. */
static seebatch_status read_whole(const memory_run *run, game *back, size_t *count,
                                  seebatch_error *error)
{
    *count = 0;
    seebatch_training_reader *reader = NULL;
    seebatch_status status = seebatch_training_open(run->path, &reader, error);
    if (status != SEEBATCH_OK)
        return status;
    status = seebatch_training_read(reader, ENTRIES, &back->arrays, count, error);
    seebatch_training_close(reader);
    return status;
}

/* Whether *back holds run->g's entries (the boards by their pieces and side
 * to move: a format keeps no full-move number). */
static bool same_entries(const memory_run *run, const game *back, size_t count)
{
    const game *g = run->g;
    bool same = count == ENTRIES;
    for (size_t i = 0; same && i < ENTRIES; i++)
        same =
            memcmp(back->boards[i].pieces, g->boards[i].pieces, sizeof g->boards[i].pieces) == 0 &&
            memcmp(back->boards[i].colors, g->boards[i].colors, sizeof g->boards[i].colors) == 0 &&
            back->boards[i].side_to_move == g->boards[i].side_to_move &&
            back->moves[i] == g->moves[i] && back->scores[i] == g->scores[i] &&
            back->plies[i] == g->plies[i] && back->results[i] == g->results[i];
    return same;
}

/* Files in run->directory whose name holds `part`. */
static int files_named(const memory_run *run, const char *part)
{
    int found = 0;
    DIR *directory = opendir(run->directory);
    for (struct dirent *e; directory && (e = readdir(directory));)
        found += strstr(e->d_name, part) != NULL;
    if (directory)
        closedir(directory);
    return found;
}

typedef seebatch_status (*memory_step)(const memory_run *run, game *back, size_t *count,
                                       seebatch_error *error);

static seebatch_status write_step(const memory_run *run, game *back, size_t *count,
                                  seebatch_error *error)
{
    (void)back, (void)count;
    return write_whole(run, error);
}

/* Runs `step` with its 1st, 2nd, ... allocation failing; returns how many
 * allocations it makes when none fails. */
static unsigned long each_allocation_failing(const memory_run *run, memory_step step,
                                             const char *what)
{
    unsigned long n = 1;
    for (;; n++) {
        game back = *run->g;
        back.arrays = (seebatch_training_arrays){back.boards, back.moves, back.scores, back.plies,
                                                 back.results};
        size_t count = 0;
        long alive = failing_allocations_alive();
        seebatch_error error = spoiled();
        failing_allocations_arm(n);
        seebatch_status status = step(run, &back, &count, &error);
        bool failed = failing_allocations_failed();
        CHECK_EQ(failing_allocations_alive(), alive, "%s, allocation %lu failing: blocks freed",
                 what, n);
        if (status != SEEBATCH_OK) {
            CHECK(failed, "%s failed with no allocation failing: %s", what, error.message);
            names_memory(status, &error, what, n);
        } else if (step != write_step) {
            CHECK(same_entries(run, &back, count), "%s, allocation %lu failing: entries", what, n);
        }
        if (step == write_step) {
            if (status == SEEBATCH_OK)
                CHECK(read_whole(run, &back, &count, NULL) == SEEBATCH_OK &&
                          same_entries(run, &back, count),
                      "%s, allocation %lu failing: the file written", what, n);
            else
                CHECK(fopen(run->path, "rb") == NULL, "%s, allocation %lu failing: no file", what,
                      n);
            CHECK_EQ(files_named(run, ".memory."), 0, "%s, allocation %lu: no temporary left", what,
                     n);
            remove(run->path);
        }
        if (!failed)
            return n - 1;
    }
}

static seebatch_status read_step(const memory_run *run, game *back, size_t *count,
                                 seebatch_error *error)
{
    return read_whole(run, back, count, error);
}

/* A binpack counted by the run on two threads; *count its entries. */
static seebatch_status run_step(const memory_run *run, game *back, size_t *count,
                                seebatch_error *error)
{
    (void)back;
    seebatch_counts counts;
    memset(&counts, 0, sizeof counts);
    seebatch_run whole;
    memset(&whole, 0, sizeof whole);
    whole.input = run->path;
    whole.threads = 2;
    whole.work = seebatch_count_work(&counts);
    seebatch_status status = seebatch_training_run(&whole, error);
    if (status == SEEBATCH_OK && counts.entries == ENTRIES)
        *count = ENTRIES; /* what same_entries asks */
    return status;
}

/* A filter made, used on the game (the capture dropped) and freed. */
static seebatch_status filter_step(const memory_run *run, game *back, size_t *count,
                                   seebatch_error *error)
{
    (void)back;
    const char *const rules[] = {"--skip-capture", "--skip-see-ge", "0"};
    seebatch_training_filter *filter = NULL;
    seebatch_status status = seebatch_training_filter_new(3, rules, &filter, error);
    uint8_t keep[ENTRIES] = {0};
    if (status == SEEBATCH_OK)
        status = seebatch_training_filter_keep(filter, ENTRIES, &run->g->arrays, keep, error);
    seebatch_training_filter_free(filter);
    if (status == SEEBATCH_OK && keep[0] && keep[1] && !keep[2])
        *count = ENTRIES;
    return status;
}

static void out_of_memory(const char *directory, const game *g)
{
    if (!failing_allocations_work()) {
        printf("out of memory: not tried: this build cannot fail allocations (it needs glibc "
               "and no sanitizer)\n");
        return;
    }
    static const char *const names[] = {"binpack", "plain", "bin"};
    static const seebatch_file_format formats[] = {SEEBATCH_FILE_BINPACK, SEEBATCH_FILE_PLAIN,
                                                   SEEBATCH_FILE_BIN};
    for (int f = 0; f < 3; f++) {
        memory_run run = {directory, g, formats[f], ""};
        snprintf(run.path, sizeof run.path, "%s/memory.%s", directory, names[f]);
        char what[64];
        snprintf(what, sizeof what, "writing %s", names[f]);
        unsigned long writes = each_allocation_failing(&run, write_step, what);
        CHECK_EQ(write_whole(&run, NULL), SEEBATCH_OK, "%s", run.path);
        snprintf(what, sizeof what, "reading %s", names[f]);
        unsigned long reads = each_allocation_failing(&run, read_step, what);
        printf("out of memory: writing %s made %lu allocations, reading it %lu, each failed "
               "in turn\n",
               names[f], writes, reads);
        CHECK(writes >= 3 && reads >= 2, "the writer and reader allocate (%lu, %lu)", writes,
              reads);
        if (formats[f] == SEEBATCH_FILE_BINPACK) {
            CHECK(each_allocation_failing(&run, run_step, "counting on the runner") >= 2,
                  "the runner allocates");
            CHECK(each_allocation_failing(&run, filter_step, "filtering") >= 1,
                  "the filter allocates");
        }
        remove(run.path);
    }
}

/* ---- input and output failing ---------------------------------------- */

/* A device that takes no byte (/dev/full, where there is one): every
 * format's writer fails at the latest when it finishes, naming the path
 * and the system's reason; a directory given to a reader is refused. */
/* A POSIX device, open, or NULL where there is none. Not on Windows: there
 * (and under wine) "/dev/full" is a path of the drive, and a writer would
 * replace whatever file it names. */
static FILE *posix_device(const char *path)
{
#ifdef _WIN32
    (void)path;
    return NULL;
#else
    return fopen(path, "wb");
#endif
}

/* A chunk ended by the caller, larger than stdio's buffer: its write
 * reaches the device and fails there, not at the finish. */
static void ending_a_chunk_on_a_full_device(const game *g)
{
    seebatch_training_writer *writer = NULL;
    seebatch_error error = spoiled();
    CHECK_EQ(seebatch_training_create("/dev/full", SEEBATCH_FILE_BINPACK, 0, &writer, &error),
             SEEBATCH_OK, "%s", error.message);
    if (!writer)
        return;
    seebatch_status status = SEEBATCH_OK;
    for (int i = 0; i < 4000 && status == SEEBATCH_OK; i++)
        status = seebatch_training_write(writer, ENTRIES, &g->arrays, NULL, &error);
    CHECK_EQ(status, SEEBATCH_OK, "12,000 entries kept in the chunk: %s", error.message);
    char words[128];
    snprintf(words, sizeof words, "/dev/full: writing failed: %s", strerror(ENOSPC));
    check_error(seebatch_training_end_chunk(writer, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                words);
    seebatch_training_abandon(writer);
}

static void io_failing(const char *directory, const game *g)
{
    static const seebatch_file_format formats[] = {SEEBATCH_FILE_BINPACK, SEEBATCH_FILE_PLAIN,
                                                   SEEBATCH_FILE_BIN};
    FILE *full = posix_device("/dev/full");
    for (int f = 0; full && f < 3; f++) {
        seebatch_training_writer *writer = NULL;
        seebatch_error error = spoiled();
        CHECK_EQ(seebatch_training_create("/dev/full", formats[f], 0, &writer, &error), SEEBATCH_OK,
                 "%s", error.message);
        if (!writer)
            continue;
        seebatch_status status = seebatch_training_write(writer, ENTRIES, &g->arrays, NULL, &error);
        if (status == SEEBATCH_OK)
            status = seebatch_training_finish(writer, &error);
        else
            seebatch_training_abandon(writer);
        char words[128];
        snprintf(words, sizeof words, "/dev/full: writing failed: %s", strerror(ENOSPC));
        check_error(status, &error, SEEBATCH_ERROR_ARGUMENT, words);
    }
    if (full)
        ending_a_chunk_on_a_full_device(g);
    if (full)
        fclose(full);
    else
        printf("io failing: no /dev/full here: the writes to a full device not tried\n");
    /* A device that takes every byte is written in place (no temporary to
     * rename over it), and the write succeeds. */
    FILE *null = posix_device("/dev/null");
    for (int f = 0; null && f < 3; f++) {
        seebatch_training_writer *writer = NULL;
        seebatch_error error = spoiled();
        CHECK(
            seebatch_training_create("/dev/null", formats[f], 0, &writer, &error) == SEEBATCH_OK &&
                seebatch_training_write(writer, ENTRIES, &g->arrays, NULL, &error) == SEEBATCH_OK &&
                seebatch_training_finish(writer, &error) == SEEBATCH_OK,
            "format %d to /dev/null: %s", f, error.message);
    }
    if (null)
        fclose(null);
    seebatch_training_reader *reader = (seebatch_training_reader *)&reader;
    seebatch_error error = spoiled();
    char words[4200];
    /* POSIX opens a directory and fails its first read; Windows fails the open. */
    snprintf(words, sizeof words, "%s: cannot ", directory);
    check_error(seebatch_training_open(directory, &reader, &error), &error, SEEBATCH_ERROR_ARGUMENT,
                words);
    CHECK(reader == NULL, "no reader of a directory");
}

/* ---- NULL and too many arguments ---------------------------------------- */

/* Each refusal of a NULL, and of more rule arguments than a filter takes,
 * by its message; the object asked for is NULL after it. */
static void refusing_nulls(const game *g)
{
    seebatch_error e = spoiled();
    seebatch_training_writer *writer = (seebatch_training_writer *)&writer;
    check_error(seebatch_training_create(NULL, SEEBATCH_FILE_PLAIN, 0, &writer, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "path or writer is NULL");
    CHECK(writer == NULL, "no writer after a NULL path");
    check_error(seebatch_training_create("x", SEEBATCH_FILE_PLAIN, 0, NULL, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "path or writer is NULL");
    check_error(seebatch_training_create("x.out", (seebatch_file_format)3, 0, &writer, &e), &e,
                SEEBATCH_ERROR_ARGUMENT,
                "x.out: format 3 is none of binpack (1), plain (2), bin (4)");
    check_error(seebatch_training_write(NULL, 0, NULL, NULL, &e), &e, SEEBATCH_ERROR_ARGUMENT,
                "writer or in is NULL");
    check_error(seebatch_training_end_chunk(NULL, &e), &e, SEEBATCH_ERROR_ARGUMENT,
                "writer is NULL");
    check_error(seebatch_training_finish(NULL, &e), &e, SEEBATCH_ERROR_ARGUMENT, "writer is NULL");
    seebatch_training_abandon(NULL); /* ignored, as documented */

    seebatch_training_reader *reader = (seebatch_training_reader *)&reader;
    check_error(seebatch_training_open("x", NULL, &e), &e, SEEBATCH_ERROR_ARGUMENT,
                "path or reader is NULL");
    size_t count = 7;
    int done = 0;
    check_error(seebatch_training_read(NULL, ENTRIES, &g->arrays, &count, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "reader, out or count is NULL");
    CHECK_EQ(count, 0, "no entries read from no reader");
    count = 7;
    check_error(seebatch_training_read_chunk(NULL, ENTRIES, &g->arrays, &count, &done, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "reader or chunk_done is NULL");
    CHECK_EQ(count, 0, "no entries read from no reader");
    seebatch_training_close(NULL);

    seebatch_training_filter *filter = (seebatch_training_filter *)&filter;
    const char *too_many[65];
    for (int i = 0; i < 65; i++)
        too_many[i] = "--skip-capture";
    check_error(seebatch_training_filter_new(65, too_many, &filter, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "65 rule arguments; at most 64");
    CHECK(filter == NULL, "no filter after too many arguments");
    const char *const one_null[] = {"--skip-capture", NULL};
    check_error(seebatch_training_filter_new(2, one_null, &filter, &e), &e, SEEBATCH_ERROR_ARGUMENT,
                "rule argument 1 is NULL");
    check_error(seebatch_training_filter_new(1, NULL, &filter, &e), &e, SEEBATCH_ERROR_ARGUMENT,
                "filter or argv is NULL");
    check_error(seebatch_training_filter_new(0, NULL, NULL, &e), &e, SEEBATCH_ERROR_ARGUMENT,
                "filter or argv is NULL");
    CHECK_EQ(seebatch_training_filter_new(0, NULL, &filter, &e), SEEBATCH_OK,
             "no rules: a filter that keeps all (%s)", e.message);
    uint8_t keep[ENTRIES] = {0};
    check_error(seebatch_training_filter_keep(filter, ENTRIES, &g->arrays, NULL, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "filter, in or keep is NULL");
    check_error(seebatch_training_filter_keep(NULL, 0, NULL, NULL, &e), &e, SEEBATCH_ERROR_ARGUMENT,
                "filter, in or keep is NULL");
    CHECK(seebatch_training_filter_keep(filter, ENTRIES, &g->arrays, keep, &e) == SEEBATCH_OK &&
              keep[0] && keep[1] && keep[2],
          "no rules keep every entry (%s)", e.message);
    seebatch_training_filter_free(filter);

    uint16_t moves[1];
    size_t parsed = 9;
    check_error(seebatch_training_moves_from_uci(NULL, 1, NULL, "e2e4", 5, 1, moves, &parsed, &e),
                &e, SEEBATCH_ERROR_ARGUMENT, "boards, texts or moves is NULL");
}

/* ---- entries a format cannot hold ------------------------------------ */

/* Writes one entry (board, move text, ply) in format to path; the status. */
static seebatch_status write_one(const char *path, seebatch_file_format format,
                                 const seebatch_board *board, const char *uci, uint16_t ply,
                                 seebatch_error *error)
{
    seebatch_board boards[1] = {*board};
    seebatch_move move = 0;
    CHECK(seebatch_move_parse(board, uci, &move, NULL) == SEEBATCH_OK, "%s", uci);
    uint16_t moves[1] = {move}, plies[1] = {ply};
    int16_t scores[1] = {0};
    int8_t results[1] = {0};
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    seebatch_training_writer *writer = NULL;
    seebatch_status status = seebatch_training_create(path, format, 0, &writer, error);
    if (status == SEEBATCH_OK)
        status = seebatch_training_write(writer, 1, &arrays, NULL, error);
    if (status == SEEBATCH_OK)
        return seebatch_training_finish(writer, error);
    seebatch_training_abandon(writer);
    return status;
}

/* Each writer refuses an entry its format cannot hold, or that its reader
 * would refuse, naming the entry and why; nothing is left at the path. A
 * .bin of castling rights without their rook was written and then refused
 * by the reader ("castling right Q without its king and rook in place"). */
static void refusing_what_a_format_cannot_hold(const char *directory)
{
    char bin[4200], binpack[4200];
    snprintf(bin, sizeof bin, "%s/cannot.bin", directory);
    snprintf(binpack, sizeof binpack, "%s/cannot.binpack", directory);
    seebatch_board board, no_black_king, no_rook;
    CHECK(seebatch_board_from_fen(&board, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", NULL) == SEEBATCH_OK,
          "the board");
    no_black_king = board;
    no_black_king.pieces[SEEBATCH_KING] &= ~(1ull << 60);
    no_black_king.colors[SEEBATCH_BLACK] &= ~(1ull << 60);
    no_rook = board;
    no_rook.castling |= 2; /* white's queenside, with no rook on a1 */
    seebatch_error e = spoiled();
    check_error(write_one(bin, SEEBATCH_FILE_BIN, &no_black_king, "h1h8", 1, &e), &e,
                SEEBATCH_ERROR_ARGUMENT,
                "entry 1: .bin holds positions with one king a side; "
                "black has 0");
    check_error(write_one(bin, SEEBATCH_FILE_BIN, &no_rook, "h1h8", 1, &e), &e,
                SEEBATCH_ERROR_ARGUMENT,
                "entry 1: an inconsistent position: castling right Q without its king and rook "
                "in place");
    CHECK(fopen(bin, "rb") == NULL, "no .bin left after its refusals");
    check_error(write_one(binpack, SEEBATCH_FILE_BINPACK, &no_rook, "h1h8", 1, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "entry 1: binpack cannot store it");
    check_error(write_one(binpack, SEEBATCH_FILE_BINPACK, &board, "h1h8", 20000, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "entry 1: binpack cannot store it");
    CHECK(fopen(binpack, "rb") == NULL, "no .binpack left after its refusals");
    /* Boards no game reaches, which a FEN may still give: binpack's stem and
     * .bin both refuse them. */
    /* An en passant square with no pawn beside it to have made the push: the
     * stem keeps it on that pawn, so it would read back without. */
    seebatch_board no_pushed_pawn;
    CHECK(seebatch_board_from_fen(&no_pushed_pawn, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", NULL) ==
              SEEBATCH_OK,
          "en passant with no pawn");
    check_error(write_one(binpack, SEEBATCH_FILE_BINPACK, &no_pushed_pawn, "e1d1", 1, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "entry 1: binpack cannot store it");
    /* 33 pieces: the stem's occupancy holds 32. */
    seebatch_board crowded;
    CHECK(seebatch_board_from_fen(&crowded,
                                  "k7/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/KR6 w - - 0 1",
                                  NULL) == SEEBATCH_OK,
          "33 pieces");
    check_error(write_one(binpack, SEEBATCH_FILE_BINPACK, &crowded, "a3a4", 1, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "entry 1: binpack cannot store it");
    static const char *const no_game[2][2] = {
        {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on a back rank"},
        {"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "black, who just moved, is in check"}};
    for (int i = 0; i < 2; i++) {
        seebatch_board odd;
        CHECK(seebatch_board_from_fen(&odd, no_game[i][0], NULL) == SEEBATCH_OK, "%s",
              no_game[i][0]);
        check_error(write_one(binpack, SEEBATCH_FILE_BINPACK, &odd, "e1d1", 1, &e), &e,
                    SEEBATCH_ERROR_ARGUMENT, "entry 1: binpack cannot store it");
        check_error(write_one(bin, SEEBATCH_FILE_BIN, &odd, "e1d1", 1, &e), &e,
                    SEEBATCH_ERROR_ARGUMENT, no_game[i][1]);
    }
    CHECK(fopen(binpack, "rb") == NULL && fopen(bin, "rb") == NULL, "nothing left");
    /* What each holds is written and read back. */
    seebatch_file_format formats[] = {SEEBATCH_FILE_BIN, SEEBATCH_FILE_BINPACK};
    const char *paths[] = {bin, binpack};
    for (int f = 0; f < 2; f++) {
        CHECK(write_one(paths[f], formats[f], &board, "h1h8", 16383, &e) == SEEBATCH_OK, "%s: %s",
              paths[f], e.message);
        seebatch_training_reader *reader = NULL;
        seebatch_board back[1];
        uint16_t moves[1], plies[1];
        int16_t scores[1];
        int8_t results[1];
        seebatch_training_arrays arrays = {back, moves, scores, plies, results};
        size_t count = 0;
        CHECK(seebatch_training_open(paths[f], &reader, &e) == SEEBATCH_OK &&
                  seebatch_training_read(reader, 1, &arrays, &count, &e) == SEEBATCH_OK &&
                  count == 1 && plies[0] == 16383 && back[0].castling == board.castling,
              "%s read back: %s", paths[f], e.message);
        seebatch_training_close(reader);
        remove(paths[f]);
    }
}

/* A .bin board takes 256 bits: 13 for the side and the kings, 1 for each
 * other square and 4 more for each piece on it, 11 for castling, en passant
 * and the rule 50 counter, 6 for an en passant square, 16 for the move
 * number. A board past them was written cut short, and its reader refused
 * it ("the board does not decode: it runs past 256 bits"): the writer
 * refuses it, and writes the largest that fit, which read back whole. */
static void refusing_a_bin_board_past_256_bits(const char *directory)
{
    static const char *const fits[] = {
        /* 38 pieces besides the kings: 255 bits */
        "k7/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/KRRRRRR1 w - - 0 1",
        /* 36 and an en passant square: 253 */
        "k7/pppppppp/8/pppppppp/8/PPPPPPPP/PPPPPPPP/KRRRR3 w - e6 0 1"};
    static const char *const past[] = {
        "kb6/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/KRRRRRR1 w - - 0 1", /* 39: 259 */
        "k7/pppppppp/8/pppppppp/8/PPPPPPPP/PPPPPPPP/KRRRRR2 w - e6 0 1"}; /* 37, e6: 257 */
    static const unsigned past_bits[] = {259, 257};
    char path[4200];
    snprintf(path, sizeof path, "%s/crowded.bin", directory);
    for (int i = 0; i < 2; i++) {
        seebatch_board board, back[1];
        CHECK(seebatch_board_from_fen(&board, fits[i], NULL) == SEEBATCH_OK, "%s", fits[i]);
        seebatch_error e = spoiled();
        CHECK(write_one(path, SEEBATCH_FILE_BIN, &board, "a3a4", 1, &e) == SEEBATCH_OK, "%s: %s",
              fits[i], e.message);
        uint16_t moves[1], plies[1];
        int16_t scores[1];
        int8_t results[1];
        seebatch_training_arrays arrays = {back, moves, scores, plies, results};
        seebatch_training_reader *reader = NULL;
        size_t count = 0;
        CHECK(seebatch_training_open(path, &reader, &e) == SEEBATCH_OK &&
                  seebatch_training_read(reader, 1, &arrays, &count, &e) == SEEBATCH_OK &&
                  count == 1 && plies[0] == 1 &&
                  memcmp(back[0].pieces, board.pieces, sizeof board.pieces) == 0 &&
                  memcmp(back[0].colors, board.colors, sizeof board.colors) == 0,
              "%s read back: %s", fits[i], e.message);
        seebatch_training_close(reader);
        remove(path);

        CHECK(seebatch_board_from_fen(&board, past[i], NULL) == SEEBATCH_OK, "%s", past[i]);
        char expected[120];
        snprintf(expected, sizeof expected,
                 "entry 1: .bin holds a position in 256 bits; this one needs %u (%d pieces "
                 "besides the kings)",
                 past_bits[i], 39 - 2 * i);
        check_error(write_one(path, SEEBATCH_FILE_BIN, &board, "a3a4", 1, &e), &e,
                    SEEBATCH_ERROR_ARGUMENT, expected);
        CHECK(fopen(path, "rb") == NULL, "no .bin left after refusing %s", past[i]);
    }
}

/* Moves seebatch_move_check lets through (a piece, a square it does not
 * hold, castling onto its own rook) that training data cannot store: a
 * rook's diagonal step and a king taking a rook off its first rank as
 * castling, which their piece cannot make, and a move of the side not to
 * move. Binpack numbers a move among the side to move's, and would store
 * another; every format refuses them, saying why. */
static void refusing_a_move_its_piece_cannot_make(const char *directory)
{
    static const seebatch_file_format formats[] = {SEEBATCH_FILE_BINPACK, SEEBATCH_FILE_PLAIN,
                                                   SEEBATCH_FILE_BIN};
    static const struct {
        const char *fen;
        unsigned from, to, kind;
        const char *message;
    } cases[] = {{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 0, 9, SEEBATCH_MOVE_NORMAL,
                  "entry 1: move a1b2 (0x0009): the rook on a1 cannot reach b2"},
                 {"r3k2r/8/8/8/R7/8/8/4K2R w Kkq - 0 1", 4, 24, SEEBATCH_MOVE_CASTLING,
                  "entry 1: move e1a4 (0x6118): the king on e1 cannot castle with the rook on a4"},
                 {"r3k3/8/8/8/8/8/8/R3K3 b - - 0 1", 0, 56, SEEBATCH_MOVE_NORMAL,
                  "entry 1: move a1a8 (0x0038): a move of the side not to move, which training "
                  "data cannot store"}};
    char path[4200];
    snprintf(path, sizeof path, "%s/impossible_move", directory);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        seebatch_board boards[1];
        CHECK(seebatch_board_from_fen(boards, cases[c].fen, NULL) == SEEBATCH_OK, "%s",
              cases[c].fen);
        uint16_t moves[1] = {seebatch_move_make(cases[c].from, cases[c].to, cases[c].kind)};
        uint16_t plies[1] = {1};
        int16_t scores[1] = {0};
        int8_t results[1] = {0};
        seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
        CHECK(seebatch_move_check(boards, moves[0], NULL) == SEEBATCH_OK,
              "case %zu passes move_check", c);
        for (int f = 0; f < 3; f++) {
            seebatch_training_writer *writer = NULL;
            seebatch_error e = spoiled();
            CHECK_EQ(seebatch_training_create(path, formats[f], 0, &writer, &e), SEEBATCH_OK, "%s",
                     e.message);
            if (!writer)
                continue;
            check_error(seebatch_training_write(writer, 1, &arrays, NULL, &e), &e,
                        SEEBATCH_ERROR_MOVE, cases[c].message);
            seebatch_training_abandon(writer);
            CHECK(fopen(path, "rb") == NULL, "format %d: nothing left", (int)formats[f]);
        }
    }
}

/* Chess960's castling: .plain holds it (X-FEN, the king taking its rook)
 * and reads it back as written; binpack and .bin hold standard chess only,
 * as nnue-pytorch reads them, and refuse it by name. */
/* The filter judges what SEE is defined on, whoever is to move (an EPD
 * line may name either side's move): a move of the side not to move, which
 * no training format stores, is judged, not refused; one its piece cannot
 * make is refused, saying why. */
static void judging_either_sides_move(void)
{
    seebatch_board boards[2];
    CHECK(seebatch_board_from_fen(&boards[0], "r3k3/8/8/8/8/8/8/R3K3 b - - 0 1", NULL) ==
              SEEBATCH_OK,
          "board");
    boards[1] = boards[0];
    uint16_t moves[2] = {seebatch_move_make(0, 56, SEEBATCH_MOVE_NORMAL), /* Rxa8, white's */
                         seebatch_move_make(0, 9, SEEBATCH_MOVE_NORMAL)}; /* a1b2 */
    uint16_t plies[2] = {1, 2};
    int16_t scores[2] = {0, 0};
    int8_t results[2] = {0, 0};
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    const char *const rules[] = {"--skip-capture"};
    seebatch_training_filter *filter = NULL;
    CHECK_EQ(seebatch_training_filter_new(1, rules, &filter, NULL), SEEBATCH_OK, "rules");
    if (!filter)
        return;
    uint8_t keep[2] = {7, 7};
    seebatch_error error = spoiled();
    CHECK_EQ(seebatch_training_filter_keep(filter, 1, &arrays, keep, &error), SEEBATCH_OK, "%s",
             error.message);
    CHECK(keep[0] <= 1, "white's move with black to move is judged");
    check_error(seebatch_training_filter_keep(filter, 2, &arrays, keep, &error), &error,
                SEEBATCH_ERROR_MOVE, "entry 3: move a1b2 (0x0009): the rook on a1 cannot reach b2");
    seebatch_training_filter_free(filter);
}

static void refusing_chess960_castling(const char *directory)
{
    static const char *const fens[] = {
        "rk5r/8/8/8/8/8/8/R5KR w KQkq - 0 1",     /* the king on g1, rooks on the corners */
        "r3k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", /* rooks on b1 and g1 */
    };
    static const char *const moves[] = {"g1h1", "e1g1"};
    static const char *const named[] = {"the king on g1, the rook on h1",
                                        "the king on e1, the rook on g1"};
    static const seebatch_file_format formats[] = {SEEBATCH_FILE_PLAIN, SEEBATCH_FILE_BINPACK,
                                                   SEEBATCH_FILE_BIN};
    static const char *const names[] = {"plain", "binpack", ".bin"};
    char path[4200];
    for (int c = 0; c < 2; c++) {
        seebatch_board boards[1];
        uint16_t entry_moves[1], plies[1] = {20};
        int16_t scores[1] = {0};
        int8_t results[1] = {0};
        seebatch_error e = spoiled();
        CHECK(seebatch_board_from_fen(boards, fens[c], &e) == SEEBATCH_OK &&
                  seebatch_move_parse(boards, moves[c], entry_moves, &e) == SEEBATCH_OK,
              "%s %s: %s", fens[c], moves[c], e.message);
        seebatch_training_arrays arrays = {boards, entry_moves, scores, plies, results};
        for (int f = 0; f < 3; f++) {
            snprintf(path, sizeof path, "%s/chess960.%s", directory, names[f] + (f == 2));
            seebatch_training_writer *writer = NULL;
            e = spoiled();
            CHECK_EQ(seebatch_training_create(path, formats[f], 0, &writer, &e), SEEBATCH_OK, "%s",
                     e.message);
            if (!writer)
                continue;
            if (f > 0) {
                char words[300];
                snprintf(words, sizeof words,
                         "entry 1: %s holds standard chess only, not Chess960's castling "
                         "(white's kingside right: %s)",
                         names[f], named[c]);
                check_error(seebatch_training_write(writer, 1, &arrays, NULL, &e), &e,
                            SEEBATCH_ERROR_ARGUMENT, words);
                seebatch_training_abandon(writer);
                continue;
            }
            CHECK_EQ(seebatch_training_write(writer, 1, &arrays, NULL, &e), SEEBATCH_OK, "%s",
                     e.message);
            CHECK_EQ(seebatch_training_finish(writer, &e), SEEBATCH_OK, "%s", e.message);
            seebatch_training_reader *reader = NULL;
            seebatch_board back[1];
            uint16_t back_moves[1], back_plies[1];
            int16_t back_scores[1];
            int8_t back_results[1];
            seebatch_training_arrays out = {back, back_moves, back_scores, back_plies,
                                            back_results};
            size_t count = 0;
            CHECK(seebatch_training_open(path, &reader, &e) == SEEBATCH_OK &&
                      seebatch_training_read(reader, 1, &out, &count, &e) == SEEBATCH_OK &&
                      count == 1,
                  "%s read back: %s", fens[c], e.message);
            seebatch_training_close(reader);
            CHECK(count == 1 && back_moves[0] == entry_moves[0] &&
                      memcmp(back[0].pieces, boards[0].pieces, sizeof boards[0].pieces) == 0 &&
                      back[0].castling == boards[0].castling &&
                      back[0].reserved == boards[0].reserved,
                  "%s: .plain gives back the entry", fens[c]);
            remove(path);
        }
    }
}

/* ---- NULLs given to open objects ------------------------------------ */

/* The refusals that need a reader, a writer or a filter open: each
 * argument NULL in turn (the others good), an over-long move text, and
 * which filters draw without a seed. */
static void refusing_nulls_beside_open_objects(const char *directory, const game *g)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/nulls.plain", directory);
    seebatch_error e = spoiled();
    seebatch_training_writer *writer = NULL;
    CHECK(seebatch_training_create(path, SEEBATCH_FILE_PLAIN, 0, &writer, &e) == SEEBATCH_OK, "%s",
          e.message);
    check_error(seebatch_training_write(writer, ENTRIES, NULL, NULL, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "writer or in is NULL");
    CHECK(seebatch_training_write(writer, ENTRIES, &g->arrays, NULL, &e) == SEEBATCH_OK &&
              seebatch_training_finish(writer, &e) == SEEBATCH_OK,
          "the entries written after the refusal: %s", e.message);

    seebatch_training_reader *reader = NULL;
    CHECK(seebatch_training_open(path, &reader, &e) == SEEBATCH_OK, "%s", e.message);
    size_t count = 7;
    check_error(seebatch_training_read(reader, ENTRIES, NULL, &count, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "reader, out or count is NULL");
    CHECK_EQ(count, 0, "no entries read into no arrays");
    check_error(seebatch_training_read(reader, ENTRIES, &g->arrays, NULL, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "reader, out or count is NULL");
    check_error(seebatch_training_read_chunk(reader, ENTRIES, &g->arrays, NULL, NULL, &e), &e,
                SEEBATCH_ERROR_ARGUMENT, "reader or chunk_done is NULL");
    game back = *g;
    back.arrays =
        (seebatch_training_arrays){back.boards, back.moves, back.scores, back.plies, back.results};
    CHECK(seebatch_training_read(reader, ENTRIES, &back.arrays, &count, &e) == SEEBATCH_OK &&
              count == ENTRIES && back.moves[2] == g->moves[2],
          "the entries read after the refusals: %s (%zu)", e.message, count);
    seebatch_training_close(reader);
    remove(path);

    uint16_t moves[1];
    size_t parsed = 9;
    check_error(
        seebatch_training_moves_from_uci(g->boards, 1, NULL, NULL, 5, 1, moves, &parsed, &e), &e,
        SEEBATCH_ERROR_ARGUMENT, "boards, texts or moves is NULL");
    check_error(
        seebatch_training_moves_from_uci(g->boards, 1, NULL, "e2e4", 5, 1, NULL, &parsed, &e), &e,
        SEEBATCH_ERROR_ARGUMENT, "boards, texts or moves is NULL");
    CHECK_EQ(parsed, 0, "no row parsed");
    parsed = 9;
    CHECK_EQ(seebatch_training_moves_from_uci(NULL, 0, NULL, NULL, 5, 0, NULL, &parsed, &e),
             SEEBATCH_OK, "no rows need no boards, texts or moves: %s", e.message);
    CHECK_EQ(parsed, 0, "no rows parsed");
    static const char long_text[] = "e2e4e2e4e2e4e2e4";
    check_error(seebatch_training_moves_from_uci(g->boards, 1, NULL, long_text, sizeof long_text, 1,
                                                 moves, &parsed, &e),
                &e, SEEBATCH_ERROR_MOVE, "row 0: a move of 16 characters");

    seebatch_board inconsistent = SEEBATCH_BOARD_EMPTY;
    inconsistent.en_passant = 0; /* a1 */
    check_error(
        seebatch_training_moves_from_uci(&inconsistent, 1, NULL, "e2e4", 5, 1, moves, &parsed, &e),
        &e, SEEBATCH_ERROR_BOARD, "row 0: \"e2e4\" on board 0: en passant square a1");

    /* Rule values as the tool refuses them: a value attached to a rule that
     * takes none, and numbers with a '+' or a '-' and no digit. */
    seebatch_training_filter *filter = (seebatch_training_filter *)&filter;
    const char *const attached[] = {"--skip-capture=1"};
    check_error(seebatch_training_filter_new(1, attached, &filter, &e), &e, SEEBATCH_ERROR_CONFIG,
                "\"--skip-capture=1\": not a rule or configuration option");
    CHECK(filter == NULL, "no filter after a refusal");
    const char *const plus[] = {"--skip-see-ge", "+5"}, *const minus[] = {"--skip-see-ge", "-x"};
    check_error(seebatch_training_filter_new(2, plus, &filter, &e), &e, SEEBATCH_ERROR_CONFIG,
                "--skip-see-ge needs a whole number -2147483648..2147483647, not \"+5\"");
    check_error(seebatch_training_filter_new(2, minus, &filter, &e), &e, SEEBATCH_ERROR_CONFIG,
                "--skip-see-ge needs a whole number -2147483648..2147483647, not \"-x\"");

    const char *const unseeded[] = {"--random-skip", "3"};
    const char *const seeded[] = {"--random-skip", "3", "--seed", "11"};
    CHECK_EQ(seebatch_training_filter_reads(NULL), 0, "NULL reads nothing");
    CHECK(seebatch_training_filter_new(2, unseeded, &filter, &e) == SEEBATCH_OK &&
              seebatch_training_filter_reads(filter) == SEEBATCH_FILTER_DRAWS,
          "--random-skip with no --seed draws, unseeded (%s)", e.message);
    seebatch_training_filter_free(filter);
    CHECK(seebatch_training_filter_new(4, seeded, &filter, &e) == SEEBATCH_OK &&
              seebatch_training_filter_reads(filter) ==
                  (SEEBATCH_FILTER_DRAWS | SEEBATCH_FILTER_SEEDED),
          "--random-skip with --seed is seeded (%s)", e.message);
    seebatch_training_filter_free(filter);
    /* What the rules read, and their words. */
    const char *const reading[] = {"--skip-see-ge", "0", "--skip-placeholder", "--skip-in-check"};
    CHECK_EQ(seebatch_training_filter_new(4, reading, &filter, &e), SEEBATCH_OK, "%s", e.message);
    CHECK_EQ(seebatch_training_filter_reads(filter),
             SEEBATCH_FILTER_READS_MOVE | SEEBATCH_FILTER_READS_SCORE, "the move and the score");
    char words[64] = "x";
    int on = 0;
    for (int r = -1; r <= 16; r++)
        on += seebatch_training_filter_rule(filter, r, words, sizeof words);
    CHECK_EQ(on, 3, "three rules on");
    CHECK(seebatch_training_filter_rule(filter, 0, words, sizeof words) == 1 &&
              strcmp(words, "--skip-in-check") == 0,
          "rule 0: %s", words);
    CHECK(seebatch_training_filter_rule(filter, 2, words, sizeof words) == 1 &&
              strcmp(words, "--skip-see-ge 0") == 0,
          "rule 2: %s", words);
    CHECK(seebatch_training_filter_rule(filter, 1, words, sizeof words) == 0 && words[0] == '\0',
          "rule 1 is off: \"\"");
    CHECK_EQ(seebatch_training_filter_rule(NULL, 0, NULL, 0), 0, "NULL: no rule");
    seebatch_training_filter_free(filter);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_training_errors DIRECTORY\n");
        return 2;
    }
    game g;
    make_game(&g);
    opening(argv[1]);
    writing(argv[1], &g);
    make_game(&g); /* reading back overwrote it */
    filtering(&g);
    reading_a_damaged_file(argv[1], &g);
    filtering_a_chunk(argv[1]);
    reading_chunks(argv[1]);
    make_game(&g);
    parsing_uci(&g);
    make_game(&g);
    out_of_memory(argv[1], &g);
    io_failing(argv[1], &g);
    make_game(&g);
    refusing_nulls(&g);
    make_game(&g);
    refusing_nulls_beside_open_objects(argv[1], &g);
    refusing_what_a_format_cannot_hold(argv[1]);
    refusing_a_bin_board_past_256_bits(argv[1]);
    refusing_a_move_its_piece_cannot_make(argv[1]);
    judging_either_sides_move();
    refusing_chess960_castling(argv[1]);
    return check_finish("test_training_errors");
}
