/* The parts of a stem that every copy of the coding reads and writes alike
 * (binpack_stem.h). */
#include "binpack_stem.h"

#include <stdio.h>
#include <string.h>

#include "board/attacks.h"
#include "binpack_fields.h"
#include "chain_moves.h"
#include "errors.h" /* seebatch_square_name */

bool seebatch_binpack_fault_at(binpack_fault *fault, uint64_t offset, const char *message)
{
    fault->byte_offset = offset;
    snprintf(fault->message, sizeof fault->message, "%s", message);
    return false;
}

/* The special nibbles: a pawn that just made a double push, a rook that can
 * still castle, the black king when black is to move. */
enum {
    NIBBLE_EN_PASSANT_PAWN = 12,
    NIBBLE_WHITE_CASTLING_ROOK,
    NIBBLE_BLACK_CASTLING_ROOK,
    NIBBLE_BLACK_KING_TO_MOVE
};

static bool seebatch_place_special(seebatch_board *board, unsigned nibble, unsigned square,
                                   binpack_fault *fault)
{
    char name[3];
    bitboard bit = seebatch_square_bit(square);
    if (nibble == NIBBLE_EN_PASSANT_PAWN) {
        unsigned rank = rank_of(square);
        if ((rank != 3 && rank != 4) || board->en_passant != SEEBATCH_NO_SQUARE) {
            snprintf(
                fault->message, sizeof fault->message,
                "a double-pushed pawn on %s, which is not the 4th or 5th rank or not the only one",
                seebatch_square_name(square, name));
            return false;
        }
        unsigned color = rank == 3 ? SEEBATCH_WHITE : SEEBATCH_BLACK;
        board->pieces[SEEBATCH_PAWN] |= bit;
        board->colors[color] |= bit;
        board->en_passant = (uint8_t)(color == SEEBATCH_WHITE ? square - 8 : square + 8);
        return true;
    }
    if (nibble == NIBBLE_BLACK_KING_TO_MOVE) {
        board->pieces[SEEBATCH_KING] |= bit;
        board->colors[SEEBATCH_BLACK] |= bit;
        board->side_to_move = SEEBATCH_BLACK;
        return true;
    }
    unsigned color = nibble == NIBBLE_WHITE_CASTLING_ROOK ? SEEBATCH_WHITE : SEEBATCH_BLACK;
    unsigned corner = color == SEEBATCH_WHITE ? 0 : 56;
    if (square != corner && square != corner + 7) {
        snprintf(fault->message, sizeof fault->message,
                 "a castling rook on %s, which is not a corner of its side",
                 seebatch_square_name(square, name));
        return false;
    }
    board->pieces[SEEBATCH_ROOK] |= bit;
    board->colors[color] |= bit;
    unsigned shift = color == SEEBATCH_WHITE ? 0 : 2;
    board->castling |= (uint8_t)((square == corner ? SEEBATCH_CASTLE_WHITE_QUEENSIDE
                                                   : SEEBATCH_CASTLE_WHITE_KINGSIDE)
                                 << shift);
    return true;
}

bool seebatch_binpack_stem_start(const uint8_t *bytes, seebatch_board *board, bitboard *occupied,
                                 binpack_fault *fault)
{
    bitboard squares = 0;
    for (int i = 0; i < 8; i++)
        squares = squares << 8 | bytes[i];
    memset(board, 0, sizeof *board);
    board->en_passant = SEEBATCH_NO_SQUARE;
    int count = popcount(squares);
    if (count > 32) {
        snprintf(fault->message, sizeof fault->message,
                 "the position has %d pieces; at most 32 fit in an entry", count);
        return false;
    }
    *occupied = squares;
    return true;
}

/* The special nibbles, once the plain pieces are placed. */
static bool seebatch_place_specials(const uint8_t *bytes, bitboard occupied, seebatch_board *board,
                                    binpack_fault *fault)
{
    /* In square order: the first that is wrong is named. */
    for (bitboard rest = occupied & ~(board->colors[0] | board->colors[1]); rest;
         rest &= rest - 1) {
        unsigned square = lowest_square(rest);
        unsigned index = (unsigned)popcount(occupied & (lowest_bit(rest) - 1));
        if (!seebatch_place_special(board, nibble_at(bytes, index), square, fault))
            return false;
    }
    if (board->en_passant != SEEBATCH_NO_SQUARE &&
        rank_of(board->en_passant) != (board->side_to_move == SEEBATCH_WHITE ? 5u : 2u)) {
        snprintf(fault->message, sizeof fault->message,
                 "a pawn that just made a double push belongs to the side to move");
        return false;
    }
    return true;
}

/* Binpack's move: 2 bits of kind (normal, promotion, castling, en passant),
 * from, to (for castling the rook's square), 2 bits of promotion piece. */
static bool seebatch_unpack_move(uint16_t packed, const seebatch_board *board, seebatch_move *move,
                                 binpack_fault *fault)
{
    unsigned from = (packed >> 8) & 63u, to = (packed >> 2) & 63u;
    unsigned kind = SEEBATCH_MOVE_NORMAL;
    switch (packed >> 14) {
    case 1:
        kind = SEEBATCH_MOVE_PROMOTE_KNIGHT + (packed & 3u);
        break;
    case 2:
        kind = SEEBATCH_MOVE_CASTLING;
        if ((from != 4 && from != 60) || rank_of(to) != rank_of(from) ||
            (file_of(to) != 0 && file_of(to) != 7)) {
            snprintf(fault->message, sizeof fault->message, "a castling move from square %u to %u",
                     from, to);
            return false;
        }
        break;
    case 3:
        kind = SEEBATCH_MOVE_EN_PASSANT;
        break;
    }
    *move = seebatch_move_make(from, to, kind);
    seebatch_error error;
    bool ours = (board->colors[board->side_to_move] >> from) & 1u;
    if (kind == SEEBATCH_MOVE_CASTLING && !seebatch_castling_fits(board, *move)) {
        snprintf(fault->message, sizeof fault->message,
                 "a castling move with the king or rook away or pieces between");
        return false;
    }
    if (!ours || seebatch_move_check(board, *move, &error) != SEEBATCH_OK) {
        char uci[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(*move, uci);
        snprintf(fault->message, sizeof fault->message, "the move %s is impossible here: %.100s",
                 uci, ours ? error.message : "no piece of the side to move on its square");
        return false;
    }
    return true;
}

/* A stem starts a chain of game positions, so it must be a position of a
 * game: one king per side, no pawn on a back rank, the side that just moved
 * not in check. A flipped bit in a stem's occupancy or nibbles mostly breaks
 * one of these (a king lost, a pawn moved to rank 8); the chain played from
 * such a stem would be nonsense written out as entries. */
/* Inlined into the stem reader, its hot caller. */
static inline __attribute__((always_inline)) bool
seebatch_is_game_position(const seebatch_board *board, binpack_fault *fault)
{
    static const char *const sides[2] = {"white", "black"};
    for (unsigned color = 0; color < 2; color++) {
        int kings = popcount(board->pieces[SEEBATCH_KING] & board->colors[color]);
        if (kings != 1) {
            snprintf(fault->message, sizeof fault->message,
                     "the stem is no chess position: %s has %d kings", sides[color], kings);
            return false;
        }
    }
    const bitboard back_ranks = 0xFF000000000000FFull;
    if (board->pieces[SEEBATCH_PAWN] & back_ranks) {
        char name[3];
        snprintf(
            fault->message, sizeof fault->message,
            "the stem is no chess position: a pawn on %s, a back rank",
            seebatch_square_name(lowest_square(board->pieces[SEEBATCH_PAWN] & back_ranks), name));
        return false;
    }
    unsigned moved = board->side_to_move ^ 1u;
    bitboard occupied = board->colors[0] | board->colors[1];
    unsigned king = lowest_square(board->pieces[SEEBATCH_KING] & board->colors[moved]);
    if (attackers_to(board, king, occupied) & board->colors[board->side_to_move]) {
        snprintf(fault->message, sizeof fault->message,
                 "the stem is no chess position: %s, who just moved, is in check", sides[moved]);
        return false;
    }
    return true;
}

/* The castling rights whose rook stands on its corner, as the stem's
 * castling-rook nibbles keep them. */
static unsigned seebatch_rights_with_rooks(const seebatch_board *board)
{
    static const unsigned corners[4] = {7, 0, 63, 56}; /* by castling bit: K, Q, k, q */
    unsigned held = 0;
    for (unsigned right = 0; right < 4; right++)
        held |=
            (unsigned)((board->pieces[SEEBATCH_ROOK] & board->colors[right / 2]) >> corners[right] &
                       1u)
            << right;
    return held;
}

bool seebatch_binpack_stem_holds_plainly(const training_entry *entry)
{
    const seebatch_board *board = &entry->board;
    unsigned kind = seebatch_move_kind(entry->move);
    binpack_fault ignored;
    return entry->ply <= 16383u && entry->result >= -1 && entry->result <= 1 &&
           (board->castling == 0 || (board->castling & ~seebatch_rights_with_rooks(board)) == 0) &&
           board->en_passant == SEEBATCH_NO_SQUARE && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN &&
           ((board->colors[board->side_to_move] >> seebatch_move_from(entry->move)) & 1u) &&
           popcount(board->colors[0] | board->colors[1]) <= 32 &&
           seebatch_is_game_position(board, &ignored);
}

bool seebatch_binpack_stem_finish(const uint8_t *bytes, training_entry *entry, bitboard occupied,
                                  binpack_fault *fault)
{
    if (!seebatch_place_specials(bytes, occupied, &entry->board, fault) ||
        !seebatch_is_game_position(&entry->board, fault))
        return false;
    if (!seebatch_unpack_move(read_be16(bytes + 24), &entry->board, &entry->move, fault))
        return false;
    entry->score = unfold(read_be16(bytes + 26));
    uint16_t ply_and_result = read_be16(bytes + 28);
    entry->ply = ply_and_result & 0x3FFFu;
    int result = unfold((uint16_t)(ply_and_result >> 14));
    if (result < -1 || result > 1) {
        snprintf(fault->message, sizeof fault->message, "the game result field is %d", result);
        return false;
    }
    entry->result = (int8_t)result;
    entry->board.halfmove_clock = read_be16(bytes + 30);
    entry->board.fullmove_number = fullmove_of_ply(entry->ply);
    return true;
}

/* Sets the nibble of the piece on square (its index among the occupied
 * squares says where). */
static inline void set_nibble(uint8_t *nibbles, bitboard occupied, unsigned square, unsigned value)
{
    unsigned index = (unsigned)popcount(occupied & (seebatch_square_bit(square) - 1));
    if (index >= 32)
        return; /* past what an entry holds */
    unsigned shift = index % 2 * 4;
    nibbles[index / 2] = (uint8_t)((nibbles[index / 2] & ~(15u << shift)) | value << shift);
}

/* The special nibbles: the pawn that just made a double push, rooks that
 * can still castle, the black king when black is to move. */
static inline void set_special_nibbles(const seebatch_board *board, bitboard occupied,
                                       uint8_t *nibbles)
{
    if (board->en_passant < 64) {
        unsigned pushed =
            board->side_to_move == SEEBATCH_WHITE ? board->en_passant - 8u : board->en_passant + 8u;
        if ((board->pieces[SEEBATCH_PAWN] >> pushed) & 1u)
            set_nibble(nibbles, occupied, pushed, 12);
    }
    static const unsigned corners[4] = {7, 0, 63, 56}; /* by castling bit: K, Q, k, q */
    for (unsigned right = 0; right < 4; right++) {
        unsigned color = right / 2, corner = corners[right];
        if ((board->castling >> right) & 1u & (unsigned)(board->pieces[SEEBATCH_ROOK] >> corner) &
            (unsigned)(board->colors[color] >> corner))
            set_nibble(nibbles, occupied, corner, color == SEEBATCH_WHITE ? 13 : 14);
    }
    bitboard black_king = board->pieces[SEEBATCH_KING] & board->colors[SEEBATCH_BLACK];
    if (board->side_to_move == SEEBATCH_BLACK && black_king)
        set_nibble(nibbles, occupied, lowest_square(black_king), 15);
}

static uint16_t seebatch_pack_move(seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move), type = 0, promotion = 0;
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        type = 1;
        promotion = kind - SEEBATCH_MOVE_PROMOTE_KNIGHT;
    } else if (kind == SEEBATCH_MOVE_CASTLING) {
        type = 2; /* the king takes its rook, in binpack as in the library */
    } else if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        type = 3;
    }
    return (uint16_t)(type << 14 | from << 8 | to << 2 | promotion);
}

/* What every stem packer writes after the pieces' nibbles: the nibbles of
 * castling rights, en passant and the side to move, then the move, score,
 * ply and result, and the rule-50 counter. */
void seebatch_binpack_pack_stem_rest(const training_entry *entry, bitboard occupied,
                                     uint8_t out[32])
{
    const seebatch_board *board = &entry->board;
    set_special_nibbles(board, occupied, out + 8);
    write_be16(out + 24, seebatch_pack_move(entry->move));
    write_be16(out + 26, fold(entry->score));
    write_be16(out + 28, (uint16_t)((entry->ply & 0x3FFFu) | fold(entry->result) << 14));
    write_be16(out + 30, board->halfmove_clock);
}
