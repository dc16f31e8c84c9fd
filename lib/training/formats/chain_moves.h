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
 *    that code's own test (chain_play documents it).
 */
#ifndef SEEBATCH_FORMATS_CHAIN_MOVES_H
#define SEEBATCH_FORMATS_CHAIN_MOVES_H

#include <stdbool.h>

#include "board/attacks.h"
#include "board/bitboard.h"
#include "line_attacks.h"
#include "training_entry.h"

/* Bits needed to store an index below count (0 for count <= 1). Counts in
 * chains stay below 128 (at most 64 pieces or squares, four promotions of
 * at most four squares): one load. */
static inline unsigned index_bits(unsigned count)
{
    static const uint8_t bits[128] = {
        0, 0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5,
        5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
        6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
        7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
        7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    };
    if (__builtin_expect(count < 128, 1))
        return bits[count];
    return 32u - (unsigned)__builtin_clz(count - 1);
}

/* The n-th (from 0) set square of a bitboard with more than n squares,
 * found by halving without branches: a loop over the bits would mispredict
 * its exit on most entries. */
static inline unsigned nth_square(bitboard set, unsigned n)
{
    unsigned base = 0;
    for (unsigned width = 32; width; width >>= 1) {
        unsigned low = (unsigned)popcount(set & ((((bitboard)1) << width) - 1));
        /* A mask, not a conditional: compilers turned `n >= low ? ...` into
         * a branch that mispredicted four times an entry. */
        unsigned past = 0u - (unsigned)(n >= low);
        unsigned skip = width & past;
        n -= low & past;
        set >>= skip;
        base += skip;
    }
    return base;
}

#if defined(__BMI2__)
#include <immintrin.h>

/* The same by pdep, one instruction where the CPU runs it fast (Intel
 * since Haswell, AMD since Zen 3: seebatch_cpu_has_fast_pext): in the
 * coding's copy built for BMI2 (chain_coding.h), which takes it when told. */
static inline unsigned nth_square_pdep(bitboard set, unsigned n)
{
    return lowest_square(_pdep_u64((bitboard)1 << n, set));
}
#endif

/* The n-th set square by pdep when `pdep` and this code is built for BMI2,
 * else by halving. */
static inline unsigned nth_square_by(bitboard set, unsigned n, bool pdep)
{
#if defined(__BMI2__)
    if (pdep)
        return nth_square_pdep(set, n);
#endif
    (void)pdep;
    return nth_square(set, n);
}

/* The squares a piece of the side to move on `from` (of type `type`) is
 * numbered among, in the order of their square index. *castlings receives
 * the number of castling rights of the side to move for a king, else 0. */
static inline bitboard seebatch_chain_destinations(const seebatch_board *board, unsigned from,
                                                   int type, unsigned *castlings)
{
    unsigned us = board->side_to_move & 1u;
    bitboard ours = board->colors[us], occupied = ours | board->colors[us ^ 1u];
    *castlings = 0;
    switch (type) {
    case SEEBATCH_PAWN: {
        bitboard targets = board->colors[us ^ 1u];
        if (board->en_passant < 64)
            targets |= seebatch_square_bit(board->en_passant);
        bitboard result = pawn_attacks(us, from) & targets;
        /* A pawn on its last rank (not chess, but a consistent board) has no push. */
        bool can_push = us == SEEBATCH_WHITE ? from < 56 : from >= 8;
        unsigned one = us == SEEBATCH_WHITE ? from + 8 : from - 8;
        if (can_push && !(occupied & seebatch_square_bit(one))) {
            result |= seebatch_square_bit(one);
            unsigned start_rank = us == SEEBATCH_WHITE ? 1u : 6u;
            unsigned two = us == SEEBATCH_WHITE ? one + 8 : one - 8;
            if (rank_of(from) == start_rank && !(occupied & seebatch_square_bit(two)))
                result |= seebatch_square_bit(two);
        }
        return result;
    }
    case SEEBATCH_KNIGHT:
        return knight_attacks(from) & ~ours;
    case SEEBATCH_BISHOP:
        return line_bishop_attacks(from, occupied) & ~ours;
    case SEEBATCH_ROOK:
        return line_rook_attacks(from, occupied) & ~ours;
    case SEEBATCH_QUEEN:
        return (line_bishop_attacks(from, occupied) | line_rook_attacks(from, occupied)) & ~ours;
    default:
        *castlings = (unsigned)popcount(board->castling & (us == SEEBATCH_WHITE ? 3u : 12u));
        return king_attacks(from) & ~ours;
    }
}

/* Whether Stockfish's training-data code keeps an en passant square, after
 * a double push and on a board read from text: the side to move has a pawn
 * that can take there without leaving its king to a slider (chain_moves.c
 * has the details). */
bool seebatch_en_passant_possible(const seebatch_board *board, unsigned square);

/* Takes the piece of that type, of either colour, off the square. */
static inline void lift_piece(seebatch_board *board, int type, unsigned square)
{
    bitboard keep = ~seebatch_square_bit(square);
    board->pieces[type] &= keep;
    board->colors[0] &= keep;
    board->colors[1] &= keep;
}

/* Plays a move of the side to move, as Stockfish's training-data code does,
 * updating castling rights (lost when a king or rook start square is left or
 * reached), the en passant square, the rule-50 counter, and the side to
 * move. The move must be one the chain coding can express, made by a piece
 * of the given type (a capture takes a piece of type `taken`);
 * fullmove_number is left for the caller (it follows the entry's ply). */
static inline __attribute__((always_inline)) void
chain_play_known(seebatch_board *board, seebatch_move move, int type, int taken)
{
    unsigned us = board->side_to_move & 1u;
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    bool takes = (board->colors[us ^ 1u] >> to) & 1u;
    bool double_push = type == SEEBATCH_PAWN && (from ^ to) == 16;
    if (board->castling) /* most positions of a game have none left */
        board->castling &= (uint8_t) ~(rights_lost_on(from) | rights_lost_on(to));
    if (kind == SEEBATCH_MOVE_CASTLING) { /* the king takes its rook on the corner */
        bool kingside = to > from;
        lift_piece(board, SEEBATCH_KING, from);
        lift_piece(board, SEEBATCH_ROOK, to);
        put_piece(board, SEEBATCH_KING, us, kingside ? from + 2 : from - 2);
        put_piece(board, SEEBATCH_ROOK, us, kingside ? from + 1 : from - 1);
    } else {
        if (takes)
            lift_piece(board, taken, to);
        lift_piece(board, type, from);
        if (kind == SEEBATCH_MOVE_EN_PASSANT)
            lift_piece(board, SEEBATCH_PAWN, us == SEEBATCH_WHITE ? to - 8 : to + 8);
        bool promotes = kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
        put_piece(board, promotes ? (int)seebatch_promotion_piece(move) : type, us, to);
    }
    board->halfmove_clock =
        (type == SEEBATCH_PAWN || takes) ? 0 : (uint16_t)(board->halfmove_clock + 1);
    board->side_to_move = (uint8_t)(us ^ 1u);
    /* Kept only when the other side could take there (as the data code does). */
    board->en_passant = SEEBATCH_NO_SQUARE;
    if (double_push && seebatch_en_passant_possible(board, (from + to) / 2))
        board->en_passant = (uint8_t)((from + to) / 2);
}

/* The same, finding the type of the piece taken. */
static inline __attribute__((always_inline)) void chain_play_piece(seebatch_board *board,
                                                                   seebatch_move move, int type)
{
    chain_play_known(board, move, type, piece_type_on(board, seebatch_move_to(move)));
}

/* The same, finding the piece's type; a move with no piece of the side to
 * move on its from-square is not played. */
static inline void chain_play(seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move);
    if ((board->colors[board->side_to_move & 1u] >> from) & 1u)
        chain_play_piece(board, move, piece_type_on(board, from));
}

/* Plays a castling, en passant or promotion on a chain's board and its
 * piece types (types[square]: the type of the piece there), the piece moved
 * of that type: about one move in a hundred, out of line. */
void seebatch_chain_play_special(seebatch_board *board, uint8_t *types, seebatch_move move,
                                 int type);

/* Whether a castling move (the king taking its rook on the corner:
 * standard chess, as the training formats hold it) can be played on the
 * board at all: the king on its start square, its rook on the corner,
 * nothing between them. Rights and attacks are not looked at. */
bool seebatch_castling_fits(const seebatch_board *board, seebatch_move move);

/* Whether the board's castling rights are standard chess's, the only ones
 * binpack and .bin hold (as nnue-pytorch reads them): each right's rook on
 * its corner and its king, if on its first rank, on e1 or e8. Otherwise
 * (Chess960) message says so, naming the format and the right. */
bool seebatch_castling_is_standard(const seebatch_board *board, const char *format, char *message,
                                   size_t size);

/* Whether the side to move's king is attacked: from the king only, the
 * pieces that could attack its square, cheapest first; a slider on one of
 * its lines checks when nothing stands between (a 32 KB table, where the
 * slider's attack set from the king would take a lookup per line). Most
 * positions have no slider on the king's lines. */
static inline bool seebatch_side_in_check(const seebatch_board *board)
{
    unsigned us = board->side_to_move & 1u;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[us];
    if (!kings)
        return false;
    unsigned king = lowest_square(kings);
    const bitboard *p = board->pieces;
    bitboard theirs = board->colors[us ^ 1u];
    if (((pawn_attacks(us, king) & p[SEEBATCH_PAWN]) | (knight_attacks(king) & p[SEEBATCH_KNIGHT]) |
         (king_attacks(king) & p[SEEBATCH_KING])) &
        theirs)
        return true;
    bitboard sliders = ((p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN]) & seebatch_line_table[1][king]) |
                       ((p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN]) & seebatch_line_table[0][king]);
    sliders &= theirs;
    bitboard occupied = occupied_squares(board);
    for (; sliders; sliders &= sliders - 1)
        if (!(between(king, lowest_square(sliders)) & occupied))
            return true;
    return false;
}

/* Whether the move takes a piece (en passant included; castling never). */
static inline bool move_captures(const seebatch_board *board, seebatch_move move)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_EN_PASSANT)
        return true;
    if (kind == SEEBATCH_MOVE_CASTLING)
        return false;
    return (board->colors[board->side_to_move ^ 1u] >> seebatch_move_to(move)) & 1u;
}

#endif
