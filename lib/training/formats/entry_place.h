/*
 * Where an entry of training data is, in the words of every message about
 * one, the tool's and the training functions' (so Python's) alike:
 *   "byte B, entry E"  in a binpack: B the byte offset in the file
 *   "line L, entry E"  in plain text: L the line at fault
 * E counts entries from 1, as lines count from 1: entry E has E - 1
 * entries before it.
 */
#ifndef SEEBATCH_FORMATS_ENTRY_PLACE_H
#define SEEBATCH_FORMATS_ENTRY_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes "PLACE: why" into out (size bytes, NUL-terminated, cut if need
 * be); returns out. in_lines: position is a line number, else a byte offset. */
const char *seebatch_entry_fault_text(char *out, size_t size, bool in_lines, uint64_t position,
                                      uint64_t entry, const char *why);

#endif
