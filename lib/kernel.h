/*
 * The one internal signature every SEE kernel implements. The public entry
 * points (lib/see/see_api.c) describe a call as a see_batch and hand it to the
 * kernel chosen by lib/auto/dispatch.c; a kernel never checks preconditions. What
 * a CPU must run for each kernel is the registry's (lib/auto/implementations.c).
 */
#ifndef SEEBATCH_KERNEL_H
#define SEEBATCH_KERNEL_H

#include <stdbool.h>
#include <stddef.h>

#include "board/attacks.h" /* seebatch_tables_ready */
#include "seebatch.h"

typedef struct see_batch {
    const seebatch_board *boards;
    const uint32_t *board_of_move; /* NULL: every move is on boards[0] */
    const seebatch_move *moves;
    size_t count;
    /* The configuration prepared once, at the public entry point (on its
     * stack) or by the caller's seebatch_rules_init: kernels read it as is. */
    const seebatch_rules *rules;
    /* NULL: each board's pins are worked out where a move needs them; else
     * pins[b] are boards[b]'s, as seebatch_pins_compute gives them. */
    const seebatch_pins *pins;
} see_batch;

typedef struct see_backend {
    const char *name;
    void (*values)(const see_batch *batch, int32_t *values);
    void (*see_ge)(const see_batch *batch, int32_t threshold, uint8_t *passed);
    /* Batches shorter than this go to the scalar kernel when this kernel is
     * in use: below it a lane group costs more than evaluating the moves one
     * by one (measured with bench/, batch_length). 0: no such limit. The
     * kernel itself still handles every length; the differential harness
     * calls it directly on lengths 0..64. */
    size_t shortest_useful_batch;
    /* The checked calls' yes-or-no test of a many-board batch, in this
     * kernel's instructions: whether every board index is below board_count
     * (> 0), every board a move names is consistent and every move fits its
     * board (validity.h). It may also say no for a bad board no move names;
     * the checks that name faults then find the batch sound, as it is.
     * NULL: seebatch_batch_sound_portable. */
    bool (*batch_sound)(const see_batch *batch, size_t board_count);
    /* Its exchange is lanes and masks, not a walk with a branch at each
     * capture: repeating work teaches the branch predictor less of it (its
     * loops' exits and paths only), and auto's trial of it on such work
     * needs no subset of the cycle first (auto/learner.c). */
    bool branch_free;
} see_backend;

/* passed[i] = SEE of moves[i] >= thresholds[i], a threshold a move (a
 * node's captures: seebatch_values_ge with thresholds). */
typedef void see_ge_each_fn(const see_batch *batch, const int32_t *thresholds, uint8_t *passed);

/* batch_sound for any CPU (lib/see/sound_batches.c). */
bool seebatch_batch_sound_portable(const see_batch *batch, size_t board_count);
/* batch_sound looking at the named boards only, each once per run of moves
 * on it: for a few moves of many boards. */
bool seebatch_named_boards_sound(const see_batch *batch, size_t board_count);
#if SEEBATCH_HAVE_AVX2
/* batch_sound four moves at a time (lib/avx2/sound_batches_avx2.c). */
bool seebatch_batch_sound_avx2(const see_batch *batch, size_t board_count);
#endif

/* The reference: the contract played out one capture at a time, in plain C
 * (lib/scalar/see_scalar.c). Never chosen to run a call: every kernel, the
 * scalar backend's walks too, is held to it by the differential harness. */
extern const see_backend seebatch_reference_backend;

/* The scalar backend: the batch walk, with the attack lookups this CPU runs
 * best (lib/scalar/scalar_backend.c). */
extern const see_backend seebatch_scalar_backend;

/* The scalar backend's threshold test a threshold a move: its walk's
 * (lib/scalar/scalar_backend.c). */
see_ge_each_fn seebatch_scalar_see_ge_each;

/* Every walk the scalar backend may run that this machine runs, portable
 * first (for the differential check, which compares each; at most 2). */
size_t seebatch_scalar_walks(const see_backend **out);

/* A public batch call as the scalar backend serves it, with one of those
 * walks whatever walk this CPU's plan takes (for the differential check,
 * which holds each walk's every call to the reference): thresholds NULL,
 * seebatch_values (a node's by the walk's node walk, on one board); else
 * seebatch_values_ge with a threshold a move (a node's on one board, the
 * walk's threshold a move on many), into passed. */
void seebatch_scalar_walk_serve(const see_backend *walk, const seebatch_rules *rules,
                                const seebatch_batch *batch, const int32_t *thresholds,
                                int32_t *values, uint8_t *passed);
#if SEEBATCH_HAVE_AVX2
extern const see_backend seebatch_avx2_backend;
#endif
#if SEEBATCH_HAVE_AVX512
extern const see_backend seebatch_avx512_backend;
#endif

static inline const seebatch_board *board_of(const see_batch *batch, size_t i)
{
    return batch->board_of_move ? &batch->boards[batch->board_of_move[i]] : batch->boards;
}

/* The given pins of one of the batch's boards, or NULL when none are given. */
static inline const seebatch_pins *given_pins_of(const see_batch *batch,
                                                 const seebatch_board *board)
{
    return batch->pins ? &batch->pins[board - batch->boards] : NULL;
}

/* From the public calls to a kernel. */

/* Prepares a configuration already known to be valid (seebatch_rules_init,
 * config.c, checks it first). */
static inline void rules_of(const seebatch_config *config, seebatch_rules *rules)
{
    seebatch_tables_ready(); /* nothing in the library; the engine pair fills its own */
    for (int type = 0; type < 8; type++)
        rules->value[type] = type < SEEBATCH_KING ? config->values[type] : 0;
    rules->flags = config->flags;
}

/* Whether a configuration is valid (seebatch_rules_init's check: NULL, then
 * the values and flags below), naming what is wrong (config.c). */
seebatch_status seebatch_config_check(const seebatch_config *config, seebatch_error *error);

/* Whether the values of pawn..queen and the flags are those of a valid
 * configuration, with seebatch_config_check's errors and messages: the
 * check of a configuration and of prepared rules (see_checked.c) alike
 * (config.c). */
seebatch_status seebatch_values_validate(const int32_t *values, uint32_t flags,
                                         seebatch_error *error);

/* A public batch under prepared rules, in the kernels' form; board_count
 * stays behind (kernels never read it: the check proves every index below
 * it first). */
static inline see_batch seebatch_kernel_batch(const seebatch_rules *rules,
                                              const seebatch_batch *batch)
{
    return (see_batch){batch->boards, batch->board_of_move, batch->moves, batch->count,
                       rules,         batch->pins};
}

#endif
