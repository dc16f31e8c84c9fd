/*
 * Auto learns from the calls it serves. Every backend returns the same
 * answers, so any of them may serve any call: for each call shape on many
 * boards (call_shapes.h), a learner (learner.h) finds the workload's regime
 * from the calls it sees, and takes the kernel the CPU's measured row names
 * for it, or, on a CPU no row covers, gives the others bounded trials of
 * real calls and keeps the fastest; it looks again now and then, or at once
 * when the kept one's time drifts (the regime changed). The policy and its
 * measurements: docs/design.md, "Auto". This file serves the calls: it
 * holds a learner a shape, shared by every thread, and times the calls a
 * learner asks for with the time-stamp counter (ticks.h).
 *
 * Shapes on one board, and calls of fewer than LEARN_FROM_MOVES moves, keep
 * the fixed choice of the plan (dispatch.h): they are too short to time
 * cheaply. A call reads two relaxed atomics (the plan, the learner's
 * phase); a timed one (every call while auto explores, one in
 * LEARNER_SETTLED_TIME_EVERY of a thread's calls once settled) adds its
 * time with a few relaxed read-modify-writes: no lock anywhere.
 */
#ifndef SEEBATCH_LEARNING_H
#define SEEBATCH_LEARNING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "call_shapes.h"
#include "kernel.h"
#include "learner.h"

enum {
    /* Calls of at least this many moves are timed: below it the clock's two
     * reads would cost over 1% of the call (a capture takes 10-30 ns). */
    LEARN_FROM_MOVES = 64
};

/* Whether auto learns this shape's kernel (many boards, at least 8 moves). */
static inline bool seebatch_shape_learns(unsigned shape)
{
    call_shape parts = seebatch_shape_of(shape);
    return parts.boards != BOARDS_ONE && parts.long_batch;
}

/* Serves moves [first, first + part->count) of a call, by kernel: a
 * caller's answer arrays start at the call's first move. */
typedef void auto_serve(const see_backend *kernel, const see_batch *part, size_t first,
                        void *context);

/* Serves a call of a learning shape under this plan (its first guess, the
 * kernels this machine runs and its row are the plan's) by the kernel its
 * learner gives, timing it when the learner asks. While a challenger is
 * judged on work that does not repeat, it serves a quarter of the call and
 * the best so far the rest: serve is called for each part, in order. */
void seebatch_learning_serve(unsigned shape, uint64_t plan, const see_batch *batch,
                             auto_serve *serve, void *context);

/* The cost a move a learner keeps (learner.h) of `moves` moves served in
 * `elapsed` ticks: at least 1, at most a quarter of 32 bits (a call stalled
 * for seconds stands far behind, never wrapped to a small cost). */
uint32_t seebatch_cost_of(uint64_t elapsed, size_t moves);

/* What tells a call from the others of a workload (learner.h's print): its
 * length, three of its moves and its first board's pieces. Never 0. */
uint32_t seebatch_call_print(const see_batch *batch);

/* Forgets what every shape learned: the next call starts learning afresh
 * (seebatch_backend_set("auto")). */
void seebatch_learning_restart(void);

/* Tests: every call a learning shape serves goes to the next runnable
 * kernel in turn, none kept (true), or learning afresh as above (false). */
void seebatch_learning_rotate(bool rotate);

/* The kernel a shape's learner keeps now; false where it has not started
 * (since the last restart). */
bool seebatch_learning_kept(unsigned shape, unsigned *kernel);

/* The calls' cycle the shape's last finished look found (0: none, or no
 * look finished since learning started). */
uint32_t seebatch_learning_cycle(unsigned shape);

/* What the shape's learner judged of kernel k since the last restart, into
 * *backend (all but its name): the calls timed on it, and how it was
 * judged (seebatch.h, seebatch_auto_judged): kept and settled, the running
 * mean of its timed calls; its trial run its course, its cost beside the
 * best's on the same positions; cut short trailing by far (its first
 * calls, cold or still learning, so no speed), how far; on trial; not
 * tried. */
void seebatch_learning_report(unsigned shape, unsigned k, seebatch_auto_backend *backend);

#endif
