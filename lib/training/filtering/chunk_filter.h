/*
 * The insides of the chunk filter (seebatch_training_filter_chunk,
 * seebatch_training.h): the rules object, the buffers a chunk is filtered
 * in and the state handed from chunk to chunk. The tool reaches them
 * through lib/tool_only.h: it builds the rules from its own options and
 * writes the binpack output of a chunk's parts as one chunk.
 */
#ifndef SEEBATCH_CHUNK_FILTER_H
#define SEEBATCH_CHUNK_FILTER_H

#include <string.h>

#include "binpack_decoder.h"
#include "binpack_writer.h"
#include "filter_rules.h"
#include "seebatch_training.h"

struct seebatch_training_filter {
    filter_rules rules;
    filter_history history; /* seebatch_training_filter_keep's: of the entries judged so far */
    uint64_t entries;
    seebatch_training_place place; /* of the last entry refused */
    /* Of the entries seebatch_training_filter_keep judged: kept, and per rule. */
    uint64_t kept;
    rule_counts counts;
    /* Set by the tool alone: its entries come from the library's own
     * readers (plain.h, bin_file.h), which check each as
     * seebatch_check_training_entry does (a consistent board, a legal move,
     * a result -1..1), so seebatch_training_filter_keep does not check them
     * again (that was a tenth of a plain filter's instructions). */
    bool entries_checked;
};

/* Judges entries[0, count) of the library's own readers (checked there)
 * into keep, as seebatch_training_filter_keep does, the counts and the
 * history going on from the filter's. */
void seebatch_training_filter_judge(seebatch_training_filter *filter,
                                    const training_entry *entries, size_t count, uint8_t *keep);

/* Entries decoded at once, between two judgements. */
enum { FILTER_BLOCK = 512 };

struct seebatch_filter_buffers {
    union { /* whole entries, or briefs */
        struct {
            training_entry entries[FILTER_BLOCK];
            binpack_source sources[FILTER_BLOCK];
        };
        struct {
            binpack_brief briefs[FILTER_BLOCK];
            seebatch_board boards[FILTER_BLOCK];
        };
    };
    binpack_writer binpack; /* binpack output (its chains closed after a chunk) */
    uint8_t *text;          /* plain or .bin output */
    size_t text_length, text_capacity;
};

/* seebatch_filter_state's words. */
typedef struct filter_carry {
    filter_history history; /* after the chunk, as far as it knows (filter_state_settle) */
    uint32_t known;         /* filtered from a known state: history is complete */
    uint32_t seen;          /* CARRY_SEEN_* bits */
    int32_t exposure;       /* how its first scored entry depends on the state before */
    int32_t first_ply;      /* that entry's ply */
} filter_carry;

_Static_assert(sizeof(filter_carry) <= sizeof(seebatch_filter_state),
               "seebatch_filter_state holds a filter_carry");

static inline filter_carry filter_carry_of(const seebatch_filter_state *state)
{
    filter_carry carry;
    memcpy(&carry, state, sizeof carry);
    return carry;
}

static inline void filter_state_set(seebatch_filter_state *state, const filter_carry *carry)
{
    memcpy(state, carry, sizeof *carry);
}

/* The state at a file's start with the piece-count rule's history given
 * (the tool keeps one history over all its inputs). */
static inline void filter_state_set_pieces(seebatch_filter_state *state,
                                           const piece_count_history *pieces)
{
    filter_carry carry = filter_carry_of(state);
    carry.history.piece_counts = *pieces;
    filter_state_set(state, &carry);
}

#endif
