#include "chain_moves.h"

#include <stdio.h>

#include "board/attacks.h"
#include "board/castling.h"
#include "errors.h" /* seebatch_square_name */

/*
 * Stockfish's training-data code (nnue-pytorch's data loader) keeps an en
 * passant square only when the side to move could take there: the square
 * and the one the pushed pawn came from are empty, the pushed pawn stands
 * beyond it, and some pawn of the side to move attacks it and, taking, leaves
 * no bishop, rook or queen attacking its king. Chains depend on it (the
 * square is among a pawn's numbered destinations), so it is reproduced as
 * that code has it; a side with no king counts as safe.
 */
bool seebatch_en_passant_possible(const seebatch_board *board, unsigned square)
{
    unsigned us = board->side_to_move & 1u, them = us ^ 1u;
    if (square >= 64 || rank_of(square) != (us == SEEBATCH_WHITE ? 5u : 2u))
        return false;
    bitboard capturers =
        pawn_attacks(them, square) & board->pieces[SEEBATCH_PAWN] & board->colors[us];
    unsigned behind = us == SEEBATCH_WHITE ? square + 8 : square - 8; /* where the pawn came from */
    unsigned pushed = us == SEEBATCH_WHITE ? square - 8 : square + 8; /* where it stands */
    bitboard occupied = occupied_squares(board);
    if (!capturers || ((occupied >> square) & 1u) || ((occupied >> behind) & 1u) ||
        !((board->pieces[SEEBATCH_PAWN] & board->colors[them]) >> pushed & 1u))
        return false;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[us];
    bitboard diagonal =
        (board->pieces[SEEBATCH_BISHOP] | board->pieces[SEEBATCH_QUEEN]) & board->colors[them];
    bitboard straight =
        (board->pieces[SEEBATCH_ROOK] | board->pieces[SEEBATCH_QUEEN]) & board->colors[them];
    if (!kings || !(queen_attacks(lowest_square(kings), 0) & (diagonal | straight)))
        return true;
    unsigned king = lowest_square(kings);
    for (; capturers; capturers &= capturers - 1) {
        bitboard after = ((occupied ^ lowest_bit(capturers)) | seebatch_square_bit(square)) ^
                         seebatch_square_bit(pushed);
        if (!(bishop_attacks(king, after) & diagonal) && !(rook_attacks(king, after) & straight))
            return true;
    }
    return false;
}

bool seebatch_castling_fits(const seebatch_board *board, seebatch_move move)
{
    unsigned us = board->side_to_move & 1u;
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned start = us == SEEBATCH_WHITE ? 4u : 60u;
    if (from != start || (to != start + 3 && to != start - 4))
        return false;
    unsigned rook = to;
    bitboard ours = board->colors[us];
    return (board->pieces[SEEBATCH_KING] & ours & seebatch_square_bit(from)) &&
           (board->pieces[SEEBATCH_ROOK] & ours & seebatch_square_bit(rook)) &&
           !(between(from, rook) & occupied_squares(board));
}

bool seebatch_castling_is_standard(const seebatch_board *board, const char *format, char *message,
                                   size_t size)
{
    static const char *const rights[4] = {"white's kingside", "white's queenside",
                                          "black's kingside", "black's queenside"};
    unsigned word = castling_word(board);
    for (unsigned right = 0; right < 4; right++) {
        unsigned king = castling_king_square(board, castling_color(right));
        unsigned rook = castling_rook_square(word, right);
        bool held = (word >> right) & 1u;
        if (!held || ((word & castling_file_bits(right)) == 0 &&
                      (king == CASTLING_NO_SQUARE || file_of(king) == 4)))
            continue;
        char king_name[3] = "-", rook_name[3];
        if (king != CASTLING_NO_SQUARE)
            seebatch_square_name(king, king_name);
        snprintf(message, size,
                 "%s holds standard chess only, not Chess960's castling (%s right: the king on "
                 "%s, the rook on %s)",
                 format, rights[right], king_name, seebatch_square_name(rook, rook_name));
        return false;
    }
    return true;
}

/* Plays a move on a chain's board and its types: the piece taken and the
 * piece moved are read from the types, not from the bitboards. Castling, en
 * passant and promotions (about one move in a hundred) take this path;
 * the decoding loops (binpack_decoding_body.h) play the rest inline. */
void seebatch_chain_play_special(seebatch_board *board, uint8_t *types, seebatch_move move,
                                 int type)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    chain_play_known(board, move, type, types[to]);
    if (kind == SEEBATCH_MOVE_CASTLING) { /* the king took its rook on the corner */
        types[to > from ? from + 2 : from - 2] = SEEBATCH_KING;
        types[to > from ? from + 1 : from - 1] = SEEBATCH_ROOK;
    } else if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        types[to] = (uint8_t)seebatch_promotion_piece(move);
    } else {
        types[to] = (uint8_t)type;
    }
}
