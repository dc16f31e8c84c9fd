/*
 * The test oracle: SEE as the textbook recursion (docs/design.md, section
 * 5), written for plainness, not speed, on a plain array (plain_board.h).
 */
#include "oracle.h"

#include <stdbool.h>

#include "plain_board.h"

enum { EMPTY = PLAIN_EMPTY, WHITE = PLAIN_WHITE, BLACK = PLAIN_BLACK };
enum { PAWN = SEEBATCH_PAWN, QUEEN = SEEBATCH_QUEEN, KING = SEEBATCH_KING };

typedef struct oracle {
    plain_board board;
    int to;
    int32_t value[6];     /* indexed by type; the king's is 0 */
    bool promotions;      /* rule 6: every pawn promotes (SEEBATCH_PROMOTIONS) */
    bool move_promotes;   /* rule 6: the judged move's own promotion counts (either flag) */
    bool stop_when_ahead; /* rule 8 */
    bool pins;            /* rule 5 */
    unsigned order_xor;   /* tie-break among attackers of one type */
    plain_pins pinned;    /* rule 5's blockers and pinners, found before the move */
} oracle;

static int rank_of(int square) { return square / 8; }

static int32_t value_of(const oracle *o, int piece)
{
    return piece == EMPTY ? 0 : o->value[plain_type(piece)];
}

/* The square of the piece `color` captures with next (rules 2 and 5), or -1. */
static int next_attacker(const oracle *o, int color)
{
    int squares[64];
    int count = plain_attackers(&o->board, o->to, color, squares);
    bool pinned = o->pins && plain_pinned_down(&o->board, &o->pinned, o->to, color);
    int best = -1;
    for (int i = 0; i < count; i++) {
        int s = squares[i];
        if (pinned && o->pinned.blocker[color][s])
            continue;
        if (best < 0)
            best = s;
        else {
            int type = plain_type(o->board.square[s]);
            int best_type = plain_type(o->board.square[best]);
            if (type < best_type || (type == best_type && (unsigned)(s ^ o->order_xor) <
                                                              (unsigned)(best ^ o->order_xor)))
                best = s;
        }
    }
    return best;
}

/* What `color` wins from here by capturing on `to` next, or 0 when it had
 * better stop (seed 002's see()). `balance` is what it has won over the
 * exchange so far, for rule 8. */
static int32_t best_gain(oracle *o, int color, int32_t balance)
{
    int from = next_attacker(o, color);
    if (from < 0)
        return 0;
    int moving = o->board.square[from], taken = o->board.square[o->to];
    int32_t gain = value_of(o, taken);

    if (plain_type(moving) == KING) {
        /* Rule 4: only onto a square the other side no longer attacks, judged
         * with the king still at home; and nothing can follow. */
        int squares[64];
        return plain_attackers(&o->board, o->to, color ^ 1, squares) > 0 ? 0 : gain;
    }
    int arriving = moving;
    if (o->promotions && plain_type(moving) == PAWN && rank_of(o->to) == plain_last_rank(color)) {
        arriving = plain_piece(QUEEN, color);
        gain += o->value[QUEEN] - o->value[PAWN];
    }

    o->board.square[o->to] = arriving;
    o->board.square[from] = EMPTY;
    int32_t result = gain;
    /* Rule 8: ahead by more than the piece it has just put on `to`, the
     * other side is taken to stop; otherwise it may go on. */
    if (!(o->stop_when_ahead && balance + gain - value_of(o, arriving) > 0))
        result -= best_gain(o, color ^ 1, -(balance + gain));
    o->board.square[from] = moving;
    o->board.square[o->to] = taken;
    return result > 0 ? result : 0;
}

static void load(oracle *o, const seebatch_board *board, const seebatch_config *config,
                 unsigned order_xor)
{
    plain_board_load(&o->board, board);
    for (int type = PAWN; type < KING; type++)
        o->value[type] = config->values[type];
    o->value[KING] = 0;
    o->promotions = (config->flags & SEEBATCH_PROMOTIONS) != 0;
    o->move_promotes = (config->flags & (SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY)) != 0;
    o->stop_when_ahead = (config->flags & SEEBATCH_STOP_WHEN_AHEAD) != 0;
    o->pins = (config->flags & SEEBATCH_PINS) != 0;
    o->order_xor = order_xor;
    if (o->pins)
        plain_pins_find(&o->board, &o->pinned);
}

int32_t oracle_see_value_ordered(const seebatch_board *board, seebatch_move move,
                                 const seebatch_config *config, unsigned order_xor)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING)
        return 0;
    if (kind != SEEBATCH_MOVE_NORMAL && (config->flags & SEEBATCH_NORMAL_MOVES_ONLY))
        return 0;

    oracle o;
    load(&o, board, config, order_xor);
    int from = (int)seebatch_move_from(move);
    o.to = (int)seebatch_move_to(move);
    int moving = o.board.square[from];
    int color = plain_color(moving);

    int32_t gain;
    if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        int victim = color == WHITE ? o.to - 8 : o.to + 8;
        gain = value_of(&o, o.board.square[victim]);
        o.board.square[victim] = EMPTY;
    } else {
        gain = value_of(&o, o.board.square[o.to]);
    }
    if (plain_type(moving) == KING)
        return gain; /* rule 4: a king moving first is never taken */

    int arriving = moving;
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN &&
        o.move_promotes) {
        int named = (int)seebatch_promotion_piece(move);
        arriving = plain_piece(named, color);
        gain += o.value[named] - o.value[PAWN];
    }
    o.board.square[o.to] = arriving;
    o.board.square[from] = EMPTY;
    /* The first move is forced: no max with 0 here, and nothing is broken
     * off after it (rule 8). */
    return gain - best_gain(&o, color ^ 1, -gain);
}

int32_t oracle_see_value(const seebatch_board *board, seebatch_move move,
                         const seebatch_config *config)
{
    return oracle_see_value_ordered(board, move, config, 0);
}
