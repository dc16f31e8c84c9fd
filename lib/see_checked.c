/*
 * The checked SEE entry points: every precondition of the hot path proven
 * first (NULL pointers, boards, configuration or prepared rules, pins, each
 * move and board index), then the unchecked function. On failure nothing is
 * written to the outputs and the message names what is wrong and where.
 */
#include "config.h"
#include "errors.h"
#include "pins.h"
#include "see_api.h"
#include "validity.h"

/* Checks the moves of a batch against their boards; the message names the index. */
static seebatch_status seebatch_check_moves(const see_batch *batch, seebatch_error *error)
{
    for (size_t i = 0; i < batch->count; i++) {
        seebatch_error move_error;
        if (seebatch_move_check(board_of(batch, i), batch->moves[i], &move_error) != SEEBATCH_OK)
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
static seebatch_status check_named_boards(const see_batch *batch, size_t board_count, bool many,
                                          seebatch_error *error)
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
static bool moves_fit_one_board(const see_batch *batch)
{
    bool fit = true;
    for (size_t i = 0; i < batch->count; i++)
        fit &= move_fits_board(batch->boards, batch->moves[i]);
    return fit;
}

/* Whether the batch's boards, board indices and moves are all sound, by the
 * yes-or-no checks (validity.h), in the instructions of the kernel that will
 * run the batch. Only a batch with a fault goes on to the checks below,
 * which find the same first fault as ever and name it. An unnamed bad board
 * among many may also say no here: those checks then find nothing wrong,
 * and the batch is sound. */
static bool batch_is_sound(const see_batch *batch, size_t board_count, bool many)
{
    if (!many)
        return board_is_consistent(batch->boards) && moves_fit_one_board(batch);
    if (board_count == 0)
        return false;
    const see_backend *kernel = seebatch_backend_for(batch->count);
    return kernel->batch_sound ? kernel->batch_sound(batch, board_count)
                               : seebatch_batch_sound_portable(batch, board_count);
}

/* Everything but the configuration: pointers, boards, board indices, moves.
 * `many`: the moves name their boards among board_count; else all are on
 * batch->boards[0]. */
static seebatch_status seebatch_check_moves_on_boards(const see_batch *batch, size_t board_count,
                                                      bool many, const void *output,
                                                      seebatch_error *error)
{
    if (many && batch->count > 0 && !batch->board_of_move)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "board_of_move is NULL with count %zu",
                             batch->count);
    if (!batch->boards && (!many || board_count > 0))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "board is NULL");
    if (batch->count > 0 && (!batch->moves || !output))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "moves or output is NULL with count %zu", batch->count);
    if (batch->count > 0 && batch_is_sound(batch, board_count, many))
        return seebatch_succeed(error);
    seebatch_status status = check_named_boards(batch, board_count, many, error);
    if (status != SEEBATCH_OK)
        return status;
    return seebatch_check_moves(batch, error);
}

/* The configuration (NULL too), then everything else. The batch's rules are
 * not read: the unchecked call prepares them once the configuration passed. */
static seebatch_status check_batch(const seebatch_config *config, const see_batch *batch,
                                   size_t board_count, bool many, const void *output,
                                   seebatch_error *error)
{
    seebatch_status status = seebatch_config_validate(config, error);
    if (status != SEEBATCH_OK)
        return status;
    return seebatch_check_moves_on_boards(batch, board_count, many, output, error);
}

seebatch_status seebatch_see_value_checked(const seebatch_board *board, seebatch_move move,
                                           const seebatch_config *config, int32_t *value,
                                           seebatch_error *error)
{
    return seebatch_see_values_checked(board, &move, 1, config, value, error);
}

seebatch_status seebatch_see_values_checked(const seebatch_board *board, const seebatch_move *moves,
                                            size_t count, const seebatch_config *config,
                                            int32_t *values, seebatch_error *error)
{
    see_batch batch = seebatch_one_board_batch(board, moves, count, NULL);
    seebatch_status status = check_batch(config, &batch, 1, false, values, error);
    if (status == SEEBATCH_OK)
        seebatch_see_values(board, moves, count, config, values);
    return status;
}

seebatch_status seebatch_see_values_multi_checked(const seebatch_board *boards, size_t board_count,
                                                  const uint32_t *board_of_move,
                                                  const seebatch_move *moves, size_t count,
                                                  const seebatch_config *config, int32_t *values,
                                                  seebatch_error *error)
{
    return seebatch_see_values_multi_pinned_checked(boards, NULL, board_count, board_of_move, moves,
                                                    count, config, values, error);
}

/* The given pins of each board the moves name, against seebatch_pins_compute's. */
static seebatch_status seebatch_check_given_pins(const see_batch *batch, seebatch_error *error)
{
    for (size_t i = 0; batch->pins && i < batch->count; i++) {
        uint32_t b = batch->board_of_move[i];
        if (i > 0 && b == batch->board_of_move[i - 1])
            continue;
        seebatch_error pins_error;
        if (seebatch_check_pins(&batch->boards[b], &batch->pins[b], &pins_error) != SEEBATCH_OK)
            return seebatch_fail(error, pins_error.status, "board %u: %s", (unsigned)b,
                                 pins_error.message);
    }
    return seebatch_succeed(error);
}

/* A many-board batch with perhaps given pins: everything it relies on. */
static seebatch_status check_pinned_batch(const seebatch_config *config, const see_batch *batch,
                                          size_t board_count, const void *output,
                                          seebatch_error *error)
{
    seebatch_status status = check_batch(config, batch, board_count, true, output, error);
    return status == SEEBATCH_OK ? seebatch_check_given_pins(batch, error) : status;
}

seebatch_status seebatch_see_values_multi_pinned_checked(
    const seebatch_board *boards, const seebatch_pins *pins, size_t board_count,
    const uint32_t *board_of_move, const seebatch_move *moves, size_t count,
    const seebatch_config *config, int32_t *values, seebatch_error *error)
{
    see_batch batch = {boards, board_of_move, moves, count, NULL, pins};
    seebatch_status status = check_pinned_batch(config, &batch, board_count, values, error);
    if (status == SEEBATCH_OK)
        seebatch_see_values_multi_pinned(boards, pins, board_count, board_of_move, moves, count,
                                         config, values);
    return status;
}

seebatch_status seebatch_see_ge_checked(const seebatch_board *board, seebatch_move move,
                                        int32_t threshold, const seebatch_config *config,
                                        bool *passed, seebatch_error *error)
{
    uint8_t result;
    seebatch_status status = seebatch_see_ge_batch_checked(board, &move, 1, threshold, config,
                                                           passed ? &result : NULL, error);
    if (status == SEEBATCH_OK)
        *passed = result != 0;
    return status;
}

seebatch_status seebatch_see_ge_batch_checked(const seebatch_board *board,
                                              const seebatch_move *moves, size_t count,
                                              int32_t threshold, const seebatch_config *config,
                                              uint8_t *passed, seebatch_error *error)
{
    see_batch batch = seebatch_one_board_batch(board, moves, count, NULL);
    seebatch_status status = check_batch(config, &batch, 1, false, passed, error);
    if (status == SEEBATCH_OK)
        seebatch_see_ge_batch(board, moves, count, threshold, config, passed);
    return status;
}

seebatch_status seebatch_see_ge_multi_checked(const seebatch_board *boards, size_t board_count,
                                              const uint32_t *board_of_move,
                                              const seebatch_move *moves, size_t count,
                                              int32_t threshold, const seebatch_config *config,
                                              uint8_t *passed, seebatch_error *error)
{
    return seebatch_see_ge_multi_pinned_checked(boards, NULL, board_count, board_of_move, moves,
                                                count, threshold, config, passed, error);
}

seebatch_status seebatch_see_ge_multi_pinned_checked(
    const seebatch_board *boards, const seebatch_pins *pins, size_t board_count,
    const uint32_t *board_of_move, const seebatch_move *moves, size_t count, int32_t threshold,
    const seebatch_config *config, uint8_t *passed, seebatch_error *error)
{
    see_batch batch = {boards, board_of_move, moves, count, NULL, pins};
    seebatch_status status = check_pinned_batch(config, &batch, board_count, passed, error);
    if (status == SEEBATCH_OK)
        seebatch_see_ge_multi_pinned(boards, pins, board_count, board_of_move, moves, count,
                                     threshold, config, passed);
    return status;
}

/* ---- the engine path ---- */

/* Rules are valid when they are what seebatch_rules_init makes of a valid
 * configuration: its values and flags, and nothing for the king and the
 * codes past it (rules_of). */
static seebatch_status check_rules(const seebatch_rules *rules, seebatch_error *error)
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

/* Names the first square where a given bitboard differs from the right one. */
static seebatch_status check_pin_field(uint64_t given, uint64_t right, const char *field,
                                       unsigned color, seebatch_error *error)
{
    if (given == right)
        return seebatch_succeed(error);
    uint64_t wrong = given ^ right;
    unsigned square = (unsigned)__builtin_ctzll(wrong);
    char name[3];
    return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                         "pins: %s[%s] %s %s (seebatch_pins_compute gives 0x%016llx)", field,
                         seebatch_color_names[color],
                         (given >> square) & 1 ? "wrongly includes" : "lacks",
                         seebatch_square_name(square, name), (unsigned long long)right);
}

seebatch_status seebatch_check_pins(const seebatch_board *board, const seebatch_pins *pins,
                                    seebatch_error *error)
{
    if (!pins)
        return seebatch_succeed(error);
    seebatch_pins right;
    seebatch_pins_compute(board, &right);
    /* 0.1's pinners[X] held the sliders pinning X's pieces: an engine built
     * on it passes the two swapped, and the compiler cannot say so. */
    if (right.pinners[0] != right.pinners[1] && pins->pinners[0] == right.pinners[1] &&
        pins->pinners[1] == right.pinners[0] && pins->blockers[0] == right.blockers[0] &&
        pins->blockers[1] == right.blockers[1])
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "pins: pinners[white] and pinners[black] are swapped, as in 0.1's "
                             "convention (pinners[X]: the sliders pinning X's pieces); since 0.2 "
                             "pinners[X] holds X's own pinning sliders, as Stockfish's "
                             "StateInfo::pinners[X] (docs/engine.md, \"Upgrading from 0.1\")");
    for (unsigned color = 0; color < 2; color++) {
        seebatch_status status =
            check_pin_field(pins->blockers[color], right.blockers[color], "blockers", color, error);
        if (status == SEEBATCH_OK)
            status = check_pin_field(pins->pinners[color], right.pinners[color], "pinners", color,
                                     error);
        if (status != SEEBATCH_OK)
            return status;
    }
    return seebatch_succeed(error);
}

/* Everything an engine-path call relies on, for the moves of a one-board batch. */
static seebatch_status check_engine_call(const seebatch_rules *rules, const see_batch *batch,
                                         const seebatch_pins *pins, const void *output,
                                         seebatch_error *error)
{
    seebatch_status status = check_rules(rules, error);
    if (status != SEEBATCH_OK)
        return status;
    status = seebatch_check_moves_on_boards(batch, 1, false, output, error);
    if (status != SEEBATCH_OK)
        return status;
    return seebatch_check_pins(batch->boards, pins, error);
}

seebatch_status seebatch_engine_see_ge_checked(const seebatch_rules *rules,
                                               const seebatch_board *board,
                                               const seebatch_pins *pins, seebatch_move move,
                                               int32_t threshold, bool *passed,
                                               seebatch_error *error)
{
    see_batch batch = seebatch_one_board_batch(board, &move, 1, NULL);
    seebatch_status status = check_engine_call(rules, &batch, pins, passed, error);
    if (status == SEEBATCH_OK)
        *passed = seebatch_engine_see_ge(rules, board, pins, move, threshold);
    return status;
}

seebatch_status seebatch_engine_see_value_checked(const seebatch_rules *rules,
                                                  const seebatch_board *board,
                                                  const seebatch_pins *pins, seebatch_move move,
                                                  int32_t *value, seebatch_error *error)
{
    see_batch batch = seebatch_one_board_batch(board, &move, 1, NULL);
    seebatch_status status = check_engine_call(rules, &batch, pins, value, error);
    if (status == SEEBATCH_OK)
        *value = seebatch_engine_see_value(rules, board, pins, move);
    return status;
}

seebatch_status seebatch_engine_see_ge_each_checked(const seebatch_rules *rules,
                                                    const seebatch_board *board,
                                                    const seebatch_pins *pins,
                                                    const seebatch_move *moves, size_t count,
                                                    const int32_t *thresholds, uint8_t *passed,
                                                    seebatch_error *error)
{
    if (count > 0 && !thresholds)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "thresholds is NULL with count %zu",
                             count);
    see_batch batch = seebatch_one_board_batch(board, moves, count, NULL);
    seebatch_status status = check_engine_call(rules, &batch, pins, passed, error);
    if (status == SEEBATCH_OK)
        seebatch_engine_see_ge_each(rules, board, pins, moves, count, thresholds, passed);
    return status;
}
