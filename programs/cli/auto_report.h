/*
 * --auto-report and --auto-report-json, taken by every subcommand that
 * computes SEE: at the end of the job, what auto learned in it
 * (seebatch_auto_report), on stderr: lines for a reader, or one line of
 * JSON for a program.
 */
#ifndef SEEBATCH_CLI_AUTO_REPORT_H
#define SEEBATCH_CLI_AUTO_REPORT_H

/* The options as each subcommand's help gives them. */
#define AUTO_REPORT_HELP                                                                           \
    "  --auto-report       at the end, on stderr, what auto learned in the job: per\n"             \
    "                      kind of call, the backend it kept and each backend's\n"                 \
    "                      speed as it judged it (one dropped on its first, cold\n"                \
    "                      calls: how far it trailed)\n"                                           \
    "  --auto-report-json  the same as one line of JSON\n"

typedef enum auto_report_form {
    AUTO_REPORT_NONE,
    AUTO_REPORT_TEXT,
    AUTO_REPORT_JSON
} auto_report_form;

/* Removes every --auto-report and --auto-report-json from argv (before a
 * "--", which ends the options), and says which was given (the last). */
auto_report_form take_auto_report_option(int *argc, char **argv);

/* What auto learned in this process, per call shape it served, in that
 * form. */
void print_auto_report(const char *subcommand, auto_report_form form);

#endif
