/* The tool's subcommands; each takes the arguments after its name. */
#ifndef SEEBATCH_SUBCOMMANDS_H
#define SEEBATCH_SUBCOMMANDS_H

#include <stdio.h>

int run_eval(int argc, char **argv);
int run_check(int argc, char **argv);
int run_gen(int argc, char **argv);
int run_perft(int argc, char **argv);
int run_filter(int argc, char **argv);
/* filter, its messages naming `command` ("convert" runs it with no rule). */
int run_filter_as(const char *command, int argc, char **argv);
int run_convert(int argc, char **argv);
int run_stats(int argc, char **argv);
int run_interleave(int argc, char **argv);
int run_suite(int argc, char **argv);
int run_time(int argc, char **argv);

#endif
