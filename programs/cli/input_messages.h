/*
 * Messages about bad input, one line each on stderr, all in one form:
 *   seebatch SUBCOMMAND: INPUT: WHERE: WHAT IS WRONG
 * where INPUT is the file's path (or "standard input") and WHERE is "line N"
 * (lines), or for training data the library's "byte B, entry E" or "line L,
 * entry E". A file of garbage must not bury the terminal
 * in millions of lines, so a run prints at most a limit of them
 * (--max-errors N, default DEFAULT_MAX_ERRORS, 0 for no limit) and then
 * says how many it did not print. Only the thread that writes the output
 * calls these.
 */
#ifndef SEEBATCH_CLI_INPUT_MESSAGES_H
#define SEEBATCH_CLI_INPUT_MESSAGES_H

#include <stddef.h>
#include "seebatch_training.h"
#include "tool_only.h"

enum { DEFAULT_MAX_ERRORS = 20 };

/* The subcommand and input the messages name (kept, not copied). */
void input_messages_start(const char *subcommand, const char *input_name);

void set_error_limit(unsigned long long limit);

/* Writes each whole line of text ("WHERE: WHAT\n") with the prefix
 * "seebatch SUBCOMMAND: INPUT: " while the limit allows, and counts the
 * others. */
void write_error_lines(const char *text, size_t length);

/* One message about the input, "WHERE: WHAT" from a printf format, under
 * the same limit. */
void report_input_error(const char *format, ...) SEEBATCH_PRINTF_LIKE(1, 2);

/* One of the library's messages about the input, "INPUT: WHERE: WHAT",
 * reported as the others: its INPUT (the path whole, or "..." and its last
 * characters where long: seebatch_error) left out for the input's own name. */
void report_library_fault(const char *message);

/* "seebatch SUBCOMMAND: N more error messages not shown" when some were held back. */
void report_hidden_errors(const char *subcommand);

#endif
