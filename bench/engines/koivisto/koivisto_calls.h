// What the Koivisto 9.0 adapters (plugin.cpp, lines.cpp) ask of Koivisto:
// its tables set up as its uci::mainloop does (but its network: nothing is
// evaluated), a Board set up by its own FEN constructor, and a UCI move
// found among its own legal moves (generatePerftMoves and Board::isLegal, as
// its perft, written by move::toString), so that the Move is Koivisto's.
// Nothing of Koivisto is in this repository: build.sh compiles these
// against the user's tree.
#ifndef SEEBATCH_KOIVISTO_CALLS_H
#define SEEBATCH_KOIVISTO_CALLS_H

#include <cstdint>

#include "attacks.h"
#include "bitboard.h"
#include "board.h"
#include "move.h"
#include "movegen.h"

namespace seebatch_koivisto {

inline void init() { attacks::init(), bb::init(); }

// The move `uci` of board as Koivisto encodes it, or 0 (no move).
inline move::Move find_move(Board &board, const char *uci)
{
    move::MoveList moves;
    generatePerftMoves(&board, &moves);
    for (int i = 0; i < moves.getSize(); i++) {
        move::Move m = moves.getMove(i);
        if (board.isLegal(m) && move::toString(m) == uci)
            return m;
    }
    return 0;
}

} // namespace seebatch_koivisto

#endif
