/* Undoes view_access.h, so the next body instance may take another shape. */
#undef VIEW_SET_UP
#undef VIEW_SET_UP_COLORS
#undef PIECE_AT
#undef TYPE_BB
#undef SIDE_BB
#undef COLOR_BB
#undef PAWNS_OF
#undef DIAGONAL_SLIDERS
#undef STRAIGHT_SLIDERS
#undef BLOCKERS
#undef PINNERS
#undef PAWN_TABLE
#undef OWN_PIECES
#undef ATTACKERS_OF
#undef VIEW_SLIDERS_SET_UP
#undef TWELVE
#undef PAWNS_MOVE_DOWN
