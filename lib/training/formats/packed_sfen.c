#include "packed_sfen.h"

#include <stdio.h>
#include <string.h>

#include "board/attacks.h"
#include "board/bitboard.h"
#include "chain_moves.h"

enum { PACKED_BITS = PACKED_SFEN_SIZE * 8, RULE50_KEPT = 127 };

/* ------------------------------------------------------------------------ */
/* Bits, lowest first                                                       */
/* ------------------------------------------------------------------------ */

typedef struct bit_stream {
    uint8_t *bytes; /* PACKED_SFEN_SIZE */
    unsigned at;    /* next bit; past PACKED_BITS reads give 0 and set overrun */
    bool overrun;
} bit_stream;

static void seebatch_put_bits(bit_stream *s, unsigned value, unsigned count)
{
    for (unsigned i = 0; i < count; i++, s->at++)
        if (s->at < PACKED_BITS && ((value >> i) & 1u))
            s->bytes[s->at / 8] |= (uint8_t)(1u << (s->at % 8));
}

static unsigned seebatch_get_bits(bit_stream *s, unsigned count)
{
    unsigned value = 0;
    for (unsigned i = 0; i < count; i++, s->at++) {
        if (s->at >= PACKED_BITS) {
            s->overrun = true;
            continue;
        }
        value |= (unsigned)((s->bytes[s->at / 8] >> (s->at % 8)) & 1u) << i;
    }
    return value;
}

/* Huffman codes of pawn..queen, read lowest bit first (4 bits each); an
 * empty square is one 0 bit. */
static const unsigned piece_codes[5] = {0x1, 0x3, 0x5, 0x7, 0x9};

/* The square at index i of the packing order: a8..h8, a7..h7, ..., a1..h1. */
static unsigned seebatch_square_in_order(unsigned i) { return (7u - i / 8) * 8 + i % 8; }

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

static uint16_t seebatch_stockfish_move(seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move), bits = from << 6;
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN)
        return (uint16_t)(bits | to | 1u << 14 | (kind - SEEBATCH_MOVE_PROMOTE_KNIGHT) << 12);
    if (kind == SEEBATCH_MOVE_EN_PASSANT)
        return (uint16_t)(bits | to | 2u << 14);
    if (kind == SEEBATCH_MOVE_CASTLING) /* king takes its rook, as the library writes it */
        return (uint16_t)(bits | to | 3u << 14);
    return (uint16_t)(bits | to);
}

/* The library's move for Stockfish's; false (message) when it is none. */
static bool seebatch_library_move(uint16_t packed, seebatch_move *move, char *message, size_t size)
{
    unsigned to = packed & 63u, from = (packed >> 6) & 63u, kind = SEEBATCH_MOVE_NORMAL;
    switch (packed >> 14) {
    case 1:
        kind = SEEBATCH_MOVE_PROMOTE_KNIGHT + ((packed >> 12) & 3u);
        break;
    case 2:
        kind = SEEBATCH_MOVE_EN_PASSANT;
        break;
    case 3:
        if ((from != 4 && from != 60) || rank_of(to) != rank_of(from) ||
            (file_of(to) != 0 && file_of(to) != 7)) {
            snprintf(message, size, "a castling move from square %u to %u", from, to);
            return false;
        }
        kind = SEEBATCH_MOVE_CASTLING;
        break;
    }
    *move = seebatch_move_make(from, to, kind);
    return true;
}

/* Whether the move can be played here (its piece the side to move's,
 * castling in place, legal); message when not. */
static bool seebatch_move_fits(const seebatch_board *board, seebatch_move move, char *message,
                               size_t size)
{
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(move, uci);
    seebatch_error error;
    const char *why = NULL;
    if (!((board->colors[board->side_to_move] >> seebatch_move_from(move)) & 1u))
        why = "no piece of the side to move on its square";
    else if (seebatch_move_kind(move) == SEEBATCH_MOVE_CASTLING &&
             !seebatch_castling_fits(board, move))
        why = "the king or rook away or pieces between";
    else if (seebatch_move_check(board, move, &error) != SEEBATCH_OK)
        why = error.message;
    else if (!seebatch_move_is_legal(board, move))
        why = "not a legal move here";
    if (why)
        snprintf(message, size, "the move %s is impossible here: %.100s", uci, why);
    return why == NULL;
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */
/* ------------------------------------------------------------------------ */

static bool seebatch_game_position(seebatch_board *board, char *message, size_t size);

/* What the reader accepts of a board (seebatch_game_position, on a copy: it
 * drops an en passant square no pawn can take on), so that no .bin is
 * written that the reader refuses. */
bool seebatch_bin_holds(const training_entry *entry, char *message, size_t size)
{
    const seebatch_board *board = &entry->board;
    if (!seebatch_castling_is_standard(board, ".bin", message, size))
        return false;
    for (unsigned color = 0; color < 2; color++)
        if (popcount(board->pieces[SEEBATCH_KING] & board->colors[color]) != 1) {
            snprintf(message, size, ".bin holds positions with one king a side; %s has %d",
                     color ? "black" : "white",
                     popcount(board->pieces[SEEBATCH_KING] & board->colors[color]));
            return false;
        }
    /* The bits seebatch_pack_position puts, each term as it puts them:
     * past 38 pieces besides the kings (36 with an en passant square) the
     * counters would be cut off at 256 bits, and the reader refuse them. */
    int pieces = popcount(occupied_squares(board) & ~board->pieces[SEEBATCH_KING]);
    unsigned bits = 1u + 2u * 6u;        /* the side to move, the kings' squares */
    bits += 62u + 4u * (unsigned)pieces; /* 1 bit a square, 5 with a piece */
    bits += 4u + 1u;                     /* castling, whether en passant */
    if (board->en_passant != SEEBATCH_NO_SQUARE)
        bits += 6u;        /* its square */
    bits += 6u + 16u + 1u; /* rule 50's low bits, fullmove, rule 50's top bit */
    if (bits > PACKED_BITS) {
        snprintf(message, size,
                 ".bin holds a position in 256 bits; this one needs %u (%d pieces "
                 "besides the kings)",
                 bits, pieces);
        return false;
    }
    seebatch_board copy = *board;
    return seebatch_game_position(&copy, message, size);
}

static void seebatch_pack_position(const training_entry *entry, uint8_t out[PACKED_SFEN_SIZE])
{
    const seebatch_board *board = &entry->board;
    bit_stream s = {out, 0, false};
    memset(out, 0, PACKED_SFEN_SIZE);
    seebatch_put_bits(&s, board->side_to_move, 1);
    for (unsigned color = 0; color < 2; color++)
        seebatch_put_bits(&s, lowest_square(board->pieces[SEEBATCH_KING] & board->colors[color]),
                          6);
    for (unsigned i = 0; i < 64; i++) {
        unsigned square = seebatch_square_in_order(i);
        int type = piece_type_or_none(board, square);
        if (type == SEEBATCH_KING)
            continue;
        if (type < 0) {
            seebatch_put_bits(&s, 0, 1);
            continue;
        }
        seebatch_put_bits(&s, piece_codes[type], 4);
        seebatch_put_bits(&s, color_on(board, square), 1);
    }
    seebatch_put_bits(&s, board->castling, 4); /* K Q k q, the library's bit order */
    seebatch_put_bits(&s, board->en_passant != SEEBATCH_NO_SQUARE, 1);
    if (board->en_passant != SEEBATCH_NO_SQUARE)
        seebatch_put_bits(&s, board->en_passant, 6);
    unsigned rule50 = board->halfmove_clock & RULE50_KEPT;
    /* Stockfish's converter: the FEN's fullmove number, at least 1. */
    unsigned fullmove = fullmove_of_ply(entry->ply);
    fullmove = fullmove ? fullmove : 1;
    seebatch_put_bits(&s, rule50, 6);
    seebatch_put_bits(&s, fullmove, 8);
    seebatch_put_bits(&s, fullmove >> 8, 8);
    seebatch_put_bits(&s, rule50 >> 6, 1);
}

static void seebatch_put16(uint8_t *p, uint16_t value)
{
    p[0] = (uint8_t)value;
    p[1] = (uint8_t)(value >> 8);
}

void seebatch_bin_pack(const training_entry *entry, uint8_t out[BIN_ENTRY_SIZE])
{
    seebatch_pack_position(entry, out);
    seebatch_put16(out + 32, (uint16_t)entry->score);
    seebatch_put16(out + 34, seebatch_stockfish_move(entry->move));
    seebatch_put16(out + 36, entry->ply);
    out[38] = (uint8_t)entry->result;
    out[39] = 0;
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */
/* ------------------------------------------------------------------------ */

/* The piece type of the next square's code, -1 for empty, -2 for no code. */
static int seebatch_read_piece(bit_stream *s)
{
    if (!seebatch_get_bits(s, 1))
        return -1;
    unsigned code = 1u | seebatch_get_bits(s, 3) << 1;
    for (int type = SEEBATCH_PAWN; type < SEEBATCH_KING; type++)
        if (piece_codes[type] == code)
            return type;
    return -2;
}

static void seebatch_place(seebatch_board *board, int type, unsigned color, unsigned square)
{
    board->pieces[type] |= seebatch_square_bit(square);
    board->colors[color] |= seebatch_square_bit(square);
}

/* The board of the 32 bytes (its counters and castling not checked yet). */
static bool seebatch_unpack_board(const uint8_t *bytes, seebatch_board *board, char *message,
                                  size_t size)
{
    bit_stream s = {(uint8_t *)bytes, 0, false}; /* only read */
    *board = (seebatch_board)SEEBATCH_BOARD_EMPTY;
    board->side_to_move = (uint8_t)seebatch_get_bits(&s, 1);
    unsigned kings[2] = {seebatch_get_bits(&s, 6), seebatch_get_bits(&s, 6)};
    if (kings[0] == kings[1]) {
        snprintf(message, size, "the board does not decode: both kings on square %u", kings[0]);
        return false;
    }
    for (unsigned color = 0; color < 2; color++)
        seebatch_place(board, SEEBATCH_KING, color, kings[color]);
    for (unsigned i = 0; i < 64; i++) {
        unsigned square = seebatch_square_in_order(i);
        if (square == kings[0] || square == kings[1])
            continue;
        unsigned at = s.at;
        int type = seebatch_read_piece(&s);
        if (type == -2 || s.overrun) {
            snprintf(message, size, "the board does not decode: %s at bit %u (square %u)",
                     s.overrun ? "it runs past 256 bits" : "no piece has the code", at, square);
            return false;
        }
        if (type >= 0)
            seebatch_place(board, type, seebatch_get_bits(&s, 1), square);
    }
    board->castling = (uint8_t)seebatch_get_bits(&s, 4);
    board->en_passant =
        seebatch_get_bits(&s, 1) ? (uint8_t)seebatch_get_bits(&s, 6) : SEEBATCH_NO_SQUARE;
    unsigned rule50 = seebatch_get_bits(&s, 6);
    seebatch_get_bits(&s, 16); /* the fullmove number: the ply says it */
    board->halfmove_clock = (uint16_t)(rule50 | seebatch_get_bits(&s, 1) << 6);
    if (s.overrun) {
        snprintf(message, size, "the board does not decode: it runs past 256 bits");
        return false;
    }
    return true;
}

/* Whether each castling right has its king and rook on their squares
 * (standard chess: the king on e1/e8, the rook on its corner). */
static bool seebatch_castling_in_place(const seebatch_board *board, char *message, size_t size)
{
    static const char names[] = "KQkq";
    static const unsigned kings[4] = {4, 4, 60, 60}, rooks[4] = {7, 0, 63, 56};
    for (unsigned right = 0; right < 4; right++) {
        unsigned color = right / 2;
        bitboard own = board->colors[color];
        if ((board->castling >> right & 1u) &&
            !((board->pieces[SEEBATCH_KING] & own) >> kings[right] & 1u &&
              (board->pieces[SEEBATCH_ROOK] & own) >> rooks[right] & 1u)) {
            snprintf(message, size,
                     "an inconsistent position: castling right %c without its king and rook "
                     "in place",
                     names[right]);
            return false;
        }
    }
    return true;
}

/* Whether the board is a position of a game: consistent, no pawn on a back
 * rank, castling rights with their pieces in place, the side that just
 * moved not in check. */
static bool seebatch_game_position(seebatch_board *board, char *message, size_t size)
{
    seebatch_error error;
    if (board->en_passant != SEEBATCH_NO_SQUARE &&
        rank_of(board->en_passant) != (board->side_to_move == SEEBATCH_WHITE ? 5u : 2u)) {
        snprintf(message, size,
                 "an inconsistent position: en passant square %u, not on the "
                 "rank the side to move takes on",
                 board->en_passant);
        return false;
    }
    if (seebatch_board_validate(board, &error) != SEEBATCH_OK) {
        snprintf(message, size, "an inconsistent position: %.150s", error.message);
        return false;
    }
    if (board->pieces[SEEBATCH_PAWN] & 0xFF000000000000FFull) {
        snprintf(message, size, "an inconsistent position: a pawn on a back rank");
        return false;
    }
    if (!seebatch_castling_in_place(board, message, size))
        return false;
    unsigned moved = board->side_to_move ^ 1u;
    unsigned king = lowest_square(board->pieces[SEEBATCH_KING] & board->colors[moved]);
    if (attackers_to(board, king, occupied_squares(board)) & board->colors[board->side_to_move]) {
        snprintf(message, size, "an inconsistent position: %s, who just moved, is in check",
                 moved ? "black" : "white");
        return false;
    }
    if (board->en_passant != SEEBATCH_NO_SQUARE &&
        !seebatch_en_passant_possible(board, board->en_passant))
        board->en_passant = SEEBATCH_NO_SQUARE;
    return true;
}

static uint16_t seebatch_get16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

bool seebatch_bin_unpack(const uint8_t bytes[BIN_ENTRY_SIZE], training_entry *entry, char *message,
                         size_t size)
{
    if (!seebatch_unpack_board(bytes, &entry->board, message, size) ||
        !seebatch_game_position(&entry->board, message, size) ||
        !seebatch_library_move(seebatch_get16(bytes + 34), &entry->move, message, size) ||
        !seebatch_move_fits(&entry->board, entry->move, message, size))
        return false;
    entry->score = (int16_t)seebatch_get16(bytes + 32);
    entry->ply = seebatch_get16(bytes + 36);
    entry->result = (int8_t)bytes[38];
    if (entry->result < -1 || entry->result > 1) {
        snprintf(message, size, "the game result field is %d", entry->result);
        return false;
    }
    entry->board.fullmove_number = fullmove_of_ply(entry->ply);
    return true;
}
