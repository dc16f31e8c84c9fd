// What the Stockfish 15.1 adapters (plugin.cpp, lines.cpp) ask of Stockfish:
// its tables set up as its main() does, a position set up by its own FEN
// reader, and a UCI move found by its own UCI::to_move among its legal
// moves (so the Move is Stockfish's). Nothing of Stockfish is in this
// repository: build.sh compiles these against the user's tree.
#ifndef SEEBATCH_STOCKFISH_CALLS_H
#define SEEBATCH_STOCKFISH_CALLS_H

#include <string>

#include "bitboard.h"
#include "position.h"
#include "psqt.h"
#include "uci.h"

namespace seebatch_stockfish {

using namespace Stockfish;

// What see_ge reads: the tables of attacks and of keys.
inline void init() { PSQT::init(), Bitboards::init(), Position::init(); }

// Castling of the FEN as Chess960 writes it: Shredder letters, or a right
// whose king or rook is not on its standard square (X-FEN). UCI::to_move
// then reads castling as the king taking its rook, as seebatch writes it.
inline bool chess960(const Position &pos, const std::string &fen)
{
    std::string::size_type space = fen.find(' ');
    std::string castling = fen.substr(fen.find(' ', space + 1) + 1);
    castling = castling.substr(0, castling.find(' '));
    if (castling.find_first_not_of("KQkq-") != std::string::npos)
        return true;
    const CastlingRights rights[] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
    const Square rooks[] = {SQ_H1, SQ_A1, SQ_H8, SQ_A8}, kings[] = {SQ_E1, SQ_E1, SQ_E8, SQ_E8};
    for (int i = 0; i < 4; ++i)
        if (pos.can_castle(rights[i]) && (pos.castling_rook_square(rights[i]) != rooks[i] ||
                                          pos.square<KING>(i < 2 ? WHITE : BLACK) != kings[i]))
            return true;
    return false;
}

// pos set up from fen with its state in *state, by Position::set.
inline void set(Position &pos, StateInfo *state, const std::string &fen)
{
    pos.set(fen, false, state, nullptr);
    if (chess960(pos, fen))
        pos.set(fen, true, state, nullptr);
}

// The move `uci` of pos as Stockfish encodes it, or MOVE_NONE.
inline Move move(const Position &pos, const char *uci)
{
    std::string text = uci;
    return UCI::to_move(pos, text);
}

} // namespace seebatch_stockfish

#endif
