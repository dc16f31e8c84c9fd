#include "workload.h"

#include <cerrno>
#include <cstdio>
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
    captures.insert(captures.end(), moves, moves + count);
    first_capture.push_back(captures.size());
    return true;
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
    set.description = "generator seed " + std::to_string(seed) + ", " + std::to_string(set.size())
                      + " positions, " + std::to_string(set.captures.size()) + " captures";
    return set;
}

PositionSet default_positions()
{
    return generated_positions(4096, 1);
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
template <typename OnLine>
bool for_each_line(std::FILE *file, OnLine on_line)
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
                std::fprintf(stderr, "%s:%ld: bad FEN, skipped: %s\n", path, number, fen_error.message);
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
        *error = std::string(path) + ": no position with a capture (" + std::to_string(lines)
                 + " lines, " + std::to_string(bad) + " bad FEN, " + std::to_string(without_capture)
                 + " positions without a capture)";
        return false;
    }
    set->description = std::string(path) + ", " + std::to_string(set->size()) + " positions, "
                       + std::to_string(set->captures.size()) + " captures";
    if (bad > 0 || without_capture > 0)
        set->description += " (skipped: " + std::to_string(bad) + " bad lines, "
                            + std::to_string(without_capture) + " positions without a capture)";
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
template <typename Swap>
void shuffle(std::size_t count, std::uint64_t *random_state, Swap swap)
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
    data.boards.reserve(slot_position.size());
    MoveList &list = data.in_board_order;
    list.board_of_move.reserve(copies * set.captures.size());
    list.moves.reserve(copies * set.captures.size());
    data.first_move.reserve(slot_position.size() + 1);
    for (std::size_t s = 0; s < slot_position.size(); s++) {
        std::size_t position = slot_position[s];
        data.first_move.push_back(list.moves.size());
        data.boards.push_back(set.boards[position]);
        list.board_of_move.insert(list.board_of_move.end(), set.capture_count(position),
                                  static_cast<std::uint32_t>(s));
        list.moves.insert(list.moves.end(), set.captures_of(position),
                          set.captures_of(position) + set.capture_count(position));
    }
    data.first_move.push_back(list.moves.size());

    data.scattered.board_of_move = list.board_of_move;
    data.scattered.moves = list.moves;
    MoveList &scattered = data.scattered;
    shuffle(scattered.moves.size(), &random_state, [&](std::size_t a, std::size_t b) {
        std::swap(scattered.board_of_move[a], scattered.board_of_move[b]);
        std::swap(scattered.moves[a], scattered.moves[b]);
    });
    return data;
}
