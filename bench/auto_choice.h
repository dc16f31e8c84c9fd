// What auto learned for a call shape in this process, as the benchmark's
// closing line says it; and the whole job that auto's learning is measured
// on (bench/auto_starts.cpp, bench/stockfish/calibrate_multi_driver.cpp's
// job mode). C, on the public API.
#ifndef SEEBATCH_BENCH_AUTO_CHOICE_H
#define SEEBATCH_BENCH_AUTO_CHOICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

#ifdef __cplusplus
extern "C" {
#endif

// For values (threshold false) or a threshold on many boards in board order,
// pins worked out or given, at least 8 moves a call: the backend auto keeps
// and how auto judged each backend (seebatch_auto_report: the kept one's
// settled speed, another's beside the best on the same positions where its
// trial ran its course, or how far one dropped on its first, cold calls
// trailed), as "avx512 (avx512 16.2 ns a capture, kept; avx2 18.0 ns a
// capture, beside the best; scalar dropped after 3 calls, cold, at 2.90
// times the best's)", into out.
void bench_auto_learned(bool threshold, bool pins_given, char *out, size_t size);

// That shape's report (seebatch_auto_report) into *out; false where no
// shape is so named.
bool bench_auto_shape(bool threshold, bool pins_given, seebatch_auto_shape *out);

// A job's calls: this many moves each, but a cycle's last.
enum { BENCH_JOB_CALL_MOVES = 256 };

// A job: calls of 256 moves on many boards in board order over the moves
// of `all` (all.count of them, cycled: a cycle's last call is shorter),
// exact values into values_out or thresholds at 0 into passed_out (each as
// long as all's moves), on whichever backend is set.
typedef struct bench_job {
    const seebatch_rules *rules;
    seebatch_batch all;
    bool values;
    int32_t *values_out;
    uint8_t *passed_out;
} bench_job;

// The job's first `captures` captures: its thread's CPU seconds.
double bench_job_seconds(const bench_job *job, size_t captures);

// As bench_job_seconds, and the involuntary context switches the job
// took into *switches (a job another process preempted: its caches and
// branch predictor's state were spoiled; 0 where the system does not count
// them per thread).
double bench_job_timed(const bench_job *job, size_t captures, long *switches);

// A fresh start, as a user's new job meets the machine: other data through
// the core's caches (twice its L2) and other branches through its
// predictor, so that no job starts with what the job before it left (the
// walk's tables and learned branches after a job of the walk's own).
void bench_cold_start(void);

// Reads the job's boards and moves once, untimed, so that every job starts
// with them where the one before left them, whoever ran it.
void bench_job_touch(const bench_job *job);

#ifdef __cplusplus
}
#endif

#endif
