/* What the files of libseebatch_training share: filling a fault, moving an
 * entry between training_entry and the caller's arrays, and the checks an
 * entry from the caller passes before any format or rule code sees it. */
#ifndef SEEBATCH_TRAINING_INTERNAL_H
#define SEEBATCH_TRAINING_INTERNAL_H

#include <stdbool.h>

#include "seebatch_training.h"
#include "training_entry.h"

/* Fills *fault (failed = 1) with a printf-style message. */
void training_fail(seebatch_training_fault *fault, uint64_t byte_offset, uint64_t entry,
                   const char *format, ...) __attribute__((format(printf, 4, 5)));

static inline void training_store(const seebatch_training_arrays *out, size_t i,
                                  const training_entry *entry)
{
    out->boards[i] = entry->board;
    out->moves[i] = entry->move;
    out->scores[i] = entry->score;
    out->plies[i] = entry->ply;
    out->results[i] = entry->result;
}

static inline void training_load(const seebatch_training_arrays *in, size_t i,
                                 training_entry *entry)
{
    entry->board = in->boards[i];
    entry->move = in->moves[i];
    entry->score = in->scores[i];
    entry->ply = in->plies[i];
    entry->result = in->results[i];
}

/* Whether the entry's board is consistent (checked only with check_board:
 * a board made by playing a checked move on a checked board is), its move
 * one the piece on its from-square can make there (what binpack's chains
 * can store) and its result -1..1; false with *fault filled (entry number
 * `number`) if not. */
bool training_check_entry(const training_entry *entry, uint64_t number, bool check_board,
                          seebatch_training_fault *fault);

#endif
