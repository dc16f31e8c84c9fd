/*
 * A learner (lib/auto/learner.h) driven by costs a test gives it, as the
 * library's learners are by the time-stamp counter (lib/auto/learning.c):
 * each call served as the learner says (whole, timed or not; settled, one
 * in LEARNER_SETTLED_TIME_EVERY timed; or in parts, a challenger's part
 * and the best's beside it, then the rest), each part's time asked of the
 * test. The learner is the driver's own: no global, no clock.
 * test_auto_steered.c steers it by hand, test_auto_replay.c replays each
 * CPU's measured costs on it.
 */
#ifndef SEEBATCH_TEST_LEARNER_DRIVER_H
#define SEEBATCH_TEST_LEARNER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "auto/learner.h"

/* The time, in ticks, kernel k takes for moves [first, first + count) of
 * the call being served. */
typedef double part_time(void *context, unsigned k, size_t first, size_t count);

typedef struct learner_driver {
    learner learner;
    unsigned shape;
    uint64_t plan;
    part_time *time;
    void *context;
    unsigned long thread_calls; /* the settled calls, one in 16 timed */
} learner_driver;

/* A driver of a fresh learner of this shape under this plan. */
void learner_driver_start(learner_driver *driver, unsigned shape, uint64_t plan, part_time *time,
                          void *context);

/* Serves one call of `moves` moves, whose print is `print` (never 0): the
 * ticks it took, every part's. */
double learner_driver_serve(learner_driver *driver, size_t moves, uint32_t print);

/* The kernel kept now (CHOICE_KERNELS where none). */
unsigned learner_driver_kept(learner_driver *driver);

#endif
