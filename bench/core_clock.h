// The core's clock rate, measured at start-up, for turning time into cycles
// where the machine gives no hardware counters (virtual machines).
#ifndef SEEBATCH_BENCH_CORE_CLOCK_H
#define SEEBATCH_BENCH_CORE_CLOCK_H

// Cycles per second of the core running the caller, measured by timing a
// chain of dependent integer adds (one cycle each on every x86-64 and
// AArch64 core) with std::chrono::steady_clock, the best of several tries
// (about 0.1 s in all). Returns 0 on other architectures. The figure is the
// rate while the chain ran: a core whose clock changes with load or heat
// (turbo) may run the benchmark at another rate.
double measure_core_hz();

#endif
