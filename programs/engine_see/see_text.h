/*
 * The text of the two ways in: a question as its line, bytes that came
 * back quoted, and failures named. The writers below but see_text_fail
 * call no library function, so that a crash handler may build its line
 * with them (async-signal-safe by construction).
 */
#ifndef SEEBATCH_SEE_TEXT_H
#define SEEBATCH_SEE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "engine_see.h"
#include "see_system.h"

/* The longest FEN a question may carry (a real one is under 100 bytes). */
enum { SEE_TEXT_FEN_MAX = 1000 };

/* Writes the question as the line protocol sends it, without the line
 * end: "FEN;move;threshold", or "FEN;move" asking values. Returns its
 * length, or 0 (nothing written) when it needs more than room bytes. */
size_t see_text_question(char *out, size_t room, const see_question *question, see_asking asking);

/* Appends text to out[*used..size), cut short when full, and keeps out
 * NUL-terminated (size > 0). */
void see_text_append(char *out, size_t size, size_t *used, const char *text);
void see_text_append_number(char *out, size_t size, size_t *used, int64_t number);

/* Appends bytes in double quotes, every byte outside printable ASCII
 * (control bytes, the line end, non-ASCII) as ?, cut after `shown` bytes
 * with "..." after the closing quote. */
void see_text_append_quoted(char *out, size_t size, size_t *used, const char *bytes, size_t count,
                            size_t shown);

/* How much of what came back a message shows. */
enum { SEE_TEXT_SHOWN = 60 };

/* The line the guard writes when a plug-in crashes, hangs or exits:
 * "seebatch: the SEE plug-in LIB WHAT on question N: LINE\n", or "in
 * FUNCTION" outside questions; with call->describe, "in FUNCTION" (when
 * set) then what it writes. Returns its length. */
size_t see_text_guard_line(char *out, size_t size, const see_guarded *call, const char *what);

/* The compiler checks see_text_fail's format (GNU's printf under
 * mingw-w64, which builds with the C99 printf). */
#if defined(__MINGW32__)
#define SEE_TEXT_PRINTF_LIKE __attribute__((format(gnu_printf, 5, 6)))
#elif defined(__GNUC__)
#define SEE_TEXT_PRINTF_LIKE __attribute__((format(printf, 5, 6)))
#else
#define SEE_TEXT_PRINTF_LIKE
#endif

/* Fills why: "question N, "LINE": " then the rest as printf writes it. */
void see_text_fail(see_failure *why, uint64_t number, const see_question *question,
                   see_asking asking, const char *format, ...) SEE_TEXT_PRINTF_LIKE;

#endif
