/*
 * What the two ways in ask of the operating system, in one place:
 * see_system_posix.c (posix_spawn, poll, dlopen, signal handlers, a
 * pthread) and see_system_windows.c (CreateProcess in a job, threads,
 * LoadLibrary, an unhandled-exception filter); CMake compiles one of the
 * two. A program with pipes for see_lines.c; a library and the guard
 * around calls into it for see_plugin.c.
 */
#ifndef SEEBATCH_SEE_SYSTEM_H
#define SEEBATCH_SEE_SYSTEM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine_see.h"

/* ---- A program with pipes ---- */

typedef struct see_child see_child;

/* Starts command (POSIX: /bin/sh -c COMMAND in a process group of its own;
 * Windows: CreateProcess with it as the command line, in a job), its
 * standard input and output piped to this process, standard error
 * inherited. false with why naming the reason. */
bool see_child_start(const char *command, see_child **child, see_failure *why);

/* What the reader made of the bytes given it. */
typedef enum see_taken { SEE_TAKE_MORE, SEE_TAKE_DONE, SEE_TAKE_FAULT } see_taken;

/* One exchange: bytes written from produce (on another thread on Windows)
 * while bytes read go to take, until take is done. */
typedef struct see_exchange {
    /* Fills at most size bytes, returns how many; 0 when nothing is left.
     * NULL: nothing to write. */
    size_t (*produce)(void *writer, char *buffer, size_t size);
    void *writer;
    see_taken (*take)(void *reader, const char *bytes, size_t count);
    void *reader;
    double timeout_seconds; /* no byte moved either way for this long: stalled */
} see_exchange;

typedef enum see_exchange_end {
    SEE_EXCHANGE_DONE,    /* take was done and everything was written */
    SEE_EXCHANGE_FAULT,   /* take found a fault: the program may still run */
    SEE_EXCHANGE_CLOSED,  /* the program closed its output (it ended, most likely) */
    SEE_EXCHANGE_STALLED, /* nothing moved for the timeout */
    SEE_EXCHANGE_BROKEN   /* a system call failed: why names it */
} see_exchange_end;

see_exchange_end see_child_exchange(see_child *child, const see_exchange *exchange,
                                    see_failure *why);

/* Closes the program's standard input: it reads the end of its input. */
void see_child_close_input(see_child *child);

/* How a program ended. */
typedef struct see_ending {
    bool clean;    /* it exited with status 0 by itself */
    bool stopped;  /* it was stopped here (asked, or not ended in time) */
    char how[160]; /* "exit status 3", "signal 11, SIGSEGV", "exception 0xC0000005,
                      access violation", "exit status 127: the command was not found" */
} see_ending;

/* Ends the program and frees child: stop kills it at once, with every
 * process it started; else it is waited for up to timeout_seconds, then
 * killed. */
void see_child_end(see_child *child, bool stop, double timeout_seconds, see_ending *ending);

/* ---- A library loaded at run time ---- */

typedef struct see_library see_library;

/* NULL with why naming the system's reason when it does not load. */
see_library *see_library_open(const char *path, see_failure *why);
/* The address of the function exported as name, or NULL. */
void *see_library_symbol(see_library *library, const char *name);
void see_library_close(see_library *library);

/* ---- The guard around calls into a plug-in ---- */

/*
 * The call being made into a plug-in, for the line that names a crash, a
 * hang or an exit inside it. The asker stores each question's number
 * before asking it (see_guard_question); a crash handler, the exit handler
 * or the watchdog thread reads it (see_text_guard_line writes the line).
 */
typedef struct see_guarded {
    const char *library;           /* as given, for the line */
    const char *call;              /* outside questions: the function called */
    const see_question *questions; /* of the ask being made */
    uint64_t first;                /* questions[0]'s number */
    see_asking asking;
    double timeout_seconds;
    _Atomic uint64_t number; /* the question asked now; 0 outside questions */
    /* For a caller that asks the plug-in's functions itself (seebatch
     * time, see_timing.c): appends to out[*used..size) what question
     * `number` is, from source, and is then used instead of questions
     * (and `call`, when set, named before it); it must call no library
     * function (a crash handler calls it). NULL: questions. */
    void (*describe)(const void *source, uint64_t number, char *out, size_t size, size_t *used);
    const void *source;
} see_guarded;

/* Sets the guard up (the handlers, the watchdog thread) for one more
 * plug-in; false with why when a thread cannot be started. Each start is
 * ended by a see_guard_stop; the last one takes the handlers down. */
bool see_guard_start(see_failure *why);
void see_guard_stop(void);

/* From enter to leave, calls into the plug-in are guarded as `call`. */
void see_guard_enter(see_guarded *call);
void see_guard_leave(void);

static inline void see_guard_question(see_guarded *call, uint64_t number)
{
    atomic_store_explicit(&call->number, number, memory_order_relaxed);
}

#endif
