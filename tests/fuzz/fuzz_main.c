/* libFuzzer's entry point for one target, chosen at build time with
 * -DFUZZ_TARGET=fuzz_fen (or fuzz_uci, fuzz_see, fuzz_binpack); tests/fuzz/CMakeLists.txt
 * builds one executable per target from this file. */
#include "fuzz_targets.h"

#ifndef FUZZ_TARGET
#error "define FUZZ_TARGET as fuzz_fen, fuzz_uci, fuzz_see or fuzz_binpack"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_TARGET(data, size);
    return 0;
}
