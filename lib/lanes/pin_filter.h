/*
 * Which lanes may have a pinned piece among the pieces that may capture
 * (rule 5), in lanes. A piece of colour c is pinned only on a line through
 * c's king (a rank or file, or a diagonal) that holds an enemy slider of
 * that line's kind. A lane failing that for both colours has no pinned
 * piece in reach, and its board's pins need not be worked out; the lanes
 * that pass are asked exactly (pins_matter, groups.h). On a many-board
 * batch under the stockfish preset that per-board scalar work is a large
 * share of a capture's cost, and most boards need none of it. The test only
 * ever says "maybe" too often, so the answers do not change.
 */
#ifndef SEEBATCH_LANES_PIN_FILTER_H
#define SEEBATCH_LANES_PIN_FILTER_H

#include "lanes/attackers.h"

/* The lanes where no piece of the colour `own` in `reach` can be pinned:
 * neither of its king's kinds of line holds both such a piece and an enemy
 * slider of that kind. A colour without exactly one king has no pins at all
 * (pins.c), so whatever its lowest king, or h8 without one, gives here is
 * never short of the truth. */
INLINE lane_mask surely_free_of(const board_lanes *b, lanes own, lanes enemy, lanes reach)
{
    /* The king's square found in lanes: a round trip through memory to
     * scalar code cost a quarter of the instructions of the stockfish
     * preset's setup. */
    lanes kings_or_h8 = either(both(b->kings, own), broadcast(1ull << 63));
    lanes king = square_of_bit(both(kings_or_h8, sub64(none_set(), kings_or_h8)));
    /* Two table look-ups by lane: fewer instructions than the lines built
     * from shifted constants (lines_of), which the capture's square needs
     * apart for its four directions. */
    lanes straight = look_up(seebatch_line_table[0], king);
    lanes diagonal = look_up(seebatch_line_table[1], king);
    lanes mine = both(own, reach);
    lane_mask free_straight = mask_or(is_zero(both(straight, both(enemy, b->straight))),
                                      is_zero(both(straight, mine)));
    lane_mask free_diagonal = mask_or(is_zero(both(diagonal, both(enemy, b->diagonal))),
                                      is_zero(both(diagonal, mine)));
    return mask_and(free_straight, free_diagonal);
}

/* reach (each lane's pieces that may capture, of both colours) where a
 * piece in it may be pinned, 0 in the other lanes. */
INLINE lanes reach_maybe_pinned(const board_lanes *b, lanes reach)
{
    lane_mask free = mask_and(surely_free_of(b, b->white, b->black, reach),
                              surely_free_of(b, b->black, b->white, reach));
    return drop(reach, free);
}

#endif
