/*
 * Stockfish's training data (.binpack, .plain and .bin) as arrays, for the
 * Python package (python/seebatch/training.py) and any other caller that
 * wants batches rather than entries. Part of libseebatch (this header
 * includes seebatch.h, for boards, moves and errors), built from
 * lib/training/: the formats (formats/) and the rules of `seebatch filter`
 * (filtering/), which the `seebatch` tool is built from too, so it reads,
 * writes and judges exactly as the tool does. Link: seebatch::seebatch (or
 * seebatch::seebatch_static), or `pkg-config --cflags --libs seebatch`.
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
#include <stdio.h>

#include "seebatch.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum seebatch_training_format {
    SEEBATCH_TRAINING_BINPACK = 0,
    SEEBATCH_TRAINING_PLAIN = 1,
    /* Stockfish's older .bin: PackedSfenValue, 40 bytes an entry (no magic). */
    SEEBATCH_TRAINING_BIN = 2
} seebatch_training_format;

/*
 * Errors, as libseebatch's (seebatch.h, "Errors"): every function that can
 * fail returns a seebatch_status and takes `seebatch_error *error` last
 * (NULL when only the status is wanted); on failure error->message is one
 * line naming what is wrong and where, in the words of the `seebatch`
 * tool's messages. Reading, after the path: "byte B, entry E: why"
 * (binpack, bin) or "line L, entry E: why" (plain). The statuses:
 *   SEEBATCH_ERROR_ARGUMENT  a NULL pointer or an index out of range; a file
 *                            that cannot be opened, read, created or written
 *                            (the message names the path and the system's
 *                            reason); bytes of a file that are not what its
 *                            format says; an entry given whose result or
 *                            ply is out of range or that the format cannot
 *                            hold; out of memory
 *   SEEBATCH_ERROR_BOARD     an entry given whose board is not consistent
 *   SEEBATCH_ERROR_MOVE      an entry given whose move is refused; a UCI
 *                            move that does not parse
 *   SEEBATCH_ERROR_CONFIG    a rule argument that is no option of `seebatch
 *                            filter` or has a bad value
 * (seebatch.h has no status of its own for files and their bytes.)
 *
 * Where a fault is, as numbers beside the message, is kept by the object
 * that met it: seebatch_training_reader_place, seebatch_training_writer_place
 * and seebatch_training_filter_place give it; seebatch_training_moves_from_uci
 * gives the row through its `parsed` argument.
 */
typedef struct seebatch_training_place {
    /* Reading: the byte offset in the file of the fault (for plain, of the
     * start of the block at fault). Writing and filtering: 0. */
    uint64_t byte_offset;
    /* The number of the entry at fault, counting from 1 as the `seebatch`
     * tool's messages do (entry - 1 entries come before it): in the file
     * (reading), among all entries given to the writer (writing) or to the
     * filter (filtering); 0 when no entry is concerned (a file that cannot
     * be read or written as a whole). */
    uint64_t entry;
} seebatch_training_place;

/* Writes "PLACE, entry E: why" into out (size bytes, NUL-terminated, cut
 * if need be) and returns out: the words every message about an entry of
 * training data uses, the library's, the `seebatch` tool's and Python's.
 * PLACE is "line L" (in_lines 1: position is a line of plain text) or "byte
 * B" (in_lines 0: a byte offset in a binpack or .bin); entry counts from 1
 * (entry E has E - 1 entries before it). */
SEEBATCH_API const char *seebatch_training_fault_text(char *out, size_t size, int in_lines,
                                                      uint64_t position, uint64_t entry,
                                                      const char *why);

/* Writes the FEN of an entry as Stockfish's plain text writes it (`fen`
 * lines of .plain, which `seebatch eval` shows for training data): the
 * board's fields, but the fullmove number from the ply ((ply + 1) / 2, as
 * every reader of the library sets it) and the rule-50 counter kept to its
 * low 8 bits as Stockfish's converter keeps it. Into out (size bytes;
 * SEEBATCH_FEN_MAX is always enough); returns the length without the NUL,
 * or 0 with "" written (when size > 0) for a board that is not consistent
 * or a buffer too small, as seebatch_board_to_fen. Thread-safe. */
SEEBATCH_API size_t seebatch_training_fen(const seebatch_board *board, uint16_t ply, char *out,
                                          size_t size);

/* count entries: element i of each array is entry i. */
typedef struct seebatch_training_arrays {
    seebatch_board *boards;
    uint16_t *moves;
    int16_t *scores;
    uint16_t *plies;
    int8_t *results;
} seebatch_training_arrays;

/* One entry as one struct, the five fields of element i of the arrays
 * above side by side: for a caller that works entry by entry (the
 * `seebatch` tool), so a board is never copied out of arrays to be used. */
typedef struct seebatch_training_entry {
    seebatch_board board;
    seebatch_move move; /* castling as the king's move */
    int16_t score;
    uint16_t ply;
    int8_t result; /* -1, 0 or 1, for the side to move */
} seebatch_training_entry;

/* What seebatch_training_entry_facts says of an entry, as bits. */
enum {
    SEEBATCH_ENTRY_CAPTURES = 1, /* its move takes a piece (en passant included, castling never) */
    SEEBATCH_ENTRY_IN_CHECK = 2, /* the side to move is in check */
    /* It is the entry before it after that one's move: one ply on, the
     * result seen from the other side, the board the move makes. Binpack's
     * writer stores such an entry in the chain of the one before (while the
     * chain holds fewer than SEEBATCH_BINPACK_CHAIN_MAX entries after its
     * stem); any other starts a chain. */
    SEEBATCH_ENTRY_CONTINUES = 4
};

/* The entries a binpack chain holds after its stem, at most (its count has
 * 16 bits). */
enum { SEEBATCH_BINPACK_CHAIN_MAX = 65535 };

/* For count entries, facts[i] = the SEEBATCH_ENTRY_* bits among `asked`
 * true of entry i (bits not asked are 0: each costs its test): what
 * `seebatch stats` counts beside the entries' fields (captures, checks,
 * and the chains a binpack would store). previous is the entry before
 * entries[0] (NULL: none, and entries[0] continues nothing). The
 * boards are taken as the readers give them, consistent
 * (seebatch_board_validate); of another board the bits say nothing, but
 * nothing outside the entries is read. Pure: thread-safe, allocates
 * nothing, prints nothing; count 0 does nothing. */
SEEBATCH_API void seebatch_training_entry_facts(size_t count,
                                                const seebatch_training_entry *entries,
                                                const seebatch_training_entry *previous,
                                                unsigned asked, uint8_t *facts);

/* ------------------------------------------------------------------------ */
/* What a file holds                                                        */
/* ------------------------------------------------------------------------ */

/* The one rule by which every reader of the library (seebatch_training_open,
 * the `seebatch` tool, Python) tells what a file holds: its first bytes
 * ("BINP" a binpack, "fen " plain text), else its name (.binpack, .plain,
 * .bin, .epd), else lines of FEN or EPD. An empty input holds nothing in
 * any format: plain, unless its name says binpack or bin. Stockfish's .bin
 * has no magic: it is known by its name, or as given. Every function here
 * is a pure function of its arguments, thread-safe. */
typedef enum seebatch_file_format {
    SEEBATCH_FILE_UNKNOWN = 0,
    SEEBATCH_FILE_BINPACK = 1,
    SEEBATCH_FILE_PLAIN = 2,
    SEEBATCH_FILE_LINES = 3, /* lines of FEN or EPD: no training data */
    SEEBATCH_FILE_BIN = 4
} seebatch_file_format;

/* How many first bytes seebatch_file_format_of looks at. */
enum { SEEBATCH_FILE_FORMAT_LOOK_BYTES = 4 };

/* The format named "binpack", "plain", "lines" (or its other name "epd") or
 * "bin" (exactly; as `--input-format` takes them); SEEBATCH_FILE_UNKNOWN for
 * any other name or NULL. */
SEEBATCH_API seebatch_file_format seebatch_file_format_named(const char *name);

/* The format a path's extension names (.binpack, .plain, .epd, .bin);
 * SEEBATCH_FILE_UNKNOWN for another extension, none, or NULL. */
SEEBATCH_API seebatch_file_format seebatch_file_format_of_path(const char *path);

/* "unknown", "binpack", "plain", "lines" or "bin"; NULL for a value that is
 * no seebatch_file_format. */
SEEBATCH_API const char *seebatch_file_format_name(seebatch_file_format format);

/* What a file holds by the rule above, from its first `got` bytes at start
 * (at most SEEBATCH_FILE_FORMAT_LOOK_BYTES are looked at; start may be NULL
 * when got is 0) and its path (NULL: standard input, no name). Never
 * SEEBATCH_FILE_UNKNOWN. */
SEEBATCH_API seebatch_file_format seebatch_file_format_of(const char *path, const char *start,
                                                          size_t got);

/* Why a file of lines is no training data, the words the library's
 * messages put after its name ("is no training data (no "BINP" ...)"). */
SEEBATCH_API const char *seebatch_file_not_training_data(void);

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct seebatch_training_reader seebatch_training_reader;

/* Opens a file for reading into *reader; its format is binpack when it
 * starts with "BINP", else bin when its name ends in .bin, else plain.
 * Errors (*reader is then NULL): SEEBATCH_ERROR_ARGUMENT for a NULL
 * argument, a file that cannot be opened or read (the path and the
 * system's reason) or no memory. */
SEEBATCH_API seebatch_status seebatch_training_open(const char *path,
                                                    seebatch_training_reader **reader,
                                                    seebatch_error *error);

/* Makes a reader of a stream open for reading (standard input, a pipe, a
 * file opened by the caller) in the format given, from its current place,
 * into *reader; name names it in the messages of seebatch_training_reader_skip
 * (kept as a pointer: it must outlive the reader). The stream is not
 * closed by seebatch_training_close. Errors (*reader is then NULL):
 * SEEBATCH_ERROR_ARGUMENT for a NULL stream, name or reader, a format that
 * is none of the three, or no memory. */
SEEBATCH_API seebatch_status seebatch_training_open_stream(FILE *stream, const char *name,
                                                           seebatch_training_format format,
                                                           seebatch_training_reader **reader,
                                                           seebatch_error *error);

/* The format the reader found. */
SEEBATCH_API seebatch_training_format
seebatch_training_reader_format(const seebatch_training_reader *reader);

/* Decodes up to capacity entries into out (each array capacity long) and
 * sets *count to how many, on failure too. Fewer than capacity means the
 * file ended, or a fault stopped it: then the status says so, the entries
 * given are every one before the fault and seebatch_training_reader_place
 * says where it is. After the end *count is 0; after a fault *count is 0
 * and the same fault is returned again.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL argument (*count, when not
 * NULL, is 0) or a fault of the file: bytes its format does not allow, a
 * read that failed, no memory ("byte B, entry E: why" or "line L, entry E:
 * why"). */
SEEBATCH_API seebatch_status seebatch_training_read(seebatch_training_reader *reader,
                                                    size_t capacity,
                                                    const seebatch_training_arrays *out,
                                                    size_t *count, seebatch_error *error);

/* The same, but it stops at the end of the binpack chunk being decoded:
 * *chunk_done is then 1 (also at the end of the file or at a fault), else 0
 * (capacity was reached inside the chunk). A chunk with no entries gives 0
 * entries and *chunk_done 1. For plain and bin, the file is one chunk. */
SEEBATCH_API seebatch_status seebatch_training_read_chunk(seebatch_training_reader *reader,
                                                          size_t capacity,
                                                          const seebatch_training_arrays *out,
                                                          size_t *count, int *chunk_done,
                                                          seebatch_error *error);

/* The same into entries (capacity of them), one struct an entry rather
 * than five arrays: what seebatch_training_read gives, with the same
 * status, count, errors and faults. */
SEEBATCH_API seebatch_status seebatch_training_read_entries(seebatch_training_reader *reader,
                                                            size_t capacity,
                                                            seebatch_training_entry *entries,
                                                            size_t *count, seebatch_error *error);

/* Plain text: with skip not NULL, a block that does not parse no longer
 * ends the reading: it is told to skip, on the reading thread, inside the
 * read call that meets it, with its place (the block's first byte and the
 * number the entry would have) and the whole message ("NAME: line L,
 * entry E: why", NAME the path, or the name given to
 * seebatch_training_open_stream), and skip returns 1 to pass over it (its
 * number used: the next entry's is one more) and go on, or 0 to end the
 * reading at it as a fault. NULL (as a new reader has) ends the reading at
 * the first bad block. A .bin entry or a binpack that does not decode, and
 * a read that fails, always end the reading (a failed read of a stream:
 * the caller's ferror says so). Thread-safe on distinct readers. */
SEEBATCH_API void seebatch_training_reader_skip(seebatch_training_reader *reader,
                                                int (*skip)(void *context,
                                                            const seebatch_training_place *place,
                                                            const char *message),
                                                void *context);

/* 1 once the end of the file or a fault was reached, else 0. */
SEEBATCH_API int seebatch_training_at_end(const seebatch_training_reader *reader);

/* Where the fault that ended the reading is (the byte offset, and the
 * number of the entry that did not decode); {0, 0} while none has, and
 * after a clean end. */
SEEBATCH_API seebatch_training_place
seebatch_training_reader_place(const seebatch_training_reader *reader);

/* Closes the file and frees the reader (NULL is ignored). */
SEEBATCH_API void seebatch_training_close(seebatch_training_reader *reader);

/* The size of the payload that follows a binpack chunk's 8-byte header
 * ("BINP", then the size as 32 bits little-endian) in *payload_size, when
 * the header is one every reader of the library accepts: the magic, and a
 * size of at most the 100 MiB limit they keep. For a caller that moves
 * whole chunks without decoding them (`seebatch interleave` copies their
 * bytes); the payload itself is not looked at.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL argument, or bytes that are no
 * such header ("no chunk header ("BINP") where a chunk should start", "the
 * chunk header claims N bytes, more than the L-byte limit"). */
SEEBATCH_API seebatch_status seebatch_binpack_chunk_size(const uint8_t header[8],
                                                         uint32_t *payload_size,
                                                         seebatch_error *error);

/* A binpack read chunk by chunk, whole, by the chunk reader
 * seebatch_training_open's reader and the `seebatch` tool read chunks with
 * (so the same faults, named at the same bytes): for a caller that hands
 * payloads to seebatch_training_filter_chunk (Python's Filter.filter_file)
 * or moves them undecoded. */
typedef struct seebatch_binpack_chunks seebatch_binpack_chunks;

/* Opens a binpack for reading chunk by chunk into *chunks.
 * Errors (*chunks is then NULL): SEEBATCH_ERROR_ARGUMENT for a NULL
 * argument, a file that cannot be opened (the path and the system's
 * reason) or no memory. */
SEEBATCH_API seebatch_status seebatch_binpack_chunks_open(const char *path,
                                                          seebatch_binpack_chunks **chunks,
                                                          seebatch_error *error);

/* The same for a stream open for reading (standard input, a pipe, a file
 * whose format the caller has told): chunks are read from its current
 * place, byte offsets counted from there. seebatch_binpack_chunks_close
 * leaves the stream open. Errors (*chunks is then NULL):
 * SEEBATCH_ERROR_ARGUMENT for a NULL argument or no memory. */
SEEBATCH_API seebatch_status seebatch_binpack_chunks_open_stream(FILE *stream,
                                                                 seebatch_binpack_chunks **chunks,
                                                                 seebatch_error *error);

/* One chunk of seebatch_binpack_chunks_next. */
typedef struct seebatch_binpack_chunk {
    /* In: the entries of the file before the chunk, for the messages. */
    uint64_t entries_before;
    /* Out. */
    const uint8_t *payload; /* after the 8-byte header; the reader's, until its next call */
    size_t size;            /* the payload's bytes */
    uint64_t file_offset;   /* where the payload starts in the file */
    int end;                /* 1: the file ended cleanly where a chunk would start */
    /* 1: the file ends inside the payload, which holds what is there. Once
     * that is filtered, the file's fault is reason, at byte_offset (the
     * file's end), or at the byte where decoding stopped if it stopped
     * first: the `seebatch` tool names it so ("byte B, entry E: reason"). */
    int truncated;
    uint64_t byte_offset; /* a fault's byte in the file */
    char reason[160];     /* and why, without the place */
} seebatch_binpack_chunk;

/* Reads the next chunk into *chunk (chunk->entries_before given): its
 * payload, the end of the file (chunk->end), or a payload the file ends
 * inside (chunk->truncated).
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL argument, or a fault of the
 * file: a header that is none or that the file ends inside, a chunk larger
 * than the readers' 100 MiB limit, a read that failed, or no memory
 * ("byte B, entry E: why", E = entries_before + 1; chunk->byte_offset and
 * chunk->reason say the same). */
SEEBATCH_API seebatch_status seebatch_binpack_chunks_next(seebatch_binpack_chunks *chunks,
                                                          seebatch_binpack_chunk *chunk,
                                                          seebatch_error *error);

/* Closes the file (not a stream given to seebatch_binpack_chunks_open_stream)
 * and frees the reader (NULL is ignored). */
SEEBATCH_API void seebatch_binpack_chunks_close(seebatch_binpack_chunks *chunks);

/* A binpack chunk's payload held by the caller (as seebatch_binpack_chunks_next
 * gives it, copied, or read by any other means), decoded entry by entry by
 * the decoder every reader of the library decodes with: for a caller that
 * decodes several chunks at once on threads of its own, or the parts of one
 * cut by seebatch_binpack_cut_payload, as the `seebatch` tool does. One
 * reader per thread: thread-safe on distinct readers. The payload stays
 * the caller's; it must not change while it is decoded. */
typedef struct seebatch_payload_reader seebatch_payload_reader;

/* Makes a reader into *reader, with no payload yet. Errors (*reader is then
 * NULL): SEEBATCH_ERROR_ARGUMENT for a NULL argument or no memory. */
SEEBATCH_API seebatch_status seebatch_payload_reader_new(seebatch_payload_reader **reader,
                                                         seebatch_error *error);

/* Starts decoding payload (size bytes, whose first is at file_offset in its
 * file: the faults name the file's bytes), forgetting the payload before;
 * the reader's memory is kept. NULL reader: nothing. */
SEEBATCH_API void seebatch_payload_reader_start(seebatch_payload_reader *reader,
                                                const uint8_t *payload, size_t size,
                                                uint64_t file_offset);

/* Decodes up to capacity entries of the payload into entries and sets
 * *count to how many, on failure too. Fewer than
 * capacity means the payload ended, or stopped decoding: then the status
 * says so, and the entries given are every one before the fault. After the
 * end *count is 0; after a fault *count is 0 and the same fault is
 * returned again.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL reader, entries or count, a
 * reader given no payload, or bytes the format
 * does not allow ("byte B, entry E: why", E counted from 1 at the
 * payload's start; seebatch_payload_reader_fault gives them apart). */
SEEBATCH_API seebatch_status seebatch_payload_read(seebatch_payload_reader *reader,
                                                   size_t capacity,
                                                   seebatch_training_entry *entries,
                                                   size_t *count, seebatch_error *error);

/* 1 once the payload's end or a fault was reached, else 0 (and for NULL). */
SEEBATCH_API int seebatch_payload_reader_at_end(const seebatch_payload_reader *reader);

/* The chains of the entries given so far: how many of them were stems,
 * the first of a chain (`seebatch stats` counts them). 0 for NULL. */
SEEBATCH_API uint64_t seebatch_payload_reader_chains(const seebatch_payload_reader *reader);

/* The bytes of the payload the entries given so far took (the payload's
 * size once at its end): how far the decoding is, for a caller's
 * progress. 0 for NULL or a reader given no payload. */
SEEBATCH_API size_t seebatch_payload_reader_offset(const seebatch_payload_reader *reader);

/* Where the fault that stopped the decoding is, into *place (when not
 * NULL): its byte in the file and the number of the entry that did not
 * decode, counted from 1 at the payload's start; returns why, without the
 * place (the reader's text, until its next start). NULL, and *place {0, 0},
 * while no fault was met. */
SEEBATCH_API const char *seebatch_payload_reader_fault(const seebatch_payload_reader *reader,
                                                       seebatch_training_place *place);

/* Frees the reader (NULL is ignored); the payload stays the caller's. */
SEEBATCH_API void seebatch_payload_reader_free(seebatch_payload_reader *reader);

/* ------------------------------------------------------------------------ */
/* Output files, never left half-written                                    */
/* ------------------------------------------------------------------------ */

/* A file written in any format (training data, EPD, any text) so that an
 * interrupted or failed run leaves the old file, the way the training
 * writer, seebatch_training_filter_file and every `--output` of the
 * `seebatch` tool write: to a temporary beside the target (".NAME.XXXXXX"
 * in the same directory, so the rename stays on one file system), renamed
 * over the target only by seebatch_output_file_commit, removed by
 * seebatch_output_file_discard. A target that exists and is no regular file
 * (/dev/null, /dev/full, a FIFO; NUL on Windows) is written directly, since
 * it cannot be replaced. A symbolic link as the target is followed: the
 * file it names is replaced, or made where it does not exist yet, and the
 * link stays (a chain of links that loops is refused). The temporary gets the
 * target's permissions when it exists, else those a new file gets. (A
 * process killed outright may leave the temporary behind; the target is
 * still as it was.) Thread-safe on distinct objects and targets. */
typedef struct seebatch_output_file {
    FILE *stream;     /* write here, in binary, until commit or discard */
    char *target;     /* the file that will be replaced (a link resolved); the library's */
    char *temporary;  /* the file written, NULL when target is written directly; the library's */
    int system_error; /* the errno value of the last call's failure (for a caller that
                       * words its own message), 0 after one that succeeded */
} seebatch_output_file;

/* Opens the output for path into *out: a new temporary beside it, or path
 * itself when it is no regular file. On failure *out is cleared but for
 * out->system_error, and nothing was created.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL argument, a path that is a
 * directory (EISDIR), an existing file that may not be written (EACCES, as
 * opening it would be), a temporary that cannot be created, or no memory
 * (ENOMEM): "cannot create PATH: why". */
SEEBATCH_API seebatch_status seebatch_output_file_open(seebatch_output_file *out,
                                                       const char *path, seebatch_error *error);

/* Flushes out->stream, checks that every write to it succeeded, closes it
 * and puts the temporary in the target's place in one step (the old file
 * or the new one is there, never a part). On any failure the temporary is
 * removed and the target is as it was. *out is released either way (its
 * stream closed, its names freed; out->system_error kept).
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL or unopened out, or a write,
 * close or rename that failed: "cannot write PATH: why". */
SEEBATCH_API seebatch_status seebatch_output_file_commit(seebatch_output_file *out,
                                                         seebatch_error *error);

/* Closes out->stream and removes the temporary: the target is as it was
 * before seebatch_output_file_open (a target written directly keeps what
 * was written). *out is released; NULL or an unopened out is ignored. */
SEEBATCH_API void seebatch_output_file_discard(seebatch_output_file *out);

/* 1 when path names an existing file that is the file the stream reads or
 * writes, whatever the name (the path itself, a symbolic link to it, a hard
 * link): device and inode on POSIX, volume and file index on Windows. An
 * output for which this holds would destroy its input: refuse it before
 * seebatch_output_file_open. 0 when path names nothing, the stream reads no
 * file (a pipe) or an argument is NULL. Thread-safe. */
SEEBATCH_API int seebatch_output_is_input(const char *path, FILE *input);

/* 1 when the two streams read or write one file on a disk (a regular file,
 * as above), such as a standard output redirected to an input (`> input`),
 * the file's size in bytes then in *size when size is not NULL (looked at
 * without a byte read: 0 when the shell emptied it before the program
 * started). 0 when either is a pipe, a terminal or a device (/dev/null read
 * and written at once is no harm) or NULL. Thread-safe. */
SEEBATCH_API int seebatch_streams_share_file(FILE *a, FILE *b, uint64_t *size);

/* ------------------------------------------------------------------------ */
/* A whole file on threads                                                  */
/* ------------------------------------------------------------------------ */

/* A line of a text file as seebatch_training_run hands it to a work: its
 * bytes without the line end ("\n", or "\r\n"), not NUL-terminated, valid
 * until the piece is delivered; number counts from 1. A line longer than
 * SEEBATCH_LINE_MAX bytes comes with too_long 1, text NULL and length 0
 * (its bytes are passed over, never held). */
enum { SEEBATCH_LINE_MAX = 65536 };

/* The most entries or lines a block holds; a piece of plain, bin or lines
 * holds no more (a binpack chunk comes in as many blocks as it needs). */
enum { SEEBATCH_BLOCK_MAX = 4096 };

typedef struct seebatch_line {
    const char *text;
    size_t length;
    uint64_t number;
    int too_long;
} seebatch_line;

/* A piece of a file as seebatch_training_run hands it to a work: a binpack
 * chunk (or a part of one: a chunk at the end of the input is cut at chain
 * starts for workers left idle), a batch of plain or .bin entries, or a
 * block of lines. */
typedef struct seebatch_piece {
    /* The work's own state for the piece (made by its piece_new, NULL
     * without one), reused by later pieces: the work starts it afresh at
     * the piece's first block. */
    void *state;
    /* The piece's entries (training data) or lines, count of them; NULL
     * for the kind not read. In block: one block, the first numbered
     * `first` among the piece's (from 0, entries skipped counted). In
     * deliver: plain and bin entries and lines, all the piece's; binpack,
     * none (entries NULL, count the entries decoded). */
    const seebatch_training_entry *entries;
    const seebatch_line *lines;
    size_t count;
    uint64_t first;
    int begins, ends; /* block: the piece's first block, its last (whose count may be 0) */
    /* In deliver: the entries (lines) of the input before the piece and
     * in it, those skipped counted, and the binpack chains it began. */
    uint64_t before, size, chains;
} seebatch_piece;

/* What seebatch_training_run does with each piece. context is given to
 * every function, on every thread at once: read it only (or guard it). */
typedef struct seebatch_work {
    void *context;
    /* A piece's state, made once for each piece the run holds at a time
     * (about two a thread) and freed at its end; NULL: none. piece_new
     * returning NULL fails the run (no memory). */
    void *(*piece_new)(void *context);
    void (*piece_free)(void *context, void *state);
    /* On a worker thread: each block of a piece in order, the last with
     * ends 1. Pieces run at once on several threads. */
    void (*block)(void *context, const seebatch_piece *piece);
    /* On the calling thread, in file order, once the piece's blocks are
     * done (NULL: nothing): returns 0 to go on, else the run ends there
     * (SEEBATCH_ERROR_ARGUMENT, "stopped by the work"). */
    int (*deliver)(void *context, const seebatch_piece *piece);
} seebatch_work;

/* One call of seebatch_training_run. */
typedef struct seebatch_run {
    /* In. */
    const char *input;  /* the file; with input_stream, its name in messages */
    FILE *input_stream; /* NULL: input is opened, its format told by seebatch_file_format_of */
    seebatch_file_format format; /* input_stream's: binpack, plain, bin or lines */
    unsigned threads;   /* worker threads; 0 and 1: none, all on the calling thread */
    seebatch_work work;
    /* Plain: told, on the calling thread, of a block that does not parse
     * (its place and the message "INPUT: line L, entry E: why"): 1 skips
     * it (its number is used), 0 ends the run at it; NULL ends the run at
     * the first. */
    int (*skip)(void *context, const seebatch_training_place *place, const char *message);
    void *skip_context;
    /* Called, when not NULL, on the calling thread after each piece is
     * delivered: its entries (lines) and its bytes of the input. */
    void (*progress)(void *context, uint64_t entries, uint64_t bytes);
    void *progress_context;
    /* Out. */
    uint64_t entries; /* delivered (lines, for lines), those skipped counted */
    uint64_t chunks;  /* binpack chunks delivered */
    /* The fault that ended the input: its byte (plain: its block's first)
     * and entry (from 1; 0 for lines), its line (plain and lines, else 0),
     * and why, without the place; all 0 and "" after a clean end. */
    seebatch_training_place place;
    uint64_t line;
    char reason[160];
} seebatch_run;

/* Reads the whole input on run->threads threads, piece after piece, each
 * block of entries or lines given to run->work.block on a worker and each
 * piece delivered to run->work.deliver on the calling thread in file
 * order: what the work writes at delivery is the same for every number of
 * threads. The one loop over a file of the `seebatch` tool (eval, check,
 * stats) and of Python's label_file and count_file. A fault of the input
 * ends the run after every piece before it, and the entries of its own
 * piece before it, are delivered: a chunk header that is none, a chunk the
 * file ends inside, a payload that stops decoding, a .bin entry that does
 * not decode, a plain block that does not parse (unless skipped), a read
 * that fails. Thread-safe on distinct runs; prints nothing.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL run, input or block, a format
 * that is none of the four, a file that cannot be opened or read, no
 * memory, a work's deliver that ended the run, or a fault of the input
 * ("INPUT: byte B, entry E: why", "INPUT: line L, entry E: why"; lines:
 * "INPUT: line L: why"), run->place and run->reason saying the same. */
SEEBATCH_API seebatch_status seebatch_training_run(seebatch_run *run, seebatch_error *error);

/* The state of each piece of seebatch_label_work: the SEE of each entry's
 * move given to the piece, in order, count of them (fewer than the
 * piece's entries when memory ran out). */
typedef struct seebatch_labels {
    int32_t *values;
    size_t count;
    size_t capacity; /* the library's */
} seebatch_labels;

/* A work that labels training data: the SEE of each entry's move under
 * rules (kept as a pointer), one many-board call a block, on the backend
 * in use, into the piece's seebatch_labels; deliver is NULL, for the
 * caller to set (Python's label_file copies each piece's values out). */
SEEBATCH_API seebatch_work seebatch_label_work(const seebatch_rules *rules);

/* What seebatch_count_work counts of the entries of a file: what `seebatch
 * stats` prints. Games are runs of entries whose ply rises and whose
 * result, seen from white, stays the same; a binpack's chains are its
 * stems, plain's and bin's the chains binpack would store. */
typedef struct seebatch_counts {
    uint64_t entries, chains, games;
    uint64_t games_won_by_white, games_drawn, games_won_by_black;
    uint64_t side_to_move_won, side_to_move_drew, side_to_move_lost;
    uint64_t captures, en_passant, promotions, castlings, checks;
    /* Scores: VALUE_NONE (32002), then up to -1000, -300, -101, -1, 0,
     * 100, 299, 999, and above. Plies: up to 9, 19, 39, 79, 159, 319, and
     * above. */
    uint64_t scores[10], plies[7];
    /* The library's: what the count carries from piece to piece (the entry
     * before the next piece, the chain it is in). */
    uint64_t carry[16];
} seebatch_counts;

/* A work that counts training data into *counts, zeroed by the caller
 * before the file (entries given count, those skipped do not), its
 * deliver its own: how many entries, chains, games and results, the
 * moves' kinds, checks, and scores and plies by range. */
SEEBATCH_API seebatch_work seebatch_count_work(seebatch_counts *counts);

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
 * writer does; 1 leaves chunks to seebatch_training_end_chunk alone.
 * Errors (*writer is then NULL): SEEBATCH_ERROR_ARGUMENT for a NULL
 * argument, a format that is none of the three, a file that cannot be
 * created (the path and the system's reason) or no memory. */
SEEBATCH_API seebatch_status seebatch_training_create(const char *path,
                                                      seebatch_training_format format,
                                                      int caller_chunks,
                                                      seebatch_training_writer **writer,
                                                      seebatch_error *error);

/* Writes count entries as Stockfish's writers do: plain blocks as its
 * converter writes them; binpack entries join the chain of the entry before
 * when they are that entry after its move (their rule-50 counter then comes
 * from the chain), and chunks end as seebatch_training_create says. Each entry is
 * checked first: a consistent board (seebatch_board_validate), a move of the
 * piece on its from-square (seebatch_move_check, and reachable by that
 * piece), a result in -1..1, and for binpack a position the 32-byte stem can
 * hold and a ply up to 16383. With keep not NULL, only the entries i with
 * keep[i] != 0 are written (and checked, and numbered), as if the others
 * had not been given. On failure the entries before the one refused are
 * written, seebatch_training_writer_place gives its number, and the writer
 * refuses every later call (SEEBATCH_ERROR_ARGUMENT, "an earlier write
 * failed").
 * Errors, naming the entry ("entry E: why"): SEEBATCH_ERROR_BOARD (its
 * board), SEEBATCH_ERROR_MOVE (its move), SEEBATCH_ERROR_ARGUMENT (its
 * result, what the format cannot hold, a write that failed; a NULL
 * argument). */
SEEBATCH_API seebatch_status seebatch_training_write(seebatch_training_writer *writer, size_t count,
                                                     const seebatch_training_arrays *in,
                                                     const uint8_t *keep, seebatch_error *error);

/* For binpack, closes the chunk being built and writes it, if it holds
 * anything, so the next entry starts a new chunk (what the tool does at each
 * chunk of its input); nothing for plain and bin. Errors:
 * SEEBATCH_ERROR_ARGUMENT when writing failed (the writer then refuses
 * every later call) or writer is NULL. */
SEEBATCH_API seebatch_status seebatch_training_end_chunk(seebatch_training_writer *writer,
                                                         seebatch_error *error);

/* The number of the entry the last failed seebatch_training_write refused
 * (byte_offset 0); {0, 0} while none was, and after a failed
 * seebatch_training_end_chunk (no one entry is at fault). */
SEEBATCH_API seebatch_training_place
seebatch_training_writer_place(const seebatch_training_writer *writer);

/* Writes what is buffered, closes the file, renames it over the path given
 * to seebatch_training_create and frees the writer, on failure too.
 * Entries refused by seebatch_training_write do not fail it: the entries
 * before them are kept. Errors: SEEBATCH_ERROR_ARGUMENT when writing,
 * closing or renaming failed (the temporary is then removed and the path is
 * as it was) or writer is NULL. */
SEEBATCH_API seebatch_status seebatch_training_finish(seebatch_training_writer *writer,
                                                      seebatch_error *error);

/* Closes the file, removes it and frees the writer (NULL is ignored): the
 * path given to seebatch_training_create is as it was (for a run that was
 * interrupted). */
SEEBATCH_API void seebatch_training_abandon(seebatch_training_writer *writer);

/* ------------------------------------------------------------------------ */
/* UCI moves                                                                */
/* ------------------------------------------------------------------------ */

/* Parses count UCI moves (seebatch_move_parse) into moves. Move i is text i:
 * texts + i * text_stride, NUL-terminated or text_stride bytes long (a
 * NumPy bytes array), on board board_index[i] of boards (board_count of
 * them), or on board i when board_index is NULL. *parsed (when parsed is
 * not NULL) is the number of rows parsed: count, or on failure the index
 * of the row refused (the moves before it are written).
 * Errors, naming the row ("row R: why"): SEEBATCH_ERROR_MOVE (a text that
 * does not parse on its board, or is longer than 15 characters),
 * SEEBATCH_ERROR_BOARD (its board is not consistent),
 * SEEBATCH_ERROR_ARGUMENT (a board index out of range; a NULL argument). */
SEEBATCH_API seebatch_status seebatch_training_moves_from_uci(
    const seebatch_board *boards, size_t board_count, const uint32_t *board_index,
    const char *texts, size_t text_stride, size_t count, uint16_t *moves, size_t *parsed,
    seebatch_error *error);

/* ------------------------------------------------------------------------ */
/* The rules of `seebatch filter`                                           */
/* ------------------------------------------------------------------------ */

typedef struct seebatch_training_filter seebatch_training_filter;

/* Options read among a caller's own (as the `seebatch` tool reads them
 * among its options): argv[*index] is the option; *index moves past the
 * value it takes. attached, when not NULL, says whether argv[i] is a value
 * the caller split off the argument before it ("--promotions=move" given as
 * "--promotions", "move"); NULL when the caller splits nothing. */
typedef struct seebatch_option_words {
    int argc;
    char **argv;
    int *index;
    int (*attached)(char **argv, int index);
} seebatch_option_words;

typedef enum seebatch_option_parse {
    SEEBATCH_OPTION_NOT_MINE = 0, /* argv[*index] is none of these options: *index unchanged */
    SEEBATCH_OPTION_TAKEN = 1,    /* applied; *index is at its last argument */
    SEEBATCH_OPTION_BAD = 2       /* one of these options, with a bad or missing value */
} seebatch_option_parse;

/* A configuration option (--preset NAME, --values P,N,B,R,Q, --pins,
 * --promotions[=none|move|all], --stop-when-ahead), as "--name VALUE" or
 * "--name=VALUE" (--promotions takes a value only with '='), applied to
 * *config in order (so --preset first, then changes): the options every
 * subcommand of the `seebatch` tool that computes SEE takes, and the rule
 * arguments of seebatch_training_filter_new. SEEBATCH_OPTION_BAD writes
 * what is wrong into message (message_size bytes: "--preset needs classic
 * or stockfish, not \"x\""), *config then unchanged by this option.
 * Thread-safe on distinct configs; prints nothing. */
SEEBATCH_API seebatch_option_parse seebatch_parse_config_option(const seebatch_option_words *words,
                                                                seebatch_config *config,
                                                                char *message, size_t message_size);

/* The help text of those options, lines of "  --name ...   what it does\n". */
SEEBATCH_API const char *seebatch_config_options_help(void);

/* The help text of the rule options seebatch_training_filter_new takes
 * (the rules of `seebatch filter` and --seed, which the tool's --help
 * prints): lines of "  --name ...   what it does\n", with a line or two
 * of heading between the groups. Thread-safe. */
SEEBATCH_API const char *seebatch_rule_options_help(void);

/* Makes a filter into *filter from `seebatch filter`'s rule options, one
 * argument per element ("--skip-capture", "--skip-see-ge", "0", "--seed",
 * "7", ...; SEE under the classic configuration).
 * Errors (*filter is then NULL): SEEBATCH_ERROR_CONFIG when an argument is
 * no rule option or its value is bad ("rule argument I, \"TEXT\": why");
 * SEEBATCH_ERROR_ARGUMENT for more than 64 arguments, a NULL one or no
 * memory. */
SEEBATCH_API seebatch_status seebatch_training_filter_new(size_t argc, const char *const *argv,
                                                          seebatch_training_filter **filter,
                                                          seebatch_error *error);

/* For count entries in file order, keep[i] = 1 when no rule drops entry i,
 * else 0: the one judge of entries given as arrays, the `seebatch` tool's
 * for plain and bin input and Python's (Filter.keep_mask, filter_file on
 * plain and bin, stream_training). The SEE rule's captures are judged 256
 * entries at a time in one many-board call, on the backend in use. Rules
 * that look at earlier entries (the placeholder zero, the piece-count rule)
 * remember the entries of earlier calls; seebatch_training_filter_counts
 * adds up what the calls matched.
 * Errors, naming the first entry refused ("entry E: why"; keep is then
 * written up to it and seebatch_training_filter_place gives its number):
 * SEEBATCH_ERROR_BOARD (its board), SEEBATCH_ERROR_MOVE (its move),
 * SEEBATCH_ERROR_ARGUMENT (its result; a NULL argument). */
SEEBATCH_API seebatch_status seebatch_training_filter_keep(seebatch_training_filter *filter,
                                                           size_t count,
                                                           const seebatch_training_arrays *in,
                                                           uint8_t *keep, seebatch_error *error);

/* What the rules did to the entries seebatch_training_filter_keep judged
 * since the filter was made: how many, how many were kept, and per rule
 * (r as `seebatch filter` lists its counts) how many it matched and how
 * many it alone matched (no other rule did: they would be kept without
 * it). An entry several rules match counts under each. */
typedef struct seebatch_filter_counts {
    uint64_t entries;
    uint64_t kept;
    uint64_t matched[16];
    uint64_t alone[16];
} seebatch_filter_counts;

/* The counts of the filter's seebatch_training_filter_keep calls so far
 * into *counts (the `seebatch` tool prints them for plain and bin input,
 * which it judges with seebatch_training_filter_keep); all 0 for a new
 * filter. A refused entry, and those after it in its call, are not
 * counted. */
SEEBATCH_API void seebatch_training_filter_counts(const seebatch_training_filter *filter,
                                                  seebatch_filter_counts *counts);

/* The number of the entry the last failed seebatch_training_filter_keep
 * refused (byte_offset 0); {0, 0} while none was. */
SEEBATCH_API seebatch_training_place
seebatch_training_filter_place(const seebatch_training_filter *filter);

/* 1 when one of the filter's rules draws at random (--random-skip,
 * --wld-skip, --soft-early-skip, --piece-count-skip) and no --seed was
 * given, so its draws follow the default seed; else 0 (and for NULL). For
 * a caller that seeds each pass over its files anew (Python's
 * stream_training). Thread-safe. */
SEEBATCH_API int seebatch_training_filter_draws_unseeded(const seebatch_training_filter *filter);

/* Frees the filter (NULL is ignored). */
SEEBATCH_API void seebatch_training_filter_free(seebatch_training_filter *filter);

/* ------------------------------------------------------------------------ */
/* Filtering a binpack chunk: `seebatch filter`'s driver                    */
/* ------------------------------------------------------------------------ */

/* What the rules remember of the entries before a chunk (the placeholder
 * zero's last ply and score, the piece-count rule's history), and after
 * one. Opaque: set by seebatch_filter_state_start and by
 * seebatch_training_filter_chunk, copied as a value. */
typedef struct seebatch_filter_state {
    uint64_t words[48];
} seebatch_filter_state;

/* The state at the start of a file (no entry before). */
SEEBATCH_API void seebatch_filter_state_start(seebatch_filter_state *state);

/* Where a chunk is decoded and its output built: the blocks of entries
 * (about 170 KB) and the output's bytes, kept from chunk to chunk so that
 * filtering allocates nothing once the output has reached its largest.
 * One per thread. Errors (*buffers is then NULL): SEEBATCH_ERROR_ARGUMENT
 * for a NULL argument or no memory. */
typedef struct seebatch_filter_buffers seebatch_filter_buffers;
SEEBATCH_API seebatch_status seebatch_filter_buffers_new(seebatch_filter_buffers **buffers,
                                                         seebatch_error *error);
/* Frees the buffers (NULL is ignored). */
SEEBATCH_API void seebatch_filter_buffers_free(seebatch_filter_buffers *buffers);

/* One call of seebatch_training_filter_chunk: the chunk and how to filter
 * it (in), what it kept and counted (out). */
typedef struct seebatch_filter_chunk {
    /* In. */
    const seebatch_training_filter *filter; /* the rules, read only: threads may share them */
    seebatch_filter_buffers *buffers;       /* this thread's */
    const uint8_t *payload;          /* a binpack chunk's payload (after its 8-byte header) */
    size_t size;                     /* its bytes */
    uint64_t file_offset;            /* where the payload starts in its file */
    seebatch_training_format output; /* the format of the kept entries' bytes */
    int count_only;                  /* 1: no bytes, the entries counted only */
    /* 1: before is the state after the entries before the chunk. 0: not
     * known yet (chunks filtered at once on several threads): the chunk is
     * filtered as if at a file's start, and seebatch_filter_state_settle
     * then says whether that stands. */
    int before_known;
    seebatch_filter_state before;
    uint64_t
        entries_before; /* entries of the file before the chunk, for the message (0 if unknown) */
    /* Out. */
    const uint8_t *bytes; /* the kept entries: a binpack payload (no header: write "BINP" ... */
    size_t byte_count;    /* ... and byte_count, 32 bits little-endian, before a nonempty one),
                             * or plain blocks or .bin entries; in buffers, until their next call */
    uint64_t entries;     /* entries decoded (before the fault, if any) */
    uint64_t kept;        /* of those, kept */
    uint64_t matched[16]; /* per rule, the entries it matched (rule r as `seebatch filter` */
    uint64_t alone[16];   /* lists its counts), and those no other rule matched */
    seebatch_filter_state after; /* the state after the chunk (see before_known) */
    /* A payload that stopped decoding: the byte in the file and the
     * entry's number within the chunk (from 1), and why without the place. */
    seebatch_training_place place;
    char reason[160];
} seebatch_filter_chunk;

/* Filters one binpack chunk as `seebatch filter` does (the tool's threads
 * call this, chunk by chunk or part by part, and so does Python's
 * Filter.filter_file): decodes chunk->payload block by block, judges the
 * entries by the rules (the SEE rule's captures many at a time, on the
 * backend in use) and writes the kept ones in chunk->output's format into
 * chunk->bytes. Binpack output keeps the input's chains: a kept entry
 * whose predecessor was kept stays in its chain (its movetext bits
 * copied), an entry after a dropped one starts a chain; with no rule the
 * payload comes out as it went in. Counts go to the out fields, the state
 * after the chunk to chunk->after. A payload cut anywhere but at a chain's
 * start (seebatch_binpack_guess_chain_start) may be filtered in
 * parts when no rule looks at earlier entries; their bytes, joined in
 * order, are the whole payload's. Thread-safe on distinct chunks and
 * buffers; allocates only to grow the buffers; prints nothing.
 * With the piece-count rule and before_known 0 nothing is filtered
 * (entries 0): the rule's draws depend on every entry before.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL argument, no memory, or a
 * payload that stops decoding ("byte B, entry E: why", E counted from
 * entries_before; chunk->place and chunk->reason say the same), the
 * entries before the fault filtered and counted. */
SEEBATCH_API seebatch_status seebatch_training_filter_chunk(seebatch_filter_chunk *chunk,
                                                            seebatch_error *error);

/* Where to cut a payload so that its parts can be filtered on several
 * threads (as the `seebatch` tool does with threads to spare): the first
 * offset at or after `from` (and after 0) where payload (size bytes) looks
 * like the start of a chain, one where a stem and its chain decode, then
 * two more chains or the payload's end. Chains carry no mark of where they
 * start, so this is a guess: confirm it by filtering the part before it,
 * which must decode to exactly there (a wrong guess costs time, never a
 * wrong entry). Returns size when no such offset is found; reads nothing
 * outside the payload. Thread-safe. */
SEEBATCH_API size_t seebatch_binpack_guess_chain_start(const uint8_t *payload, size_t size,
                                                       size_t from);

/* A payload (size bytes) cut into at most `parts` parts of about equal
 * size, for threads to filter or decode apart (the `seebatch` tool's and
 * seebatch_training_filter_file's one way to cut): starts[0] is 0, and
 * each later start is seebatch_binpack_guess_chain_start's guess from
 * about k * size / parts (and after the start before it); part k is
 * [starts[k], starts[k + 1]), the last ending at size. Returns how many
 * parts were written into starts (room for `parts` of them; parts 0 counts
 * as 1): 1 when no cut is found. The cuts are guesses: confirm each part
 * but the last by decoding it to exactly its end. Thread-safe; reads
 * nothing outside the payload. */
SEEBATCH_API size_t seebatch_binpack_cut_payload(const uint8_t *payload, size_t size, size_t parts,
                                                 size_t *starts);

/* For a chunk filtered with before_known 0, given in file order the state
 * after the chunk before it (`after` of that chunk, settled): 1 when the
 * chunk must be filtered again with before_known 1 and that state (its
 * first scored entry would be judged otherwise, or the piece-count rule is
 * on); else 0, with *after completed into the state after the chunk. 0 for
 * a chunk filtered with before_known 1 (its after is already complete). */
SEEBATCH_API int seebatch_filter_state_settle(const seebatch_training_filter *filter,
                                              const seebatch_filter_state *before,
                                              seebatch_filter_state *after);

/* ------------------------------------------------------------------------ */
/* Filtering a whole file: what `seebatch filter FILE --output OUT` does    */
/* ------------------------------------------------------------------------ */

/* One call of seebatch_training_filter_file: the file and how to filter it
 * (in), what was read and kept and where a fault is (out). */
typedef struct seebatch_filter_file_job {
    /* In. */
    seebatch_training_filter *filter; /* the rules (plain and bin input: its counts and
                                       * history go on from its earlier calls) */
    const char *input;                /* a binpack, plain or bin file, told as
                                       * seebatch_training_open tells it */
    const char *output;               /* NULL: nothing written, the entries counted only */
    seebatch_training_format output_format;
    /* Binpack input: chunks filtered at once, each on a thread of its own
     * (0 counts as 1); threads left over cut a chunk between its chains
     * when no rule looks at earlier entries. The output is the same for
     * every number. */
    unsigned threads;
    /* For a caller with streams open (the `seebatch` tool: standard input,
     * or many inputs into one output); NULL for none. input_stream: read
     * from its current place in input_format (input then names it in
     * messages; the stream is not closed). output_stream: written there,
     * flushed, neither closed nor committed (output then names it in
     * messages). */
    FILE *input_stream;
    FILE *output_stream;
    /* Called, when not NULL, after each chunk is written, on the calling
     * thread: the entries and bytes of the input since the call before. */
    void (*progress)(void *context, uint64_t entries, uint64_t bytes);
    void *progress_context;
    /* input_stream's format (a path's is told as seebatch_training_open
     * tells it); read only with input_stream. */
    seebatch_training_format input_format;
    /* Plain and bin input: called, when not NULL, on the calling thread at
     * a plain block that does not parse and at an entry the output format
     * cannot hold (a ply above 16383 for binpack, what .bin cannot store),
     * with its place (its first byte in the input; the entry's number,
     * counting those skipped before) and the whole message
     * ("INPUT: line L, entry E: why", bin "INPUT: byte B, entry E: why").
     * It returns 1 to skip that entry and go on (the `seebatch` tool reports
     * each and goes on), 0 to end the call at it as a fault of the input;
     * NULL ends the call at the first bad block (an entry the output cannot
     * hold is then refused by the writer: "entry E: why", nothing
     * committed). A .bin entry that does not decode, and a read that fails,
     * always end the call. Skipped entries are not counted as read. */
    int (*skip)(void *context, const seebatch_training_place *place, const char *message);
    void *skip_context;
    /* Out. */
    seebatch_filter_counts counts; /* the entries read (before a fault), kept, per rule */
    /* The fault that ended the reading: its byte in the input (plain: the
     * start of its block) and the number of the entry that did not decode
     * (from 1); {0, 0} when the input was read to its end. */
    seebatch_training_place place;
    char reason[160]; /* the fault's why, without its place (seebatch_training_fault_text) */
} seebatch_filter_file_job;

/* Filters the file job->input into job->output in job->output_format, as
 * `seebatch filter RULES INPUT --output OUTPUT` does, byte for byte: the
 * one file loop of the library, the `seebatch` tool's and Python's
 * (Filter.filter_file). Binpack input is read chunk by chunk and filtered
 * by seebatch_training_filter_chunk (chains and chunks kept; with no rule
 * the output is the input), up to job->threads chunks at once, written in
 * file order; plain and bin input is read in batches, judged by
 * seebatch_training_filter_keep and written as seebatch_training_write
 * writes (binpack chunks closed at 1 MiB), a bad plain block ending it, or
 * told to job->skip and skipped. The output goes to a temporary
 * beside it, renamed over it at the end: an output that cannot be written,
 * or a call that fails before it ends, leaves the path as it was, except
 * for a fault of the input: then every entry before the fault is written
 * and committed, job->place names the fault and the status is returned.
 * The piece-count rule's history goes on from the filter's and is the
 * filter's after the call (one history over the files given to one
 * filter, as the tool keeps over its inputs). Thread-safe on distinct jobs
 * whose filters are distinct.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a NULL filter or input, a format
 * (output_format, or input_format with input_stream) that is none of the
 * three, an output that is the input (nothing written), a
 * file that cannot be opened, created or written (the path and the
 * system's reason; the output as it was), no memory, or a fault of the
 * input ("INPUT: byte B, entry E: why" or "INPUT: line L, entry E: why",
 * the entries before it written). */
SEEBATCH_API seebatch_status seebatch_training_filter_file(seebatch_filter_file_job *job,
                                                           seebatch_error *error);

#ifdef __cplusplus
}
#endif

#endif
