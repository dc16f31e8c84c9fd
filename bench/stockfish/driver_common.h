// What the drivers of this directory (calibrate_driver.cpp,
// calibrate_multi_driver.cpp) share: the few calls of Stockfish that differ
// between current master and 15.1, a dumped capture's move found among
// Stockfish's legal moves and written in seebatch's terms, and the clock and
// median of their timings. Nothing of Stockfish is in the repository: this
// file only calls it.
#ifndef SEEBATCH_BENCH_DRIVER_COMMON_H
#define SEEBATCH_BENCH_DRIVER_COMMON_H

#include <algorithm>
#include <ctime>
#include <string>
#include <vector>

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

#include "seebatch.h"

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
