/* Where to cut a binpack payload so that its chains can be decoded on
 * several threads (chain_start.h). Chains follow one another with nothing
 * marking where one starts (each ends where its movetext does), so a cut is
 * a guess: a place where a stem decodes, its chain decodes, and so do the
 * chains after it. */
#include "chain_start.h"

#include "binpack_reader.h"

/* Chains that must decode from a guess, the first included. */
enum { BINPACK_SPLIT_CHAINS = 3, TRIAL_BLOCK = 64 };

/* Whether chains decode from `at` on: BINPACK_SPLIT_CHAINS of them, or
 * every one up to the payload's end. */
static bool seebatch_chains_decode_from(const uint8_t *data, size_t size, size_t at)
{
    binpack_chunk_decoder decoder;
    seebatch_binpack_decoder_start(&decoder, data + at, size - at, at);
    training_entry entries[TRIAL_BLOCK];
    binpack_source sources[TRIAL_BLOCK];
    binpack_fault fault;
    unsigned stems = 0;
    for (;;) {
        binpack_step stop;
        size_t count =
            seebatch_binpack_next_block(&decoder, entries, sources, TRIAL_BLOCK, &stop, &fault);
        for (size_t i = 0; i < count; i++)
            if (sources[i].stem && ++stems > BINPACK_SPLIT_CHAINS)
                return true; /* the chains before this stem all decoded */
        /* The decoder ends only after a stem (its first step, 34 bytes or
         * more before the end, is one or a fault), so the end means every
         * chain from `at` decoded. */
        if (stop != BINPACK_ENTRY)
            return stop == BINPACK_END;
    }
}

size_t seebatch_binpack_guess_chain_start(const uint8_t *data, size_t size, size_t from)
{
    for (size_t at = from ? from : 1; at + 34 <= size; at++) {
        /* A stem's occupancy holds 2 to 32 squares, both kings among them:
         * most offsets fail here, before any decoding. */
        uint64_t occupied = 0;
        for (int i = 0; i < 8; i++)
            occupied = occupied << 8 | data[at + i];
        int pieces = __builtin_popcountll(occupied);
        if (pieces < 2 || pieces > 32)
            continue;
        training_entry stem;
        binpack_fault fault;
        if (!seebatch_binpack_unpack_stem(data + at, &stem, &fault))
            continue;
        if (seebatch_chains_decode_from(data, size, at))
            return at;
    }
    return size;
}

size_t seebatch_binpack_cut_payload(const uint8_t *data, size_t size, size_t parts, size_t *starts)
{
    size_t count = 1;
    starts[0] = 0;
    for (size_t k = 1; k < parts; k++) {
        size_t from = size / parts * k;
        size_t start = starts[count - 1];
        size_t cut =
            seebatch_binpack_guess_chain_start(data, size, from > start ? from : start + 1);
        if (cut >= size)
            break;
        starts[count++] = cut;
    }
    return count;
}
