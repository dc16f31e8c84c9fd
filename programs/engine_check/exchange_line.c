/*
 * An exchange's line as text (exchange_line.h).
 */
#include "exchange_line.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Text appended into a caller's buffer, cut where it is full, always
 * NUL-ended. */
typedef struct writer {
    char *text;
    size_t size, length;
} writer;

static void put(writer *w, const char *text)
{
    size_t length = strlen(text), room = w->size - 1 - w->length;
    if (length > room)
        length = room;
    memcpy(w->text + w->length, text, length);
    w->length += length;
    w->text[w->length] = '\0';
}

/* A whole number, "+" before one above 0 when `signed_plus` (a balance:
 * "+100", "-225", "0"). */
static void put_number(writer *w, long number, bool signed_plus)
{
    char digits[24];
    snprintf(digits, sizeof digits, signed_plus && number > 0 ? "+%ld" : "%ld", number);
    put(w, digits);
}

static const char *const side_names[2] = {"white", "black"};

/* A piece as FEN writes it ("PNBRQK", lower case for black), or a square
 * ("a1".."h8"), as text. */
typedef struct short_text {
    char text[3];
} short_text;

static short_text letter(int type, int color)
{
    char upper = "PNBRQK"[type];
    return (short_text){{color == SEEBATCH_WHITE ? upper : (char)(upper - 'A' + 'a'), '\0'}};
}

static short_text square_name(int square)
{
    return (short_text){{(char)('a' + square % 8), (char)('1' + square / 8), '\0'}};
}

/* Which side makes step d. */
static int side_of(const exchange_line *line, int d) { return line->mover_color ^ (d & 1); }

/* Step d: "d3e5 Nxp +100", "e7d8q Pxr=Q +1300", "e5d6 Pxp e.p. +100";
 * after ", " when it follows another. */
static void put_step(writer *w, const exchange_line *line, int d, bool follows)
{
    const exchange_step *step = &line->steps[d];
    int color = side_of(line, d);
    char uci[SEEBATCH_UCI_MAX];
    put(w, follows ? ", " : "");
    if (d == 0) {
        seebatch_move_to_uci(line->move, uci);
        put(w, uci);
    } else {
        put(w, square_name(step->from).text);
        put(w, square_name(line->to).text);
    }
    put(w, " ");
    put(w, letter(step->mover, color).text);
    if (step->taken >= 0) {
        put(w, "x");
        put(w, letter(step->taken, color ^ 1).text);
    }
    if (step->promoted >= 0) {
        put(w, "=");
        put(w, letter(step->promoted, color).text);
    }
    if (d == 0 && seebatch_move_kind(line->move) == SEEBATCH_MOVE_EN_PASSANT)
        put(w, " e.p.");
    if (step->held >= 0) {
        put(w, " (pinned ");
        put(w, letter(step->held_type, color).text);
        put(w, square_name(step->held).text);
        put(w, " passed over)");
    }
    put(w, " ");
    put_number(w, step->balance, true); /* last: the balance ends every step */
}

/* Rule 8's break-off after capture `last`: who is ahead by how much, and
 * the piece it has on `to`. */
static void put_broken_off(writer *w, const exchange_line *line, int last)
{
    const exchange_step *step = &line->steps[last];
    int capturer = side_of(line, last);
    int on_to = step->promoted >= 0 ? step->promoted : step->mover;
    put(w, "broken off (--stop-when-ahead): ");
    put(w, side_names[capturer]);
    put(w, " is ");
    put_number(w, capturer == line->mover_color ? step->balance : -step->balance, false);
    put(w, " ahead, more than its ");
    put(w, letter(on_to, capturer).text);
    put(w, " on ");
    put(w, square_name(line->to).text);
    put(w, " (");
    put_number(w, line->values[on_to], false);
    put(w, ")");
}

/* Why the counted captures end, after the last of them, `last`. */
static void put_end(writer *w, const exchange_line *line, int last)
{
    int next = side_of(line, last + 1);
    switch (line->end) {
    case END_PINNED:
    case END_KING_HELD:
        put(w, side_names[next]);
        put(w, line->end == END_PINNED ? "'s pinned " : "'s ");
        put(w, letter(line->end_type, next).text);
        put(w, square_name(line->end_square).text);
        put(w,
            line->end == END_PINNED ? " may not capture (--pins)" : " may not capture into attack");
        break;
    case END_KING_TAKES:
        put(w, "a king's capture ends it");
        break;
    case END_KING_FIRST:
        put(w, "a king making the move is never taken");
        break;
    case END_BROKEN_OFF:
        put_broken_off(w, line, last);
        break;
    case END_FAULT_CUT:
        put(w, exchange_fault_name(line->cut_fault));
        break;
    default:
        put(w, side_names[next]);
        put(w, " has no capture");
    }
}

size_t exchange_text(const exchange_record *record, char *text, size_t size)
{
    if (size == 0)
        return 0;
    writer w = {text, size, 0};
    const exchange_line *line = &record->line;
    text[0] = '\0';
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(line->move, uci);
    if (line->end == END_NOT_PLAYED) {
        put(&w, uci);
        put(&w, seebatch_move_kind(line->move) == SEEBATCH_MOVE_CASTLING
                    ? " castling: no exchange, 0"
                    : " not played: --normal-moves-only scores it 0");
        return w.length;
    }
    int stop = record->best_line;
    for (int d = 0; d <= stop; d++)
        put_step(&w, line, d, d > 0);
    put(&w, " | ");
    if (stop < line->counted) {
        put(&w, side_names[side_of(line, stop + 1)]);
        put(&w, " stops (going on ends at ");
        put_number(&w, line->going_on, true);
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
