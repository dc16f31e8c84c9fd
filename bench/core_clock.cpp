#include "core_clock.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace {

// Instructions in one block of the chain, and blocks per timed try: 2e6
// instructions, under a millisecond at 3 GHz for adds: long enough that the
// clock's resolution does not matter, short enough that on a busy machine
// many tries run within one time slice of the scheduler.
constexpr std::uint64_t per_block = 1000;
constexpr std::uint64_t blocks_per_try = 2000;
constexpr int tries = 60;

#if defined(__x86_64__)
#define CHAIN_ADD "add %1, %0"       // x += y: y is a register, no constant to fold
#define CHAIN_MULTIPLY "imul %1, %0" // x *= y
#define CHAIN_TWO_ADDS "add %1, %0\n\tadd %1, %2"
#elif defined(__aarch64__)
#define CHAIN_ADD "add %0, %0, %1"
#define CHAIN_MULTIPLY "mul %0, %0, %1"
#define CHAIN_TWO_ADDS "add %0, %0, %1\n\tadd %2, %2, %1"
#endif

#ifdef CHAIN_ADD
// One try of blocks_per_try blocks. Each instruction waits for the one
// before; the loop's counter and branch run beside the chain. TWO_ADDS runs
// half the blocks, two chains at once, so it retires the same count in half
// the time where the core runs both together: as a folding core would.
std::uint64_t run_chain(ChainKind kind, std::uint64_t x, std::uint64_t y)
{
    std::uint64_t z = x;
    switch (kind) {
    case ChainKind::ADD:
        for (std::uint64_t block = 0; block < blocks_per_try; block++)
            __asm__ volatile(".rept 1000\n\t" CHAIN_ADD "\n\t.endr" : "+r"(x) : "r"(y));
        break;
    case ChainKind::MULTIPLY:
        for (std::uint64_t block = 0; block < blocks_per_try; block++)
            __asm__ volatile(".rept 1000\n\t" CHAIN_MULTIPLY "\n\t.endr" : "+r"(x) : "r"(y));
        break;
    case ChainKind::TWO_ADDS:
        for (std::uint64_t block = 0; block < blocks_per_try / 2; block++)
            __asm__ volatile(".rept 1000\n\t" CHAIN_TWO_ADDS "\n\t.endr"
                             : "+r"(x), "+r"(y), "+r"(z));
        break;
    }
    return x + z;
}
#endif

} // namespace

double chain_rate(ChainKind kind)
{
#ifdef CHAIN_ADD
    static_assert(per_block == 1000, "the .rept count in run_chain");
    double best_seconds = 1e9;
    std::uint64_t sink = 0;
    for (int i = 0; i < tries; i++) {
        auto start = std::chrono::steady_clock::now();
        sink += run_chain(kind, sink | 1, 3); // odd factors: the product never becomes 0
        std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        best_seconds = std::min(best_seconds, took.count());
    }
    __asm__ volatile("" : : "r"(sink));
    return best_seconds > 0 ? per_block * blocks_per_try / best_seconds : 0;
#else
    (void)kind;
    return 0;
#endif
}

double chain_cycles(ChainKind kind)
{
    return kind == ChainKind::MULTIPLY ? 3 : 1;
}

CoreClock judge_core_clock(double by_adds, double by_multiplies)
{
    CoreClock clock;
    char text[200];
    if (by_adds <= 0 || by_multiplies <= 0) {
        clock.why = "no cycles: no timed chain for this architecture";
        return clock;
    }
    if (std::fabs(by_adds / by_multiplies - 1) > 0.05) {
        std::snprintf(text, sizeof text,
                      "no cycles: a chain of adds says %.3f GHz, one of multiplies %.3f GHz; "
                      "the core runs one of them faster than we assume",
                      by_adds / 1e9, by_multiplies / 1e9);
        clock.why = text;
        return clock;
    }
    clock.hz = by_adds;
    std::snprintf(text, sizeof text,
                  "%.3f GHz (a chain of dependent adds, a chain of multiplies agreeing: %.3f GHz; "
                  "cycles_per_item = CPU time x this)",
                  by_adds / 1e9, by_multiplies / 1e9);
    clock.why = text;
    return clock;
}

CoreClock measure_core_clock()
{
    double by_adds = 0, by_multiplies = 0;
    // A busy machine can lengthen every try of one chain: measure both
    // again before saying they disagree.
    for (int round = 0; round < 3; round++) {
        by_adds = chain_rate(ChainKind::ADD) * chain_cycles(ChainKind::ADD);
        by_multiplies = chain_rate(ChainKind::MULTIPLY) * chain_cycles(ChainKind::MULTIPLY);
        if (by_multiplies > 0 && std::fabs(by_adds / by_multiplies - 1) <= 0.05)
            break;
    }
    return judge_core_clock(by_adds, by_multiplies);
}
