/* The one runner as a C user calls it (seebatch_training_run,
 * include/seebatch_training.h), through the public header only:
 *   - a whole binpack read on 1, 2 and 3 threads gives the entries, the
 *     fault, its place and its message seebatch_training_read gives, on
 *     games the public writer wrote, on cut and damaged copies of them, and
 *     on a real file when one is given (one large chunk: cut for threads);
 *     each portion's chains are the writer's;
 *   - seebatch_count_work counts what a plain sum over the entries counts,
 *     on every format and number of threads, and the facts of hand-made
 *     entries whose facts are known (captures, checks, chains, games);
 *   - seebatch_label_work gives each entry's seebatch_value;
 *   - bad plain blocks skipped with their numbers, or ending the run, and a
 *     .bin that does not decode ending it whatever the hook says;
 *   - lines, blank and too long ones among them, numbered;
 *   - a deliver that stops the run, and the arguments refused.
 * Usage: test_training_run DIRECTORY [FILE.binpack] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "seebatch_training.h"

enum { MAX_ENTRIES = 1 << 19 }; /* small.binpack holds 434921 */

static bool same_entry(const seebatch_training_entry *a, const seebatch_training_entry *b)
{
    return memcmp(&a->board, &b->board, sizeof a->board) == 0 && a->move == b->move &&
           a->score == b->score && a->ply == b->ply && a->result == b->result;
}

/* ------------------------------------------------------------------------ */
/* A work that collects every entry in file order                           */
/* ------------------------------------------------------------------------ */

/* A portion's entries as the blocks give them, and the numbers of its first
 * entries (to check that blocks come in order). */
typedef struct collected_portion {
    seebatch_training_entry *entries;
    size_t count, capacity;
    uint64_t next; /* the number the next block starts at, at least (skipped ones between) */
    bool in_order;
} collected_portion;

typedef struct collection {
    seebatch_training_entry *entries; /* MAX_ENTRIES */
    size_t count;
    uint64_t chains; /* the portions' binpack chains summed */
    size_t portions;
    uint64_t sizes; /* the portions' sizes summed: every entry delivered once */
} collection;

static void *collected_new(void *context)
{
    (void)context;
    return calloc(1, sizeof(collected_portion));
}

static void collected_free(void *context, void *state)
{
    (void)context;
    collected_portion *portion = state;
    if (portion)
        free(portion->entries);
    free(portion);
}

static void collect_block(void *context, const seebatch_portion *block)
{
    (void)context;
    collected_portion *portion = block->state;
    if (block->begins) {
        portion->count = 0;
        portion->next = 0;
        portion->in_order = true;
    }
    portion->in_order = portion->in_order && block->first >= portion->next;
    portion->next = block->first + block->count;
    if (portion->count + block->count > portion->capacity) {
        size_t capacity = portion->count + block->count + 4096;
        seebatch_training_entry *grown = realloc(portion->entries, capacity * sizeof *grown);
        if (!grown)
            return;
        portion->entries = grown;
        portion->capacity = capacity;
    }
    if (block->count) /* an empty block may have no entries at all */
        memcpy(portion->entries + portion->count, block->entries,
               block->count * sizeof *block->entries);
    portion->count += block->count;
}

static int collect_deliver(void *context, const seebatch_portion *delivered)
{
    collection *all = context;
    const collected_portion *portion = delivered->state;
    CHECK(portion->in_order, "the blocks of a portion come in order");
    CHECK_EQ(delivered->before, all->sizes, "entries before the portion, those skipped counted");
    CHECK_EQ(delivered->count, portion->count, "the entries given");
    all->chains += delivered->chains;
    if (portion->count && all->count + portion->count <= MAX_ENTRIES) /* none: maybe no array */
        memcpy(all->entries + all->count, portion->entries,
               portion->count * sizeof *portion->entries);
    all->count += portion->count;
    all->portions++;
    all->sizes += delivered->size;
    return 0;
}

/* Where a reading stopped. */
typedef struct stop {
    seebatch_training_place place; /* {0, 0}: the end */
    char message[SEEBATCH_MESSAGE_SIZE + 600];
} stop;

/* path by seebatch_training_read, the reference. */
static size_t read_reference(const char *path, seebatch_training_entry *entries, stop *end)
{
    static seebatch_board boards[MAX_ENTRIES];
    static uint16_t moves[MAX_ENTRIES], plies[MAX_ENTRIES];
    static int16_t scores[MAX_ENTRIES];
    static int8_t results[MAX_ENTRIES];
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    seebatch_training_reader *reader;
    seebatch_error error;
    *end = (stop){{0, 0}, ""};
    if (seebatch_training_open(path, &reader, &error) != SEEBATCH_OK) {
        CHECK(false, "%s", error.message);
        return 0;
    }
    size_t got = 0;
    seebatch_status status = seebatch_training_read(reader, MAX_ENTRIES, &arrays, &got, &error);
    for (size_t i = 0; i < got; i++)
        entries[i] =
            (seebatch_training_entry){boards[i], moves[i], scores[i], plies[i], results[i]};
    if (status != SEEBATCH_OK) {
        end->place = seebatch_training_reader_place(reader);
        snprintf(end->message, sizeof end->message, "%s: %s", path, error.message);
    }
    seebatch_training_close(reader);
    return got;
}

/* path by seebatch_training_run on `threads` threads into all. */
static void read_by_run(const char *path, unsigned threads, collection *all, stop *end)
{
    all->count = all->portions = 0;
    all->sizes = all->chains = 0;
    seebatch_run run;
    memset(&run, 0, sizeof run);
    run.input = path;
    run.threads = threads;
    run.work = (seebatch_work){all, collected_new, collected_free, collect_block, collect_deliver};
    seebatch_error error;
    seebatch_status status = seebatch_training_run(&run, &error);
    *end = (stop){{0, 0}, ""};
    if (status != SEEBATCH_OK) {
        end->place = run.place;
        snprintf(end->message, sizeof end->message, "%s", error.message);
        CHECK(run.reason[0] && strstr(error.message, run.reason), "the reason \"%s\" in \"%s\"",
              run.reason, error.message);
    }
    CHECK_EQ(run.entries, all->count, "%s: the entries the run delivered", path);
    CHECK_EQ(all->sizes, all->count, "%s: the portions' sizes", path);
}

/* path read by the run on `fewest` to 3 threads: the reference's entries
 * and fault, and the same chains (a chunk cut for threads is cut at chain
 * starts: its parts' chains add up to its own). */
static void compare_readings(const char *path, seebatch_training_entry *reference, collection *all,
                             unsigned fewest)
{
    stop expected, got;
    size_t count = read_reference(path, reference, &expected);
    uint64_t chains = 0;
    for (unsigned threads = fewest; threads <= 3; threads++) {
        read_by_run(path, threads, all, &got);
        if (threads == fewest)
            chains = all->chains;
        CHECK_EQ(all->chains, chains, "%s, %u threads: chains", path, threads);
        CHECK_EQ(all->count, count, "%s, %u threads: entries", path, threads);
        CHECK_EQ(got.place.byte_offset, expected.place.byte_offset, "%s: the fault's byte", path);
        CHECK_EQ(got.place.entry, expected.place.entry, "%s: the fault's entry", path);
        CHECK(strcmp(got.message, expected.message) == 0, "%s: \"%s\" is \"%s\"", path, got.message,
              expected.message);
        size_t differ = 0;
        for (size_t i = 0; i < all->count && i < count; i++)
            differ += !same_entry(&all->entries[i], &reference[i]);
        CHECK_EQ(differ, 0, "%s, %u threads: entries that differ", path, threads);
    }
}

/* Games of random legal moves (a fixed generator), written by the public
 * writer in a format: for binpack, chains as the games go. 300 games of up
 * to 80 plies; the later stages' share (SEEBATCH_TEST_SCALE) no fewer than
 * 140, over 10,000 entries: three portions of entries, and the bad blocks
 * and the .bin fault of test_bad_entries at entry 5,001. */
static size_t write_games(const char *path, seebatch_file_format format)
{
    const int games = scaled(300) < 140 ? 140 : scaled(300);
    seebatch_training_writer *writer;
    seebatch_error error;
    if (seebatch_training_create(path, format, 0, &writer, &error) != SEEBATCH_OK) {
        CHECK(false, "%s", error.message);
        return 0;
    }
    uint64_t seed = 12345;
    size_t written = 0;
    for (int game = 0; game < games; game++) {
        seebatch_board board;
        seebatch_board_from_fen(&board, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                NULL);
        int8_t result = (int8_t)(game % 3 - 1);
        for (uint16_t ply = 0; ply < 80; ply++) {
            seebatch_move moves[SEEBATCH_MAX_MOVES];
            size_t count = seebatch_generate_moves(&board, moves);
            if (count == 0 || board.halfmove_clock >= 100)
                break;
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            seebatch_move move = moves[(seed >> 33) % count];
            int16_t score = (int16_t)((int)(seed >> 40 & 1023) - 512);
            seebatch_training_arrays one = {&board, &move, &score, &ply, &result};
            if (seebatch_training_write(writer, 1, &one, NULL, &error) != SEEBATCH_OK) {
                CHECK(false, "%s", error.message);
                seebatch_training_abandon(writer);
                return 0;
            }
            written++;
            seebatch_board_play(&board, move);
            result = (int8_t)-result;
        }
    }
    CHECK(seebatch_training_finish(writer, &error) == SEEBATCH_OK, "%s", error.message);
    return written;
}

/* A copy of from with its bytes from `at` overwritten by pattern (or cut
 * there, pattern < 0). */
static bool damaged_copy(const char *from, const char *to, long at, int pattern)
{
    static uint8_t bytes[1 << 22];
    FILE *in = fopen(from, "rb");
    size_t size = in ? fread(bytes, 1, sizeof bytes, in) : 0;
    if (in)
        fclose(in);
    if ((size_t)at >= size)
        return false;
    if (pattern < 0)
        size = (size_t)at;
    else
        memset(bytes + at, pattern, size - (size_t)at < 6 ? size - (size_t)at : 6);
    FILE *out = fopen(to, "wb");
    bool done = out && fwrite(bytes, 1, size, out) == size;
    return out && fclose(out) == 0 && done;
}

static void test_readings(const char *directory, const char *real_file)
{
    static seebatch_training_entry reference[MAX_ENTRIES], entries[MAX_ENTRIES];
    collection all = {entries, 0, 0, 0, 0};
    char games[512], copy[512];
    snprintf(games, sizeof games, "%s/games.binpack", directory);
    snprintf(copy, sizeof copy, "%s/damaged.binpack", directory);
    size_t written = write_games(games, SEEBATCH_FILE_BINPACK);
    CHECK(written > 10000, "games written: %zu entries", written);
    compare_readings(games, reference, &all, 1);
    CHECK_EQ(all.count, written, "every entry written is read");

    /* Cut and damaged at places through the file: a truncated chunk, a
     * header cut, a stem or movetext the decoder refuses (or decodes as
     * other entries): the run and the reader agree, and some copies fault. */
    int faulted = 0;
    stop end;
    for (long at = 3; damaged_copy(games, copy, at, -1); at = at * 3 + 17) {
        compare_readings(copy, reference, &all, 1);
        read_reference(copy, reference, &end);
        faulted += end.place.entry != 0;
        CHECK(end.place.entry != 0, "the copy cut at %ld faults", at);
    }
    for (long at = 9; damaged_copy(games, copy, at, (int)(at * 37 % 256)); at = at * 2 + 5) {
        compare_readings(copy, reference, &all, 1);
        read_reference(copy, reference, &end);
        faulted += end.place.entry != 0;
    }
    CHECK(faulted > 10, "%d damaged copies fault", faulted);

    for (int f = 0; f < 2; f++) { /* plain and bin: portions of entries read by the reader */
        char path[512];
        snprintf(path, sizeof path, "%s/games.%s", directory, f ? "bin" : "plain");
        CHECK(write_games(path, f ? SEEBATCH_FILE_BIN : SEEBATCH_FILE_PLAIN) == written,
              "%s written", path);
        compare_readings(path, reference, &all, 1);
        CHECK(all.portions > 2, "%s: %zu portions", path, all.portions);
    }
    if (!real_file)
        return;
    FILE *real = fopen(real_file, "rb");
    if (!real) {
        printf("test_training_run: %s is not there: the games alone were read\n", real_file);
        return;
    }
    fclose(real);
    /* One thread reads the chunk whole, as the reference does, and took
     * the longest under ThreadSanitizer: the later stages cut it alone. */
    compare_readings(real_file, reference, &all, at_full_scale() ? 1 : 2);
    CHECK(all.count > 100000, "%s: %zu entries read whole", real_file, all.count);
}

/* ------------------------------------------------------------------------ */
/* Counts and labels                                                        */
/* ------------------------------------------------------------------------ */

/* The counts of seebatch_count_work on path, run on `threads` threads. */
static seebatch_counts count_file(const char *path, unsigned threads)
{
    seebatch_counts counts;
    memset(&counts, 0, sizeof counts);
    seebatch_run run;
    memset(&run, 0, sizeof run);
    run.input = path;
    run.threads = threads;
    run.work = seebatch_count_work(&counts);
    seebatch_error error;
    CHECK_EQ(seebatch_training_run(&run, &error), SEEBATCH_OK, "%s", error.message);
    return counts;
}

static int white_result(const seebatch_training_entry *entry)
{
    return entry->board.side_to_move == SEEBATCH_WHITE ? entry->result : -entry->result;
}

/* The same counts summed here, one entry after another: games, results and
 * the moves' kinds (chains: test_known_counts). */
static seebatch_counts sum_counts(const seebatch_training_entry *entries, size_t count)
{
    seebatch_counts sum;
    memset(&sum, 0, sizeof sum);
    for (size_t i = 0; i < count; i++) {
        const seebatch_training_entry *e = &entries[i], *before = i ? &entries[i - 1] : NULL;
        int white = white_result(e);
        if (!before || e->ply <= before->ply || white != white_result(before)) {
            sum.games++;
            *(white > 0   ? &sum.games_won_by_white
              : white < 0 ? &sum.games_won_by_black
                          : &sum.games_drawn) += 1;
        }
        sum.entries++;
        *(e->result > 0   ? &sum.side_to_move_won
          : e->result < 0 ? &sum.side_to_move_lost
                          : &sum.side_to_move_drew) += 1;
        sum.castlings += seebatch_move_kind(e->move) == SEEBATCH_MOVE_CASTLING;
        sum.en_passant += seebatch_move_kind(e->move) == SEEBATCH_MOVE_EN_PASSANT;
    }
    return sum;
}

static void compare_counts(const char *path, const seebatch_counts *got, const seebatch_counts *sum)
{
    CHECK_EQ(got->entries, sum->entries, "%s: entries", path);
    CHECK_EQ(got->games, sum->games, "%s: games", path);
    CHECK_EQ(got->games_won_by_white, sum->games_won_by_white, "%s: white's games", path);
    CHECK_EQ(got->games_drawn, sum->games_drawn, "%s: games drawn", path);
    CHECK_EQ(got->side_to_move_won, sum->side_to_move_won, "%s: side to move won", path);
    CHECK_EQ(got->side_to_move_lost, sum->side_to_move_lost, "%s: side to move lost", path);
    CHECK_EQ(got->castlings, sum->castlings, "%s: castlings", path);
    CHECK_EQ(got->en_passant, sum->en_passant, "%s: en passant", path);
}

/* The entry of a FEN and a UCI move. */
static bool make_entry(seebatch_training_entry *entry, const char *fen, const char *uci,
                       uint16_t ply, int8_t result)
{
    memset(entry, 0, sizeof *entry);
    seebatch_error error;
    bool made = seebatch_board_from_fen(&entry->board, fen, &error) == SEEBATCH_OK &&
                seebatch_move_parse(&entry->board, uci, &entry->move, &error) == SEEBATCH_OK;
    CHECK(made, "%s %s: %s", fen, uci, error.message);
    entry->ply = ply;
    entry->result = result;
    return made;
}

/* The entry after `before`'s move, as a game goes on. */
static bool follow(seebatch_training_entry *entry, const seebatch_training_entry *before,
                   const char *uci)
{
    *entry = *before;
    seebatch_board_play(&entry->board, before->move);
    entry->ply = (uint16_t)(before->ply + 1);
    entry->result = (int8_t)-before->result;
    seebatch_error error;
    bool parsed = seebatch_move_parse(&entry->board, uci, &entry->move, &error) == SEEBATCH_OK;
    CHECK(parsed, "%s after the entry before: %s", uci, error.message);
    return parsed;
}

/* Entries whose facts are known, written as plain and counted. */
static void test_known_counts(const char *directory)
{
    seebatch_training_entry e[8];
    bool made =
        make_entry(&e[0], "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", 2,
                   1) &&
        follow(&e[1], &e[0], "d8d5") && /* continues, takes back; the same game */
        make_entry(&e[2], "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", "e8d8", 40, 0) &&     /* in check */
        make_entry(&e[3], "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 3, -1) &&   /* en passant */
        make_entry(&e[4], "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 0, 1) && /* castling */
        follow(&e[5], &e[4], "e8c8") &&                                            /* continues */
        follow(&e[6], &e[5], "a1a8") && /* continues, but see below */
        follow(&e[7], &e[6], "c8b7");   /* continues, in check by the rook on a8 */
    if (!made)
        return;
    e[6].result = e[5].result;          /* the same side's result: a new game ... */
    e[7].result = (int8_t)-e[6].result; /* ... which entry 7 goes on */
    char path[512];
    snprintf(path, sizeof path, "%s/known.plain", directory);
    seebatch_training_writer *writer;
    seebatch_error error;
    seebatch_board boards[8];
    uint16_t moves[8], plies[8];
    int16_t scores[8];
    int8_t results[8];
    for (int i = 0; i < 8; i++) {
        boards[i] = e[i].board;
        moves[i] = e[i].move;
        scores[i] = e[i].score;
        plies[i] = e[i].ply;
        results[i] = e[i].result;
    }
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    CHECK(seebatch_training_create(path, SEEBATCH_FILE_PLAIN, 0, &writer, &error) == SEEBATCH_OK &&
              seebatch_training_write(writer, 8, &arrays, NULL, &error) == SEEBATCH_OK &&
              seebatch_training_finish(writer, &error) == SEEBATCH_OK,
          "%s", error.message);
    for (unsigned threads = 1; threads <= 2; threads++) {
        seebatch_counts c = count_file(path, threads);
        CHECK(c.entries == 8 && c.captures == 3 && c.checks == 2 && c.en_passant == 1 &&
                  c.castlings == 2 && c.promotions == 0 && c.chains == 5 && c.games == 5 &&
                  c.side_to_move_won == 3 && c.side_to_move_drew == 1 && c.side_to_move_lost == 4,
              "the known facts: %llu entries, %llu captures, %llu checks, %llu en passant, %llu "
              "castlings, %llu chains, %llu games, results %llu/%llu/%llu",
              (unsigned long long)c.entries, (unsigned long long)c.captures,
              (unsigned long long)c.checks, (unsigned long long)c.en_passant,
              (unsigned long long)c.castlings, (unsigned long long)c.chains,
              (unsigned long long)c.games, (unsigned long long)c.side_to_move_won,
              (unsigned long long)c.side_to_move_drew, (unsigned long long)c.side_to_move_lost);
    }
}

/* Labels taken in file order. */
typedef struct labels_out {
    int32_t *values; /* MAX_ENTRIES */
    size_t count;
    bool in_order;
} labels_out;

static int take_labels(void *context, const int32_t *values, size_t count, uint64_t before)
{
    labels_out *out = context;
    out->in_order = out->in_order && before == out->count;
    if (out->count + count <= MAX_ENTRIES)
        memcpy(out->values + out->count, values, count * sizeof *values);
    out->count += count;
    return 0;
}

/* The count work against the sums, and the label work against
 * seebatch_value, on the games in every format and number of threads. */
static void test_counts_and_labels(const char *directory)
{
    static seebatch_training_entry entries[MAX_ENTRIES];
    static const char *const names[] = {"games.binpack", "games.plain", "games.bin"};
    seebatch_rules rules;
    seebatch_config config = seebatch_config_stockfish();
    seebatch_rules_init(&rules, &config, NULL);
    for (int f = 0; f < 3; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", directory, names[f]);
        stop end;
        size_t count = read_reference(path, entries, &end);
        seebatch_counts sum = sum_counts(entries, count);
        for (unsigned threads = 1; threads <= 3; threads++) {
            seebatch_counts got = count_file(path, threads);
            compare_counts(path, &got, &sum);
        }
        /* Labels: each entry's value, in order. */
        static int32_t values[MAX_ENTRIES];
        labels_out out = {values, 0, true};
        seebatch_labelling labelling = {&rules, take_labels, &out};
        seebatch_run run;
        memset(&run, 0, sizeof run);
        run.input = path;
        run.threads = 2;
        run.work = seebatch_label_work(&labelling);
        seebatch_error error;
        CHECK_EQ(seebatch_training_run(&run, &error), SEEBATCH_OK, "%s", error.message);
        CHECK(out.in_order, "%s: labels come in file order", path);
        CHECK_EQ(out.count, count, "%s: a label an entry", path);
        size_t differ = 0;
        for (size_t i = 0; i < out.count && i < count; i++)
            differ += values[i] != seebatch_value(&rules, &entries[i].board, NULL, entries[i].move);
        CHECK_EQ(differ, 0, "%s: labels that are not the entry's value", path);
    }
}

/* ------------------------------------------------------------------------ */
/* Bad plain blocks, a bad .bin entry                                       */
/* ------------------------------------------------------------------------ */

/* What the skip hook was told. */
typedef struct skip_log {
    int answer; /* what the hook returns */
    size_t calls;
    uint64_t entries[64];
    char first[SEEBATCH_MESSAGE_SIZE + 64];
} skip_log;

static int log_skip(void *context, const seebatch_training_place *place, const char *message)
{
    skip_log *log = context;
    if (log->calls < 64)
        log->entries[log->calls] = place->entry;
    if (log->calls++ == 0)
        snprintf(log->first, sizeof log->first, "%s", message);
    return log->answer;
}

/* A copy of a plain file with the move of some blocks made unreadable. */
static void damage_plain(const char *from, const char *to, const size_t *bad, size_t bad_count)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    char line[512];
    size_t block = 0, next = 0;
    while (in && out && fgets(line, sizeof line, in)) {
        bool damaged = next < bad_count && bad[next] == block;
        if (damaged && strncmp(line, "move ", 5) == 0)
            fputs("move zz", out), fputs(line + 5, out);
        else
            fputs(line, out);
        if (strcmp(line, "e\n") == 0) {
            next += damaged;
            block++;
        }
    }
    if (in)
        fclose(in);
    CHECK(out && fclose(out) == 0, "%s written", to);
}

/* A run of the collecting work over path, told of bad blocks by log (NULL:
 * no hook); its status and the collection. */
static seebatch_status run_skipping(const char *path, unsigned threads, skip_log *log,
                                    collection *all, seebatch_run *run, seebatch_error *error)
{
    all->count = all->portions = 0;
    all->sizes = all->chains = 0;
    memset(run, 0, sizeof *run);
    run->input = path;
    run->threads = threads;
    run->work = (seebatch_work){all, collected_new, collected_free, collect_block, collect_deliver};
    run->skip = log ? log_skip : NULL;
    run->skip_context = log;
    return seebatch_training_run(run, error);
}

static void test_bad_entries(const char *directory)
{
    static seebatch_training_entry reference[MAX_ENTRIES], entries[MAX_ENTRIES];
    collection all = {entries, 0, 0, 0, 0};
    char path[512], damaged[512];
    snprintf(path, sizeof path, "%s/games.plain", directory);
    snprintf(damaged, sizeof damaged, "%s/damaged.plain", directory);
    /* Entries 1, 6, 7, 8, 4097 (the first of the second portion), 4098 and 5001. */
    static const size_t bad[] = {0, 5, 6, 7, 4096, 4097, 5000};
    enum { BAD = sizeof bad / sizeof *bad };
    damage_plain(path, damaged, bad, BAD);
    stop end;
    size_t count = read_reference(path, reference, &end); /* the whole file's entries */
    for (unsigned threads = 1; threads <= 3; threads++) {
        skip_log log = {.answer = 1};
        seebatch_run run;
        seebatch_error error;
        CHECK_EQ(run_skipping(damaged, threads, &log, &all, &run, &error), SEEBATCH_OK,
                 "skipped blocks end nothing: %s", error.message);
        CHECK_EQ(all.count, count - BAD, "%u threads: the good entries", threads);
        CHECK_EQ(run.entries, count, "the entries delivered, those skipped counted");
        CHECK_EQ(log.calls, BAD, "each bad block told once");
        for (size_t b = 0; b < BAD && b < log.calls; b++)
            CHECK_EQ(log.entries[b], bad[b] + 1, "bad block %zu's number", b);
        char expected[600];
        snprintf(expected, sizeof expected, "%s: line 6, entry 1: move zz", damaged);
        CHECK(strncmp(log.first, expected, strlen(expected)) == 0, "\"%s\" starts \"%s\"",
              log.first, expected);
        size_t differ = 0, k = 0;
        for (size_t i = 0; i < count && k < all.count; i++) {
            bool skipped = false;
            for (size_t b = 0; b < BAD; b++)
                skipped |= bad[b] == i;
            if (!skipped)
                differ += !same_entry(&entries[k++], &reference[i]);
        }
        CHECK_EQ(differ, 0, "the entries between the bad blocks are the file's");
    }
    /* The hook refusing, and no hook: the run ends at the first bad block,
     * entry 1, nothing before it. */
    for (int hooked = 0; hooked < 2; hooked++) {
        skip_log log = {.answer = 0};
        seebatch_run run;
        seebatch_error error;
        CHECK_EQ(run_skipping(damaged, 2, hooked ? &log : NULL, &all, &run, &error),
                 SEEBATCH_ERROR_ARGUMENT, "the first bad block ends the run");
        CHECK(all.count == 0 && run.place.entry == 1 && run.line == 6 &&
                  strstr(error.message, ": line 6, entry 1: move zz"),
              "ends at line 6, entry 1: %s", error.message);
        CHECK_EQ(log.calls, (size_t)hooked, "the hook asked once when it is set");
    }
    /* A .bin entry that does not decode ends the run whatever the hook says,
     * every entry before it delivered. */
    snprintf(path, sizeof path, "%s/games.bin", directory);
    snprintf(damaged, sizeof damaged, "%s/damaged.bin", directory);
    CHECK(damaged_copy(path, damaged, 40 * 5000 + 3, 0xff), "%s", damaged);
    skip_log log = {.answer = 1};
    seebatch_run run;
    seebatch_error error;
    CHECK_EQ(run_skipping(damaged, 3, &log, &all, &run, &error), SEEBATCH_ERROR_ARGUMENT,
             "the .bin fault");
    CHECK(all.count == 5000 && log.calls == 0 && run.place.byte_offset == 200000 &&
              run.place.entry == 5001 && strstr(error.message, ": byte 200000, entry 5001: "),
          "a .bin fault ends the run: %zu entries, %s", all.count, error.message);
}

/* ------------------------------------------------------------------------ */
/* Lines, a stop, arguments                                                 */
/* ------------------------------------------------------------------------ */

/* Lines kept in file order: their numbers, lengths and whether too long. */
typedef struct lines_seen {
    size_t count;
    uint64_t numbers[16];
    size_t lengths[16];
    int too_long[16];
    char first[16];
} lines_seen;

static void *lines_new(void *context)
{
    (void)context;
    return calloc(1, 1);
}

static void lines_free(void *context, void *state)
{
    (void)context;
    free(state);
}

static void lines_block(void *context, const seebatch_portion *block)
{
    (void)context;
    (void)block; /* the lines are looked at when delivered */
}

static int lines_deliver(void *context, const seebatch_portion *portion)
{
    lines_seen *seen = context;
    for (size_t i = 0; i < portion->count && seen->count < 16; i++, seen->count++) {
        const seebatch_line *line = &portion->lines[i];
        seen->numbers[seen->count] = line->number;
        seen->lengths[seen->count] = line->length;
        seen->too_long[seen->count] = line->too_long;
        seen->first[seen->count] = line->length ? line->text[0] : '-';
    }
    return 0;
}

static void test_lines(const char *directory)
{
    char path[512];
    snprintf(path, sizeof path, "%s/lines.txt", directory);
    FILE *out = fopen(path, "wb");
    if (!out) {
        CHECK(false, "%s", path);
        return;
    }
    fputs("a1\r\n\nb22\n", out);
    for (int i = 0; i < SEEBATCH_LINE_MAX + 10; i++)
        fputc('x', out);
    fputs("\nc333", out); /* the last line has no end */
    fclose(out);
    for (unsigned threads = 1; threads <= 2; threads++) {
        lines_seen seen = {0};
        seebatch_run run;
        memset(&run, 0, sizeof run);
        run.input = path;
        run.threads = threads;
        run.work = (seebatch_work){&seen, lines_new, lines_free, lines_block, lines_deliver};
        seebatch_error error;
        CHECK_EQ(seebatch_training_run(&run, &error), SEEBATCH_OK, "%s", error.message);
        CHECK(seen.count == 5 && run.entries == 5, "five lines: %zu", seen.count);
        static const size_t lengths[] = {2, 0, 3, 0, 4};
        static const char firsts[] = "a-b-c";
        for (size_t i = 0; i < 5 && i < seen.count; i++)
            CHECK(seen.numbers[i] == i + 1 && seen.lengths[i] == lengths[i] &&
                      seen.first[i] == firsts[i] && seen.too_long[i] == (i == 3),
                  "line %zu: number %llu, length %zu", i + 1, (unsigned long long)seen.numbers[i],
                  seen.lengths[i]);
    }
}

static int stop_deliver(void *context, const seebatch_portion *portion)
{
    (void)portion;
    ++*(int *)context;
    return 1;
}

static void test_stop_and_arguments(const char *directory)
{
    char path[512];
    snprintf(path, sizeof path, "%s/games.plain", directory);
    int delivered = 0;
    seebatch_run run;
    memset(&run, 0, sizeof run);
    run.input = path;
    run.threads = 2;
    run.work =
        (seebatch_work){&delivered, collected_new, collected_free, collect_block, stop_deliver};
    seebatch_error error;
    CHECK(seebatch_training_run(&run, &error) == SEEBATCH_ERROR_ARGUMENT &&
              strstr(error.message, "stopped by the work") && delivered == 1,
          "a deliver that stops the run: %s, after %d", error.message, delivered);

    CHECK_EQ(seebatch_training_run(NULL, &error), SEEBATCH_ERROR_ARGUMENT, "NULL run");
    run.work.block = NULL;
    CHECK_EQ(seebatch_training_run(&run, &error), SEEBATCH_ERROR_ARGUMENT, "NULL block");
    run.work.block = collect_block;
    run.input = NULL;
    CHECK_EQ(seebatch_training_run(&run, &error), SEEBATCH_ERROR_ARGUMENT, "NULL input");
    run.input = "/nonexistent/x.binpack";
    CHECK(seebatch_training_run(&run, &error) == SEEBATCH_ERROR_ARGUMENT &&
              strstr(error.message, "/nonexistent/x.binpack: cannot open"),
          "%s", error.message);
    run.input = "stdin";
    run.input_stream = stdin;
    run.format = SEEBATCH_FILE_UNKNOWN;
    CHECK(seebatch_training_run(&run, &error) == SEEBATCH_ERROR_ARGUMENT &&
              strstr(error.message, "format 0"),
          "a stream's format is said: %s", error.message);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_training_run DIRECTORY [FILE.binpack]\n");
        return 2;
    }
    test_known_counts(argv[1]);
    test_readings(argv[1], argc > 2 ? argv[2] : NULL);
    test_counts_and_labels(argv[1]);
    test_bad_entries(argv[1]);
    test_lines(argv[1]);
    test_stop_and_arguments(argv[1]);
    return check_finish("test_training_run");
}
