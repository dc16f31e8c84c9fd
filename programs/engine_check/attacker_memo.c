/*
 * The attackers' memo (attacker_memo.h).
 */
#include "attacker_memo.h"

static unsigned slot_of(uint64_t squares_key, uint32_t rest_key)
{
    uint64_t mixed = (squares_key ^ rest_key) * 0x9e3779b97f4a7c15ull; /* Fibonacci hashing */
    return (unsigned)(mixed >> 58);                                     /* 6 bits: 64 slots */
}

void attacker_memo_clear(attacker_memo *memo) { memo->used = 0; }

int attacker_memo_find(const attacker_memo *memo, uint64_t squares_key, uint32_t rest_key,
                       int *squares)
{
    unsigned at = slot_of(squares_key, rest_key);
    const attacker_memo_slot *slot = &memo->slot[at];
    if (!((memo->used >> at) & 1) || slot->squares_key != squares_key ||
        slot->rest_key != rest_key)
        return -1;
    for (int i = 0; i < slot->count; i++)
        squares[i] = slot->squares[i];
    return slot->count;
}

void attacker_memo_keep(attacker_memo *memo, uint64_t squares_key, uint32_t rest_key,
                        const int *squares, int count)
{
    if (count > ATTACKER_MEMO_SQUARES)
        return; /* more than a board allows: not kept */
    unsigned at = slot_of(squares_key, rest_key);
    attacker_memo_slot *slot = &memo->slot[at];
    slot->squares_key = squares_key;
    slot->rest_key = rest_key;
    slot->count = (int8_t)count;
    for (int i = 0; i < count; i++)
        slot->squares[i] = (int8_t)squares[i];
    memo->used |= 1ull << at;
}
