/*
 * The chess that binpack chains depend on, shared by the reader and the
 * writer so both number moves the same way:
 *  - a move in a chain is stored as the index of its piece among the mover's
 *    pieces (in square order) and the index of its destination among the
 *    piece's pseudo-legal destinations (in square order; for a king, its
 *    castlings follow, queenside first; for a pawn reaching the last rank,
 *    four promotions per destination, knight to queen);
 *  - moves are played as Stockfish's training-data code plays them: the en
 *    passant square is kept only when a pawn could take there, judged by
 *    that code's own test (seebatch_chain_play documents it).
 */
#ifndef SEEBATCH_FORMATS_CHAIN_MOVES_H
#define SEEBATCH_FORMATS_CHAIN_MOVES_H

#include <stdbool.h>

#include "bitboard.h"
#include "training_entry.h"

/* Hot functions of the movetext coding get a second copy compiled for CPUs
 * with POPCNT, chosen when the program loads; the default copy runs
 * anywhere. Without it every popcount is a library call, a quarter of the
 * decoding time. Put it on definitions only: the copies are local to their
 * file, and other files call through the load-time choice. */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define SEEBATCH_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef SEEBATCH_POPCNT_CLONES
#define SEEBATCH_POPCNT_CLONES
#endif

/* The squares a piece of the side to move on `from` (of type `type`) is
 * numbered among, in the order of their square index. *castlings receives
 * the number of castling rights of the side to move for a king, else 0. */
bitboard seebatch_chain_destinations(const seebatch_board *board, unsigned from, int type,
                                     unsigned *castlings);

/* Bits needed to store an index below count (0 for count <= 1). */
static inline unsigned seebatch_index_bits(unsigned count)
{
    return count <= 1 ? 0u : 32u - (unsigned)__builtin_clz(count - 1);
}

/* The n-th (from 0) set square of a bitboard with more than n squares,
 * found by halving without branches: a loop over the bits would mispredict
 * its exit on most entries. */
static inline unsigned seebatch_nth_square(bitboard set, unsigned n)
{
    unsigned base = 0;
    for (unsigned width = 32; width; width >>= 1) {
        unsigned low = (unsigned)popcount(set & ((((bitboard)1) << width) - 1));
        unsigned skip = n >= low ? width : 0;
        n -= n >= low ? low : 0;
        set >>= skip;
        base += skip;
    }
    return base;
}

/* Plays a move of the side to move, as Stockfish's training-data code does,
 * updating castling rights (lost when a king or rook start square is left or
 * reached), the en passant square, the rule-50 counter, and the side to
 * move. The move must be one the chain coding can express; fullmove_number
 * is left for the caller (it follows the entry's ply). */
void seebatch_chain_play(seebatch_board *board, seebatch_move move);

/* Whether Stockfish's code would keep an en passant square on a board it
 * reads from text: a pawn of the side to move attacks it and taking there
 * uncovers no slider on its own king. */
bool seebatch_en_passant_possible(const seebatch_board *board, unsigned square);

/* Whether a castling move (the king's two-square move) can be played on
 * the board at all: the king on its start square, its rook on the corner,
 * nothing between them. Rights and attacks are not looked at. */
bool seebatch_castling_fits(const seebatch_board *board, seebatch_move move);

/* Whether the side to move's king is attacked. */
bool seebatch_side_in_check(const seebatch_board *board);

/* Whether the move takes a piece (en passant included; castling never). */
static inline bool seebatch_move_captures(const seebatch_board *board, seebatch_move move)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_EN_PASSANT)
        return true;
    if (kind == SEEBATCH_MOVE_CASTLING)
        return false;
    return (board->colors[board->side_to_move ^ 1u] >> seebatch_move_to(move)) & 1u;
}

#endif
