/*
 * An exchange as a swap list on the plain board (exchange_walk.h).
 */
#include "exchange_walk.h"

#include <string.h>

#include "plain_board.h"

enum { MAX_CAPTURES = EXCHANGE_STEPS_MAX }; /* a capture a step of the line */

typedef struct walk {
    plain_board board;        /* as it stands */
    plain_board before;       /* as it stood before the move */
    const plain_board *sight; /* what blocks lines: board, or before when x-rays are missing */
    plain_pins pins;          /* rule 5, when the rules have it */
    bool use_pins;
    int to;
    int32_t value[6]; /* by type; the king's 0 */
    exchange_fault fault;
    int32_t swap[MAX_CAPTURES]; /* swap[d]: the balance of the side that made capture d */
} walk;

static const char *const fault_names[FAULT_COUNT] = {
    [FAULT_NONE] = "none",
    [FAULT_NO_XRAY] = "x-rays missing",
    [FAULT_KING_INTO_ATTACK] = "a king capturing into attack",
    [FAULT_QUEEN_BEFORE_ROOK] = "the queen tried before the rook",
    [FAULT_EN_PASSANT_VICTIM_STAYS] = "the pawn taken en passant left on its square",
    [FAULT_EN_PASSANT_NO_VICTIM] = "en passant taking nothing (the victim looked for on the "
                                   "destination)",
    [FAULT_STOPS_ONCE_AHEAD] = "the exchange broken off once the capturer is ahead",
    [FAULT_SWAP_PRUNED] = "the swap list pruned where a side is behind either way (the value "
                          "exact in sign alone)",
};

const char *exchange_fault_name(exchange_fault fault)
{
    return fault >= 0 && fault < FAULT_COUNT ? fault_names[fault] : "?";
}

static int32_t value_of(const walk *w, int piece)
{
    return piece == PLAIN_EMPTY ? 0 : w->value[plain_type(piece)];
}

/* Where the order of rule 2 puts a type (lower first). */
static int order_of(const walk *w, int type)
{
    if (w->fault == FAULT_QUEEN_BEFORE_ROOK && (type == SEEBATCH_ROOK || type == SEEBATCH_QUEEN))
        return type == SEEBATCH_ROOK ? SEEBATCH_QUEEN : SEEBATCH_ROOK;
    return type;
}

static int attackers(const walk *w, int color, int *squares)
{
    return plain_attackers_seen(&w->board, w->sight, w->to, color, squares);
}

static uint64_t attacker_set(const walk *w)
{
    uint64_t set = 0;
    int squares[64];
    for (int color = PLAIN_WHITE; color <= PLAIN_BLACK; color++)
        for (int i = 0, count = attackers(w, color, squares); i < count; i++)
            set |= 1ull << squares[i];
    return set;
}

/* The square `color` captures with next (rules 2 and 5), or -1. */
static int next_attacker(const walk *w, int color)
{
    int squares[64];
    int count = attackers(w, color, squares);
    bool pinned = w->use_pins && plain_pinned_down(&w->board, &w->pins, w->to, color);
    int best = -1;
    for (int i = 0; i < count; i++) {
        int s = squares[i];
        if (pinned && w->pins.blocker[color][s])
            continue;
        int order = order_of(w, plain_type(w->board.square[s]));
        int best_order = best < 0 ? 99 : order_of(w, plain_type(w->board.square[best]));
        if (order < best_order || (order == best_order && s < best))
            best = s;
    }
    return best;
}

/* The piece rule 5 held back when `color` chose `chosen`: the one it would
 * capture with were pins ignored, when that is another (else -1). Looked
 * for only while a pinner of `color`'s pieces stands (else none is held). */
static int held_back(walk *w, int color, int chosen)
{
    if (!w->use_pins || !plain_pinned_down(&w->board, &w->pins, w->to, color))
        return -1;
    w->use_pins = false;
    int free_choice = next_attacker(w, color);
    w->use_pins = true;
    return free_choice != chosen ? free_choice : -1;
}

/* Step d of the line, once made: the piece that made it (steps[d].mover,
 * set by the caller) came from `from`, took `taken` (plain, or empty) and
 * is now on `to`; its side's balance is swap[d]. */
static void record_step(const walk *w, exchange_record *record, int d, int from, int taken)
{
    exchange_step *step = &record->line.steps[d];
    int arrived = w->board.square[w->to];
    step->from = (int8_t)from;
    step->taken = (int8_t)(taken == PLAIN_EMPTY ? -1 : plain_type(taken));
    step->promoted = -1;
    step->held = step->held_type = -1;
    step->balance = d % 2 == 0 ? w->swap[d] : -w->swap[d];
    if (step->mover != plain_type(arrived))
        step->promoted = (int8_t)plain_type(arrived);
    record->line.step_count = d + 1;
}

/* The first move played: its gain, the piece it puts on `to`. */
static int32_t play_first(walk *w, seebatch_move move, const seebatch_config *config,
                          exchange_record *record)
{
    unsigned kind = seebatch_move_kind(move);
    int from = (int)seebatch_move_from(move);
    int moving = w->board.square[from], color = plain_color(moving);
    int taken = w->board.square[w->to];
    int32_t gain = value_of(w, taken);
    if (kind == SEEBATCH_MOVE_EN_PASSANT && w->fault != FAULT_EN_PASSANT_NO_VICTIM) {
        int victim = color == PLAIN_WHITE ? w->to - 8 : w->to + 8;
        taken = w->board.square[victim];
        gain = value_of(w, taken);
        if (w->fault != FAULT_EN_PASSANT_VICTIM_STAYS)
            w->board.square[victim] = PLAIN_EMPTY;
    }
    int arriving = moving;
    bool promotes = config->flags & (SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY);
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        record->promotes = true;
        if (promotes) {
            int named = (int)seebatch_promotion_piece(move);
            arriving = plain_piece(named, color);
            gain += w->value[named] - w->value[SEEBATCH_PAWN];
        }
    }
    w->board.square[w->to] = arriving;
    w->board.square[from] = PLAIN_EMPTY;
    w->swap[0] = gain;
    record->line.steps[0].mover = (int8_t)plain_type(moving);
    record_step(w, record, 0, from, taken);
    return gain;
}

/* One capture by `side` from `from`: its balance in swap[d], and the piece
 * now on `to`. */
static int capture(walk *w, const seebatch_config *config, int from, int d, exchange_record *record)
{
    int piece = w->board.square[from], side = plain_color(piece), taken = w->board.square[w->to];
    record->line.steps[d].mover = (int8_t)plain_type(piece);
    w->swap[d] = value_of(w, taken) - w->swap[d - 1];
    if ((config->flags & SEEBATCH_PROMOTIONS) && plain_type(piece) == SEEBATCH_PAWN &&
        w->to / 8 == plain_last_rank(side)) {
        piece = plain_piece(SEEBATCH_QUEEN, side);
        w->swap[d] += w->value[SEEBATCH_QUEEN] - w->value[SEEBATCH_PAWN];
        record->promotes = true;
    }
    w->board.square[w->to] = piece;
    w->board.square[from] = PLAIN_EMPTY;
    record_step(w, record, d, from, taken);
    return piece;
}

/* Where and why the captures end (exchange_line's end, end_square and
 * end_type: the piece on `square`, or none for -1). */
static void record_end(const walk *w, exchange_record *record, exchange_end end, int square)
{
    record->line.end = end;
    record->line.end_square = square;
    record->line.end_type = square >= 0 ? plain_type(w->board.square[square]) : -1;
}

/* Rule 8's break-off after capture d (the piece `arrived` now on `to`), or
 * the fault's own: the end it makes, or -1 for none. */
static int cut_after(const walk *w, const seebatch_config *config, int d, int arrived)
{
    if ((config->flags & SEEBATCH_STOP_WHEN_AHEAD) && w->swap[d] - value_of(w, arrived) > 0)
        return END_BROKEN_OFF;
    return w->fault == FAULT_STOPS_ONCE_AHEAD && w->swap[d] > 0 ? END_FAULT_CUT : -1;
}

/* The captures after the first move, to the end: returns how many, and in
 * *cut the capture after which rule 8 breaks off (-1: none). The line
 * records each capture and why the captures counted end. */
static int play_captures(walk *w, const seebatch_config *config, int side, int *cut,
                         exchange_record *record)
{
    int d = 0, squares[64], cut_end = -1;
    *cut = -1;
    while (d + 1 < MAX_CAPTURES) {
        /* The swap algorithm's prune, before it looks for a capturer: the
         * side to capture is behind if it stands pat (swap[d] > 0 for the
         * other) and behind after capturing the piece on `to` too. */
        if (*cut < 0 && w->fault == FAULT_SWAP_PRUNED && w->swap[d] > 0 &&
            value_of(w, w->board.square[w->to]) - w->swap[d] < 0) {
            *cut = d;
            cut_end = END_FAULT_CUT;
        }
        record->attackers |= attacker_set(w);
        int from = next_attacker(w, side), held = held_back(w, side, from);
        if (from < 0) {
            record_end(w, record, held >= 0 ? END_PINNED : END_NO_CAPTURE, held);
            break;
        }
        bool king = plain_type(w->board.square[from]) == SEEBATCH_KING;
        if (king && w->fault != FAULT_KING_INTO_ATTACK && attackers(w, side ^ 1, squares) > 0) {
            record_end(w, record, END_KING_HELD, from);
            break; /* rule 4 */
        }
        int held_type = held >= 0 ? plain_type(w->board.square[held]) : -1;
        int arrived = capture(w, config, from, ++d, record);
        record->line.steps[d].held = (int8_t)held;
        record->line.steps[d].held_type = (int8_t)held_type;
        if (king) {
            record_end(w, record, END_KING_TAKES, -1);
            break;
        }
        int end = cut_after(w, config, d, arrived);
        if (*cut < 0 && end >= 0) {
            *cut = d;
            cut_end = end;
        }
        side ^= 1;
    }
    record->attackers |= attacker_set(w);
    if (*cut >= 0 && *cut < d) /* a cut before the last capture; at it, the walk's end says why */
        record_end(w, record, (exchange_end)cut_end, -1);
    return d;
}

/* The negamax of swap[0..last]: the value, and the captures the best line
 * plays (the side to capture goes on only when it gains by it); in
 * *going_on, when that side declines a capture, the first mover's balance
 * had it gone on. */
static int32_t best_of(walk *w, int last, int *best_line, int32_t *going_on)
{
    int32_t result[MAX_CAPTURES];
    result[last] = w->swap[last];
    for (int d = last - 1; d >= 0; d--)
        result[d] = result[d + 1] > -w->swap[d] ? -result[d + 1] : w->swap[d];
    int d = 1;
    while (d <= last && result[d] > -w->swap[d - 1])
        d++;
    *best_line = d - 1;
    *going_on = d > last ? 0 : d % 2 == 0 ? result[d] : -result[d];
    return result[0];
}

static void start(walk *w, const seebatch_board *board, seebatch_move move,
                  const seebatch_config *config, exchange_fault fault)
{
    plain_board_load(&w->board, board);
    w->before = w->board;
    w->sight = fault == FAULT_NO_XRAY ? &w->before : &w->board;
    w->to = (int)seebatch_move_to(move);
    w->fault = fault;
    for (int type = SEEBATCH_PAWN; type < SEEBATCH_KING; type++)
        w->value[type] = config->values[type];
    w->value[SEEBATCH_KING] = 0;
    w->use_pins = (config->flags & SEEBATCH_PINS) != 0;
    if (w->use_pins)
        plain_pins_find(&w->board, &w->pins);
}

/* The line's own facts, before the walk: the move, the side, the values. */
static void start_line(const walk *w, const seebatch_board *board, seebatch_move move,
                       exchange_line *line)
{
    line->move = move;
    line->to = w->to;
    line->mover_color = (board->colors[SEEBATCH_BLACK] >> seebatch_move_from(move)) & 1
                            ? SEEBATCH_BLACK
                            : SEEBATCH_WHITE;
    line->fault = w->fault;
    memcpy(line->values, w->value, sizeof line->values);
    line->end_square = -1;
}

void exchange_walk(const seebatch_board *board, seebatch_move move, const seebatch_config *config,
                   exchange_fault fault, exchange_record *record)
{
    memset(record, 0, sizeof *record);
    unsigned kind = seebatch_move_kind(move);
    walk w;
    start(&w, board, move, config, fault);
    start_line(&w, board, move, &record->line);
    if (kind == SEEBATCH_MOVE_CASTLING) {
        record->line.end = END_NOT_PLAYED;
        return;
    }
    record->walked = true;
    record->first_attackers = attacker_set(&w);
    int color = plain_color(w.board.square[seebatch_move_from(move)]);
    bool king_first = plain_type(w.board.square[seebatch_move_from(move)]) == SEEBATCH_KING;
    w.swap[0] = play_first(&w, move, config, record);
    int cut = -1;
    if (!king_first) /* rule 4: a king moving first is never taken */
        record->captures = play_captures(&w, config, color ^ 1, &cut, record);
    else
        record_end(&w, record, END_KING_FIRST, -1);
    record->line.counted = cut >= 0 ? cut : record->captures;
    record->value = best_of(&w, record->line.counted, &record->best_line, &record->line.going_on);
    if (kind != SEEBATCH_MOVE_NORMAL && (config->flags & SEEBATCH_NORMAL_MOVES_ONLY)) {
        record->value = 0; /* scored 0 unplayed: nothing stops early */
        record->best_line = record->captures;
        record_end(&w, record, END_NOT_PLAYED, -1);
    }
}

int32_t exchange_value(const seebatch_board *board, seebatch_move move,
                       const seebatch_config *config, exchange_fault fault)
{
    exchange_record record;
    exchange_walk(board, move, config, fault, &record);
    return record.value;
}
