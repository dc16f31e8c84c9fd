#include "fuzz_input.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_writer.h"
#include "board/bitboard.h"
#include "board/castling.h"
#include "training/formats/chain_moves.h"
#include "training/formats/plain.h"

uint8_t fuzz_take_byte(fuzz_bytes *in) { return in->used < in->size ? in->data[in->used++] : 0; }

/* ---- boards ---- */

void fuzz_take_board(fuzz_bytes *in, seebatch_board *board)
{
    *board = (seebatch_board){.en_passant = SEEBATCH_NO_SQUARE, .fullmove_number = 1};
    uint8_t state = fuzz_take_byte(in);
    uint8_t second = fuzz_take_byte(in), file = second & 7u;
    board->side_to_move = state & 1u;
    board->castling = (state >> 1) & 15u;
    if (state & 0x20)
        board->en_passant = (uint8_t)(file + (board->side_to_move == SEEBATCH_WHITE ? 40 : 16));
    for (unsigned square = 0; square < 64; square += 2) {
        uint8_t pair = fuzz_take_byte(in);
        for (unsigned half = 0; half < 2; half++) {
            unsigned code = half ? pair >> 4 : pair & 15u;
            if (code == 0 || code > 12)
                continue;
            bitboard bit = seebatch_square_bit(square + half);
            board->pieces[(code - 1) % 6] |= bit;
            board->colors[(code - 1) / 6] |= bit;
        }
    }
    if (second & 8u)
        castling_take_outermost(board);
}

void fuzz_put_board(const seebatch_board *board, uint8_t out[FUZZ_BOARD_BYTES])
{
    bool en_passant = board->en_passant < 64;
    out[0] = (uint8_t)((board->side_to_move & 1u) | (board->castling & 15u) << 1 |
                       (en_passant ? 0x20 : 0));
    out[1] = (uint8_t)((en_passant ? file_of(board->en_passant) : 0) |
                       (castling_word(board) > 15u ? 8u : 0u)); /* Chess960's files */
    for (unsigned square = 0; square < 64; square++) {
        int type = piece_type_or_none(board, square);
        unsigned code = type < 0 ? 0 : (unsigned)type + 1 + 6 * color_on(board, square);
        uint8_t *pair = &out[2 + square / 2];
        *pair = (uint8_t)(square % 2 ? (*pair | code << 4) : code);
    }
}

/* ---- configurations ---- */

static const seebatch_config value_sets[7] = {
    {{100, 325, 325, 500, 1000}, 0},
    {{208, 781, 825, 1276, 2538}, 0},
    {{0, 0, 0, 0, 0}, 0},
    {{100, 100, 100, 100, 100}, 0},
    {{SEEBATCH_VALUE_MAX, SEEBATCH_VALUE_MAX, SEEBATCH_VALUE_MAX, SEEBATCH_VALUE_MAX,
      SEEBATCH_VALUE_MAX},
     0},
    {{1000, 500, 500, 325, 100}, 0},
    {{1, SEEBATCH_VALUE_MAX - 1, 17, SEEBATCH_VALUE_MAX, 0}, 0},
};

void fuzz_take_config(fuzz_bytes *in, seebatch_config *config)
{
    uint8_t byte = fuzz_take_byte(in);
    unsigned set = (byte >> 3) & 7u;
    if (set < 7) {
        *config = value_sets[set];
    } else {
        for (int piece = 0; piece < 5; piece++) {
            uint32_t raw = fuzz_take_byte(in);
            raw |= (uint32_t)fuzz_take_byte(in) << 8;
            raw |= (uint32_t)fuzz_take_byte(in) << 16;
            config->values[piece] = (int32_t)(raw % (SEEBATCH_VALUE_MAX + 1u));
        }
    }
    config->flags = fuzz_flags((byte & 7u) | (byte >> 3 & 0x18u));
}

uint32_t fuzz_flags(uint32_t bits)
{
    bits &= SEEBATCH_ALL_FLAGS;
    if (bits & SEEBATCH_PROMOTIONS)
        bits &= ~(uint32_t)SEEBATCH_MOVE_PROMOTION_ONLY;
    return bits;
}

uint8_t fuzz_config_byte(unsigned value_set, uint32_t flags)
{
    flags = fuzz_flags(flags);
    return (uint8_t)((value_set % 7u) << 3 | (flags & 7u) | (flags & 0x18u) << 3);
}

/* ---- moves ---- */

/* The n-th (modulo their number) set bit of b, which is not empty. */
static unsigned nth_square_wrapped(bitboard b, unsigned n)
{
    for (n %= (unsigned)popcount(b); n > 0; n--)
        b &= b - 1;
    return lowest_square(b);
}

/* A kind that fits the piece on from moving to to, chosen by `wish`. */
static unsigned fitted_kind(const seebatch_board *board, unsigned from, unsigned to, unsigned wish)
{
    int type = piece_type_or_none(board, from);
    unsigned color = color_on(board, from);
    if (type == SEEBATCH_PAWN && (promotion_rank(color) & seebatch_square_bit(to)))
        return SEEBATCH_MOVE_PROMOTE_KNIGHT + wish % 4;
    if (wish == SEEBATCH_MOVE_EN_PASSANT && type == SEEBATCH_PAWN)
        return SEEBATCH_MOVE_EN_PASSANT; /* still checked: the square may not fit */
    if (wish == SEEBATCH_MOVE_CASTLING && type == SEEBATCH_KING)
        return SEEBATCH_MOVE_CASTLING;
    return SEEBATCH_MOVE_NORMAL;
}

seebatch_move fuzz_take_move(fuzz_bytes *in, const seebatch_board *board)
{
    uint8_t mode = fuzz_take_byte(in);
    unsigned raw = fuzz_take_byte(in);
    raw |= (unsigned)fuzz_take_byte(in) << 8;
    bitboard occupied = occupied_squares(board);
    if (!(mode & 1u) || !occupied)
        return (seebatch_move)raw;
    unsigned from = nth_square_wrapped(occupied, seebatch_move_from((seebatch_move)raw));
    bitboard open = ~board->colors[color_on(board, from)] & ~seebatch_square_bit(from);
    if (!open) /* the mover's colour fills the board */
        return (seebatch_move)raw;
    unsigned to = nth_square_wrapped(open, seebatch_move_to((seebatch_move)raw));
    return seebatch_move_make(from, to, fitted_kind(board, from, to, raw >> 12));
}

void fuzz_put_move(seebatch_move move, uint8_t out[FUZZ_MOVE_BYTES])
{
    out[0] = 0;
    out[1] = (uint8_t)(move & 0xFF);
    out[2] = (uint8_t)(move >> 8);
}

/* ---- whole inputs ---- */

size_t fuzz_uci_input(const seebatch_board *board, const char *text, uint8_t *out)
{
    fuzz_put_board(board, out);
    size_t size = FUZZ_BOARD_BYTES;
    out[size++] = 0;
    out[size++] = 0;
    for (; *text && size < FUZZ_INPUT_MAX; text++)
        out[size++] = (uint8_t)*text;
    return size;
}

size_t fuzz_see_input(uint8_t config_byte, const seebatch_board *board, const seebatch_move *moves,
                      size_t count, uint8_t *out)
{
    size_t size = 0;
    out[size++] = config_byte;
    fuzz_put_board(board, out + size);
    size += FUZZ_BOARD_BYTES;
    out[size++] = 0;
    out[size++] = 0;
    for (size_t i = 0; i < count && i < SEEBATCH_MAX_MOVES; i++, size += FUZZ_MOVE_BYTES)
        fuzz_put_move(moves[i], out + size);
    return size;
}

/* ---- broken boards ---- */

bool fuzz_corrupt_board(fuzz_bytes *in, seebatch_board *board)
{
    uint8_t selector = fuzz_take_byte(in);
    uint8_t argument = fuzz_take_byte(in);
    if (selector < 0xC0)
        return false;
    bitboard bit = seebatch_square_bit(argument & 63u);
    switch (selector % 12) {
    case 6:
    case 7:
        board->colors[selector % 12 - 6] ^= bit;
        break;
    case 8:
        board->side_to_move = (uint8_t)(2 + argument % 254);
        break;
    case 9:
        /* A square on a rank other than the one the side to move allows, or
         * past NO_SQUARE. */
        board->en_passant = argument & 0x80 ? (uint8_t)(65 + argument % 191) : argument & 63u;
        if (board->en_passant < 64 && rank_of(board->en_passant) == (board->side_to_move ? 2u : 5u))
            board->en_passant ^= 8; /* off the one rank that would have been right */
        break;
    case 10: { /* a right's rook 7 files in, or a file for a right not held */
        unsigned right = argument % 4, word = castling_word(board);
        word |= (word >> right) & 1u ? castling_file_bits(right)
                                     : 1u << (4 + 3 * right + (argument >> 2) % 3);
        castling_store(board, word);
        break;
    }
    case 11: /* files with no right held */
        board->castling = 0;
        board->reserved = (uint8_t)(1 + argument % 255);
        break;
    default:
        board->pieces[selector % 12] ^= bit;
        break;
    }
    return true;
}

bool fuzz_message_is_one_line(const char *message)
{
    if (message[0] == '\0')
        return false;
    for (const char *c = message; *c; c++)
        if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
            return false;
    return true;
}

const char *fuzz_context;

void fuzz_fail(const char *file, int line, const char *condition, const char *format, ...)
{
    if (fuzz_context)
        fprintf(stderr, "input %s\n", fuzz_context);
    fprintf(stderr, "%s:%d: fuzz property broken: %s: ", file, line, condition);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    abort();
}

/* The entries of one game of up to `plies` moves from board, the moves
 * chosen by index among the legal ones (at most GAME_PLIES_MAX); returns
 * how many. */
enum { GAME_PLIES_MAX = 16 };
static size_t game_entries(const seebatch_board *board, unsigned index, unsigned plies,
                           training_entry *entries)
{
    training_entry entry = {*board, 0, 0, 0, 0};
    entry.board.en_passant = board->en_passant != SEEBATCH_NO_SQUARE &&
                                     seebatch_en_passant_possible(board, board->en_passant)
                                 ? board->en_passant
                                 : SEEBATCH_NO_SQUARE;
    size_t count = 0;
    for (unsigned ply = 0; ply < plies && ply < GAME_PLIES_MAX; ply++) {
        seebatch_move moves[SEEBATCH_MAX_MOVES];
        size_t legal = seebatch_generate_moves(&entry.board, moves);
        if (legal == 0)
            break;
        entry.move = moves[(index + ply * 7) % legal];
        entry.score = (int16_t)((int)(index * 37 + ply * 101) % 2000 - 1000);
        entry.ply = (uint16_t)(ply + index % 50);
        entry.board.fullmove_number = fullmove_of_ply(entry.ply);
        entries[count++] = entry;
        chain_play(&entry.board, entry.move);
        entry.result = (int8_t)-entry.result;
    }
    return count;
}

size_t fuzz_binpack_input(const seebatch_board *board, unsigned index, unsigned plies, uint8_t *out,
                          size_t capacity)
{
    training_entry entries[GAME_PLIES_MAX];
    size_t count = game_entries(board, index, plies, entries);
    binpack_writer writer;
    seebatch_binpack_writer_init(&writer);
    for (size_t i = 0; i < count; i++) {
        if (i == 0)
            seebatch_binpack_start_chain(&writer, &entries[i], NULL);
        else
            seebatch_binpack_append_entry(&writer, &entries[i]);
    }
    seebatch_binpack_close_chain(&writer);
    size_t size = writer.size < capacity ? writer.size : capacity;
    if (size)
        memcpy(out, writer.payload, size);
    seebatch_binpack_writer_free(&writer);
    return size;
}

size_t fuzz_plain_input(const seebatch_board *board, unsigned index, unsigned plies, uint8_t *out,
                        size_t capacity)
{
    training_entry entries[GAME_PLIES_MAX];
    size_t count = game_entries(board, index, plies, entries), size = 0;
    bool crlf = index % 5 == 0;
    for (size_t i = 0; i < count; i++) {
        char block[PLAIN_BLOCK_MAX];
        size_t length = seebatch_plain_format(&entries[i], block);
        for (size_t k = 0; k < length && size + 2 <= capacity; k++) {
            if (crlf && block[k] == '\n')
                out[size++] = '\r';
            out[size++] = (uint8_t)block[k];
        }
    }
    return size;
}
