/*
 * --auto-report, taken by every subcommand that computes SEE: at the end of
 * the job, what auto learned in it (seebatch_auto_report), on stderr.
 */
#ifndef SEEBATCH_CLI_AUTO_REPORT_H
#define SEEBATCH_CLI_AUTO_REPORT_H

#include <stdbool.h>

/* Removes every --auto-report from argv (before a "--", which ends the
 * options), and says whether there was one. */
bool take_auto_report_option(int *argc, char **argv);

/* What auto learned in this process, per call shape it served. */
void print_auto_report(const char *subcommand);

#endif
