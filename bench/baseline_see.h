/*
 * The baseline the engine path is compared with: Stockfish's
 * Position::see_ge as Stockfish runs it (current master, x86-64-bmi2 build),
 * on a position held as Stockfish holds one: a mailbox of piece codes for
 * the two lookups of the early exits, bitboards by type and colour, and the
 * pins its StateInfo keeps. It lives in bench/ only: it is the row a user
 * reads as "the SEE my engine has", never library code. How close it is to
 * the real function is measured by bench/stockfish/calibrate.sh
 * (docs/benchmarks.md, "The baseline").
 */
#ifndef SEEBATCH_BENCH_BASELINE_SEE_H
#define SEEBATCH_BENCH_BASELINE_SEE_H

#include <stdbool.h>
#include <stdint.h>

#include "seebatch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Stockfish's piece codes: 0 for an empty square, W_PAWN = 1 .. W_KING = 6,
 * B_PAWN = 9 .. B_KING = 14 (colour in bit 3). */
enum { BASELINE_PIECE_CODES = 16 };

/* Stockfish's StateInfo (current master, 192 bytes) with what see_ge reads
 * where it lies: blockersForKing[2] and pinners[2] at byte 88, in
 * seebatch_pins' layout (which is StateInfo's). The rest (keys,
 * counters, check squares) is never read here; it is kept for the size, so
 * an array of them fills the caches as Stockfish's do. */
typedef struct baseline_state {
    uint64_t before_pins[11];
    seebatch_pins pins;
    uint64_t after_pins[9];
} baseline_state;

/* Stockfish's Position (current master, 1056 bytes) with what see_ge reads
 * at Stockfish's offsets: the mailbox (Piece is one byte) at 0, byTypeBB
 * (ALL_PIECES first, then pawn .. king) at 64, byColorBB at 128, the
 * StateInfo pointer at 608, the side to move at 620. The rest (piece counts,
 * castling data, the scratch move record) is never read here: it is kept for
 * the size, so that positions fill the caches as Stockfish's do: a compact
 * position misses the caches less and times faster than Stockfish's own. */
typedef struct baseline_position {
    uint8_t board[64];
    uint64_t by_type[8];
    uint64_t by_color[2];
    uint8_t unread_counts_and_castling[608 - 144];
    const baseline_state *st;
    int32_t game_ply;
    uint8_t side_to_move;
    uint8_t unread_rest[1056 - 621];
} baseline_position;

/* The position and state of a board; the position's st points at state.
 * pins: the board's, or NULL for none (for rules without SEEBATCH_PINS: no
 * pinner then ever holds a piece back). */
void baseline_position_set(baseline_position *position, baseline_state *state,
                           const seebatch_board *board, const seebatch_pins *pins);

/* Values by piece code (Stockfish's PieceValue), and whether special moves
 * score 0 (Stockfish's rule). */
typedef struct baseline_values {
    int32_t of_code[BASELINE_PIECE_CODES];
    bool normal_moves_only;
} baseline_values;

/* The values of a configuration. */
baseline_values baseline_values_of(const seebatch_config *config);

/* The view rules for Stockfish's piece codes (for the view rows beside the
 * baseline): types of codes 0 .. 15. */
extern const int8_t baseline_type_of_code[BASELINE_PIECE_CODES];

/* SEE(move) >= threshold, for a legal move of the side to move. Agrees with
 * seebatch_value_ge on every configuration without a promotion rule or
 * SEEBATCH_STOP_WHEN_AHEAD (seebatch_passes --check-baseline checks it on
 * the real positions). */
typedef bool baseline_see_fn(const baseline_position *position, seebatch_move move,
                             int32_t threshold, const baseline_values *values);

/* Slider attacks by magic multiplication: any CPU. */
baseline_see_fn baseline_see_ge;
/* Slider attacks as Stockfish 15.1's x86-64-bmi2 build looks them up (pext). */
baseline_see_fn baseline_see_ge_pext;
/* Slider attacks as current master's x86-64-bmi2 build looks them up (it
 * has AVX2 too): dual hyperbola quintessence. */
baseline_see_fn baseline_see_ge_hq;

typedef enum baseline_kind { BASELINE_MAGIC, BASELINE_PEXT, BASELINE_HQ } baseline_kind;

/* The baseline to run: master's (hq) where the CPU has AVX2 and BMI2, else
 * magic; SEEBATCH_BASELINE=magic|pext|hq chooses another this CPU runs.
 * Prepares its tables: call it before the first baseline call. */
baseline_kind baseline_choose(void);
const char *baseline_kind_name(baseline_kind kind);

/* The chosen baseline, called directly (the switch is predicted: one kind
 * per run), so the call costs what a call to Stockfish's see_ge costs. */
static inline bool baseline_see(baseline_kind kind, const baseline_position *position,
                                seebatch_move move, int32_t threshold,
                                const baseline_values *values)
{
    switch (kind) {
    case BASELINE_HQ:
        return baseline_see_ge_hq(position, move, threshold, values);
    case BASELINE_PEXT:
        return baseline_see_ge_pext(position, move, threshold, values);
    default:
        return baseline_see_ge(position, move, threshold, values);
    }
}

#ifdef __cplusplus
}
#endif

#endif
