/*
 * An exchange's line as text (exchange_line.h).
 */
#include "exchange_line.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "tool_only.h"

/* Text appended into a caller's buffer, cut where it is full. */
typedef struct writer {
    char *text;
    size_t size, length;
} writer;

static void put(writer *w, const char *format, ...) SEEBATCH_PRINTF_LIKE(2, 3);

static void put(writer *w, const char *format, ...)
{
    if (w->length + 1 >= w->size)
        return;
    va_list arguments;
    va_start(arguments, format);
    int written = vsnprintf(w->text + w->length, w->size - w->length, format, arguments);
    va_end(arguments);
    if (written > 0)
        w->length +=
            (size_t)written < w->size - w->length ? (size_t)written : w->size - w->length - 1;
}

static const char *const side_names[2] = {"white", "black"};

/* A piece as FEN writes it: "PNBRQK", lower case for black. */
static char letter(int type, int color)
{
    char upper = "PNBRQK"[type];
    return color == SEEBATCH_WHITE ? upper : (char)(upper - 'A' + 'a');
}

static const char *square_name(int square, char name[3])
{
    name[0] = (char)('a' + square % 8);
    name[1] = (char)('1' + square / 8);
    name[2] = '\0';
    return name;
}

/* A balance signed: "+100", "-225", "0". */
static void put_balance(writer *w, int32_t balance)
{
    put(w, balance > 0 ? "+%ld" : "%ld", (long)balance);
}

/* Which side makes step d. */
static int side_of(const exchange_line *line, int d) { return line->mover_color ^ (d & 1); }

/* Step d: "d3e5 Nxp +100", "e7d8q Pxr=Q +1300", "e5d6 Pxp e.p. +100";
 * after ", " when it follows another. */
static void put_step(writer *w, const exchange_line *line, int d, bool follows)
{
    const exchange_step *step = &line->steps[d];
    int color = side_of(line, d);
    char uci[SEEBATCH_UCI_MAX], from[3], to[3];
    if (d == 0)
        seebatch_move_to_uci(line->move, uci);
    else
        snprintf(uci, sizeof uci, "%s%s", square_name(step->from, from), square_name(line->to, to));
    put(w, "%s%s %c", follows ? ", " : "", uci, letter(step->mover, color));
    if (step->taken >= 0)
        put(w, "x%c", letter(step->taken, color ^ 1));
    if (step->promoted >= 0)
        put(w, "=%c", letter(step->promoted, color));
    if (d == 0 && seebatch_move_kind(line->move) == SEEBATCH_MOVE_EN_PASSANT)
        put(w, " e.p.");
    if (step->held >= 0)
        put(w, " (pinned %c%s passed over)", letter(step->held_type, color),
            square_name(step->held, from));
    put(w, " ");
    put_balance(w, step->balance); /* last: the balance ends every step */
}

/* Why the counted captures end, after the last of them, `last`. */
static void put_end(writer *w, const exchange_line *line, int last)
{
    char square[3];
    int next = side_of(line, last + 1);
    switch (line->end) {
    case END_PINNED:
        put(w, "%s's pinned %c%s may not capture (--pins)", side_names[next],
            letter(line->end_type, next), square_name(line->end_square, square));
        break;
    case END_KING_HELD:
        put(w, "%s's %c%s may not capture into attack", side_names[next],
            letter(SEEBATCH_KING, next), square_name(line->end_square, square));
        break;
    case END_KING_TAKES:
        put(w, "a king's capture ends it");
        break;
    case END_KING_FIRST:
        put(w, "a king making the move is never taken");
        break;
    case END_BROKEN_OFF: {
        const exchange_step *step = &line->steps[last];
        int capturer = side_of(line, last);
        int on_to = step->promoted >= 0 ? step->promoted : step->mover;
        int32_t ahead = capturer == line->mover_color ? step->balance : -step->balance;
        put(w, "broken off (--stop-when-ahead): %s is %ld ahead, more than its %c on %s (%ld)",
            side_names[capturer], (long)ahead, letter(on_to, capturer),
            square_name(line->to, square), (long)line->values[on_to]);
        break;
    }
    case END_FAULT_CUT:
        put(w, "%s", exchange_fault_name(line->fault));
        break;
    default:
        put(w, "%s has no capture", side_names[next]);
    }
}

size_t exchange_text(const exchange_record *record, char *text, size_t size)
{
    writer w = {text, size, 0};
    const exchange_line *line = &record->line;
    if (size == 0)
        return 0;
    text[0] = '\0';
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(line->move, uci);
    if (line->end == END_NOT_PLAYED) {
        if (seebatch_move_kind(line->move) == SEEBATCH_MOVE_CASTLING)
            put(&w, "%s castling: no exchange, 0", uci);
        else
            put(&w, "%s not played: --normal-moves-only scores it 0", uci);
        return w.length;
    }
    int stop = record->best_line;
    for (int d = 0; d <= stop; d++)
        put_step(&w, line, d, d > 0);
    put(&w, " | ");
    if (stop < line->counted) {
        put(&w, "%s stops (going on ends at ", side_names[side_of(line, stop + 1)]);
        put_balance(&w, line->going_on);
        put(&w, ")");
    } else {
        put_end(&w, line, stop);
    }
    if (stop + 1 < line->step_count) {
        put(&w, " / played on: ");
        for (int d = stop + 1; d < line->step_count; d++)
            put_step(&w, line, d, d > stop + 1);
    }
    return w.length;
}

int exchange_parting(const exchange_line *a, const exchange_line *b)
{
    int shorter = a->step_count < b->step_count ? a->step_count : b->step_count;
    for (int d = 0; d < shorter; d++) {
        const exchange_step *x = &a->steps[d], *y = &b->steps[d];
        if (x->from != y->from || x->mover != y->mover || x->taken != y->taken ||
            x->promoted != y->promoted || x->balance != y->balance)
            return d;
    }
    return a->step_count == b->step_count ? -1 : shorter;
}
