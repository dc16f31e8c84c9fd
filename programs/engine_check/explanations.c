/*
 * The explanations of differences, written down (explanations.h).
 */
#include "explanations.h"

#include <stdio.h>
#include <string.h>

#include "rule_words.h"

enum { PROMOTION_RULES = SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY };

unsigned move_kind_index(seebatch_move move)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_NORMAL)
        return 0;
    if (kind == SEEBATCH_MOVE_EN_PASSANT)
        return 2;
    return kind == SEEBATCH_MOVE_CASTLING ? 3 : 1;
}

unsigned move_kind_bit(seebatch_move move) { return 1u << move_kind_index(move); }

static explanation *add(explanation_list *list, const char *name, unsigned kinds,
                        explanation_way way)
{
    if (list->count >= EXPLANATIONS_MAX)
        return NULL;
    explanation *e = &list->item[list->count++];
    memset(e, 0, sizeof *e);
    snprintf(e->name, sizeof e->name, "%s", name);
    e->kinds = kinds;
    e->way = way;
    e->whole = -1;
    return e;
}

/* A rule played: the library's value without faults, else walked. */
static void add_played(explanation_list *list, const char *name, unsigned kinds,
                       const seebatch_config *config, unsigned faults)
{
    explanation *e = add(list, name, kinds, faults ? EXPLAINED_BY_WALK : EXPLAINED_BY_LIBRARY);
    if (!e)
        return;
    e->rules = (exchange_rules){*config, faults, false, {0}};
    if (!faults)
        seebatch_rules_init(&e->prepared, config, NULL);
}

/* The rules with promotions, en passant and castling played. */
static seebatch_config played(const seebatch_config *config, uint32_t promotion_rule)
{
    seebatch_config c = *config;
    c.flags &= ~(uint32_t)SEEBATCH_NORMAL_MOVES_ONLY;
    c.flags = (c.flags & ~(uint32_t)PROMOTION_RULES) | promotion_rule;
    return c;
}

static void add_en_passant(explanation_list *list, const seebatch_config *config)
{
    bool scored_0 = config->flags & SEEBATCH_NORMAL_MOVES_ONLY;
    seebatch_config ep = played(config, config->flags & PROMOTION_RULES);
    add(list, "en passant passed unexamined (see_ge true at every threshold)", KIND_EN_PASSANT,
        EXPLAINED_PASSED);
    if (!scored_0)
        add(list, "en passant scored 0", KIND_EN_PASSANT, EXPLAINED_ZERO);
    if (scored_0)
        add_played(list, "en passant played (not scored 0)", KIND_EN_PASSANT, &ep, FAULT_NONE);
    add_played(list, exchange_fault_name(FAULT_EN_PASSANT_VICTIM_STAYS), KIND_EN_PASSANT, &ep,
               FAULT_EN_PASSANT_VICTIM_STAYS);
    add_played(list, exchange_fault_name(FAULT_EN_PASSANT_NO_VICTIM), KIND_EN_PASSANT, &ep,
               FAULT_EN_PASSANT_NO_VICTIM);
}

static void add_promotions(explanation_list *list, const seebatch_config *config)
{
    static const struct {
        uint32_t rule;
        const char *name;
    } rules[3] = {
        {0, "promotions played, the pawn a pawn throughout (as --promotions=none)"},
        {SEEBATCH_MOVE_PROMOTION_ONLY,
         "promotions played, the move's own promotion counted (as --promotions=move)"},
        {SEEBATCH_PROMOTIONS,
         "promotions played, every pawn reaching the last rank promoted (as --promotions=all)"}};
    bool scored_0 = config->flags & SEEBATCH_NORMAL_MOVES_ONLY;
    add(list, "promotions passed unexamined (see_ge true at every threshold)", KIND_PROMOTION,
        EXPLAINED_PASSED);
    if (!scored_0)
        add(list, "promotions scored 0", KIND_PROMOTION, EXPLAINED_ZERO);
    for (int i = 0; i < 3; i++)
        if (scored_0 || (config->flags & PROMOTION_RULES) != rules[i].rule) {
            seebatch_config c = played(config, rules[i].rule);
            add_played(list, rules[i].name, KIND_PROMOTION, &c, FAULT_NONE);
        }
}

/* A fault on every kind of move, but the promoted piece's risk, which the
 * walk takes only where the move's own promotion is counted (on other kinds
 * its walk is the rules' own); the prune in place of rule 8. */
static void add_faults(explanation_list *list, const seebatch_config *config)
{
    static const unsigned faults[] = {
        FAULT_SQUARE_ORDER_A8,  FAULT_KING_OFF_SQUARE,     FAULT_QUEEN_BEFORE_ROOK,
        FAULT_KING_INTO_ATTACK, FAULT_XRAY_MOVER_LINES,    FAULT_FROM_SQUARE_TOGGLED,
        FAULT_SWAP_PRUNED,      FAULT_STOPS_ONCE_AHEAD,    FAULT_NO_XRAY,
        FAULT_PROMOTED_RISKS_PAWN, FAULT_PINNED_ALONG_PIN};
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        seebatch_config c = *config;
        char name[EXPLANATION_NAME_MAX];
        snprintf(name, sizeof name, "%s", exchange_fault_name(faults[i]));
        if (faults[i] == FAULT_SWAP_PRUNED && (c.flags & SEEBATCH_STOP_WHEN_AHEAD)) {
            c.flags &= ~(uint32_t)SEEBATCH_STOP_WHEN_AHEAD;
            snprintf(name, sizeof name, "%s, in place of --stop-when-ahead",
                     exchange_fault_name(faults[i]));
        }
        unsigned kinds = faults[i] == FAULT_PROMOTED_RISKS_PAWN ? KIND_PROMOTION : KINDS_ALL;
        add_played(list, name, kinds, &c, faults[i]);
    }
}

/* chessprogramming.org's swap algorithm as written; the explanations
 * giving a part of it alone name it their whole. */
static void add_swap_algorithm(explanation_list *list, const seebatch_config *config)
{
    static const unsigned parts = FAULT_SWAP_PRUNED | FAULT_FROM_SQUARE_TOGGLED |
                                  FAULT_EN_PASSANT_VICTIM_STAYS | FAULT_KING_OFF_SQUARE;
    seebatch_config swap = {{0}, 0};
    memcpy(swap.values, config->values, sizeof swap.values);
    add_played(list,
               "promotions as chessprogramming.org's swap algorithm plays them (a pawn "
               "throughout, a pushed pawn toggled back in, pruned)",
               KIND_PROMOTION, &swap, parts);
    int whole = list->count;
    add_played(list,
               "chessprogramming.org's swap algorithm as written (its prune, a pushed pawn "
               "toggled back in, the en passant pawn left, no promotion, a king judged off its "
               "square)",
               KINDS_ALL, &swap, parts);
    for (int i = 0; i < whole; i++) {
        const explanation *e = &list->item[i];
        unsigned faults = e->rules.faults;
        if (e->way == EXPLAINED_BY_WALK && faults && !(faults & ~parts))
            list->item[i].whole = whole;
    }
}

void explanations_for(const seebatch_config *config, explanation_list *list)
{
    list->count = 0;
    rule_change changes[RULE_CHANGES_MAX];
    size_t count = rule_changes(config, changes);
    for (size_t i = 0; i < count; i++)
        add_played(list, changes[i].words, KINDS_ALL, &changes[i].config, FAULT_NONE);
    add(list, "castling passed unexamined (see_ge true at every threshold)", KIND_CASTLING,
        EXPLAINED_PASSED);
    add_en_passant(list, config);
    add_promotions(list, config);
    add_faults(list, config);
    add_swap_algorithm(list, config);
    add(list, "see_ge off by one (answers SEE > threshold)", KINDS_ALL, EXPLAINED_OFF_BY_ONE);
}

bool explanations_add_swap_values(explanation_list *list, const seebatch_config *config,
                                  const int32_t swap_values[5])
{
    static const char *const pieces[5] = {"pawn", "knight", "bishop", "rook", "queen"};
    char name[EXPLANATION_NAME_MAX] = "";
    for (int i = 0; i < 5; i++)
        if (swap_values[i] != config->values[i]) {
            size_t length = strlen(name);
            snprintf(name + length, sizeof name - length, "%sthe %s valued %d (%d as a victim)",
                     length ? " and " : "", pieces[i], (int)swap_values[i],
                     (int)config->values[i]);
        }
    if (!name[0])
        return false;
    size_t length = strlen(name);
    snprintf(name + length, sizeof name - length, " in the swap");
    explanation *e = add(list, name, KINDS_ALL, EXPLAINED_BY_WALK);
    if (!e)
        return false;
    e->rules = (exchange_rules){*config, FAULT_NONE, true, {0}};
    memcpy(e->rules.swap_values, swap_values, sizeof e->rules.swap_values);
    return true;
}

int32_t explanation_value_at(const explanation *e, walk_position *position, seebatch_move move,
                             int32_t value)
{
    if (!(e->kinds & move_kind_bit(move)))
        return value;
    switch (e->way) {
    case EXPLAINED_PASSED:
        return EXPLANATION_PASSED;
    case EXPLAINED_ZERO:
        return 0;
    case EXPLAINED_OFF_BY_ONE:
        return value - 1;
    case EXPLAINED_BY_LIBRARY:
        return seebatch_value(&e->prepared, position->board, NULL, move);
    default:
        return exchange_value_at(position, move, &e->rules);
    }
}

int32_t explanation_value(const explanation *e, const seebatch_board *board, seebatch_move move,
                          int32_t value)
{
    walk_position position;
    walk_position_init(&position, board);
    return explanation_value_at(e, &position, move, value);
}
