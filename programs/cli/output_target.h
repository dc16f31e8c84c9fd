/*
 * The file a subcommand writes with --output, through the library's output
 * files (seebatch_output_file, lib/platform/output_file.h): never an input itself,
 * never left half-written ("-": standard output, as is). The output is
 * refused when it is the same file as the input (the same device and inode: the path, a
 * symbolic link to it, a hard link, or standard input redirected from it).
 * It is written to a temporary beside it, renamed over it only when the
 * run succeeds (EXIT_OK). A run that fails in any way (bad input that ended
 * or skipped part of the run, an output or input that could not be read or
 * written, no memory), or that SIGINT, SIGTERM or SIGHUP ends, removes the
 * temporary: an existing target is as it was, and none is made where there
 * was none, the message says which (issue 83: the help's promise). A
 * target that is no regular file (/dev/null, a FIFO) is written directly:
 * what was written stays, and the message says so. (SIGKILL cannot be
 * caught: the target is still as it was, and a ".NAME.XXXXXX" temporary may
 * stay beside it.)
 */
#ifndef SEEBATCH_CLI_OUTPUT_TARGET_H
#define SEEBATCH_CLI_OUTPUT_TARGET_H

#include <stdbool.h>
#include <stdio.h>

#include "input_source.h"
#include "seebatch_training.h"
#include "tool_only.h"

/* Whether path is "-": standard output. */
static inline bool output_is_standard(const char *path)
{
    return path && path[0] == '-' && !path[1];
}

/* Whether the output at path (NULL: none; "-": standard output, which
 * input_attach looks at) is the file input reads; reported, naming both. */
bool output_target_is_input(const char *subcommand, const char *path, const input_source *input);

/* Opens the output at path for the subcommand, its inputs already told
 * apart from it (output_target_is_input): "-" is standard output, written
 * directly (a pipe has no place for a temporary). EXIT_OK, or EXIT_USAGE
 * (reported) when it cannot be created. */
int output_target_open(const char *subcommand, const char *path, seebatch_output_file *out);

/* Ends the run: checks every write (as finish_output does), then commits
 * the output when status is EXIT_OK, else discards it (after bad input,
 * reported: "PATH was not written and is as it was before the run", or "was
 * not made"). Returns status, or EXIT_RESOURCE_FAILURE (reported: "cannot
 * write PATH: why; the output is incomplete, ...") when writing failed. For
 * "-" nothing is committed: main checks standard output at the end. */
/* For a run that fails on bad input before its output is opened: says that
 * the file at path is as it was, or was not made ("-": nothing said). */
void output_target_untouched(const char *subcommand, const char *path);

int output_target_finish(const char *subcommand, seebatch_output_file *out, const char *path,
                         int status);

#endif
