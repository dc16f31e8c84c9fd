/*
 * attackers_to in lanes: each lane's attackers of its own `to`, for every
 * lane at once, without a table lookup per lane for the sliders.
 *
 * Magic lookups are loads whose address depends on the lane; AVX2 could only
 * gather them slowly (and has no 64-bit multiply for the index), so a slider
 * is found with arithmetic instead. The lines through `to` come from shifting
 * one line per direction by the lane's rank or file. A file or diagonal holds
 * one square per rank, so swapping the bytes of a board mirrors it along the
 * line, and hyperbola quintessence (o - s in both directions) gives the first
 * piece each way.
 */
#ifndef SEEBATCH_LANES_ATTACKERS_H
#define SEEBATCH_LANES_ATTACKERS_H

#include "board/attacks.h"
#include "lanes/board_lanes.h"

/* The lines through each lane's `to`, without `to`. */
typedef struct lines_through {
    lanes file, rank, diagonal, antidiagonal;
} lines_through;

INLINE lines_through lines_of(lanes to, lanes to_bit)
{
    const uint64_t a_file = 0x0101010101010101ull, first_rank = 0xFFull;
    const uint64_t a1_h8 = 0x8040201008040201ull, h1_a8 = 0x0102040810204080ull;
    lanes file = both(to, broadcast(7)), file8 = shift_up(file, 3), rank8 = both(to, broadcast(56));
    /* A shift by a negative count (a huge one to the CPU) gives 0, so of
     * each pair of shifts only the one the right way round counts. */
    lanes above = sub64(rank8, file8), sum = add64(rank8, file8);
    lanes below = sub64(none_set(), above);
    lanes above_anti = sub64(sum, broadcast(56)), below_anti = sub64(broadcast(56), sum);
    lines_through l;
    l.file = toggle(shift_up_by(broadcast(a_file), file), to_bit);
    l.rank = toggle(shift_up_by(broadcast(first_rank), rank8), to_bit);
    l.diagonal =
        toggle(either(shift_up_by(broadcast(a1_h8), above), shift_down_by(broadcast(a1_h8), below)),
               to_bit);
    l.antidiagonal = toggle(either(shift_up_by(broadcast(h1_a8), above_anti),
                                   shift_down_by(broadcast(h1_a8), below_anti)),
                            to_bit);
    return l;
}

/* What a slider on `to` sees along a file or diagonal: the empty squares up
 * to the first piece each way, and that piece. */
INLINE lanes seen_along(lanes occupied, lanes line, lanes to_bit, lanes swapped_to_bit)
{
    lanes forward = both(occupied, line);
    lanes reverse = byte_swap(forward);
    forward = sub64(forward, to_bit);
    reverse = sub64(reverse, swapped_to_bit);
    return both(toggle(forward, byte_swap(reverse)), line);
}

/* The same along the rank: one byte, where a byte swap does nothing, so the
 * far side is found by smearing the pieces below `to` downwards. */
INLINE lanes seen_along_rank(lanes occupied, lanes rank, lanes to_bit)
{
    lanes ones = broadcast(~0ull);
    lanes west = both(rank, add64(to_bit, ones)), east = but_not(rank, west);
    lanes shadow = shift_down(both(occupied, west), 1); /* the squares past a western piece */
    shadow = either(shadow, shift_down(shadow, 1));
    shadow = either(shadow, shift_down(shadow, 2));
    shadow = either(shadow, shift_down(shadow, 4));
    lanes pieces_east = both(occupied, east);
    lanes nearest_east = both(pieces_east, sub64(none_set(), pieces_east));
    lanes up_to_nearest = toggle(nearest_east, add64(nearest_east, ones)); /* all of them if none */
    return either(but_not(west, shadow), both(east, up_to_nearest));
}

/* What a slider on `to` sees given `occupied`, along diagonals and along
 * ranks and files. */
typedef struct seen_from {
    lanes diagonal, straight;
} seen_from;

INLINE seen_from seen_from_to(lanes occupied, const lines_through *l, lanes to_bit,
                              lanes swapped_to_bit)
{
    seen_from s;
    s.diagonal = either(seen_along(occupied, l->diagonal, to_bit, swapped_to_bit),
                        seen_along(occupied, l->antidiagonal, to_bit, swapped_to_bit));
    s.straight = either(seen_along(occupied, l->file, to_bit, swapped_to_bit),
                        seen_along_rank(occupied, l->rank, to_bit));
    return s;
}

/* The squares a knight on the square of `bit` attacks: one and two files
 * aside, then two and one ranks up and down. */
INLINE lanes knight_squares(lanes bit)
{
    const uint64_t not_a_file = ~0x0101010101010101ull, not_h_file = ~0x8080808080808080ull;
    const uint64_t not_ab = ~0x0303030303030303ull, not_gh = ~0xC0C0C0C0C0C0C0C0ull;
    lanes one_aside = either(both(shift_down(bit, 1), broadcast(not_h_file)),
                             both(shift_up(bit, 1), broadcast(not_a_file)));
    lanes two_aside = either(both(shift_down(bit, 2), broadcast(not_gh)),
                             both(shift_up(bit, 2), broadcast(not_ab)));
    return either(either(shift_up(one_aside, 16), shift_down(one_aside, 16)),
                  either(shift_up(two_aside, 8), shift_down(two_aside, 8)));
}

/* The squares a king on the square of `bit` attacks. */
INLINE lanes king_squares(lanes bit)
{
    const uint64_t not_a_file = ~0x0101010101010101ull, not_h_file = ~0x8080808080808080ull;
    lanes row = either(bit, either(both(shift_down(bit, 1), broadcast(not_h_file)),
                                   both(shift_up(bit, 1), broadcast(not_a_file))));
    return toggle(either(row, either(shift_up(row, 8), shift_down(row, 8))), bit);
}

/* The pawns, knights and kings that attack `to` (of both sides, occupied or not). */
INLINE lanes steppers_of(const board_lanes *b, lanes to, lanes to_bit)
{
    const uint64_t not_a_file = ~0x0101010101010101ull, not_h_file = ~0x8080808080808080ull;
    lanes white_pawn_squares = either(both(shift_down(to_bit, 7), broadcast(not_a_file)),
                                      both(shift_down(to_bit, 9), broadcast(not_h_file)));
    lanes black_pawn_squares = either(both(shift_up(to_bit, 7), broadcast(not_h_file)),
                                      both(shift_up(to_bit, 9), broadcast(not_a_file)));
    lanes pawns = either(both(white_pawn_squares, b->white), both(black_pawn_squares, b->black));
    lanes knights =
        GATHERS_ARE_CHEAP ? look_up(seebatch_knight_attack_table, to) : knight_squares(to_bit);
    lanes kings =
        GATHERS_ARE_CHEAP ? look_up(seebatch_king_attack_table, to) : king_squares(to_bit);
    return either(either(both(pawns, b->pawns), both(knights, b->knights)), both(kings, b->kings));
}

/* The pieces of both sides that attack `to` given `occupied` (which lacks
 * the pieces that have left), and in *candidates the x-ray candidates of
 * the lanes in `live`: the sliders that may join once pieces in front of
 * them leave (rule 3), on a line of `to` and not attacking it yet, but seen
 * from `to` once every piece that may leave is lifted: the attackers but a
 * king (its capture ends the exchange) and the sliders lined up behind them.
 * The second look is skipped when no live lane has a slider lined up, which
 * real positions often leave a whole group without. */
INLINE lanes attackers_of(const board_lanes *b, lanes to, lanes to_bit, lanes occupied,
                          lane_mask live, lanes *candidates)
{
    lines_through l = lines_of(to, to_bit);
    lanes swapped_to_bit = byte_swap(to_bit);
    seen_from now = seen_from_to(occupied, &l, to_bit, swapped_to_bit);
    lanes attackers =
        both(either(steppers_of(b, to, to_bit),
                    either(both(now.diagonal, b->diagonal), both(now.straight, b->straight))),
             occupied);

    lanes on_lines = either(both(either(l.diagonal, l.antidiagonal), b->diagonal),
                            both(either(l.file, l.rank), b->straight));
    lanes lined_up = keep(live, but_not(both(on_lines, occupied), attackers));
    *candidates = none_set();
    if (any_bits(lined_up)) {
        lanes lifted = but_not(occupied, either(lined_up, but_not(attackers, b->kings)));
        seen_from then = seen_from_to(lifted, &l, to_bit, swapped_to_bit);
        *candidates = both(either(then.diagonal, then.straight), lined_up);
    }
    return attackers;
}

#endif
