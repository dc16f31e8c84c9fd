/*
 * The differential check: every backend this machine runs, and optionally the
 * slow oracle, against the reference (seebatch_reference_backend) on the same batch, for exact
 * values and for threshold tests. A mismatch is printed with everything
 * needed to replay it (board, move, configuration, each backend's value) in
 * the regression-file form that differential_parse_case reads back.
 * Used by tests/test_differential.c and `seebatch check`.
 */
#ifndef SEEBATCH_DIFFERENTIAL_H
#define SEEBATCH_DIFFERENTIAL_H

#include <stdbool.h>
#include <stdio.h>

#include "tool_only.h"
#include "seebatch.h"
#include "seebatch_view.h"

enum { DIFFERENTIAL_MAX_BATCH = 256, DIFFERENTIAL_MAX_KERNELS = 8 };

typedef struct differential {
    /* Every runnable backend, the scalar one as each walk it may run
     * (seebatch_scalar_walks); the reference is not among them. */
    const see_backend *kernels[DIFFERENTIAL_MAX_KERNELS];
    size_t kernel_count;
    /* The walks among them, kernels[first_walk..first_walk + walk_count),
     * whose own calls (a node's, a threshold a move) are compared in turn,
     * whatever walk the plan takes here; walk_turn picks the next. */
    size_t first_walk, walk_count;
    unsigned long walk_turn;
    /* Every set of view exchanges this machine runs; found once, since
     * finding them asks the CPU, which a VM answers slowly. */
    const struct view_exchange_set *view_sets[2];
    size_t view_set_count;
    unsigned long boards_seen; /* picks the engine layout each board's views are read in */
    bool use_oracle;
    /* The configuration of the batch under comparison, for the oracle and the views. */
    const seebatch_config *config;
    FILE *report;               /* where mismatches are printed */
    unsigned long reports_left; /* mismatches still to print in full */
    unsigned long long lanes;   /* kernel evaluations compared (values and thresholds) */
    unsigned long long oracle_lanes;
    unsigned long long mismatches;
} differential;

/* Prepares a check of every runnable backend (and the oracle if use_oracle);
 * mismatches go to report, the first 20 in full. */
void differential_init(differential *check, bool use_oracle, FILE *report);

/* Compares one batch (at most DIFFERENTIAL_MAX_BATCH moves; one board or
 * many) and returns the mismatches it found. batch->rules are `config`
 * prepared (seebatch_rules_init): the kernels read them, the oracle and the
 * views the configuration. Preconditions as for the unchecked SEE
 * functions. */
unsigned long differential_compare(differential *check, const see_batch *batch,
                                   const seebatch_config *config);

/* The same on any number of moves of one board (count may be 0, moves then
 * NULL), in batches as large as differential_compare takes. */
unsigned long differential_compare_moves(differential *check, const seebatch_board *board,
                                         const seebatch_move *moves, size_t count,
                                         const seebatch_config *config);

/* The backends compared, as "avx2, oracle" (for summaries). */
void differential_describe(const differential *check, char *out, size_t size);

/*
 * One case of the regression file, a line
 *   BOARD;MOVE;KIND;P,N,B,R,Q;FLAGS
 * where BOARD is a FEN, or for boards FEN cannot write (two kings of a
 * colour) "bitboards " and the eight bitboards (pawn..king, white, black) in
 * hex separated by '/'; MOVE is UCI (from, to, promotion letter; castling as
 * the king taking its rook, e1h1) and KIND the move kind as a number
 * (SEEBATCH_MOVE_*), so nothing is inferred. Returns
 * false with a message for a malformed line or a case that breaks the SEE
 * preconditions.
 */
typedef struct differential_case {
    seebatch_board board;
    seebatch_move move;
    seebatch_config config;
} differential_case;

bool differential_parse_case(const char *line, differential_case *out, char *message, size_t size);

/* Writes a case in that form (for reports); returns out. */
const char *differential_format_case(const seebatch_board *board, seebatch_move move,
                                     const seebatch_config *config, char *out, size_t size);

#endif
