/* seebatch_training_filter_chunk (seebatch_training.h): one binpack chunk
 * decoded block by block, judged by the rules and written out, the one
 * chunk driver of `seebatch filter` and of Python's Filter.filter_file. */
#include "chunk_filter.h"

#include <stdlib.h>

#include "training/formats/binpack_reader.h"
#include "training/formats/packed_sfen.h"
#include "training/formats/plain.h"
#include "training/training_internal.h"

/* How a chunk's placeholder decisions depend on the state before it. A
 * chunk filtered from the state at the start of a file, where no earlier
 * score is large, could be judged otherwise only at its first scored
 * entry (the first whose score is not VALUE_NONE), and only when that is a
 * zero in a game not drawn with its ply above the previous entry's. */
typedef enum exposure {
    EXPOSED_NOT,
    EXPOSED,             /* after a large score it would be a placeholder */
    EXPOSED_IF_PLY_RISES /* the same, when its ply (the chunk's first) is above the last one's */
} exposure;

enum { CARRY_SEEN_ENTRY = 1, CARRY_SEEN_SCORE = 2 }; /* the chunk set the ply, the score */

/* The classes of entries in brief (brief_class). */
enum { BRIEF_CLASSES = 64 };

/* Kept entries that continue their input chain, not yet copied: their
 * movetext bits are copied in one piece when the run ends. */
typedef struct pending_bits {
    uint64_t start, end;
    unsigned entries;
} pending_bits;

/* What filtering one chunk keeps between blocks of entries. */
typedef struct chunk_filter {
    const filter_rules *rules;
    seebatch_filter_chunk *chunk;
    seebatch_filter_buffers *buffers;
    bool previous_kept;
    bool out_of_memory; /* the text output could not grow */
    pending_bits pending;
    filter_history history;
    rule_counts counts;
    uint64_t kept;
    filter_carry carry; /* seen, exposure, first_ply */
    bool scored;        /* an entry whose score is not VALUE_NONE was seen */
    int32_t ply_before; /* the ply of the entry before, TRAINER_NO_PLY for none */
    /* In brief: the entries counted by class, and the rules each class matches. */
    uint64_t class_count[BRIEF_CLASSES];
    unsigned class_rules[BRIEF_CLASSES];
} chunk_filter;

void seebatch_filter_state_start(seebatch_filter_state *state)
{
    filter_carry carry = {filter_history_start(), 1, 0, EXPOSED_NOT, 0};
    memset(state, 0, sizeof *state);
    filter_state_set(state, &carry);
}

seebatch_status seebatch_filter_buffers_new(seebatch_filter_buffers **buffers,
                                            seebatch_error *error)
{
    if (!buffers)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "buffers is NULL");
    *buffers = calloc(1, sizeof **buffers);
    if (!*buffers)
        return seebatch_fail(error, TRAINING_MEMORY_FAULT, "out of memory");
    seebatch_binpack_writer_init(&(*buffers)->binpack);
    return seebatch_succeed(error);
}

void seebatch_filter_buffers_free(seebatch_filter_buffers *buffers)
{
    if (!buffers)
        return;
    seebatch_binpack_writer_free(&buffers->binpack);
    free(buffers->text);
    free(buffers);
}

/* Appends bytes to the text output, growing it (to the largest a chunk needs). */
static void seebatch_append_text(chunk_filter *f, const void *bytes, size_t length)
{
    seebatch_filter_buffers *b = f->buffers;
    if (b->text_length + length > b->text_capacity) {
        size_t capacity = b->text_capacity ? b->text_capacity * 2 : 1 << 16;
        while (capacity < b->text_length + length)
            capacity *= 2;
        uint8_t *grown = realloc(b->text, capacity);
        if (!grown) {
            f->out_of_memory = true;
            return;
        }
        b->text = grown;
        b->text_capacity = capacity;
    }
    memcpy(b->text + b->text_length, bytes, length);
    b->text_length += length;
}

static void seebatch_copy_pending(chunk_filter *f)
{
    if (f->pending.entries)
        seebatch_binpack_append_bits(&f->buffers->binpack, f->chunk->payload, f->chunk->size,
                                     f->pending.start, f->pending.end, f->pending.entries);
    f->pending.entries = 0;
}

/* Whether a kept entry starts a chain in the binpack output: a stem of
 * the input, or an entry after a dropped one. */
static inline bool seebatch_starts_chain(const binpack_source *source, bool previous_kept)
{
    return source->stem || !previous_kept;
}

/* Adds a kept entry that starts a chain: a stem of the input is copied, an
 * entry after a dropped one is packed as a new stem. */
static void seebatch_keep_as_stem(chunk_filter *f, const training_entry *entry,
                                  const binpack_source *source)
{
    seebatch_copy_pending(f);
    seebatch_binpack_start_chain(&f->buffers->binpack, entry,
                                 source->stem ? f->chunk->payload + source->stem_at : NULL);
}

/* Adds kept entries that continue their chain, their bits [start, end),
 * to the pending bits. */
static void seebatch_add_pending(chunk_filter *f, uint64_t start, uint64_t end, unsigned entries)
{
    if (f->pending.entries && f->pending.end == start) {
        f->pending.end = end;
        f->pending.entries += entries;
    } else {
        seebatch_copy_pending(f);
        f->pending = (pending_bits){start, end, entries};
    }
}

/* Adds a kept entry to the binpack output. */
static void seebatch_keep_binpack(chunk_filter *f, const training_entry *entry,
                                  const binpack_source *source)
{
    if (seebatch_starts_chain(source, f->previous_kept))
        seebatch_keep_as_stem(f, entry, source);
    else
        seebatch_add_pending(f, source->bit_start, source->bit_end, 1);
}

/* Notes, for the placeholder rule, how the entry's judgement could depend
 * on the chunk before (until the chunk's first scored entry). */
static void seebatch_note_exposure(chunk_filter *f, const training_entry *entry)
{
    if (entry->score != TRAINER_VALUE_NONE) {
        f->scored = true;
        exposure seen = EXPOSED_NOT;
        if (entry->score == 0 && entry->result != 0)
            seen = f->ply_before == TRAINER_NO_PLY       ? EXPOSED_IF_PLY_RISES
                   : (int32_t)entry->ply > f->ply_before ? EXPOSED
                                                         : EXPOSED_NOT;
        f->carry.exposure = seen;
        f->carry.first_ply = entry->ply;
    }
    f->ply_before = entry->ply;
}

/* Counts an entry that matched these rules; returns whether it is kept. */
static inline bool seebatch_tally_entry(chunk_filter *f, unsigned matched)
{
    if (!matched) {
        f->kept++;
        return true;
    }
    count_matches(&f->counts, matched);
    return false;
}

static void seebatch_filter_group(chunk_filter *f, const training_entry *entries,
                                  const binpack_source *sources, size_t count)
{
    const seebatch_filter_chunk *chunk = f->chunk;
    unsigned matched[FILTER_SEE_GROUP] = {0};
    for (size_t i = 0; i < count && !f->scored; i++)
        seebatch_note_exposure(f, &entries[i]);
    if (f->rules->active)
        seebatch_judge_entries(f->rules, &f->history, entries, count, matched);
    for (size_t i = 0; i < count; i++) {
        bool kept = seebatch_tally_entry(f, matched[i]);
        if (chunk->count_only)
            continue;
        if (kept && chunk->output == SEEBATCH_FILE_PLAIN) {
            char block[PLAIN_BLOCK_MAX];
            seebatch_append_text(f, block, seebatch_plain_format(&entries[i], block));
        } else if (kept && chunk->output == SEEBATCH_FILE_BIN) {
            /* A binpack entry has one king a side (its stem is checked): .bin holds it. */
            uint8_t bytes[BIN_ENTRY_SIZE];
            seebatch_bin_pack(&entries[i], bytes);
            seebatch_append_text(f, bytes, sizeof bytes);
        } else if (kept) {
            seebatch_keep_binpack(f, &entries[i], &sources[i]);
        }
        f->previous_kept = kept;
    }
}

static void seebatch_filter_entries(chunk_filter *f, const training_entry *entries,
                                    const binpack_source *sources, size_t count)
{
    for (size_t at = 0; at < count; at += FILTER_SEE_GROUP)
        seebatch_filter_group(f, entries + at, sources ? sources + at : NULL,
                              count - at < FILTER_SEE_GROUP ? count - at : FILTER_SEE_GROUP);
}

/* An entry's class for the rules of the board: its BRIEF_IN_CHECK and
 * BRIEF_CAPTURES facts, whether its SEE reaches the threshold (a capture
 * while the SEE rule is on) and its move's kind. */
static inline unsigned seebatch_brief_class(unsigned facts, bool see_ge, seebatch_move move)
{
    return (facts & (BRIEF_IN_CHECK | BRIEF_CAPTURES)) | (see_ge ? 4u : 0u) |
           (seebatch_move_kind(move) & 7u) << 3;
}

/* The rules each class matches. */
static void seebatch_fill_class_rules(const filter_rules *rules,
                                      unsigned class_rules[BRIEF_CLASSES])
{
    for (unsigned c = 0; c < BRIEF_CLASSES; c++)
        class_rules[c] = seebatch_matching_board_rules(
            rules, (c & BRIEF_IN_CHECK) != 0, (c & BRIEF_CAPTURES) != 0,
            seebatch_move_make(0, 1, c >> 3), (c & 4u) != 0);
}

/* Adds the entries counted by class to the counts. */
static void seebatch_tally_classes(chunk_filter *f)
{
    for (unsigned c = 0; c < BRIEF_CLASSES; c++) {
        if (!f->class_rules[c])
            f->kept += f->class_count[c];
        else
            count_matches_times(&f->counts, f->class_rules[c], f->class_count[c]);
    }
}

/* The SEE rule's answers for a block's captures (passed[k] for the k-th
 * capture), on the boards the decoder kept. */
static void seebatch_judge_brief_captures(const filter_rules *rules, const binpack_brief *briefs,
                                          const seebatch_board *boards, size_t count,
                                          uint8_t *passed)
{
    capture_list list;
    size_t captures = 0;
    for (size_t i = 0; i < count; i++)
        if (briefs[i].facts & BRIEF_CAPTURES)
            capture_list_put(&list, captures++, (uint32_t)i, briefs[i].move);
    seebatch_judge_captures(rules, boards, count, &list, captures, passed);
}

/* The rules of the board alone (RULES_OF_BOARD) over a block of briefs:
 * the block's captures judged together, then brief by brief its class
 * (counted, and the rules it matches) and the binpack output, and the
 * plain entries after it, which these rules never drop: they follow a
 * kept entry in its chain (the entry after a dropped one, which is
 * notable, is listed), so their bits join the pending ones. A kept entry
 * after a dropped one has its board for the same reason. */
static void seebatch_filter_briefs(chunk_filter *f, const binpack_brief *briefs,
                                   const seebatch_board *boards, size_t count)
{
    bool lanes = (f->rules->active & (1u << RULE_SEE_GE)) != 0;
    bool count_only = f->chunk->count_only != 0;
    uint8_t passed[FILTER_BLOCK];
    if (lanes)
        seebatch_judge_brief_captures(f->rules, briefs, boards, count, passed);
    size_t capture = 0;
    for (size_t i = 0; i < count; i++) {
        const binpack_brief *brief = &briefs[i];
        bool takes = (brief->facts & BRIEF_CAPTURES) != 0;
        unsigned c =
            seebatch_brief_class(brief->facts, takes && lanes && passed[capture++], brief->move);
        f->class_count[c]++;
        bool kept = !f->class_rules[c];
        if (kept && !count_only) {
            binpack_source source = binpack_brief_source(brief);
            if (seebatch_starts_chain(&source, f->previous_kept)) {
                training_entry entry = binpack_brief_entry(brief, &boards[i]);
                seebatch_keep_as_stem(f, &entry, &source);
            } else {
                seebatch_add_pending(f, source.bit_start, source.bit_end, 1);
            }
        }
        f->previous_kept = kept;
        if (brief->plain) {
            f->class_count[0] += brief->plain;
            f->previous_kept = true;
            if (!count_only)
                seebatch_add_pending(f, brief->end, brief->plain_end, brief->plain);
        }
    }
}

/* How the chunk's entries are taken from the decoder. */
typedef enum decoding_mode {
    DECODE_COUNT,   /* no rule and no output: entries counted only */
    DECODE_BRIEFS,  /* every active rule is one of RULES_OF_BOARD, binpack or no output */
    DECODE_ENTRIES, /* whole entries (and their sources for binpack output) */
} decoding_mode;

static decoding_mode seebatch_decoding_mode_of(const filter_rules *rules,
                                               const seebatch_filter_chunk *chunk)
{
    bool binpack_or_none = chunk->count_only || chunk->output == SEEBATCH_FILE_BINPACK;
    if (!rules->active && chunk->count_only)
        return DECODE_COUNT;
    if (rules->active && !(rules->active & ~RULES_OF_BOARD) && binpack_or_none)
        return DECODE_BRIEFS;
    return DECODE_ENTRIES;
}

/* Decodes the payload block by block, each block judged as it comes;
 * returns the entries decoded, and whether the payload stopped decoding
 * (at *fault) in *faulted. */
static uint64_t seebatch_decode_and_judge(chunk_filter *f, decoding_mode mode, bool *faulted,
                                          binpack_fault *fault)
{
    const seebatch_filter_chunk *chunk = f->chunk;
    seebatch_filter_buffers *b = f->buffers;
    /* Only binpack output copies the input's stems and movetext. */
    bool sources = !chunk->count_only && chunk->output == SEEBATCH_FILE_BINPACK;
    binpack_chunk_decoder decoder;
    seebatch_binpack_decoder_start(&decoder, chunk->payload, chunk->size, chunk->file_offset);
    binpack_step stop;
    uint64_t total = 0;
    do {
        size_t count;
        if (mode == DECODE_COUNT) {
            count = seebatch_binpack_skip_block(&decoder, FILTER_BLOCK, &stop, fault);
        } else if (mode == DECODE_BRIEFS) {
            brief_list list = {b->briefs, b->boards, 0};
            count = seebatch_binpack_next_briefs(&decoder, &list, FILTER_BLOCK, &stop, fault);
            if (count)
                seebatch_filter_briefs(f, b->briefs, b->boards, list.listed);
        } else {
            count = seebatch_binpack_next_block(&decoder, b->entries, sources ? b->sources : NULL,
                                                FILTER_BLOCK, &stop, fault);
            if (count)
                seebatch_filter_entries(f, b->entries, sources ? b->sources : NULL, count);
        }
        total += count;
    } while (stop == BINPACK_ENTRY);
    *faulted = stop == BINPACK_FAULT;
    return total;
}

/* The chunk's out fields from what filtering it counted. */
static void seebatch_give_results(chunk_filter *f, uint64_t entries)
{
    seebatch_filter_chunk *chunk = f->chunk;
    chunk->entries = entries;
    chunk->kept = f->kept;
    memset(chunk->matched, 0, sizeof chunk->matched);
    memset(chunk->alone, 0, sizeof chunk->alone);
    for (int r = 0; r < RULE_COUNT; r++) {
        chunk->matched[r] = f->counts.matched[r];
        chunk->alone[r] = f->counts.alone[r];
    }
    f->carry.history = f->history;
    if (f->ply_before != TRAINER_NO_PLY)
        f->carry.seen |= CARRY_SEEN_ENTRY;
    if (f->scored)
        f->carry.seen |= CARRY_SEEN_SCORE;
    filter_state_set(&chunk->after, &f->carry);
    seebatch_filter_buffers *b = f->buffers;
    seebatch_binpack_close_chain(&b->binpack);
    bool binpack = chunk->output == SEEBATCH_FILE_BINPACK;
    chunk->bytes = chunk->count_only ? NULL : binpack ? b->binpack.payload : b->text;
    chunk->byte_count = chunk->count_only ? 0 : binpack ? b->binpack.size : b->text_length;
}

_Static_assert(RULE_COUNT <= 16, "seebatch_filter_chunk counts 16 rules");
_Static_assert((int)FILTER_BLOCK <= (int)FILTER_CAPTURES_MAX,
               "a block's captures fit in a capture_list");

seebatch_status seebatch_training_filter_chunk(seebatch_filter_chunk *chunk, seebatch_error *error)
{
    if (!chunk || !chunk->filter || !chunk->buffers || (chunk->size && !chunk->payload))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "chunk, its filter, buffers or payload is NULL");
    const filter_rules *rules = &chunk->filter->rules;
    seebatch_filter_buffers *b = chunk->buffers;
    b->binpack.size = 0; /* the output of the chunk before is given up */
    b->binpack.has_last = false;
    b->text_length = 0;
    chunk_filter f = {rules,
                      chunk,
                      b,
                      false,
                      false,
                      {0, 0, 0},
                      filter_history_start(),
                      {{0}, {0}},
                      0,
                      {filter_history_start(), 0, 0, EXPOSED_NOT, 0},
                      false,
                      TRAINER_NO_PLY,
                      {0},
                      {0}};
    chunk->place = (seebatch_training_place){0, 0};
    chunk->reason[0] = '\0';
    if (chunk->before_known) {
        f.history = filter_carry_of(&chunk->before).history;
        f.carry.known = 1;
    } else if (rules->active & (1u << RULE_PIECE_COUNT)) {
        seebatch_give_results(&f,
                              0); /* filtered once the chunks before are (filter_state_settle) */
        return seebatch_succeed(error);
    }
    decoding_mode mode = seebatch_decoding_mode_of(rules, chunk);
    if (mode == DECODE_BRIEFS)
        seebatch_fill_class_rules(rules, f.class_rules);
    binpack_fault fault;
    bool faulted;
    uint64_t decoded = seebatch_decode_and_judge(&f, mode, &faulted, &fault);
    if (mode == DECODE_COUNT)
        f.kept = decoded;
    else if (mode == DECODE_BRIEFS)
        seebatch_tally_classes(&f);
    seebatch_copy_pending(&f);
    seebatch_give_results(&f, decoded);
    if (f.out_of_memory || b->binpack.out_of_memory)
        return seebatch_fail(error, TRAINING_MEMORY_FAULT, "out of memory");
    if (!faulted)
        return seebatch_succeed(error);
    chunk->place = (seebatch_training_place){fault.byte_offset, decoded + 1};
    snprintf(chunk->reason, sizeof chunk->reason, "%s", fault.message);
    char text[sizeof fault.message + 64];
    return seebatch_fail(error, TRAINING_DATA_FAULT, "%s",
                         seebatch_training_fault_text(text, sizeof text, false, fault.byte_offset,
                                                      chunk->entries_before + decoded + 1,
                                                      fault.message));
}

int seebatch_filter_state_settle(const seebatch_training_filter *filter,
                                 const seebatch_filter_state *before, seebatch_filter_state *after)
{
    filter_carry out = filter_carry_of(after);
    if (out.known)
        return 0;
    if (filter->rules.active & (1u << RULE_PIECE_COUNT))
        return 1;
    filter_carry in = filter_carry_of(before);
    bool large = trainer_large_score(in.history.last_score);
    if (large && (out.exposure == EXPOSED ||
                  (out.exposure == EXPOSED_IF_PLY_RISES && out.first_ply > in.history.last_ply)))
        return 1;
    if (!(out.seen & CARRY_SEEN_ENTRY))
        out.history.last_ply = in.history.last_ply;
    if (!(out.seen & CARRY_SEEN_SCORE))
        out.history.last_score = in.history.last_score;
    out.known = 1;
    filter_state_set(after, &out);
    return 0;
}
