/* The wide reader of a FEN's piece placement (fen_scan_wide.c), which the
 * plain reader (fen_scan.c) runs first where the CPU runs it. */
#ifndef SEEBATCH_FEN_SCAN_WIDE_H
#define SEEBATCH_FEN_SCAN_WIDE_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* The placement of text[0..length) read with AVX2 (fen_scan_wide.c): only
 * where seebatch_fen_wide_runs. Returns where the field ends (its
 * first space), having written the board's pieces and colours (and nothing
 * else), or 0 when the placement is not one it reads (then the board's
 * pieces and colours are unspecified): the one-pass reader then decides. Of
 * what it accepts, the pieces and colours are the one-pass reader's. Reads
 * no byte at or past length. When it reads one and material_possible is not
 * NULL, sets it to seebatch_material_possible of the board (position_status.h),
 * counted here with POPCNT. */
size_t seebatch_fen_placement_wide(const char *text, size_t length, seebatch_board *board,
                                   bool *material_possible);

#pragma GCC visibility pop

#endif
