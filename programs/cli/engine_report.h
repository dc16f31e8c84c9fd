/*
 * The report of `seebatch check --see-command/--see-plugin`: the engine,
 * the rules it was checked under (given, or found from its answers, with
 * its quirks), what was asked, the differences by move kind, by what the
 * exchange holds and by what explains them, and the first of them as
 * regression lines "FEN;move;threshold;expected;got". As text, or as one
 * JSON object.
 */
#ifndef SEEBATCH_CLI_ENGINE_REPORT_H
#define SEEBATCH_CLI_ENGINE_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "engine_check.h"
#include "rules_search.h"

typedef struct engine_report {
    const char *engine; /* the command or library, as given */
    const char *way;    /* "line protocol" or "plug-in" */
    const engine_see *see;
    seebatch_config config;   /* checked under */
    const rules_found *found; /* how they were found, or NULL: given */
    const char *input;        /* what was read: "the embedded real positions", the files */
    const check_counts *counts;
    const check_example *examples;
    size_t example_count;
    const difference_classes *classes;
    const char *not_a_see; /* why its answers are no SEE's (nothing checked), or NULL */
    double seconds;        /* the check's, wall clock: its answers a second are shown */
    double cpu_seconds;    /* the same, this process's CPU time (not a line program's) */
} engine_report;

void engine_report_text(const engine_report *report, FILE *out);
void engine_report_json(const engine_report *report, FILE *out);

#endif
