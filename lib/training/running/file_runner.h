/*
 * The one runner over a file's portions (issue 70): a binpack read chunk by
 * chunk, a plain or .bin file read in batches of entries, or a file of
 * lines read in blocks, each portion handed to a work's function on a pool
 * of threads and delivered back on the calling thread in file order.
 * seebatch_training_run (the tool's eval, check and stats, Python's
 * label_file and count_file) and seebatch_training_filter_file (the
 * tool's filter and convert, Python's filter_file) are its two clients.
 *
 * What it owns, once for all of them:
 *   - the cut: a binpack chunk at the end of the input, read while
 *     workers are idle, is cut at guessed chain starts
 *     (seebatch_binpack_cut_payload) into parts, one for each idle worker,
 *     when the work allows it; a part before a cut that does not decode to
 *     exactly its end (a wrong guess) sends the chunk back whole;
 *   - the order: a portion is delivered when every one before it is, so a
 *     work's output is the same for every number of threads;
 *   - faults: a chunk header that is none, a chunk the file ends inside, a
 *     payload that stops decoding, a .bin entry that does not decode, a
 *     plain block that does not parse (unless skipped), a read that fails:
 *     every entry before the fault is delivered, then the run ends with
 *     the fault named at its byte (or line) and entry;
 *   - carried state: a work whose portions depend on those before them
 *     (the filter's placeholder rule, stats' games) is delivered in order
 *     and settles there, running a portion again on the calling thread when
 *     what it assumed does not hold (the work's deliver decides);
 *   - the threads: the calling thread reads and delivers; `threads`
 *     workers run portions; with one thread or none, everything happens in
 *     turn on the calling thread and no thread is started.
 */
#ifndef SEEBATCH_FILE_RUNNER_H
#define SEEBATCH_FILE_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "portion_reading.h"

/* A part of a portion a worker runs: a whole portion, or bytes [start, end)
 * of a chunk cut at chain starts. */
typedef struct runner_part {
    const file_portion *portion;
    size_t start, end;
    void *state; /* the work's, made by state_new for this part's place, kept */
    /* Every portion before this one is delivered when it runs (the run has
     * no workers): what they carry is known. */
    bool in_order;
    /* Set by the work's run (entries set beforehand for plain, bin and
     * lines: the portion's, those skipped counted). */
    uint64_t entries;   /* entries (lines) the part gave */
    bool faulted;       /* it stopped decoding at fault_byte of the file, for reason */
    bool out_of_memory; /* memory ran out: the run ends there (nothing at fault) */
    uint64_t fault_byte;
    char reason[160];
} runner_part;

/* What a client runs on the portions. */
typedef struct runner_work {
    void *context;
    /* Whether a chunk may be cut in parts, each run as if it began the
     * chunk (nothing carried from chain to chain inside a chunk). */
    bool cuttable;
    /* A part's state, made once for each place a part can be in (NULL:
     * none) and freed at the end; the run starts each part afresh. */
    void *(*state_new)(void *context);
    void (*state_free)(void *context, void *state);
    /* On a worker (or the calling thread): runs part, setting its entries
     * and fault. */
    void (*run)(void *context, runner_part *part);
    /* On the calling thread, in file order, once every part of a portion is
     * run: parts[0, count) of it, in order (count 1 for a portion not cut),
     * entries_before the entries (lines) of the input before it. May run a
     * part again (work->run) with what it now knows. Returns 0 to go on,
     * else nonzero to end the run at once (its own failure, told as it
     * chooses: the run returns RUNNER_STOPPED). */
    int (*deliver)(void *context, runner_part *parts, size_t count, uint64_t entries_before);
} runner_work;

/* One run. */
typedef struct runner_job {
    /* In. */
    portion_source source; /* the input, its format, and the hook of its bad plain blocks */
    unsigned threads;      /* workers; 0 and 1: none */
    runner_work work;
    /* Called on the calling thread after each portion is delivered: its
     * entries (lines) and input bytes. NULL: none. */
    void (*progress)(void *context, uint64_t entries, uint64_t bytes);
    void *progress_context;
    /* Out. */
    uint64_t entries; /* delivered, those skipped counted */
    uint64_t chunks;  /* binpack chunks delivered (a truncated one too) */
    /* The fault that ended the input: its byte (plain: its block's first;
     * lines: 0), line (plain and lines; else 0) and entry (from 1; lines:
     * 0), and why, without the place. */
    uint64_t fault_byte, fault_line, fault_entry;
    char reason[160];
    bool read_failed; /* the fault is a read that failed */
} runner_job;

typedef enum runner_result {
    RUNNER_DONE,      /* the input was read to its end */
    RUNNER_FAULT,     /* a fault of the input ended it (job->reason says) */
    RUNNER_NO_MEMORY, /* memory ran out (nothing at fault in the input) */
    RUNNER_STOPPED    /* the work's deliver ended it */
} runner_result;

/* Runs the job to the input's end, a fault or a stop. */
runner_result seebatch_run_portions(runner_job *job);

/* The message of a fault ended with RUNNER_FAULT: "NAME: byte B, entry E:
 * why" (or "line L, entry E", or "line L" for lines) into error. */
seebatch_status seebatch_runner_fault_error(const runner_job *job, seebatch_error *error);

#endif
