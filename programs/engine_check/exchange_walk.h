/*
 * One exchange walked capture by capture as a swap list, on the plain board
 * (plain_board.h), recording what happens on the way: what exchange_features
 * reads, and the value an SEE with one classic fault would give (x-rays
 * missing, a king capturing into attack, the queen tried before the rook,
 * an en passant victim left on its square or looked for on the
 * destination, the exchange broken off as soon as the side that has just
 * captured is ahead, or the swap list pruned as chessprogramming.org's swap
 * algorithm prunes it: cut before a capture when the side to make it is
 * behind whether it captures or not, which keeps the sign of the value and
 * not the value). Slow and plain, for the check of an engine's SEE: only its
 * differences are walked. Without a fault the value is the contract's
 * (include/seebatch.h), which the tests hold it to.
 */
#ifndef SEEBATCH_SLOW_EXCHANGE_WALK_H
#define SEEBATCH_SLOW_EXCHANGE_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "seebatch.h"

typedef enum exchange_fault {
    FAULT_NONE,
    FAULT_NO_XRAY,                 /* a slider behind a piece that has left never joins */
    FAULT_KING_INTO_ATTACK,        /* rule 4 ignored: a king captures whatever defends */
    FAULT_QUEEN_BEFORE_ROOK,       /* rule 2's order with the queen before the rook */
    FAULT_EN_PASSANT_VICTIM_STAYS, /* the pawn taken en passant still blocks its square */
    FAULT_EN_PASSANT_NO_VICTIM,    /* the victim looked for on the destination: nothing taken */
    FAULT_STOPS_ONCE_AHEAD,        /* broken off once the side that captured is ahead at all */
    FAULT_SWAP_PRUNED,             /* the swap list's prune, which keeps the sign alone */
    FAULT_COUNT
} exchange_fault;

/* "x-rays missing", ...: how a report names a fault. */
const char *exchange_fault_name(exchange_fault fault);

/* What a walk saw. Squares are bit sets (bit s: square s). */
typedef struct exchange_record {
    int32_t value;            /* the SEE under the configuration and the fault */
    uint64_t first_attackers; /* the pieces attacking `to` before the move, both sides */
    uint64_t attackers;       /* every piece that attacked `to` at some moment after it */
    int captures;             /* the captures after the move, played to the end */
    int best_line;            /* of them, those the best line plays */
    bool promotes;            /* a pawn promoted arriving on `to` (the move too) */
    bool walked;              /* false: castling, which has no exchange */
} exchange_record;

/* Walks `move` on a consistent board under `config`, with a fault or none.
 * Captures are played to the end (rule 8 then only cuts the line the value
 * reads), so the record says what the exchange holds whoever stops. */
void exchange_walk(const seebatch_board *board, seebatch_move move, const seebatch_config *config,
                   exchange_fault fault, exchange_record *record);

/* The value alone. */
int32_t exchange_value(const seebatch_board *board, seebatch_move move,
                       const seebatch_config *config, exchange_fault fault);

#endif
