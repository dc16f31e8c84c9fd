/*
 * Castling rights with their rooks on any file (Chess960), as seebatch.h
 * keeps them at seebatch_board: the four rights in bits 0-3 of
 * castling | reserved << 8, and from bit 4 three bits a right (K, Q, k, q)
 * counting the files between its rook and its corner (the h-file for K and
 * k, the a-file for Q and q), so 0 is standard chess's rook and a board of
 * standard chess keeps the meaning it always had. The king a right castles
 * with is its side's king on its first rank, on any file.
 */
#ifndef SEEBATCH_CASTLING_H
#define SEEBATCH_CASTLING_H

#include <stdbool.h>

#include "attacks.h"
#include "bitboard.h"

/* A macro, not an enum: unsigned beside squares in a conditional, as C++ (the
 * engine pair) wants. */
#define CASTLING_NO_SQUARE 64u

/* The rights and their rooks' files as one 16-bit word. */
static inline unsigned castling_word(const seebatch_board *board)
{
    return board->castling | (unsigned)board->reserved << 8;
}

static inline void castling_store(seebatch_board *board, unsigned word)
{
    board->castling = (uint8_t)word;
    board->reserved = (uint8_t)(word >> 8);
}

/* The three bits of a right's rook file in the word (right 0..3: K Q k q). */
static inline unsigned castling_file_bits(unsigned right) { return 7u << (4 + 3 * right); }

/* Whether a right castles towards the h-file (K, k). */
static inline bool castling_is_kingside(unsigned right) { return (right & 1u) == 0; }

/* The colour a right belongs to. */
static inline unsigned castling_color(unsigned right) { return right >> 1; }

/* The square of a right's rook: on its side's first rank, its file counted
 * in from its corner. */
static inline unsigned castling_rook_square(unsigned word, unsigned right)
{
    unsigned in = (word >> (4 + 3 * right)) & 7u;
    unsigned file = castling_is_kingside(right) ? 7u - in : in;
    return (castling_color(right) == SEEBATCH_WHITE ? 0u : 56u) + (file & 7u);
}

/* The word with a right's rook on `file` (the right itself not set here). */
static inline unsigned castling_with_file(unsigned word, unsigned right, unsigned file)
{
    unsigned in = castling_is_kingside(right) ? 7u - file : file;
    return (word & ~castling_file_bits(right)) | (in & 7u) << (4 + 3 * right);
}

/* The file bits (the word's from bit 4) the rights held may set: three a
 * right, by the four rights' bits. A table, as the fast board check below
 * is asked of every board read or written (four multiplications cost the
 * FEN writer a tenth more). */
static const uint16_t castling_held_files[16] = {0x000, 0x007, 0x038, 0x03F, 0x1C0, 0x1C7,
                                                 0x1F8, 0x1FF, 0xE00, 0xE07, 0xE38, 0xE3F,
                                                 0xFC0, 0xFC7, 0xFF8, 0xFFF};

/* Whether the file bits are those of a consistent board: 0 for a right not
 * held, and never 7 (no file lies 7 in from a corner on the king's side of
 * it). No branch: the fast board check (validity.h) makes it. */
static inline bool castling_files_consistent(unsigned word)
{
    unsigned files = (word >> 4) & 0xFFFu, kept = castling_held_files[word & 15u];
    unsigned sevens = files & files >> 1 & files >> 2 & 0x249u;
    return ((files & ~kept) | sevens) == 0;
}

/* The king a side castles with: its king on its first rank (of several
 * there, the one on e1 or e8, as before Chess960, else none), or
 * CASTLING_NO_SQUARE. */
static inline unsigned castling_king_square(const seebatch_board *board, unsigned color)
{
    bitboard first_rank = color == SEEBATCH_WHITE ? 0xFFull : 0xFFull << 56;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[color] & first_rank;
    if (!kings)
        return CASTLING_NO_SQUARE;
    if (!more_than_one(kings))
        return lowest_square(kings);
    unsigned e_file = color == SEEBATCH_WHITE ? 4u : 60u;
    return (kings >> e_file) & 1u ? e_file : CASTLING_NO_SQUARE;
}

/* Where a castling king and its rook land: g1/c1 (g8/c8) and f1/d1
 * (f8/d8), by the side the rook stands on. */
static inline unsigned castling_king_target(unsigned king, unsigned rook)
{
    return (king & 56u) + (rook > king ? 6u : 2u);
}
static inline unsigned castling_rook_target(unsigned king, unsigned rook)
{
    return (king & 56u) + (rook > king ? 5u : 3u);
}

/* The right a king on `king` castling with its rook on `rook` uses: its
 * side's kingside one when the rook stands towards the h-file. */
static inline unsigned castling_right_toward(unsigned color, unsigned king, unsigned rook)
{
    return 2 * color + (rook < king ? 1u : 0u);
}

/* Whether the king and rook of a right stand where it needs them: its
 * side's castling king, and a rook of that colour on the right's square on
 * the right's side of the king. A right held without them is no position
 * of a game (seebatch_position_status), and castles with nothing. */
static inline bool castling_right_in_place(const seebatch_board *board, unsigned right)
{
    unsigned color = castling_color(right);
    unsigned king = castling_king_square(board, color);
    unsigned rook = castling_rook_square(castling_word(board), right);
    bool own_rook = (board->pieces[SEEBATCH_ROOK] & board->colors[color]) >> rook & 1u;
    return king != CASTLING_NO_SQUARE && own_rook &&
           (castling_is_kingside(right) ? rook > king : rook < king);
}

/* The squares a king on `king` castling with its rook on `rook` crosses or
 * lands on, and its rook too, but for the two: castling needs them empty
 * (Chess960's rule, chess's own for a king on e1 and corner rooks). */
static inline bitboard castling_path(unsigned king, unsigned rook)
{
    unsigned king_target = castling_king_target(king, rook);
    unsigned rook_target = castling_rook_target(king, rook);
    bitboard path = between(king, king_target) | seebatch_square_bit(king_target) |
                    between(rook, rook_target) | seebatch_square_bit(rook_target);
    return path & ~seebatch_square_bit(king) & ~seebatch_square_bit(rook);
}

/* The file X-FEN's letter K, Q, k or q names: the outermost rook of the
 * right's colour on its first rank on the right's side of the king, or the
 * corner's file when there is none (or no king there to have a side). */
static inline unsigned castling_outermost_file(const seebatch_board *board, unsigned right)
{
    unsigned color = castling_color(right);
    unsigned king = castling_king_square(board, color);
    unsigned rank_start = color == SEEBATCH_WHITE ? 0u : 56u;
    bitboard rooks = (board->pieces[SEEBATCH_ROOK] & board->colors[color]) >> rank_start & 0xFFu;
    bool kingside = castling_is_kingside(right);
    unsigned king_file = file_of(king);
    rooks &= kingside ? 0xFFu << king_file << 1 & 0xFFu : (1u << king_file) - 1u;
    if (king == CASTLING_NO_SQUARE || !rooks)
        return kingside ? 7u : 0u;
    return kingside ? 63u - (unsigned)__builtin_clzll(rooks) : lowest_square(rooks);
}

/* Whether a rook of its colour stands on each held right's corner: then
 * each is the outermost rook on its side (standard chess's case), and
 * X-FEN's KQkq leave every file 0. */
static inline bool castling_rooks_on_corners(const seebatch_board *board)
{
    static const uint8_t corners[16] = {0x00, 0x80, 0x01, 0x81, 0x00, 0x80, 0x01, 0x81,
                                        0x00, 0x80, 0x01, 0x81, 0x00, 0x80, 0x01, 0x81};
    unsigned rights = board->castling & 15u;
    bitboard wanted = corners[rights & 3u] | (bitboard)corners[rights >> 2] << 56;
    bitboard rooks = board->pieces[SEEBATCH_ROOK] &
                     (board->colors[SEEBATCH_WHITE] | 0xFFull << 56) &
                     (board->colors[SEEBATCH_BLACK] | 0xFFull);
    return (rooks & wanted) == wanted;
}

/* The board's rights as X-FEN's letters KQkq read them: each held right's
 * rook the outermost on its side. */
static inline void castling_take_outermost(seebatch_board *board)
{
    unsigned word = castling_word(board) & 15u;
    for (unsigned right = 0; right < 4; right++)
        if ((word >> right) & 1u)
            word = castling_with_file(word, right, castling_outermost_file(board, right));
    castling_store(board, word);
}

/* The rights a move from `from` to `to` by a piece of type `type` and
 * colour `color` ends, with their file bits: a side's both when its
 * castling king moves or is taken, a right when a piece leaves or reaches
 * its rook's square. Cheap when no right is held. */
static inline unsigned castling_lost(const seebatch_board *board, unsigned from, unsigned to,
                                     int type, unsigned color)
{
    unsigned word = castling_word(board), lost = 0;
    if (!(word & 15u))
        return 0;
    for (unsigned right = 0; right < 4; right++) {
        unsigned rook = castling_rook_square(word, right);
        if (((word >> right) & 1u) && (rook == from || rook == to))
            lost |= 1u << right;
    }
    if (type == SEEBATCH_KING && from == castling_king_square(board, color))
        lost |= color == SEEBATCH_WHITE ? 3u : 12u;
    /* A king taken (a board no game reaches, where the side not to move is
     * in check) takes its side's rights along: no letter names them. */
    if (to == castling_king_square(board, color ^ 1u))
        lost |= color == SEEBATCH_WHITE ? 12u : 3u;
    for (unsigned right = 0; right < 4; right++)
        if ((lost >> right) & 1u)
            lost |= castling_file_bits(right);
    return lost & word;
}

/* The to-square UCI writes for a castling move, the king on `king` taking
 * its rook on `rook`: g1 or c1 (g8, c8) for a king on e1 (e8) taking the
 * rook on its corner, as standard chess writes it; the rook's square
 * otherwise (Chess960's UCI). */
static inline unsigned castling_uci_target(unsigned king, unsigned rook)
{
    bool corner = (rook & 7u) == 0 || (rook & 7u) == 7;
    if ((king == 4 || king == 60) && (rook & 56u) == (king & 56u) && corner)
        return rook > king ? king + 2 : king - 2;
    return rook;
}

#endif
