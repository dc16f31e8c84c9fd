// What the drivers of this directory (calibrate_driver.cpp,
// calibrate_multi_driver.cpp) share: the few calls of Stockfish that differ
// between current master and 15.1, a dumped capture's move found among
// Stockfish's legal moves and written in seebatch's terms, Stockfish's
// positions copied into the baseline's layout (bench/baseline_see.h) and
// seebatch's view on that copy (one move a call, threshold or exact
// value), and the clock and median of their
// timings.
// Nothing of Stockfish is in the repository: this file only calls it.
#ifndef SEEBATCH_BENCH_DRIVER_COMMON_H
#define SEEBATCH_BENCH_DRIVER_COMMON_H

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

// Stockfish's own headers (its src/), not seebatch's lib/board/.
#if __has_include("attacks.h") // current master
#include "attacks.h"
#define STOCKFISH_MASTER 1
#else // Stockfish 15.1
#include "bitboard.h"
#include "psqt.h"
#define STOCKFISH_MASTER 0
#endif
#include "movegen.h"
#include "position.h"

#include "baseline_see.h"
#include "seebatch.h"
#include "seebatch_view.h"

using namespace Stockfish;

namespace {

// What differs between the two APIs.
#if STOCKFISH_MASTER
void init_stockfish() { Attacks::init(), Position::init(); }
void set_position(Position &pos, const std::string &fen, StateInfo *st) { pos.set(fen, false, st); }
Square from_of(Move m) { return m.from_sq(); }
Square to_of(Move m) { return m.to_sq(); }
MoveType type_of_move(Move m) { return m.type_of(); }
PieceType promotion_of(Move m) { return m.promotion_type(); }
int value_of(Piece pc) { return PieceValue[pc]; }
bool see_ge(const Position &pos, Move m, int threshold) { return pos.see_ge(m, threshold); }
#else
void init_stockfish() { PSQT::init(), Bitboards::init(), Position::init(); }
void set_position(Position &pos, const std::string &fen, StateInfo *st) { pos.set(fen, false, st, nullptr); }
Square from_of(Move m) { return from_sq(m); }
Square to_of(Move m) { return to_sq(m); }
MoveType type_of_move(Move m) { return type_of(m); }
PieceType promotion_of(Move m) { return promotion_type(m); }
int value_of(Piece pc) { return PieceValue[MG][pc]; }
bool see_ge(const Position &pos, Move m, int threshold) { return pos.see_ge(m, Value(threshold)); }
#endif

seebatch_move seebatch_move_of(Move m)
{
    unsigned kind = unsigned(promotion_of(m) - KNIGHT) + SEEBATCH_MOVE_PROMOTE_KNIGHT;
    if (type_of_move(m) == NORMAL)
        kind = SEEBATCH_MOVE_NORMAL;
    else if (type_of_move(m) == EN_PASSANT)
        kind = SEEBATCH_MOVE_EN_PASSANT;
    else if (type_of_move(m) == CASTLING)
        kind = SEEBATCH_MOVE_CASTLING;
    return seebatch_move_make(unsigned(from_of(m)), unsigned(to_of(m)), kind);
}

std::string uci_of(Move m)
{
    auto square = [](Square s) {
        int index = int(s);
        return std::string{char('a' + index % 8), char('1' + index / 8)};
    };
    std::string text = square(from_of(m)) + square(to_of(m));
    if (type_of_move(m) == PROMOTION)
        text += " pnbrqk"[promotion_of(m)];
    return text;
}

// The move `uci` among `legal` (a position's legal moves), or Move(0).
Move legal_move(const MoveList<LEGAL> &legal, const std::string &uci)
{
    auto found = std::find_if(legal.begin(), legal.end(), [&](Move m) { return uci_of(m) == uci; });
    return found == legal.end() ? Move(0) : *found;
}

// Position pos in the baseline's layout (what see_ge reads of it), read
// through Stockfish's accessors.
void copy_to_baseline(const Position &pos, baseline_position &base)
{
    std::memset(&base, 0, sizeof base);
    for (int s = 0; s < 64; s++)
        base.board[s] = std::uint8_t(pos.piece_on(Square(s)));
    for (int type = 0; type < 7; type++)
        base.by_type[type] = pos.pieces(PieceType(type));
    for (int c = 0; c < 2; c++) {
        base.by_color[c] = pos.pieces(Color(c));
        base.pins.blockers[c] = pos.blockers_for_king(Color(c));
        base.pins.pinners[c] = pos.pinners(Color(c));
    }
    base.side_to_move = std::uint8_t(pos.side_to_move());
}

// The stockfish preset with the values of the Stockfish built (15.1's pawn
// is worth 126, master's 208), so that a threshold means the same to both.
seebatch_config stockfish_config()
{
    seebatch_config config = seebatch_config_stockfish();
    for (int code = 0; code < BASELINE_PIECE_CODES; code++) {
        int type = baseline_type_of_code[code];
        if (type >= 0 && type < 5)
            config.values[type] = value_of(Piece(code));
    }
    return config;
}

// The view rules of stockfish_config, by Stockfish's piece codes, for the
// backend in use (its exchange follows it); exits on an error.
seebatch_view_rules stockfish_view_rules()
{
    seebatch_config config = stockfish_config();
    seebatch_view_rules rules;
    seebatch_error error;
    if (seebatch_view_rules_init(&rules, &config, baseline_type_of_code, BASELINE_PIECE_CODES, &error)
        != SEEBATCH_OK) {
        std::fprintf(stderr, "view rules: %s\n", error.message);
        std::exit(2);
    }
    return rules;
}

// seebatch's view as Stockfish's see_ge would call it, out of line as
// Stockfish's is here: special moves score 0 (the stockfish preset), normal
// ones go through the view on the baseline's copy of the position.
__attribute__((noinline)) bool view_see_ge(const seebatch_view_rules &rules,
                                           const baseline_position &base, seebatch_move move,
                                           int threshold)
{
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL)
        return 0 >= threshold;
    const seebatch_view view = {&base.by_type[1], base.by_color};
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    return seebatch_view_see_ge(&rules, &view, &base.pins, move, base.board[from],
                                base.board[to], threshold);
}

// seebatch_view_see_value as an engine ordering by exact values would call
// it, out of line as view_see_ge (callgrind's --toggle-collect meets the
// mailbox lookups with the exchange): special moves 0, as the preset's.
__attribute__((noinline)) std::int32_t view_see_value(const seebatch_view_rules &rules,
                                                      const baseline_position &base,
                                                      seebatch_move move)
{
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL)
        return 0;
    const seebatch_view view = {&base.by_type[1], base.by_color};
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    return seebatch_view_see_value(&rules, &view, &base.pins, move, base.board[from],
                                   base.board[to]);
}

// CPU time of this thread: on a shared machine the wall clock also counts
// the time other processes hold the core (Google Benchmark's rates use CPU
// time too).
double thread_seconds()
{
    timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + 1e-9 * double(now.tv_nsec);
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

#endif
