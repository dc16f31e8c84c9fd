/*
 * seebatch_position_status: whether a consistent board could arise in a game
 * of chess, and if not why, in python-chess's words and bits
 * (Board.status()). SEE needs none of it (any consistent board has values);
 * the tool's and Python's FEN readers ask it so that a position typed wrong
 * is named rather than scored.
 */
#include <stdio.h>

#include "double_check.h"
#include "errors.h"
#include "position_status.h"
#include "validity.h"

enum { PIECES_MAX = SEEBATCH_PIECES_MAX, PAWNS_MAX = SEEBATCH_PAWNS_MAX };

/* The pieces of the side to move that attack a king of the other side. */
static bitboard seebatch_checkers_of_side_not_to_move(const seebatch_board *board)
{
    unsigned them = board->side_to_move ^ 1u;
    bitboard occupied = occupied_squares(board), checkers = 0;
    for (bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[them]; kings;
         kings &= kings - 1)
        checkers |= attackers_to(board, lowest_square(kings), occupied);
    return checkers & board->colors[board->side_to_move];
}

/* python-chess's checkers_mask: the pieces of the side not to move that
 * attack the side to move's king, none when it has no king or several. */
static bitboard seebatch_checkers_of_side_to_move(const seebatch_board *board)
{
    unsigned us = board->side_to_move;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[us];
    if (!kings || more_than_one(kings))
        return 0;
    return attackers_to(board, lowest_square(kings), occupied_squares(board)) &
           board->colors[us ^ 1u];
}

/* The en passant square when it is a real one (python-chess's
 * _valid_ep_square), else SEEBATCH_NO_SQUARE. */
static unsigned seebatch_real_en_passant(const seebatch_board *board)
{
    return seebatch_en_passant_square_real(board) ? board->en_passant : SEEBATCH_NO_SQUARE;
}

/* Whether the side to move's king was attacked before the double push the
 * en passant square tells of: the pawn back on the square it left, the
 * square it reached empty. Its attackers then, by the side not to move. */
static bitboard seebatch_attackers_before_push(const seebatch_board *board, unsigned square)
{
    unsigned us = board->side_to_move, them = us ^ 1u;
    bitboard before =
        (occupied_squares(board) & ~seebatch_square_bit(seebatch_pushed_pawn_square(square, us))) |
        seebatch_square_bit(seebatch_pushed_from_square(square, us));
    unsigned king = lowest_square(board->pieces[SEEBATCH_KING] & board->colors[us]);
    return attackers_to(board, king, before) & board->colors[them];
}

/* The highest square of a non-empty set. */
static unsigned seebatch_highest_square(bitboard squares)
{
    return 63u - (unsigned)__builtin_clzll(squares);
}

/* Whether two checkers stand one each side of the king on one line. */
static bool seebatch_checkers_either_side(const seebatch_board *board, bitboard checkers)
{
    bitboard king = board->pieces[SEEBATCH_KING] & board->colors[board->side_to_move];
    return (between(lowest_square(checkers), seebatch_highest_square(checkers)) & king) != 0;
}

/* Whether two checkers are two of pawns, knights and kings. */
static bool seebatch_checkers_stepping(const seebatch_board *board, bitboard checkers)
{
    const bitboard *piece = board->pieces;
    return more_than_one(checkers &
                         (piece[SEEBATCH_PAWN] | piece[SEEBATCH_KNIGHT] | piece[SEEBATCH_KING]));
}

/* The checkers no last move gives: python-chess's rules, in its order, more
 * than two (TOO_MANY_CHECKERS); after a double push (a real en passant
 * square), two, or one that is not the pushed pawn and attacked the king
 * before it too; else two on one line with the king; and two of pawns,
 * knights and kings. Then seebatch's own: any other two that no last move
 * gives (double_check.c; python-chess's two-checker rules are cases of
 * it, asked first for their messages). */
uint32_t seebatch_check_reasons(const seebatch_board *board)
{
    bitboard checkers = seebatch_checkers_of_side_to_move(board);
    if (!checkers)
        return 0;
    const uint32_t too_many = SEEBATCH_POSITION_TOO_MANY_CHECKERS,
                   impossible = SEEBATCH_POSITION_IMPOSSIBLE_CHECK;
    uint32_t status = popcount(checkers) > 2 ? too_many | impossible : 0;
    unsigned en_passant = seebatch_real_en_passant(board);
    if (en_passant != SEEBATCH_NO_SQUARE) {
        unsigned pushed = seebatch_pushed_pawn_square(en_passant, board->side_to_move);
        if (more_than_one(checkers) || (checkers != seebatch_square_bit(pushed) &&
                                        seebatch_attackers_before_push(board, en_passant)))
            status |= impossible;
    } else if (popcount(checkers) == 2 && seebatch_checkers_either_side(board, checkers)) {
        status |= impossible;
    }
    if (seebatch_checkers_stepping(board, checkers))
        status |= impossible;
    if (!status && popcount(checkers) == 2 && !seebatch_double_check_given(board, checkers))
        status |= impossible;
    return status;
}

uint32_t seebatch_position_reasons(const seebatch_board *board)
{
    if (!board_is_consistent(board))
        return SEEBATCH_POSITION_INCONSISTENT;
    const bitboard *color = board->colors;
    bitboard kings = board->pieces[SEEBATCH_KING], pawns = board->pieces[SEEBATCH_PAWN];
    uint32_t status = 0;
    status |= (color[SEEBATCH_WHITE] | color[SEEBATCH_BLACK]) ? 0 : SEEBATCH_POSITION_EMPTY;
    status |= (kings & color[SEEBATCH_WHITE]) ? 0 : SEEBATCH_POSITION_NO_WHITE_KING;
    status |= (kings & color[SEEBATCH_BLACK]) ? 0 : SEEBATCH_POSITION_NO_BLACK_KING;
    if (more_than_one(kings & color[SEEBATCH_WHITE]) ||
        more_than_one(kings & color[SEEBATCH_BLACK]))
        status |= SEEBATCH_POSITION_TOO_MANY_KINGS;
    status |= popcount(pawns & color[SEEBATCH_WHITE]) > PAWNS_MAX
                  ? SEEBATCH_POSITION_TOO_MANY_WHITE_PAWNS
                  : 0;
    status |= popcount(pawns & color[SEEBATCH_BLACK]) > PAWNS_MAX
                  ? SEEBATCH_POSITION_TOO_MANY_BLACK_PAWNS
                  : 0;
    status |= (pawns & seebatch_first_and_last_ranks) ? SEEBATCH_POSITION_PAWNS_ON_BACKRANK : 0;
    status |=
        popcount(color[SEEBATCH_WHITE]) > PIECES_MAX ? SEEBATCH_POSITION_TOO_MANY_WHITE_PIECES : 0;
    status |=
        popcount(color[SEEBATCH_BLACK]) > PIECES_MAX ? SEEBATCH_POSITION_TOO_MANY_BLACK_PIECES : 0;
    status |= seebatch_rights_out_of_place(board) ? SEEBATCH_POSITION_BAD_CASTLING_RIGHTS : 0;
    status |= seebatch_en_passant_square_real(board) ? 0 : SEEBATCH_POSITION_INVALID_EP_SQUARE;
    status |= seebatch_checkers_of_side_not_to_move(board) ? SEEBATCH_POSITION_OPPOSITE_CHECK : 0;
    return status | seebatch_check_reasons(board);
}

/* ------------------------------------------------------------------------ */
/* The usual position, at a glance                                          */
/* ------------------------------------------------------------------------ */

/* A consistent board with possible material (whose one king a side makes
 * the opposite check one lookup), no castling right or all in place, no
 * en passant square or a real one: every reason's absence, the usual
 * position's found at a glance. Inline in the status's loop (a call cost
 * each board six instructions more); the function below names it for the
 * tests. */
static inline bool seebatch_plainly_possible(const seebatch_board *board)
{
    return board_is_consistent(board) && seebatch_material_possible(board) &&
           seebatch_fields_possible(board);
}

bool seebatch_position_plainly_possible(const seebatch_board *board)
{
    return seebatch_plainly_possible(board);
}

/* ------------------------------------------------------------------------ */
/* The reason, in words                                                     */
/* ------------------------------------------------------------------------ */

/* "more than one white king (e1, g1)" and the like: a side's squares of a
 * kind, the first two. */
static seebatch_status seebatch_fail_with_squares(seebatch_error *error, const char *what,
                                                  bitboard squares)
{
    char first[3], second[3];
    seebatch_square_name(lowest_square(squares), first);
    if (!more_than_one(squares))
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "impossible position: %s (%s)", what,
                             first);
    seebatch_square_name(lowest_square(squares & (squares - 1)), second);
    return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "impossible position: %s (%s, %s%s)", what,
                         first, second, popcount(squares) > 2 ? ", ..." : "");
}

/* The first right out of place, by its X-FEN letter: no king of its
 * colour on its first rank, or no rook of its colour on its square on its
 * side of the king. */
static seebatch_status seebatch_fail_castling(const seebatch_board *board, seebatch_error *error)
{
    unsigned right = lowest_square(seebatch_rights_out_of_place(board));
    const char *side = seebatch_color_names[castling_color(right)];
    char name[3];
    if (castling_king_square(board, castling_color(right)) == CASTLING_NO_SQUARE)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                             "impossible position: castling right %c with no %s king on its "
                             "first rank",
                             "KQkq"[right], side);
    seebatch_square_name(castling_rook_square(castling_word(board), right), name);
    return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                         "impossible position: castling right %c with no %s rook on %s",
                         "KQkq"[right], side, name);
}

static seebatch_status seebatch_fail_en_passant(const seebatch_board *board, seebatch_error *error)
{
    unsigned square = board->en_passant, us = board->side_to_move;
    char name[3], pawn[3], left[3];
    seebatch_square_name(square, name);
    seebatch_square_name(seebatch_pushed_pawn_square(square, us), pawn);
    seebatch_square_name(seebatch_pushed_from_square(square, us), left);
    return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                         "impossible position: en passant square %s, but no %s pawn has just "
                         "moved from %s to %s (it must stand on %s, %s and %s empty)",
                         name, seebatch_color_names[us ^ 1u], left, pawn, pawn, left, name);
}

static seebatch_status seebatch_fail_opposite_check(const seebatch_board *board,
                                                    seebatch_error *error)
{
    unsigned them = board->side_to_move ^ 1u;
    bitboard checkers = seebatch_checkers_of_side_not_to_move(board);
    bitboard kings = board->pieces[SEEBATCH_KING];
    char king[3], checker[3];
    if (checkers & kings) {
        seebatch_square_name(lowest_square(kings & board->colors[them]), king);
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                             "impossible position: the kings stand side by side (%s, %s)",
                             seebatch_square_name(lowest_square(checkers & kings), checker), king);
    }
    unsigned from = lowest_square(checkers);
    bitboard attacked = 0; /* the first king of theirs the checker attacks */
    for (bitboard k = kings & board->colors[them]; k && !attacked; k &= k - 1)
        if (attackers_to(board, lowest_square(k), occupied_squares(board)) &
            seebatch_square_bit(from))
            attacked = lowest_bit(k);
    return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                         "impossible position: %s is in check with %s to move (the king on %s, "
                         "by the %s on %s)",
                         seebatch_color_names[them], seebatch_color_names[them ^ 1u],
                         seebatch_square_name(lowest_square(attacked), king),
                         seebatch_type_names[piece_type_on(board, from)],
                         seebatch_square_name(from, checker));
}

/* "the pawn on d7 and the pawn on f7": each piece on `squares` (at most
 * the first four, then "..."), into out (SEEBATCH_MESSAGE_SIZE bytes). */
static void seebatch_name_pieces(const seebatch_board *board, bitboard squares, char *out)
{
    size_t used = 0;
    int shown = 0, count = popcount(squares);
    for (; squares && shown < 4; squares &= squares - 1, shown++) {
        char name[3];
        unsigned square = lowest_square(squares);
        const char *joint = shown == 0 ? "" : shown + 1 == count ? " and " : ", ";
        used += (size_t)snprintf(out + used, SEEBATCH_MESSAGE_SIZE - used, "%sthe %s on %s", joint,
                                 seebatch_type_names[piece_type_on(board, square)],
                                 seebatch_square_name(square, name));
    }
    if (squares)
        snprintf(out + used, SEEBATCH_MESSAGE_SIZE - used, ", ...");
}

/* "f5 or g6": the squares of a set, up to four (else three and "..."). */
enum { SQUARES_TEXT_SIZE = 20 };
static void seebatch_name_squares(bitboard squares, char out[SQUARES_TEXT_SIZE])
{
    size_t used = 0;
    int count = popcount(squares), shown = count > 4 ? 3 : count;
    for (int named = 0; named < shown; squares &= squares - 1, named++) {
        char name[3];
        const char *joint = named == 0 ? "" : named + 1 == count ? " or " : ", ";
        used += (size_t)snprintf(out + used, SQUARES_TEXT_SIZE - used, "%s%s", joint,
                                 seebatch_square_name(lowest_square(squares), name));
    }
    if (squares)
        snprintf(out + used, SQUARES_TEXT_SIZE - used, ", ...");
}

/* Why no last move gives the two checkers of the side to move's king
 * (double_check.c), into why (SEEBATCH_MESSAGE_SIZE bytes): the squares
 * between them and the king, one of which the checker that moved must have
 * left. Short: the king and both checkers are named before it. */
static void seebatch_why_no_move_gives(const seebatch_board *board, bitboard checkers, char *why)
{
    unsigned king =
        lowest_square(board->pieces[SEEBATCH_KING] & board->colors[board->side_to_move]);
    bitboard lines =
        between(lowest_square(checkers), king) | between(seebatch_highest_square(checkers), king);
    char squares[SQUARES_TEXT_SIZE] = "";
    seebatch_name_squares(lines, squares);
    if (!lines)
        snprintf(why, SEEBATCH_MESSAGE_SIZE,
                 "no last move gives both (nothing stands between either and the king: neither "
                 "check was uncovered, and a move brings one piece)");
    else
        snprintf(why, SEEBATCH_MESSAGE_SIZE,
                 "no last move gives both (none came from the other's line, %s, with the king "
                 "out of check before, nor did en passant open two lines)",
                 squares);
}

/* The side to move's check that no last move gives: which of python-chess's
 * rules it breaks, with the king, its checkers and, after a double push,
 * the move the en passant square tells of. */
static seebatch_status seebatch_fail_check(const seebatch_board *board, uint32_t first,
                                           seebatch_error *error)
{
    unsigned us = board->side_to_move, en_passant = seebatch_real_en_passant(board);
    bitboard checkers = seebatch_checkers_of_side_to_move(board);
    const bitboard *piece = board->pieces;
    char king[3], pieces[SEEBATCH_MESSAGE_SIZE], why[SEEBATCH_MESSAGE_SIZE], from[3], to[3];
    seebatch_square_name(lowest_square(piece[SEEBATCH_KING] & board->colors[us]), king);
    seebatch_name_pieces(board, checkers, pieces);
    if (first == SEEBATCH_POSITION_TOO_MANY_CHECKERS) {
        snprintf(why, sizeof why, "no move gives more than two checks");
    } else if (en_passant != SEEBATCH_NO_SQUARE) {
        seebatch_square_name(seebatch_pushed_from_square(en_passant, us), from);
        seebatch_square_name(seebatch_pushed_pawn_square(en_passant, us), to);
        bitboard before = seebatch_attackers_before_push(board, en_passant);
        char earlier[SEEBATCH_MESSAGE_SIZE];
        seebatch_name_pieces(board, before, earlier);
        int said = snprintf(why, sizeof why, "the en passant square says %s's last move was %s%s",
                            seebatch_color_names[us ^ 1u], from, to);
        if (more_than_one(checkers))
            snprintf(why + said, sizeof why - (size_t)said, ", which gives one check at most");
        else
            snprintf(why + said, sizeof why - (size_t)said,
                     ", and the king was in check before it, from %s", earlier);
    } else if (seebatch_checkers_stepping(board, checkers)) {
        snprintf(why, sizeof why, "no move checks with two pawns, knights or kings at once");
    } else if (seebatch_checkers_either_side(board, checkers)) {
        snprintf(why, sizeof why, "one each side of it on one line, which no move gives");
    } else {
        seebatch_why_no_move_gives(board, checkers, why);
    }
    return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                         "impossible position: the %s king on %s is in check from %s: %s",
                         seebatch_color_names[us], king, pieces, why);
}

/* The message of the first reason of `status` (bit order). */
static seebatch_status seebatch_fail_for(const seebatch_board *board, uint32_t status,
                                         seebatch_error *error)
{
    const bitboard *color = board->colors;
    bitboard kings = board->pieces[SEEBATCH_KING], pawns = board->pieces[SEEBATCH_PAWN];
    uint32_t first = status & (0u - status);
    switch (first) {
    case SEEBATCH_POSITION_NO_WHITE_KING:
    case SEEBATCH_POSITION_NO_BLACK_KING:
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "impossible position: no %s king",
                             first == SEEBATCH_POSITION_NO_WHITE_KING ? "white" : "black");
    case SEEBATCH_POSITION_TOO_MANY_KINGS: {
        bool white = more_than_one(kings & color[SEEBATCH_WHITE]);
        return seebatch_fail_with_squares(
            error, white ? "more than one white king" : "more than one black king",
            kings & color[white ? SEEBATCH_WHITE : SEEBATCH_BLACK]);
    }
    case SEEBATCH_POSITION_TOO_MANY_WHITE_PAWNS:
    case SEEBATCH_POSITION_TOO_MANY_BLACK_PAWNS: {
        unsigned side =
            first == SEEBATCH_POSITION_TOO_MANY_WHITE_PAWNS ? SEEBATCH_WHITE : SEEBATCH_BLACK;
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                             "impossible position: %d %s pawns (%d at most)",
                             popcount(pawns & color[side]), seebatch_color_names[side], PAWNS_MAX);
    }
    case SEEBATCH_POSITION_PAWNS_ON_BACKRANK:
        return seebatch_fail_with_squares(error, "a pawn on the first or last rank",
                                          pawns & seebatch_first_and_last_ranks);
    case SEEBATCH_POSITION_TOO_MANY_WHITE_PIECES:
    case SEEBATCH_POSITION_TOO_MANY_BLACK_PIECES: {
        unsigned side =
            first == SEEBATCH_POSITION_TOO_MANY_WHITE_PIECES ? SEEBATCH_WHITE : SEEBATCH_BLACK;
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                             "impossible position: %d %s pieces (%d at most)",
                             popcount(color[side]), seebatch_color_names[side], PIECES_MAX);
    }
    case SEEBATCH_POSITION_BAD_CASTLING_RIGHTS:
        return seebatch_fail_castling(board, error);
    case SEEBATCH_POSITION_INVALID_EP_SQUARE:
        return seebatch_fail_en_passant(board, error);
    case SEEBATCH_POSITION_OPPOSITE_CHECK:
        return seebatch_fail_opposite_check(board, error);
    default:
        return seebatch_fail_check(board, first, error);
    }
}

/* The error for the first impossible board, boards[first_bad]: its first
 * reason, with its index when there are several boards. Out of line: its
 * message buffers and calls made every call's frame the larger. */
static __attribute__((noinline)) seebatch_status
seebatch_fail_impossible(const seebatch_board *boards, size_t count, size_t first_bad,
                         seebatch_error *error)
{
    const seebatch_board *board = &boards[first_bad];
    seebatch_error reason;
    uint32_t status = seebatch_position_reasons(board);
    if (status == SEEBATCH_POSITION_INCONSISTENT)
        seebatch_board_validate(board, &reason);
    else
        seebatch_fail_for(board, status & ~SEEBATCH_POSITION_EMPTY, &reason);
    if (count == 1)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "%s", reason.message);
    return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "board %zu: %s", first_bad, reason.message);
}

seebatch_status seebatch_position_status(const seebatch_board *boards, size_t count,
                                         uint32_t *statuses, seebatch_error *error)
{
    if (!boards && count > 0)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "boards is NULL with count %zu",
                             count);
    size_t first_bad = count;
    for (size_t i = 0; i < count; i++) {
        uint32_t status =
            seebatch_plainly_possible(&boards[i]) ? 0 : seebatch_position_reasons(&boards[i]);
        if (statuses)
            statuses[i] = status;
        if (status && first_bad == count)
            first_bad = i;
    }
    if (first_bad == count)
        return seebatch_succeed(error);
    return seebatch_fail_impossible(boards, count, first_bad, error);
}
