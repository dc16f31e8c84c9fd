/* What `seebatch time` prints (time.c measures): a table of ns a call by
 * regime, as text or JSON. */
#ifndef SEEBATCH_CLI_TIME_REPORT_H
#define SEEBATCH_CLI_TIME_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "see_timing.h"

/* One SEE timed: a plug-in, or the view answering beside plug-in `beside`. */
typedef struct time_row {
    const char *name;
    bool view;
    size_t beside;      /* the plug-in (its index among the plug-ins) */
    char rules[160];    /* the rules the view answers under, as options */
    size_t differences; /* a view's answers unlike its plug-in's */
    double *ns;         /* [regime * rounds + round] */
} time_row;

typedef struct time_table {
    time_row *rows; /* each plug-in, then its view */
    size_t row_count;
    size_t positions, captures;
    int rounds;
    double sample_seconds;
} time_table;

/* The table as text: each row's median ns a call by regime; a view's median
 * ratio (its plug-in's time over its own, round by round) and every row's
 * against the first plug-in's. */
void time_report_text(FILE *out, const time_table *table);

/* The same as one JSON object, every round's figure kept. */
void time_report_json(FILE *out, const time_table *table);

/* The rules as the tool's configuration options ("--values 126,781,825,1276,2538
 * --pins --normal-moves-only"), into text (size bytes). */
void time_rules_text(const seebatch_config *config, char *text, size_t size);

#endif
