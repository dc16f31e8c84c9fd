/*
 * seebatch_check: every precondition of the fast SEE calls proven for one
 * batch under prepared rules (NULL pointers, the rules, board indices, the
 * boards the moves name, each move, given pins), and that the piece of each
 * move can make it (move_reach.h). Nothing is written but the error, whose
 * message names what is wrong and where.
 */
#include "auto/dispatch.h"
#include "errors.h"
#include "kernel.h"
#include "board/move_reach.h"
#include "board/pins.h"
#include "board/validity.h"

/* Checks the moves of a batch against their boards; the message names the index. */
static seebatch_status seebatch_check_moves(const see_batch *batch, seebatch_error *error)
{
    for (size_t i = 0; i < batch->count; i++) {
        seebatch_error move_error;
        const seebatch_board *board = board_of(batch, i);
        if (seebatch_move_check(board, batch->moves[i], &move_error) != SEEBATCH_OK ||
            seebatch_move_reach_check(board, batch->moves[i], &move_error) != SEEBATCH_OK)
            return seebatch_fail(error, move_error.status, "move %zu: %s", i, move_error.message);
    }
    return seebatch_succeed(error);
}

/* Checks one board; with many boards the message names the index. */
static seebatch_status seebatch_check_board(const seebatch_board *board, size_t index, bool many,
                                            seebatch_error *error)
{
    seebatch_error board_error;
    if (seebatch_board_validate(board, &board_error) == SEEBATCH_OK)
        return seebatch_succeed(error);
    if (many)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "board %zu: %s", index,
                             board_error.message);
    return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "board: %s", board_error.message);
}

/* The boards the moves name, each in range and consistent. Only those are
 * looked at (a batch of a large data set names few of its boards), each once
 * per run of moves on it. */
static seebatch_status seebatch_check_named_boards(const see_batch *batch, size_t board_count,
                                                   bool many, seebatch_error *error)
{
    if (!many)
        return seebatch_check_board(batch->boards, 0, false, error);
    for (size_t i = 0; i < batch->count; i++) {
        uint32_t b = batch->board_of_move[i];
        if (b >= board_count)
            return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                                 "move %zu names board %u but there are %zu boards", i, (unsigned)b,
                                 board_count);
        if (i > 0 && b == batch->board_of_move[i - 1])
            continue;
        seebatch_status status = seebatch_check_board(&batch->boards[b], b, true, error);
        if (status != SEEBATCH_OK)
            return status;
    }
    return seebatch_succeed(error);
}

/* Whether every move fits the one board of the batch. */
static bool seebatch_moves_fit_one_board(const see_batch *batch)
{
    bool fit = true;
    for (size_t i = 0; i < batch->count; i++)
        fit &= move_fits_board(batch->boards, batch->moves[i]);
    return fit;
}

/* Whether the piece of every move can make it, for a sound batch. */
static bool seebatch_moves_possible(const see_batch *batch)
{
    bool possible = true;
    for (size_t i = 0; i < batch->count; i++)
        possible &= move_is_possible(board_of(batch, i), batch->moves[i]);
    return possible;
}

/* Whether the batch's boards, board indices and moves are all sound, by the
 * yes-or-no checks (validity.h), in the instructions of the kernel that will
 * run the batch. Only a batch with a fault goes on to the checks below,
 * which find the same first fault as ever and name it. An unnamed bad board
 * among many may also say no here: those checks then find nothing wrong,
 * and the batch is sound. */
static bool seebatch_batch_is_sound(const see_batch *batch, size_t board_count, bool many)
{
    if (!many)
        return board_is_consistent(batch->boards) && seebatch_moves_fit_one_board(batch) &&
               seebatch_moves_possible(batch);
    const see_backend *kernel = seebatch_backend_for_call(CALL_VALUES, batch);
    bool sound = kernel->batch_sound ? kernel->batch_sound(batch, board_count)
                                     : seebatch_batch_sound_portable(batch, board_count);
    return sound && seebatch_moves_possible(batch);
}

/* Pointers and sizes a batch of `count` moves needs. */
static seebatch_status seebatch_check_pointers(const seebatch_batch *batch, seebatch_error *error)
{
    if (!batch)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "batch is NULL");
    if (batch->count == 0)
        return seebatch_succeed(error);
    if (!batch->boards)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "boards is NULL with count %zu",
                             batch->count);
    if (batch->board_count == 0)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "board_count is 0 with count %zu",
                             batch->count);
    if (!batch->moves)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "moves is NULL with count %zu",
                             batch->count);
    return seebatch_succeed(error);
}

/* Boards, board indices and moves of a batch whose pointers are sound. */
static seebatch_status seebatch_check_moves_on_boards(const see_batch *batch, size_t board_count,
                                                      seebatch_error *error)
{
    bool many = batch->board_of_move != NULL;
    if (batch->count == 0 || seebatch_batch_is_sound(batch, board_count, many))
        return seebatch_succeed(error);
    seebatch_status status = seebatch_check_named_boards(batch, board_count, many, error);
    if (status != SEEBATCH_OK)
        return status;
    return seebatch_check_moves(batch, error);
}

/* Rules are valid when they are what seebatch_rules_init makes of a valid
 * configuration: its values and flags, and nothing for the king and the
 * codes past it (rules_of). */
static seebatch_status seebatch_check_rules(const seebatch_rules *rules, seebatch_error *error)
{
    if (!rules)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "rules is NULL");
    seebatch_error values_error;
    if (seebatch_values_validate(rules->value, rules->flags, &values_error) != SEEBATCH_OK)
        return seebatch_fail(error, SEEBATCH_ERROR_CONFIG, "rules: %s", values_error.message);
    for (int type = SEEBATCH_KING; type < 8; type++)
        if (rules->value[type] != 0)
            return seebatch_fail(error, SEEBATCH_ERROR_CONFIG,
                                 "rules were not made by seebatch_rules_init, or were changed "
                                 "since");
    return seebatch_succeed(error);
}

/* The given pins of each board the moves name, against seebatch_pins_compute's. */
static seebatch_status seebatch_check_given_pins(const see_batch *batch, seebatch_error *error)
{
    for (size_t i = 0; batch->pins && i < batch->count; i++) {
        const seebatch_board *board = board_of(batch, i);
        if (i > 0 && board == board_of(batch, i - 1))
            continue;
        seebatch_error pins_error;
        if (seebatch_check_pins(board, given_pins_of(batch, board), &pins_error) == SEEBATCH_OK)
            continue;
        if (!batch->board_of_move)
            return seebatch_fail(error, pins_error.status, "%s", pins_error.message);
        return seebatch_fail(error, pins_error.status, "board %u: %s",
                             (unsigned)batch->board_of_move[i], pins_error.message);
    }
    return seebatch_succeed(error);
}

seebatch_status seebatch_check(const seebatch_rules *rules, const seebatch_batch *batch,
                               seebatch_error *error)
{
    seebatch_status status = seebatch_check_rules(rules, error);
    if (status == SEEBATCH_OK)
        status = seebatch_check_pointers(batch, error);
    if (status != SEEBATCH_OK)
        return status;
    see_batch kernel_batch = seebatch_kernel_batch(rules, batch);
    status = seebatch_check_moves_on_boards(&kernel_batch, batch->board_count, error);
    return status == SEEBATCH_OK ? seebatch_check_given_pins(&kernel_batch, error) : status;
}
