/*
 * The reasons behind move_is_possible (move_reach.h), for the messages of
 * seebatch_move_parse and seebatch_check: asked only once the yes-or-no test
 * has said no, so they may walk the rules one by one.
 */
#include "move_reach.h"

#include "errors.h"

/* The square of `line` nearest to `from` (the first piece in the way). */
static unsigned seebatch_nearest_square(bitboard line, unsigned from)
{
    bitboard below = line & (seebatch_square_bit(from) - 1);
    return below ? 63u - (unsigned)__builtin_clzll(below) : lowest_square(line);
}

/* A slider's, knight's or king's step: off its lines, or blocked. */
static seebatch_status seebatch_piece_reach(const seebatch_board *board, unsigned from, unsigned to,
                                            int type, seebatch_error *error)
{
    char from_name[3], to_name[3], way[3];
    seebatch_square_name(from, from_name);
    seebatch_square_name(to, to_name);
    bitboard empty_board_reach = type == SEEBATCH_BISHOP  ? bishop_attacks(from, 0)
                                 : type == SEEBATCH_ROOK  ? rook_attacks(from, 0)
                                 : type == SEEBATCH_QUEEN ? queen_attacks(from, 0)
                                                          : 0;
    bitboard in_way = between(from, to) & occupied_squares(board);
    if ((empty_board_reach >> to) & 1u)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "the %s on %s cannot reach %s: %s is in the way",
                             seebatch_type_names[type], from_name, to_name,
                             seebatch_square_name(seebatch_nearest_square(in_way, from), way));
    static const char *const how[SEEBATCH_PIECE_TYPES] = {"",
                                                          "a knight's jump",
                                                          "a diagonal",
                                                          "a rank or file",
                                                          "a rank, file or diagonal",
                                                          "a step of one square"};
    return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "the %s on %s cannot reach %s: it moves by %s",
                         seebatch_type_names[type], from_name, to_name, how[type]);
}

/* Why a pawn cannot make the move. */
static seebatch_status seebatch_pawn_reach(const seebatch_board *board, unsigned from, unsigned to,
                                           seebatch_error *error)
{
    char from_name[3], to_name[3], way[3];
    unsigned color = color_on(board, from);
    const char *side = seebatch_color_names[color];
    seebatch_square_name(from, from_name);
    seebatch_square_name(to, to_name);
    unsigned ahead =
        color == SEEBATCH_WHITE ? rank_of(to) - rank_of(from) : rank_of(from) - rank_of(to);
    unsigned files =
        file_of(from) > file_of(to) ? file_of(from) - file_of(to) : file_of(to) - file_of(from);
    bool occupied_to = (occupied_squares(board) >> to) & 1u;
    bool double_step = ahead == 2 && rank_of(from) == (color == SEEBATCH_WHITE ? 1u : 6u);
    const char *why = "it moves one square forward (two from its second rank) and captures one "
                      "square diagonally forward";
    if (ahead == 0 || ahead > 7)
        why = "a pawn moves forward only";
    else if (files == 1 && ahead == 1)
        why = "it moves diagonally only to capture, and the square is empty";
    else if (files == 0 && occupied_to && (ahead == 1 || double_step))
        why = "it captures diagonally, not straight ahead";
    else if (files == 0 && double_step)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "the %s pawn on %s cannot reach %s: %s is in the way", side, from_name,
                             to_name, seebatch_square_name((from + to) / 2, way));
    return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "the %s pawn on %s cannot reach %s: %s", side,
                         from_name, to_name, why);
}

/* Why a king cannot castle with its rook on `to`. */
static seebatch_status seebatch_castling_reach(const seebatch_board *board, unsigned from,
                                               unsigned to, seebatch_error *error)
{
    char from_name[3], to_name[3], square[3];
    unsigned color = color_on(board, from), right = castling_right_toward(color, from, to);
    unsigned rook = castling_rook_square(castling_word(board), right);
    const char *side = seebatch_color_names[color],
               *wing = castling_is_kingside(right) ? "kingside" : "queenside";
    seebatch_square_name(from, from_name);
    seebatch_square_name(to, to_name);
    if (from != castling_king_square(board, color) || rank_of(to) != rank_of(from))
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "the king on %s cannot castle with the rook on %s: a king castles "
                             "on its first rank, with a rook there",
                             from_name, to_name);
    if (!((board->castling >> right) & 1u))
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "the king on %s cannot castle with the rook on %s: %s has no %s "
                             "castling right",
                             from_name, to_name, side, wing);
    if (rook != to)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                             "the king on %s cannot castle with the rook on %s: %s's %s castling "
                             "right is with the rook on %s",
                             from_name, to_name, side, wing, seebatch_square_name(rook, square));
    bitboard in_way = castling_path(from, to) & occupied_squares(board);
    return seebatch_fail(error, SEEBATCH_ERROR_MOVE,
                         "the king on %s cannot castle with the rook on %s: %s is in the way",
                         from_name, to_name,
                         seebatch_square_name(seebatch_nearest_square(in_way, from), square));
}

seebatch_status seebatch_move_reach_check(const seebatch_board *board, seebatch_move move,
                                          seebatch_error *error)
{
    seebatch_tables_ready(); /* the engine pair's, when a move is parsed before any rules */
    if (move_is_possible(board, move))
        return seebatch_succeed(error);
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    int type = piece_type_on(board, from);
    if (type == SEEBATCH_PAWN)
        return seebatch_pawn_reach(board, from, to, error);
    if (type == SEEBATCH_KING && seebatch_move_kind(move) == SEEBATCH_MOVE_CASTLING)
        return seebatch_castling_reach(board, from, to, error);
    return seebatch_piece_reach(board, from, to, type, error);
}
