/* A learner driven by a test's costs (learner_driver.h). */
#include "learner_driver.h"

#include "auto/learning.h"

#include <string.h>

/* The learner's cost a move of a part, as the library makes it. */
static uint32_t cost_of(double ticks, size_t moves)
{
    return seebatch_cost_of((uint64_t)ticks, moves);
}

void learner_driver_start(learner_driver *driver, unsigned shape, uint64_t plan, part_time *time,
                          void *context)
{
    memset(driver, 0, sizeof *driver);
    driver->shape = shape;
    driver->plan = plan;
    driver->time = time;
    driver->context = context;
    seebatch_learner_restart(&driver->learner);
}

/* A challenger's part and the best's beside it, then the rest by the best. */
static double served_in_parts(learner_driver *d, unsigned k, size_t moves)
{
    learner_pair pair = seebatch_learner_pair(&d->learner, k, moves);
    size_t part = pair.part;
    unsigned first = pair.challenger_first ? k : pair.best;
    unsigned second = pair.challenger_first ? pair.best : k;
    double front = d->time(d->context, first, 0, part);
    double back = d->time(d->context, second, part, part);
    double rest = d->time(d->context, pair.best, 2 * part, moves - 2 * part);
    uint32_t own = cost_of(pair.challenger_first ? front : back, part);
    uint32_t theirs = cost_of(pair.challenger_first ? back : front, part);
    seebatch_learner_pair_timed(&d->learner, &pair, own, theirs);
    return front + back + rest;
}

double learner_driver_serve(learner_driver *d, size_t moves, uint32_t print)
{
    learner_serving how = seebatch_learner_serving(&d->learner, d->shape, d->plan);
    if (how.in_parts)
        return served_in_parts(d, how.kernel, moves);
    double ticks = d->time(d->context, how.kernel, 0, moves);
    uint32_t cost = cost_of(ticks, moves);
    if (how.settled) {
        if (++d->thread_calls % LEARNER_SETTLED_TIME_EVERY == 0)
            seebatch_learner_settled(&d->learner, how.kernel, cost, moves);
    } else if (how.timed) {
        seebatch_learner_timed(&d->learner, how.kernel, cost, moves, print);
    }
    return ticks;
}

unsigned learner_driver_kept(learner_driver *driver)
{
    unsigned k = CHOICE_KERNELS;
    seebatch_learner_kept(&driver->learner, &k);
    return k;
}
