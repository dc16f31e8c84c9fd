/* The rules of `seebatch filter` (and of the training filter (seebatch_training.h)):
 * which training entries to drop. rule_options.h reads them from options. */
#ifndef SEEBATCH_FILTER_RULES_H
#define SEEBATCH_FILTER_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "filter_trainer.h"
#include "training/formats/training_entry.h"

/* Every rule is judged on every entry (no rule hides another), so an entry
 * counts under each rule it matches; docs/training-data.md defines each. */
typedef enum filter_rule {
    RULE_IN_CHECK,    /* the side to move is in check */
    RULE_CAPTURE,     /* the move takes a piece (en passant included) */
    RULE_SEE_GE,      /* the move takes a piece and its SEE is at least the threshold */
    RULE_PROMOTION,   /* the move promotes */
    RULE_CASTLING,    /* the move castles */
    RULE_VALUE_NONE,  /* the score is 32002, VALUE_NONE */
    RULE_PLACEHOLDER, /* a zero score standing in for a lost one (filter_trainer.h) */
    RULE_EARLY_PLY,   /* the ply is at most N */
    RULE_FILTERED,    /* nnue-pytorch's "filtered": a piece on the destination, or in check */
    RULE_SIMPLE_EVAL, /* |simple eval| below N */
    RULE_RANDOM,      /* a draw below N / (N + 1) */
    RULE_WLD,         /* a draw below 1 - the result's probability at the score */
    RULE_SOFT_EARLY,  /* ply below N and a draw below 1 - the schedule's keep chance */
    /* Of the entries no other rule drops, a draw below 1 - the piece count's keep chance. */
    RULE_PIECE_COUNT,
    RULE_COUNT
} filter_rule;

/* The rules that read the score, ply or result, which EPD lines lack. */
#define RULES_NEEDING_TRAINING_DATA                                                                \
    ((1u << RULE_VALUE_NONE) | (1u << RULE_PLACEHOLDER) | (1u << RULE_EARLY_PLY) |                 \
     (1u << RULE_WLD) | (1u << RULE_SOFT_EARLY))

/* The rules that draw, which --seed seeds. */
#define RULES_DRAWING                                                                              \
    ((1u << RULE_RANDOM) | (1u << RULE_WLD) | (1u << RULE_SOFT_EARLY) | (1u << RULE_PIECE_COUNT))

typedef struct filter_rules {
    unsigned active;       /* bit r: rule r is on */
    int32_t see_threshold; /* for RULE_SEE_GE */
    int32_t early_ply;     /* for RULE_EARLY_PLY: drop ply <= this */
    int32_t simple_eval;   /* for RULE_SIMPLE_EVAL: drop |eval| < this */
    int32_t random_skip;   /* for RULE_RANDOM: drop with probability N / (N + 1) */
    int32_t soft_early;    /* for RULE_SOFT_EARLY: plies below it may be dropped */
    double piece_weights[TRAINER_PIECE_COUNTS]; /* for RULE_PIECE_COUNT: target shares ... */
    double piece_weights_total;                 /* ... over their sum */
    uint64_t seed;                              /* for the random rules */
    bool seed_given;                            /* --seed was given */
    seebatch_rules see;                         /* for RULE_SEE_GE: the configuration, prepared */
} filter_rules;

/* The rules an entry matches, as bits 1 << rule (0: the entry is kept).
 * *history is what the rules know of the entries before this one in the
 * stream (filter_history_start() before the first); it is moved past the
 * entry (the placeholder's part whether or not that rule is on; the
 * piece-count rule's when the entry reaches it: it is judged last, only on
 * entries no other active rule matches, as it ends nnue-pytorch's
 * predicate). */
unsigned seebatch_matching_rules(const filter_rules *rules, filter_history *history,
                                 const training_entry *entry);

/* The same, with the SEE rule's answer for the entry's move given (*see_ge:
 * whether its SEE is at least the threshold, judged beforehand with the
 * moves of other entries in lanes) when see_ge is not NULL; it is read only
 * for a capture while RULE_SEE_GE is on. */
unsigned seebatch_matching_rules_see_known(const filter_rules *rules, filter_history *history,
                                           const training_entry *entry, const bool *see_ge);

/* The same for entries[0, count) in order, into matched[i] (see_ge, when
 * not NULL, holds one answer per entry): what matching_rules_see_known
 * gives them one after another, *history moved past them all. */
void seebatch_matching_rules_block(const filter_rules *rules, filter_history *history,
                                   const training_entry *entries, size_t count, const bool *see_ge,
                                   unsigned *matched);

/* Entries whose captures the SEE rule judges together, in one call. */
enum { FILTER_SEE_GROUP = 256 };

/* The captures of a group of entries, gathered for the SEE rule where the
 * entries' boards are (capture_list_put, the caller counting them) and
 * judged in one many-board call on the backend in use
 * (seebatch_judge_captures): the one way the rules call
 * seebatch_values_ge, for entries given whole and for a chunk's briefs.
 * Capture k is moves[k] played on boards[board_of_move[k]]. */
enum { FILTER_CAPTURES_MAX = 512 };
typedef struct capture_list {
    seebatch_move moves[FILTER_CAPTURES_MAX];
    uint32_t board_of_move[FILTER_CAPTURES_MAX];
} capture_list;

static inline void capture_list_put(capture_list *list, size_t k, uint32_t board,
                                    seebatch_move move)
{
    list->moves[k] = move;
    list->board_of_move[k] = board;
}

/* passed[k] != 0 when capture k's SEE is at least the rules' threshold,
 * for the list's first `captures` captures on boards[0, board_count). */
static inline void seebatch_judge_captures(const filter_rules *rules, const seebatch_board *boards,
                                           size_t board_count, const capture_list *list,
                                           size_t captures, uint8_t *passed)
{
    seebatch_batch batch = {boards, board_count, NULL, list->board_of_move, list->moves, captures};
    seebatch_values_ge(&rules->see, &batch, rules->see_threshold, NULL, passed);
}

/* The one driver of the rules, the tool's (`seebatch filter`) and the
 * training filter's (seebatch_training.h, so Python's) alike: what
 * matching_rules gives entries[0, count) one after another, into matched[i],
 * *history moved past them all; the SEE rule's captures are judged
 * FILTER_SEE_GROUP entries at a time in one many-board seebatch_values_ge
 * call, on the backend in use (seebatch_backend_set chooses it). */
void seebatch_judge_entries(const filter_rules *rules, filter_history *history,
                            const training_entry *entries, size_t count, unsigned *matched);

/* The rules judged from the side to move's check and the move alone (no
 * rule here reads the score, the ply, the pieces or earlier entries), each
 * of which drops only an entry in check or whose move takes, promotes,
 * castles or is en passant. */
#define RULES_OF_BOARD                                                                             \
    ((1u << RULE_IN_CHECK) | (1u << RULE_CAPTURE) | (1u << RULE_SEE_GE) | (1u << RULE_PROMOTION) | \
     (1u << RULE_CASTLING) | (1u << RULE_FILTERED))

/* What matching_rules gives an entry when only RULES_OF_BOARD are active,
 * from the facts: whether the side to move is in check, whether the move
 * takes a piece, and for a capture while RULE_SEE_GE is on whether its SEE
 * is at least the threshold (read only then). */
unsigned seebatch_matching_board_rules(const filter_rules *rules, bool in_check, bool captures,
                                       seebatch_move move, bool see_ge);

/* Per rule, the entries it matched and the entries it alone matched (that
 * no other active rule matched: they would be kept without it). */
typedef struct rule_counts {
    uint64_t matched[RULE_COUNT];
    uint64_t alone[RULE_COUNT];
} rule_counts;

/* Adds the matches of `times` entries that matched the same rules to *counts. */
static inline void count_matches_times(rule_counts *counts, unsigned matched, uint64_t times)
{
    if (matched && (matched & (matched - 1)) == 0)
        counts->alone[__builtin_ctz(matched)] += times;
    for (; matched; matched &= matched - 1)
        counts->matched[__builtin_ctz(matched)] += times;
}

/* Adds an entry's matches to *counts. */
static inline void count_matches(rule_counts *counts, unsigned matched)
{
    count_matches_times(counts, matched, 1);
}

#endif
