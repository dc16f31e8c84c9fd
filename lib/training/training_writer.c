/* Writing entries from arrays, as the tool writes them: plain blocks, or
 * binpack through Stockfish's entry-by-entry chaining. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/bin_file.h"
#include "training/formats/binpack_reader.h"
#include "training/formats/binpack_stem.h"
#include "training/formats/binpack_writer.h"
#include "training/formats/chain_moves.h"
#include "training/formats/plain.h"
#include "platform/output_file.h"
#include "training_internal.h"

struct seebatch_training_writer {
    FILE *file; /* output.stream */
    seebatch_output_file output;
    char *path;
    seebatch_file_format format;
    binpack_writer binpack;
    uint64_t entries;              /* entries given so far */
    bool refused;                  /* a call failed: later ones are refused */
    bool caller_chunks;            /* chunks end at seebatch_training_end_chunk only */
    seebatch_training_place place; /* of the last entry refused */
    /* seebatch_training_filter_file's (training_internal.h): a stream it
     * was given (flushed, never closed or committed), and entries from the
     * library's own readers (checked there). */
    bool borrowed;
    bool trusted;
    bool holds_checked;
};

seebatch_status seebatch_training_write_stream(FILE *file, const char *name,
                                               seebatch_file_format format,
                                               seebatch_training_writer **writer,
                                               seebatch_error *error)
{
    seebatch_training_writer *made = calloc(1, sizeof *made);
    char *copy = made ? malloc(strlen(name) + 1) : NULL;
    *writer = copy ? made : NULL;
    if (!copy) {
        free(made);
        return seebatch_fail_about(error, TRAINING_MEMORY_FAULT, name, "out of memory");
    }
    made->file = file;
    made->path = strcpy(copy, name);
    made->format = format;
    made->borrowed = true;
    seebatch_binpack_writer_init(&made->binpack);
    return seebatch_succeed(error);
}

void seebatch_training_writer_trust(seebatch_training_writer *writer, bool holds_checked)
{
    writer->trusted = true;
    writer->holds_checked = holds_checked;
}

seebatch_status seebatch_training_create(const char *path, seebatch_file_format format,
                                         int caller_chunks, seebatch_training_writer **writer,
                                         seebatch_error *error)
{
    if (!writer || !path) {
        if (writer)
            *writer = NULL;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "path or writer is NULL");
    }
    *writer = NULL;
    if (format != SEEBATCH_FILE_BINPACK && format != SEEBATCH_FILE_PLAIN &&
        format != SEEBATCH_FILE_BIN)
        return seebatch_fail_about(error, SEEBATCH_ERROR_ARGUMENT, path,
                                   "format %d is none of binpack (1), plain (2), bin (4)",
                                   (int)format);
    seebatch_training_writer *made = calloc(1, sizeof *made);
    char *copy = malloc(strlen(path) + 1);
    int failure = !made || !copy ? ENOMEM
                  : seebatch_output_file_open(&made->output, path, NULL) != SEEBATCH_OK
                      ? made->output.system_error
                      : 0;
    if (failure) {
        free(made);
        free(copy);
        return seebatch_fail_about(error,
                                   failure == ENOMEM ? TRAINING_MEMORY_FAULT : TRAINING_FILE_FAULT,
                                   path, "cannot create: %s", strerror(failure));
    }
    made->file = made->output.stream;
    made->path = strcpy(copy, path);
    made->format = format;
    made->caller_chunks = caller_chunks != 0;
    seebatch_binpack_writer_init(&made->binpack);
    *writer = made;
    return seebatch_succeed(error);
}

const char seebatch_binpack_cannot_hold[] =
    "binpack cannot store it (more than 32 pieces, castling rights without their rook, an en "
    "passant square no pawn can take on, or a ply above 16383)";

bool seebatch_binpack_stem_holds(const training_entry *entry)
{
    if (seebatch_binpack_stem_holds_plainly(entry)) /* the usual case, with no round trip */
        return true;
    uint8_t stem[BINPACK_STEM_SIZE];
    training_entry back;
    binpack_fault unpacked;
    seebatch_binpack_pack_stem(entry, stem);
    const seebatch_board *a = &entry->board, *b = &back.board;
    return entry->ply <= BINPACK_PLY_MAX && seebatch_binpack_unpack_stem(stem, &back, &unpacked) &&
           memcmp(a->pieces, b->pieces, sizeof a->pieces) == 0 &&
           memcmp(a->colors, b->colors, sizeof a->colors) == 0 &&
           a->side_to_move == b->side_to_move && a->en_passant == b->en_passant &&
           a->castling == b->castling && a->halfmove_clock == b->halfmove_clock &&
           entry->move == back.move && entry->score == back.score && entry->ply == back.ply &&
           entry->result == back.result;
}

/* The entry refused, numbered, when binpack's stem cannot hold it. */
static seebatch_status seebatch_stem_holds(const training_entry *entry, uint64_t number,
                                           seebatch_error *error)
{
    char why[SEEBATCH_MESSAGE_SIZE - 64];
    if (!seebatch_castling_is_standard(&entry->board, "binpack", why, sizeof why))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "entry %llu: %s",
                             (unsigned long long)number, why);
    if (!seebatch_binpack_stem_holds(entry))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "entry %llu: %s",
                             (unsigned long long)number, seebatch_binpack_cannot_hold);
    return SEEBATCH_OK;
}

/* Checks the entry as its format needs and puts it into the file (plain,
 * bin) or the chunk being built (binpack); *written false when the write
 * failed. */
static seebatch_status seebatch_put_entry(seebatch_training_writer *w, const training_entry *entry,
                                          uint64_t number, bool *written, seebatch_error *error)
{
    if (w->format == SEEBATCH_FILE_BINPACK) {
        /* An entry joining a chain has the board its predecessor's move
         * made, and no stem: only its move and result need checking. */
        bool join = seebatch_binpack_joins_chain(&w->binpack, entry);
        seebatch_status status =
            w->trusted ? SEEBATCH_OK : seebatch_check_training_entry(entry, number, !join, error);
        if (status == SEEBATCH_OK && !join)
            status = seebatch_stem_holds(entry, number, error);
        if (status != SEEBATCH_OK)
            return status;
        *written =
            seebatch_binpack_put_entry(&w->binpack, entry, join, w->caller_chunks ? NULL : w->file);
        return SEEBATCH_OK;
    }
    seebatch_status status =
        w->trusted ? SEEBATCH_OK : seebatch_check_training_entry(entry, number, true, error);
    if (status != SEEBATCH_OK)
        return status;
    if (w->format == SEEBATCH_FILE_PLAIN) {
        char block[PLAIN_BLOCK_MAX];
        size_t length = seebatch_plain_format(entry, block);
        *written = fwrite(block, 1, length, w->file) == length;
        return SEEBATCH_OK;
    }
    char why[SEEBATCH_MESSAGE_SIZE - 64];
    if (!w->holds_checked && !seebatch_bin_holds(entry, why, sizeof why))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "entry %llu: %s",
                             (unsigned long long)number, why);
    *written = seebatch_bin_write(entry, w->file);
    return SEEBATCH_OK;
}

static seebatch_status seebatch_write_one(seebatch_training_writer *w, const training_entry *entry,
                                          seebatch_error *error)
{
    uint64_t number = w->entries + 1; /* counting from 1, as the tool does */
    bool written = false;
    seebatch_status status = seebatch_put_entry(w, entry, number, &written, error);
    if (status == SEEBATCH_OK && !written)
        status = seebatch_fail_about(error, TRAINING_FILE_FAULT, w->path,
                                     "writing entry %llu failed: %s", (unsigned long long)number,
                                     w->binpack.out_of_memory ? "out of memory" : strerror(errno));
    if (status != SEEBATCH_OK) {
        w->place = training_entry_place(number);
        return status;
    }
    w->entries++;
    return SEEBATCH_OK;
}

/* Writes entries i < count with keep[i] (keep NULL: all), each loaded by
 * load from in; the first refused ends it. */
static inline seebatch_status seebatch_write_kept(seebatch_training_writer *writer, size_t count,
                                                  const seebatch_training_arrays *arrays,
                                                  const training_entry *entries,
                                                  const uint8_t *keep, seebatch_error *error)
{
    if (writer->refused) {
        writer->place = training_entry_place(writer->entries + 1);
        return seebatch_fail_about(error, SEEBATCH_ERROR_ARGUMENT, writer->path,
                                   "an earlier write failed");
    }
    training_entry loaded;
    for (size_t i = 0; i < count; i++) {
        if (keep && !keep[i])
            continue;
        const training_entry *entry = entries ? &entries[i] : &loaded;
        if (!entries)
            training_load(arrays, i, &loaded);
        seebatch_status status = seebatch_write_one(writer, entry, error);
        if (status != SEEBATCH_OK) {
            writer->refused = true;
            return status;
        }
    }
    return seebatch_succeed(error);
}

seebatch_status seebatch_training_write(seebatch_training_writer *writer, size_t count,
                                        const seebatch_training_arrays *in, const uint8_t *keep,
                                        seebatch_error *error)
{
    if (!writer || (count && !in))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "writer or in is NULL");
    return seebatch_write_kept(writer, count, in, NULL, keep, error);
}

seebatch_status seebatch_training_write_entries(seebatch_training_writer *writer, size_t count,
                                                const training_entry *entries, const uint8_t *keep,
                                                seebatch_error *error)
{
    return seebatch_write_kept(writer, count, NULL, entries, keep, error);
}

seebatch_status seebatch_training_end_chunk(seebatch_training_writer *writer, seebatch_error *error)
{
    if (!writer)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "writer is NULL");
    if (seebatch_binpack_flush_chunk(&writer->binpack, writer->file) && !ferror(writer->file))
        return seebatch_succeed(error);
    writer->refused = true;
    writer->place = training_entry_place(0);
    return seebatch_fail_about(
        error, writer->binpack.out_of_memory ? TRAINING_MEMORY_FAULT : TRAINING_FILE_FAULT,
        writer->path, "writing failed: %s",
        writer->binpack.out_of_memory ? "out of memory" : strerror(errno));
}

seebatch_training_place seebatch_training_writer_place(const seebatch_training_writer *writer)
{
    return writer->place;
}

/* Frees what the writer holds once its file is dealt with. */
static void seebatch_free_writer(seebatch_training_writer *writer)
{
    seebatch_binpack_writer_free(&writer->binpack);
    free(writer->path);
    free(writer);
}

seebatch_status seebatch_training_finish(seebatch_training_writer *writer, seebatch_error *error)
{
    if (!writer)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "writer is NULL");
    errno = 0;
    bool ok = seebatch_binpack_flush_chunk(&writer->binpack, writer->file) &&
              fflush(writer->file) == 0 && !ferror(writer->file);
    int failure = errno ? errno : EIO;
    if (writer->borrowed)
        failure = ok ? 0 : failure;
    else if (ok)
        failure = seebatch_output_file_commit(&writer->output, NULL) == SEEBATCH_OK
                      ? 0
                      : writer->output.system_error;
    else
        seebatch_output_file_discard(&writer->output);
    seebatch_status status =
        ok && !failure
            ? seebatch_succeed(error)
            : seebatch_fail_about(
                  error, TRAINING_FILE_FAULT, writer->path, "writing failed: %s%s",
                  strerror(failure),
                  writer->borrowed ? "" : "; nothing was written there (the file is as it was)");
    seebatch_free_writer(writer);
    return status;
}

void seebatch_training_abandon(seebatch_training_writer *writer)
{
    if (!writer)
        return;
    if (!writer->borrowed)
        seebatch_output_file_discard(&writer->output);
    seebatch_free_writer(writer);
}
