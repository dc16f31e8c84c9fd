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
#include <cstdio>

#include "attacks.h"
#include "bitboard.h"
#include "board.h"
#include "legal_moves.h"
#include "move.h"
#include "movegen.h"

namespace seebatch_koivisto {

inline void init() { attacks::init(), bb::init(); }

// board's legal moves as its perft finds them, each written by
// move::toString.
inline void legal(Board &board, legal_moves *list)
{
    move::MoveList moves;
    generatePerftMoves(&board, &moves);
    list->count = 0;
    for (int i = 0; i < moves.getSize() && list->count < LEGAL_MOVES_MOST; i++) {
        move::Move m = moves.getMove(i);
        if (!board.isLegal(m))
            continue;
        list->moves[list->count] = m;
        std::snprintf(list->text[list->count++], sizeof list->text[0], "%s",
                      move::toString(m).c_str());
    }
}

// The move `uci` of board as Koivisto encodes it, or 0 (no move).
inline move::Move find_move(Board &board, const char *uci)
{
    legal_moves list;
    uint32_t found;
    legal(board, &list);
    return legal_moves_find(&list, uci, &found) == 0 ? found : 0;
}

} // namespace seebatch_koivisto

#endif
