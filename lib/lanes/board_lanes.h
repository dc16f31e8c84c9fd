/*
 * The boards as lanes: what the kernel body (kernel_body.h) needs of each
 * lane's board, in the lane vocabulary included before it.
 */
#ifndef SEEBATCH_LANES_BOARD_LANES_H
#define SEEBATCH_LANES_BOARD_LANES_H

#ifndef SEEBATCH_LANE_VOCABULARY
#error "include a lane vocabulary (lib/avx2/lanes.h or lib/avx512/lanes.h) first"
#endif

/* What the lanes need of their boards. */
typedef struct board_lanes {
    lanes white, black;
    lanes ones, twos, fours; /* the pieces whose type code has bit 0, 1, 2 */
    lanes pawns, knights, kings;
    lanes diagonal, straight; /* the sliders along diagonals, and along ranks and files */
} board_lanes;

/* From rows[k], bitboard k of each lane's board: pieces[0..5], colors[0..1]. */
INLINE void derive_board_lanes(board_lanes *b, const lanes rows[8])
{
    lanes knight = rows[SEEBATCH_KNIGHT], bishop = rows[SEEBATCH_BISHOP],
          rook = rows[SEEBATCH_ROOK];
    lanes queen = rows[SEEBATCH_QUEEN], king = rows[SEEBATCH_KING];
    b->white = rows[SEEBATCH_PIECE_TYPES + SEEBATCH_WHITE];
    b->black = rows[SEEBATCH_PIECE_TYPES + SEEBATCH_BLACK];
    b->ones = either(either(knight, rook), king);
    b->twos = either(bishop, rook);
    b->fours = either(queen, king);
    b->pawns = rows[SEEBATCH_PAWN];
    b->knights = knight;
    b->kings = king;
    b->diagonal = either(bishop, queen);
    b->straight = either(rook, queen);
}

/* One board in every lane. */
INLINE void one_board_lanes(board_lanes *b, const seebatch_board *board)
{
    lanes rows[8];
    for (unsigned k = 0; k < SEEBATCH_PIECE_TYPES; k++)
        rows[k] = broadcast(board->pieces[k]);
    rows[SEEBATCH_PIECE_TYPES + SEEBATCH_WHITE] = broadcast(board->colors[SEEBATCH_WHITE]);
    rows[SEEBATCH_PIECE_TYPES + SEEBATCH_BLACK] = broadcast(board->colors[SEEBATCH_BLACK]);
    derive_board_lanes(b, rows);
}

/* boards[lane] in each lane: the first 64 bytes of each, read as rows and
 * transposed by the vocabulary's board_rows. */
_Static_assert(offsetof(seebatch_board, colors) == SEEBATCH_PIECE_TYPES * sizeof(uint64_t),
               "board_rows reads colors right after pieces");
INLINE void board_per_lane(board_lanes *b, const seebatch_board *const boards[LANES])
{
    lanes rows[8];
    board_rows(boards, rows);
    derive_board_lanes(b, rows);
}

/* The type code of the piece on each lane's square, negated, as a pair; an
 * empty square reads as a pawn. */
INLINE lanes negated_code_on(const board_lanes *b, lanes bit)
{
    lanes four = mask_as_lanes(all_of(b->fours, bit));
    lanes two = mask_as_lanes(all_of(b->twos, bit));
    lanes one = mask_as_lanes(all_of(b->ones, bit));
    lanes code = plus(plus(four, four), two);
    return plus(plus(code, code), one);
}

#endif
