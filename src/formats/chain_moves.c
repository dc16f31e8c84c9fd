#include "chain_moves.h"

#include "attacks.h"

/*
 * Stockfish's training-data code keeps an en passant square only when a pawn
 * of capturer_color attacking it could take without uncovering a slider on
 * its own king. Its test lifts the capturer, fills the en passant square and
 * flips the victim's square; on a board before the double push that flip
 * fills the square (the pushed pawn is not there yet), so the test is not
 * exact chess there. It is reproduced as it is: chains depend on it.
 */
bool seebatch_en_passant_allowed(const seebatch_board *board, unsigned capturer_color,
                                 unsigned square, unsigned victim)
{
    bitboard capturers = pawn_attacks(capturer_color ^ 1u, square) & board->pieces[SEEBATCH_PAWN]
                       & board->colors[capturer_color];
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[capturer_color];
    bitboard enemy = board->colors[capturer_color ^ 1u];
    bitboard diagonal = (board->pieces[SEEBATCH_BISHOP] | board->pieces[SEEBATCH_QUEEN]) & enemy;
    bitboard straight = (board->pieces[SEEBATCH_ROOK] | board->pieces[SEEBATCH_QUEEN]) & enemy;
    for (; capturers; capturers &= capturers - 1) {
        if (!kings)
            return true;
        unsigned king = lowest_square(kings), from = lowest_square(capturers);
        bitboard occupied = (occupied_squares(board) ^ square_bit(from)) | square_bit(square);
        occupied ^= square_bit(victim);
        bitboard removed = square_bit(from) | square_bit(victim);
        if (!(queen_attacks(king, 0) & removed))
            return true;
        if (!(bishop_attacks(king, occupied) & diagonal) && !(rook_attacks(king, occupied) & straight))
            return true;
    }
    return false;
}

bool seebatch_en_passant_possible(const seebatch_board *board, unsigned square)
{
    unsigned us = board->side_to_move & 1u;
    unsigned victim = us == SEEBATCH_WHITE ? square - 8 : square + 8;
    return square < 64 && seebatch_en_passant_allowed(board, us, square, victim & 63u);
}

bool seebatch_castling_fits(const seebatch_board *board, seebatch_move move)
{
    unsigned us = board->side_to_move & 1u;
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned start = us == SEEBATCH_WHITE ? 4u : 60u;
    if (from != start || (to != start + 2 && to != start - 2))
        return false;
    unsigned rook = to > from ? start + 3 : start - 4;
    bitboard ours = board->colors[us];
    return (board->pieces[SEEBATCH_KING] & ours & square_bit(from)) &&
           (board->pieces[SEEBATCH_ROOK] & ours & square_bit(rook)) &&
           !(between(from, rook) & occupied_squares(board));
}

bool seebatch_side_in_check(const seebatch_board *board)
{
    unsigned us = board->side_to_move & 1u;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[us];
    if (!kings)
        return false;
    return (attackers_to(board, lowest_square(kings), occupied_squares(board))
            & board->colors[us ^ 1u]) != 0;
}

