/*
 * Attackers found, kept by the key they were found under: a small
 * direct-mapped memo, a slot a key, the last one found in a slot kept. The
 * exchange walks of one position (exchange_walk.h) meet the same boards
 * again and again (every explanation's walk of a move plays the reference's
 * captures until its fault acts; three in four of a suite's searches for
 * attackers repeat one); what a key means, and why it says all the search
 * reads, is exchange_walk.c's. Inline: the walks ask it ten million times a
 * suite.
 */
#ifndef SEEBATCH_ATTACKER_MEMO_H
#define SEEBATCH_ATTACKER_MEMO_H

#include <stdint.h>

enum { ATTACKER_MEMO_SLOTS = 64, ATTACKER_MEMO_SQUARES = 16 };

typedef struct attacker_key {
    uint64_t board, sight; /* two sets of squares */
    uint32_t rest;         /* and the rest */
} attacker_key;

typedef struct attacker_memo_slot {
    attacker_key key;
    int8_t count;
    int8_t squares[ATTACKER_MEMO_SQUARES];
} attacker_memo_slot;

typedef struct attacker_memo {
    uint64_t used; /* bit i: slot i holds a key */
    attacker_memo_slot slot[ATTACKER_MEMO_SLOTS];
} attacker_memo;

static inline unsigned attacker_memo_slot_of(const attacker_key *key)
{
    uint64_t mixed = (key->board ^ (key->sight >> 1) ^ key->rest) * 0x9e3779b97f4a7c15ull;
    return (unsigned)(mixed >> 58); /* Fibonacci hashing: 6 bits, 64 slots */
}

/* Nothing kept. */
static inline void attacker_memo_clear(attacker_memo *memo) { memo->used = 0; }

/* The squares kept under `key`, into `squares`: their count, or -1 when
 * nothing is kept under it. */
static inline int attacker_memo_find(const attacker_memo *memo, const attacker_key *key,
                                     int *squares)
{
    unsigned at = attacker_memo_slot_of(key);
    if (!((memo->used >> at) & 1))
        return -1; /* a slot never kept is not read: its bytes are unset */
    const attacker_memo_slot *slot = &memo->slot[at];
    if (slot->key.board != key->board || slot->key.sight != key->sight ||
        slot->key.rest != key->rest)
        return -1;
    for (int i = 0; i < slot->count; i++)
        squares[i] = slot->squares[i];
    return slot->count;
}

/* Keeps `count` squares (at most ATTACKER_MEMO_SQUARES) under `key`, in
 * place of what its slot held. */
static inline void attacker_memo_keep(attacker_memo *memo, const attacker_key *key,
                                      const int *squares, int count)
{
    if (count > ATTACKER_MEMO_SQUARES)
        return; /* more than a board allows: not kept */
    unsigned at = attacker_memo_slot_of(key);
    attacker_memo_slot *slot = &memo->slot[at];
    slot->key = *key;
    slot->count = (int8_t)count;
    for (int i = 0; i < count; i++)
        slot->squares[i] = (int8_t)squares[i];
    memo->used |= 1ull << at;
}

#endif
