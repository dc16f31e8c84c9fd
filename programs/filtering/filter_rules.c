#include "filter_rules.h"

#include "chain_moves.h"

/* The rules read from the move, judged only when one of them is on. */
static unsigned move_rules(const filter_rules *rules, const training_entry *entry)
{
    unsigned active = rules->active, matched = 0;
    seebatch_move move = entry->move;
    unsigned kind = seebatch_move_kind(move);
    if (seebatch_move_captures(&entry->board, move)) {
        matched |= active & (1u << RULE_CAPTURE);
        /* nnue-pytorch's capture test looks for a piece on the destination,
         * which an en passant move never has. */
        if (kind != SEEBATCH_MOVE_EN_PASSANT)
            matched |= active & (1u << RULE_FILTERED);
        if ((active & (1u << RULE_SEE_GE)) &&
            seebatch_engine_see_ge(&rules->see, &entry->board, NULL, move, rules->see_threshold))
            matched |= 1u << RULE_SEE_GE;
    }
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN)
        matched |= active & (1u << RULE_PROMOTION);
    if (kind == SEEBATCH_MOVE_CASTLING)
        matched |= active & (1u << RULE_CASTLING);
    return matched;
}

/* The random rules: a draw per rule and entry. */
static unsigned random_rules(const filter_rules *rules, const training_entry *entry)
{
    unsigned matched = 0;
    if (rules->active & (1u << RULE_RANDOM)) {
        double skip = (double)rules->random_skip / ((double)rules->random_skip + 1);
        if (trainer_draw(rules->seed, TRAINER_DRAW_RANDOM, entry) < skip)
            matched |= 1u << RULE_RANDOM;
    }
    if ((rules->active & (1u << RULE_WLD)) && trainer_draw(rules->seed, TRAINER_DRAW_WLD, entry) <
                                                  1.0 - trainer_result_probability(entry))
        matched |= 1u << RULE_WLD;
    if ((rules->active & (1u << RULE_SOFT_EARLY)) && (int32_t)entry->ply < rules->soft_early &&
        trainer_draw(rules->seed, TRAINER_DRAW_SOFT_EARLY, entry) <
            1.0 - trainer_soft_early_keep(rules->soft_early, entry->ply))
        matched |= 1u << RULE_SOFT_EARLY;
    return matched;
}

unsigned matching_rules(const filter_rules *rules, filter_history *history,
                        const training_entry *entry)
{
    unsigned active = rules->active, matched = 0;
    if (trainer_placeholder_step(history, entry))
        matched |= active & (1u << RULE_PLACEHOLDER);
    if (!active)
        return 0;
    if ((active & ((1u << RULE_IN_CHECK) | (1u << RULE_FILTERED))) &&
        seebatch_side_in_check(&entry->board))
        matched |= active & ((1u << RULE_IN_CHECK) | (1u << RULE_FILTERED));
    if (active & ((1u << RULE_CAPTURE) | (1u << RULE_SEE_GE) | (1u << RULE_PROMOTION) |
                  (1u << RULE_CASTLING) | (1u << RULE_FILTERED)))
        matched |= move_rules(rules, entry);
    if (entry->score == TRAINER_VALUE_NONE)
        matched |= active & (1u << RULE_VALUE_NONE);
    if ((int32_t)entry->ply <= rules->early_ply)
        matched |= active & (1u << RULE_EARLY_PLY);
    if (active & (1u << RULE_SIMPLE_EVAL)) {
        int32_t eval = trainer_simple_eval(&entry->board);
        if ((eval < 0 ? -eval : eval) < rules->simple_eval)
            matched |= 1u << RULE_SIMPLE_EVAL;
    }
    if (active & ((1u << RULE_RANDOM) | (1u << RULE_WLD) | (1u << RULE_SOFT_EARLY)))
        matched |= random_rules(rules, entry);
    if ((active & (1u << RULE_PIECE_COUNT)) && !matched &&
        trainer_draw(rules->seed, TRAINER_DRAW_PIECE_COUNT, entry) <
            1.0 - trainer_piece_count_keep(&history->piece_counts, rules->piece_weights,
                                           rules->piece_weights_total, &entry->board))
        matched |= 1u << RULE_PIECE_COUNT;
    return matched;
}
