/* Where an entry of training data is, in the words of every message about
 * one: the library's, the `seebatch` tool's and Python's. */
#ifndef SEEBATCH_FORMATS_FAULT_TEXT_H
#define SEEBATCH_FORMATS_FAULT_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Writes "PLACE, entry E: why" into out (size bytes, NUL-terminated, cut
 * if need be) and returns out. PLACE is "line L" (in_lines 1: a line of
 * plain text) or "byte B" (in_lines 0: a byte of a binpack or .bin); entry
 * counts from 1. */
const char *seebatch_training_fault_text(char *out, size_t size, int in_lines, uint64_t position,
                                         uint64_t entry, const char *why);

/* A binpack fault in a chain's movetext ends its why with this note, N the
 * entries of the chain before it (the decoder knows N, not the entries'
 * numbers): "WHY" TRAINING_CHAIN_NOTE "N" TRAINING_CHAIN_NOTE_END.
 * seebatch_training_fault_text adds those entries' numbers. */
#define TRAINING_CHAIN_NOTE "; its chain's "
#define TRAINING_CHAIN_NOTE_END " entries before it may be wrong too"

#endif
