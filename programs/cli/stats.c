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
#include "eval_records.h" /* output_format */
#include "input_source.h"
#include "name_fields.h"
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
    "  --format FORMAT     text (the default), or jsonl: one JSON object a line\n"
    "                      for each file ({\"file\":NAME,\"format\":...,\"entries\":N,\n"
    "                      ...,\"scores\":{RANGE:N,...},\"plies\":{...}}), then the\n"
    "                      total ({\"total\":true,\"files\":N,\"files_given\":N,...}),\n"
    "                      for one file too\n"
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

static int white_result(const seebatch_training_entry *entry)
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

/* Counts one entry, its facts given (seebatch_training_entry_facts);
 * previous is the entry before it in the file, NULL for the first of a
 * chunk (whose game settle_games decides). */
static void count_entry(uint64_t *counts, const seebatch_training_entry *entry,
                        const seebatch_training_entry *previous, unsigned facts)
{
    int white = white_result(entry);
    if (!previous || entry->ply <= previous->ply || white != white_result(previous)) {
        counts[COUNT_GAMES]++;
        counts[white > 0 ? COUNT_WHITE_WINS : white < 0 ? COUNT_BLACK_WINS : COUNT_GAME_DRAWS]++;
    }
    counts[entry->result > 0 ? COUNT_WINS : entry->result < 0 ? COUNT_LOSSES : COUNT_DRAWS]++;
    unsigned kind = seebatch_move_kind(entry->move);
    counts[COUNT_CAPTURES] += (facts & SEEBATCH_ENTRY_CAPTURES) != 0;
    counts[COUNT_EN_PASSANT] += kind == SEEBATCH_MOVE_EN_PASSANT;
    counts[COUNT_PROMOTIONS] +=
        kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
    counts[COUNT_CASTLINGS] += kind == SEEBATCH_MOVE_CASTLING;
    counts[COUNT_CHECKS] += (facts & SEEBATCH_ENTRY_IN_CHECK) != 0;
    counts[COUNT_SCORES + score_range(entry->score)]++;
    counts[COUNT_PLIES + ply_range(entry->ply)]++;
}

/* Counts count entries (at most ENTRY_BLOCK), previous the one before the
 * first (NULL: none); their facts, the `asked` ones, go to facts too. */
static void count_run(uint64_t *counts, const seebatch_training_entry *entries, size_t count,
                      const seebatch_training_entry *previous, unsigned asked, uint8_t *facts)
{
    seebatch_training_entry_facts(count, entries, previous, asked, facts);
    for (size_t i = 0; i < count; i++)
        count_entry(counts, &entries[i], i ? &entries[i - 1] : previous, facts[i]);
}

/* ------------------------------------------------------------------------ */
/* Binpack: chunks on threads; games settled across chunks in file order    */
/* ------------------------------------------------------------------------ */

/* chunk_carry's words: the chunk's first and last entries' ply and result
 * seen from white (ply -1: the chunk has no entry). */
enum { CARRY_LAST_PLY, CARRY_LAST_WHITE, CARRY_FIRST_PLY, CARRY_FIRST_WHITE };

typedef struct chunk_count {
    chunk_result *result;
    seebatch_training_entry last;
    bool any;
} chunk_count;

static void count_block(const seebatch_training_entry *entries, size_t count, void *state)
{
    chunk_count *c = state;
    uint64_t *counts = c->result->counters;
    uint8_t facts[ENTRY_BLOCK];
    count_run(counts, entries, count, c->any ? &c->last : NULL,
              SEEBATCH_ENTRY_CAPTURES | SEEBATCH_ENTRY_IN_CHECK, facts);
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
    result->counters[COUNT_CHAINS] += result->decoding.chains;
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
    chunk_job job = {input->stream, stdout,           threads, count_chunk, NULL, "stats",
                     settle_games,  {{-1, 0, -1, 0}}, false,   progress,    false};
    return run_chunk_job(&job, totals);
}

/* ------------------------------------------------------------------------ */
/* Plain: in order on this thread                                           */
/* ------------------------------------------------------------------------ */

typedef struct plain_count {
    seebatch_training_entry last;
    bool any;
    unsigned chain_length; /* entries after the stem of the chain binpack would store */
} plain_count;

static void count_entries(const seebatch_training_entry *entries, size_t count, uint64_t first,
                          const void *state, chunk_result *result)
{
    (void)first;
    plain_count *c = (plain_count *)state; /* plain runs on one thread: its own state */
    uint8_t facts[ENTRY_BLOCK];
    count_run(result->counters, entries, count, c->any ? &c->last : NULL,
              SEEBATCH_ENTRY_CAPTURES | SEEBATCH_ENTRY_IN_CHECK | SEEBATCH_ENTRY_CONTINUES, facts);
    for (size_t i = 0; i < count; i++) {
        bool joins = c->chain_length < SEEBATCH_BINPACK_CHAIN_MAX &&
                     (facts[i] & SEEBATCH_ENTRY_CONTINUES);
        c->chain_length = joins ? c->chain_length + 1 : 0;
        result->counters[COUNT_CHAINS] += !joins;
    }
    if (count) {
        c->last = entries[count - 1];
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

/* One count of the report: its text name and its JSON key. */
typedef struct stats_field {
    const char *text, *key;
    uint64_t value;
} stats_field;

enum { STATS_FIELDS_MOST = 20 };

/* The counts of a report, in order (chunks only where binpacks are read). */
static size_t stats_fields(seebatch_file_format format, const chunk_totals *totals, stats_field *f)
{
    const uint64_t *c = totals->counters;
    size_t n = 0;
    f[n++] = (stats_field){"entries", "entries", totals->entries};
    if (format == SEEBATCH_FILE_BINPACK || format == SEEBATCH_FILE_UNKNOWN)
        f[n++] = (stats_field){"chunks", "chunks", totals->chunks};
    f[n++] =
        (stats_field){format == SEEBATCH_FILE_BINPACK   ? "chains"
                      : format == SEEBATCH_FILE_UNKNOWN ? "chains, and chains if written as binpack"
                                                        : "chains if written as binpack",
                      "chains", c[COUNT_CHAINS]};
    f[n++] = (stats_field){"games", "games", c[COUNT_GAMES]};
    f[n++] = (stats_field){"games won by white", "games_won_by_white", c[COUNT_WHITE_WINS]};
    f[n++] = (stats_field){"games drawn", "games_drawn", c[COUNT_GAME_DRAWS]};
    f[n++] = (stats_field){"games won by black", "games_won_by_black", c[COUNT_BLACK_WINS]};
    f[n++] = (stats_field){"entries whose side to move won", "side_to_move_won", c[COUNT_WINS]};
    f[n++] = (stats_field){"entries whose side to move drew", "side_to_move_drew", c[COUNT_DRAWS]};
    f[n++] = (stats_field){"entries whose side to move lost", "side_to_move_lost", c[COUNT_LOSSES]};
    f[n++] = (stats_field){"captures", "captures", c[COUNT_CAPTURES]};
    f[n++] = (stats_field){"en passant", "en_passant", c[COUNT_EN_PASSANT]};
    f[n++] = (stats_field){"promotions", "promotions", c[COUNT_PROMOTIONS]};
    f[n++] = (stats_field){"castlings", "castlings", c[COUNT_CASTLINGS]};
    f[n++] = (stats_field){"checks", "checks", c[COUNT_CHECKS]};
    return n;
}

/* The ranges of scores or plies as a JSON object, "range": count. */
static void print_json_ranges(const char *key, const char *const *names, const uint64_t *counts,
                              int ranges)
{
    print_output(stdout, ",\"%s\":{", key);
    for (int r = 0; r < ranges; r++) {
        /* "32002 (VALUE_NONE)" is keyed by its number alone */
        int digits = (int)strcspn(names[r], " ");
        print_output(stdout, "%s\"%.*s\":%llu", r ? "," : "", digits, names[r], (unsigned long long)counts[r]);
    }
    print_output(stdout, "}");
}

/* The report of one input, or of all: as text, a heading (name, format)
 * then "name: count" a line; as JSON, one object on one line, its first
 * member given (`head`: "file":... or "total":...). format SEEBATCH_FILE_UNKNOWN
 * when the inputs' differ: chunks are then the binpacks', chains both
 * kinds'. */
static void print_stats(output_format output, const char *head, seebatch_file_format format,
                        const chunk_totals *totals)
{
    stats_field fields[STATS_FIELDS_MOST];
    size_t count = stats_fields(format, totals, fields);
    const uint64_t *c = totals->counters;
    const char *format_name =
        format == SEEBATCH_FILE_UNKNOWN ? NULL : seebatch_file_format_name(format);
    if (output == FORMAT_JSONL) {
        print_output(stdout, "{%s,\"format\":\"%s\"", head, format_name ? format_name : "mixed");
        for (size_t i = 0; i < count; i++)
            print_output(stdout, ",\"%s\":%llu", fields[i].key, (unsigned long long)fields[i].value);
        print_json_ranges("scores", score_names, c + COUNT_SCORES, SCORE_RANGES);
        print_json_ranges("plies", ply_names, c + COUNT_PLIES, PLY_RANGES);
        print_output(stdout, "}\n");
        return;
    }
    print_output(stdout, "%s (%s)\n", head, format_name ? format_name : "binpack and others");
    for (size_t i = 0; i < count; i++)
        print_output(stdout, "%s: %llu\n", fields[i].text, (unsigned long long)fields[i].value);
    for (int r = 0; r < SCORE_RANGES; r++)
        print_output(stdout, "score %s: %llu\n", score_names[r], (unsigned long long)c[COUNT_SCORES + r]);
    for (int r = 0; r < PLY_RANGES; r++)
        print_output(stdout, "ply %s: %llu\n", ply_names[r], (unsigned long long)c[COUNT_PLIES + r]);
}

static void add_totals(chunk_totals *sum, const chunk_totals *totals)
{
    sum->entries += totals->entries;
    sum->chunks += totals->chunks;
    for (int c = 0; c < CHUNK_COUNTERS; c++)
        sum->counters[c] += totals->counters[c];
}

/* One input's counts, printed unless the run failed. */
static int count_input(output_format output, const input_options *options,
                       const input_source *input, progress_meter *progress, chunk_totals *totals)
{
    start_input_messages("stats", input);
    progress_input(progress, input->stream);
    int status = input->format == SEEBATCH_FILE_BINPACK
                     ? count_binpack(input, (int)options->threads, progress, totals)
                     : count_plain(input, progress, totals);
    if (status != EXIT_USAGE && status != EXIT_RESOURCE_FAILURE) {
        size_t length = strlen(input->name);
        char *head = malloc(name_field_room(length) + 16);
        if (!head) {
            report("stats", "out of memory");
            return EXIT_RESOURCE_FAILURE;
        }
        if (output == FORMAT_JSONL)
            *put_json_name(head + sprintf(head, "\"file\":"), input->name) = '\0';
        else
            snprintf(head, length + 16, "file: %s", input->name);
        progress_clear(progress);
        print_stats(output, head, input->format, totals);
        free(head);
    }
    return status;
}

/* Every input's counts in turn, then their sums, as far as the run got (a
 * binpack that does not decode ends it): as text for several files, as
 * JSON always, so a script finds the total in one place. */
static int count_inputs(output_format output, const input_options *options, const input_set *inputs)
{
    chunk_totals sum = {0}, totals;
    int status = EXIT_OK, counted = 0;
    progress_meter progress;
    start_job_progress(&progress, "stats", options, inputs);
    for (int i = 0; i < inputs->count; i++) {
        int input_status = count_input(output, options, &inputs->sources[i], &progress, &totals);
        status = worse_status(status, input_status);
        if (input_status == EXIT_USAGE || input_status == EXIT_RESOURCE_FAILURE) {
            progress_end(&progress);
            return status;
        }
        add_totals(&sum, &totals);
        counted++;
        if (!run_goes_on(&inputs->sources[i], input_status))
            break;
    }
    progress_end(&progress);
    char head[96];
    if (output == FORMAT_JSONL)
        snprintf(head, sizeof head, "\"total\":true,\"files\":%d,\"files_given\":%d", counted,
                 inputs->count);
    else if (counted == inputs->count)
        snprintf(head, sizeof head, "total: %d file%s", counted, counted == 1 ? "" : "s");
    else
        snprintf(head, sizeof head, "total: %d of %d files", counted, inputs->count);
    if (inputs->count > 1 || output == FORMAT_JSONL)
        print_stats(output, head, shared_format(inputs), &sum);
    return status;
}

int run_stats(int argc, char **argv)
{
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    seebatch_file_format input_format = SEEBATCH_FILE_UNKNOWN;
    output_format output = FORMAT_TEXT;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0) {
            const char *name = i + 1 < argc ? argv[++i] : "";
            if (strcmp(name, "text") != 0 && strcmp(name, "jsonl") != 0)
                return usage_error("stats", "--format needs text or jsonl, not \"%s\"", name);
            output = name[0] == 'j' ? FORMAT_JSONL : FORMAT_TEXT;
            continue;
        }
        if (strcmp(argv[i], "--input-format") == 0) {
            input_format = seebatch_file_format_named(i + 1 < argc ? argv[++i] : NULL);
            if (input_format != SEEBATCH_FILE_BINPACK && input_format != SEEBATCH_FILE_PLAIN &&
                input_format != SEEBATCH_FILE_BIN)
                return usage_error("stats", "--input-format needs binpack, plain or bin");
            continue;
        }
        argument_result result = take_input_argument("stats", argc, argv, &i, &options);
        if (result == ARGUMENT_HELP) {
            print_output(stdout, stats_help, threads_option_help);
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
        if (inputs.sources[i].format == SEEBATCH_FILE_LINES)
            status = usage_error("stats", "%s %s; give --input-format if it is",
                                 inputs.sources[i].name, seebatch_file_not_training_data());
    if (status == EXIT_OK)
        status = count_inputs(output, &options, &inputs);
    close_inputs(&inputs);
    return status;
}
