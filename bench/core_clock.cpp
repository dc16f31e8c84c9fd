#include "core_clock.h"

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace {

// Adds in one block of the chain, and blocks per timed try: 2e7 adds, about
// 7 ms at 3 GHz, long enough that the clock's resolution does not matter and
// short enough that a try is rarely interrupted.
constexpr std::uint64_t adds_per_block = 1000;
constexpr std::uint64_t blocks_per_try = 20000;
constexpr int tries = 15;

// Runs blocks_per_try blocks of dependent adds. Each add waits for the one
// before, so the chain takes one cycle per add; the loop's own counter and
// branch run beside it and do not lengthen it.
std::uint64_t add_chain(std::uint64_t x)
{
    for (std::uint64_t block = 0; block < blocks_per_try; block++) {
#if defined(__x86_64__)
        __asm__ volatile(".rept 1000\n\tadd $1, %0\n\t.endr" : "+r"(x));
#elif defined(__aarch64__)
        __asm__ volatile(".rept 1000\n\tadd %0, %0, #1\n\t.endr" : "+r"(x));
#endif
    }
    return x;
}

} // namespace

double measure_core_hz()
{
#if defined(__x86_64__) || defined(__aarch64__)
    static_assert(adds_per_block == 1000, "the .rept count in add_chain");
    // The best (shortest) try: interruptions and other programs only lengthen one.
    double best_seconds = 1e9;
    std::uint64_t x = 0;
    for (int i = 0; i < tries; i++) {
        auto start = std::chrono::steady_clock::now();
        x = add_chain(x);
        std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        best_seconds = std::min(best_seconds, took.count());
    }
    if (x != tries * adds_per_block * blocks_per_try || best_seconds <= 0)
        return 0;
    return adds_per_block * blocks_per_try / best_seconds;
#else
    return 0;
#endif
}
