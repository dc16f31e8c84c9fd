/* The tool's messages about itself and its options (messages about a line
 * of input are input_messages.h's): one line each on stderr. */
#ifndef SEEBATCH_CLI_REPORT_H
#define SEEBATCH_CLI_REPORT_H

#include <stdarg.h>
#include "seebatch_training.h"
#include "tool_only.h"

/* Every message of the tool is one line "seebatch SUBCOMMAND: MESSAGE" on
 * stderr ("seebatch: MESSAGE" when subcommand is NULL, before one is known).
 * Messages about a file name its path. */
void report(const char *subcommand, const char *format, ...) SEEBATCH_PRINTF_LIKE(2, 3);

/* The same without the newline, for a caller that adds to the line. */
void vreport(const char *subcommand, const char *format, va_list args)
    SEEBATCH_PRINTF_LIKE(2, 0);

#endif
