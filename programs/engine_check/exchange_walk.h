/*
 * One exchange walked capture by capture as a swap list, on the plain board
 * (plain_board.h), recording what happens on the way: what exchange_features
 * reads, and the value an SEE with classic faults and real engines' choices
 * would give. Faults combine (a bit each): x-rays missing, a king capturing
 * into attack, the queen tried before the rook, an en passant victim left on
 * its square or looked for on the destination, the exchange broken off as
 * soon as the side that has just captured is ahead, the swap list pruned as
 * chessprogramming.org's swap algorithm prunes it (cut before a capture when
 * the side to make it is behind whether it captures or not, which keeps the
 * sign of the value and not the value), the same-type capturer taken a8
 * first, x-rays looked for only along the lines of the piece that left, rule
 * 4 judged with the king off its square, a quiet move's piece toggled
 * back in among its side's attackers, a promoted piece risking the pawn too,
 * a pinned piece capturing along its pin; and pieces may be worth one thing as
 * victims and another once on the destination (exchange_rules). Slow and
 * plain, for the check of an engine's SEE: only its differences and a
 * sample are walked. Without a fault the value is the contract's
 * (include/seebatch.h), which the tests hold it to.
 */
#ifndef SEEBATCH_SLOW_EXCHANGE_WALK_H
#define SEEBATCH_SLOW_EXCHANGE_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "attacker_memo.h"
#include "plain_board.h"
#include "seebatch.h"

typedef enum exchange_fault {
    FAULT_NONE = 0,
    FAULT_NO_XRAY = 1 << 0,                 /* a slider behind a piece that has left never joins */
    FAULT_KING_INTO_ATTACK = 1 << 1,        /* rule 4 ignored: a king captures whatever defends */
    FAULT_QUEEN_BEFORE_ROOK = 1 << 2,       /* rule 2's order with the queen before the rook */
    FAULT_EN_PASSANT_VICTIM_STAYS = 1 << 3, /* the pawn taken en passant still blocks its square */
    FAULT_EN_PASSANT_NO_VICTIM = 1 << 4, /* the victim looked for on the destination: nothing taken */
    FAULT_STOPS_ONCE_AHEAD = 1 << 5,     /* broken off once the side that captured is ahead at all */
    FAULT_SWAP_PRUNED = 1 << 6,          /* the swap list's prune, which keeps the sign alone */
    /* Rule 2's tie-break counted from a8, as engines whose square 0 is a8
     * scan: the highest rank first, file a first within it. */
    FAULT_SQUARE_ORDER_A8 = 1 << 7,
    /* After a piece leaves (the move's piece, a capturer) only the lines it
     * moves along are looked down again: a pawn or bishop the diagonals, a
     * rook the rank and file, a queen both, a knight or king none. A pawn's
     * push, or a pawn taken en passant, leaves its file shut until a rook
     * or queen captures. */
    FAULT_XRAY_MOVER_LINES = 1 << 8,
    /* Rule 4 judged with the king off its square: a slider behind the king
     * on its line to the destination counts as a defender. */
    FAULT_KING_OFF_SQUARE = 1 << 9,
    /* chessprogramming.org's `attadef ^= fromSet` after a quiet pawn move:
     * the pawn, still on its square in the piece sets, is toggled into the
     * attackers and recaptures as a pawn of the side that moved; taking
     * part puts its square back into the occupancy. */
    FAULT_FROM_SQUARE_TOGGLED = 1 << 10,
    /* A promotion's piece, once on `to`, risks itself and the pawn: the
     * pawn counted lost twice (Reckless's worst case). */
    FAULT_PROMOTED_RISKS_PAWN = 1 << 11,
    /* Rule 5, but a pinned piece may capture along its pin, away from or
     * towards its king (Reckless). */
    FAULT_PINNED_ALONG_PIN = 1 << 12,
    FAULT_KINDS = 13 /* the faults above, one bit each */
} exchange_fault;

/* "x-rays missing", ...: how a report names one fault (one bit). */
const char *exchange_fault_name(unsigned fault);

/* What an exchange is walked under: the configuration (its values are the
 * victims'), faults, and, when swap_priced, the values pieces have once they
 * stand on `to` (the move's piece and every capturer: what a capture there
 * risks), an engine's second table. */
typedef struct exchange_rules {
    seebatch_config config;
    unsigned faults; /* exchange_fault bits */
    bool swap_priced;
    int32_t swap_values[5]; /* pawn to queen */
} exchange_rules;

enum { EXCHANGE_STEPS_MAX = 64 };

/* One move of the line an exchange plays: the move itself (step 0), then
 * each capture on `to`, the sides taking turns. */
typedef struct exchange_step {
    int8_t from;      /* the square it is made from */
    int8_t mover;     /* the type moving, SEEBATCH_PAWN..SEEBATCH_KING */
    int8_t taken;     /* the type taken, or -1: nothing (a quiet move) */
    int8_t promoted;  /* the type it becomes on `to` (a promotion the rules count), or -1 */
    int8_t held;      /* a piece of its side passed over as pinned (rule 5): its square, or -1 */
    int8_t held_type; /* and its type */
    int32_t balance;  /* the first mover's material after it */
} exchange_step;

/* Why the captures the value reads end where they do. */
typedef enum exchange_end {
    END_NO_CAPTURE, /* the side to move attacks `to` no more */
    END_PINNED,     /* its attackers are all pinned (rule 5): end_square, the first passed over */
    END_KING_HELD,  /* its capture is its king's, into attack (rule 4): end_square, the king */
    END_KING_TAKES, /* a king captured: nothing follows (rule 4) */
    END_KING_FIRST, /* a king made the move: it is never taken (rule 4) */
    END_BROKEN_OFF, /* rule 8's break-off (--stop-when-ahead) after the last capture counted */
    END_FAULT_CUT,  /* the fault's own cut (broken off once ahead, the swap list's prune) */
    END_NOT_PLAYED  /* castling, or a special move scored 0 by --normal-moves-only */
} exchange_end;

/* The line a walk plays, as the swap list an engine author prints: every
 * capture to the end, whoever stops, and where the best line stops. The
 * best line is the move and the first best_line captures (the record's);
 * the last balance of the best line is the value (0 when not played). */
typedef struct exchange_line {
    seebatch_move move;
    int to;
    int mover_color; /* SEEBATCH_WHITE or SEEBATCH_BLACK: step 0's side */
    unsigned cut_fault; /* END_FAULT_CUT: the fault whose cut it is (its bit) */
    int32_t values[6];  /* by type, what a piece on `to` risks (swap-priced when so; king 0) */
    int step_count;           /* 1 + the captures played; 0 for castling */
    int counted;              /* the captures the value reads: to a break-off, else all */
    exchange_end end;         /* why the counted captures end */
    int end_square, end_type; /* END_PINNED, END_KING_HELD: the piece held back; else -1 */
    /* When the best line stops before `counted` (a side declines): the
     * first mover's balance at the end if that side went on, both then
     * playing their best. */
    int32_t going_on;
    /* Last, the record's bulk: a walk for its value alone leaves it unset
     * (exchange_walk.c). */
    exchange_step steps[EXCHANGE_STEPS_MAX];
} exchange_line;

/* What a walk saw. Squares are bit sets (bit s: square s). */
typedef struct exchange_record {
    int32_t value;            /* the SEE under the rules walked */
    uint64_t first_attackers; /* the pieces attacking `to` before the move, both sides */
    uint64_t attackers;       /* every piece that attacked `to` at some moment after it */
    int captures;             /* the captures after the move, played to the end */
    int best_line;            /* of them, those the best line plays */
    bool promotes;            /* a pawn promoted arriving on `to` (the move too) */
    bool walked;              /* false: castling, which has no exchange */
    exchange_line line;       /* the captures themselves (last) */
} exchange_record;

/* A position made ready for walks: its board as the plain board and rule
 * 5's pins of both sides found there, once; and the attackers its walks
 * have found (a memo: the walks change nothing else). One made a position
 * serves every walk of its moves and exchange_features (a suite walks each
 * move's explanations, a check each difference's), in one thread. */
typedef struct walk_position {
    const seebatch_board *board; /* the caller's: it outlives the position */
    plain_board plain;           /* the board before any move */
    plain_pins pins;             /* plain_pins_find on `plain` */
    attacker_memo memo;          /* the walks' own (exchange_walk.c) */
} walk_position;

/* Makes `position` ready for the moves of a consistent `board`. */
void walk_position_init(walk_position *position, const seebatch_board *board);

/* Walks `move` of the position under `rules`. Captures are played to the
 * end (rule 8 then only cuts the line the value reads), so the record says
 * what the exchange holds whoever stops. */
void exchange_walk_at(walk_position *position, seebatch_move move, const exchange_rules *rules,
                      exchange_record *record);

/* The value alone (the record's attackers not looked for: faster). */
int32_t exchange_value_at(walk_position *position, seebatch_move move, const exchange_rules *rules);

/* The calls below, on a board: each makes the position and walks once (a
 * caller walking a board's moves more than once makes it itself). */

/* Walks `move` on a consistent board under `rules` (exchange_walk_at). */
void exchange_walk_rules(const seebatch_board *board, seebatch_move move,
                         const exchange_rules *rules, exchange_record *record);

/* The same under `config` and `fault` (exchange_fault bits), pieces worth
 * their config values throughout. */
void exchange_walk(const seebatch_board *board, seebatch_move move, const seebatch_config *config,
                   unsigned fault, exchange_record *record);

/* The values alone (the record's attackers not looked for: faster). */
int32_t exchange_value_rules(const seebatch_board *board, seebatch_move move,
                             const exchange_rules *rules);
int32_t exchange_value(const seebatch_board *board, seebatch_move move,
                       const seebatch_config *config, unsigned fault);

#endif
