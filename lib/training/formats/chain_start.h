/* Where to cut a binpack payload so that its parts can be decoded on
 * several threads (the library's runner cuts the last chunks of an input
 * for idle workers). Chains carry no mark of where they start, so a cut is
 * a guess: confirm it by decoding the part before it, which must end
 * exactly there (a wrong guess costs time, never a wrong entry). */
#ifndef SEEBATCH_FORMATS_CHAIN_START_H
#define SEEBATCH_FORMATS_CHAIN_START_H

#include <stddef.h>
#include <stdint.h>

/* The first offset at or after `from` (and after 0) where payload (size
 * bytes) looks like the start of a chain: a stem and its chain decode, then
 * two more chains or the payload's end. size when none is found; reads
 * nothing outside the payload. */
size_t seebatch_binpack_guess_chain_start(const uint8_t *payload, size_t size, size_t from);

/* The payload cut into at most `parts` parts of about equal size: starts[0]
 * is 0, each later start the guess from about k * size / parts (and after
 * the start before it); part k is [starts[k], starts[k + 1]), the last
 * ending at size. Returns how many starts were written (room for `parts`;
 * parts 0 counts as 1): 1 when no cut is found. */
size_t seebatch_binpack_cut_payload(const uint8_t *payload, size_t size, size_t parts,
                                    size_t *starts);

#endif
