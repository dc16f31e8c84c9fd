/*
 * Whether an engine's answers could be any SEE's at all: the check's guard
 * against a false pass. A SEE that never reads the board (answering 1 when
 * the threshold is at most 0, say) agrees with the reference under piece
 * values of 0 on every move; no engine means such rules, so they fail the
 * check with their reason rather than pass it. Judged on the piece values
 * read first (piece_values_read), the answers the rule finder saw, and one
 * ask of its own:
 *   - every piece's value read: not 1 (or 0) at every threshold;
 *   - the answers monotone in the threshold (no 1 above a 0);
 *   - answers that depend on the board: the same move on five boards that
 *     differ in the piece it takes (pawn to queen) not all valued alike;
 *   - each piece value above 0;
 *   - in order: the pawn below every other piece, the knight and the
 *     bishop below the rook, the rook below the queen (the knight and the
 *     bishop in either order, or equal). Every engine of design.md's table
 *     ("The rules engines use", eleven engines) keeps this order with room
 *     to spare: its closest pair is Berserk's bishop and rook, 565 and 705;
 *   - the same answer when asked again: moves of real positions asked at
 *     their value under the rules and one above (or their value), then all
 *     again in the reverse order, each question after another one than the
 *     first time.
 */
#ifndef SEEBATCH_SEE_SOUNDNESS_H
#define SEEBATCH_SEE_SOUNDNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check_status.h"
#include "engine_see.h"
#include "engine_values.h"
#include "seebatch.h"

typedef enum soundness_fault {
    SEE_SOUND,
    SEE_VALUE_UNREAD,        /* a piece's capture answered alike at every threshold */
    SEE_NOT_MONOTONE,        /* 0 at a threshold, 1 at a higher one */
    SEE_BOARD_BLIND,         /* the five captures valued alike */
    SEE_VALUE_NOT_POSITIVE,  /* a piece worth 0 or less */
    SEE_VALUES_OUT_OF_ORDER, /* the order above broken */
    SEE_ANSWERS_CHANGE       /* a question answered otherwise when asked again */
} soundness_fault;

enum { SOUNDNESS_REASON_MAX = SEEBATCH_FEN_MAX + 400 };

typedef struct see_soundness {
    soundness_fault fault;             /* the first found, in the order above */
    char reason[SOUNDNESS_REASON_MAX]; /* "" when sound; else one sentence, no line end */
    uint64_t questions;                /* asked again to see the answers hold */
} see_soundness;

typedef struct soundness_settings {
    const engine_see *engine;
    const piece_values *pieces;   /* read before */
    const char *not_monotone;     /* answers not monotone the rule finder met, or NULL/"" */
    seebatch_config config;       /* the rules found or given: the thresholds asked again */
    const seebatch_board *boards; /* real positions (any valid boards) */
    size_t board_count;
    size_t repeat_moves; /* moves asked again; 0: 1,000 */
} soundness_settings;

/* Judges the engine. CHECK_ENGINE_FAILED: why says how. */
check_status see_soundness_judge(const soundness_settings *settings, see_soundness *out,
                                 see_failure *why);

#endif
