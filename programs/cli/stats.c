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
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "eval_records.h" /* output_format */
#include "input_source.h"
#include "name_fields.h"
#include "options.h"
#include "portion_work.h"
#include "subcommand_input.h"
#include "subcommands.h"

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

/* The names of the ranges of seebatch_counts's scores and plies. */
static const char *const score_names[] = {
    "32002 (VALUE_NONE)", "-32768..-1000", "-999..-300", "-299..-101", "-100..-1", "0", "1..100",
    "101..299",           "300..999",      "1000..32767"};
enum { SCORE_RANGES = 10 };

static const char *const ply_names[] = {"0..9",    "10..19",   "20..39",    "40..79",
                                        "80..159", "160..319", "320..65535"};
enum { PLY_RANGES = 7 };

/* What the inputs hold, as far as they were read. */
typedef struct stats_totals {
    seebatch_counts counts; /* seebatch_count_work's */
    uint64_t chunks;        /* binpack chunks */
} stats_totals;

/* One input counted on the library's runner by the library's count, the
 * one Python's count_file runs too. */
static int count_file(const input_source *input, int threads, progress_meter *progress,
                      stats_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    bool write_failed = false; /* the count writes nothing */
    input_work run = {.name = "stats",
                      .input = input,
                      .threads = threads,
                      .progress = progress,
                      .work = seebatch_count_work(&totals->counts),
                      .write_failed = &write_failed};
    int status = run_input_work(&run);
    totals->chunks = run.chunks;
    return status;
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
static size_t stats_fields(seebatch_file_format format, const stats_totals *totals, stats_field *f)
{
    const seebatch_counts *c = &totals->counts;
    size_t n = 0;
    f[n++] = (stats_field){"entries", "entries", c->entries};
    if (format == SEEBATCH_FILE_BINPACK || format == SEEBATCH_FILE_UNKNOWN)
        f[n++] = (stats_field){"chunks", "chunks", totals->chunks};
    f[n++] =
        (stats_field){format == SEEBATCH_FILE_BINPACK   ? "chains"
                      : format == SEEBATCH_FILE_UNKNOWN ? "chains, and chains if written as binpack"
                                                        : "chains if written as binpack",
                      "chains", c->chains};
    f[n++] = (stats_field){"games", "games", c->games};
    f[n++] = (stats_field){"games won by white", "games_won_by_white", c->games_won_by_white};
    f[n++] = (stats_field){"games drawn", "games_drawn", c->games_drawn};
    f[n++] = (stats_field){"games won by black", "games_won_by_black", c->games_won_by_black};
    f[n++] =
        (stats_field){"entries whose side to move won", "side_to_move_won", c->side_to_move_won};
    f[n++] =
        (stats_field){"entries whose side to move drew", "side_to_move_drew", c->side_to_move_drew};
    f[n++] =
        (stats_field){"entries whose side to move lost", "side_to_move_lost", c->side_to_move_lost};
    f[n++] = (stats_field){"captures", "captures", c->captures};
    f[n++] = (stats_field){"en passant", "en_passant", c->en_passant};
    f[n++] = (stats_field){"promotions", "promotions", c->promotions};
    f[n++] = (stats_field){"castlings", "castlings", c->castlings};
    f[n++] = (stats_field){"checks", "checks", c->checks};
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
        print_output(stdout, "%s\"%.*s\":%llu", r ? "," : "", digits, names[r],
                     (unsigned long long)counts[r]);
    }
    print_output(stdout, "}");
}

/* The report of one input, or of all: as text, a heading (name, format)
 * then "name: count" a line; as JSON, one object on one line, its first
 * member given (`head`: "file":... or "total":...). format SEEBATCH_FILE_UNKNOWN
 * when the inputs' differ: chunks are then the binpacks', chains both
 * kinds'. */
static void print_stats(output_format output, const char *head, seebatch_file_format format,
                        const stats_totals *totals)
{
    stats_field fields[STATS_FIELDS_MOST];
    size_t count = stats_fields(format, totals, fields);
    const seebatch_counts *c = &totals->counts;
    const char *format_name =
        format == SEEBATCH_FILE_UNKNOWN ? NULL : seebatch_file_format_name(format);
    if (output == FORMAT_JSONL) {
        print_output(stdout, "{%s,\"format\":\"%s\"", head, format_name ? format_name : "mixed");
        for (size_t i = 0; i < count; i++)
            print_output(stdout, ",\"%s\":%llu", fields[i].key,
                         (unsigned long long)fields[i].value);
        print_json_ranges("scores", score_names, c->scores, SCORE_RANGES);
        print_json_ranges("plies", ply_names, c->plies, PLY_RANGES);
        print_output(stdout, "}\n");
        return;
    }
    print_output(stdout, "%s (%s)\n", head, format_name ? format_name : "binpack and others");
    for (size_t i = 0; i < count; i++)
        print_output(stdout, "%s: %llu\n", fields[i].text, (unsigned long long)fields[i].value);
    for (int r = 0; r < SCORE_RANGES; r++)
        print_output(stdout, "score %s: %llu\n", score_names[r], (unsigned long long)c->scores[r]);
    for (int r = 0; r < PLY_RANGES; r++)
        print_output(stdout, "ply %s: %llu\n", ply_names[r], (unsigned long long)c->plies[r]);
}

static void add_totals(stats_totals *sum, const stats_totals *totals)
{
    const uint64_t *from = &totals->counts.entries;
    uint64_t *to = &sum->counts.entries;
    for (size_t i = 0; i < offsetof(seebatch_counts, carry) / sizeof(uint64_t); i++)
        to[i] += from[i];
    sum->chunks += totals->chunks;
}

/* One input's counts, printed unless the run failed. */
static int count_input(output_format output, const input_options *options,
                       const input_source *input, progress_meter *progress, stats_totals *totals)
{
    start_input_messages("stats", input);
    progress_input(progress, input->stream);
    int status = count_file(input, (int)options->threads, progress, totals);
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
    stats_totals sum, totals;
    memset(&sum, 0, sizeof sum);
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
        if (!run_goes_on("stats", inputs, i, input_status))
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
            status = usage_error("stats",
                                 "%s is no training data (no \"BINP\" or \"fen \" at its start, "
                                 "and no .binpack, .plain or .bin name); give --input-format "
                                 "if it is",
                                 inputs.sources[i].name);
    if (status == EXIT_OK)
        status = count_inputs(output, &options, &inputs);
    close_inputs(&inputs);
    return status;
}
