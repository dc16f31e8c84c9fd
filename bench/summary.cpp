#include "summary.h"

#include <algorithm>
#include <numeric>

bool SummaryReporter::ReportContext(const Context &context)
{
    return display_->ReportContext(context);
}

void SummaryReporter::Finalize() { display_->Finalize(); }

void SummaryReporter::ReportRuns(const std::vector<Run> &runs)
{
    for (const Run &run : runs) {
        auto items = run.counters.find("items_per_second");
        // Failed runs have no rate; stddev and cv aggregates are not rates.
        if (items == run.counters.end() || items->second.value <= 0)
            continue;
        bool repetition = run.run_type == Run::RT_Iteration;
        if (!repetition && run.aggregate_name != "median")
            continue;
        const std::string &name = run.run_name.function_name;
        std::size_t slash = name.rfind('/');
        std::string family = name.substr(0, slash);
        std::string backend = slash == std::string::npos ? "" : name.substr(slash + 1);
        std::string row = run.run_name.args.empty() ? family : family + "/" + run.run_name.args;
        if (std::find(rows_.begin(), rows_.end(), row) == rows_.end())
            rows_.push_back(row);
        Rate &rate = rates_[{row, backend}];
        if (repetition)
            rate.repetitions.push_back(items->second.value);
        else
            rate.median = items->second.value;
    }
    // cycles_per_item is counted as an inverted rate (seebatch_bench.cpp), whose
    // value Google Benchmark has already worked out by now; the console would
    // print it in seconds ("41.3s"), so it goes on as a plain number.
    std::vector<Run> shown = runs;
    for (Run &run : shown) {
        auto cycles = run.counters.find("cycles_per_item");
        if (cycles != run.counters.end())
            cycles->second.flags = benchmark::Counter::kDefaults;
    }
    display_->ReportRuns(shown);
}

double SummaryReporter::Rate::value() const
{
    if (median > 0)
        return median;
    return std::accumulate(repetitions.begin(), repetitions.end(), 0.0) / repetitions.size();
}

double SummaryReporter::rate(const std::string &row, const std::string &column) const
{
    auto found = rates_.find({row, column});
    return found == rates_.end() ? -1 : found->second.value();
}

void SummaryReporter::print(std::FILE *out, const char *title,
                            const std::vector<std::string> &columns,
                            const std::string &reference_column) const
{
    std::vector<std::string> rows;
    for (const std::string &row : rows_)
        for (const std::string &column : columns)
            if (rates_.count({row, column}) &&
                std::find(rows.begin(), rows.end(), row) == rows.end())
                rows.push_back(row);
    if (rows.empty())
        return;
    // The names' column: 28 wide, or wider for a longer name
    // (engine_see_ge_each/10000_cycled), so that two spaces always follow one.
    int width = 28;
    for (const std::string &row : rows)
        width = std::max(width, static_cast<int>(row.size()));
    std::fprintf(out, "\n%s\n%-*s", title, width, "benchmark");
    for (const std::string &column : columns)
        std::fprintf(out, "  %22s", column.c_str());
    std::fprintf(out, "\n");
    for (const std::string &row : rows) {
        auto reference = rates_.find({row, reference_column});
        std::fprintf(out, "%-*s", width, row.c_str());
        for (const std::string &column : columns) {
            auto rate = rates_.find({row, column});
            if (rate == rates_.end()) {
                std::fprintf(out, "  %22s", "-");
                continue;
            }
            double per_second = rate->second.value();
            std::fprintf(out, "  %9.2f M/s", per_second / 1e6);
            if (reference != rates_.end())
                std::fprintf(out, " %7.2fx", per_second / reference->second.value());
            else
                std::fprintf(out, " %8s", "-");
        }
        std::fprintf(out, "\n");
    }
}
