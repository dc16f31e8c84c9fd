// The core's clock rate, measured at start-up, for turning time into cycles
// where the machine gives no hardware counters (virtual machines).
#ifndef SEEBATCH_BENCH_CORE_CLOCK_H
#define SEEBATCH_BENCH_CORE_CLOCK_H

#include <string>

// Dependent instructions of one kind, timed: `per_second` of them retired.
enum class ChainKind {
    ADD,       // add reg, reg: one cycle each; no core folds it, as its operand is no constant
    MULTIPLY,  // imul reg, reg (x86-64) or mul (AArch64): three cycles each on the cores we know
    TWO_ADDS,  // two independent add chains counted as one: what a core that folds adds at
               // rename shows (two a cycle); here only so a test can show it is caught
};

// Instructions of the chain's kind retired per second, the best (shortest)
// of several tries: interruptions only lengthen a try. 0 on an architecture
// without such a chain.
double chain_rate(ChainKind kind);

// Cycles per instruction of the kind on the cores we know: ADD 1, MULTIPLY 3.
double chain_cycles(ChainKind kind);

struct CoreClock {
    double hz = 0;    // cycles per second; 0 when it could not be trusted
    std::string why;  // how it was measured, or why there is no figure
};

// The clock from the add chain, checked against the multiply chain: where
// the two say clocks more than 5% apart (a core that folds or fuses one of
// them, or a multiply of another latency), there is no figure and `why` says
// what each chain said.
CoreClock measure_core_clock();

// What measure_core_clock makes of the two chains' clocks (each chain's
// instructions a second times its cycles each): the add chain's when the
// two agree within 5%, else none, whichever runs faster (a folded add chain
// says a clock too high, a fused multiply one too low).
CoreClock judge_core_clock(double by_adds, double by_multiplies);

#endif
