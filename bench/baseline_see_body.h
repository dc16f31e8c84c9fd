/*
 * The body of the baseline, included once per way of looking up slider
 * attacks: define BASELINE_SEE_GE (the function's name) and names for its
 * static helpers (BASELINE_ATTACKERS_TO, BASELINE_EXCHANGE, BASELINE_SPECIAL),
 * BISHOP_ATTACKS(square, occupied) and ROOK_ATTACKS(square, occupied), and
 * BOTH_ATTACKS(square, occupied, &bishop, &rook) where one computation gives
 * both (Stockfish's attackers_to then asks once).
 *
 * It follows Stockfish's Position::see_ge (current master) step by step:
 * the mailbox read for the two early exits, attackers_to once, the loop
 * toggling the side, pinned pieces held back while a pinner is on the board,
 * the least valuable attacker type by type with the x-rays behind it, the
 * king taking last only if nothing can take it back. Where seebatch's rules
 * score a special move (en passant, a promotion taken as a pawn's capture),
 * the same exchange runs from that move; under Stockfish's rules
 * (normal_moves_only) such a move scores 0, as in Stockfish.
 */
#include "board/attacks.h"

/* Stockfish's Position::attackers_to(s, occupied): both colours' pieces
 * attacking s, the sliders seen through `occupied`. */
static inline __attribute__((always_inline)) bitboard
BASELINE_ATTACKERS_TO(const baseline_position *pos, unsigned s, bitboard occupied)
{
    const bitboard *pieces = pos->by_type;
#ifdef BOTH_ATTACKS
    bitboard bishop, rook;
    BOTH_ATTACKS(s, occupied, &bishop, &rook);
#else
    bitboard bishop = BISHOP_ATTACKS(s, occupied), rook = ROOK_ATTACKS(s, occupied);
#endif
    return (rook & (pieces[1 + SEEBATCH_ROOK] | pieces[1 + SEEBATCH_QUEEN])) |
           (bishop & (pieces[1 + SEEBATCH_BISHOP] | pieces[1 + SEEBATCH_QUEEN])) |
           (pawn_attacks(SEEBATCH_BLACK, s) & pos->by_color[SEEBATCH_WHITE] &
            pieces[1 + SEEBATCH_PAWN]) |
           (pawn_attacks(SEEBATCH_WHITE, s) & pos->by_color[SEEBATCH_BLACK] &
            pieces[1 + SEEBATCH_PAWN]) |
           (knight_attacks(s) & pieces[1 + SEEBATCH_KNIGHT]) |
           (king_attacks(s) & pieces[1 + SEEBATCH_KING]);
}

/* Whether the side to move, having given up `swap` by its first capture to
 * `to`, keeps at least the threshold after the exchange. As Stockfish's
 * loop: res is 1 while the last capture stands. */
static inline __attribute__((always_inline)) bool BASELINE_EXCHANGE(const baseline_position *pos,
                                                                    unsigned to, bitboard occupied,
                                                                    int32_t swap,
                                                                    const baseline_values *values)
{
    const bitboard *pieces = pos->by_type;
    const int32_t *value = values->of_code; /* white's codes: the type's value */
    unsigned stm = pos->side_to_move;
    bitboard attackers = BASELINE_ATTACKERS_TO(pos, to, occupied);
    bitboard stm_attackers, bb;
    int32_t res = 1;
    for (;;) {
        stm ^= 1;
        attackers &= occupied;
        if (!(stm_attackers = attackers & pos->by_color[stm]))
            break;
        /* Pinned pieces do not take while a pinner is still on its square. */
        if (pos->pins.pinners[stm ^ 1] & occupied) {
            stm_attackers &= ~pos->pins.blockers[stm];
            if (!stm_attackers)
                break;
        }
        res ^= 1;
        if ((bb = stm_attackers & pieces[1 + SEEBATCH_PAWN])) {
            if ((swap = value[1 + SEEBATCH_PAWN] - swap) < res)
                break;
            occupied ^= bb & -bb;
            attackers |= BISHOP_ATTACKS(to, occupied) &
                         (pieces[1 + SEEBATCH_BISHOP] | pieces[1 + SEEBATCH_QUEEN]);
        } else if ((bb = stm_attackers & pieces[1 + SEEBATCH_KNIGHT])) {
            if ((swap = value[1 + SEEBATCH_KNIGHT] - swap) < res)
                break;
            occupied ^= bb & -bb;
        } else if ((bb = stm_attackers & pieces[1 + SEEBATCH_BISHOP])) {
            if ((swap = value[1 + SEEBATCH_BISHOP] - swap) < res)
                break;
            occupied ^= bb & -bb;
            attackers |= BISHOP_ATTACKS(to, occupied) &
                         (pieces[1 + SEEBATCH_BISHOP] | pieces[1 + SEEBATCH_QUEEN]);
        } else if ((bb = stm_attackers & pieces[1 + SEEBATCH_ROOK])) {
            if ((swap = value[1 + SEEBATCH_ROOK] - swap) < res)
                break;
            occupied ^= bb & -bb;
            attackers |= ROOK_ATTACKS(to, occupied) &
                         (pieces[1 + SEEBATCH_ROOK] | pieces[1 + SEEBATCH_QUEEN]);
        } else if ((bb = stm_attackers & pieces[1 + SEEBATCH_QUEEN])) {
            swap = value[1 + SEEBATCH_QUEEN] - swap; /* >= res: only a king takes after a queen */
            occupied ^= bb & -bb;
#ifdef BOTH_ATTACKS
            bitboard bishop, rook;
            BOTH_ATTACKS(to, occupied, &bishop, &rook);
#else
            bitboard bishop = BISHOP_ATTACKS(to, occupied), rook = ROOK_ATTACKS(to, occupied);
#endif
            attackers |= (bishop & (pieces[1 + SEEBATCH_BISHOP] | pieces[1 + SEEBATCH_QUEEN])) |
                         (rook & (pieces[1 + SEEBATCH_ROOK] | pieces[1 + SEEBATCH_QUEEN]));
        } else /* the king: its capture stands only if nothing takes it back */
            return (attackers & ~pos->by_color[stm]) ? res ^ 1 : res;
    }
    return res;
}

/* The moves Stockfish answers "VALUE_ZERO >= threshold" for, or, under
 * seebatch's other rules, en passant and promotions played out. */
static bool BASELINE_SPECIAL(const baseline_position *pos, seebatch_move move, int32_t threshold,
                             const baseline_values *values)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING || values->normal_moves_only)
        return 0 >= threshold;
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    bitboard occupied = pos->by_type[0] ^ seebatch_square_bit(from) ^ seebatch_square_bit(to);
    int32_t swap = values->of_code[pos->board[to]] - threshold;
    if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        occupied ^= seebatch_square_bit(en_passant_victim(to, pos->side_to_move));
        swap = values->of_code[1 + SEEBATCH_PAWN] - threshold;
    }
    if (swap < 0)
        return false;
    swap = values->of_code[pos->board[from]] - swap; /* a promotion: the pawn is at stake */
    if (swap <= 0)
        return true;
    return BASELINE_EXCHANGE(pos, to, occupied, swap, values);
}

bool BASELINE_SEE_GE(const baseline_position *pos, seebatch_move move, int32_t threshold,
                     const baseline_values *values)
{
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL)
        return BASELINE_SPECIAL(pos, move, threshold, values);
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    int32_t swap = values->of_code[pos->board[to]] - threshold;
    if (swap < 0)
        return false; /* not even if nothing is taken back */
    swap = values->of_code[pos->board[from]] - swap;
    if (swap <= 0)
        return true; /* even if the mover is taken back */
    /* `to` xored as well, as Stockfish does (its comment: important for the
     * pinned piece logic). */
    return BASELINE_EXCHANGE(pos, to,
                             pos->by_type[0] ^ seebatch_square_bit(from) ^ seebatch_square_bit(to),
                             swap, values);
}
