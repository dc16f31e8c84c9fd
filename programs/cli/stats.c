/*
 * seebatch stats: what a training file holds, counted without writing
 * code: entries, chunks, chains, games, results, the moves' kinds, checks,
 * and how scores and plies are spread.
 *
 * Games are not stored in either format: they are counted as runs of
 * entries whose ply rises and whose result, seen from white, stays the
 * same (a game's entries share its result); a new game starts where the
 * ply does not rise or that result changes.
 */
#include <stdlib.h>
#include <string.h>

#include "binpack_blocks.h"
#include "binpack_chunks.h"
#include "tool_only.h"
#include "input_source.h"
#include "options.h"
#include "subcommand_input.h"
#include "subcommands.h"
#include "training_job.h"

static const char stats_help[] =
    "usage: seebatch stats [options] [FILE...]\n"
    "\n"
    "Reads training data (binpack, plain or bin, recognised as eval recognises\n"
    "it) from each FILE in turn or standard input and prints what each holds,\n"
    "then for several files their totals (\"total: N files\", or \"M of N\" when\n"
    "a fault ended the run), one \"name: count\" a line: entries, chunks and\n"
    "chains (binpack; for plain, the chains binpack would store), games (runs\n"
    "of entries whose ply rises and whose result, seen from white, stays the\n"
    "same), results (for the side to move, and per game from white's view),\n"
    "captures (en passant included), en passant moves, promotions, castlings,\n"
    "checks (the side to move in check), and how many scores and plies fall in\n"
    "each range.\n"
    "\n"
    "Options:\n"
    "  --input-format F    binpack, plain or bin (by default the input says)\n"
    "%s"
    "  -h, --help          this text\n"
    "\n"
    "A binpack that does not decode ends the count at the fault (its message\n"
    "names the byte and entry), with the counts of the entries before it; a bad\n"
    "plain block is reported and skipped. Exit status: 0 success, 1 bad input,\n"
    "2 usage error or unreadable input, 3 out of memory or unwritable output.\n";

enum { VALUE_NONE = 32002 };

/* Score ranges: VALUE_NONE apart, then by the upper end of each range. */
static const int score_upper[] = {-1000, -300, -101, -1, 0, 100, 299, 999};
static const char *const score_names[] = {
    "32002 (VALUE_NONE)", "-32768..-1000", "-999..-300", "-299..-101", "-100..-1", "0", "1..100",
    "101..299",           "300..999",      "1000..32767"};
enum { SCORE_RANGES = 10 };

static const int ply_upper[] = {9, 19, 39, 79, 159, 319};
static const char *const ply_names[] = {"0..9",    "10..19",   "20..39",    "40..79",
                                        "80..159", "160..319", "320..65535"};
enum { PLY_RANGES = 7 };

/* The counters (chunk_result.counters), summed over chunks. */
enum {
    COUNT_CHAINS,
    COUNT_GAMES,
    COUNT_WINS, /* results for the side to move: 1, 0, -1 */
    COUNT_DRAWS,
    COUNT_LOSSES,
    COUNT_WHITE_WINS, /* per game, from white's view */
    COUNT_GAME_DRAWS,
    COUNT_BLACK_WINS,
    COUNT_CAPTURES,
    COUNT_EN_PASSANT,
    COUNT_PROMOTIONS,
    COUNT_CASTLINGS,
    COUNT_CHECKS,
    COUNT_SCORES,                              /* SCORE_RANGES of them */
    COUNT_PLIES = COUNT_SCORES + SCORE_RANGES, /* PLY_RANGES of them */
    COUNT_USED = COUNT_PLIES + PLY_RANGES
};
_Static_assert((int)COUNT_USED <= (int)CHUNK_COUNTERS, "the counters fit a chunk's");

static int white_result(const training_entry *entry)
{
    return entry->board.side_to_move == SEEBATCH_WHITE ? entry->result : -entry->result;
}

static int score_range(int score)
{
    if (score == VALUE_NONE)
        return 0;
    int range = 1;
    while (range < SCORE_RANGES - 1 && score > score_upper[range - 1])
        range++;
    return range;
}

static int ply_range(unsigned ply)
{
    int range = 0;
    while (range < PLY_RANGES - 1 && (int)ply > ply_upper[range])
        range++;
    return range;
}

/* Counts one entry; previous is the entry before it in the file, NULL for
 * the first of a chunk (whose game settle_games decides). */
static void count_entry(uint64_t *counts, const training_entry *entry,
                        const training_entry *previous)
{
    int white = white_result(entry);
    if (!previous || entry->ply <= previous->ply || white != white_result(previous)) {
        counts[COUNT_GAMES]++;
        counts[white > 0 ? COUNT_WHITE_WINS : white < 0 ? COUNT_BLACK_WINS : COUNT_GAME_DRAWS]++;
    }
    counts[entry->result > 0 ? COUNT_WINS : entry->result < 0 ? COUNT_LOSSES : COUNT_DRAWS]++;
    unsigned kind = seebatch_move_kind(entry->move);
    counts[COUNT_CAPTURES] += move_captures(&entry->board, entry->move);
    counts[COUNT_EN_PASSANT] += kind == SEEBATCH_MOVE_EN_PASSANT;
    counts[COUNT_PROMOTIONS] +=
        kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
    counts[COUNT_CASTLINGS] += kind == SEEBATCH_MOVE_CASTLING;
    counts[COUNT_CHECKS] += seebatch_side_in_check(&entry->board);
    counts[COUNT_SCORES + score_range(entry->score)]++;
    counts[COUNT_PLIES + ply_range(entry->ply)]++;
}

/* ------------------------------------------------------------------------ */
/* Binpack: chunks on threads; games settled across chunks in file order    */
/* ------------------------------------------------------------------------ */

/* chunk_carry's words: the chunk's first and last entries' ply and result
 * seen from white (ply -1: the chunk has no entry). */
enum { CARRY_LAST_PLY, CARRY_LAST_WHITE, CARRY_FIRST_PLY, CARRY_FIRST_WHITE };

typedef struct chunk_count {
    chunk_result *result;
    training_entry last;
    bool any;
} chunk_count;

static void count_block(const training_entry *entries, const binpack_source *sources, size_t count,
                        void *state)
{
    chunk_count *c = state;
    uint64_t *counts = c->result->counters;
    for (size_t i = 0; i < count; i++) {
        count_entry(counts, &entries[i], i ? &entries[i - 1] : c->any ? &c->last : NULL);
        counts[COUNT_CHAINS] += sources[i].stem;
    }
    if (!c->any) {
        c->result->carry_out.word[CARRY_FIRST_PLY] = entries[0].ply;
        c->result->carry_out.word[CARRY_FIRST_WHITE] = white_result(&entries[0]);
    }
    c->last = entries[count - 1];
    c->any = true;
}

static void count_chunk(const uint8_t *data, size_t size, uint64_t file_offset, const void *state,
                        chunk_result *result)
{
    (void)state;
    chunk_count c = {.result = result};
    result->carry_out.word[CARRY_FIRST_PLY] = -1;
    result->entries = decode_in_blocks(data, size, file_offset, &result->decoding, count_block, &c);
    result->carry_out.word[CARRY_LAST_PLY] = c.any ? c.last.ply : -1;
    result->carry_out.word[CARRY_LAST_WHITE] = c.any ? white_result(&c.last) : 0;
}

/* A chunk's first entry was counted as a game's first: it is not when it
 * continues the game of the entry before, the last of an earlier chunk. */
static bool settle_games(const void *state, const chunk_carry *incoming, chunk_result *result)
{
    (void)state;
    chunk_carry *out = &result->carry_out;
    if (out->word[CARRY_FIRST_PLY] < 0) { /* no entry: the last one is still the one before */
        out->word[CARRY_LAST_PLY] = incoming->word[CARRY_LAST_PLY];
        out->word[CARRY_LAST_WHITE] = incoming->word[CARRY_LAST_WHITE];
        return false;
    }
    int64_t white = out->word[CARRY_FIRST_WHITE];
    if (incoming->word[CARRY_LAST_PLY] >= 0 &&
        out->word[CARRY_FIRST_PLY] > incoming->word[CARRY_LAST_PLY] &&
        white == incoming->word[CARRY_LAST_WHITE]) {
        result->counters[COUNT_GAMES]--;
        result->counters[white > 0   ? COUNT_WHITE_WINS
                         : white < 0 ? COUNT_BLACK_WINS
                                     : COUNT_GAME_DRAWS]--;
    }
    return false;
}

static int count_binpack(const input_source *input, int threads, progress_meter *progress,
                         chunk_totals *totals)
{
    chunk_job job = {input->stream, stdout,       threads,          count_chunk, NULL,
                     "stats",       settle_games, {{-1, 0, -1, 0}}, false,       progress, false, NULL};
    return run_chunk_job(&job, totals);
}

/* ------------------------------------------------------------------------ */
/* Plain: in order on this thread                                           */
/* ------------------------------------------------------------------------ */

typedef struct plain_count {
    training_entry last;
    bool any;
    unsigned chain_length; /* entries after the stem of the chain binpack would store */
} plain_count;

static void count_entries(const training_entry *entries, size_t count, uint64_t first,
                          const void *state, chunk_result *result)
{
    (void)first;
    plain_count *c = (plain_count *)state; /* plain runs on one thread: its own state */
    for (size_t i = 0; i < count; i++) {
        count_entry(result->counters, &entries[i], c->any ? &c->last : NULL);
        bool joins = c->any && c->chain_length < BINPACK_CHAIN_MAX &&
                     seebatch_binpack_continues(&c->last, &entries[i]);
        c->chain_length = joins ? c->chain_length + 1 : 0;
        result->counters[COUNT_CHAINS] += !joins;
        c->last = entries[i];
        c->any = true;
    }
}

static int count_plain(const input_source *input, progress_meter *progress, chunk_totals *totals)
{
    plain_count c = {.any = false};
    training_job job = {"stats", input, stdout, 1, count_entries, &c, false, progress, false};
    return run_training_job(&job, totals);
}

/* ------------------------------------------------------------------------ */
/* Printing                                                                 */
/* ------------------------------------------------------------------------ */

static void print_count(const char *name, uint64_t count)
{
    printf("%s: %llu\n", name, (unsigned long long)count);
}

/* The counts of one input (name, format), or of all (format DATA_UNKNOWN
 * when they differ: chunks are then the binpacks', chains both kinds'). */
static void print_stats(const char *name, data_format format, const chunk_totals *totals)
{
    const uint64_t *c = totals->counters;
    if (format == DATA_UNKNOWN)
        printf("%s (binpack and others)\n", name);
    else
        printf("%s (%s)\n", name, seebatch_data_format_name(format));
    print_count("entries", totals->entries);
    if (format == DATA_BINPACK) {
        print_count("chunks", totals->chunks);
        print_count("chains", c[COUNT_CHAINS]);
    } else if (format == DATA_UNKNOWN) {
        print_count("chunks", totals->chunks);
        print_count("chains, and chains if written as binpack", c[COUNT_CHAINS]);
    } else {
        print_count("chains if written as binpack", c[COUNT_CHAINS]);
    }
    print_count("games", c[COUNT_GAMES]);
    print_count("games won by white", c[COUNT_WHITE_WINS]);
    print_count("games drawn", c[COUNT_GAME_DRAWS]);
    print_count("games won by black", c[COUNT_BLACK_WINS]);
    print_count("entries whose side to move won", c[COUNT_WINS]);
    print_count("entries whose side to move drew", c[COUNT_DRAWS]);
    print_count("entries whose side to move lost", c[COUNT_LOSSES]);
    print_count("captures", c[COUNT_CAPTURES]);
    print_count("en passant", c[COUNT_EN_PASSANT]);
    print_count("promotions", c[COUNT_PROMOTIONS]);
    print_count("castlings", c[COUNT_CASTLINGS]);
    print_count("checks", c[COUNT_CHECKS]);
    for (int r = 0; r < SCORE_RANGES; r++)
        printf("score %s: %llu\n", score_names[r], (unsigned long long)c[COUNT_SCORES + r]);
    for (int r = 0; r < PLY_RANGES; r++)
        printf("ply %s: %llu\n", ply_names[r], (unsigned long long)c[COUNT_PLIES + r]);
}

static void add_totals(chunk_totals *sum, const chunk_totals *totals)
{
    sum->entries += totals->entries;
    sum->chunks += totals->chunks;
    for (int c = 0; c < CHUNK_COUNTERS; c++)
        sum->counters[c] += totals->counters[c];
}

/* One input's counts, printed unless the run failed. */
static int count_input(const input_options *options, const input_source *input,
                       chunk_totals *totals)
{
    progress_meter progress;
    start_input_messages("stats", input);
    start_input_progress(&progress, "stats", options, input);
    int status = input->format == DATA_BINPACK
                     ? count_binpack(input, (int)options->threads, &progress, totals)
                     : count_plain(input, &progress, totals);
    progress_end(&progress);
    if (status != EXIT_USAGE && status != EXIT_RESOURCE_FAILURE) {
        char name[SEEBATCH_MESSAGE_SIZE];
        snprintf(name, sizeof name, "file: %s", input->name);
        print_stats(name, input->format, totals);
    }
    return status;
}

/* Every input's counts in turn, then (for more than one) their sums, as
 * far as the run got: a binpack that does not decode ends it. */
static int count_inputs(const input_options *options, const input_set *inputs)
{
    chunk_totals sum = {0}, totals;
    int status = EXIT_OK, counted = 0;
    for (int i = 0; i < inputs->count; i++) {
        int input_status = count_input(options, &inputs->sources[i], &totals);
        status = worse_status(status, input_status);
        if (input_status == EXIT_USAGE || input_status == EXIT_RESOURCE_FAILURE)
            return status;
        add_totals(&sum, &totals);
        counted++;
        if (!run_goes_on(&inputs->sources[i], input_status))
            break;
    }
    if (inputs->count > 1) {
        char name[64];
        if (counted == inputs->count)
            snprintf(name, sizeof name, "total: %d files", counted);
        else
            snprintf(name, sizeof name, "total: %d of %d files", counted, inputs->count);
        print_stats(name, shared_format(inputs), &sum);
    }
    return status;
}

int run_stats(int argc, char **argv)
{
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    data_format input_format = DATA_UNKNOWN;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--input-format") == 0) {
            input_format = seebatch_data_format_named(i + 1 < argc ? argv[++i] : NULL);
            if (input_format != DATA_BINPACK && input_format != DATA_PLAIN &&
                input_format != DATA_BIN)
                return usage_error("stats", "--input-format needs binpack, plain or bin");
            continue;
        }
        argument_result result = take_input_argument("stats", argc, argv, &i, &options);
        if (result == ARGUMENT_HELP) {
            printf(stats_help, threads_option_help);
            return EXIT_OK;
        }
        if (result == ARGUMENT_BAD)
            return EXIT_USAGE;
    }
    if (options.configured)
        return usage_error("stats", "stats computes no SEE: --preset, --values, --pins and "
                                    "--promotions do not apply");
    input_set inputs;
    int status = open_subcommand_inputs("stats", &options, input_format, NULL, &inputs);
    if (status != EXIT_OK)
        return status;
    for (int i = 0; i < inputs.count && status == EXIT_OK; i++)
        if (inputs.sources[i].format == DATA_LINES)
            status = usage_error("stats", "%s %s; give --input-format if it is",
                                 inputs.sources[i].name, seebatch_not_training_data);
    if (status == EXIT_OK)
        status = count_inputs(&options, &inputs);
    close_inputs(&inputs);
    return status;
}
