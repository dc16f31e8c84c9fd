#include "chain_moves.h"
#include "training_internal.h"

/* Whether the piece on the move's from-square reaches its to-square as the
 * chain coding numbers moves (seebatch_chain_destinations): a move the
 * binpack writer could not number would be stored as another move. */
SEEBATCH_POPCNT_CLONES
static bool seebatch_piece_reaches(const seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    int type = piece_type_on(board, from);
    unsigned castlings;
    bitboard targets = seebatch_chain_destinations(board, from, type, &castlings);
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_CASTLING)
        return (targets >> to) & 1u;
    bool white = board->side_to_move == SEEBATCH_WHITE;
    unsigned right =
        to > from ? (white ? SEEBATCH_CASTLE_WHITE_KINGSIDE : SEEBATCH_CASTLE_BLACK_KINGSIDE)
                  : (white ? SEEBATCH_CASTLE_WHITE_QUEENSIDE : SEEBATCH_CASTLE_BLACK_QUEENSIDE);
    return type == SEEBATCH_KING && (board->castling & right) &&
           seebatch_castling_fits(board, move);
}

/* The error of a refused move: its UCI text and raw value, and why. */
static seebatch_status seebatch_refuse_move(const training_entry *entry, uint64_t number, const char *why,
                                   seebatch_error *error)
{
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(entry->move, uci);
    return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "entry %llu: move %s (0x%04x): %s",
                         (unsigned long long)number, uci, entry->move, why);
}

seebatch_status seebatch_training_check_entry(const training_entry *entry, uint64_t number,
                                     bool check_board, seebatch_error *error)
{
    seebatch_error why;
    if (check_board && seebatch_board_validate(&entry->board, &why) != SEEBATCH_OK)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "entry %llu: board: %s",
                             (unsigned long long)number, why.message);
    if (seebatch_move_check(&entry->board, entry->move, &why) != SEEBATCH_OK)
        return seebatch_refuse_move(entry, number, why.message, error);
    if (!seebatch_piece_reaches(&entry->board, entry->move))
        return seebatch_refuse_move(entry, number, "the piece on its from-square cannot go there", error);
    if (entry->result < -1 || entry->result > 1)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "entry %llu: result %d is not -1, 0 or 1",
                             (unsigned long long)number, entry->result);
    return seebatch_succeed(error);
}
