/*
 * The lane kernel, written once over a lane vocabulary and instantiated per
 * vector width: a kernel file includes its vocabulary (lib/avx2/lanes.h:
 * four lanes, lib/avx512/lanes.h: eight) and then this, and registers
 * seebatch_lane_values and seebatch_lane_see_ge. One capture per 64-bit lane; for
 * batches of more than LANES moves two groups are stepped together.
 *
 * A group of LANES moves goes through three stages (groups.h).
 *
 * 1. Vectors, all lanes at once (attackers.h): the pieces of both sides
 *    that attack `to` once the first move has left its square. Sliders are
 *    found with arithmetic on the lines through `to` rather than with magic
 *    lookups: those are loads whose address depends on the lane, and done
 *    lane by lane in scalar code they cost about as much as the whole rest
 *    of the kernel.
 * 2. Vectors (start_group): the move fields, the gain of the first move,
 *    the value of the piece it leaves on `to`, the moves that end at once
 *    (castling, a king's first move, special moves under
 *    SEEBATCH_NORMAL_MOVES_ONLY), and the first window.
 * 3. Vectors: the exchange (exchange.h). Every lane starts with the
 *    opponent's reply, so the same side is to move in all lanes and a step
 *    needs no per-lane colour choice. The board is held as three planes, the
 *    pieces whose type code (pawn 0 .. king 5) has each bit, and the cheapest
 *    attacker is found bit by bit of that code (rule 2, lowest square first);
 *    the rest of a step is a handful of logic and min/max operations.
 *
 * Rule 3. The attackers are found after the first move, so what that move
 * uncovers is already among them. A piece leaving later can only uncover a
 * slider on a line through `to`, which joins once every piece between it and
 * `to` has left; those pieces must all be able to leave, that is attack `to`
 * sooner or later. Each lane finds such sliders (x-ray candidates) by
 * looking again from `to` with those pieces lifted; a group skips that look
 * when none of its live lanes has a slider lined up on a line of `to`
 * (attackers.h). Few lanes have a candidate; their group then carries the
 * candidate with its gate (the squares between it and `to`, looked up in
 * lanes), and a candidate joins once its gate is empty (slot_of; the group
 * is still stepped together with the other of its pair, the other with an
 * empty slot). A lane with two candidates, a pinned piece among the pieces
 * that may capture (rule 5), promotions after the first move (rule 6,
 * SEEBATCH_PROMOTIONS; the first move's own promotion is set up with the
 * rest in stage 2) or rule 8 sends its group down the general path
 * (play_in_general), which carries any number of candidates, the pins of
 * each side in the lanes where they matter, the promotion gains and the
 * break-off test. Pins are worked out once per board: on one board, once per
 * call (a board with no pinned piece then plays without the rule); on many,
 * only for the board of a lane that passes two tests in lanes
 * (pin_filter.h), which few do.
 *
 * Rule 7. The negamax of the swap list is carried forward as a window
 * [lo, hi] (docs/design.md, section 2), narrowed exactly as the scalar reference
 * narrows it, so a lane stops where it stops: when its side to move cannot
 * capture, when the window closes, or (rule 8) when the side that has just
 * captured is ahead by more than its piece on `to`. Its answer is
 * clamp(balance, lo, hi).
 * After a king's capture the other side has nothing left (rule 4), so that
 * lane stops at the next step. Values are 32-bit numbers written in both
 * halves of their lane (pairs), so 32-bit operations give whole-lane masks.
 *
 * What the speed depends on (measured with perf and callgrind on AVX2):
 * - No branch on data that is hard to predict: the first two steps run
 *   without a test, and the candidate search runs for every group. Measure
 *   such choices on a data set the predictor cannot learn (bench/, multi):
 *   a loop over the same few thousand positions rewards branches it has
 *   memorised.
 * - No vector read of bytes just written by scalar stores (moves, the
 *   caller's batch, lane results): such a read waits for the stores to reach
 *   the cache. Vectors are put together from registers instead.
 * - Boards of a many-board batch are prefetched a few groups ahead.
 *
 * The vocabulary: `lanes` (LANES 64-bit lanes) and `lane_mask` (a set of
 * lanes: a vector of all-ones lanes for AVX2, a mask register for AVX-512);
 * bit logic, 64-bit add, subtract and shifts, byte swap, table look-ups,
 * 32-bit pair arithmetic, compares giving masks, masks applied (keep, drop,
 * choose), and the loads and stores of moves, boards and answers.
 */
#ifndef SEEBATCH_LANES_KERNEL_BODY_H
#define SEEBATCH_LANES_KERNEL_BODY_H

#include "lanes/batches.h"

#endif
