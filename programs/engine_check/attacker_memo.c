/*
 * The attackers' memo (attacker_memo.h).
 */
#include "attacker_memo.h"

static unsigned slot_of(const attacker_key *key)
{
    uint64_t mixed = (key->board ^ (key->sight >> 1) ^ key->rest) * 0x9e3779b97f4a7c15ull;
    return (unsigned)(mixed >> 58); /* Fibonacci hashing: 6 bits, 64 slots */
}

static int same_key(const attacker_key *a, const attacker_key *b)
{
    return a->board == b->board && a->sight == b->sight && a->rest == b->rest;
}

void attacker_memo_clear(attacker_memo *memo) { memo->used = 0; }

int attacker_memo_find(const attacker_memo *memo, const attacker_key *key, int *squares)
{
    unsigned at = slot_of(key);
    const attacker_memo_slot *slot = &memo->slot[at];
    if (!((memo->used >> at) & 1) || !same_key(&slot->key, key))
        return -1;
    for (int i = 0; i < slot->count; i++)
        squares[i] = slot->squares[i];
    return slot->count;
}

void attacker_memo_keep(attacker_memo *memo, const attacker_key *key, const int *squares,
                        int count)
{
    if (count > ATTACKER_MEMO_SQUARES)
        return; /* more than a board allows: not kept */
    unsigned at = slot_of(key);
    attacker_memo_slot *slot = &memo->slot[at];
    slot->key = *key;
    slot->count = (int8_t)count;
    for (int i = 0; i < count; i++)
        slot->squares[i] = (int8_t)squares[i];
    memo->used |= 1ull << at;
}
