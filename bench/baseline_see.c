/*
 * Stockfish's see_ge as usually written: early exits on the values of the two
 * pieces of the move, then the exchange with a null window around the
 * threshold, the least valuable attacker found type by type, x-rays added
 * after a piece on a line leaves. Two things differ from the text it follows,
 * both to mean what seebatch's contract (and today's Stockfish) means: pinned
 * pieces are held back while any of their pinners is still on the board, and
 * with SEEBATCH_NORMAL_MOVES_ONLY every special move scores 0.
 */
#include "baseline_see.h"

#include "attacks.h"

enum { NO_PIECE = 6 };

baseline_values baseline_values_of(const seebatch_config *config)
{
    baseline_values values = {{0}, (config->flags & SEEBATCH_NORMAL_MOVES_ONLY) != 0};
    for (int type = 0; type < SEEBATCH_KING; type++)
        values.of_type[type] = config->values[type];
    return values;
}

/* The piece type on a square, found the plain way, or NO_PIECE. */
static int type_at(const seebatch_board *board, unsigned square)
{
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        if (board->pieces[type] & square_bit(square))
            return type;
    return NO_PIECE;
}

/* Takes the side's least valuable attacker off the board, adds the sliders
 * behind it, and returns its type. */
static int take_least_valuable(const seebatch_board *board, unsigned to, bitboard side_attackers,
                               bitboard *occupied, bitboard *attackers)
{
    const bitboard *p = board->pieces;
    for (int type = SEEBATCH_PAWN; type < SEEBATCH_KING; type++) {
        bitboard of_type = side_attackers & p[type];
        if (!of_type)
            continue;
        *occupied ^= lowest_bit(of_type);
        if (type == SEEBATCH_PAWN || type == SEEBATCH_BISHOP || type == SEEBATCH_QUEEN)
            *attackers |= bishop_attacks(to, *occupied) & (p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN]);
        if (type == SEEBATCH_ROOK || type == SEEBATCH_QUEEN)
            *attackers |= rook_attacks(to, *occupied) & (p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN]);
        *attackers &= *occupied;
        return type;
    }
    return SEEBATCH_KING;
}

bool baseline_see_ge(const seebatch_board *board, const seebatch_pins *pins, seebatch_move move,
                     int32_t threshold, const baseline_values *values)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING || (kind != SEEBATCH_MOVE_NORMAL && values->normal_moves_only))
        return 0 >= threshold;

    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    int next_victim = type_at(board, from);
    unsigned side = color_on(board, from) ^ 1; /* the opponent replies first */
    int32_t balance;
    bitboard occupied;
    if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        occupied = square_bit(en_passant_victim(to, side ^ 1));
        balance = values->of_type[SEEBATCH_PAWN];
    } else {
        occupied = 0;
        balance = values->of_type[type_at(board, to)];
    }
    if (balance < threshold)
        return false; /* even if nothing is taken back */
    if (next_victim == SEEBATCH_KING)
        return true; /* a king is never taken back */
    balance -= values->of_type[next_victim];
    if (balance >= threshold)
        return true; /* even if the mover is taken back */

    bool opponent_to_move = true;
    occupied ^= occupied_squares(board) ^ square_bit(from) ^ square_bit(to);
    bitboard attackers = attackers_to(board, to, occupied) & occupied;
    for (;;) {
        bitboard side_attackers = attackers & board->colors[side];
        if (pins && (pins->pinners[side] & occupied))
            side_attackers &= ~pins->blockers[side];
        if (!side_attackers)
            return opponent_to_move;
        next_victim = take_least_valuable(board, to, side_attackers, &occupied, &attackers);
        if (next_victim == SEEBATCH_KING)
            return opponent_to_move == ((attackers & board->colors[side ^ 1]) != 0);
        balance += opponent_to_move ? values->of_type[next_victim] : -values->of_type[next_victim];
        opponent_to_move = !opponent_to_move;
        if (opponent_to_move == (balance >= threshold))
            return opponent_to_move;
        side ^= 1;
    }
}
