/*
 * What an exchange holds, as flags: what a report of an engine's SEE counts
 * its differences by, since that is where SEEs go wrong. Read from a walk
 * of its own (exchange_walk.h), slow: for differences, not for every move.
 */
#ifndef SEEBATCH_EXCHANGE_FEATURES_H
#define SEEBATCH_EXCHANGE_FEATURES_H

#include "exchange_walk.h"
#include "seebatch.h"

enum {
    /* a slider joins when a piece in front of it leaves (the move's piece,
     * a capturer, a pawn taken en passant) */
    EXCHANGE_XRAY = 1 << 0,
    /* a piece that attacks `to` is a blocker of its own king with the pinner
     * on the board (rule 5's, whether or not the rules use pins) */
    EXCHANGE_PINNED = 1 << 1,
    /* the move promotes, or a pawn would promote capturing on `to` */
    EXCHANGE_PROMOTION = 1 << 2,
    EXCHANGE_EN_PASSANT = 1 << 3, /* the move is en passant */
    /* a king moves first, captures, or is held back by rule 4 */
    EXCHANGE_KING = 1 << 4,
    /* the best line stops while captures remain (rule 7, or rule 8's break) */
    EXCHANGE_EARLY_STOP = 1 << 5,
    EXCHANGE_FEATURE_COUNT = 6
};

/* The flag 1 << index's name, for reports: "x-ray", "pinned recapturer", ... */
const char *exchange_feature_name(int index);

/* The same as a word for JSON: "xray", "pinned", ... */
const char *exchange_feature_key(int index);

/* The flags of `move` of the position under `config` (its value and best
 * line; pins whatever the rules). Castling holds none. Thread-safe. */
unsigned exchange_features_at(walk_position *position, seebatch_move move,
                              const seebatch_config *config);

/* The same on a consistent board (the position made for this move alone). */
unsigned exchange_features(const seebatch_board *board, seebatch_move move,
                           const seebatch_config *config);

#endif
