/*
 * Whether the piece on a move's from-square can make the move, by the way
 * it moves: a slider along an open line, a knight's jump, a king's step or
 * its castling (the right held, king and rook in place, the squares between
 * them empty), a pawn's push, double push from its second rank, diagonal
 * capture or en passant. Whoever is to move, and whether the move leaves a
 * king in check, are not asked: eval scores moves of either side, legal or
 * not. The SEE calls need none of this (any move meeting seebatch_move_check
 * has a value); seebatch_move_parse and seebatch_check refuse a move that
 * fails it, so that a square typed wrong is named rather than scored.
 */
#ifndef SEEBATCH_MOVE_REACH_H
#define SEEBATCH_MOVE_REACH_H

#include <stdbool.h>

#include "attacks.h"
#include "castling.h"

/* The squares between a move's two, as file and rank distances and which
 * way the rank goes: a move's geometry, from which each piece's way of
 * moving is a comparison or two. */
typedef struct move_geometry {
    unsigned files, ranks; /* distances, 0..7 */
    bool forward_of_white; /* the to-square on a higher rank */
} move_geometry;

static inline move_geometry geometry_of(unsigned from, unsigned to)
{
    unsigned ff = file_of(from), ft = file_of(to), rf = rank_of(from), rt = rank_of(to);
    move_geometry g = {ff > ft ? ff - ft : ft - ff, rf > rt ? rf - rt : rt - rf, rt > rf};
    return g;
}

/* A pawn of `color` from `from` onto `to`: diagonally one square forward
 * onto a piece or by en passant, else straight forward one square, or two
 * from its second rank over an empty square. */
static inline bool pawn_reaches(unsigned color, unsigned from, move_geometry g, bitboard occupied,
                                bool captures)
{
    bool forward = g.forward_of_white == (color == SEEBATCH_WHITE);
    unsigned second_rank = color == SEEBATCH_WHITE ? 1u : 6u;
    unsigned over = color == SEEBATCH_WHITE ? from + 8 : from - 8;
    bool double_step =
        g.ranks == 2 && rank_of(from) == second_rank && !((occupied >> (over & 63u)) & 1u);
    bool takes = g.files == 1 && g.ranks == 1;
    bool pushes = g.files == 0 && (g.ranks == 1 || double_step);
    return forward & (captures ? takes : pushes);
}

/* A king's castling from `from` with its rook on `to` (the king takes
 * its rook): its side's castling king, the right towards that rook held
 * with its rook there, the squares king and rook cross empty. (Whether the
 * king passes through check is legality.) */
static inline bool castling_reaches(const seebatch_board *board, unsigned color, unsigned from,
                                    unsigned to, bitboard occupied)
{
    unsigned right = castling_right_toward(color, from, to);
    return from == castling_king_square(board, color) && ((board->castling >> right) & 1u) &&
           castling_rook_square(castling_word(board), right) == to &&
           castling_right_in_place(board, right) && !(castling_path(from, to) & occupied);
}

/* Whether the piece on the move's from-square can make it, for a move
 * that satisfies seebatch_move_check on a consistent board (else false or
 * true, never a read outside the tables). Each way of moving is a
 * comparison of the move's geometry, the mover's kept, with no branch on
 * its type and no attack table but the squares between: the check asks
 * this of every move of a batch. */
static inline bool move_is_possible(const seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move), color = color_on(board, from);
    bitboard occupied = occupied_squares(board);
    if (kind == SEEBATCH_MOVE_CASTLING) /* a king's (seebatch_move_check) */
        return castling_reaches(board, color, from, to, occupied);
    const bitboard *p = board->pieces;
    move_geometry g = geometry_of(from, to);
    bool open = !(between(from, to) & occupied);
    bool diagonal = g.files == g.ranks, straight = g.files == 0 || g.ranks == 0;
    bool knight_jump = g.files * g.ranks == 2, king_step = g.files <= 1 && g.ranks <= 1;
    bool captures = kind == SEEBATCH_MOVE_EN_PASSANT || ((occupied >> to) & 1u);
    bool slides =
        open & ((diagonal & (unsigned)(((p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN]) >> from) & 1u)) |
                (straight & (unsigned)(((p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN]) >> from) & 1u)));
    bool steps = (knight_jump & (unsigned)((p[SEEBATCH_KNIGHT] >> from) & 1u)) |
                 (king_step & (unsigned)((p[SEEBATCH_KING] >> from) & 1u));
    bool pawn =
        ((p[SEEBATCH_PAWN] >> from) & 1u) && pawn_reaches(color, from, g, occupied, captures);
    return slides | steps | pawn;
}

#pragma GCC visibility push(hidden)

/* What move_is_possible says, with the reason when it says no, naming the
 * piece, the squares and what stands in the way ("the rook on h1 cannot
 * reach h3: h2 is in the way"): SEEBATCH_ERROR_MOVE. The same preconditions. */
seebatch_status seebatch_move_reach_check(const seebatch_board *board, seebatch_move move,
                                          seebatch_error *error);

#pragma GCC visibility pop

#endif
