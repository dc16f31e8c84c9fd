/* seebatch_count_work (seebatch_training.h): what a training file holds,
 * counted on the runner's workers portion by portion, then settled in file
 * order: a portion's first entry is counted as a game's first until the
 * entry before it is known, and plain's chains (the chains binpack would
 * store) run from entry to entry. */
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_writer.h" /* seebatch_binpack_continues, BINPACK_CHAIN_MAX */
#include "training/formats/chain_moves.h"    /* move_captures, seebatch_side_in_check */
#include "seebatch_training.h"
#include "training/formats/training_entry.h"

enum { VALUE_NONE = 32002 };

/* The upper ends of the ranges of scores (after VALUE_NONE's) and plies. */
static const int score_upper[] = {-1000, -300, -101, -1, 0, 100, 299, 999};
static const int ply_upper[] = {9, 19, 39, 79, 159, 319};
enum { SCORE_RANGES = 10, PLY_RANGES = 7 };

/* A portion's counts, its first entry taken as a game's first. */
typedef struct count_portion {
    seebatch_counts counts;
    bool any;
    training_entry first, last;
} count_portion;

/* What the count carries from portion to portion (seebatch_counts.carry). */
typedef struct count_carry {
    bool any;
    training_entry last;   /* the last entry delivered */
    unsigned chain_length; /* plain: entries after the stem of the chain binpack would store */
} count_carry;

_Static_assert(sizeof(count_carry) <= sizeof(((seebatch_counts *)0)->carry),
               "seebatch_counts.carry holds a count_carry");

static int seebatch_white_result(const training_entry *entry)
{
    return entry->board.side_to_move == SEEBATCH_WHITE ? entry->result : -entry->result;
}

static int seebatch_score_range(int score)
{
    if (score == VALUE_NONE)
        return 0;
    int range = 1;
    while (range < SCORE_RANGES - 1 && score > score_upper[range - 1])
        range++;
    return range;
}

static int seebatch_ply_range(unsigned ply)
{
    int range = 0;
    while (range < PLY_RANGES - 1 && (int)ply > ply_upper[range])
        range++;
    return range;
}

/* Counts a game's first entry under its result seen from white, by times
 * (-1: one taken back). */
static void seebatch_count_game(seebatch_counts *counts, int white, int64_t times)
{
    counts->games += (uint64_t)times;
    uint64_t *result = white > 0   ? &counts->games_won_by_white
                       : white < 0 ? &counts->games_won_by_black
                                   : &counts->games_drawn;
    *result += (uint64_t)times;
}

/* Counts one entry; previous is the entry before it, NULL for none known. */
static void seebatch_count_entry(seebatch_counts *counts, const training_entry *entry,
                                 const training_entry *previous)
{
    int white = seebatch_white_result(entry);
    if (!previous || entry->ply <= previous->ply || white != seebatch_white_result(previous))
        seebatch_count_game(counts, white, 1);
    counts->entries++;
    *(entry->result > 0   ? &counts->side_to_move_won
      : entry->result < 0 ? &counts->side_to_move_lost
                          : &counts->side_to_move_drew) += 1;
    unsigned kind = seebatch_move_kind(entry->move);
    counts->captures += move_captures(&entry->board, entry->move);
    counts->en_passant += kind == SEEBATCH_MOVE_EN_PASSANT;
    counts->promotions +=
        kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
    counts->castlings += kind == SEEBATCH_MOVE_CASTLING;
    counts->checks += seebatch_side_in_check(&entry->board);
    counts->scores[seebatch_score_range(entry->score)]++;
    counts->plies[seebatch_ply_range(entry->ply)]++;
}

static void *seebatch_count_portion_new(void *context)
{
    (void)context;
    return calloc(1, sizeof(count_portion));
}

static void seebatch_count_portion_free(void *context, void *state)
{
    (void)context;
    free(state);
}

static void seebatch_count_block(void *context, const seebatch_portion *portion)
{
    (void)context;
    count_portion *mine = portion->state;
    if (portion->begins)
        memset(mine, 0, sizeof *mine);
    if (!portion->entries) /* lines: no training data */
        return;
    for (size_t i = 0; i < portion->count; i++) {
        const training_entry *previous = i           ? &portion->entries[i - 1]
                                         : mine->any ? &mine->last
                                                     : NULL;
        seebatch_count_entry(&mine->counts, &portion->entries[i], previous);
    }
    if (portion->count) {
        if (!mine->any)
            mine->first = portion->entries[0];
        mine->last = portion->entries[portion->count - 1];
        mine->any = true;
    }
}

static void seebatch_add_counts(seebatch_counts *sum, const seebatch_counts *more)
{
    const uint64_t *from = &more->entries;
    uint64_t *to = &sum->entries;
    for (size_t i = 0; i < offsetof(seebatch_counts, carry) / sizeof(uint64_t); i++)
        to[i] += from[i];
}

/* Plain's and bin's chains, as binpack's writer would store the entries:
 * an entry joins the chain of the one before when it is that entry after
 * its move, while the chain holds fewer than BINPACK_CHAIN_MAX after its
 * stem. */
static uint64_t seebatch_count_chains(const training_entry *entries, size_t count,
                                      count_carry *carry)
{
    uint64_t chains = 0;
    for (size_t i = 0; i < count; i++) {
        const training_entry *before = i ? &entries[i - 1] : carry->any ? &carry->last : NULL;
        bool joins = carry->chain_length < BINPACK_CHAIN_MAX && before &&
                     seebatch_binpack_continues(before, &entries[i]);
        carry->chain_length = joins ? carry->chain_length + 1 : 0;
        chains += !joins;
    }
    return chains;
}

static int seebatch_count_deliver(void *context, const seebatch_portion *portion)
{
    seebatch_counts *counts = context;
    const count_portion *mine = portion->state;
    count_carry carry;
    memcpy(&carry, counts->carry, sizeof carry);
    seebatch_add_counts(counts, &mine->counts);
    /* The first entry continues the game of the one before it. */
    if (mine->any && carry.any && mine->first.ply > carry.last.ply &&
        seebatch_white_result(&mine->first) == seebatch_white_result(&carry.last))
        seebatch_count_game(counts, seebatch_white_result(&mine->first), -1);
    counts->chains += portion->entries
                          ? seebatch_count_chains(portion->entries, portion->count, &carry)
                          : portion->chains;
    if (mine->any) {
        carry.last = mine->last;
        carry.any = true;
    }
    memcpy(counts->carry, &carry, sizeof carry);
    return 0;
}

seebatch_work seebatch_count_work(seebatch_counts *counts)
{
    return (seebatch_work){counts, seebatch_count_portion_new, seebatch_count_portion_free,
                           seebatch_count_block, seebatch_count_deliver};
}
