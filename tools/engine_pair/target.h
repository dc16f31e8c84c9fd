/*
 * What the engine's compiler target gives the engine pair, decided when the
 * engine compiles seebatch_engine.c (the pair asks the CPU nothing at run
 * time): where the compiler targets BMI2 on x86-64 (-mbmi2, -march=haswell
 * or later, -march=native on such a CPU, as Stockfish's ARCH=x86-64-bmi2
 * builds), the library's pext lookups and its pext view exchange; the
 * portable magics everywhere else. An engine chooses such a build for
 * itself, so pext is fast where it runs or the engine's own build is slow.
 */
#ifndef SEEBATCH_PAIR_TARGET_H
#define SEEBATCH_PAIR_TARGET_H

#if defined(__x86_64__) && defined(__BMI2__)
#define SEEBATCH_PAIR_PEXT 1
#else
#define SEEBATCH_PAIR_PEXT 0
#endif

/* Unoptimized (an engine's debug build), the forced inlining of the exchange
 * walks gains nothing and costs the compile: gcc 12 took 18 s over the pair at
 * -O0, 0.5 s with the compiler choosing (8 s at -O2). always_inline then reads
 * as the harmless `unused`; system headers spell theirs __always_inline__. */
#if !defined(__OPTIMIZE__) && !defined(always_inline)
#define always_inline unused
#endif

#endif
