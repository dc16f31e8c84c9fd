/* seebatch check --see-command / --see-plugin: an engine's own SEE checked
 * against the reference (check_engine.c). */
#ifndef SEEBATCH_CLI_CHECK_ENGINE_H
#define SEEBATCH_CLI_CHECK_ENGINE_H

#include <stdbool.h>

/* Whether the arguments name an engine's SEE to check. */
bool is_engine_check(int argc, char **argv);

/* The check of it: the exit status (docs/tool.md). help: check's. */
int run_engine_check(int argc, char **argv, const char *help);

#endif
