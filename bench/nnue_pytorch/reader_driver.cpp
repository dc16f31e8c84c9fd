// Times nnue-pytorch's binpack readers (its data_loader/cpp/lib, from a tree
// the user gives; nothing of it is in this repository) on the files named:
//   reader_driver parallel THREADS BATCH FILE...  its loader's reader,
//       binpack::CompressedTrainingDataEntryParallelReader (what
//       training_data_loader.cpp's streams read through), with no skip
//       predicate and not cyclic: fill(batch, BATCH) until the files end.
//   reader_driver sequential 1 BATCH FILE...  binpack::CompressedTrainingDataEntryReader,
//       one file after another on this thread: decoding alone.
// Prints "entries N seconds S cpu C": wall time from the reader's
// construction, and the CPU time of every thread of the process in that time.
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "parallel_dataloader.h"

static double cpu_seconds()
{
    timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + now.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s parallel|sequential THREADS BATCH FILE...\n", argv[0]);
        return 2;
    }
    const std::string mode = argv[1];
    const int threads = std::atoi(argv[2]);
    const std::size_t batch = std::strtoul(argv[3], nullptr, 10);
    std::vector<std::string> files(argv + 4, argv + argc);
    std::vector<binpack::TrainingDataEntry> entries;
    entries.reserve(batch);
    std::size_t count = 0;
    std::uint64_t check = 0; // read from every entry, so no decoding is optimised away
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    if (mode == "parallel") {
        binpack::CompressedTrainingDataEntryParallelReader reader(
            threads, files, std::ios::in | std::ios::binary, false, nullptr);
        for (;;) {
            entries.clear();
            const int filled = reader.fill(entries, batch);
            for (const auto &e : entries)
                check += e.score + e.ply;
            count += entries.size();
            if (filled < static_cast<int>(batch))
                break;
        }
    } else if (mode == "sequential") {
        for (const auto &file : files) {
            binpack::CompressedTrainingDataEntryReader reader(file,
                                                              std::ios::in | std::ios::binary);
            while (reader.hasNext()) {
                entries.clear();
                while (entries.size() < batch && reader.hasNext())
                    entries.emplace_back(reader.next());
                for (const auto &e : entries)
                    check += e.score + e.ply;
                count += entries.size();
            }
        }
    } else {
        std::fprintf(stderr, "%s: unknown mode %s\n", argv[0], mode.c_str());
        return 2;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("entries %zu seconds %.6f cpu %.6f check %llu\n", count, seconds,
                cpu_seconds() - cpu_start, static_cast<unsigned long long>(check));
    return 0;
}
