#include <stdarg.h>
#include <stdio.h>

#include "chain_moves.h"
#include "training_internal.h"

void training_fail(seebatch_training_fault *fault, uint64_t byte_offset, uint64_t entry,
                   const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fault->failed = 1;
    fault->byte_offset = byte_offset;
    fault->entry = entry;
    vsnprintf(fault->message, sizeof fault->message, format, args);
    va_end(args);
}

/* Whether the piece on the move's from-square reaches its to-square as the
 * chain coding numbers moves (chain_destinations): a move the
 * binpack writer could not number would be stored as another move. */
SEEBATCH_POPCNT_CLONES
static bool piece_reaches(const seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    int type = piece_type_on(board, from);
    unsigned castlings;
    bitboard targets = chain_destinations(board, from, type, &castlings);
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_CASTLING)
        return (targets >> to) & 1u;
    bool white = board->side_to_move == SEEBATCH_WHITE;
    unsigned right =
        to > from ? (white ? SEEBATCH_CASTLE_WHITE_KINGSIDE : SEEBATCH_CASTLE_BLACK_KINGSIDE)
                  : (white ? SEEBATCH_CASTLE_WHITE_QUEENSIDE : SEEBATCH_CASTLE_BLACK_QUEENSIDE);
    return type == SEEBATCH_KING && (board->castling & right) &&
           seebatch_castling_fits(board, move);
}

/* The message of a refused move: its UCI text and raw value, and why. */
static void refuse_move(const training_entry *entry, uint64_t number, const char *why,
                        seebatch_training_fault *fault)
{
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(entry->move, uci);
    training_fail(fault, 0, number, "entry %llu: move %s (0x%04x): %s", (unsigned long long)number,
                  uci, entry->move, why);
}

bool training_check_entry(const training_entry *entry, uint64_t number, bool check_board,
                          seebatch_training_fault *fault)
{
    seebatch_error error;
    if (check_board && seebatch_board_validate(&entry->board, &error) != SEEBATCH_OK) {
        training_fail(fault, 0, number, "entry %llu: board: %s", (unsigned long long)number,
                      error.message);
        return false;
    }
    if (seebatch_move_check(&entry->board, entry->move, &error) != SEEBATCH_OK) {
        refuse_move(entry, number, error.message, fault);
        return false;
    }
    if (!piece_reaches(&entry->board, entry->move)) {
        refuse_move(entry, number, "the piece on its from-square cannot go there", fault);
        return false;
    }
    if (entry->result < -1 || entry->result > 1) {
        training_fail(fault, 0, number, "entry %llu: result %d is not -1, 0 or 1",
                      (unsigned long long)number, entry->result);
        return false;
    }
    return true;
}
