/*
 * The baseline the engine path is compared with: Stockfish's
 * Position::see_ge as Stockfish runs it (current master, x86-64-bmi2 build),
 * on what it reads of a position: a mailbox of piece codes for the two
 * lookups of the early exits, bitboards by type and colour, the side to
 * move and the pins its StateInfo keeps. It lives in bench/ only: it is the row a user
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

/* A board as Stockfish's see_ge reads it, and nothing more: Position's
 * mailbox (board[64], a Piece a byte), byTypeBB (ALL_PIECES, then pawn ..
 * king: the seven entries the walk reads; Stockfish's eighth is never set),
 * byColorBB and side to move, and StateInfo's blockersForKing and pinners
 * (seebatch_pins' layout is theirs). 176 bytes a board (BASELINE_BOARD_BYTES),
 * so that a data set of them streams what the walk needs. Stockfish's own
 * Position (1,056 bytes, its StateInfo 192 more, behind a pointer) carries
 * what its search needs besides: streamed, that layout, not the walk, sets
 * the time (docs/benchmarks.md, "The baseline"); bench/stockfish/calibrate.sh
 * times the real one. */
typedef struct baseline_position {
    uint8_t board[64];
    uint64_t by_type[7];
    uint64_t by_color[2];
    seebatch_pins pins;
    uint8_t side_to_move;
} baseline_position;

/* What a data set of baseline positions streams a board. */
#define BASELINE_BOARD_BYTES ((unsigned)sizeof(baseline_position))

/* The position of a board. pins: the board's, or NULL for none (for rules
 * without SEEBATCH_PINS: no pinner then ever holds a piece back). */
void baseline_position_set(baseline_position *position, const seebatch_board *board,
                           const seebatch_pins *pins);

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
