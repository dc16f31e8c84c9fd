#include "workload.h"

#include "capture_thresholds.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

// An internal C header without C++ guards of its own.
extern "C" {
#include "position_generator.h"
}

bool PositionSet::add(const seebatch_board &board)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    std::size_t count = seebatch_generate_captures(&board, moves);
    if (count == 0)
        return false;
    boards.push_back(board);
    seebatch_pins board_pins;
    seebatch_pins_compute(&board, &board_pins);
    pins.push_back(board_pins);
    baseline_position position;
    baseline_position_set(&position, &board, &board_pins);
    engine.push_back(position);
    for (std::size_t i = 0; i < count; i++) {
        thresholds.push_back(capture_threshold(&board, moves[i], captures.size(),
                                             capture_threshold_stockfish_values));
        captures.push_back(moves[i]);
        bool normal = seebatch_move_kind(moves[i]) == SEEBATCH_MOVE_NORMAL;
        view_moves.push_back(
            {moves[i], std::uint8_t(normal ? position.board[seebatch_move_from(moves[i])] : 0),
             std::uint8_t(normal ? position.board[seebatch_move_to(moves[i])] : 0),
             thresholds.back()});
    }
    first_capture.push_back(captures.size());
    return true;
}

void PositionSet::add_copy(const PositionSet &other, std::size_t i)
{
    boards.push_back(other.boards[i]);
    pins.push_back(other.pins[i]);
    engine.push_back(other.engine[i]);
    captures.insert(captures.end(), other.captures_of(i),
                    other.captures_of(i) + other.capture_count(i));
    thresholds.insert(thresholds.end(), other.thresholds_of(i),
                      other.thresholds_of(i) + other.capture_count(i));
    view_moves.insert(view_moves.end(), other.view_moves_of(i),
                      other.view_moves_of(i) + other.capture_count(i));
    first_capture.push_back(captures.size());
}

void PositionSet::use_pins(bool on)
{
    for (std::size_t i = 0; i < size(); i++)
        baseline_position_set(&engine[i], &boards[i], on ? &pins[i] : nullptr);
}

std::string PositionSet::capture_distribution() const
{
    // Positions with 1, 2, ... 7 and 8 or more captures.
    std::size_t counts[8] = {0};
    for (std::size_t i = 0; i < size(); i++)
        counts[std::min<std::size_t>(capture_count(i), 8) - 1]++;
    std::string text;
    char part[32];
    for (int c = 0; c < 8; c++) {
        std::snprintf(part, sizeof part, "%s%d%s: %.0f%%", c ? ", " : "", c + 1, c == 7 ? "+" : "",
                      100.0 * counts[c] / size());
        text += part;
    }
    std::snprintf(part, sizeof part, " (mean %.2f)", double(captures.size()) / size());
    return text + part;
}

void view_see_ge_node(const seebatch_view_rules *view_rules, const seebatch_rules *rules,
                      const seebatch_view *view, const PositionSet &set, std::size_t p,
                      std::uint8_t *passed)
{
    const baseline_position &position = set.engine[p];
    const seebatch_view_move *moves = set.view_moves_of(p);
    std::size_t count = set.capture_count(p);
    bool pins = (rules->flags & SEEBATCH_PINS) != 0;
    seebatch_view_see_ge_each(view_rules, view, pins ? &position.pins : nullptr, moves, count,
                              passed);
    if (!(rules->flags & SEEBATCH_NORMAL_MOVES_ONLY))
        for (std::size_t i = 0; i < count; i++)
            if (seebatch_move_kind(moves[i].move) != SEEBATCH_MOVE_NORMAL)
                passed[i] = seebatch_value_ge(rules, &set.boards[p], &set.pins[p], moves[i].move,
                                              moves[i].threshold);
}

// The text of bench/data/real_positions.fen.gz, uncompressed and embedded by
// the build (embedded_positions.c), NUL-terminated.
extern "C" const char bench_real_positions[];

PositionSet real_positions()
{
    PositionSet set;
    std::size_t lines = 0;
    for (const char *line = bench_real_positions; *line;) {
        const char *end = std::strchr(line, '\n');
        std::string fen(line, end ? end : line + std::strlen(line));
        line = end ? end + 1 : line + fen.size();
        lines++;
        seebatch_board board;
        seebatch_error error;
        if (seebatch_board_from_fen(&board, fen.c_str(), &error) != SEEBATCH_OK ||
            !set.add(board)) {
            std::fprintf(stderr, "seebatch_bench: embedded real position %zu is broken: %s\n",
                         lines, fen.c_str());
            std::exit(2);
        }
    }
    set.description = "real (Stockfish self-play), " + std::to_string(set.size()) + " positions, " +
                      std::to_string(set.captures.size()) + " captures";
    return set;
}

PositionSet generated_positions(std::size_t count, std::uint64_t seed)
{
    PositionSet set;
    position_generator generator;
    position_generator_init(&generator, seed);
    while (set.size() < count) {
        seebatch_board board;
        position_generator_next(&generator, &board);
        set.add(board);
    }
    set.description = "generator seed " + std::to_string(seed) + ", " + std::to_string(set.size()) +
                      " positions, " + std::to_string(set.captures.size()) + " captures";
    return set;
}

namespace {

// Only the first few bad lines are shown, so a file in the wrong format does
// not bury the benchmark output.
constexpr int bad_lines_shown = 20;

// Removes the line end (\n or \r\n) and trailing blanks; FEN ends there.
std::string trimmed(std::string line)
{
    while (!line.empty() && std::strchr(" \t\r\n", line.back()))
        line.pop_back();
    return line;
}

// Calls on_line(text, number) for every line; false if reading failed.
template <typename OnLine> bool for_each_line(std::FILE *file, OnLine on_line)
{
    std::string line;
    char buffer[512];
    long number = 0;
    while (std::fgets(buffer, sizeof buffer, file)) {
        line += buffer;
        if (line.back() != '\n' && !std::feof(file))
            continue; // a line longer than the buffer: keep reading it
        on_line(trimmed(line), ++number);
        line.clear();
    }
    return !std::ferror(file);
}

} // namespace

bool read_positions(const char *path, PositionSet *set, std::string *error)
{
    std::FILE *file = std::fopen(path, "r");
    if (!file) {
        *error = std::string("cannot open ") + path + ": " + std::strerror(errno);
        return false;
    }
    long lines = 0, bad = 0, without_capture = 0;
    bool read_ok = for_each_line(file, [&](const std::string &text, long number) {
        lines = number;
        if (text.empty() || text[0] == '#')
            return;
        seebatch_board board;
        seebatch_error fen_error;
        if (seebatch_board_from_fen(&board, text.c_str(), &fen_error) != SEEBATCH_OK) {
            if (++bad <= bad_lines_shown)
                std::fprintf(stderr, "%s:%ld: bad FEN, skipped: %s\n", path, number,
                             fen_error.message);
            return;
        }
        if (!set->add(board))
            without_capture++;
    });
    int read_errno = errno;
    std::fclose(file);
    if (!read_ok) {
        *error = std::string("cannot read ") + path + ": " + std::strerror(read_errno);
        return false;
    }
    if (bad > bad_lines_shown)
        std::fprintf(stderr, "%s: %ld more bad lines skipped\n", path, bad - bad_lines_shown);
    if (lines == 0) {
        *error = std::string(path) + ": the file is empty";
        return false;
    }
    if (set->size() == 0) {
        *error = std::string(path) + ": no position with a capture (" + std::to_string(lines) +
                 " lines, " + std::to_string(bad) + " bad FEN, " + std::to_string(without_capture) +
                 " positions without a capture)";
        return false;
    }
    set->description = std::string(path) + ", " + std::to_string(set->size()) + " positions, " +
                       std::to_string(set->captures.size()) + " captures";
    if (bad > 0 || without_capture > 0)
        set->description += " (skipped: " + std::to_string(bad) + " bad lines, " +
                            std::to_string(without_capture) + " positions without a capture)";
    return true;
}

std::size_t data_set_copies(const PositionSet &set, std::size_t bytes)
{
    std::size_t set_bytes = set.size() * sizeof(seebatch_board);
    return set_bytes >= bytes ? 1 : (bytes + set_bytes - 1) / set_bytes;
}

namespace {

// Fisher-Yates with the library's splitmix64, rather than std::shuffle whose
// result differs between standard libraries: the same data set everywhere.
template <typename Swap> void shuffle(std::size_t count, std::uint64_t *random_state, Swap swap)
{
    for (std::size_t i = count; i > 1; i--)
        swap(i - 1, random_next(random_state) % i);
}

} // namespace

DataSet build_data_set(const PositionSet &set, std::size_t copies, std::uint64_t seed)
{
    std::uint64_t random_state = seed;
    // slot_position[s] is the position copied into pool slot s; shuffled so
    // that neighbouring slots hold unrelated positions.
    std::vector<std::uint32_t> slot_position(copies * set.size());
    for (std::size_t s = 0; s < slot_position.size(); s++)
        slot_position[s] = static_cast<std::uint32_t>(s % set.size());
    shuffle(slot_position.size(), &random_state,
            [&](std::size_t a, std::size_t b) { std::swap(slot_position[a], slot_position[b]); });

    DataSet data;
    PositionSet &pool = data.pool;
    pool.boards.reserve(slot_position.size());
    pool.pins.reserve(slot_position.size());
    pool.engine.reserve(slot_position.size());
    pool.captures.reserve(copies * set.captures.size());
    pool.thresholds.reserve(copies * set.captures.size());
    MoveList &list = data.in_board_order;
    list.board_of_move.reserve(copies * set.captures.size());
    for (std::size_t s = 0; s < slot_position.size(); s++) {
        pool.add_copy(set, slot_position[s]);
        list.board_of_move.insert(list.board_of_move.end(), pool.capture_count(s),
                                  static_cast<std::uint32_t>(s));
    }
    list.moves = pool.captures;
    pool.description = std::to_string(copies) + " shuffled copies of the positions";

    data.scattered.board_of_move = list.board_of_move;
    data.scattered.moves = list.moves;
    MoveList &scattered = data.scattered;
    shuffle(scattered.moves.size(), &random_state, [&](std::size_t a, std::size_t b) {
        std::swap(scattered.board_of_move[a], scattered.board_of_move[b]);
        std::swap(scattered.moves[a], scattered.moves[b]);
    });
    return data;
}
