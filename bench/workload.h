// What the benchmarks evaluate: sets of positions with all their captures,
// each board's pins and each capture's threshold (as an engine holds them),
// and a data set of many boards that does not fit in the caches.
#ifndef SEEBATCH_BENCH_WORKLOAD_H
#define SEEBATCH_BENCH_WORKLOAD_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "baseline_see.h"
#include "seebatch.h"
#include "seebatch_view.h"

// Positions and their captures (the moves seebatch_generate_captures lists),
// stored flat so that the timed loops only index arrays.
struct PositionSet {
    std::vector<seebatch_board> boards;
    std::vector<seebatch_pins> pins; // each board's, computed once as an engine keeps them
    // Each board as Stockfish's see_ge reads it (mailbox, bitboards, side to
    // move, StateInfo's pins: baseline_position), built here, outside any
    // timing: what the baseline and the view rows read.
    std::vector<baseline_position> engine;
    // The captures of board i are captures[first_capture[i] .. first_capture[i + 1]).
    std::vector<std::size_t> first_capture{0};
    std::vector<seebatch_move> captures;
    // A threshold per capture, as a move picker forms it (capture_threshold,
    // programs/positions/capture_thresholds.h).
    std::vector<std::int32_t> thresholds;
    // Each capture as a move picker holds it for seebatch_view_see_ge_each:
    // its codes from the engine position's mailbox (which the picker reads
    // anyway to score captures), its threshold; a move of a special kind
    // with an empty square's codes (a view plays normal moves only).
    std::vector<seebatch_view_move> view_moves;
    std::string description; // where the positions come from, for the report

    std::size_t size() const { return boards.size(); }
    std::size_t capture_count(std::size_t i) const
    {
        return first_capture[i + 1] - first_capture[i];
    }
    const seebatch_move *captures_of(std::size_t i) const { return &captures[first_capture[i]]; }
    const std::int32_t *thresholds_of(std::size_t i) const { return &thresholds[first_capture[i]]; }
    const seebatch_view_move *view_moves_of(std::size_t i) const
    {
        return &view_moves[first_capture[i]];
    }

    // Adds the board with its captures; a board without any is left out (it
    // would give the benchmarks nothing to evaluate). Returns whether it was kept.
    bool add(const seebatch_board &board);
    // Whether the engine positions carry their pins (rules with
    // SEEBATCH_PINS) or none (rules without: no piece is ever held back).
    void use_pins(bool on);
    // Adds board i of another set, as it is there.
    void add_copy(const PositionSet &other, std::size_t i);
    // Histogram of captures per position: "1: 44%, 2: 23%, ...".
    std::string capture_distribution() const;
};

// seebatch_view_see_ge_each on engine position p of `set` through `view`,
// as a move picker calls it: one call on the position's view_moves; where
// `rules` score special moves (no SEEBATCH_NORMAL_MOVES_ONLY),
// seebatch_value_ge on the board answers them after, as an engine would.
// Pins: the engine position's under SEEBATCH_PINS. passed: one per capture.
void view_see_ge_node(const seebatch_view_rules *view_rules, const seebatch_rules *rules,
                      const seebatch_view *view, const PositionSet &set, std::size_t p,
                      std::uint8_t *passed);

// The benchmarks' default positions: real positions from Stockfish self-play,
// embedded in the program (bench/data/, programs/generators/make_real_positions.sh).
PositionSet real_positions();

// `count` positions of the library's deterministic generator: the same set on
// every run and every machine.
PositionSet generated_positions(std::size_t count, std::uint64_t seed);

// Reads one FEN per line. Blank lines and lines starting with '#' are
// ignored; a bad FEN is reported on stderr with its line number and skipped.
// Returns false with a message when the file cannot be read or yields no
// position with a capture.
bool read_positions(const char *path, PositionSet *set, std::string *error);

// Moves naming their boards, as a batch of many boards takes them.
struct MoveList {
    std::vector<std::uint32_t> board_of_move;
    std::vector<seebatch_move> moves;
    std::size_t next_chunk = 0; // where the next benchmark run resumes
};

// Copies of the positions, in shuffled order, filling far more memory than the
// caches hold, as a training-data set would.
struct DataSet {
    PositionSet pool;        // the copies, board after board, with their captures
    MoveList in_board_order; // every capture of each board, board after board
    MoveList scattered;      // the same moves in random order: each names a random board
};

// How many copies of the set make a data set of at least `bytes` of boards.
std::size_t data_set_copies(const PositionSet &set, std::size_t bytes);

DataSet build_data_set(const PositionSet &set, std::size_t copies, std::uint64_t seed);

#endif
