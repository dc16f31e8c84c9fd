/*
 * Builds that stop early, for the cost model of docs/design.md (section 4):
 * compiled with -DSEEBATCH_LANES_STOP_AFTER=N, a many-board batch runs the
 * kernel's stages up to N only and writes answers made of what it computed
 * (so that nothing is left out), which are not SEE values. Timed and counted
 * beside the whole kernel, the differences are each stage's cost. Never set
 * in a build that is used for answers; 0, the default, is the whole kernel.
 */
#ifndef SEEBATCH_LANES_STOP_AFTER_H
#define SEEBATCH_LANES_STOP_AFTER_H

#ifndef SEEBATCH_LANES_STOP_AFTER
#define SEEBATCH_LANES_STOP_AFTER 0
#endif

enum {
    STOP_AFTER_POINTERS = 1,      /* each lane's board pointer, prefetch */
    STOP_AFTER_TRANSPOSITION = 2, /* the boards as lanes */
    STOP_AFTER_SETUP = 3,    /* move fields, first gain and window, attackers, x-ray candidates */
    STOP_AFTER_PINS = 4,     /* and the pins (filter in lanes, exact per board) */
    STOP_AFTER_TWO_STEPS = 5 /* and the first two steps; rare paths in full */
};

#define STOPS_AFTER(stage) (SEEBATCH_LANES_STOP_AFTER == (stage))

#endif
