/*
 * UCI move text and the preconditions every SEE entry point puts on a move.
 *
 * A move's kind is not in UCI text, so the parser reads it off the board:
 * - en passant: a pawn steps diagonally forward onto board->en_passant while
 *   that square is empty;
 * - castling, written two ways: the king takes its own rook on its first
 *   rank (e1h1, and any Chess960 castling: UCI_Chess960's form, the
 *   library's own), or, in standard chess, a king on e1 or e8 moves two
 *   files along its rank (e1g1, e1c1, e8g8, e8c8) while its rook stands on
 *   that side's corner, or the right's file;
 * - promotion: a suffix n, b, r or q. UCI writes it lowercase; uppercase is
 *   accepted too, since some GUIs and hand-typed input use it. Squares must
 *   be lowercase.
 * The parsed move is then put through seebatch_move_check, so whatever the
 * parser accepts every SEE entry point accepts, and must be one the piece
 * can make (move_reach.h), so whatever it accepts seebatch_check accepts.
 */
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "castling.h"
#include "errors.h"
#include "move_reach.h"
#include "validity.h"

/* Indexed by kind - SEEBATCH_MOVE_PROMOTE_KNIGHT. */
static const char promotion_letters[] = "nbrq";

enum { QUOTE_MAX = 12 };

/* The move text for a message (see seebatch_printable). */
static const char *seebatch_quote(const char *text, char out[QUOTE_MAX + 4])
{
    return seebatch_printable(text, SIZE_MAX, QUOTE_MAX, out);
}

/* The square named by two characters, or -1. */
static int seebatch_parse_square(char file, char rank)
{
    if (file < 'a' || file > 'h' || rank < '1' || rank > '8')
        return -1;
    return (rank - '1') * 8 + (file - 'a');
}

/* The promotion kind named by a suffix letter, or -1. */
static int seebatch_parse_promotion(char letter)
{
    char lower = letter >= 'A' && letter <= 'Z' ? (char)(letter - 'A' + 'a') : letter;
    /* memchr over the four letters: strchr would find a NUL's terminator. */
    const char *found =
        (const char *)memchr(promotion_letters, lower, sizeof promotion_letters - 1); /* C++ too */
    return found ? SEEBATCH_MOVE_PROMOTE_KNIGHT + (int)(found - promotion_letters) : -1;
}

/* Reads "e2e4" or "e7e8q" into from, to and promotion (0 when absent). */
static seebatch_status seebatch_parse_syntax(const char *text, unsigned *from, unsigned *to,
                                             int *promotion, seebatch_error *error)
{
    char shown[QUOTE_MAX + 4];
    size_t length = 0;
    while (length < SEEBATCH_UCI_MAX && text[length] != '\0')
        length++;
    if (length < 4 || length > 5)
        return seebatch_fail(
            error, SEEBATCH_ERROR_MOVE,
            "move \"%s\" is too %s; a UCI move has 4 or 5 characters (e2e4, e7e8q)",
            seebatch_quote(text, shown), length < 4 ? "short" : "long");
    int squares[2] = {seebatch_parse_square(text[0], text[1]),
                      seebatch_parse_square(text[2], text[3])};
    for (int i = 0; i < 2; i++)
        if (squares[i] < 0)
            return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                                 "move \"%s\": \"%.2s\" is not a square (a1..h8, lowercase)",
                                 seebatch_quote(text, shown), shown + 2 * i);
    *from = (unsigned)squares[0];
    *to = (unsigned)squares[1];
    *promotion = length == 5 ? seebatch_parse_promotion(text[4]) : 0;
    if (*promotion < 0)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "move \"%s\": the promotion letter must be n, b, r or q",
                             seebatch_quote(text, shown));
    return SEEBATCH_OK;
}

/* The rook a king on e1 or e8 castles with when it moves two files to
 * `to` (standard chess's UCI): the right's rook on that side, else the
 * corner's; CASTLING_NO_SQUARE when no rook of its own stands there. */
static unsigned seebatch_two_square_rook(const seebatch_board *board, unsigned from, unsigned to,
                                         unsigned color)
{
    unsigned right = 2 * color + (to < from ? 1u : 0u);
    unsigned word = castling_word(board);
    unsigned rook = (word >> right) & 1u ? castling_rook_square(word, right)
                                         : (from & 56u) + (to < from ? 0u : 7u);
    bool own_rook = (board->pieces[SEEBATCH_ROOK] & board->colors[color]) >> rook & 1u;
    bool kingside = rook > from;
    return own_rook && kingside == (to > from) ? rook : CASTLING_NO_SQUARE;
}

/* The kind of a move from an occupied square, without a promotion suffix;
 * *to becomes the rook's square when a king's two-square move castles. */
static unsigned seebatch_infer_kind(const seebatch_board *board, unsigned from, unsigned *to)
{
    int type = piece_type_or_none(board, from);
    unsigned color = color_on(board, from);
    unsigned forward_rank = color == SEEBATCH_WHITE ? rank_of(from) + 1 : rank_of(from) - 1;
    unsigned file_step =
        file_of(from) > file_of(*to) ? file_of(from) - file_of(*to) : file_of(*to) - file_of(from);
    bool empty_target = !(occupied_squares(board) & seebatch_square_bit(*to));
    bool first_rank =
        rank_of(from) == (color == SEEBATCH_WHITE ? 0u : 7u) && rank_of(*to) == rank_of(from);
    if (type == SEEBATCH_PAWN && *to == board->en_passant && empty_target && file_step == 1 &&
        rank_of(*to) == forward_rank)
        return SEEBATCH_MOVE_EN_PASSANT;
    if (type != SEEBATCH_KING || !first_rank)
        return SEEBATCH_MOVE_NORMAL;
    if ((board->pieces[SEEBATCH_ROOK] & board->colors[color]) >> *to & 1u)
        return SEEBATCH_MOVE_CASTLING; /* the king takes its rook */
    unsigned rook = file_of(from) == 4 && file_step == 2
                        ? seebatch_two_square_rook(board, from, *to, color)
                        : CASTLING_NO_SQUARE;
    if (rook == CASTLING_NO_SQUARE)
        return SEEBATCH_MOVE_NORMAL;
    *to = rook;
    return SEEBATCH_MOVE_CASTLING;
}

seebatch_status seebatch_move_parse(const seebatch_board *board, const char *text,
                                    seebatch_move *move, seebatch_error *error)
{
    if (!board || !text || !move)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             !board  ? "board"
                             : !text ? "move text"
                                     : "move");
    unsigned from = 0, to = 0;
    int promotion = 0;
    seebatch_status status = seebatch_parse_syntax(text, &from, &to, &promotion, error);
    if (status == SEEBATCH_OK)
        status = seebatch_board_validate(board, error);
    if (status != SEEBATCH_OK)
        return status;

    char shown[QUOTE_MAX + 4], name[3];
    int type = piece_type_or_none(board, from);
    if (type < 0)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "move \"%s\": no piece on %s",
                             seebatch_quote(text, shown), seebatch_square_name(from, name));
    unsigned color = color_on(board, from);
    if (type == SEEBATCH_PAWN && !promotion && (promotion_rank(color) & seebatch_square_bit(to)))
        return seebatch_fail(
            error, SEEBATCH_ERROR_MOVE,
            "move \"%s\": the %s pawn reaches its last rank and must name a promotion "
            "piece (n, b, r or q)",
            seebatch_quote(text, shown), seebatch_color_names[color]);

    unsigned kind = promotion ? (unsigned)promotion : seebatch_infer_kind(board, from, &to);
    seebatch_move parsed = seebatch_move_make(from, to, kind);
    /* The usual move passes both checks at a glance (the board is valid
     * already); the functions with the message are asked only when not. */
    seebatch_tables_ready(); /* the engine pair's, when a move is parsed before any rules */
    if (!move_fits_board(board, parsed) || !move_is_possible(board, parsed)) {
        seebatch_error check;
        status = seebatch_move_check(board, parsed, &check);
        if (status == SEEBATCH_OK) /* a square typed wrong is named, not scored */
            status = seebatch_move_reach_check(board, parsed, &check);
        if (status != SEEBATCH_OK)
            return seebatch_fail(error, status, "move \"%s\": %s", seebatch_quote(text, shown),
                                 check.message);
    }
    *move = parsed;
    return seebatch_succeed(error);
}

size_t seebatch_move_to_uci(seebatch_move move, char *out)
{
    if (!out)
        return 0;
    unsigned kind = seebatch_move_kind(move), to = seebatch_move_to(move);
    if (kind == SEEBATCH_MOVE_CASTLING)
        to = castling_uci_target(seebatch_move_from(move), to);
    seebatch_square_name(seebatch_move_from(move), out);
    seebatch_square_name(to, out + 2);
    if (kind < SEEBATCH_MOVE_PROMOTE_KNIGHT || kind > SEEBATCH_MOVE_PROMOTE_QUEEN)
        return 4;
    out[4] = promotion_letters[kind - SEEBATCH_MOVE_PROMOTE_KNIGHT];
    out[5] = '\0';
    return 5;
}

/* ------------------------------------------------------------------------ */

/* A move seen from the board: what moves, whose, and what stands on `to`. */
typedef struct move_view {
    unsigned from, to, kind, color;
    int type;
    bool target_empty;
    char from_name[3], to_name[3];
} move_view;

static seebatch_status seebatch_check_squares(const seebatch_board *board, move_view *view,
                                              seebatch_error *error)
{
    if (view->kind > SEEBATCH_MOVE_CASTLING)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "move kind %u is unknown (kinds are 0..6)",
                             view->kind);
    if (view->from == view->to)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "the move goes from %s to the same square",
                             view->from_name);
    view->type = piece_type_or_none(board, view->from);
    if (view->type < 0)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "no piece on the from-square %s",
                             view->from_name);
    view->color = color_on(board, view->from);
    if ((board->colors[view->color] & seebatch_square_bit(view->to)) &&
        view->kind != SEEBATCH_MOVE_CASTLING)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "the to-square %s holds a %s piece, the same colour as the %s on %s",
                             view->to_name, seebatch_color_names[view->color],
                             seebatch_type_names[view->type], view->from_name);
    view->target_empty = !(occupied_squares(board) & seebatch_square_bit(view->to));
    return SEEBATCH_OK;
}

static seebatch_status seebatch_check_en_passant_move(const seebatch_board *board,
                                                      const move_view *view, seebatch_error *error)
{
    char name[3];
    unsigned rank = view->color == SEEBATCH_WHITE ? 5 : 2;
    unsigned behind = en_passant_victim(view->to, view->color);
    unsigned enemy = view->color ^ 1u;
    if (view->type != SEEBATCH_PAWN)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "en passant by the %s on %s: only a pawn captures en passant",
                             seebatch_type_names[view->type], view->from_name);
    if (!view->target_empty)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "en passant onto %s, which is not empty",
                             view->to_name);
    if (rank_of(view->to) != rank)
        return seebatch_fail(
            error, SEEBATCH_ERROR_MOVE, "en passant onto %s, which is not on the %s rank (%s pawn)",
            view->to_name, rank == 5 ? "sixth" : "third", seebatch_color_names[view->color]);
    if (!(board->pieces[SEEBATCH_PAWN] & board->colors[enemy] & seebatch_square_bit(behind)))
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "en passant onto %s with no %s pawn behind it on %s", view->to_name,
                             seebatch_color_names[enemy], seebatch_square_name(behind, name));
    return SEEBATCH_OK;
}

static seebatch_status seebatch_check_kind(const seebatch_board *board, const move_view *view,
                                           seebatch_error *error)
{
    bool to_last_rank = promotion_rank(view->color) & seebatch_square_bit(view->to);
    unsigned kind = view->kind;
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        if (view->type != SEEBATCH_PAWN)
            return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                                 "promotion by the %s on %s: only a pawn promotes",
                                 seebatch_type_names[view->type], view->from_name);
        if (!to_last_rank)
            return seebatch_fail(
                error, SEEBATCH_ERROR_MOVE,
                "promotion onto %s, which is not the %s pawn's last rank (rank %c)", view->to_name,
                seebatch_color_names[view->color], view->color == SEEBATCH_WHITE ? '8' : '1');
    } else if (kind == SEEBATCH_MOVE_NORMAL) {
        if (view->type == SEEBATCH_PAWN && to_last_rank)
            return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                                 "the pawn move %s%s ends on the %s pawn's last rank but is not a "
                                 "promotion",
                                 view->from_name, view->to_name, seebatch_color_names[view->color]);
    } else if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        return seebatch_check_en_passant_move(board, view, error);
    } else if (view->type != SEEBATCH_KING) {
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "castling by the %s on %s: only a king castles",
                             seebatch_type_names[view->type], view->from_name);
    } else if (!(board->pieces[SEEBATCH_ROOK] & board->colors[view->color] &
                 seebatch_square_bit(view->to))) {
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "castling from %s onto %s, where no %s rook stands: castling is "
                             "written as the king taking its own rook (e1h1, not e1g1)",
                             view->from_name, view->to_name, seebatch_color_names[view->color]);
    }
    return SEEBATCH_OK;
}

seebatch_status seebatch_move_check(const seebatch_board *board, seebatch_move move,
                                    seebatch_error *error)
{
    seebatch_status status = seebatch_board_validate(board, error);
    if (status != SEEBATCH_OK)
        return status;
    if (move_fits_board(board, move)) /* the usual case: no squares named */
        return seebatch_succeed(error);
    return seebatch_move_check_rules(board, move, error);
}

seebatch_status seebatch_move_check_rules(const seebatch_board *board, seebatch_move move,
                                          seebatch_error *error)
{
    /* Every field in order (the engine pair compiles as C++ too, where a
     * partial initializer warns); the rest are found by the checks. */
    move_view view = {seebatch_move_from(move),
                      seebatch_move_to(move),
                      seebatch_move_kind(move),
                      0,
                      0,
                      false,
                      {0},
                      {0}};
    seebatch_square_name(view.from, view.from_name);
    seebatch_square_name(view.to, view.to_name);
    seebatch_status status = seebatch_check_squares(board, &view, error);
    if (status == SEEBATCH_OK)
        status = seebatch_check_kind(board, &view, error);
    return status == SEEBATCH_OK ? seebatch_succeed(error) : status;
}
