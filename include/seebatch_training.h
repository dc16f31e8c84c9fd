/*
 * libseebatch_training: Stockfish's training data (.binpack and .plain) as
 * arrays, for the Python package (python/seebatch/training.py) and any other
 * caller that wants batches rather than entries. It is built from the same
 * format code as the `seebatch` tool, so it reads and writes exactly what
 * the tool does; libseebatch itself stays SEE only.
 *
 * An entry is five parallel arrays (seebatch_training_arrays): the board,
 * the move played there (seebatch_move, castling as the king's move), the
 * search score, the ply and the game result (-1, 0, 1 for the side to
 * move). Every function is thread-safe on distinct objects; none keeps a
 * pointer to the caller's arrays after it returns.
 */
#ifndef SEEBATCH_TRAINING_H
#define SEEBATCH_TRAINING_H

#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libseebatch_training.so; everything else is local to it. */
#if defined(__GNUC__)
#define SEEBATCH_TRAINING_API __attribute__((visibility("default")))
#else
#define SEEBATCH_TRAINING_API
#endif

typedef enum seebatch_training_format {
    SEEBATCH_TRAINING_BINPACK = 0,
    SEEBATCH_TRAINING_PLAIN = 1,
    /* Stockfish's older .bin: PackedSfenValue, 40 bytes an entry (no magic). */
    SEEBATCH_TRAINING_BIN = 2
} seebatch_training_format;

/* What went wrong, and where. failed is 0 when nothing did. */
typedef struct seebatch_training_fault {
    int failed;
    /* Reading: the byte offset in the file of the fault (for plain, of the
     * start of the block at fault). Writing: 0. */
    uint64_t byte_offset;
    /* The number of the entry at fault, counting from 1 as the `seebatch`
     * tool's messages do (entry - 1 entries come before it): in the file
     * (reading), among all entries given to the writer (writing) or to the
     * filter (filtering); 0 when no entry is concerned (a file that cannot
     * be opened, a bad rule). */
    uint64_t entry;
    /* What is wrong, and where. Reading, after the path: "byte B, entry E:
     * why" (binpack) or "line L, entry E: why" (plain), the words the tool
     * uses for the same fault. */
    char message[SEEBATCH_MESSAGE_SIZE];
} seebatch_training_fault;

/* count entries: element i of each array is entry i. */
typedef struct seebatch_training_arrays {
    seebatch_board *boards;
    uint16_t *moves;
    int16_t *scores;
    uint16_t *plies;
    int8_t *results;
} seebatch_training_arrays;

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct seebatch_training_reader seebatch_training_reader;

/* Opens a file for reading; its format is binpack when it starts with
 * "BINP", else bin when its name ends in .bin, else plain. NULL with *fault filled (the path and the system's
 * reason) when it cannot be opened or memory runs out. */
SEEBATCH_TRAINING_API seebatch_training_reader *
seebatch_training_open(const char *path, seebatch_training_fault *fault);

/* The format the reader found. */
SEEBATCH_TRAINING_API seebatch_training_format
seebatch_training_reader_format(const seebatch_training_reader *reader);

/* Decodes up to capacity entries into out (each array capacity long) and
 * returns how many. Fewer than capacity means the file ended, or a fault
 * stopped it: then *fault is filled (byte offset, entry number, what is
 * wrong) and the entries returned are every one before the fault. After the
 * end or a fault it returns 0 (and the same fault again). */
SEEBATCH_TRAINING_API size_t seebatch_training_read(seebatch_training_reader *reader,
                                                    size_t capacity,
                                                    const seebatch_training_arrays *out,
                                                    seebatch_training_fault *fault);

/* The same, but it stops at the end of the binpack chunk being decoded:
 * *chunk_done is then 1 (also at the end of the file or at a fault), else 0
 * (capacity was reached inside the chunk). A chunk with no entries gives 0
 * entries and *chunk_done 1. For plain, the file is one chunk. */
SEEBATCH_TRAINING_API size_t seebatch_training_read_chunk(seebatch_training_reader *reader,
                                                          size_t capacity,
                                                          const seebatch_training_arrays *out,
                                                          int *chunk_done,
                                                          seebatch_training_fault *fault);

/* 1 once the end of the file or a fault was reached, else 0. */
SEEBATCH_TRAINING_API int seebatch_training_at_end(const seebatch_training_reader *reader);

/* Closes the file and frees the reader (NULL is ignored). */
SEEBATCH_TRAINING_API void seebatch_training_close(seebatch_training_reader *reader);

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct seebatch_training_writer seebatch_training_writer;

/* Makes a writer of entries in a format to a file. The entries go to a
 * temporary file beside path (".NAME.XXXXXX"), renamed over path by
 * seebatch_training_finish, so path is never left half-written and a file
 * being read is not destroyed while it is read (path existing and being no
 * regular file, /dev/null say, is written directly). For binpack,
 * caller_chunks 0 closes a chunk once it reaches 1 MiB, as Stockfish's
 * writer does; 1 leaves chunks to seebatch_training_end_chunk alone. NULL
 * with *fault filled when it cannot. */
SEEBATCH_TRAINING_API seebatch_training_writer *
seebatch_training_create(const char *path, seebatch_training_format format, int caller_chunks,
                         seebatch_training_fault *fault);

/* Writes count entries as Stockfish's writers do: plain blocks as its
 * converter writes them; binpack entries join the chain of the entry before
 * when they are that entry after its move (their rule-50 counter then comes
 * from the chain), and chunks end as seebatch_training_create says. Each entry is
 * checked first: a consistent board (seebatch_board_validate), a move of the
 * piece on its from-square (seebatch_move_check, and reachable by that
 * piece), a result in -1..1, and for binpack a position the 32-byte stem can
 * hold and a ply up to 16383. With keep not NULL, only the entries i with
 * keep[i] != 0 are written (and checked, and numbered), as if the others
 * had not been given. Returns 0, or -1 with *fault naming the first entry
 * refused (the entries before it are written); the writer then refuses
 * every later call. */
SEEBATCH_TRAINING_API int seebatch_training_write(seebatch_training_writer *writer, size_t count,
                                                  const seebatch_training_arrays *in,
                                                  const uint8_t *keep,
                                                  seebatch_training_fault *fault);

/* For binpack, closes the chunk being built and writes it, if it holds
 * anything, so the next entry starts a new chunk (what the tool does at each
 * chunk of its input); nothing for plain. Returns 0, or -1 with *fault
 * filled when writing failed. */
SEEBATCH_TRAINING_API int seebatch_training_end_chunk(seebatch_training_writer *writer,
                                                      seebatch_training_fault *fault);

/* Writes what is buffered, closes the file, renames it over the path given
 * to seebatch_training_create and frees the writer. Returns 0, or -1 with
 * *fault filled when writing, closing or renaming failed: the temporary is
 * then removed and the path is as it was. Entries refused by
 * seebatch_training_write do not fail it: the entries before them are
 * kept. */
SEEBATCH_TRAINING_API int seebatch_training_finish(seebatch_training_writer *writer,
                                                   seebatch_training_fault *fault);

/* Closes the file, removes it and frees the writer (NULL is ignored): the
 * path given to seebatch_training_create is as it was (for a run that was
 * interrupted). */
SEEBATCH_TRAINING_API void seebatch_training_abandon(seebatch_training_writer *writer);

/* ------------------------------------------------------------------------ */
/* UCI moves                                                                */
/* ------------------------------------------------------------------------ */

/* Parses count UCI moves (seebatch_move_parse) into moves. Move i is text i:
 * texts + i * text_stride, NUL-terminated or text_stride bytes long (a
 * NumPy bytes array), on board board_index[i] of boards (board_count of
 * them), or on board i when board_index is NULL. Returns 0, or -1 with
 * *fault naming the first row refused (entry: its number) and why. */
SEEBATCH_TRAINING_API int
seebatch_training_moves_from_uci(const seebatch_board *boards, size_t board_count,
                                 const uint32_t *board_index, const char *texts, size_t text_stride,
                                 size_t count, uint16_t *moves, seebatch_training_fault *fault);

/* ------------------------------------------------------------------------ */
/* The rules of `seebatch filter`                                           */
/* ------------------------------------------------------------------------ */

typedef struct seebatch_training_filter seebatch_training_filter;

/* Makes a filter from `seebatch filter`'s rule options, one argument per
 * element ("--skip-capture", "--skip-see-ge", "0", "--seed", "7", ...; SEE
 * under the classic configuration). NULL with *fault filled when an
 * argument is no rule option or its value is bad. */
SEEBATCH_TRAINING_API seebatch_training_filter *
seebatch_training_filter_new(size_t argc, const char *const *argv, seebatch_training_fault *fault);

/* For count entries in file order, keep[i] = 1 when no rule drops entry i,
 * else 0. Rules that look at earlier entries (the placeholder zero)
 * remember the entries of earlier calls. Returns 0, or -1 with *fault
 * naming the first entry whose board or move is not consistent (keep is
 * then incomplete). */
SEEBATCH_TRAINING_API int seebatch_training_filter_keep(seebatch_training_filter *filter,
                                                        size_t count,
                                                        const seebatch_training_arrays *in,
                                                        uint8_t *keep,
                                                        seebatch_training_fault *fault);

SEEBATCH_TRAINING_API void seebatch_training_filter_free(seebatch_training_filter *filter);

#ifdef __cplusplus
}
#endif

#endif
