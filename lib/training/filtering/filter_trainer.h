/*
 * The skip rules of nnue-pytorch's training-data loader, entry by entry:
 * the placeholder-zero heuristic (which looks at earlier entries), the
 * material count it calls simple eval, the win probability behind its
 * score/result filter, and seeded random draws that depend on nothing but
 * the seed, the rule and the entry. docs/training-data.md gives each
 * definition and where in nnue-pytorch it comes from.
 */
#ifndef SEEBATCH_FILTER_TRAINER_H
#define SEEBATCH_FILTER_TRAINER_H

#include <stdbool.h>
#include <stdint.h>

#include "training/formats/training_entry.h"

/* Stockfish's VALUE_NONE: a score that marks an entry to be skipped. */
enum { TRAINER_VALUE_NONE = 32002, TRAINER_NO_PLY = -1 };

/* The piece counts a board can have that the piece-count rule weighs: 0..32. */
enum { TRAINER_PIECE_COUNTS = 33 };

/* What the piece-count rule has seen of the entries that reached it (the
 * entries no other active rule dropped), as nnue-pytorch keeps it: how
 * many had each piece count (halved every 10,000 entries), their sum, the
 * scale of the keep chances, and how many reached it. */
typedef struct piece_count_history {
    double seen[TRAINER_PIECE_COUNTS];
    double seen_total;
    double alpha;
    uint64_t steps;
} piece_count_history;

/* What the rules that look at earlier entries remember of them. The
 * placeholder rule: the previous entry's ply, and the last score that was
 * neither VALUE_NONE nor itself a placeholder zero; it follows every
 * entry, whichever rules are on. The piece-count rule: its history. */
typedef struct filter_history {
    int32_t last_ply;   /* TRAINER_NO_PLY before the first entry */
    int32_t last_score; /* TRAINER_VALUE_NONE before the first valid score */
    piece_count_history piece_counts;
} filter_history;

/* The history before the first entry of a stream. */
static inline filter_history filter_history_start(void)
{
    filter_history history = {TRAINER_NO_PLY, TRAINER_VALUE_NONE, {{0}, 0, 1.0, 0}};
    return history;
}

/* Whether an earlier score makes a zero after it look like a placeholder:
 * a valid score above 100 in magnitude. */
static inline bool trainer_large_score(int32_t last_score)
{
    return last_score != TRAINER_VALUE_NONE && (last_score > 100 || last_score < -100);
}

/* Whether the entry is a placeholder zero after *history (score 0, a game
 * not drawn, the ply above the previous entry's, the last valid score
 * large), then moves *history past the entry. */
static inline bool trainer_placeholder_step(filter_history *history, const training_entry *entry)
{
    bool placeholder = entry->score == 0 && entry->result != 0 &&
                       (int32_t)entry->ply > history->last_ply &&
                       trainer_large_score(history->last_score);
    history->last_ply = entry->ply;
    /* A skipped score (VALUE_NONE, or a placeholder) says nothing about
     * the game, so the zero after it is judged against the one before. */
    if (entry->score != TRAINER_VALUE_NONE && !placeholder)
        history->last_score = entry->score;
    return placeholder;
}

/* nnue-pytorch's simple eval: material with pawn 208, knight 781, bishop
 * 825, rook 1276, queen 2538, white minus black, negated when black is to
 * move, kept in 16 bits as nnue-pytorch keeps it; counted by that copy of
 * the coding (chain_coding.h: seebatch_chain_coding_here for this CPU). */
struct chain_coding;
int32_t seebatch_trainer_simple_eval(const struct chain_coding *coding,
                                     const seebatch_board *board);

/* The probability the win-rate model gives the entry's result at its score
 * and ply (win, loss or draw as the result says). */
double seebatch_trainer_result_probability(const training_entry *entry);

/* soft_early_fen_skipping's chance to keep an entry of ply < until: the
 * line through (0, 0.1), (6, 0.15), (10, 0.25), (18, 0.75) and (until, 1)
 * (nnue-pytorch's default points), read in that order, clamped to [0, 1]. */
double seebatch_trainer_soft_early_keep(int32_t until, uint32_t ply);

/* The piece-count rule's target weights, weights[pc] for pc = 0..32:
 * nnue-pytorch's cubic Hermite spline through (0, 0), (8, 0.4), (16, 1),
 * (24, 1), (32, 0.75) (its default points), at least 0. Returns their sum
 * (all 1 and 33 if that sum is not positive). */
double seebatch_trainer_piece_weights(double weights[TRAINER_PIECE_COUNTS]);

/* Counts the board's pieces in *history (an entry reaching the rule) and
 * returns the chance the rule keeps it; 0 for more than 32 pieces (not
 * counted), as nnue-pytorch skips those. */
double seebatch_trainer_piece_count_keep(piece_count_history *history,
                                         const double weights[TRAINER_PIECE_COUNTS],
                                         double weights_total, const seebatch_board *board);

/* The rule numbers the draws hash (docs/training-data.md): fixed, so that
 * a seed keeps its meaning whatever the filter's own numbering. */
enum {
    TRAINER_DRAW_RANDOM = 10,
    TRAINER_DRAW_WLD = 11,
    TRAINER_DRAW_SOFT_EARLY = 12,
    TRAINER_DRAW_PIECE_COUNT = 13
};

/* A uniform draw in [0, 1) for one rule and entry: a hash of the seed, the
 * rule's number and every field of the entry, so the same entry gets the
 * same draw in any order, on any thread, in either file format. */
double seebatch_trainer_draw(uint64_t seed, unsigned rule, const training_entry *entry);

#endif
