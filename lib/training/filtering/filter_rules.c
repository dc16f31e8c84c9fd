#include "filter_rules.h"

#include "training/formats/chain_coding_choice.h"
#include "training/formats/chain_moves.h"

/* The rules read from the move, given whether it takes a piece and, for a
 * capture while the SEE rule is on, whether its SEE reaches the threshold. */
static inline unsigned rules_of_move(unsigned active, seebatch_move move, bool captures,
                                     bool see_ge)
{
    unsigned matched = 0, kind = seebatch_move_kind(move);
    if (captures) {
        matched |= active & (1u << RULE_CAPTURE);
        /* nnue-pytorch's capture test looks for a piece on the destination,
         * which an en passant move never has. */
        if (kind != SEEBATCH_MOVE_EN_PASSANT)
            matched |= active & (1u << RULE_FILTERED);
        if (see_ge)
            matched |= active & (1u << RULE_SEE_GE);
    }
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN)
        matched |= active & (1u << RULE_PROMOTION);
    if (kind == SEEBATCH_MOVE_CASTLING)
        matched |= active & (1u << RULE_CASTLING);
    return matched;
}

/* The rules read from the move, judged only when one of them is on. */
static unsigned seebatch_move_rules(const filter_rules *rules, const training_entry *entry,
                                    const bool *see_ge)
{
    bool captures = move_captures(&entry->board, entry->move);
    bool see = captures && (rules->active & (1u << RULE_SEE_GE)) &&
               (see_ge ? *see_ge
                       : seebatch_value_ge(&rules->see, &entry->board, NULL, entry->move,
                                           rules->see_threshold));
    return rules_of_move(rules->active, entry->move, captures, see);
}

unsigned seebatch_matching_board_rules(const filter_rules *rules, bool in_check, bool captures,
                                       seebatch_move move, bool see_ge)
{
    unsigned check = rules->active & ((1u << RULE_IN_CHECK) | (1u << RULE_FILTERED));
    return (in_check ? check : 0u) | rules_of_move(rules->active, move, captures, see_ge);
}

/* The random rules: a draw per rule and entry. */
static unsigned seebatch_random_rules(const filter_rules *rules, const training_entry *entry)
{
    unsigned matched = 0;
    if (rules->active & (1u << RULE_RANDOM)) {
        double skip = (double)rules->random_skip / ((double)rules->random_skip + 1);
        if (seebatch_trainer_draw(rules->seed, TRAINER_DRAW_RANDOM, entry) < skip)
            matched |= 1u << RULE_RANDOM;
    }
    if ((rules->active & (1u << RULE_WLD)) &&
        seebatch_trainer_draw(rules->seed, TRAINER_DRAW_WLD, entry) <
            1.0 - seebatch_trainer_result_probability(entry))
        matched |= 1u << RULE_WLD;
    if ((rules->active & (1u << RULE_SOFT_EARLY)) && (int32_t)entry->ply < rules->soft_early &&
        seebatch_trainer_draw(rules->seed, TRAINER_DRAW_SOFT_EARLY, entry) <
            1.0 - seebatch_trainer_soft_early_keep(rules->soft_early, entry->ply))
        matched |= 1u << RULE_SOFT_EARLY;
    return matched;
}

/* Rule by rule over the block, each test in a loop of its own: a block's
 * entries share the rules, so the tests on `active` are made once a block
 * rather than once an entry, and the loops carry no call. */
void seebatch_matching_rules_block(const filter_rules *rules, filter_history *history,
                                   const training_entry *entries, size_t count, const bool *see_ge,
                                   unsigned *matched)
{
    unsigned active = rules->active;
    unsigned placeholder = active & (1u << RULE_PLACEHOLDER);
    for (size_t i = 0; i < count; i++)
        matched[i] = trainer_placeholder_step(history, &entries[i]) ? placeholder : 0;
    if (!active)
        return;
    unsigned check = active & ((1u << RULE_IN_CHECK) | (1u << RULE_FILTERED));
    if (check)
        for (size_t i = 0; i < count; i++)
            matched[i] |= seebatch_side_in_check(&entries[i].board) ? check : 0;
    if (active & ((1u << RULE_CAPTURE) | (1u << RULE_SEE_GE) | (1u << RULE_PROMOTION) |
                  (1u << RULE_CASTLING) | (1u << RULE_FILTERED)))
        for (size_t i = 0; i < count; i++)
            matched[i] |= seebatch_move_rules(rules, &entries[i], see_ge ? &see_ge[i] : NULL);
    if (active & (1u << RULE_VALUE_NONE))
        for (size_t i = 0; i < count; i++)
            matched[i] |= entries[i].score == TRAINER_VALUE_NONE ? 1u << RULE_VALUE_NONE : 0;
    if (active & (1u << RULE_EARLY_PLY))
        for (size_t i = 0; i < count; i++)
            matched[i] |= (int32_t)entries[i].ply <= rules->early_ply ? 1u << RULE_EARLY_PLY : 0;
    const chain_coding *coding = seebatch_chain_coding_here();
    if (active & (1u << RULE_SIMPLE_EVAL))
        for (size_t i = 0; i < count; i++) {
            int32_t eval = seebatch_trainer_simple_eval(coding, &entries[i].board);
            if ((eval < 0 ? -eval : eval) < rules->simple_eval)
                matched[i] |= 1u << RULE_SIMPLE_EVAL;
        }
    if (active & ((1u << RULE_RANDOM) | (1u << RULE_WLD) | (1u << RULE_SOFT_EARLY)))
        for (size_t i = 0; i < count; i++)
            matched[i] |= seebatch_random_rules(rules, &entries[i]);
    /* Last, in entry order: it counts the entries no other rule matched. */
    if (active & (1u << RULE_PIECE_COUNT))
        for (size_t i = 0; i < count; i++)
            if (!matched[i] &&
                seebatch_trainer_draw(rules->seed, TRAINER_DRAW_PIECE_COUNT, &entries[i]) <
                    1.0 - seebatch_trainer_piece_count_keep(
                              &history->piece_counts, rules->piece_weights,
                              rules->piece_weights_total, &entries[i].board))
                matched[i] |= 1u << RULE_PIECE_COUNT;
}

unsigned seebatch_matching_rules_see_known(const filter_rules *rules, filter_history *history,
                                           const training_entry *entry, const bool *see_ge)
{
    unsigned matched;
    seebatch_matching_rules_block(rules, history, entry, 1, see_ge, &matched);
    return matched;
}

unsigned seebatch_matching_rules(const filter_rules *rules, filter_history *history,
                                 const training_entry *entry)
{
    return seebatch_matching_rules_see_known(rules, history, entry, NULL);
}

_Static_assert((int)FILTER_SEE_GROUP <= (int)FILTER_CAPTURES_MAX,
               "a group's captures fit in a capture_list");

/* The SEE rule's answers for entries[0, count) (count <= FILTER_SEE_GROUP):
 * the captures are gathered and judged in one many-board call, in the lanes
 * of the backend in use, rather than one by one on the single-move path. */
static void seebatch_judge_see_in_lanes(const filter_rules *rules, const training_entry *entries,
                                        size_t count, bool *see_ge)
{
    seebatch_board boards[FILTER_SEE_GROUP];
    capture_list list;
    uint8_t passed[FILTER_SEE_GROUP];
    uint16_t where[FILTER_SEE_GROUP];
    size_t captures = 0;
    for (size_t i = 0; i < count; i++) {
        see_ge[i] = false;
        if (!move_captures(&entries[i].board, entries[i].move))
            continue;
        where[captures] = (uint16_t)i;
        boards[captures] = entries[i].board;
        capture_list_put(&list, captures, (uint32_t)captures, entries[i].move);
        captures++;
    }
    seebatch_judge_captures(rules, boards, captures, &list, captures, passed);
    for (size_t k = 0; k < captures; k++)
        see_ge[where[k]] = passed[k] != 0;
}

void seebatch_judge_entries(const filter_rules *rules, filter_history *history,
                            const training_entry *entries, size_t count, unsigned *matched)
{
    bool lanes = (rules->active & (1u << RULE_SEE_GE)) != 0;
    bool see_ge[FILTER_SEE_GROUP];
    for (size_t at = 0; at < count; at += FILTER_SEE_GROUP) {
        size_t group = count - at < FILTER_SEE_GROUP ? count - at : FILTER_SEE_GROUP;
        if (lanes)
            seebatch_judge_see_in_lanes(rules, entries + at, group, see_ge);
        seebatch_matching_rules_block(rules, history, entries + at, group, lanes ? see_ge : NULL,
                                      matched + at);
    }
}
