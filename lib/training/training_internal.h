/* What the files of the training functions (seebatch_training.h) share: the statuses of its
 * faults, moving an entry between training_entry and the caller's arrays,
 * and the checks an entry from the caller passes before any format or rule
 * code sees it. Messages are filled by libseebatch's seebatch_fail
 * (errors.h), so both libraries word and fill errors alike. */
#ifndef SEEBATCH_TRAINING_INTERNAL_H
#define SEEBATCH_TRAINING_INTERNAL_H

#include <stdbool.h>

#include "training/formats/data_format.h" /* seebatch_not_training_data */
#include "errors.h"                       /* seebatch_fail, seebatch_succeed */
#include "training/formats/fault_text.h"  /* seebatch_training_fault_text */
#include "seebatch_training.h"
#include "training/formats/training_entry.h"

/* seebatch.h has no status for a file that cannot be opened, read or
 * written, for bytes its format does not allow, or for memory running out:
 * the file given is the argument at fault (seebatch_training.h says so).
 * One name each, so that giving them statuses of their own is one line. */
#define TRAINING_FILE_FAULT SEEBATCH_ERROR_ARGUMENT
#define TRAINING_DATA_FAULT SEEBATCH_ERROR_ARGUMENT
#define TRAINING_MEMORY_FAULT SEEBATCH_ERROR_ARGUMENT

/* The place of entry `number` among those given by the caller. */
static inline seebatch_training_place training_entry_place(uint64_t number)
{
    return (seebatch_training_place){0, number};
}

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

/* Whether the entry is one SEE and the filter's rules are defined on: its
 * board consistent (checked only with check_board, or with no move), its
 * move (unless 0: none) satisfying seebatch_move_check and one its piece
 * can make, whoever is to move, and its result -1..1: SEEBATCH_OK, else
 * SEEBATCH_ERROR_BOARD, SEEBATCH_ERROR_MOVE or SEEBATCH_ERROR_ARGUMENT with
 * *error (if not NULL) naming entry `number`. */
seebatch_status seebatch_check_entry(const training_entry *entry, uint64_t number, bool check_board,
                                     seebatch_error *error);

/* seebatch_check_entry, and a move training data can store: binpack
 * numbers only the moves of the side to move (a board made by playing a
 * checked move on a checked board needs no check_board). */
seebatch_status seebatch_check_training_entry(const training_entry *entry, uint64_t number,
                                              bool check_board, seebatch_error *error);

/* seebatch_training_filter_file's own ends of the reading and writing:
 * streams it is given (neither closed nor committed) and what it asks of
 * the reader and writer beyond seebatch_training.h. */

/* With skip not NULL, a plain block that does not parse no longer ends the
 * reading: it is told to skip, on the reading thread, inside the read call
 * that meets it, with its place (the block's first byte and the number
 * the entry would have) and the whole message ("NAME: line L, entry E:
 * why"); skip returns 1 to pass over it (its number used) and go on, 0 to
 * end the reading at it as a fault. Each entry that output_format (binpack
 * or bin; SEEBATCH_FILE_UNKNOWN: none) cannot hold is told to skip too.
 * name names the file in the messages (kept as a pointer). A .bin entry
 * that does not decode, and a read that fails, always end the reading. */
void seebatch_training_reader_skips(seebatch_training_reader *reader,
                                    int (*skip)(void *, const seebatch_training_place *,
                                                const char *),
                                    void *context, seebatch_file_format output_format,
                                    const char *name);

/* A writer to file (flushed by seebatch_training_finish, never closed,
 * committed or removed); name names it in messages (kept as a pointer). */
seebatch_status seebatch_training_write_stream(FILE *file, const char *name,
                                               seebatch_file_format format,
                                               seebatch_training_writer **writer,
                                               seebatch_error *error);

/* seebatch_training_read into entries as structs (capacity of them): the
 * same status, count, errors and faults. */
seebatch_status seebatch_training_read_entries(seebatch_training_reader *reader, size_t capacity,
                                               training_entry *entries, size_t *count,
                                               seebatch_error *error);

/* The fault that ended a reader's reading: why, without its place, and
 * its line in *line (plain; else 0). "" while none has. */
const char *seebatch_training_reader_reason(const seebatch_training_reader *reader, uint64_t *line);

/* The bytes of a plain or .bin input the entries read so far took, from
 * where the reader started (for progress); 0 for binpack. */
uint64_t seebatch_training_reader_consumed(const seebatch_training_reader *reader);

/* seebatch_training_write of entries as structs (the filter's file loop). */
seebatch_status seebatch_training_write_entries(seebatch_training_writer *writer, size_t count,
                                                const training_entry *entries, const uint8_t *keep,
                                                seebatch_error *error);

/* Whether binpack's stem holds the entry exactly: packed and read back,
 * the same entry (the writer's check of a stem), and the words when it
 * does not. */
bool seebatch_binpack_stem_holds(const training_entry *entry);
extern const char seebatch_binpack_cannot_hold[];

/* The writer's entries come from the library's own readers, which check
 * what seebatch_check_training_entry checks: it checks them no more, and
 * with holds_checked not what .bin can hold either (the reader's skips
 * checked it: seebatch_training_reader_skips). */
void seebatch_training_writer_trust(seebatch_training_writer *writer, bool holds_checked);

/* seebatch_training_open for a stream open for reading, from its current
 * place, in the format given (binpack, plain or bin): the runner's reader of
 * a file it has opened or been given. name names it in messages (kept as a
 * pointer); seebatch_training_close leaves the stream open. */
seebatch_status seebatch_training_open_stream(FILE *stream, const char *name,
                                              seebatch_file_format format,
                                              seebatch_training_reader **reader,
                                              seebatch_error *error);

#endif
