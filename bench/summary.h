// A reporter that passes every result on to Google Benchmark's own display
// reporter (console, JSON or CSV, as --benchmark_format says) and keeps the
// captures per second of each run, to print tables at the end: every
// benchmark by backend with the ratio to the scalar kernel of the same run,
// and the engine path with its ratio to the baseline.
#ifndef SEEBATCH_BENCH_SUMMARY_H
#define SEEBATCH_BENCH_SUMMARY_H

#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

class SummaryReporter : public benchmark::BenchmarkReporter {
public:
    explicit SummaryReporter(benchmark::BenchmarkReporter *display) : display_(display) {}

    bool ReportContext(const Context &context) override;
    void ReportRuns(const std::vector<Run> &runs) override;
    void Finalize() override;

    // A table of the rows measured in any of `columns` (backends, or
    // "baseline" and "seebatch"), in the order given, each rate with its
    // ratio to the `reference` column's; nothing if no such row ran.
    void print(std::FILE *out, const char *title, const std::vector<std::string> &columns,
               const std::string &reference) const;

    // Captures per second of the row in that column, or -1 where none ran.
    double rate(const std::string &row, const std::string &column) const;

private:
    // Benchmarks are named family/backend[/argument]; a row is a family with
    // its argument ("batch_length/8"), a column a backend.
    struct Rate {
        std::vector<double> repetitions; // items per second of each repetition
        double median = -1;              // Google Benchmark's median, when repetitions ran
        double value() const;
    };
    benchmark::BenchmarkReporter *display_;
    std::vector<std::string> rows_;                             // in the order they ran
    std::map<std::pair<std::string, std::string>, Rate> rates_; // (row, backend)
};

#endif
