/*
 * Stockfish's training data (.binpack, .plain, .bin), read, written and
 * filtered by the code the `seebatch` tool runs: a C or Python caller reads,
 * writes and judges exactly as the tool does. Part of libseebatch (link
 * seebatch::seebatch, or `pkg-config --cflags --libs seebatch`). In order:
 *
 *   seebatch_training_open, _read, _close     a file as a stream of batches
 *   seebatch_training_run                     a whole file on threads, a work
 *                                             (yours, seebatch_label_work,
 *                                             seebatch_count_work) on each portion
 *   seebatch_training_create, _write, _finish entries written as Stockfish's are
 *   seebatch_training_filter_new, _keep, _file the rules of `seebatch filter`
 *
 * An entry is five fields: the board, the move played there (castling as
 * the king taking its rook), the search score, the ply and the game result
 * (-1, 0, 1 for the side to move); in batches five parallel arrays
 * (seebatch_training_arrays), one by one a struct (seebatch_training_entry).
 * Errors as in seebatch.h, the message in the tool's words ("INPUT: byte B,
 * entry E: why"; plain text "INPUT: line L, entry E: why"):
 * SEEBATCH_ERROR_ARGUMENT for a NULL pointer, a file that cannot be opened,
 * read, created or written (path and reason), bytes their format does not
 * allow, an entry the format cannot hold, no memory; _BOARD, _MOVE for an
 * entry given whose board or move is refused; _CONFIG for a bad rule. The
 * place of a fault is kept by the object that met it (the _place calls) or
 * the run. Every function is thread-safe on distinct objects, prints
 * nothing and keeps no pointer to the caller's arrays after it returns.
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

/* Where a fault is. */
typedef struct seebatch_training_place {
    uint64_t byte_offset; /* in the file (plain: the start of its block); writing, filtering: 0 */
    uint64_t entry;       /* from 1, in the file or among the entries given; 0: no one entry */
} seebatch_training_place;

/* count entries: element i of each array is entry i. */
typedef struct seebatch_training_arrays {
    seebatch_board *boards;
    uint16_t *moves;
    int16_t *scores;
    uint16_t *plies;
    int8_t *results;
} seebatch_training_arrays;

/* One entry as one struct, as seebatch_training_run hands entries out. */
typedef struct seebatch_training_entry {
    seebatch_board board;
    seebatch_move move; /* castling as the king taking its rook (e1h1) */
    int16_t score;
    uint16_t ply;
    int8_t result; /* -1, 0 or 1, for the side to move */
} seebatch_training_entry;

/* Parses count UCI moves (seebatch_move_parse): move i from texts + i *
 * text_stride (NUL-terminated or text_stride bytes: a NumPy bytes array) on
 * boards[board_index[i]] (board i when board_index is NULL). *parsed (or
 * NULL): count, or on failure the row refused (the moves before written).
 * Errors ("row R: why"): SEEBATCH_ERROR_MOVE, SEEBATCH_ERROR_BOARD,
 * SEEBATCH_ERROR_ARGUMENT (a board index out of range; a NULL argument). */
SEEBATCH_API seebatch_status seebatch_training_moves_from_uci(
    const seebatch_board *boards, size_t board_count, const uint32_t *board_index,
    const char *texts, size_t text_stride, size_t count, uint16_t *moves, size_t *parsed,
    seebatch_error *error);

/* ---- Formats ---- */

/* What a file holds, by the one rule of the library, the tool and Python:
 * its first bytes ("BINP" binpack, "fen " plain), else its name (.binpack,
 * .plain, .bin, .epd; .bin has no magic), else lines of FEN or EPD; empty
 * is plain unless named binpack or bin. The three calls below are pure. */
typedef enum seebatch_file_format {
    SEEBATCH_FILE_UNKNOWN = 0,
    SEEBATCH_FILE_BINPACK = 1,
    SEEBATCH_FILE_PLAIN = 2,
    SEEBATCH_FILE_LINES = 3, /* lines of FEN or EPD: no training data */
    SEEBATCH_FILE_BIN = 4    /* Stockfish's older PackedSfenValue, 40 bytes an entry */
} seebatch_file_format;

/* The format named "binpack", "plain", "lines" (or "epd") or "bin";
 * SEEBATCH_FILE_UNKNOWN for another name or NULL. */
SEEBATCH_API seebatch_file_format seebatch_file_format_named(const char *name);

/* "unknown", "binpack", "plain", "lines" or "bin"; NULL for no format. */
SEEBATCH_API const char *seebatch_file_format_name(seebatch_file_format format);

/* The format a path's name says (.binpack, .plain, .epd, .bin), by which
 * an output's format follows its name; SEEBATCH_FILE_UNKNOWN for another
 * name, none, or NULL. */
SEEBATCH_API seebatch_file_format seebatch_file_format_of_path(const char *path);

/* ---- Reading a stream of batches ---- */

typedef struct seebatch_training_reader seebatch_training_reader;

/* Opens a training file for reading into *reader, its format told by the
 * rule above. Errors (*reader is then NULL): a NULL argument, a file that
 * cannot be opened or read, lines (no training data), no memory. */
SEEBATCH_API seebatch_status seebatch_training_open(const char *path,
                                                    seebatch_training_reader **reader,
                                                    seebatch_error *error);

/* The format the reader reads: binpack, plain or bin. */
SEEBATCH_API seebatch_file_format
seebatch_training_reader_format(const seebatch_training_reader *reader);

/* Decodes up to capacity entries into out (each array capacity long) and
 * sets *count to how many, on failure too: fewer means the file ended or a
 * fault stopped it, every entry before the fault given (the status says so,
 * seebatch_training_reader_place where). Then *count is 0, and a fault is
 * returned again. Errors: a NULL argument, a fault of the file (bytes its
 * format does not allow, a read that failed, no memory). */
SEEBATCH_API seebatch_status seebatch_training_read(seebatch_training_reader *reader,
                                                    size_t capacity,
                                                    const seebatch_training_arrays *out,
                                                    size_t *count, seebatch_error *error);

/* The same, stopping at the end of a binpack chunk: *chunk_done is then 1
 * (also at the end or a fault), else 0. Plain and bin are one chunk. */
SEEBATCH_API seebatch_status seebatch_training_read_chunk(seebatch_training_reader *reader,
                                                          size_t capacity,
                                                          const seebatch_training_arrays *out,
                                                          size_t *count, int *chunk_done,
                                                          seebatch_error *error);

/* 1 once the end of the file or a fault was reached, else 0; where that
 * fault is ({0, 0} while none was, and after a clean end); and the reader
 * closed and freed (NULL is ignored). */
SEEBATCH_API int seebatch_training_at_end(const seebatch_training_reader *reader);
SEEBATCH_API seebatch_training_place
seebatch_training_reader_place(const seebatch_training_reader *reader);
SEEBATCH_API void seebatch_training_close(seebatch_training_reader *reader);

/* ---- A whole file on threads ---- */

/* A line as seebatch_training_run hands it out: its bytes without "\n" or
 * "\r\n", no NUL, valid until its portion is delivered; number from 1. Over
 * SEEBATCH_LINE_MAX bytes: too_long 1, text NULL, length 0. */
enum { SEEBATCH_LINE_MAX = 65536 };
typedef struct seebatch_line {
    const char *text;
    size_t length;
    uint64_t number;
    int too_long;
} seebatch_line;

/* The most entries or lines a block holds, and a portion of plain, bin or
 * lines (a binpack chunk comes in as many blocks as it needs). */
enum { SEEBATCH_BLOCK_MAX = 4096 };

/* A portion of a file as seebatch_training_run hands it to a work: a binpack
 * chunk (or, for the last ones, a part cut at a chain start), a batch of
 * plain or .bin entries, or a block of lines. */
typedef struct seebatch_portion {
    /* The work's state for the portion (its portion_new's; NULL without one),
     * reused by later portions: the work starts it afresh at `begins`. */
    void *state;
    /* Entries (training data) or lines, count of them; the other NULL. In
     * block: one block, its first numbered `first` among the portion's (from
     * 0, entries skipped counted). In deliver: the portion's plain or bin
     * entries, or lines, all of them; binpack: none (count: those given). */
    const seebatch_training_entry *entries;
    const seebatch_line *lines;
    size_t count;
    uint64_t first;
    int begins, ends; /* block: the portion's first block, its last (count may be 0) */
    /* Deliver: the entries (lines) of the input before the portion and in it,
     * those skipped counted, and the binpack chains it began. */
    uint64_t before, size, chains;
} seebatch_portion;

/* What seebatch_training_run does with each portion. context is given to
 * every function, on every thread at once: read it only, or guard it. */
typedef struct seebatch_work {
    void *context;
    /* A portion's state, made for each portion the run holds at a time (about
     * two a thread) and freed at its end; NULL: none. NULL from portion_new
     * fails the run (no memory). */
    void *(*portion_new)(void *context);
    void (*portion_free)(void *context, void *state);
    /* On a worker: each block of a portion in order, the last with ends 1;
     * portions run at once on several threads. */
    void (*block)(void *context, const seebatch_portion *portion);
    /* On the calling thread, in file order, once a portion's blocks are done
     * (NULL: nothing): 0 to go on, else the run ends there. */
    int (*deliver)(void *context, const seebatch_portion *portion);
} seebatch_work;

/* One call of seebatch_training_run. */
typedef struct seebatch_run {
    /* In. */
    const char *input;           /* the file; with input_stream, its name in messages */
    FILE *input_stream;          /* NULL: input opened, its format told by the rule above */
    seebatch_file_format format; /* input_stream's: binpack, plain, bin or lines */
    unsigned threads;            /* workers; 0 and 1: none, all on the calling thread */
    seebatch_work work;
    /* Plain: told on the calling thread of a block that does not parse,
     * with its place and the message ("INPUT: line L, entry E: why"): 1
     * passes over it (its number used), 0 ends the run there; NULL ends the
     * run at the first. */
    int (*skip)(void *context, const seebatch_training_place *place, const char *message);
    void *skip_context;
    /* When not NULL, on the calling thread after each portion is delivered:
     * its entries (lines) and bytes of the input. */
    void (*progress)(void *context, uint64_t entries, uint64_t bytes);
    void *progress_context;
    /* Out. */
    uint64_t entries; /* delivered (lines for lines), those skipped counted */
    uint64_t chunks;  /* binpack chunks delivered */
    /* The fault that ended the input: its place (lines: entry 0), its line
     * (plain and lines, else 0) and why, without the place; 0 and "" after
     * a clean end. */
    seebatch_training_place place;
    uint64_t line;
    char reason[160];
} seebatch_run;

/* Reads the whole input on run->threads threads, each block of entries or
 * lines given to run->work.block on a worker, each portion delivered to
 * run->work.deliver on the calling thread in file order: what a work writes
 * at delivery is the same for every number of threads. A fault of the
 * input (bytes its format does not allow, a file that ends inside a chunk,
 * a plain block not skipped, a failed read) ends the run after every entry
 * before it is delivered.
 * Errors: a NULL run, input or block, a format that is none of the four, a
 * file that cannot be opened or read, no memory, a deliver that ended the
 * run ("stopped by the work"), a fault ("INPUT: line L: why" for lines). */
SEEBATCH_API seebatch_status seebatch_training_run(seebatch_run *run, seebatch_error *error);

/* What seebatch_label_work labels with and gives its labels to. */
typedef struct seebatch_labelling {
    const seebatch_rules *rules;
    /* On the calling thread, in file order: the SEE of the move of each
     * entry of a portion (count of them; before: the entries of the file
     * before it, those skipped counted). 0 to go on, else the run ends. */
    int (*labels)(void *context, const int32_t *values, size_t count, uint64_t before);
    void *context;
} seebatch_labelling;

/* A work labelling each entry's move with its SEE under labelling->rules,
 * a many-board call a block, handed to labelling->labels (no memory ends the
 * run, "stopped by the work"). labelling is kept as a pointer. */
SEEBATCH_API seebatch_work seebatch_label_work(const seebatch_labelling *labelling);

/* What seebatch_count_work counts of a file's entries (not those skipped),
 * as `seebatch stats` prints it. A game: entries whose ply rises and result
 * (white's view) stays; chains: a binpack's stems, or those it would store. */
typedef struct seebatch_counts {
    uint64_t entries, chains, games;
    uint64_t games_won_by_white, games_drawn, games_won_by_black;
    uint64_t side_to_move_won, side_to_move_drew, side_to_move_lost;
    uint64_t captures, en_passant, promotions, castlings, checks; /* checks: side to move */
    /* Scores: 32002 (VALUE_NONE), then up to -1000, -300, -101, -1, 0,
     * 100, 299, 999, and above. Plies: up to 9, 19, 39, 79, 159, 319, and
     * above. */
    uint64_t scores[10], plies[7];
    uint64_t carry[16]; /* the library's: what is carried from portion to portion */
} seebatch_counts;

/* A work counting training data into *counts, zeroed by the caller before
 * the file; its deliver is its own. */
SEEBATCH_API seebatch_work seebatch_count_work(seebatch_counts *counts);

/* ---- Writing ---- */

typedef struct seebatch_training_writer seebatch_training_writer;

/* Makes a writer of binpack, plain or bin to path: to a temporary beside it
 * (".NAME.XXXXXX", the target's permissions) renamed over it by
 * seebatch_training_finish, or straight to a target that is no regular
 * file (/dev/null, a FIFO; NUL on Windows), a symbolic link followed and
 * kept. Binpack chunks close at 1 MiB, as Stockfish's writer closes them,
 * or with caller_chunks 1 at seebatch_training_end_chunk. Errors (*writer
 * then NULL): a NULL argument, another format, a file that cannot be
 * created, no memory. */
SEEBATCH_API seebatch_status seebatch_training_create(const char *path, seebatch_file_format format,
                                                      int caller_chunks,
                                                      seebatch_training_writer **writer,
                                                      seebatch_error *error);

/* Writes count entries as Stockfish's writers do (binpack: an entry that is
 * the one before after its move joins its chain); with keep, only entries i
 * with keep[i] != 0. Each is checked first: a consistent board, a move its
 * piece can make, a result in -1..1, for binpack a position its 32-byte
 * stem holds and a ply up to 16383. On failure the entries before the one
 * refused are written, seebatch_training_writer_place numbers it, and later
 * calls are refused. Errors ("entry E: why"): SEEBATCH_ERROR_BOARD, _MOVE,
 * _ARGUMENT (its result, what the format cannot hold, a failed write). */
SEEBATCH_API seebatch_status seebatch_training_write(seebatch_training_writer *writer, size_t count,
                                                     const seebatch_training_arrays *in,
                                                     const uint8_t *keep, seebatch_error *error);

/* For binpack, closes the chunk being built and writes it (nothing for
 * plain and bin). Errors: writing failed (later calls are refused). */
SEEBATCH_API seebatch_status seebatch_training_end_chunk(seebatch_training_writer *writer,
                                                         seebatch_error *error);

/* The number of the entry the last failed seebatch_training_write refused;
 * {0, 0} while none was. */
SEEBATCH_API seebatch_training_place
seebatch_training_writer_place(const seebatch_training_writer *writer);

/* Writes what is buffered, closes the file, renames it over the path and
 * frees the writer, on failure too (entries refused before do not fail it).
 * Errors: writing, closing or renaming failed (the path is as it was). */
SEEBATCH_API seebatch_status seebatch_training_finish(seebatch_training_writer *writer,
                                                      seebatch_error *error);

/* Removes the temporary and frees the writer: the path is as it was. */
SEEBATCH_API void seebatch_training_abandon(seebatch_training_writer *writer);

/* ---- The rules of `seebatch filter` ---- */

typedef struct seebatch_training_filter seebatch_training_filter;

/* Makes a filter from `seebatch filter`'s rule and configuration options
 * (classic by default), an argument an element ("--skip-see-ge", "0",
 * "--seed", "7"; docs/training-data.md lists them), as the tool does.
 * Errors (*filter then NULL): SEEBATCH_ERROR_CONFIG for no such option or a
 * bad value ("rule argument I, \"TEXT\": why"); SEEBATCH_ERROR_ARGUMENT for
 * more than 64 arguments, a NULL one, no memory. */
SEEBATCH_API seebatch_status seebatch_training_filter_new(size_t argc, const char *const *argv,
                                                          seebatch_training_filter **filter,
                                                          seebatch_error *error);

/* For count entries in file order, keep[i] = 1 when no rule drops entry i,
 * else 0. A move 0 is none (an EPD
 * line without one): no rule on the move matches it. Rules that look back
 * (the placeholder zero, the piece count) remember earlier calls' entries.
 * Errors naming the first entry refused ("entry E: why"; keep written up to
 * it): SEEBATCH_ERROR_BOARD, SEEBATCH_ERROR_MOVE, SEEBATCH_ERROR_ARGUMENT. */
SEEBATCH_API seebatch_status seebatch_training_filter_keep(seebatch_training_filter *filter,
                                                           size_t count,
                                                           const seebatch_training_arrays *in,
                                                           uint8_t *keep, seebatch_error *error);

/* What the rules did to entries: how many, kept, and per rule r (in the
 * library's order) the entries it matched and those it alone matched (no
 * other rule did: kept without it). */
typedef struct seebatch_filter_counts {
    uint64_t entries;
    uint64_t kept;
    uint64_t matched[16];
    uint64_t alone[16];
} seebatch_filter_counts;

/* What the filter's rules read, as bits (0 for NULL). */
enum {
    SEEBATCH_FILTER_READS_MOVE = 1,  /* the move (capture, SEE, promotion, castling) */
    SEEBATCH_FILTER_READS_SCORE = 2, /* score, ply or result, which EPD lines lack */
    SEEBATCH_FILTER_DRAWS = 4,       /* a rule draws at random ... */
    SEEBATCH_FILTER_SEEDED = 8       /* ... and --seed was given */
};
SEEBATCH_API unsigned seebatch_training_filter_reads(const seebatch_training_filter *filter);

/* The entry the last failed seebatch_training_filter_keep refused; {0, 0}
 * while none was. seebatch_training_filter_free frees (NULL is ignored). */
SEEBATCH_API seebatch_training_place
seebatch_training_filter_place(const seebatch_training_filter *filter);
SEEBATCH_API void seebatch_training_filter_free(seebatch_training_filter *filter);

/* One call of seebatch_training_filter_file. */
typedef struct seebatch_filter_file_job {
    /* In. */
    seebatch_training_filter *filter; /* plain and bin input: its counts and history go on */
    const char *input;                /* a training file; with input_stream, its name */
    const char *output;               /* NULL: nothing written, the entries counted */
    seebatch_file_format output_format;
    unsigned threads;    /* binpack input: the runner's workers; the output is the same */
    FILE *input_stream;  /* NULL, or read from here in input_format (not closed) */
    FILE *output_stream; /* NULL, or written here, flushed, not closed or committed */
    /* As seebatch_run's, after each portion is written. */
    void (*progress)(void *context, uint64_t entries, uint64_t bytes);
    void *progress_context;
    seebatch_file_format input_format;
    /* Plain and bin input: as seebatch_run.skip, also told of an entry the
     * output cannot hold (binpack: a ply above 16383); skipped entries are
     * not counted as read. */
    int (*skip)(void *context, const seebatch_training_place *place, const char *message);
    void *skip_context;
    /* Out. */
    seebatch_filter_counts counts; /* read (before a fault), kept, per rule */
    seebatch_training_place place; /* the fault that ended the reading, or {0, 0} */
    char reason[160];              /* its why, without its place */
} seebatch_filter_file_job;

/* Filters job->input into job->output in job->output_format, as `seebatch
 * filter RULES INPUT --output OUTPUT` does, byte for byte. Binpack input is
 * judged chunk by chunk on job->threads workers, chains and chunks kept (no
 * rule: the output is the input); plain and bin in batches, written as
 * seebatch_training_write writes (by a temporary, as _create). A failure
 * leaves the output's path as it was, but at a fault of the input every
 * entry before it is written and committed (job->place names it).
 * Errors: a NULL filter or input, a format none of the three, an output
 * that is the input, a file that cannot be opened, created or written, no
 * memory, a fault. */
SEEBATCH_API seebatch_status seebatch_training_filter_file(seebatch_filter_file_job *job,
                                                           seebatch_error *error);

#ifdef __cplusplus
}
#endif

#endif
