/*
 * seebatch filter: drops training entries by rule (in check, capture, SEE at
 * least T, promotion, castling, and the skip rules of nnue-pytorch's data
 * loader) from a .binpack or .plain file (or EPD lines) and writes the rest
 * in either training format, counting per rule.
 *
 * Binpack to binpack keeps the input's chains and chunks: a kept entry whose
 * predecessor was kept stays in its chain (its movetext bits are copied as
 * they are), and an entry after a dropped one starts a new chain. With no
 * rule the output is the input, byte for byte.
 *
 * The placeholder rule looks at earlier entries, also across chunks that
 * threads filter at once: see settle_chunk. The piece-count rule looks at
 * every entry before that reached it: with it, chunks are filtered in file
 * order only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "binpack_blocks.h"
#include "binpack_chunks.h"
#include "tool_only.h"
#include "filter_counts.h"
#include "line_reader.h"
#include "options.h"
#include "output_target.h"
#include "position_line.h"
#include "subcommand_input.h"
#include "subcommands.h"
#include "input_source.h"
#include "input_messages.h"
#include "entry_source.h"

static const char filter_help[] =
    "usage: seebatch filter [rules] [options] [FILE...]\n"
    "\n"
    "Reads training entries from each FILE in turn (standard input when none is\n"
    "given or for \"-\"), drops those a rule matches and writes the others.\n"
    "Counts of entries read, kept and dropped per rule, over all inputs, go to\n"
    "stderr (an entry several rules match counts under each).\n"
    "\n"
    "Rules:\n"
    "%s"
    "\n"
    "Options:\n"
    "  --input-format F    binpack, plain, bin (Stockfish's PackedSfenValue) or\n"
    "                      epd (lines \"FEN\", \"FEN;move\" or EPD records). By\n"
    "                      default each input says: \"BINP\" (binpack) or \"fen \"\n"
    "                      (plain) at its start, whatever its name, standard input\n"
    "                      too; else a .binpack, .plain, .bin or .epd name; else EPD\n"
    "  --output FILE       write there instead of standard output (\"-\"): to a\n"
    "                      temporary beside it, renamed over it at the end; never\n"
    "                      an input itself (refused, exit 2); a failed or\n"
    "                      interrupted run leaves FILE as it was\n"
    "  --output-format F   binpack, plain or bin; by default what the output's\n"
    "                      name says (.binpack, .plain, .bin), else the inputs'\n"
    "                      (inputs of different formats need one; EPD input is\n"
    "                      written as EPD)\n"
    "  --count-only        write no entries, only the counts\n"
    "  --explain           also count, per rule, the entries it alone matched\n"
    "                      (those that would be kept without it)\n"
    "%s"
    "%s"
    "                      (binpack input is split by chunk)\n"
    "%s"
    "  -h, --help          this text\n"
    "\n"
    "Binpack output keeps the input's chains where it can: an entry kept after a\n"
    "dropped one starts a new chain with a full 32-byte position, where the input\n"
    "spent a few bits, so a filtered binpack can be larger than its input.\n"
    "\n"
    "A binpack that does not decode (truncated, corrupt, a chunk header that\n"
    "lies) ends the run with \"FILE: byte B, entry E: why\" after every entry\n"
    "before it is written (the files after it unread). A bad plain block\n"
    "(\"FILE: line L, entry E: why\") or EPD line is reported and skipped; the\n"
    "others are still filtered. Exit status: 0 success, 1 bad input, 2 usage\n"
    "error or unreadable input, 3 out of memory or unwritable output (the counts\n"
    "included).\n";

typedef struct filter_settings {
    filter_rules rules;
    data_format input, output;
    const char *command;    /* for messages: "filter", or "convert" that runs it */
    const char *input_name; /* for messages: the path, or "standard input" */
    const char *output_path;
    bool count_only;
    bool explain;
    progress_meter *progress; /* counts the entries read */
    /* The piece-count rule's history after the chunks filtered so far, in
     * file order (binpack); NULL when the rule is off. */
    piece_count_history *piece_counts;
    /* Binpack input judged in brief (binpack_brief): every active rule is
     * one of RULES_OF_BOARD, and binpack or no entries go out. */
    bool briefs;
} filter_settings;

/* What a stream (or one chunk of it) counts: a filter_tally. */
_Static_assert(sizeof(filter_tally) <= CHUNK_COUNTERS * sizeof(uint64_t),
               "a chunk's counters hold a tally");

/* Entries (or lines) read one at a time are counted in the progress
 * PROGRESS_EVERY at a time: the clock is looked at once for so many. */
enum { PROGRESS_EVERY = 4096 };

/* Adds what more counted to sum (the inputs of a run, one after another). */
static void add_tally(filter_tally *sum, const filter_tally *more)
{
    sum->kept += more->kept;
    for (size_t r = 0; r < sizeof sum->counts.matched / sizeof sum->counts.matched[0]; r++) {
        sum->counts.matched[r] += more->counts.matched[r];
        sum->counts.alone[r] += more->counts.alone[r];
    }
}

/* Counts an entry that matched these rules; returns whether it is kept. */
static inline bool tally_entry(unsigned matched, filter_tally *tally)
{
    if (!matched) {
        tally->kept++;
        return true;
    }
    count_matches(&tally->counts, matched);
    return false;
}

/* Counts an entry; returns whether it is kept. */
static inline bool judge(const filter_rules *rules, filter_history *history,
                         const training_entry *entry, filter_tally *tally)
{
    return tally_entry(rules->active ? seebatch_matching_rules(rules, history, entry) : 0, tally);
}

/* The payload a chunk's entries are decoded from (its parts' too). */
typedef struct payload_bytes {
    const uint8_t *data;
    size_t size;
} payload_bytes;

/* Kept entries that continue their input chain, not yet copied: their
 * movetext bits are copied in one piece when the run ends. */
typedef struct pending_bits {
    uint64_t start, end;
    unsigned entries;
} pending_bits;

static void copy_pending(binpack_writer *writer, const payload_bytes *payload,
                         pending_bits *pending)
{
    if (pending->entries)
        seebatch_binpack_append_bits(writer, payload->data, payload->size, pending->start,
                                     pending->end, pending->entries);
    pending->entries = 0;
}

/* Whether a kept entry starts a chain in the binpack output: a stem of
 * the input, or an entry after a dropped one. */
static inline bool starts_chain(const binpack_source *source, bool previous_kept)
{
    return source->stem || !previous_kept;
}

/* Adds a kept entry that starts a chain: a stem of the input is copied, an
 * entry after a dropped one is packed as a new stem. */
static void keep_as_stem(binpack_writer *writer, const payload_bytes *payload,
                         const training_entry *entry, const binpack_source *source,
                         pending_bits *pending)
{
    copy_pending(writer, payload, pending);
    seebatch_binpack_start_chain(writer, entry,
                                 source->stem ? payload->data + source->stem_at : NULL);
}

/* Adds kept entries that continue their chain, their bits [start, end),
 * to the pending bits. */
static void add_pending(binpack_writer *writer, const payload_bytes *payload, uint64_t start,
                        uint64_t end, unsigned entries, pending_bits *pending)
{
    if (pending->entries && pending->end == start) {
        pending->end = end;
        pending->entries += entries;
    } else {
        copy_pending(writer, payload, pending);
        *pending = (pending_bits){start, end, entries};
    }
}

/* Adds a kept entry that continues its chain to the pending bits. */
static void keep_in_chain(binpack_writer *writer, const payload_bytes *payload,
                          const binpack_source *source, pending_bits *pending)
{
    add_pending(writer, payload, source->bit_start, source->bit_end, 1, pending);
}

/* Adds a kept entry to the binpack output. */
static void keep_binpack(binpack_writer *writer, const payload_bytes *payload,
                         const training_entry *entry, const binpack_source *source,
                         bool previous_kept, pending_bits *pending)
{
    if (starts_chain(source, previous_kept))
        keep_as_stem(writer, payload, entry, source, pending);
    else
        keep_in_chain(writer, payload, source, pending);
}

/* How a chunk's placeholder decisions depend on the state before it. The
 * chunk is first filtered from the state at the start of a file, where no
 * earlier score is large; only its first scored entry (the first whose
 * score is not VALUE_NONE) could be judged otherwise, and only when it is a
 * zero in a game not drawn with its ply above the previous entry's. */
typedef enum exposure {
    EXPOSED_NOT,
    EXPOSED,             /* after a large score it would be a placeholder */
    EXPOSED_IF_PLY_RISES /* the same, when its ply (the chunk's first) is above the last one's */
} exposure;

/* chunk_carry's words for the filter. */
enum { CARRY_PLY, CARRY_SCORE, CARRY_SEEN, CARRY_EXPOSURE };
enum { SEEN_ENTRY = 1, SEEN_SCORE = 2 }; /* CARRY_SEEN bits: the chunk set the ply, the score */

/* The classes of entries in brief (brief_class). */
enum { BRIEF_CLASSES = 64 };

/* What filtering one chunk keeps between blocks of entries. */
typedef struct chunk_filter {
    const filter_settings *settings;
    payload_bytes payload;
    chunk_result *result;
    bool previous_kept;
    pending_bits pending;
    filter_history history;
    filter_tally tally;
    bool scored;        /* an entry whose score is not VALUE_NONE was seen */
    int32_t ply_before; /* the ply of the entry before, TRAINER_NO_PLY for none */
    /* In brief (filter_settings.briefs): the entries counted by class, and
     * the rules each class matches. */
    uint64_t class_count[BRIEF_CLASSES];
    unsigned class_rules[BRIEF_CLASSES];
} chunk_filter;

/* Notes, for the placeholder rule, how the entry's judgement could depend
 * on the chunk before (until the chunk's first scored entry). */
static void note_exposure(chunk_filter *f, const training_entry *entry)
{
    if (entry->score != TRAINER_VALUE_NONE) {
        f->scored = true;
        exposure seen = EXPOSED_NOT;
        if (entry->score == 0 && entry->result != 0)
            seen = f->ply_before == TRAINER_NO_PLY       ? EXPOSED_IF_PLY_RISES
                   : (int32_t)entry->ply > f->ply_before ? EXPOSED
                                                         : EXPOSED_NOT;
        /* The first entry's ply goes with it, above the exposure's 8 bits. */
        f->result->carry_out.word[CARRY_EXPOSURE] = seen | (int64_t)entry->ply << 8;
    }
    f->ply_before = entry->ply;
}

static void filter_group(chunk_filter *f, const training_entry *entries,
                         const binpack_source *sources, size_t count)
{
    const filter_settings *settings = f->settings;
    chunk_result *result = f->result;
    unsigned matched[FILTER_SEE_GROUP] = {0};
    for (size_t i = 0; i < count && !f->scored; i++)
        note_exposure(f, &entries[i]);
    if (settings->rules.active)
        seebatch_judge_entries(&settings->rules, &f->history, entries, count, matched);
    for (size_t i = 0; i < count; i++) {
        bool kept = tally_entry(matched[i], &f->tally);
        if (settings->count_only)
            continue;
        if (kept && settings->output == DATA_PLAIN) {
            char block[PLAIN_BLOCK_MAX];
            text_buffer_append(&result->text, block, seebatch_plain_format(&entries[i], block));
        } else if (kept && settings->output == DATA_BIN) {
            /* A binpack entry has one king a side (its stem is checked): .bin holds it. */
            uint8_t bytes[BIN_ENTRY_SIZE];
            seebatch_bin_pack(&entries[i], bytes);
            text_buffer_append(&result->text, (const char *)bytes, sizeof bytes);
        } else if (kept) {
            keep_binpack(&result->binpack, &f->payload, &entries[i], &sources[i], f->previous_kept,
                         &f->pending);
        }
        f->previous_kept = kept;
    }
}

/* An entry's class for the rules of the board: its BRIEF_IN_CHECK and
 * BRIEF_CAPTURES facts, whether its SEE reaches the threshold (a capture
 * while the SEE rule is on) and its move's kind. */
static inline unsigned brief_class(unsigned facts, bool see_ge, seebatch_move move)
{
    return (facts & (BRIEF_IN_CHECK | BRIEF_CAPTURES)) | (see_ge ? 4u : 0u) |
           (seebatch_move_kind(move) & 7u) << 3;
}

/* The rules each class matches. */
static void fill_class_rules(const filter_rules *rules, unsigned class_rules[BRIEF_CLASSES])
{
    for (unsigned c = 0; c < BRIEF_CLASSES; c++)
        class_rules[c] = seebatch_matching_board_rules(
            rules, (c & BRIEF_IN_CHECK) != 0, (c & BRIEF_CAPTURES) != 0,
            seebatch_move_make(0, 1, c >> 3), (c & 4u) != 0);
}

/* Adds the entries counted by class to the tally. */
static void tally_classes(const uint64_t count[BRIEF_CLASSES],
                          const unsigned class_rules[BRIEF_CLASSES], filter_tally *tally)
{
    for (unsigned c = 0; c < BRIEF_CLASSES; c++) {
        if (!class_rules[c])
            tally->kept += count[c];
        else
            count_matches_times(&tally->counts, class_rules[c], count[c]);
    }
}

/* The SEE rule's answers for a block's captures (captured[k] for the k-th
 * capture), in one many-board call on the boards the decoder kept. */
static void judge_brief_captures(const filter_rules *rules, const binpack_brief *briefs,
                                 const seebatch_board *boards, size_t count, uint8_t *passed)
{
    seebatch_move moves[ENTRY_BLOCK];
    uint32_t board_of_move[ENTRY_BLOCK];
    size_t captures = 0;
    for (size_t i = 0; i < count; i++)
        if (briefs[i].facts & BRIEF_CAPTURES) {
            moves[captures] = briefs[i].move;
            board_of_move[captures++] = (uint32_t)i;
        }
    seebatch_batch batch = {boards, count, NULL, board_of_move, moves, captures};
    seebatch_values_ge(&rules->see, &batch, rules->see_threshold, NULL, passed);
}

/* The rules of the board alone (filter_settings.briefs) over a block of
 * briefs: the block's captures judged together, then brief by brief its
 * class (counted, and the rules it matches) and the binpack output, and
 * the plain entries after it, which these rules never drop: they follow a
 * kept entry in its chain (the entry after a dropped one, which is notable,
 * is listed), so their bits join the pending ones. A kept entry after a
 * dropped one has its board for the same reason. */
static void filter_briefs(const binpack_brief *briefs, const seebatch_board *boards, size_t count,
                          void *state)
{
    chunk_filter *f = state;
    const filter_settings *settings = f->settings;
    bool lanes = (settings->rules.active & (1u << RULE_SEE_GE)) != 0;
    uint8_t passed[ENTRY_BLOCK];
    if (lanes)
        judge_brief_captures(&settings->rules, briefs, boards, count, passed);
    size_t capture = 0;
    for (size_t i = 0; i < count; i++) {
        const binpack_brief *brief = &briefs[i];
        bool takes = (brief->facts & BRIEF_CAPTURES) != 0;
        unsigned c = brief_class(brief->facts, takes && lanes && passed[capture++], brief->move);
        f->class_count[c]++;
        bool kept = !f->class_rules[c];
        if (kept && !settings->count_only) {
            binpack_source source = binpack_brief_source(brief);
            if (starts_chain(&source, f->previous_kept)) {
                training_entry entry = binpack_brief_entry(brief, &boards[i]);
                keep_as_stem(&f->result->binpack, &f->payload, &entry, &source, &f->pending);
            } else {
                keep_in_chain(&f->result->binpack, &f->payload, &source, &f->pending);
            }
        }
        f->previous_kept = kept;
        if (brief->plain) {
            f->class_count[0] += brief->plain;
            f->previous_kept = true;
            if (!settings->count_only)
                add_pending(&f->result->binpack, &f->payload, brief->end, brief->plain_end,
                            brief->plain, &f->pending);
        }
    }
}

static void filter_entries(const training_entry *entries, const binpack_source *sources,
                           size_t count, void *state)
{
    for (size_t at = 0; at < count; at += FILTER_SEE_GROUP)
        filter_group(state, entries + at, sources ? sources + at : NULL,
                     count - at < FILTER_SEE_GROUP ? count - at : FILTER_SEE_GROUP);
}

static void filter_chunk(const uint8_t *data, size_t size, uint64_t file_offset, const void *state,
                         chunk_result *result)
{
    const filter_settings *settings = state;
    /* The piece-count rule: filtered when the chunks before are (settle_chunk). */
    if (settings->piece_counts && !result->carry_known)
        return;
    chunk_filter filter = {
        state,           {data, size}, result,         false, {0, 0, 0}, filter_history_start(),
        {{{0}, {0}}, 0}, false,        TRAINER_NO_PLY, {0},   {0}};
    if (result->carry_known) {
        filter.history.last_ply = (int32_t)result->carry_in.word[CARRY_PLY];
        filter.history.last_score = (int32_t)result->carry_in.word[CARRY_SCORE];
    }
    if (settings->piece_counts)
        filter.history.piece_counts = *settings->piece_counts;
    result->carry_out.word[CARRY_EXPOSURE] = EXPOSED_NOT;
    /* Only binpack output copies the input's stems and movetext. */
    result->decoding.without_sources = settings->count_only || settings->output != DATA_BINPACK;
    if (!settings->rules.active && settings->count_only) { /* every entry is kept, none written */
        result->entries = decode_in_blocks(data, size, file_offset, &result->decoding, NULL, NULL);
        filter.tally.kept = result->entries;
    } else if (settings->briefs) {
        fill_class_rules(&settings->rules, filter.class_rules);
        result->entries = decode_briefs_in_blocks(data, size, file_offset, &result->decoding,
                                                  filter_briefs, &filter);
        tally_classes(filter.class_count, filter.class_rules, &filter.tally);
    } else
        result->entries =
            decode_in_blocks(data, size, file_offset, &result->decoding, filter_entries, &filter);
    if (settings->piece_counts)
        *settings->piece_counts = filter.history.piece_counts;
    copy_pending(&result->binpack, &filter.payload, &filter.pending);
    memcpy(result->counters, &filter.tally, sizeof filter.tally);
    result->carry_out.word[CARRY_PLY] = filter.history.last_ply;
    result->carry_out.word[CARRY_SCORE] = filter.history.last_score;
    result->carry_out.word[CARRY_SEEN] =
        (filter.ply_before != TRAINER_NO_PLY ? SEEN_ENTRY : 0) | (filter.scored ? SEEN_SCORE : 0);
}

/* chunk_settler for the placeholder rule: a chunk filtered from the start
 * state is filtered again when the state before it would judge its first
 * scored entry a placeholder; otherwise its end state is completed with
 * what it inherits. With the piece-count rule every chunk is filtered
 * here, in file order (it was skipped before). */
static bool settle_chunk(const void *state, const chunk_carry *incoming, chunk_result *result)
{
    const filter_settings *settings = state;
    chunk_carry *out = &result->carry_out;
    if (result->carry_known)
        return false;
    if (settings->piece_counts)
        return true;
    bool large = trainer_large_score((int32_t)incoming->word[CARRY_SCORE]);
    exposure seen = (exposure)(out->word[CARRY_EXPOSURE] & 0xFF);
    int64_t first_ply = out->word[CARRY_EXPOSURE] >> 8;
    if (large && (seen == EXPOSED ||
                  (seen == EXPOSED_IF_PLY_RISES && first_ply > incoming->word[CARRY_PLY])))
        return true;
    if (!(out->word[CARRY_SEEN] & SEEN_ENTRY))
        out->word[CARRY_PLY] = incoming->word[CARRY_PLY];
    if (!(out->word[CARRY_SEEN] & SEEN_SCORE))
        out->word[CARRY_SCORE] = incoming->word[CARRY_SCORE];
    return false;
}

static int filter_binpack(filter_settings *settings, FILE *input, FILE *output, int threads,
                          uint64_t *read, filter_tally *tally)
{
    unsigned active = settings->rules.active;
    settings->briefs = active && !(active & ~RULES_OF_BOARD) &&
                       (settings->count_only || settings->output == DATA_BINPACK);
    chunk_job job = {input,    output,
                     threads,  filter_chunk,
                     settings, settings->command,
                     NULL,     {{TRAINER_NO_PLY, TRAINER_VALUE_NONE, 0, 0}},
                     false,    settings->progress,
                     false};
    /* Only the placeholder and piece-count rules look at earlier entries. */
    if (settings->rules.active & ((1u << RULE_PLACEHOLDER) | (1u << RULE_PIECE_COUNT)))
        job.settle = settle_chunk;
    else
        job.split = true; /* chains are filtered apart: a chunk may be cut between them */
    chunk_totals totals;
    int status = run_chunk_job(&job, &totals);
    filter_tally counted; /* this input's, added to what the inputs before counted */
    memcpy(&counted, totals.counters, sizeof counted);
    *read += totals.entries;
    add_tally(tally, &counted);
    return status;
}

/* Writes one kept entry in the output format; false when writing fails. */
static bool write_entry(const filter_settings *settings, binpack_writer *writer,
                        const training_entry *entry, FILE *output)
{
    if (settings->output == DATA_BINPACK)
        return seebatch_binpack_write_entry(writer, entry, output);
    if (settings->output == DATA_BIN)
        return seebatch_bin_write(entry, output);
    char block[PLAIN_BLOCK_MAX];
    size_t length = seebatch_plain_format(entry, block);
    return fwrite(block, 1, length, output) == length;
}

/* Whether the output format can hold the entry; false, reported as bad
 * input at the entry's place, if not. */
static bool output_holds(const filter_settings *settings, entry_source *source,
                         const training_entry *entry)
{
    char message[SEEBATCH_MESSAGE_SIZE];
    if (settings->output == DATA_BINPACK && entry->ply > BINPACK_PLY_MAX)
        snprintf(message, sizeof message, "ply %u does not fit in binpack (at most %d)", entry->ply,
                 BINPACK_PLY_MAX);
    else if (settings->output != DATA_BIN || seebatch_bin_holds(entry, message, sizeof message))
        return true;
    entry_source_refuse(source, message);
    return false;
}

/* The next entry (of a .plain or .bin input) the output can hold,
 * reporting and skipping the others and the bad blocks (as lines input
 * skips bad lines; a .bin ends at its first bad entry); false at the end. */
static bool next_plain_entry(const filter_settings *settings, entry_source *source,
                             training_entry *entry, bool *bad)
{
    source_step step;
    while ((step = entry_source_next(source, entry)) != SOURCE_END) {
        if (step == SOURCE_ENTRY && output_holds(settings, source, entry))
            return true;
        *bad = true;
    }
    return false;
}

static int filter_plain(const filter_settings *settings, FILE *input, FILE *output, uint64_t *read,
                        filter_tally *tally)
{
    filter_history history = filter_history_start();
    if (settings->piece_counts) /* one history over every input, as for binpack */
        history.piece_counts = *settings->piece_counts;
    entry_source source = entry_source_start(input, settings->input);
    binpack_writer writer;
    seebatch_binpack_writer_init(&writer);
    training_entry entry;
    bool bad = false;
    int status = EXIT_OK;
    uint64_t done = 0; /* this input's, for its progress */
    while (next_plain_entry(settings, &source, &entry, &bad)) {
        ++*read;
        if (++done % PROGRESS_EVERY == 0)
            progress_add(settings->progress, PROGRESS_EVERY, 0); /* bytes: the file's position */
        if (judge(&settings->rules, &history, &entry, tally) && !settings->count_only &&
            (!write_entry(settings, &writer, &entry, output) || ferror(output))) {
            remember_write_error();
            status = EXIT_RESOURCE_FAILURE;
            break;
        }
    }
    if (!seebatch_binpack_flush_chunk(&writer, output) || ferror(output)) {
        remember_write_error();
        status = EXIT_RESOURCE_FAILURE;
    }
    seebatch_binpack_writer_free(&writer);
    if (settings->piece_counts)
        *settings->piece_counts = history.piece_counts;
    progress_add(settings->progress, done % PROGRESS_EVERY, 0);
    if (status == EXIT_OK && entry_source_read_failed(&source))
        return EXIT_USAGE;
    return status == EXIT_OK && bad ? EXIT_BAD_LINES : status;
}

/* For a line with no move: a move no rule on the move matches, staying on
 * a square no enemy piece holds (it takes nothing, promotes nothing). */
static seebatch_move no_move(const seebatch_board *board)
{
    uint64_t free_squares = ~board->colors[board->side_to_move ^ 1u];
    unsigned square = free_squares ? (unsigned)__builtin_ctzll(free_squares) : 0;
    return (seebatch_move)(square | square << 6);
}

/* EPD lines: "FEN" (rules on the move never match; counted in *moveless)
 * or "FEN;move"; kept lines are written as they are. */
static int filter_epd(const filter_settings *settings, FILE *input, FILE *output, uint64_t *read,
                      filter_tally *tally, uint64_t *moveless)
{
    filter_history history = filter_history_start(); /* unused: no rule reads it on EPD */
    line_reader *reader = malloc(sizeof *reader);    /* its buffer is too big for the stack */
    if (!reader)
        return EXIT_RESOURCE_FAILURE;
    position_line position;
    line_reader_init(reader, input);
    line current;
    int status = EXIT_OK;
    unsigned long long bytes_counted = 0;
    while (line_reader_next(reader, &current)) {
        if (current.number % PROGRESS_EVERY == 0) {
            progress_add(settings->progress, PROGRESS_EVERY,
                         line_reader_consumed(reader) - bytes_counted);
            bytes_counted = line_reader_consumed(reader);
        }
        char message[SEEBATCH_MESSAGE_SIZE + 64];
        if (!current.too_long && current.length == 0)
            continue;
        if (current.too_long ||
            !parse_position_line(&current, &position, message, sizeof message)) {
            report_input_error("line %lu: %s", current.number,
                               current.too_long ? "longer than 65536 bytes" : message);
            status = EXIT_BAD_LINES;
            continue;
        }
        training_entry entry = {position.board, 0, 0, 0, 0};
        entry.move = position.move_count ? position.moves[0] : no_move(&position.board);
        *moveless += !position.move_count;
        ++*read;
        if (judge(&settings->rules, &history, &entry, tally) && !settings->count_only &&
            (fwrite(current.text, 1, current.length, output) != current.length ||
             fputc('\n', output) == EOF)) {
            remember_write_error();
            status = EXIT_RESOURCE_FAILURE; /* run_filter names the output */
            break;
        }
    }
    progress_add(settings->progress, reader->line_number % PROGRESS_EVERY,
                 line_reader_consumed(reader) - bytes_counted);
    if (reader->read_error && status != EXIT_RESOURCE_FAILURE) {
        report(settings->command, "cannot read %s: %s", settings->input_name, strerror(reader->read_error));
        status = EXIT_USAGE;
    }
    free(reader);
    return status;
}

/* "--name VALUE" or "--name=VALUE": the value, advancing *index; NULL when
 * argv[*index] is another option. *missing is set when the value is absent. */
static const char *option_value(int argc, char **argv, int *index, const char *name, bool *missing)
{
    size_t length = strlen(name);
    const char *argument = argv[*index];
    if (strncmp(argument, name, length) != 0)
        return NULL;
    if (argument[length] == '=')
        return argument + length + 1;
    if (argument[length] != '\0')
        return NULL;
    if (*index + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*index];
}

typedef enum parse_result { PARSED, PARSE_HELP, PARSE_BAD } parse_result;

/* The value of --input-format (binpack, plain, bin, epd) or --output-format
 * (binpack, plain, bin); false, reported, for anything else. */
static bool take_format(const char *value, bool output, data_format *format)
{
    data_format named = seebatch_data_format_named(value);
    if (named == DATA_UNKNOWN || (output && named == DATA_LINES)) {
        usage_error("filter", "%s needs %s, not \"%s\"",
                    output ? "--output-format" : "--input-format",
                    output ? "binpack, plain or bin" : "binpack, plain, bin or epd", value);
        return false;
    }
    *format = named;
    return true;
}

static parse_result parse_filter_arguments(int argc, char **argv, filter_settings *settings,
                                           input_options *options)
{
    for (int i = 0; i < argc; i++) {
        bool missing = false;
        const char *value;
        char message[SEEBATCH_MESSAGE_SIZE];
        option_parse rule =
            seebatch_parse_rule_option(argc, argv, &i, &settings->rules, message, sizeof message);
        if (rule == OPTION_BAD) {
            usage_error("filter", "%s", message);
            return PARSE_BAD;
        }
        if (rule == OPTION_TAKEN)
            continue;
        if (strcmp(argv[i], "--count-only") == 0) {
            settings->count_only = true;
        } else if (strcmp(argv[i], "--explain") == 0) {
            settings->explain = true;
        } else if ((value = option_value(argc, argv, &i, "--output", &missing))) {
            settings->output_path = value;
        } else if ((value = option_value(argc, argv, &i, "--output-format", &missing))) {
            if (!take_format(value, true, &settings->output))
                return PARSE_BAD;
        } else if ((value = option_value(argc, argv, &i, "--input-format", &missing))) {
            if (!take_format(value, false, &settings->input))
                return PARSE_BAD;
        } else if (missing) {
            usage_error("filter", "%s needs a value", argv[i]);
            return PARSE_BAD;
        } else {
            argument_result result = take_input_argument("filter", argc, argv, &i, options);
            if (result != ARGUMENT_TAKEN)
                return result == ARGUMENT_HELP ? PARSE_HELP : PARSE_BAD;
        }
    }
    char message[SEEBATCH_MESSAGE_SIZE];
    if (!seebatch_check_rule_options(&settings->rules, message, sizeof message)) {
        usage_error("filter", "%s", message);
        return PARSE_BAD;
    }
    return PARSED;
}

/* Fills in the output format the options left open; false (reported) when
 * the formats or a rule do not suit an input. */
static bool settle_formats(filter_settings *settings, const input_set *inputs)
{
    /* --output-format, else the output's name, else the inputs' format. */
    data_format named = output_is_standard(settings->output_path)
                            ? DATA_UNKNOWN
                            : seebatch_data_format_of_path(settings->output_path);
    bool by_name = settings->output == DATA_UNKNOWN && named != DATA_UNKNOWN &&
                   named != DATA_LINES && !settings->count_only;
    if (by_name)
        settings->output = named;
    if (settings->output == DATA_UNKNOWN)
        settings->output = shared_format(inputs);
    /* Counting only, nothing is written: any training format will do. */
    if (settings->output == DATA_UNKNOWN && settings->count_only)
        settings->output = inputs->sources[0].format == DATA_LINES ? DATA_LINES : DATA_PLAIN;
    if (settings->output == DATA_UNKNOWN) {
        char formats[SEEBATCH_MESSAGE_SIZE];
        describe_formats(inputs, formats, sizeof formats);
        usage_error(settings->command,
                    "the inputs hold different formats (%s) and nothing says the output's: "
                    "give --output-format",
                    formats);
        return false;
    }
    for (int i = 0; i < inputs->count; i++) {
        const input_source *input = &inputs->sources[i];
        if ((input->format == DATA_LINES) != (settings->output == DATA_LINES)) {
            usage_error(settings->command,
                        "%s holds lines (EPD), which are written as lines only%s%s%s",
                        input->name, by_name ? ", but the output's name " : "",
                        by_name ? settings->output_path : "", by_name ? " says otherwise" : "");
            return false;
        }
        if (input->format == DATA_LINES && (settings->rules.active & RULES_NEEDING_TRAINING_DATA)) {
            usage_error(settings->command,
                        "--skip-value-none, --skip-placeholder, --skip-early-ply, "
                        "--wld-skip and --soft-early-skip read scores, plies and results, "
                        "which EPD lines (%s) lack",
                        input->name);
            return false;
        }
    }
    return true;
}

/* What the inputs of a run counted, summed. */
typedef struct filter_sums {
    uint64_t read, moveless;
    filter_tally tally;
} filter_sums;

/* Filters one input into output, adding to sums. */
static int filter_input(filter_settings *settings, const input_source *input, FILE *output,
                        int threads, filter_sums *sums)
{
    settings->input = input->format;
    settings->input_name = input->name;
    start_input_messages(settings->command, input);
    if (input->format == DATA_BINPACK)
        return filter_binpack(settings, input->stream, output, threads, &sums->read, &sums->tally);
    if (input->format == DATA_PLAIN || input->format == DATA_BIN)
        return filter_plain(settings, input->stream, output, &sums->read, &sums->tally);
    return filter_epd(settings, input->stream, output, &sums->read, &sums->tally, &sums->moveless);
}

static int run_filter_stream(filter_settings *settings, const input_options *options,
                             const input_set *inputs, FILE *output)
{
    filter_sums sums = {0, 0, {{{0}, {0}}, 0}};
    int status = EXIT_OK;
    for (int i = 0; i < inputs->count; i++) {
        progress_meter progress;
        start_input_progress(&progress, settings->command, options, &inputs->sources[i]);
        settings->progress = &progress;
        int input_status =
            filter_input(settings, &inputs->sources[i], output, (int)options->threads, &sums);
        progress_end(&progress); /* its line ends before the counts */
        settings->progress = NULL;
        status = worse_status(status, input_status);
        if (!run_goes_on(&inputs->sources[i], input_status))
            break;
    }
    /* After a failed write (or no memory) "N kept" would claim entries that
     * are not in the output: the failure is reported instead of the counts.
     * What is still buffered is written first, so that a failure at the end
     * is known before the counts are printed. */
    if (fflush(output) != 0 || ferror(output)) {
        remember_write_error();
        status = EXIT_RESOURCE_FAILURE;
    }
    /* The counts are output too (with --count-only, the only output): if
     * they cannot be written, the run failed, though nothing can say so. */
    if (status != EXIT_RESOURCE_FAILURE &&
        !print_rule_counts(stderr, settings->command, &settings->rules, sums.read, &sums.tally,
                           settings->explain))
        status = EXIT_RESOURCE_FAILURE;
    if (status != EXIT_RESOURCE_FAILURE &&
        !print_moveless_note(stderr, &settings->rules, sums.read, sums.moveless))
        status = EXIT_RESOURCE_FAILURE;
    return status;
}

int run_filter_as(const char *command, int argc, char **argv)
{
    filter_settings settings = {{0},   DATA_UNKNOWN, DATA_UNKNOWN, command, NULL, NULL,
                                false, false,        NULL,         NULL, false};
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    parse_result parsed = parse_filter_arguments(argc, argv, &settings, &options);
    if (parsed == PARSE_HELP) {
        printf(filter_help, seebatch_rule_options_help, seebatch_config_options_help,
               threads_lines_help, after_threads_help);
        return EXIT_OK;
    }
    if (parsed == PARSE_BAD)
        return EXIT_USAGE;
    /* Options are validated as parsed, so preparing them cannot fail. */
    seebatch_rules_init(&settings.rules.see, &options.config, NULL);
    input_set inputs;
    int status =
        open_subcommand_inputs(command, &options, settings.input, settings.output_path, &inputs);
    if (status != EXIT_OK)
        return status;
    output_file output = {stdout, NULL, NULL};
    if (!settle_formats(&settings, &inputs))
        status = EXIT_USAGE;
    else if (settings.output_path)
        status = output_target_open(command, settings.output_path, &output);
    if (status != EXIT_OK) {
        close_inputs(&inputs);
        return status;
    }
    filter_history start = filter_history_start();
    if (settings.rules.active & (1u << RULE_PIECE_COUNT))
        settings.piece_counts = &start.piece_counts; /* one history over every input */
    status = run_filter_stream(&settings, &options, &inputs, output.stream);
    close_inputs(&inputs);
    /* Standard output is checked by main when the command returns. */
    if (settings.output_path)
        status = output_target_finish(command, &output, settings.output_path, status);
    return status;
}

int run_filter(int argc, char **argv) { return run_filter_as("filter", argc, argv); }
