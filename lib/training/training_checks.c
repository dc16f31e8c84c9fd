#include "board/castling.h"
#include "board/move_reach.h"
#include "board/validity.h"
#include "training/formats/chain_coding_choice.h"
#include "training_internal.h"

/* The error of a refused move: its UCI text and raw value, and why. */
static seebatch_status seebatch_refuse_move(const training_entry *entry, uint64_t number,
                                            const char *why, seebatch_error *error)
{
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(entry->move, uci);
    return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "entry %llu: move %s (0x%04x): %s",
                         (unsigned long long)number, uci, entry->move, why);
}

/* Whether a castling move takes the rook of a right held, on its side of
 * the king that side castles with: Chess960's castling, which binpack's
 * numbering (standard chess only) does not know. */
static bool seebatch_chess960_castling_reachable(const seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned color = board->side_to_move & 1u, word = castling_word(board);
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_CASTLING ||
        from != castling_king_square(board, color))
        return false;
    unsigned right = 2 * color + (to < from ? 1u : 0u);
    return (word >> right) & 1u && castling_rook_square(word, right) == to;
}

seebatch_status seebatch_check_entry(const training_entry *entry, uint64_t number, bool check_board,
                                     seebatch_error *error)
{
    /* The usual entry passes both checks at a glance; the functions with
     * the message, which each check the board again, are asked only when
     * it does not. A move 0 is none (an EPD line without one). */
    bool moveless = entry->move == 0;
    if (!board_is_consistent(&entry->board) ||
        (!moveless && !(move_fits_board(&entry->board, entry->move) &&
                        move_is_possible(&entry->board, entry->move)))) {
        seebatch_error why;
        if ((check_board || moveless) &&
            seebatch_board_validate(&entry->board, &why) != SEEBATCH_OK)
            return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "entry %llu: board: %s",
                                 (unsigned long long)number, why.message);
        if (!moveless &&
            (seebatch_move_check(&entry->board, entry->move, &why) != SEEBATCH_OK ||
             seebatch_move_reach_check(&entry->board, entry->move, &why) != SEEBATCH_OK))
            return seebatch_refuse_move(entry, number, why.message, error);
    }
    if (entry->result < -1 || entry->result > 1)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "entry %llu: result %d is not -1, 0 or 1", (unsigned long long)number,
                             entry->result);
    return seebatch_succeed(error);
}

seebatch_status seebatch_check_training_entry(const training_entry *entry, uint64_t number,
                                              bool check_board, seebatch_error *error)
{
    seebatch_status status = seebatch_check_entry(entry, number, check_board, error);
    if (status != SEEBATCH_OK)
        return status;
    /* A move the binpack writer could not number would be stored as another
     * move; binpack refuses Chess960's castling anyway, by name. */
    chain_numbering numbering;
    if (seebatch_chain_coding_here()->number_move(&entry->board, entry->move, &numbering) ||
        seebatch_chess960_castling_reachable(&entry->board, entry->move))
        return status;
    uint64_t from = seebatch_square_bit(seebatch_move_from(entry->move));
    bool movers = (entry->board.colors[entry->board.side_to_move & 1u] & from) != 0;
    return seebatch_refuse_move(entry, number,
                                movers ? "the piece on its from-square cannot go there"
                                       : "a move of the side not to move, which training data "
                                         "cannot store",
                                error);
}
