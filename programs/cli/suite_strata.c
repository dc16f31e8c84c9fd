/*
 * The strata of seebatch suite (suite_strata.h).
 */
#include "suite_strata.h"

#include <stdlib.h>
#include <string.h>

#include "exchange_features.h"

void suite_strata_init(suite_strata *strata, const seebatch_config *config)
{
    memset(strata, 0, sizeof *strata);
    strata->config = *config;
    explanations_for(config, &strata->explanations);
}

void suite_strata_free(suite_strata *strata)
{
    free(strata->keys);
    free(strata->ids);
    strata->keys = NULL;
    strata->ids = NULL;
}

/* Normal 0, en passant 1, castling 2; a promotion 3 + its piece (knight 0
 * to queen 3) + 4 when it captures. (Normal captures split by their piece
 * found fewer differences of the engines measured: the strata only shrank.) */
static unsigned kind_of(const seebatch_board *board, seebatch_move move)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_NORMAL)
        return 0;
    if (kind == SEEBATCH_MOVE_EN_PASSANT)
        return 1;
    if (kind == SEEBATCH_MOVE_CASTLING)
        return 2;
    uint64_t enemies = board->colors[board->side_to_move ^ 1];
    unsigned captures = (enemies >> seebatch_move_to(move)) & 1;
    return 3 + (kind - SEEBATCH_MOVE_PROMOTE_KNIGHT) + 4 * captures;
}

static uint64_t mixed(uint64_t hash, uint64_t word)
{
    return (hash ^ word) * 0x100000001b3ull; /* FNV-1a's prime, a word at a time */
}

/* The move's pattern: its kind; for each explanation, 0 when it keeps the
 * value, else one more than the first explanation giving the same value (so
 * which change it and which of them agree: the class of a difference whose
 * answer one of them gives); what its exchange holds (the class of one
 * that none gives, and an explanation's class split by where engines go
 * wrong). Hashed, never 0 (the free slot): two patterns of the 317 to 541
 * the real positions hold under the engines' rules colliding in 64 bits
 * would only merge two strata. */
static uint64_t pattern(const suite_strata *strata, walk_position *position, seebatch_move move,
                        int32_t value, unsigned features)
{
    const explanation_list *list = &strata->explanations;
    int32_t values[EXPLANATIONS_MAX];
    uint64_t hash = mixed(0xcbf29ce484222325ull, kind_of(position->board, move));
    hash = mixed(hash, features);
    for (int i = 0; i < list->count; i++) {
        values[i] = explanation_value_at(&list->item[i], position, move, value);
        int first = 0;
        while (values[first] != values[i])
            first++;
        hash = mixed(hash, values[i] != value ? (uint64_t)first + 1 : 0);
    }
    return hash ? hash : 1;
}

static bool grow(suite_strata *strata)
{
    size_t room = strata->room ? 2 * strata->room : 1024;
    uint64_t *keys = calloc(room, sizeof *keys);
    uint32_t *ids = malloc(room * sizeof *ids);
    if (!keys || !ids) {
        free(keys);
        free(ids);
        return false;
    }
    for (size_t i = 0; i < strata->room; i++) {
        if (!strata->keys[i])
            continue;
        size_t at = strata->keys[i] & (room - 1);
        while (keys[at])
            at = (at + 1) & (room - 1);
        keys[at] = strata->keys[i];
        ids[at] = strata->ids[i];
    }
    suite_strata_free(strata);
    strata->keys = keys;
    strata->ids = ids;
    strata->room = room;
    return true;
}

bool suite_stratum(suite_strata *strata, walk_position *position, seebatch_move move, int32_t value,
                   uint32_t *stratum, unsigned *features)
{
    if (2 * (strata->count + 1) > strata->room && !grow(strata))
        return false;
    *features = exchange_features_at(position, move, &strata->config);
    uint64_t key = pattern(strata, position, move, value, *features);
    size_t at = key & (strata->room - 1);
    while (strata->keys[at] && strata->keys[at] != key)
        at = (at + 1) & (strata->room - 1);
    if (!strata->keys[at]) {
        strata->keys[at] = key;
        strata->ids[at] = (uint32_t)strata->count++;
    }
    *stratum = strata->ids[at];
    return true;
}
