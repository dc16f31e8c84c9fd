/*
 * Board consistency (the definition is in seebatch.h, at seebatch_board).
 * Every checked entry point relies on it, so the message names the first
 * violation and, where there is one, the lowest square showing it.
 */
#include "bitboard.h"
#include "castling.h"
#include "errors.h"
#include "validity.h"

static seebatch_status seebatch_check_piece_overlap(const seebatch_board *board,
                                                    seebatch_error *error)
{
    char name[3];
    for (int a = 0; a < SEEBATCH_PIECE_TYPES; a++)
        for (int b = a + 1; b < SEEBATCH_PIECE_TYPES; b++) {
            bitboard both = board->pieces[a] & board->pieces[b];
            if (both)
                return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                                     "square %s is in both the %s and %s bitboards",
                                     seebatch_square_name(lowest_square(both), name),
                                     seebatch_type_names[a], seebatch_type_names[b]);
        }
    return SEEBATCH_OK;
}

static seebatch_status seebatch_check_colors(const seebatch_board *board, seebatch_error *error)
{
    char name[3];
    bitboard both = board->colors[SEEBATCH_WHITE] & board->colors[SEEBATCH_BLACK];
    if (both)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                             "square %s is in both the white and black bitboards",
                             seebatch_square_name(lowest_square(both), name));
    bitboard pieces = 0;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        pieces |= board->pieces[type];
    bitboard colored = occupied_squares(board);
    if (pieces & ~colored) {
        unsigned square = lowest_square(pieces & ~colored);
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                             "square %s has a piece (%s) but no colour",
                             seebatch_square_name(square, name),
                             seebatch_type_names[piece_type_or_none(board, square)]);
    }
    if (colored & ~pieces) {
        unsigned square = lowest_square(colored & ~pieces);
        return seebatch_fail(
            error, SEEBATCH_ERROR_BOARD, "square %s is in the %s bitboard but has no piece",
            seebatch_square_name(square, name), seebatch_color_names[color_on(board, square)]);
    }
    return SEEBATCH_OK;
}

/* The en passant square is the one the last double push passed over, so it
 * lies on the sixth rank when white is to move and on the third when black
 * is: any other square cannot be written as FEN. */
static seebatch_status seebatch_check_en_passant(const seebatch_board *board, seebatch_error *error)
{
    char name[3];
    unsigned square = board->en_passant;
    if (square == SEEBATCH_NO_SQUARE)
        return SEEBATCH_OK;
    if (square > SEEBATCH_NO_SQUARE)
        return seebatch_fail(
            error, SEEBATCH_ERROR_BOARD,
            "en passant is %u: neither a square (0..63) nor SEEBATCH_NO_SQUARE (64)", square);
    unsigned rank = rank_of(square);
    if (rank != 2 && rank != 5)
        return seebatch_fail(
            error, SEEBATCH_ERROR_BOARD,
            "en passant square %s is not on the third or sixth rank (set en_passant to "
            "SEEBATCH_NO_SQUARE when there is none, as SEEBATCH_BOARD_EMPTY does)",
            seebatch_square_name(square, name));
    unsigned expected = board->side_to_move == SEEBATCH_WHITE ? 5 : 2;
    if (rank != expected)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                             "en passant square %s is on the %s rank but %s is to move",
                             seebatch_square_name(square, name), rank == 2 ? "third" : "sixth",
                             seebatch_color_names[board->side_to_move]);
    return SEEBATCH_OK;
}

/* The rook files of the castling rights (castling.h): each 0..6, and 0 for
 * a right not held. */
static seebatch_status seebatch_check_castling_files(unsigned word, seebatch_error *error)
{
    static const char letters[] = "KQkq";
    for (unsigned right = 0; right < 4; right++) {
        unsigned in = (word & castling_file_bits(right)) >> (4 + 3 * right);
        if (in != 0 && !((word >> right) & 1u))
            return seebatch_fail(
                error, SEEBATCH_ERROR_BOARD,
                "castling 0x%02x, reserved 0x%02x: right %c is not held but has a rook file "
                "(bits %u-%u of castling | reserved << 8 must then be 0)",
                word & 0xFFu, word >> 8, letters[right], 4 + 3 * right, 6 + 3 * right);
        if (in == 7)
            return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                                 "castling 0x%02x, reserved 0x%02x: right %c's rook is 7 files in "
                                 "from its corner, where no rook castles (0..6)",
                                 word & 0xFFu, word >> 8, letters[right]);
    }
    return SEEBATCH_OK;
}

static seebatch_status seebatch_check_state(const seebatch_board *board, seebatch_error *error)
{
    if (board->side_to_move > SEEBATCH_BLACK)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                             "side to move is %u; it must be 0 (white) or 1 (black)",
                             (unsigned)board->side_to_move);
    seebatch_status status = seebatch_check_en_passant(board, error);
    if (status != SEEBATCH_OK)
        return status;
    return seebatch_check_castling_files(castling_word(board), error);
}

seebatch_status seebatch_board_validate(const seebatch_board *board, seebatch_error *error)
{
    if (!board)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "board is NULL");
    if (board_is_consistent(board)) /* the usual case, without walking the rules */
        return seebatch_succeed(error);
    return seebatch_board_check_rules(board, error);
}

seebatch_status seebatch_board_check_rules(const seebatch_board *board, seebatch_error *error)
{
    seebatch_status status = seebatch_check_piece_overlap(board, error);
    if (status == SEEBATCH_OK)
        status = seebatch_check_colors(board, error);
    if (status == SEEBATCH_OK)
        status = seebatch_check_state(board, error);
    return status == SEEBATCH_OK ? seebatch_succeed(error) : status;
}
