/*
 * seebatch_plugin.h: your engine's SEE as a plug-in, so that seebatch can
 * check it against its reference (`seebatch check --see-plugin 'LIB ARGS'`)
 * and time it beside seebatch's and Stockfish's (`seebatch time`).
 *
 * A plug-in is a shared object (.so, .dylib, .dll) built from your engine's
 * own sources and a small adapter that defines the functions below with C
 * linkage (C, C++ in extern "C", Rust with #[no_mangle] extern "C"). It needs
 * nothing of seebatch but this header: no library to link. seebatch loads it
 * at run time (dlopen, LoadLibrary) and calls it from one thread:
 *
 *     seebatch_plugin_abi()                 refused unless SEEBATCH_PLUGIN_ABI
 *     seebatch_plugin_open(options, ...)    once, first
 *     seebatch_plugin_position(fen)         a position in your engine's state
 *     seebatch_plugin_move(position, uci)   a move in your engine's encoding
 *     seebatch_plugin_see_ge(position, move, threshold)     timed
 *     seebatch_plugin_see_value(position, move)             timed, optional
 *     seebatch_plugin_position_free(position)
 *     seebatch_plugin_close()               once, last
 *
 * Only see_ge and see_value are timed: set-up and move conversion may be as
 * slow as your engine's FEN reader and legal move list. Many positions may
 * be alive at once (seebatch time holds every position of its set).
 *
 * When a plug-in fails, seebatch names it in one line and exits 4, never
 * with a partial report; a question is named by its number from 1 and its
 * text, "FEN;move;threshold":
 *   - it does not load, lacks a function above (see_value may be left
 *     out), gives an ABI other than SEEBATCH_PLUGIN_ABI, or open returns
 *     non-zero (its message shown): refused before any question;
 *   - position gives NULL, move non-zero, see_ge other than 0 or 1: the
 *     question named;
 *   - a crash in your code (a signal, an unhandled exception, abort), a
 *     call that has not returned after --see-timeout seconds (10 unless
 *     given), or exit() called: the plug-in runs in seebatch's process, so
 *     the process ends at once, after "seebatch: the SEE plug-in LIB
 *     crashed (SIGSEGV) on question 17: FEN;move;threshold".
 *
 * The other way in, for a SEE in any language: the line protocol
 * (--see-command 'PROGRAM ARGS', run by /bin/sh -c, on Windows as a
 * command line). Your program reads lines "FEN;move;threshold" on its
 * standard input and writes a line for each, "1" when its SEE of the move
 * is at least the threshold, else "0"; with --see-values it reads
 * "FEN;move" and writes the SEE value. Moves are UCI, castling as for
 * seebatch_plugin_move below. Many lines arrive before the first answer is
 * read: answer each line as you read it, and flush your output before you
 * wait for more input (after each line is simplest). At the end of its
 * input it exits with status 0. A program that prints something other
 * than an answer (quoted back, control bytes as ?), ends before its last
 * answer (its status or signal named; 127: not found), answers nothing
 * for the timeout (then stopped), prints a line after its last answer or
 * exits non-zero is named in the same way. Standard error stays yours.
 */
#ifndef SEEBATCH_PLUGIN_H
#define SEEBATCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

/* The ABI this header describes; a plug-in built for another is refused by
 * name, never called. */
#define SEEBATCH_PLUGIN_ABI 1

#if defined(_WIN32)
#define SEEBATCH_PLUGIN_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define SEEBATCH_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SEEBATCH_PLUGIN_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Return SEEBATCH_PLUGIN_ABI, as this header defined it when you built. */
SEEBATCH_PLUGIN_EXPORT int seebatch_plugin_abi(void);

/*
 * Called once before anything else: set up what your engine needs (attack
 * tables, hash keys). `options` holds the words after the library's path in
 * --see-plugin 'LIB WORDS' ("" when none), for switches of your own. Return
 * 0, or non-zero after writing a one-line reason into message (message_size
 * bytes, NUL-terminated), which seebatch prints.
 */
SEEBATCH_PLUGIN_EXPORT int seebatch_plugin_open(const char *options, char *message,
                                                size_t message_size);

/*
 * A position of your engine's own, set up from a FEN (six fields; castling
 * KQkq, or X-FEN or Shredder-FEN for Chess960): NULL if your engine refuses
 * it. The pointer is passed back unchanged to the calls below. Not timed.
 */
SEEBATCH_PLUGIN_EXPORT void *seebatch_plugin_position(const char *fen);

/*
 * The move `uci` of `position` in your engine's own encoding, in *move: 0,
 * or non-zero when your engine does not know the move. Castling is written
 * as the FEN's notation asks: e1g1 in standard chess, the king taking its
 * rook (e1h1) in Chess960. Not timed.
 */
SEEBATCH_PLUGIN_EXPORT int seebatch_plugin_move(void *position, const char *uci, uint32_t *move);

/* 1 when your engine's SEE of `move` is at least `threshold`, else 0. */
SEEBATCH_PLUGIN_EXPORT int seebatch_plugin_see_ge(void *position, uint32_t move, int32_t threshold);

/* Optional: leave it out when your engine has only a threshold test. The
 * SEE value of `move`, the material its side wins (below 0: loses). */
SEEBATCH_PLUGIN_EXPORT int32_t seebatch_plugin_see_value(void *position, uint32_t move);

/* Frees what seebatch_plugin_position made. */
SEEBATCH_PLUGIN_EXPORT void seebatch_plugin_position_free(void *position);

/* Called once, last. */
SEEBATCH_PLUGIN_EXPORT void seebatch_plugin_close(void);

/* The same functions' types, for a host that loads them by name. */
typedef int (*seebatch_plugin_abi_function)(void);
typedef int (*seebatch_plugin_open_function)(const char *, char *, size_t);
typedef void *(*seebatch_plugin_position_function)(const char *);
typedef int (*seebatch_plugin_move_function)(void *, const char *, uint32_t *);
typedef int (*seebatch_plugin_see_ge_function)(void *, uint32_t, int32_t);
typedef int32_t (*seebatch_plugin_see_value_function)(void *, uint32_t);
typedef void (*seebatch_plugin_position_free_function)(void *);
typedef void (*seebatch_plugin_close_function)(void);

#ifdef __cplusplus
}
#endif

#endif
