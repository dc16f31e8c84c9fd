/*
 * The engine path's exchange for normal moves when no promotion is in play
 * (no special rule but pins), the common case, in two forms:
 * - the threshold test: Stockfish's null-window walk (decide on the values
 *   of the two pieces if they suffice, else capture in turn with the least
 *   valuable attacker and stop as soon as the side to move can no longer
 *   change which side of the threshold the balance is on);
 * - the exact value: the swap list (each capture's speculative gain, then
 *   the negamax of the list from its end).
 * Each is built twice, without and with rule 8 (SEEBATCH_STOP_WHEN_AHEAD),
 * so that the common case tests no flag for it. Under the contract both
 * answer what seebatch_scalar_see_within answers; the differential harness
 * holds them to it.
 *
 * Where seebatch's board differs from Stockfish's the code does too: there
 * is no mailbox, so the types on `from` and `to`, and the cheapest attacker,
 * come from three planes of the piece bitboards without a branch (faster on
 * positions the branch predictor has not learned); pins come
 * from the caller or are worked out the first time a side has an attacker.
 */
#include "attacks.h"
#include "scalar.h"

/* The type codes (pawn 0 .. king 5) of two squares, from one set of type
 * planes; an empty square reads as 7, worth 0 in prepared rules. */
static inline void capture_types(const seebatch_board *board, unsigned from, unsigned to,
                                 unsigned *mover, unsigned *victim)
{
    type_planes planes = type_planes_of(board, ~occupied_squares(board));
    *mover = type_in_planes(&planes, from);
    *victim = type_in_planes(&planes, to);
}

/* Keeps the candidates without `plane` if there are any, and says whether it did. */
static inline bitboard keep_without(bitboard candidates, bitboard plane, unsigned *bit)
{
    bitboard without = candidates & ~plane;
    *bit = without == 0;
    return without ? without : candidates;
}

/* Takes the side's least valuable attacker off the board, lets the sliders
 * behind it join, and returns its type. The type is found bit by bit of its
 * code, from the top, with no branch. */
static inline unsigned seebatch_take_cheapest(const seebatch_board *board, unsigned to, bitboard candidates,
                                     bitboard *occupied, bitboard *attackers)
{
    const bitboard *p = board->pieces;
    unsigned high, middle, low;
    candidates = keep_without(candidates, p[SEEBATCH_QUEEN] | p[SEEBATCH_KING], &high);
    candidates = keep_without(candidates, p[SEEBATCH_BISHOP] | p[SEEBATCH_ROOK], &middle);
    candidates =
        keep_without(candidates, p[SEEBATCH_KNIGHT] | p[SEEBATCH_ROOK] | p[SEEBATCH_KING], &low);
    unsigned type = high * 4 + middle * 2 + low;
    if (type == SEEBATCH_KING)
        return type;
    *occupied ^= lowest_bit(candidates);
    /* Only a line through the square just left can open (rule 3). */
    if (!(type & 1))
        *attackers |= bishop_attacks(to, *occupied) & (p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN]);
    if (type == SEEBATCH_ROOK || type == SEEBATCH_QUEEN)
        *attackers |= rook_attacks(to, *occupied) & (p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN]);
    *attackers &= *occupied;
    return type;
}

/* The occupancy after the first move and every piece that then attacks `to`. */
static inline bitboard seebatch_attackers_after(const seebatch_board *board, unsigned from, unsigned to,
                                       bitboard *occupied)
{
    *occupied = occupied_squares(board) & ~(seebatch_square_bit(from) | seebatch_square_bit(to));
    return attackers_to(board, to, *occupied) & *occupied;
}

/* The attackers of `side` that rule 5 lets capture. */
static inline bitboard able_attackers(const seebatch_board *board, pin_source *pins, unsigned side,
                                      bitboard attackers, bitboard occupied)
{
    bitboard mine = attackers & board->colors[side];
    if (mine && pins) {
        const seebatch_pins *held = pins_from(pins);
        if (pinners_of(held, side) & occupied)
            mine &= ~held->blockers[side];
    }
    return mine;
}

/* For the code built once without and once with rule 8 (the walk's
 * seebatch_exchange_see_ge is left to the compiler: forced inline, the common build
 * took more instructions per call). */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

/*
 * The exchange after the first move, from the opponent's reply on: whether
 * the mover ends at least at the threshold. `balance` assumes the opponent
 * takes the piece just moved.
 *
 * Rule 8 moves the line the balance is judged against after a capture.
 * After the opponent's, the balance (which counts the piece it has just put
 * on `to` as taken back) is below 0 exactly when the opponent is ahead by
 * more than that piece; the exchange then ends with the first mover at the
 * balance before the capture, which was below the threshold. After the
 * first mover's own, the balance is above 0 exactly when the first mover is
 * ahead by more than its piece; the exchange ends with it at the balance
 * before, which was at or above the threshold.
 */
static inline bool seebatch_exchange_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                                   pin_source *pins, unsigned from, unsigned to, int32_t balance,
                                   int32_t threshold, const bool stop_when_ahead)
{
    int32_t after_theirs = threshold, after_mine = threshold;
    if (stop_when_ahead) {
        after_theirs = threshold > 0 ? threshold : 0;
        after_mine = threshold < 1 ? threshold : 1;
    }
    bitboard occupied;
    bitboard attackers = seebatch_attackers_after(board, from, to, &occupied);
    unsigned side = color_on(board, from) ^ 1;
    bool opponent_to_move = true;
    for (;;) {
        bitboard mine = able_attackers(board, pins, side, attackers, occupied);
        if (!mine)
            return opponent_to_move;
        unsigned type = seebatch_take_cheapest(board, to, mine, &occupied, &attackers);
        if (type == SEEBATCH_KING) /* rule 4: only onto a square the other side no longer attacks */
            return opponent_to_move == ((attackers & board->colors[side ^ 1]) != 0);
        /* From here on the balance assumes the piece just moved is taken back. */
        balance += opponent_to_move ? rules->value[type] : -rules->value[type];
        opponent_to_move = !opponent_to_move;
        if (opponent_to_move == (balance >= (opponent_to_move ? after_mine : after_theirs)))
            return opponent_to_move;
        side ^= 1;
    }
}

ALWAYS_INLINE bool normal_move_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                                      pin_source *pins, unsigned from, unsigned to,
                                      int32_t threshold, const bool stop_when_ahead)
{
    unsigned mover, victim;
    capture_types(board, from, to, &mover, &victim);
    int32_t balance = rules->value[victim];
    if (balance < threshold)
        return false; /* not even if nothing is taken back */
    if (mover == SEEBATCH_KING)
        return true; /* a king is never taken back (rule 4) */
    balance -= rules->value[mover];
    if (balance >= threshold)
        return true; /* even if the mover is taken back (rule 8 never ends the first move) */
    return seebatch_exchange_see_ge(rules, board, pins, from, to, balance, threshold, stop_when_ahead);
}

ALWAYS_INLINE int32_t normal_move_value(const seebatch_rules *rules, const seebatch_board *board,
                                        pin_source *pins, unsigned from, unsigned to,
                                        const bool stop_when_ahead)
{
    unsigned mover, victim;
    capture_types(board, from, to, &mover, &victim);
    /* gain[d]: what the side making capture d wins if the exchange stops
     * right after it; 32 pieces bound the depth. */
    int32_t gain[34];
    gain[0] = rules->value[victim];
    if (mover == SEEBATCH_KING)
        return gain[0]; /* a king is never taken back (rule 4) */
    bitboard occupied;
    bitboard attackers = seebatch_attackers_after(board, from, to, &occupied);
    unsigned side = color_on(board, from) ^ 1;
    int32_t standing = rules->value[mover];
    int depth = 0;
    for (;;) {
        bitboard mine = able_attackers(board, pins, side, attackers, occupied);
        if (!mine)
            break;
        unsigned type = seebatch_take_cheapest(board, to, mine, &occupied, &attackers);
        if (type == SEEBATCH_KING && (attackers & board->colors[side ^ 1]))
            break; /* rule 4: the king may not step into an attack */
        depth++;
        gain[depth] = standing - gain[depth - 1];
        if (type == SEEBATCH_KING)
            break; /* and a king's capture ends the exchange */
        standing = rules->value[type];
        if (stop_when_ahead && gain[depth] - standing > 0)
            break; /* rule 8: ahead by more than its piece, the other side is taken to stop */
        side ^= 1;
    }
    /* Each side takes the capture only if it does better than stopping. */
    for (; depth > 0; depth--)
        gain[depth - 1] = gain[depth - 1] < -gain[depth] ? gain[depth - 1] : -gain[depth];
    return gain[0];
}

bool seebatch_scalar_normal_move_see_ge_common(const seebatch_rules *rules,
                                               const seebatch_board *board, pin_source *pins,
                                               unsigned from, unsigned to, int32_t threshold)
{
    return normal_move_see_ge(rules, board, pins, from, to, threshold, false);
}

int32_t seebatch_scalar_normal_move_value_common(const seebatch_rules *rules,
                                                 const seebatch_board *board, pin_source *pins,
                                                 unsigned from, unsigned to)
{
    return normal_move_value(rules, board, pins, from, to, false);
}

bool seebatch_scalar_normal_move_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                                        pin_source *pins, unsigned from, unsigned to,
                                        int32_t threshold)
{
    if (rules->flags & SEEBATCH_STOP_WHEN_AHEAD)
        return normal_move_see_ge(rules, board, pins, from, to, threshold, true);
    return seebatch_scalar_normal_move_see_ge_common(rules, board, pins, from, to, threshold);
}

int32_t seebatch_scalar_normal_move_value(const seebatch_rules *rules, const seebatch_board *board,
                                          pin_source *pins, unsigned from, unsigned to)
{
    if (rules->flags & SEEBATCH_STOP_WHEN_AHEAD)
        return normal_move_value(rules, board, pins, from, to, true);
    return seebatch_scalar_normal_move_value_common(rules, board, pins, from, to);
}
