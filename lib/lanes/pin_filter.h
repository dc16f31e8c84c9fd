/*
 * Which lanes may have a pinned piece among the pieces that may capture
 * (rule 5), in lanes. Pins are Stockfish's (pins.c): a piece of colour c is
 * pinned when it is the only piece between c's king and an enemy slider of
 * the line's kind, those sliders (snipers) being lifted off the board
 * first. Three tests in lanes, each only ever saying "maybe" too often, so
 * that the answers never change; the lanes that pass are asked exactly
 * (lanes_pins_matter, groups.h).
 *
 * - The king's lines of each kind (rank and file, or diagonals): one of
 *   them holds both a piece of c and a sniper of its kind. The rank and
 *   file by shifts, the diagonals from a table: one gather per colour.
 *   About one group in five passes (stockfish preset, real positions).
 * - The four lines apart (file, rank, diagonal, antidiagonal), worked out
 *   with shifts: one of them holds both a piece of c in reach and a sniper.
 * - The look: c's king looks along its lines with c's pieces in reach
 *   lifted off the board (as `to` looks in attackers.h), and sees a sniper.
 *   Past a pinned piece in reach it sees its pinner or another sniper; it
 *   also sees a slider giving check, or one behind two pieces in reach,
 *   which the exact test clears. About half the lanes the second passes.
 *
 * Where gathers are cheap (AVX2) every group takes the first test alone;
 * where they are slow (AVX-512) every group takes the second, and the
 * groups it passes the look.
 *
 * A test costs every group, and a group is a few hundred operations: each
 * is the cheapest that clears most lanes before the next (docs/design.md,
 * the cost model). The tests do not tell which piece is pinned nor by
 * which slider, which the general path needs, so the exact test works the
 * board's pins out (pins.c), for the lanes that pass only.
 */
#ifndef SEEBATCH_LANES_PIN_FILTER_H
#define SEEBATCH_LANES_PIN_FILTER_H

#include "lanes/attackers.h"

/* One colour's side of the test in each lane. */
typedef struct pin_side {
    lanes king_bit;                           /* its lowest king, or h8 without one */
    lines_through lines;                      /* through that square */
    lanes mine;                               /* its pieces in reach */
    lanes straight_snipers, diagonal_snipers; /* the enemy's sliders of each kind */
} pin_side;

/* A colour without exactly one king has no pins at all (pins.c), so
 * whatever its lowest king, or h8 without one, gives is never short of the
 * truth. */
INLINE pin_side pin_side_of(const board_lanes *b, lanes own, lanes enemy, lanes reach)
{
    pin_side s;
    lanes kings_or_h8 = either(both(b->kings, own), broadcast(1ull << 63));
    s.king_bit = both(kings_or_h8, sub64(none_set(), kings_or_h8));
    s.lines = lines_of(square_of_bit(s.king_bit), s.king_bit);
    s.mine = both(own, reach);
    s.straight_snipers = both(enemy, b->straight);
    s.diagonal_snipers = both(enemy, b->diagonal);
    return s;
}

/* The four lines' test: the lanes where a line through the king holds a
 * piece of mine and a sniper of its kind (the line's two sides apart gain
 * little). */
INLINE lane_mask lined_up(const pin_side *s)
{
    const lines_through *l = &s->lines;
    return mask_or(mask_or(holds_both(l->file, s->straight_snipers, s->mine),
                           holds_both(l->rank, s->straight_snipers, s->mine)),
                   mask_or(holds_both(l->diagonal, s->diagonal_snipers, s->mine),
                           holds_both(l->antidiagonal, s->diagonal_snipers, s->mine)));
}

/* The look: the lanes where the king sees a sniper with mine lifted off the
 * board. The pieces between the king and the slider pinning a piece of
 * mine are that piece and snipers of the line's kind (pins.c lifts those),
 * so the first piece the king sees past its pinned piece is a sniper. */
INLINE lane_mask sniper_seen(const pin_side *s, lanes occupied)
{
    const lines_through *l = &s->lines;
    lanes swapped_king_bit = byte_swap(s->king_bit);
    lanes through = but_not(occupied, s->mine);
    lanes straight = either(seen_along(through, l->file, s->king_bit, swapped_king_bit),
                            seen_along_rank(through, l->rank, s->king_bit));
    lanes diagonal = either(seen_along(through, l->diagonal, s->king_bit, swapped_king_bit),
                            seen_along(through, l->antidiagonal, s->king_bit, swapped_king_bit));
    return not_zero(
        either(both(straight, s->straight_snipers), both(diagonal, s->diagonal_snipers)));
}

/* The table's test for one colour: its pieces on a line through its king
 * that holds an enemy slider of the line's kind, the king's own square
 * among them (may_be_pinned drops the kings). The king's square is counted
 * below the colour's kings with no lowest one picked out: a colour without
 * exactly one king has no pins (pins.c), so whatever square it reads there
 * (a1 without a king) is never short of the truth. Its rank and file come
 * from shifts and its diagonals from the table: with AVX2 on Zen 5 a gather
 * costs more than the six operations that spare one, and less than the
 * fourteen that would spare the other (docs/design.md). */
INLINE lanes pinnable(const board_lanes *b, lanes own, lanes enemy)
{
    lanes king = both(square_of_bit(both(b->kings, own)), broadcast(63));
    lanes straight = either(shift_up_by(broadcast(0x0101010101010101ull), both(king, broadcast(7))),
                            shift_up_by(broadcast(0xFFull), both(king, broadcast(56))));
    lanes diagonal = look_up(seebatch_line_table[1], king);
    lanes lines = either(drop(straight, is_zero(both(straight, both(enemy, b->straight)))),
                         drop(diagonal, is_zero(both(diagonal, both(enemy, b->diagonal)))));
    return both(own, lines);
}

/* Each lane's board's pieces, of both colours, that the table's test says
 * may be pinned: a board's own, whatever its moves. No king is ever
 * pinned. */
INLINE lanes may_be_pinned(const board_lanes *b)
{
    return but_not(either(pinnable(b, b->white, b->black), pinnable(b, b->black, b->white)),
                   b->kings);
}

/* reach (each lane's pieces that may capture, of both colours) where a
 * piece in it may be pinned, 0 in the other lanes. With cheap gathers the
 * table's test alone: a second test in lanes costs the groups it runs in
 * more than the exact test it spares the lanes it clears. Else the four
 * lines, and the look in the groups where a lane passed. */
INLINE lanes reach_maybe_pinned(const board_lanes *b, lanes reach)
{
    if (GATHERS_ARE_CHEAP)
        return both(may_be_pinned(b), reach);
    pin_side white = pin_side_of(b, b->white, b->black, reach);
    pin_side black = pin_side_of(b, b->black, b->white, reach);
    lane_mask lined = mask_or(lined_up(&white), lined_up(&black));
    if (!any(lined))
        return none_set();
    lanes occupied = either(b->white, b->black);
    lane_mask seen = mask_or(sniper_seen(&white, occupied), sniper_seen(&black, occupied));
    return keep(mask_and(lined, seen), reach);
}

#endif
