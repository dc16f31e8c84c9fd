/*
 * Where to cut a binpack payload so that its chains can be decoded on
 * several threads. Chains follow one another with nothing marking where
 * one starts (each ends where its movetext does), so a cut is a guess: a
 * place where a stem decodes, its chain decodes, and so do the chains after
 * it. A caller confirms a guess by decoding the part before it, which must
 * end exactly there; a wrong guess costs time, never a wrong entry.
 */
#ifndef SEEBATCH_FORMATS_BINPACK_SPLIT_H
#define SEEBATCH_FORMATS_BINPACK_SPLIT_H

#include <stddef.h>
#include <stdint.h>

/* The first offset at or after `from` (and after 0) where the payload
 * (data, size bytes) looks like the start of a chain: a stem and its chain
 * decode, then BINPACK_SPLIT_CHAINS - 1 more chains or the payload's end.
 * Returns size when no such offset is found; reads nothing outside the
 * payload. */
size_t seebatch_binpack_guess_chain_start(const uint8_t *data, size_t size, size_t from);

enum { BINPACK_SPLIT_CHAINS = 3 };

#endif
