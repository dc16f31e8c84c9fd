/*
 * seebatch_engine_see_speed: the two ways in to an engine's SEE
 * (programs/engine_see) on their own, answers a second: every capture of the
 * benchmark's real positions asked of a plug-in or of a line program, in
 * batches as a check asks them, the wall clock over the whole (the line
 * program's time included: two processes), and this process's CPU time.
 * bench/engines/check_speed.sh runs it on the test SEE (small_see) and times
 * whole checks beside it.
 *
 * Usage: seebatch_engine_see_speed --see-plugin 'LIB WORDS' | --see-command 'PROGRAM ARGS'
 *                                  [--values] [--batch N] [--passes N]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "capture_thresholds.h"
#include "engine_see.h"
#include "see_timing.h"

/* The text of bench/data/real_positions.fen.gz (embedded_positions.c). */
extern const char bench_real_positions[];

/* What was asked for. */
typedef struct speed_options {
    const char *plugin, *command;
    bool values;
    size_t batch;
    int passes;
} speed_options;

/* CPU seconds of the line programs this process started and waited for. */
static double children_seconds(void)
{
    struct rusage usage;
    getrusage(RUSAGE_CHILDREN, &usage);
    return (double)usage.ru_utime.tv_sec + (double)usage.ru_stime.tv_sec +
           1e-6 * (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

static double seconds_of(clockid_t clock)
{
    struct timespec now;
    clock_gettime(clock, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* The real positions' boards; exits on a bad line (none is). */
static seebatch_board *real_boards(size_t *count)
{
    size_t rows = seebatch_count_rows(bench_real_positions, strlen(bench_real_positions));
    seebatch_board *boards = malloc((rows + 1) * sizeof *boards);
    const char *line = bench_real_positions;
    *count = 0;
    while (boards && *line) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        char fen[256];
        seebatch_error error;
        memcpy(fen, line, length < sizeof fen ? length : 0);
        fen[length < sizeof fen ? length : 0] = '\0';
        if (seebatch_board_from_fen(&boards[*count], fen, &error) == SEEBATCH_OK)
            ++*count;
        line += length + (end != NULL);
    }
    return boards;
}

/* The questions as the check asks them: each capture at its threshold. */
static see_question *questions_of(const timing_questions *q)
{
    see_question *asked = malloc((q->capture_count + 1) * sizeof *asked);
    int32_t *thresholds = malloc((q->capture_count + 1) * sizeof *thresholds);
    if (!asked || !thresholds) {
        free(asked), free(thresholds);
        return NULL;
    }
    seebatch_config classic = seebatch_config_classic();
    for (size_t p = 0; p < q->position_count; p++)
        for (size_t i = q->first[p]; i < q->first[p + 1]; i++) {
            thresholds[i] = capture_threshold(&q->boards[p], q->captures[i], i, classic.values);
            asked[i].fen = q->fens[p];
            memcpy(asked[i].move, q->moves[i], sizeof asked[i].move);
            asked[i].threshold = thresholds[i];
        }
    free(thresholds);
    return asked;
}

static bool read_arguments(int argc, char **argv, speed_options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--values") == 0)
            o->values = true;
        else if (value && strcmp(argv[i], "--see-plugin") == 0)
            o->plugin = argv[++i];
        else if (value && strcmp(argv[i], "--see-command") == 0)
            o->command = argv[++i];
        else if (value && strcmp(argv[i], "--batch") == 0)
            o->batch = (size_t)strtoull(argv[++i], NULL, 10);
        else if (value && strcmp(argv[i], "--passes") == 0)
            o->passes = atoi(argv[++i]);
        else
            return false;
    }
    return (o->plugin != NULL) != (o->command != NULL) && o->batch > 0 && o->passes > 0;
}

/* Every question asked o->passes times, batch by batch: false with why. */
static bool ask_all(engine_see *engine, const speed_options *o, const see_question *asked,
                    size_t count, int32_t *answers, see_failure *why)
{
    see_asking asking = o->values ? SEE_ASK_VALUES : SEE_ASK_THRESHOLDS;
    for (int pass = 0; pass < o->passes; pass++)
        for (size_t first = 0; first < count; first += o->batch) {
            size_t n = count - first < o->batch ? count - first : o->batch;
            if (!engine->ask(engine->context, asking, asked + first, n, answers + first, why))
                return false;
        }
    return true;
}

int main(int argc, char **argv)
{
    speed_options o = {NULL, NULL, false, 65536, 1};
    if (!read_arguments(argc, argv, &o)) {
        fprintf(stderr, "usage: seebatch_engine_see_speed --see-plugin 'LIB WORDS' | "
                        "--see-command 'PROGRAM ARGS' [--values] [--batch N] [--passes N]\n");
        return 2;
    }
    size_t count;
    seebatch_board *boards = real_boards(&count);
    timing_questions q;
    if (!boards || !timing_questions_make(boards, count, &q))
        return 3;
    see_question *asked = questions_of(&q);
    int32_t *answers = malloc((q.capture_count + 1) * sizeof *answers);
    if (!asked || !answers)
        return 3;
    see_opening opening = {0, o.values};
    engine_see engine;
    see_failure why;
    bool opened = o.plugin ? engine_see_open_plugin(o.plugin, &opening, &engine, &why)
                           : engine_see_open_lines(o.command, &opening, &engine, &why);
    double wall = seconds_of(CLOCK_MONOTONIC), cpu = seconds_of(CLOCK_PROCESS_CPUTIME_ID);
    double child = children_seconds();
    bool asked_all = opened && ask_all(&engine, &o, asked, q.capture_count, answers, &why);
    bool closed = opened && engine.close(engine.context, &why);
    wall = seconds_of(CLOCK_MONOTONIC) - wall;
    cpu = seconds_of(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    child = children_seconds() - child;
    if (!asked_all || !closed) {
        fprintf(stderr, "seebatch_engine_see_speed: %s\n", why.message);
        return 4;
    }
    double total = (double)q.capture_count * o.passes;
    printf("%s %s: %.0f %s in %.3f s: %.0f answers a second; CPU %.3f s here, %.3f s in the "
           "program: %.0f answers a CPU second (batches of %zu)\n",
           o.plugin ? "plug-in" : "lines", o.plugin ? o.plugin : o.command, total,
           o.values ? "values" : "thresholds", wall, total / wall, cpu, child,
           total / (cpu + child), o.batch);
    timing_questions_free(&q);
    free(boards), free(asked), free(answers);
    return 0;
}
