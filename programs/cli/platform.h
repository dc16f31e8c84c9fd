/*
 * What the tool asks of the operating system beyond C11, in one place:
 * platform_posix.c (signals, fopencookie) and platform_windows.c (console
 * control handler, _setmode, a pipe and a thread). CMake compiles one of
 * the two. Files themselves are lib/platform/files.h's.
 */
#ifndef SEEBATCH_CLI_PLATFORM_H
#define SEEBATCH_CLI_PLATFORM_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* Sets the standard streams up before anything is read or written: every
 * byte passes unchanged (Windows: binary mode, so "\n" stays one byte and
 * output is byte for byte what Linux gives), and a reader that stops early
 * (seebatch eval ... | head) ends the run at once and quietly, as it ends
 * cat's (POSIX: SIGPIPE's default action, even where the parent ignored
 * it; Windows has no such signal: the write fails, exit 3). */
void platform_start_streams(void);

/* Whether path names a directory (links followed): POSIX opens one and
 * fails to read it, Windows refuses to open it (EACCES), and the tool's
 * message says "Is a directory" on both. */
bool platform_is_directory(const char *path);

/* How many cores this process may run on: its affinity (Linux:
 * sched_getaffinity, so taskset and cgroup cpusets count; Windows:
 * GetProcessAffinityMask), else the cores online; at least 1. What -j 0
 * asks for. */
int platform_cores_allowed(void);

/* The first bytes of an input that cannot seek (a pipe), given back. */
typedef struct look_ahead look_ahead;

/* The most bytes platform_replay gives back. */
enum { PLATFORM_REPLAY_MAX = 16 };

/* A stream that gives the count bytes (at most PLATFORM_REPLAY_MAX) already
 * read from rest, then the rest of rest, with *held set for
 * platform_look_ahead_close; NULL with errno ENOMEM when it cannot be made.
 * subcommand and name (the input's, for messages) must outlive the run. */
FILE *platform_replay(const char *subcommand, const char *name, FILE *rest, const char *bytes,
                      size_t count, look_ahead **held);

/* Closes the stream platform_replay made (not rest). */
void platform_look_ahead_close(look_ahead *held);

/* The end of either system's platform_replay: made (NULL when it could not
 * be allocated) held and its stream given, or, when no stream was made,
 * made freed and NULL with errno ENOMEM. */
static inline FILE *platform_replay_made(look_ahead *made, FILE *stream, look_ahead **held)
{
    if (!stream) {
        free(made);
        errno = ENOMEM;
        return NULL;
    }
    *held = made;
    return stream;
}

/* From now until platform_forget_temporary, an interruption of the run
 * (POSIX: SIGINT, SIGTERM, SIGHUP; Windows: Ctrl+C, Ctrl+Break, the
 * console closed) removes the file temporary before the process ends as it
 * would have; a signal the caller ignores (nohup) stays ignored. The one
 * piece of global state of the tool: a handler can be told nothing else. */
void platform_remove_if_interrupted(const char *temporary);
void platform_forget_temporary(void);

#endif
