/* Where an entry of training data is, in the words of every message about
 * one: the library's, the `seebatch` tool's and Python's. */
#ifndef SEEBATCH_FORMATS_FAULT_TEXT_H
#define SEEBATCH_FORMATS_FAULT_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "seebatch_training.h"

/* Writes "PLACE, entry E: why" into out (size bytes, NUL-terminated, cut
 * if need be) and returns out. PLACE is "line L" (in_lines 1: a line of
 * plain text) or "byte B" (in_lines 0: a byte of a binpack or .bin); entry
 * counts from 1. */
const char *seebatch_training_fault_text(char *out, size_t size, int in_lines, uint64_t position,
                                         uint64_t entry, const char *why);

/* Appends to the message in out (size bytes, NUL-terminated, cut if need
 * be) what a fault at byte `at` of the training file stream (in format)
 * left unread, from it on: "; not read: N of the file's M bytes" (.bin: and
 * the whole entries among them, "(K entries)"), or of a stream that is no
 * file on a disk, "; not read: the input after it"; nothing at the file's
 * end. What a damaged file cost is named
 * with the damage, in the tool's and Python's messages alike. */
void seebatch_training_note_unread(char *out, size_t size, FILE *stream, uint64_t at,
                                   seebatch_file_format format);

/* A binpack fault in a chain's movetext ends its why with this note, N the
 * entries of the chain before it (the decoder knows N, not the entries'
 * numbers): "WHY" TRAINING_CHAIN_NOTE "N" TRAINING_CHAIN_NOTE_END.
 * seebatch_training_fault_text adds those entries' numbers. */
#define TRAINING_CHAIN_NOTE "; its chain's "
#define TRAINING_CHAIN_NOTE_END " entries before it may be wrong too"

#endif
