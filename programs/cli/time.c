/*
 * seebatch time: ns a see_ge call of each plug-in given, beside seebatch's
 * own view answering the same questions through a call of the same shape,
 * in one process (programs/engine_see/see_timing.h says how).
 */
#include <stdlib.h>
#include <string.h>

#include "capture_thresholds.h"
#include "engine_see.h"
#include "numbers.h"
#include "options.h"
#include "position_words.h"
#include "see_timing.h"
#include "see_view.h"
#include "subcommands.h"
#include "time_positions.h"
#include "time_report.h"

static const char time_help[] =
    "usage: seebatch time --see-plugin 'LIB [WORDS]' [--rules 'OPTIONS']... [options]\n"
    "                     [FILE...]\n"
    "\n"
    "Times each plug-in's seebatch_plugin_see_ge (include/seebatch_plugin.h), ns a\n"
    "call, beside seebatch's own view answering the same questions under the\n"
    "plug-in's rules, in one process: every capture of the positions (those of\n"
    "each FILE, read as check reads them: FEN, EPD, UCI position lines or\n"
    "training data; else the real positions built in), each with the threshold a\n"
    "search asks (the benchmark's, in the rules' own values), in three regimes:\n"
    "\"1,000 cycled\" and \"10,000 cycled\" (the first positions' captures over and\n"
    "over) and \"streamed\" (every position in turn). The SEEs take turns within\n"
    "each round, so their ratios hold on a loaded machine; the first plug-in is\n"
    "the one the others are held to.\n"
    "Every call into a plug-in is guarded as check guards it: a crash, a call\n"
    "that does not return within --see-timeout, the plug-in ending the process,\n"
    "or an answer other than 0 or 1 ends the run (exit status 4) with one line\n"
    "naming the plug-in, the function and the question (FEN;move;threshold),\n"
    "and no table.\n"
    "\n"
    "Options:\n"
    "  --see-plugin 'LIB WORDS'  a plug-in to time (up to 8): its path, then words\n"
    "                      for its seebatch_plugin_open\n"
    "  --rules 'OPTIONS'   after a --see-plugin: the rules of its view, as\n"
    "                      configuration options ('--values 100,450,450,675,1300\n"
    "                      --promotions=move'); a plug-in without them takes the\n"
    "                      configuration options given to time (below)\n"
    "  --see-timeout S     a call that does not return for S seconds is named as\n"
    "                      hung (default 10)\n"
    "  --rounds N          rounds of the medians (1..1000, default 25)\n"
    "  --sample-seconds S  each SEE's share of a round, in CPU seconds (0.001..10,\n"
    "                      default 0.1)\n"
    "  --calls N           no timing: N calls of the first plug-in's see_ge (with\n"
    "                      --view, of its view's), for valgrind --tool=callgrind\n"
    "  --view              with --calls: the view's calls\n"
    "  --regime R          with --calls: 1000, 10000 or streamed (the default)\n"
    "  --format text|json  the table as text (the default) or one JSON object\n"
    "The view's rules, in --rules or here (the same options, the same default):\n"
    "%s"
    "Reading the FILEs (as check reads them):\n"
    "  --input-format F    lines, binpack, plain or bin (by default the input says)\n"
    KEEP_IMPOSSIBLE_HELP "%s"
    "\n"
    "Exit status: 0 timed, 1 a bad line (nothing timed), 2 usage error or\n"
    "unreadable input, 3 out of memory or unwritable output, 4 a plug-in failed\n"
    "(refused, crashed, hung, ended the process, answered what is not 0 or 1).\n";

enum { PLUGINS_MOST = 8 };

typedef struct time_options {
    const char *plugins[PLUGINS_MOST];
    seebatch_config rules[PLUGINS_MOST]; /* each plug-in's --rules */
    bool ruled[PLUGINS_MOST];            /* --rules given for it */
    int plugin_count;
    input_options input;
    seebatch_file_format input_format; /* --input-format, else the input says */
    bool keep_impossible;              /* --allow-impossible */
    long long rounds, calls, regime;
    double sample_seconds, timeout;
    bool view, json;
} time_options;

/* A number option's value into *value, within [minimum, maximum]. */
static bool take_number(int argc, char **argv, int *i, long long minimum, long long maximum,
                        long long *value)
{
    const char *text = *i + 1 < argc ? argv[++*i] : NULL;
    if (read_whole_number(text, minimum, maximum, value))
        return true;
    char message[200];
    whole_number_message(message, sizeof message, argv[*i - (text != NULL)], minimum, maximum,
                         text);
    usage_error("time", "%s", message);
    return false;
}

/* Seconds, from least to most, of the option argv[*i]. */
static bool take_seconds(int argc, char **argv, int *i, const double range[2], double *seconds)
{
    const char *option = argv[*i], *text = *i + 1 < argc ? argv[++*i] : NULL;
    char *end = NULL;
    double value = text ? strtod(text, &end) : 0;
    if (text && end != text && *end == '\0' && value >= range[0] && value <= range[1]) {
        *seconds = value;
        return true;
    }
    usage_error("time", "%s needs a number of seconds from %g to %g, not \"%s\"", option, range[0],
                range[1], text ? text : "");
    return false;
}

/* The regime named R of --regime: 1000, 10000 or streamed. */
static bool take_regime(int argc, char **argv, int *i, long long *regime)
{
    const char *names[] = {"1000", "10000", "streamed"};
    const char *text = *i + 1 < argc ? argv[++*i] : "";
    for (int r = 0; r < 3; r++)
        if (strcmp(text, names[r]) == 0) {
            *regime = r;
            return true;
        }
    usage_error("time", "--regime needs 1000, 10000 or streamed");
    return false;
}

/* --rules 'OPTIONS' for the plug-in given last. */
static bool take_rules(int argc, char **argv, int *i, time_options *o)
{
    const char *text = *i + 1 < argc ? argv[++*i] : NULL;
    if (!text || o->plugin_count == 0 || o->ruled[o->plugin_count - 1]) {
        usage_error("time", "--rules needs configuration options, once after a --see-plugin");
        return false;
    }
    char joined[1024], words[1024], message[SEEBATCH_MESSAGE_SIZE];
    snprintf(joined, sizeof joined, "%s", text);
    /* The command line's "--name=value" split (main.c) cut a value that
     * starts with "--" at its first '=': joined again. */
    if (*i + 1 < argc && argument_is_attached(argv, *i + 1))
        snprintf(joined, sizeof joined, "%s=%s", text, argv[++*i]);
    memcpy(words, joined, sizeof words);
    seebatch_config *config = &o->rules[o->plugin_count - 1];
    *config = seebatch_config_classic(); /* the tool's one default, as the options below start */
    if (!read_config_words(words, config, message, sizeof message)) {
        usage_error("time", "--rules '%s': %s", joined, message);
        return false;
    }
    return o->ruled[o->plugin_count - 1] = true;
}

/* argv[*i], one of time's own options: taken (true), else *known false. */
static bool take_own(int argc, char **argv, int *i, time_options *o, bool *known)
{
    const char *a = argv[*i];
    *known = true;
    if (strcmp(a, "--see-plugin") == 0) {
        if (*i + 1 >= argc || o->plugin_count == PLUGINS_MOST) {
            usage_error("time", "--see-plugin needs a library (up to %d)", PLUGINS_MOST);
            return false;
        }
        o->plugins[o->plugin_count++] = argv[++*i];
        return true;
    }
    if (strcmp(a, "--rules") == 0)
        return take_rules(argc, argv, i, o);
    if (strcmp(a, "--rounds") == 0)
        return take_number(argc, argv, i, 1, 1000, &o->rounds);
    if (strcmp(a, "--calls") == 0)
        return take_number(argc, argv, i, 0, 1ll << 50, &o->calls);
    if (strcmp(a, "--sample-seconds") == 0)
        return take_seconds(argc, argv, i, (const double[2]){0.001, 10}, &o->sample_seconds);
    if (strcmp(a, "--see-timeout") == 0) /* check's name; a millisecond to a day */
        return take_seconds(argc, argv, i, (const double[2]){0.001, 86400}, &o->timeout);
    if (strcmp(a, "--regime") == 0)
        return take_regime(argc, argv, i, &o->regime);
    if (strcmp(a, "--view") == 0)
        return o->view = true;
    if (strcmp(a, KEEP_IMPOSSIBLE_OPTION) == 0)
        return o->keep_impossible = true;
    if (strcmp(a, "--input-format") == 0) {
        o->input_format = seebatch_file_format_named(*i + 1 < argc ? argv[++*i] : NULL);
        if (o->input_format != SEEBATCH_FILE_UNKNOWN)
            return true;
        usage_error("time", "--input-format needs lines, binpack, plain or bin");
        return false;
    }
    if (strcmp(a, "--format") == 0) {
        const char *text = *i + 1 < argc ? argv[++*i] : "";
        o->json = strcmp(text, "json") == 0;
        if (o->json || strcmp(text, "text") == 0)
            return true;
        usage_error("time", "--format needs text or json");
        return false;
    }
    *known = false;
    return false;
}

/* The command line into *o: true to go on, else false with *status the
 * exit status (EXIT_OK after the help). */
static bool read_options(int argc, char **argv, time_options *o, int *status)
{
    *status = EXIT_OK;
    for (int i = 0; i < argc; i++) {
        bool known;
        if (take_own(argc, argv, &i, o, &known))
            continue;
        if (known) {
            *status = EXIT_USAGE;
            return false;
        }
        argument_result result = take_input_argument("time", argc, argv, &i, &o->input);
        if (result != ARGUMENT_TAKEN) {
            *status = leave_arguments(result, time_help);
            return false;
        }
    }
    if (o->plugin_count == 0)
        *status = usage_error("time", "no --see-plugin: give the plug-in to time");
    else if (o->view && o->calls < 0)
        *status = usage_error("time", "--view goes with --calls");
    return *status == EXIT_OK;
}

/* ------------------------------------------------------------------------ */
/* The SEEs                                                                 */
/* ------------------------------------------------------------------------ */

static void *plugin_position(void *context, const char *fen)
{
    return ((const plugin_functions *)context)->position(fen);
}

static int plugin_move(void *context, void *position, const char *uci, uint32_t *move)
{
    return ((const plugin_functions *)context)->move(position, uci, move);
}

static void plugin_position_free(void *context, void *position)
{
    ((const plugin_functions *)context)->position_free(position);
}

/* A plug-in, opened, with its view beside it. */
typedef struct timed_pair {
    engine_see engine;
    bool open;
    see_view view;
    seebatch_config rules;
    timed_see plugin_see, view_see;
    int32_t *thresholds;
    timing_entrant plugin_entrant, view_entrant;
} timed_pair;

/* Plug-in k, and the view under its rules; EXIT_OK or why not. */
static int open_pair(int k, const time_options *o, timed_pair *pair)
{
    const char *library = o->plugins[k];
    see_failure why;
    see_opening opening = {o->timeout, false};
    if (!engine_see_open_plugin(library, &opening, &pair->engine, &why)) {
        report("time", "%s", why.message);
        return ENGINE_SEE_EXIT_STATUS;
    }
    pair->open = true;
    const plugin_functions *f = engine_see_plugin_functions(&pair->engine);
    pair->plugin_see = (timed_see){library,      (void *)f,
                                   plugin_position, plugin_move,
                                   f->see_ge,    plugin_position_free,
                                   engine_see_plugin_guard(&pair->engine)};
    pair->rules = o->ruled[k] ? o->rules[k] : o->input.config;
    seebatch_error error;
    if (!see_view_start(&pair->view, &pair->rules, &error)) {
        report("time", "%s", error.message);
        return EXIT_USAGE;
    }
    pair->view_see = see_view_timed(&pair->view);
    return EXIT_OK;
}

/* The threshold of every capture, as a search asks it, in the rules' values
 * (capture_threshold: the benchmark's). */
static void ask_thresholds(const timing_questions *q, const int32_t values[5], int32_t *thresholds)
{
    for (size_t p = 0; p < q->position_count; p++)
        for (size_t i = q->first[p]; i < q->first[p + 1]; i++)
            thresholds[i] = capture_threshold(&q->boards[p], q->captures[i], i, values);
}

/* Both SEEs of the pair set up on the questions. */
static int set_up_pair(timed_pair *pair, const timing_questions *q)
{
    pair->thresholds = malloc((q->capture_count + 1) * sizeof *pair->thresholds);
    if (!pair->thresholds) {
        report("time", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    ask_thresholds(q, pair->rules.values, pair->thresholds);
    char why[600];
    if (!timing_set_up(&pair->plugin_entrant, &pair->plugin_see, q, pair->thresholds, why,
                       sizeof why) ||
        !timing_set_up(&pair->view_entrant, &pair->view_see, q, pair->thresholds, why,
                       sizeof why)) {
        report("time", "%s", why);
        return ENGINE_SEE_EXIT_STATUS;
    }
    return EXIT_OK;
}

static void close_pair(timed_pair *pair, const timing_questions *q)
{
    if (pair->plugin_entrant.positions)
        timing_take_down(&pair->plugin_entrant, q);
    if (pair->view_entrant.positions)
        timing_take_down(&pair->view_entrant, q);
    free(pair->thresholds);
    see_failure why;
    if (pair->open && !pair->engine.close(pair->engine.context, &why))
        report("time", "%s", why.message);
}

/* ------------------------------------------------------------------------ */
/* Timing                                                                   */
/* ------------------------------------------------------------------------ */

/* An entrant that answered other than 0 or 1, named: ENGINE_SEE_EXIT_STATUS. */
static int answer_failed(timing_entrant *entrant)
{
    char line[2048];
    timing_failure_line(entrant, line, sizeof line);
    fputs(line, stderr);
    return ENGINE_SEE_EXIT_STATUS;
}

/* --calls: N calls of the first plug-in's, or its view's, see_ge. */
static int count_calls(const time_options *o, timed_pair *pair)
{
    timing_entrant *entrant = o->view ? &pair->view_entrant : &pair->plugin_entrant;
    long sum = 0;
    if (!timing_calls(entrant, (int)o->regime, (uint64_t)o->calls, &sum))
        return answer_failed(entrant);
    print_output(stdout, "%lld calls of %s's see_ge (%s): %ld answered 1\n", o->calls,
                 o->view ? "seebatch's view" : pair->plugin_see.name,
                 timing_regime_names[o->regime], sum);
    return finish_output("time", stdout, "standard output", EXIT_OK);
}

/* The entrants in the order they take turns (each plug-in, then its view)
 * and their rows, each view's answers unlike its plug-in's counted: every
 * question asked once of each, guarded, before any is timed. */
static int line_up(timed_pair *pairs, int count, timing_entrant *order, time_row *rows)
{
    for (int k = 0; k < count; k++) {
        order[2 * k] = pairs[k].plugin_entrant;
        order[2 * k + 1] = pairs[k].view_entrant;
        rows[2 * k] = (time_row){pairs[k].plugin_see.name, false, (size_t)k, "", 0, NULL};
        rows[2 * k + 1] = (time_row){"seebatch's view", true, (size_t)k, "", 0, NULL};
        time_rules_text(&pairs[k].rules, rows[2 * k + 1].rules, sizeof rows[0].rules);
        if (!timing_differences(&order[2 * k], &order[2 * k + 1], &rows[2 * k + 1].differences))
            return answer_failed(order[2 * k].bad_number ? &order[2 * k] : &order[2 * k + 1]);
    }
    return EXIT_OK;
}

/* Every entrant timed in every regime into rows: EXIT_OK, or a failure's status. */
static int time_regimes(const time_options *o, timing_entrant *order, size_t entrants,
                        time_row *rows, double *regime_ns)
{
    size_t rounds = (size_t)o->rounds;
    for (int regime = 0; regime < TIMING_REGIMES; regime++) {
        timing_plan plan = {regime, (int)o->rounds, o->sample_seconds};
        if (!timing_run(order, entrants, &plan, regime_ns)) {
            size_t e = 0;
            while (e + 1 < entrants && !order[e].bad_number)
                e++;
            return answer_failed(&order[e]);
        }
        for (size_t e = 0; e < entrants; e++)
            memcpy(rows[e].ns + (size_t)regime * rounds, regime_ns + e * rounds,
                   rounds * sizeof *regime_ns);
    }
    return EXIT_OK;
}

/* Every pair timed in every regime, the table printed. */
static int time_pairs(const time_options *o, timed_pair *pairs, int count,
                      const timing_questions *q)
{
    size_t entrants = 2 * (size_t)count, rounds = (size_t)o->rounds;
    timing_entrant *order = malloc(entrants * sizeof *order);
    time_row *rows = calloc(entrants, sizeof *rows);
    double *ns = malloc(entrants * rounds * TIMING_REGIMES * sizeof *ns);
    double *regime_ns = malloc(entrants * rounds * sizeof *regime_ns);
    int status = order && rows && ns && regime_ns ? EXIT_OK : EXIT_RESOURCE_FAILURE;
    if (status != EXIT_OK)
        report("time", "out of memory");
    if (status == EXIT_OK)
        status = line_up(pairs, count, order, rows);
    for (size_t e = 0; status == EXIT_OK && e < entrants; e++)
        rows[e].ns = ns + e * rounds * TIMING_REGIMES;
    if (status == EXIT_OK)
        status = time_regimes(o, order, entrants, rows, regime_ns);
    if (status == EXIT_OK) {
        time_table table = {rows,           entrants,         q->position_count, q->capture_count,
                            (int)o->rounds, o->sample_seconds};
        (o->json ? time_report_json : time_report_text)(stdout, &table);
        status = finish_output("time", stdout, "standard output", EXIT_OK);
    }
    free(order), free(rows), free(ns), free(regime_ns);
    return status;
}

/* The pairs opened and set up, then timed or counted. */
static int run_pairs(const time_options *o, timed_pair *pairs, const timing_questions *q)
{
    int count = o->calls >= 0 ? 1 : o->plugin_count, status = EXIT_OK;
    for (int k = 0; k < count && status == EXIT_OK; k++)
        status = open_pair(k, o, &pairs[k]);
    for (int k = 0; k < count && status == EXIT_OK; k++)
        status = set_up_pair(&pairs[k], q);
    if (status == EXIT_OK)
        status = o->calls >= 0 ? count_calls(o, &pairs[0]) : time_pairs(o, pairs, count, q);
    for (int k = 0; k < count; k++)
        close_pair(&pairs[k], q);
    return status;
}

int run_time(int argc, char **argv)
{
    static time_options o;
    o = (time_options){.input = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0},
                       .input_format = SEEBATCH_FILE_UNKNOWN,
                       .rounds = 25,
                       .calls = -1,
                       .regime = 2,
                       .sample_seconds = 0.1,
                       .timeout = ENGINE_SEE_TIMEOUT_DEFAULT};
    int status;
    if (!read_options(argc, argv, &o, &status))
        return status;
    timing_questions q;
    time_reading reading = {&o.input, o.input_format, o.keep_impossible};
    status = time_questions(&reading, &q);
    if (status != EXIT_OK)
        return status;
    timed_pair pairs[PLUGINS_MOST];
    memset(pairs, 0, sizeof pairs);
    status = run_pairs(&o, pairs, &q);
    timing_questions_free(&q);
    return status;
}
