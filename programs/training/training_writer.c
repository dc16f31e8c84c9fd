/* Writing entries from arrays, as the tool writes them: plain blocks, or
 * binpack through Stockfish's entry-by-entry chaining. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bin_file.h"
#include "binpack_reader.h"
#include "binpack_writer.h"
#include "output_file.h"
#include "plain.h"
#include "training_internal.h"

struct seebatch_training_writer {
    FILE *file; /* output.stream */
    output_file output;
    char *path;
    seebatch_training_format format;
    binpack_writer binpack;
    uint64_t entries;   /* entries given so far */
    bool refused;       /* a call failed: later ones are refused */
    bool caller_chunks; /* chunks end at seebatch_training_end_chunk only */
};

seebatch_training_writer *seebatch_training_create(const char *path,
                                                   seebatch_training_format format,
                                                   int caller_chunks,
                                                   seebatch_training_fault *fault)
{
    memset(fault, 0, sizeof *fault);
    if (format != SEEBATCH_TRAINING_BINPACK && format != SEEBATCH_TRAINING_PLAIN &&
        format != SEEBATCH_TRAINING_BIN) {
        training_fail(fault, 0, 0, "%s: format %d is none of binpack (0), plain (1), bin (2)",
                      path, (int)format);
        return NULL;
    }
    seebatch_training_writer *writer = calloc(1, sizeof *writer);
    char *copy = malloc(strlen(path) + 1);
    int error = writer && copy ? output_file_open(&writer->output, path) : ENOMEM;
    if (error) {
        training_fail(fault, 0, 0, "%s: cannot create: %s", path, strerror(error));
        free(writer);
        free(copy);
        return NULL;
    }
    writer->file = writer->output.stream;
    writer->path = strcpy(copy, path);
    writer->format = format;
    writer->caller_chunks = caller_chunks != 0;
    seebatch_binpack_writer_init(&writer->binpack);
    return writer;
}

/* Whether binpack's stem holds the entry exactly: packed and read back, the
 * same entry (it cannot hold castling rights without their rook, more than
 * 32 pieces, or a ply above 16383). */
static bool stem_holds(const training_entry *entry, uint64_t number, seebatch_training_fault *fault)
{
    uint8_t stem[BINPACK_STEM_SIZE];
    training_entry back;
    binpack_fault unpacked;
    seebatch_binpack_pack_stem(entry, stem);
    const seebatch_board *a = &entry->board, *b = &back.board;
    bool same =
        entry->ply <= BINPACK_PLY_MAX && seebatch_binpack_unpack_stem(stem, &back, &unpacked) &&
        memcmp(a->pieces, b->pieces, sizeof a->pieces) == 0 &&
        memcmp(a->colors, b->colors, sizeof a->colors) == 0 && a->side_to_move == b->side_to_move &&
        a->en_passant == b->en_passant && a->castling == b->castling &&
        a->halfmove_clock == b->halfmove_clock && entry->move == back.move &&
        entry->score == back.score && entry->ply == back.ply && entry->result == back.result;
    if (!same)
        training_fail(fault, 0, number,
                      "entry %llu: binpack cannot store it (more than 32 pieces, castling "
                      "rights without their rook, an en passant square no pawn can take on, or "
                      "a ply above %d)",
                      (unsigned long long)number, BINPACK_PLY_MAX);
    return same;
}

static bool write_one(seebatch_training_writer *w, const training_entry *entry,
                      seebatch_training_fault *fault)
{
    uint64_t number = w->entries + 1; /* counting from 1, as the tool does */
    bool written;
    if (w->format == SEEBATCH_TRAINING_PLAIN) {
        if (!training_check_entry(entry, number, true, fault))
            return false;
        char block[PLAIN_BLOCK_MAX];
        size_t length = seebatch_plain_format(entry, block);
        written = fwrite(block, 1, length, w->file) == length;
    } else if (w->format == SEEBATCH_TRAINING_BIN) {
        char why[SEEBATCH_MESSAGE_SIZE - 64];
        if (!training_check_entry(entry, number, true, fault))
            return false;
        if (!seebatch_bin_holds(entry, why, sizeof why)) {
            training_fail(fault, 0, number, "entry %llu: %s", (unsigned long long)number, why);
            return false;
        }
        written = seebatch_bin_write(entry, w->file);
    } else {
        /* An entry joining a chain has the board its predecessor's move
         * made, and no stem: only its move and result need checking. */
        bool join = seebatch_binpack_joins_chain(&w->binpack, entry);
        if (!training_check_entry(entry, number, !join, fault) ||
            (!join && !stem_holds(entry, number, fault)))
            return false;
        written =
            seebatch_binpack_put_entry(&w->binpack, entry, join, w->caller_chunks ? NULL : w->file);
    }
    if (!written) {
        training_fail(fault, 0, number, "%s: writing entry %llu failed: %s", w->path,
                      (unsigned long long)number,
                      w->binpack.out_of_memory ? "out of memory" : strerror(errno));
        return false;
    }
    w->entries++;
    return true;
}

int seebatch_training_write(seebatch_training_writer *writer, size_t count,
                            const seebatch_training_arrays *in, const uint8_t *keep,
                            seebatch_training_fault *fault)
{
    memset(fault, 0, sizeof *fault);
    if (writer->refused) {
        training_fail(fault, 0, writer->entries + 1, "%s: an earlier write failed", writer->path);
        return -1;
    }
    training_entry entry;
    for (size_t i = 0; i < count; i++) {
        if (keep && !keep[i])
            continue;
        training_load(in, i, &entry);
        if (!write_one(writer, &entry, fault)) {
            writer->refused = true;
            return -1;
        }
    }
    return 0;
}

int seebatch_training_end_chunk(seebatch_training_writer *writer, seebatch_training_fault *fault)
{
    memset(fault, 0, sizeof *fault);
    if (seebatch_binpack_flush_chunk(&writer->binpack, writer->file) && !ferror(writer->file))
        return 0;
    training_fail(fault, 0, 0, "%s: writing failed: %s", writer->path,
                  writer->binpack.out_of_memory ? "out of memory" : strerror(errno));
    writer->refused = true;
    return -1;
}

/* Frees what the writer holds once its file is dealt with. */
static void free_writer(seebatch_training_writer *writer)
{
    seebatch_binpack_writer_free(&writer->binpack);
    free(writer->path);
    free(writer);
}

int seebatch_training_finish(seebatch_training_writer *writer, seebatch_training_fault *fault)
{
    memset(fault, 0, sizeof *fault);
    errno = 0;
    bool ok = seebatch_binpack_flush_chunk(&writer->binpack, writer->file) &&
              fflush(writer->file) == 0 && !ferror(writer->file);
    int error = errno ? errno : EIO;
    if (ok)
        error = output_file_commit(&writer->output);
    else
        output_file_discard(&writer->output);
    if (!ok || error)
        training_fail(fault, 0, 0, "%s: writing failed: %s; %s", writer->path, strerror(error),
                      "nothing was written there (the file is as it was)");
    free_writer(writer);
    return ok && !error ? 0 : -1;
}

void seebatch_training_abandon(seebatch_training_writer *writer)
{
    if (!writer)
        return;
    output_file_discard(&writer->output);
    free_writer(writer);
}
