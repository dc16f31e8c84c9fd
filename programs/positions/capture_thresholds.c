/* The thresholds an engine's search asks (capture_thresholds.h). */
#include "capture_thresholds.h"

#include "random.h"

const int32_t capture_threshold_stockfish_values[5] = {208, 781, 825, 1276, 2538};

int32_t capture_threshold(const seebatch_board *board, seebatch_move move, size_t index,
                          const int32_t values[5])
{
    if (index % 2 == 1)
        return 0;
    unsigned to = seebatch_move_to(move);
    int64_t victim = 0;
    for (int type = 0; type < 5; type++)
        if ((board->pieces[type] >> to) & 1)
            victim = values[type];
    if (seebatch_move_kind(move) == SEEBATCH_MOVE_EN_PASSANT)
        victim = values[SEEBATCH_PAWN];
    uint64_t state = index;
    int64_t history = (int64_t)(random_next(&state) % 6001) - 3000;
    history = history * values[SEEBATCH_PAWN] / capture_threshold_stockfish_values[SEEBATCH_PAWN];
    return (int32_t)(-(7 * victim + history) / 18);
}
