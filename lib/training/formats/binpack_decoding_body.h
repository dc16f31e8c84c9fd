/*
 * The binpack decoder's hot half (binpack_reader.h has the format), part of
 * chain_coding_body.h: compiled once per instruction set, its loops chosen
 * at run time (chain_coding.h). Everything here is static, so each copy is
 * whole in its own file.
 */
#ifndef SEEBATCH_FORMATS_BINPACK_DECODING_BODY_H
#define SEEBATCH_FORMATS_BINPACK_DECODING_BODY_H

#include <stdio.h>
#include <string.h>

#include "board/attacks.h"
#include "binpack_fields.h"
#include "binpack_stem.h"
#include "chain_coding.h"
#include "chain_moves.h"
#include "fault_text.h"

/* ------------------------------------------------------------------------ */
/* Stems                                                                    */
/* ------------------------------------------------------------------------ */

/* Places the pieces whose nibble is a type and a colour (below 12); the
 * special nibbles are left to place_special. */
static void seebatch_place_plain_pieces(const uint8_t *bytes, bitboard occupied,
                                        seebatch_board *board)
{
    unsigned index = 0;
    for (bitboard rest = occupied; rest; rest &= rest - 1, index++) {
        unsigned nibble = nibble_at(bytes, index);
        if (nibble < 12) {
            board->pieces[nibble / 2] |= lowest_bit(rest);
            board->colors[nibble % 2] |= lowest_bit(rest);
        }
    }
}

#if defined(__BMI2__)
#include <immintrin.h>

/* The same where pdep is fast, a nibble value at a time rather than a piece
 * at a time: the 32 nibbles spread to bytes (SSE2), compared with the
 * value, and the indexes that match (a 32-bit mask) put on the occupied
 * squares by pdep. */
static void seebatch_place_plain_pieces_pdep(const uint8_t *bytes, bitboard occupied,
                                             seebatch_board *board)
{
    unsigned count = (unsigned)popcount(occupied);
    __m128i packed = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 8));
    __m128i low = _mm_and_si128(packed, _mm_set1_epi8(15));
    __m128i high = _mm_and_si128(_mm_srli_epi16(packed, 4), _mm_set1_epi8(15));
    __m128i first = _mm_unpacklo_epi8(low, high), second = _mm_unpackhi_epi8(low, high);
    uint64_t present = count >= 32 ? 0xFFFFFFFFu : (1u << count) - 1u;
    for (int value = 0; value < 12; value++) {
        __m128i wanted = _mm_set1_epi8((char)value);
        uint64_t indexes =
            ((uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(first, wanted)) |
             (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(second, wanted)) << 16) &
            present;
        bitboard squares = _pdep_u64(indexes, occupied);
        board->pieces[value / 2] |= squares;
        board->colors[value % 2] |= squares;
    }
}
#endif

/* seebatch_binpack_unpack_stem, the pieces placed by pdep when pdep (in a
 * copy built for BMI2). */
static bool seebatch_coding_unpack_stem(const uint8_t *bytes, training_entry *entry,
                                        binpack_fault *fault, bool pdep)
{
    bitboard occupied;
    if (!seebatch_binpack_stem_start(bytes, &entry->board, &occupied, fault))
        return false;
#if defined(__BMI2__)
    if (pdep)
        seebatch_place_plain_pieces_pdep(bytes, occupied, &entry->board);
    else
#endif
        seebatch_place_plain_pieces(bytes, occupied, &entry->board);
    (void)pdep;
    return seebatch_binpack_stem_finish(bytes, entry, occupied, fault);
}

/* ------------------------------------------------------------------------ */
/* Movetext                                                                 */
/* ------------------------------------------------------------------------ */

/* The next 57 bits from bit on (high bit first), the bits past the payload
 * read as 0. One unaligned load when 8 bytes are there. */
static inline uint64_t peek_bits(const uint8_t *data, size_t size, uint64_t bit)
{
    size_t byte = (size_t)(bit >> 3);
    uint64_t window = 0;
    if (byte + 8 <= size) {
        memcpy(&window, data + byte, 8);
        window = __builtin_bswap64(window);
    } else {
        for (size_t i = 0; i < 8; i++)
            window = window << 8 | (byte + i < size ? data[byte + i] : 0u);
    }
    return window << (bit & 7);
}

/* The bits of one movetext entry, taken from one window read at its first
 * bit: the longest entry (piece and move indexes of at most 6 bits each, a
 * score of at most 20) fits in the window's 57. Whether the bits were in the
 * payload is checked once, when the entry is done. */
typedef struct bit_cursor {
    uint64_t window;
    unsigned used;
} bit_cursor;

static inline unsigned seebatch_take_bits(bit_cursor *c, unsigned count)
{
    unsigned value = (unsigned)((c->window << c->used) >> 1 >> (63 - count));
    c->used += count;
    return value;
}

/* Where the king on `from` may go: targets, and castlings (0..2) after them. */
typedef struct king_moves {
    unsigned from;
    bitboard targets;
    unsigned castlings;
} king_moves;

/* Each decoder below returns NULL, or what is wrong. */
static inline __attribute__((always_inline)) const char *
decode_king_move(bit_cursor *c, const seebatch_board *board, king_moves king, bool pdep,
                 seebatch_move *move)
{
    unsigned from = king.from, castlings = king.castlings;
    bitboard targets = king.targets;
    unsigned count = (unsigned)popcount(targets);
    unsigned id = seebatch_take_bits(c, index_bits(count + castlings));
    if (id >= count + castlings)
        return "a king move index beyond the king's moves";
    if (id < count) {
        *move = seebatch_move_make(from, nth_square_by(targets, id, pdep), SEEBATCH_MOVE_NORMAL);
        return NULL;
    }
    unsigned us = board->side_to_move, queenside = us == SEEBATCH_WHITE ? 2u : 8u;
    bool long_castle = id == count && (board->castling & queenside);
    /* The king takes its rook on the corner (standard chess only). */
    *move = seebatch_move_make(from, long_castle ? from - 4 : from + 3, SEEBATCH_MOVE_CASTLING);
    if (!seebatch_castling_fits(board, *move))
        return "a castling move with the king or rook away or pieces between";
    return NULL;
}

static inline __attribute__((always_inline)) const char *
decode_move(bit_cursor *c, const seebatch_board *board, const uint8_t *types, bool pdep,
            seebatch_move *move, int *moved_type)
{
    unsigned us = board->side_to_move;
    bitboard ours = board->colors[us];
    unsigned pieces = (unsigned)popcount(ours);
    unsigned index = seebatch_take_bits(c, index_bits(pieces));
    if (index >= pieces)
        return "a piece index beyond the side to move's pieces";
    unsigned from = nth_square_by(ours, index, pdep);
    int type = types[from];
    *moved_type = type;
    unsigned castlings;
    bitboard targets = seebatch_chain_destinations(board, from, type, &castlings);
    if (type == SEEBATCH_KING)
        return decode_king_move(c, board, (king_moves){from, targets, castlings}, pdep, move);
    unsigned count = (unsigned)popcount(targets);
    bool promotes = type == SEEBATCH_PAWN && rank_of(from) == (us == SEEBATCH_WHITE ? 6u : 1u);
    unsigned choices = promotes ? count * 4 : count;
    unsigned id = seebatch_take_bits(c, index_bits(choices));
    if (id >= choices)
        return "a move index beyond the piece's moves";
    unsigned to = nth_square_by(targets, promotes ? id / 4 : id, pdep);
    unsigned kind = SEEBATCH_MOVE_NORMAL;
    if (promotes)
        kind = SEEBATCH_MOVE_PROMOTE_KNIGHT + id % 4;
    else if (type == SEEBATCH_PAWN && to == board->en_passant)
        kind = SEEBATCH_MOVE_EN_PASSANT;
    *move = seebatch_move_make(from, to, kind);
    return NULL;
}

/* A score difference of several blocks: the folded value, or above 0xFFFF
 * when it would take more than 16 bits. */
static unsigned seebatch_decode_long_score(bit_cursor *c)
{
    unsigned folded = 0;
    for (unsigned shift = 0;; shift += BINPACK_SCORE_BLOCK) {
        if (shift >= 16)
            return 0x10000u;
        unsigned block = seebatch_take_bits(c, BINPACK_SCORE_BLOCK + 1);
        folded |= (block & 15u) << shift;
        if (!(block >> BINPACK_SCORE_BLOCK))
            return folded;
    }
}

/* The score: up to four blocks, each a continue bit then 4 bits of the
 * folded difference from the previous entry's score, seen from this side. */
static inline __attribute__((always_inline)) const char *
decode_score(bit_cursor *c, int16_t last_score, int16_t *score)
{
    unsigned folded = seebatch_take_bits(c, BINPACK_SCORE_BLOCK + 1);
    /* Most differences fit in one block. */
    if (folded >> BINPACK_SCORE_BLOCK) {
        c->used -= BINPACK_SCORE_BLOCK + 1;
        folded = seebatch_decode_long_score(c);
        if (folded > 0xFFFFu)
            return "a score difference longer than 16 bits";
    }
    *score = wrap16(last_score + unfold((uint16_t)folded));
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Chunks                                                                   */
/* ------------------------------------------------------------------------ */

/* The piece type on each occupied square of a stem's board. */
static void seebatch_fill_types(const seebatch_board *board, uint8_t types[64])
{
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        for (bitboard set = board->pieces[type]; set; set &= set - 1)
            types[lowest_square(set)] = (uint8_t)type;
}
/* What chain_play_known does for a plain move, with no branch on
 * whether it takes: the type on an empty destination is a stale one, and
 * clearing an empty square from its bitboard changes nothing. */
static inline __attribute__((always_inline)) void
play_in_chain(seebatch_board *board, uint8_t *types, seebatch_move move, int type)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    bool double_push = type == SEEBATCH_PAWN && (from ^ to) == 16;
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL) {
        seebatch_chain_play_special(board, types, move, type);
        return;
    }
    unsigned us = board->side_to_move & 1u;
    bitboard to_bit = seebatch_square_bit(to), move_bits = seebatch_square_bit(from) | to_bit;
    bool takes = (board->colors[us ^ 1u] >> to) & 1u;
    if (board->castling)
        board->castling &= (uint8_t) ~(rights_lost_on(from) | rights_lost_on(to));
    board->pieces[types[to]] &= ~to_bit;
    board->colors[us ^ 1u] &= ~to_bit;
    board->pieces[type] ^= move_bits;
    board->colors[us] ^= move_bits;
    board->halfmove_clock =
        (type == SEEBATCH_PAWN || takes) ? 0 : (uint16_t)(board->halfmove_clock + 1);
    board->side_to_move = (uint8_t)(us ^ 1u);
    board->en_passant = SEEBATCH_NO_SQUARE;
    types[to] = (uint8_t)type;
    /* Kept only when the other side could take there (as the data code
     * does): never without one of its pawns beside the pushed one. */
    if (double_push &&
        (((to_bit << 1 & 0xFEFEFEFEFEFEFEFEull) | (to_bit >> 1 & 0x7F7F7F7F7F7F7F7Full)) &
         board->pieces[SEEBATCH_PAWN] & board->colors[us ^ 1u]) &&
        seebatch_en_passant_possible(board, (from + to) / 2))
        board->en_passant = (uint8_t)((from + to) / 2);
}

/* Puts the entry at index n of the sink. In brief the in-check and capture
 * tests are made here, on the board the decoder has just played; a brief
 * is written for the entries seebatch_binpack_next_briefs lists (with its
 * board where kept), and a plain entry is counted in the brief before it
 * (*notable: the entry before was notable, moved past this one). */
static inline __attribute__((always_inline)) void sink_put(entry_sink *sink, size_t n,
                                                           const training_entry *e,
                                                           binpack_source source, sink_mode mode,
                                                           bool *notable)
{
    if (mode == SINK_NOTHING)
        return;
    if (mode == SINK_ENTRIES) {
        sink->entries[n] = *e;
        if (sink->sources)
            sink->sources[n] = source;
        return;
    }
    unsigned facts = (seebatch_side_in_check(&e->board) ? BRIEF_IN_CHECK : 0u) |
                     (move_captures(&e->board, e->move) ? BRIEF_CAPTURES : 0u);
    bool notable_now = facts || seebatch_move_kind(e->move) != SEEBATCH_MOVE_NORMAL;
    bool keep_board = notable_now || *notable || source.stem;
    *notable = notable_now;
    if (!keep_board && sink->listed) {
        binpack_brief *last = &sink->briefs[sink->listed - 1];
        last->plain++;
        last->plain_end = (uint32_t)source.bit_end;
        return;
    }
    if (keep_board) {
        sink->boards[sink->listed] = e->board;
        facts |= BRIEF_BOARD;
    }
    if (source.stem)
        facts |= BRIEF_STEM;
    sink->briefs[sink->listed++] = (binpack_brief){
        e->move,
        (uint8_t)facts,
        e->result,
        e->score,
        e->ply,
        (uint32_t)(source.stem ? source.stem_at : source.bit_start),
        (uint32_t)(source.stem ? (source.stem_at + BINPACK_STEM_SIZE + 2) * 8 : source.bit_end),
        0,
        0};
}

/* A fault in the open chain's movetext, at byte `at`: the format has no
 * checksum, so damage shows only where the bits stop decoding, and the
 * chain's entries before it, from its stem on, may be wrong too: the
 * message says how many (fault_text.h names them by number). Out of line:
 * the decoding loop stays lean. */
static __attribute__((noinline, cold)) void seebatch_chain_fault(const binpack_chunk_decoder *d,
                                                                 binpack_fault *fault, uint64_t at,
                                                                 const char *why)
{
    /* In a chain, next_stem is still the byte after its stem's ply count. */
    size_t stem_at = d->next_stem - BINPACK_STEM_SIZE - 2;
    unsigned plies = read_be16(d->data + stem_at + BINPACK_STEM_SIZE);
    seebatch_binpack_fault_at(fault, at, "");
    snprintf(fault->message, sizeof fault->message,
             "%s" TRAINING_CHAIN_NOTE "%u" TRAINING_CHAIN_NOTE_END, why, 1 + plies - d->plies_left);
}

/* How a decoding loop is built: finding the n-th set square by pdep or by
 * halving, and what it writes. Constants of each copy of the loop. */
typedef struct decode_way {
    bool pdep;
    sink_mode mode;
} decode_way;

/* The entries of the open chain, from the sink's entry *count up to max
 * (at least 1): the loop nearly every entry takes, its state in locals and
 * written back at the end. *count is moved past the entries decoded.
 * Returns NULL, or what is wrong (*fault then filled) when the movetext
 * does not decode. */
static inline __attribute__((always_inline)) const char *
decode_chain(binpack_chunk_decoder *restrict d, entry_sink *sink, size_t *count, size_t max,
             decode_way way, binpack_fault *restrict fault)
{
    bool whole = way.mode == SINK_ENTRIES;
    training_entry e = d->entry;
    int moved_type = d->moved_type;
    uint64_t bit = d->bit, start = bit;
    const uint64_t end_bit = (uint64_t)d->size * 8;
    int16_t last_score = d->last_score;
    unsigned plies_left = d->plies_left;
    bool notable = d->notable;
    /* The sink in locals: a store of an entry's int8_t result may alias
     * anything, so its fields would be loaded again after every entry. */
    entry_sink out = *sink;
    out.entries = whole ? sink->entries + *count : NULL;
    out.sources = whole && sink->sources ? sink->sources + *count : NULL;
    size_t n = 0, todo = plies_left < max - *count ? plies_left : max - *count;
    const char *why = NULL;
    while (n < todo) {
        /* The previous entry becomes this one. */
        start = bit;
        play_in_chain(&e.board, d->types, e.move, moved_type);
        e.ply = (uint16_t)(e.ply + 1);
        e.board.fullmove_number = fullmove_of_ply(e.ply);
        e.result = (int8_t)-e.result;
        bit_cursor cursor = {peek_bits(d->data, d->size, bit), 0};
        why = decode_move(&cursor, &e.board, d->types, way.pdep, &e.move, &moved_type);
        /* Movetext numbers a piece's squares without asking whether a king
         * stands there: damaged bits can take one, and every entry after
         * would lack it. One test keeps every entry with both kings. */
        if (!why && (seebatch_square_bit(seebatch_move_to(e.move)) & e.board.pieces[SEEBATCH_KING]))
            why = "a move that takes a king: the movetext is damaged";
        if (!why)
            why = decode_score(&cursor, last_score, &e.score);
        if (bit + cursor.used > end_bit)
            why = "the chunk ends inside a chain's movetext";
        if (why)
            break;
        bit += cursor.used;
        last_score = wrap16(-e.score);
        sink_put(&out, n, &e, (binpack_source){false, 0, start, bit}, way.mode, &notable);
        n++;
    }
    sink->listed = out.listed;
    plies_left -= (unsigned)n;
    d->notable = notable;
    d->entry = e;
    d->moved_type = moved_type;
    d->bit = bit;
    d->last_score = last_score;
    d->plies_left = plies_left;
    if (!plies_left)
        d->next_stem = (size_t)((bit + 7) / 8);
    if (why)
        seebatch_chain_fault(d, fault, d->file_offset + (start >> 3), why);
    *count += n;
    return why;
}

static inline __attribute__((always_inline)) binpack_step
next_stem(binpack_chunk_decoder *d, entry_sink *sink, size_t at_entry, bool pdep, sink_mode mode,
          binpack_fault *fault)
{
    size_t at = d->next_stem;
    if (at == d->size)
        return BINPACK_END;
    if (d->size - at < BINPACK_STEM_SIZE + 2) {
        seebatch_binpack_fault_at(fault, d->file_offset + at, "");
        snprintf(fault->message, sizeof fault->message,
                 "%zu bytes at the end of the chunk, too few for an entry", d->size - at);
        return BINPACK_FAULT;
    }
    if (!seebatch_coding_unpack_stem(d->data + at, &d->entry, fault, pdep)) {
        fault->byte_offset = d->file_offset + at;
        return BINPACK_FAULT;
    }
    seebatch_fill_types(&d->entry.board, d->types);
    d->moved_type = d->types[seebatch_move_from(d->entry.move)];
    d->plies_left = read_be16(d->data + at + BINPACK_STEM_SIZE);
    d->bit = (uint64_t)(at + BINPACK_STEM_SIZE + 2) * 8;
    d->next_stem = at + BINPACK_STEM_SIZE + 2;
    d->last_score = wrap16(-d->entry.score);
    d->stems++;
    sink_put(sink, at_entry, &d->entry, (binpack_source){true, (uint32_t)at, 0, 0}, mode,
             &d->notable);
    return BINPACK_ENTRY;
}

/* The loop over a block: one call for many entries, the chains' entries
 * in a loop of their own (most entries are not stems), built once for
 * each way of finding the n-th set square. */
static inline __attribute__((always_inline)) size_t
next_entries_by(binpack_chunk_decoder *restrict d, entry_sink *sink, size_t max, binpack_step *stop,
                binpack_fault *restrict fault, decode_way way)
{
    size_t count = 0;
    binpack_step step = BINPACK_ENTRY;
    while (count < max) {
        if (d->plies_left) {
            if (decode_chain(d, sink, &count, max, way, fault)) {
                step = BINPACK_FAULT;
                break;
            }
            continue;
        }
        step = next_stem(d, sink, count, way.pdep, way.mode, fault);
        if (step != BINPACK_ENTRY)
            break;
        count++;
    }
    *stop = step;
    return count;
}

/* The loop of a sink mode: by pdep where the decoder says and this copy
 * has it, else by halving. */
static inline __attribute__((always_inline)) size_t
seebatch_coding_next_in(binpack_chunk_decoder *d, entry_sink *sink, size_t max, binpack_step *stop,
                        binpack_fault *fault, sink_mode mode)
{
#if defined(__BMI2__)
    if (d->pdep)
        return next_entries_by(d, sink, max, stop, fault, (decode_way){true, mode});
#endif
    return next_entries_by(d, sink, max, stop, fault, (decode_way){false, mode});
}

static size_t seebatch_coding_next_entries(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                                           binpack_step *stop, binpack_fault *fault)
{
    return seebatch_coding_next_in(d, sink, max, stop, fault, SINK_ENTRIES);
}

static size_t seebatch_coding_next_briefs(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                                          binpack_step *stop, binpack_fault *fault)
{
    return seebatch_coding_next_in(d, sink, max, stop, fault, SINK_BRIEFS);
}

static size_t seebatch_coding_next_nothing(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                                           binpack_step *stop, binpack_fault *fault)
{
    return seebatch_coding_next_in(d, sink, max, stop, fault, SINK_NOTHING);
}

#endif
