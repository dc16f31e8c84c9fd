/*
 * An exchange as a swap list on the plain board (exchange_walk.h).
 */
#include "exchange_walk.h"

#include <string.h>

#include "plain_board.h"

enum { MAX_CAPTURES = 64 };

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

/* The first move played: its gain, the piece it puts on `to`. */
static int32_t play_first(walk *w, seebatch_move move, const seebatch_config *config,
                          exchange_record *record)
{
    unsigned kind = seebatch_move_kind(move);
    int from = (int)seebatch_move_from(move);
    int moving = w->board.square[from], color = plain_color(moving);
    int32_t gain = value_of(w, w->board.square[w->to]);
    if (kind == SEEBATCH_MOVE_EN_PASSANT && w->fault != FAULT_EN_PASSANT_NO_VICTIM) {
        int victim = color == PLAIN_WHITE ? w->to - 8 : w->to + 8;
        gain = value_of(w, w->board.square[victim]);
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
    return gain;
}

/* One capture by `side` from `from`: its balance in swap[d], and the piece
 * now on `to`. */
static int capture(walk *w, const seebatch_config *config, int from, int d, exchange_record *record)
{
    int piece = w->board.square[from], side = plain_color(piece);
    w->swap[d] = value_of(w, w->board.square[w->to]) - w->swap[d - 1];
    if ((config->flags & SEEBATCH_PROMOTIONS) && plain_type(piece) == SEEBATCH_PAWN &&
        w->to / 8 == plain_last_rank(side)) {
        piece = plain_piece(SEEBATCH_QUEEN, side);
        w->swap[d] += w->value[SEEBATCH_QUEEN] - w->value[SEEBATCH_PAWN];
        record->promotes = true;
    }
    w->board.square[w->to] = piece;
    w->board.square[from] = PLAIN_EMPTY;
    return piece;
}

/* The captures after the first move, to the end: returns how many, and in
 * *cut the capture after which rule 8 breaks off (-1: none). */
static int play_captures(walk *w, const seebatch_config *config, int side, int *cut,
                         exchange_record *record)
{
    int d = 0, squares[64];
    *cut = -1;
    while (d + 1 < MAX_CAPTURES) {
        /* The swap algorithm's prune, before it looks for a capturer: the
         * side to capture is behind if it stands pat (swap[d] > 0 for the
         * other) and behind after capturing the piece on `to` too. */
        if (*cut < 0 && w->fault == FAULT_SWAP_PRUNED && w->swap[d] > 0 &&
            value_of(w, w->board.square[w->to]) - w->swap[d] < 0)
            *cut = d;
        record->attackers |= attacker_set(w);
        int from = next_attacker(w, side);
        if (from < 0)
            break;
        bool king = plain_type(w->board.square[from]) == SEEBATCH_KING;
        if (king && w->fault != FAULT_KING_INTO_ATTACK && attackers(w, side ^ 1, squares) > 0)
            break; /* rule 4 */
        int arrived = capture(w, config, from, ++d, record);
        if (king)
            break;
        bool rule_8 =
            (config->flags & SEEBATCH_STOP_WHEN_AHEAD) && w->swap[d] - value_of(w, arrived) > 0;
        if (*cut < 0 && (rule_8 || (w->fault == FAULT_STOPS_ONCE_AHEAD && w->swap[d] > 0)))
            *cut = d;
        side ^= 1;
    }
    record->attackers |= attacker_set(w);
    return d;
}

/* The negamax of swap[0..last]: the value, and the captures the best line
 * plays (the side to capture goes on only when it gains by it). */
static int32_t best_of(walk *w, int last, int *best_line)
{
    int32_t result[MAX_CAPTURES];
    result[last] = w->swap[last];
    for (int d = last - 1; d >= 0; d--)
        result[d] = result[d + 1] > -w->swap[d] ? -result[d + 1] : w->swap[d];
    int d = 1;
    while (d <= last && result[d] > -w->swap[d - 1])
        d++;
    *best_line = d - 1;
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

void exchange_walk(const seebatch_board *board, seebatch_move move, const seebatch_config *config,
                   exchange_fault fault, exchange_record *record)
{
    memset(record, 0, sizeof *record);
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING)
        return;
    walk w;
    start(&w, board, move, config, fault);
    record->walked = true;
    record->first_attackers = attacker_set(&w);
    int color = plain_color(w.board.square[seebatch_move_from(move)]);
    bool king_first = plain_type(w.board.square[seebatch_move_from(move)]) == SEEBATCH_KING;
    w.swap[0] = play_first(&w, move, config, record);
    int cut = -1;
    if (!king_first) /* rule 4: a king moving first is never taken */
        record->captures = play_captures(&w, config, color ^ 1, &cut, record);
    record->value = best_of(&w, cut >= 0 ? cut : record->captures, &record->best_line);
    if (kind != SEEBATCH_MOVE_NORMAL && (config->flags & SEEBATCH_NORMAL_MOVES_ONLY)) {
        record->value = 0; /* scored 0 unplayed: nothing stops early */
        record->best_line = record->captures;
    }
}

int32_t exchange_value(const seebatch_board *board, seebatch_move move,
                       const seebatch_config *config, exchange_fault fault)
{
    exchange_record record;
    exchange_walk(board, move, config, fault, &record);
    return record.value;
}
