/*
 * The chunk filter: a binpack chunk (or a part of one) decoded, judged by
 * the rules and written out, the work seebatch_training_filter_file runs on
 * the library's runner for binpack input; the rules object
 * (seebatch_training_filter, seebatch_training.h), the buffers a chunk is
 * filtered in and the state handed from chunk to chunk.
 */
#ifndef SEEBATCH_CHUNK_FILTER_H
#define SEEBATCH_CHUNK_FILTER_H

#include <string.h>

#include "training/formats/binpack_decoder.h"
#include "training/formats/binpack_writer.h"
#include "filter_rules.h"
#include "seebatch_training.h"

/* What the rules remember of the entries before a chunk (the placeholder
 * zero's last ply and score, the piece-count rule's history), and after
 * one. Opaque: set by seebatch_filter_state_start and by
 * seebatch_training_filter_chunk, copied as a value. */
typedef struct seebatch_filter_state {
    uint64_t words[48];
} seebatch_filter_state;

/* The state at the start of a file (no entry before). */
void seebatch_filter_state_start(seebatch_filter_state *state);

/* Where a chunk is decoded and its output built: the blocks of entries
 * (about 170 KB) and the output's bytes, kept from chunk to chunk so that
 * filtering allocates nothing once the output has reached its largest.
 * One per thread. Errors (*buffers is then NULL): SEEBATCH_ERROR_ARGUMENT
 * for a NULL argument or no memory. */
typedef struct seebatch_filter_buffers seebatch_filter_buffers;
seebatch_status seebatch_filter_buffers_new(seebatch_filter_buffers **buffers,
                                            seebatch_error *error);
/* Frees the buffers (NULL is ignored). */
void seebatch_filter_buffers_free(seebatch_filter_buffers *buffers);

/* One call of seebatch_training_filter_chunk: the chunk and how to filter
 * it (in), what it kept and counted (out). */
typedef struct seebatch_filter_chunk {
    /* In. */
    const seebatch_training_filter *filter; /* the rules, read only: threads may share them */
    seebatch_filter_buffers *buffers;       /* this thread's */
    const uint8_t *payload;      /* a binpack chunk's payload (after its 8-byte header) */
    size_t size;                 /* its bytes */
    uint64_t file_offset;        /* where the payload starts in its file */
    seebatch_file_format output; /* the format of the kept entries' bytes */
    int count_only;              /* 1: no bytes, the entries counted only */
    /* 1: before is the state after the entries before the chunk. 0: not
     * known yet (chunks filtered at once on several threads): the chunk is
     * filtered as if at a file's start, and seebatch_filter_state_settle
     * then says whether that stands. */
    int before_known;
    seebatch_filter_state before;
    uint64_t
        entries_before; /* entries of the file before the chunk, for the message (0 if unknown) */
    /* Out. */
    const uint8_t *bytes; /* the kept entries: a binpack payload (no header: write "BINP" ... */
    size_t byte_count;    /* ... and byte_count, 32 bits little-endian, before a nonempty one),
                             * or plain blocks or .bin entries; in buffers, until their next call */
    uint64_t entries;     /* entries decoded (before the fault, if any) */
    uint64_t kept;        /* of those, kept */
    uint64_t matched[16]; /* per rule, the entries it matched (rule r as `seebatch filter` */
    uint64_t alone[16];   /* lists its counts), and those no other rule matched */
    seebatch_filter_state after; /* the state after the chunk (see before_known) */
    /* A payload that stopped decoding: the byte in the file and the
     * entry's number within the chunk (from 1), and why without the place. */
    seebatch_training_place place;
    char reason[160];
} seebatch_filter_chunk;

/* Filters one binpack chunk as `seebatch filter` does
 * (seebatch_training_filter_file runs it on the runner's workers, chunk by
 * chunk or part by part): decodes chunk->payload block by block, judges the
 * entries by the rules (the SEE rule's captures many at a time, on the
 * backend in use) and writes the kept ones in chunk->output's format into
 * chunk->bytes. Binpack output keeps the input's chains: a kept entry
 * whose predecessor was kept stays in its chain (its movetext bits
 * copied), an entry after a dropped one starts a chain; with no rule the
 * payload comes out as it went in. Counts go to the out fields, the state
 * after the chunk to chunk->after. A payload cut anywhere but at a chain's
 * start (seebatch_binpack_guess_chain_start) may be filtered in
 * parts when no rule looks at earlier entries; their bytes, joined in
 * order, are the whole payload's. Thread-safe on distinct chunks and
 * buffers; allocates only to grow the buffers; prints nothing.
 * With the piece-count rule and before_known 0 nothing is filtered
 * (entries 0): the rule's draws depend on every entry before.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL argument, no memory, or a
 * payload that stops decoding ("byte B, entry E: why", E counted from
 * entries_before; chunk->place and chunk->reason say the same), the
 * entries before the fault filtered and counted. */
seebatch_status seebatch_training_filter_chunk(seebatch_filter_chunk *chunk, seebatch_error *error);

/* For a chunk filtered with before_known 0, given in file order the state
 * after the chunk before it (`after` of that chunk, settled): 1 when the
 * chunk must be filtered again with before_known 1 and that state (its
 * first scored entry would be judged otherwise, or the piece-count rule is
 * on); else 0, with *after completed into the state after the chunk. 0 for
 * a chunk filtered with before_known 1 (its after is already complete). */
int seebatch_filter_state_settle(const seebatch_training_filter *filter,
                                 const seebatch_filter_state *before, seebatch_filter_state *after);

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
void seebatch_training_filter_judge(seebatch_training_filter *filter, const training_entry *entries,
                                    size_t count, uint8_t *keep);

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
