#include "binpack_writer.h"

#include <stdlib.h>
#include <string.h>

#include "binpack_fields.h"
#include "chain_moves.h"
#include "cpu_features.h"

/* ------------------------------------------------------------------------ */
/* Stems                                                                    */
/* ------------------------------------------------------------------------ */

/* Sets the nibble of the piece on square (its index among the occupied
 * squares says where). */
static inline void set_nibble(uint8_t *nibbles, bitboard occupied, unsigned square, unsigned value)
{
    unsigned index = (unsigned)popcount(occupied & (seebatch_square_bit(square) - 1));
    if (index >= 32)
        return; /* past what an entry holds */
    unsigned shift = index % 2 * 4;
    nibbles[index / 2] = (uint8_t)((nibbles[index / 2] & ~(15u << shift)) | value << shift);
}

/* The special nibbles: the pawn that just made a double push, rooks that
 * can still castle, the black king when black is to move. */
static inline void set_special_nibbles(const seebatch_board *board, bitboard occupied,
                                       uint8_t *nibbles)
{
    if (board->en_passant < 64) {
        unsigned pushed =
            board->side_to_move == SEEBATCH_WHITE ? board->en_passant - 8u : board->en_passant + 8u;
        if ((board->pieces[SEEBATCH_PAWN] >> pushed) & 1u)
            set_nibble(nibbles, occupied, pushed, 12);
    }
    static const unsigned corners[4] = {7, 0, 63, 56}; /* by castling bit: K, Q, k, q */
    for (unsigned right = 0; right < 4; right++) {
        unsigned color = right / 2, corner = corners[right];
        if ((board->castling >> right) & 1u & (unsigned)(board->pieces[SEEBATCH_ROOK] >> corner) &
            (unsigned)(board->colors[color] >> corner))
            set_nibble(nibbles, occupied, corner, color == SEEBATCH_WHITE ? 13 : 14);
    }
    bitboard black_king = board->pieces[SEEBATCH_KING] & board->colors[SEEBATCH_BLACK];
    if (board->side_to_move == SEEBATCH_BLACK && black_king)
        set_nibble(nibbles, occupied, lowest_square(black_king), 15);
}

static uint16_t seebatch_pack_move(seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move), type = 0, promotion = 0;
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        type = 1;
        promotion = kind - SEEBATCH_MOVE_PROMOTE_KNIGHT;
    } else if (kind == SEEBATCH_MOVE_CASTLING) {
        type = 2;
        to = to > from ? (from | 7u) : (from & ~7u); /* the rook's corner */
    } else if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        type = 3;
    }
    return (uint16_t)(type << 14 | from << 8 | to << 2 | promotion);
}

/* What both stem packers write after the pieces' nibbles: the nibbles of
 * castling rights, en passant and the side to move, then the move, score,
 * ply and result, and the rule-50 counter. */
static inline void seebatch_pack_stem_rest(const training_entry *entry, bitboard occupied, uint8_t out[32])
{
    const seebatch_board *board = &entry->board;
    set_special_nibbles(board, occupied, out + 8);
    write_be16(out + 24, seebatch_pack_move(entry->move));
    write_be16(out + 26, fold(entry->score));
    write_be16(out + 28, (uint16_t)((entry->ply & 0x3FFFu) | fold(entry->result) << 14));
    write_be16(out + 30, board->halfmove_clock);
}

SEEBATCH_POPCNT_CLONES
static void seebatch_pack_stem(const training_entry *entry, uint8_t out[32])
{
    const seebatch_board *board = &entry->board;
    bitboard occupied = occupied_squares(board);
    memset(out, 0, 32);
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(occupied >> (56 - 8 * i));
    /* An entry holds 32 pieces: the occupancy says where, a nibble each what. */
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        for (unsigned color = 0; color < 2; color++)
            for (bitboard set = board->pieces[type] & board->colors[color]; set; set &= set - 1) {
                unsigned index = (unsigned)popcount(occupied & (lowest_bit(set) - 1));
                if (index < 32)
                    out[8 + index / 2] |=
                        (uint8_t)(((unsigned)type * 2 + color) << (index % 2 * 4));
            }
    seebatch_pack_stem_rest(entry, occupied, out);
}

void seebatch_binpack_pack_stem(const training_entry *entry, uint8_t out[32])
{
    seebatch_pack_stem(entry, out);
}

#if defined(__x86_64__)
static inline uint64_t pext64(uint64_t value, uint64_t mask)
{
    uint64_t result;
    __asm__("pext %2, %1, %0" : "=r"(result) : "r"(value), "rm"(mask));
    return result;
}

static inline uint64_t pdep64(uint64_t value, uint64_t mask)
{
    uint64_t result;
    __asm__("pdep %2, %1, %0" : "=r"(result) : "r"(value), "rm"(mask));
    return result;
}

/* pack_stem where pext and pdep are fast (chain_moves.h says why they are
 * assembly): a nibble's four bits (colour, then the type's three, as
 * type_planes has them) are each gathered for the pieces in square order
 * with pext and spread to every fourth bit with pdep, rather than a
 * popcount per piece. The 16 nibble bytes are little-endian words. */
#if !defined(SEEBATCH_NO_CLONES)
/* Built for POPCNT too (the writer takes this path only where the CPU has
 * it): the special nibbles' indexes are popcounts. */
__attribute__((target("popcnt")))
#endif
static void
seebatch_pack_stem_pdep(const training_entry *entry, uint8_t out[32])
{
    const seebatch_board *board = &entry->board;
    bitboard occupied = occupied_squares(board);
    type_planes types = type_planes_of(board, 0);
    const bitboard planes[4] = {board->colors[SEEBATCH_BLACK], types.bit[0], types.bit[1],
                                types.bit[2]};
    uint64_t low = 0, high = 0;
    for (unsigned k = 0; k < 4; k++) {
        uint64_t bits = pext64(planes[k], occupied); /* pieces past the 32nd are dropped */
        low |= pdep64(bits, 0x1111111111111111ull << k);
        high |= pdep64(bits >> 16, 0x1111111111111111ull << k);
    }
    uint64_t be_occupied = __builtin_bswap64(occupied);
    memcpy(out, &be_occupied, 8);
    memcpy(out + 8, &low, 8);
    memcpy(out + 16, &high, 8);
    seebatch_pack_stem_rest(entry, occupied, out);
}
#define SEEBATCH_PACK_STEM_PDEP 1
#endif

/* The stem by pdep where the writer was told the CPU runs it fast. */
static void seebatch_pack_stem_for(const binpack_writer *w, const training_entry *entry, uint8_t out[32])
{
#ifdef SEEBATCH_PACK_STEM_PDEP
    if (w->pdep) {
        seebatch_pack_stem_pdep(entry, out);
        return;
    }
#endif
    (void)w;
    seebatch_pack_stem(entry, out);
}

/* ------------------------------------------------------------------------ */
/* Payload                                                                  */
/* ------------------------------------------------------------------------ */

static bool seebatch_reserve(binpack_writer *w, size_t more)
{
    if (w->size + more <= w->capacity)
        return true;
    size_t capacity = w->capacity ? w->capacity : 4096;
    while (capacity < w->size + more)
        capacity *= 2;
    uint8_t *grown = realloc(w->payload, capacity);
    if (!grown) {
        w->out_of_memory = true;
        return false;
    }
    w->payload = grown;
    w->capacity = capacity;
    return true;
}

/* Appends count (0..56) bits of value, high bit first. The bytes after the
 * last bit written are always zero, so the payload ends where the bits do. */
static void seebatch_put_bits(binpack_writer *w, uint64_t value, unsigned count)
{
    size_t byte = w->movetext_at + (size_t)(w->bits >> 3);
    if (!seebatch_reserve(w, byte + 8 - w->size))
        return;
    unsigned shift = (unsigned)(w->bits & 7);
    uint64_t window = count ? value << (64 - shift - count) : 0;
    uint8_t *out = w->payload + byte;
    /* The first byte keeps the bits already there; eight bytes in one store. */
    window = __builtin_bswap64(window | (shift ? (uint64_t)out[0] << 56 : 0));
    memcpy(out, &window, sizeof window);
    w->bits += count;
    w->size = w->movetext_at + (size_t)((w->bits + 7) >> 3);
}

void seebatch_binpack_close_chain(binpack_writer *w)
{
    if (w->count_at == SIZE_MAX)
        return;
    write_be16(w->payload + w->count_at, (uint16_t)w->plies);
    w->count_at = SIZE_MAX;
}

void seebatch_binpack_start_chain(binpack_writer *w, const training_entry *entry,
                                  const uint8_t *stem)
{
    seebatch_binpack_close_chain(w);
    if (!seebatch_reserve(w, 34))
        return;
    if (stem)
        memcpy(w->payload + w->size, stem, 32);
    else
        seebatch_pack_stem_for(w, entry, w->payload + w->size);
    w->count_at = w->size + 32;
    w->size += 34;
    w->movetext_at = w->size;
    w->bits = 0;
    w->plies = 0;
    w->last_score = wrap16(-entry->score);
}

static unsigned seebatch_below(bitboard set, unsigned square)
{
    return (unsigned)popcount(set & (seebatch_square_bit(square) - 1));
}

SEEBATCH_POPCNT_CLONES
static void seebatch_append_entry(binpack_writer *w, const training_entry *entry)
{
    const seebatch_board *board = &entry->board;
    seebatch_move move = entry->move;
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    bitboard ours = board->colors[board->side_to_move];
    int type = piece_type_on(board, from);
    unsigned castlings;
    bitboard targets = seebatch_chain_destinations(board, from, type, &castlings);
    unsigned count = (unsigned)popcount(targets), choices = count + castlings, id;
    if (kind == SEEBATCH_MOVE_CASTLING) {
        unsigned queenside = board->side_to_move == SEEBATCH_WHITE ? 2u : 8u;
        id = count - 1 + ((board->castling & queenside) ? 1u : 0u) + (to > from ? 1u : 0u);
    } else if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        choices = count * 4;
        id = seebatch_below(targets, to) * 4 + (kind - SEEBATCH_MOVE_PROMOTE_KNIGHT);
    } else {
        id = seebatch_below(targets, to);
    }
    seebatch_put_bits(w, seebatch_below(ours, from), index_bits((unsigned)popcount(ours)));
    seebatch_put_bits(w, id, index_bits(choices));
    unsigned folded = fold(wrap16(entry->score - w->last_score));
    do {
        unsigned block = folded & 15u;
        folded >>= BINPACK_SCORE_BLOCK;
        seebatch_put_bits(w, block | (folded ? 16u : 0u), BINPACK_SCORE_BLOCK + 1);
    } while (folded);
    w->last_score = wrap16(-entry->score);
    w->plies++;
}

void seebatch_binpack_append_entry(binpack_writer *writer, const training_entry *entry)
{
    seebatch_append_entry(writer, entry);
}

/* The count (1..56) bits of data (size bytes) from bit on: one load when
 * eight bytes are there, else byte by byte up to size. */
static uint64_t seebatch_take_bits(const uint8_t *data, size_t size, uint64_t bit, unsigned count)
{
    size_t byte = (size_t)(bit >> 3);
    unsigned shift = (unsigned)(bit & 7);
    uint64_t window = 0;
    if (byte + 8 <= size) {
        memcpy(&window, data + byte, sizeof window);
        window = __builtin_bswap64(window);
    } else {
        for (size_t i = 0; i < 8; i++)
            window = window << 8 | (byte + i < size ? data[byte + i] : 0u);
    }
    return (window << shift) >> (64 - count);
}

/* Appends the 56 bits at the top of `high` (room for them reserved): put_bits
 * with no reserve and no shift into place, for copying runs of bits. */
static inline void put_top_56(binpack_writer *w, uint64_t high)
{
    uint8_t *out = w->payload + w->movetext_at + (size_t)(w->bits >> 3);
    unsigned shift = (unsigned)(w->bits & 7);
    /* The first byte keeps the bits already there (none at a byte's start,
     * where memory may be fresh). */
    uint64_t window = (high & ~0xFFull) >> shift | (shift ? (uint64_t)out[0] << 56 : 0);
    window = __builtin_bswap64(window);
    memcpy(out, &window, sizeof window);
    w->bits += 56;
}

void seebatch_binpack_append_bits(binpack_writer *w, const uint8_t *data, size_t size,
                                  uint64_t bit_start, uint64_t bit_end, unsigned entries)
{
    /* Room for the whole run and the 8-byte stores past its end, once. */
    size_t need = w->movetext_at + (size_t)((w->bits + (bit_end - bit_start)) >> 3) + 8;
    if (need > w->size && !seebatch_reserve(w, need - w->size))
        return;
    uint64_t bit = bit_start;
    for (; bit_end - bit >= 56 && (size_t)(bit >> 3) + 8 <= size; bit += 56) {
        uint64_t window;
        memcpy(&window, data + (bit >> 3), sizeof window);
        put_top_56(w, __builtin_bswap64(window) << (bit & 7));
    }
    w->size = w->movetext_at + (size_t)((w->bits + 7) >> 3);
    for (; bit < bit_end;) {
        unsigned count = bit_end - bit < 56 ? (unsigned)(bit_end - bit) : 56u;
        seebatch_put_bits(w, seebatch_take_bits(data, size, bit, count), count);
        bit += count;
    }
    w->plies += entries;
}

bool seebatch_binpack_flush_chunk_parts(binpack_writer *const *writers, size_t count, FILE *out)
{
    bool ok = true;
    size_t size = 0;
    for (size_t i = 0; i < count; i++) {
        seebatch_binpack_close_chain(writers[i]);
        ok = ok && !writers[i]->out_of_memory;
        size += writers[i]->size;
    }
    if (ok && size) {
        uint8_t header[8] = {'B',
                             'I',
                             'N',
                             'P',
                             (uint8_t)size,
                             (uint8_t)(size >> 8),
                             (uint8_t)(size >> 16),
                             (uint8_t)(size >> 24)};
        ok = fwrite(header, 1, 8, out) == 8;
        for (size_t i = 0; ok && i < count; i++) /* an empty writer may have no payload */
            ok = !writers[i]->size ||
                 fwrite(writers[i]->payload, 1, writers[i]->size, out) == writers[i]->size;
    }
    for (size_t i = 0; i < count; i++) {
        writers[i]->size = 0;
        writers[i]->has_last = false;
    }
    return ok;
}

bool seebatch_binpack_flush_chunk(binpack_writer *w, FILE *out)
{
    return seebatch_binpack_flush_chunk_parts(&w, 1, out);
}

/* ------------------------------------------------------------------------ */
/* Entry by entry                                                           */
/* ------------------------------------------------------------------------ */

bool seebatch_binpack_continues(const training_entry *previous, const training_entry *next)
{
    if (previous->result != -next->result || (uint16_t)(previous->ply + 1) != next->ply)
        return false;
    seebatch_board after = previous->board;
    chain_play(&after, previous->move);
    const seebatch_board *b = &next->board;
    return memcmp(after.pieces, b->pieces, sizeof after.pieces) == 0 &&
           memcmp(after.colors, b->colors, sizeof after.colors) == 0 &&
           after.side_to_move == b->side_to_move && after.en_passant == b->en_passant &&
           after.castling == b->castling;
}

bool seebatch_binpack_joins_chain(const binpack_writer *w, const training_entry *entry)
{
    return w->has_last && w->count_at != SIZE_MAX && w->plies < BINPACK_CHAIN_MAX &&
           seebatch_binpack_continues(&w->last, entry);
}

bool seebatch_binpack_put_entry(binpack_writer *w, const training_entry *entry, bool join,
                                FILE *out)
{
    if (!join && out && w->size >= BINPACK_CHUNK_TARGET && !seebatch_binpack_flush_chunk(w, out))
        return false;
    if (join)
        seebatch_binpack_append_entry(w, entry);
    else
        seebatch_binpack_start_chain(w, entry, NULL);
    w->last = *entry;
    w->has_last = true;
    return !w->out_of_memory;
}

bool seebatch_binpack_write_entry(binpack_writer *w, const training_entry *entry, FILE *out)
{
    return seebatch_binpack_put_entry(w, entry, seebatch_binpack_joins_chain(w, entry), out);
}

void seebatch_binpack_writer_init(binpack_writer *w)
{
    memset(w, 0, sizeof *w);
    w->count_at = SIZE_MAX;
    w->pdep = seebatch_cpu_has_fast_pext();
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    w->pdep = w->pdep && __builtin_cpu_supports("popcnt");
#endif
}

void seebatch_binpack_writer_free(binpack_writer *w)
{
    bool pdep = w->pdep;
    free(w->payload);
    memset(w, 0, sizeof *w);
    w->count_at = SIZE_MAX;
    w->pdep = pdep;
}
