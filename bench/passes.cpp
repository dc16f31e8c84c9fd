// seebatch_passes: evaluates every capture of the embedded positions a given
// number of times on one backend, and nothing else, so that a tool counting
// instructions (bench/instructions_per_capture.sh, with callgrind) can take
// the difference between two pass counts as the cost of the passes alone.
//
// Usage: seebatch_passes BACKEND batch|multi PASSES
//        seebatch_passes --backends       (the backends this machine can run)
//   batch: one seebatch_see_values call per position (all its captures);
//   multi: one seebatch_see_values_multi call over every capture.
// Prints the captures evaluated and a checksum of the values, which is the
// same for every backend.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "seebatch.h"
#include "workload.h"

namespace {

int usage()
{
    std::fprintf(stderr, "usage: seebatch_passes BACKEND batch|multi PASSES\n"
                         "       seebatch_passes --backends\n");
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 2 && std::strcmp(argv[1], "--backends") == 0) {
        std::vector<const char *> names(seebatch_backends_available(nullptr, 0));
        names.resize(seebatch_backends_available(names.data(), names.size()));
        for (const char *name : names)
            std::printf("%s\n", name);
        return 0;
    }
    if (argc != 4)
        return usage();
    bool multi = std::strcmp(argv[2], "multi") == 0;
    if (!multi && std::strcmp(argv[2], "batch") != 0)
        return usage();
    char *end = nullptr;
    long passes = std::strtol(argv[3], &end, 10);
    if (*argv[3] == '\0' || *end != '\0' || passes < 0)
        return usage();
    seebatch_error error;
    if (seebatch_backend_set(argv[1], &error) != SEEBATCH_OK) {
        std::fprintf(stderr, "seebatch_passes: %s\n", error.message);
        return 2;
    }

    PositionSet set = default_positions();
    seebatch_config config = seebatch_config_classic();
    std::vector<std::uint32_t> board_of_move;
    for (std::size_t p = 0; p < set.size(); p++)
        board_of_move.insert(board_of_move.end(), set.capture_count(p), static_cast<std::uint32_t>(p));
    std::vector<std::int32_t> values(set.captures.size());

    std::int64_t checksum = 0;
    for (long pass = 0; pass < passes; pass++) {
        if (multi)
            seebatch_see_values_multi(set.boards.data(), set.size(), board_of_move.data(), set.captures.data(),
                                      set.captures.size(), &config, values.data());
        else
            for (std::size_t p = 0; p < set.size(); p++)
                seebatch_see_values(&set.boards[p], set.captures_of(p), set.capture_count(p), &config,
                                    &values[set.first_capture[p]]);
        for (std::int32_t value : values)
            checksum += value;
    }
    std::printf("%zu captures per pass, %ld passes, checksum %lld\n", set.captures.size(), passes,
                static_cast<long long>(checksum));
    return 0;
}
