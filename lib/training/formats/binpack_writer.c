#include "binpack_writer.h"

#include <stdlib.h>
#include <string.h>

#include "binpack_fields.h"
#include "binpack_stem.h"
#include "chain_coding_choice.h"
#include "chain_moves.h"

void seebatch_binpack_pack_stem(const training_entry *entry, uint8_t out[32])
{
    seebatch_chain_coding_here()->pack_stem(entry, out, false);
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
        w->coding->pack_stem(entry, w->payload + w->size, w->pdep);
    w->count_at = w->size + 32;
    w->size += 34;
    w->movetext_at = w->size;
    w->bits = 0;
    w->plies = 0;
    w->last_score = wrap16(-entry->score);
}

void seebatch_binpack_append_entry(binpack_writer *w, const training_entry *entry)
{
    chain_numbering numbering;
    w->coding->number_move(&entry->board, entry->move, &numbering);
    seebatch_put_bits(w, numbering.piece, index_bits(numbering.pieces));
    seebatch_put_bits(w, numbering.id, index_bits(numbering.choices));
    unsigned folded = fold(wrap16(entry->score - w->last_score));
    do {
        unsigned block = folded & 15u;
        folded >>= BINPACK_SCORE_BLOCK;
        seebatch_put_bits(w, block | (folded ? 16u : 0u), BINPACK_SCORE_BLOCK + 1);
    } while (folded);
    w->last_score = wrap16(-entry->score);
    w->plies++;
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

void seebatch_binpack_chunk_header(uint32_t size, uint8_t header[BINPACK_CHUNK_HEADER])
{
    static const uint8_t magic[4] = {'B', 'I', 'N', 'P'};
    memcpy(header, magic, sizeof magic);
    for (int i = 0; i < 4; i++)
        header[4 + i] = (uint8_t)(size >> (8 * i));
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
        uint8_t header[BINPACK_CHUNK_HEADER];
        seebatch_binpack_chunk_header((uint32_t)size, header);
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
    w->coding = seebatch_chain_coding_here();
    w->pdep = seebatch_chain_coding_pdep(w->coding);
}

void seebatch_binpack_writer_free(binpack_writer *w)
{
    const struct chain_coding *coding = w->coding;
    bool pdep = w->pdep;
    free(w->payload);
    memset(w, 0, sizeof *w);
    w->count_at = SIZE_MAX;
    w->coding = coding;
    w->pdep = pdep;
}
