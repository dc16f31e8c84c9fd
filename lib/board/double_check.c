/*
 * Whether some last move gives the side to move's king ("our" king) the two
 * checks it stands in, found by taking that move back.
 *
 * Before their last move the other side ("they") was to move, so our king
 * was not in check then: both checks are new. A check is new only when its
 * piece has just arrived, or when a line from a slider to the king has just
 * opened through a square the move emptied. A square opens one line to the
 * king at most (the first slider beyond it on that line), and a pawn's,
 * knight's or king's attack opens on no line: such a checker has arrived.
 * What each kind of move empties and brings:
 *
 * - A piece's move, a capture, a pawn's push or double push, a promotion:
 *   one square emptied (the start), one piece brought (the promoted piece
 *   after a promotion). Its double check is the piece that arrived and a
 *   slider uncovered through the start, which lies between that slider and
 *   the king. So two of pawns and knights never check at once, a pawn or
 *   knight beside a slider only if it came off the slider's line, and two
 *   sliders only if one came off the other's line (a bishop leaving a
 *   rook's file with check, a pawn pushed to promote to a queen off a
 *   rook's rank). A king gives no check: it would stand in check too, and a
 *   king that moves uncovers one line at most. A queen never uncovers one:
 *   from the start on a line to our king, it gave check there already.
 * - En passant: two squares emptied side by side on one rank, the
 *   capturing pawn's start and the taken pawn's square, the pawn brought.
 *   Its double check is the pawn and a slider through either square, or two
 *   sliders, one through each: the only way both checkers arrive uncovered.
 * - Castling moves only its king and rook along their first rank, every
 *   square between each one's start and end empty before it but for the
 *   two, so our king stood on none of them. A line through a square it
 *   empties runs along that rank. On the side where the king and rook land
 *   (side by side, so both on one side of it) the first piece is one of
 *   the two, and our king beyond them would be shut off: our king is on
 *   the other side, and the slider the line uncovers is castling's king
 *   (no check) or its rook (the piece that arrived). Castling gives one
 *   check at most.
 *
 * So for the two checkers A and B, a last move gives both only if it brings
 * A (or B) from a square between B (or A) and the king, as the piece it is
 * or as a pawn that promotes, or if it is an en passant capture. Each such
 * move is taken back in turn: its start must be one the piece can move from
 * (its lines through the squares empty now), and our king not in check
 * before it. A move that took a piece had one of ours on its end square,
 * which can only have shut lines to our king: a piece's move is taken back
 * as a capture (the better case of the two), a pawn's push as none, its
 * diagonal step as one. An en passant capture needs our pawn's double push
 * just before: the square it left empty still, and the taken pawn back.
 * tests/test_double_checks.c holds the rule to taking back every move a
 * position could have come from, castling included.
 */
#include <string.h>

#include "attacks.h"
#include "double_check.h"

/* The board whose last move is taken back, and what each try reads. */
typedef struct taken_back {
    const seebatch_board *board;
    unsigned them, king; /* the side that moved last; our king's square */
    bitboard occupied;
} taken_back;

/* Whether our king was out of check before the piece now on `to` came from
 * `from`, where it stood as a `before` (a pawn, for a promotion), with our
 * pieces back on `restored` (what the move took). A piece of ours only
 * shuts lines, so its type is not needed. */
static bool seebatch_out_of_check_before(const taken_back *back, unsigned from, unsigned to,
                                         int before, bitboard restored)
{
    const seebatch_board *board = back->board;
    bitboard pieces[SEEBATCH_PIECE_TYPES], colors[2];
    memcpy(pieces, board->pieces, sizeof pieces);
    memcpy(colors, board->colors, sizeof colors);
    bitboard at_to = seebatch_square_bit(to), at_from = seebatch_square_bit(from);
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        pieces[type] &= ~at_to;
    pieces[before] |= at_from;
    colors[back->them] = (colors[back->them] & ~at_to) | at_from;
    bitboard occupied = (back->occupied & ~at_to) | at_from | restored;
    return !(attackers_in(pieces, colors, back->king, occupied) & colors[back->them]);
}

/* Whether any of `starts` is a square the piece on `to` came from as a
 * `before`, taking what stood on `restored`, with our king out of check. */
static bool seebatch_any_start(const taken_back *back, bitboard starts, unsigned to, int before,
                               bitboard restored)
{
    for (; starts; starts &= starts - 1)
        if (seebatch_out_of_check_before(back, lowest_square(starts), to, before, restored))
            return true;
    return false;
}

/* The squares from which a piece of `type` (a knight to a queen) moves to
 * `to`, its lines as the occupancy leaves them now (the squares between a
 * start and `to` are the same before the move and after it). */
static bitboard seebatch_piece_starts(const taken_back *back, int type, unsigned to)
{
    switch (type) {
    case SEEBATCH_KNIGHT:
        return knight_attacks(to);
    case SEEBATCH_BISHOP:
        return bishop_attacks(to, back->occupied);
    case SEEBATCH_ROOK:
        return rook_attacks(to, back->occupied);
    default:
        return queen_attacks(to, back->occupied);
    }
}

/* Whether a pawn of theirs, among `starts`, reached `to` and stayed a pawn
 * or promoted (the piece there now): a push from the square behind, a double
 * push from its second rank over an empty square, or a capture. No square
 * of a first or last rank is ever among `starts`: a pawn's start is there
 * only when the pawn stands on the next rank, checking a king one rank
 * further on, so the start is two ranks from that king and between it and
 * no checker; so is the square behind a pawn on an edge rank (a board no
 * game has), masked to stay on the board. */
static bool seebatch_pawn_came(const taken_back *back, unsigned to, bitboard starts)
{
    bool white = back->them == SEEBATCH_WHITE;
    unsigned behind = white ? to - 8 : to + 8;
    bitboard pushes = seebatch_square_bit(behind & 63u);
    if (rank_of(to) == (white ? 3u : 4u) && !(back->occupied & pushes))
        pushes |= seebatch_square_bit(white ? to - 16 : to + 16);
    bitboard captures = pawn_attacks(back->them ^ 1u, to) & starts;
    return seebatch_any_start(back, pushes & starts, to, SEEBATCH_PAWN, 0) ||
           seebatch_any_start(back, captures, to, SEEBATCH_PAWN, seebatch_square_bit(to));
}

/* Whether the checker on `to` came there from one of `starts` (the squares
 * between the other checker and our king), giving both checks. From any
 * other start the other checker would have checked before the move too:
 * those need no try. */
static bool seebatch_checker_came(const taken_back *back, unsigned to, bitboard starts)
{
    int type = piece_type_on(back->board, to);
    if (type == SEEBATCH_KING || !starts)
        return false;
    if (type == SEEBATCH_PAWN)
        return seebatch_pawn_came(back, to, starts);
    bitboard promoted = promotion_rank(back->them) & seebatch_square_bit(to);
    return seebatch_any_start(back, seebatch_piece_starts(back, type, to) & starts, to, type,
                              seebatch_square_bit(to)) ||
           (promoted && seebatch_pawn_came(back, to, starts));
}

/* Whether an en passant capture gave both: a pawn of theirs on the square
 * our pawn passed over, that pawn's square and the one it left empty, the
 * capturing pawn's start empty, our pawn back on its square. */
static bool seebatch_en_passant_came(const taken_back *back)
{
    const seebatch_board *board = back->board;
    bitboard landing = back->them == SEEBATCH_WHITE ? 0xFFull << 40 : 0xFFull << 16;
    bitboard pawns = board->pieces[SEEBATCH_PAWN] & board->colors[back->them] & landing;
    for (; pawns; pawns &= pawns - 1) {
        unsigned to = lowest_square(pawns);
        bitboard taken = seebatch_square_bit(en_passant_victim(to, back->them));
        bitboard left = seebatch_square_bit(back->them == SEEBATCH_WHITE ? to + 8 : to - 8);
        bitboard starts = pawn_attacks(back->them ^ 1u, to) & ~back->occupied;
        if (!(back->occupied & (taken | left)) &&
            seebatch_any_start(back, starts, to, SEEBATCH_PAWN, taken))
            return true;
    }
    return false;
}

bool seebatch_double_check_given(const seebatch_board *board, bitboard checkers)
{
    unsigned us = board->side_to_move;
    taken_back back = {board, us ^ 1u,
                       lowest_square(board->pieces[SEEBATCH_KING] & board->colors[us]),
                       occupied_squares(board)};
    unsigned first = lowest_square(checkers), second = lowest_square(checkers & (checkers - 1));
    return seebatch_checker_came(&back, first, between(second, back.king)) ||
           seebatch_checker_came(&back, second, between(first, back.king)) ||
           seebatch_en_passant_came(&back);
}
