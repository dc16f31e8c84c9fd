/*
 * How the fuzz targets turn arbitrary bytes into their inputs, and back (the
 * seed corpora are written with the encoders, so a seed decodes to exactly
 * the position and moves it was made from).
 *
 * Every decoder accepts any bytes: when the input runs out, the missing
 * bytes read as 0. A decoded board is always consistent, so the targets reach
 * the SEE kernels instead of stopping at validation; breaking boards on
 * purpose is a separate, explicit step (fuzz_corrupt_board).
 */
#ifndef SEEBATCH_FUZZ_INPUT_H
#define SEEBATCH_FUZZ_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"
#include "printf_like.h"

typedef struct fuzz_bytes {
    const uint8_t *data;
    size_t size, used;
} fuzz_bytes;

static inline fuzz_bytes fuzz_bytes_of(const uint8_t *data, size_t size)
{
    return (fuzz_bytes){data, size, 0};
}

/* The next byte, or 0 past the end. */
uint8_t fuzz_take_byte(fuzz_bytes *in);

static inline size_t fuzz_bytes_left(const fuzz_bytes *in) { return in->size - in->used; }

/*
 * A board in FUZZ_BOARD_BYTES bytes:
 *   byte 0    bit 0 side to move, bits 1-4 castling rights, bit 5 en passant
 *   byte 1    bits 0-2 the en passant file (its rank follows the side to move),
 *             bit 3 Chess960: each right's rook the outermost on its side of
 *             the king (X-FEN's KQkq), else on its corner
 *   bytes 2.. one nibble per square, a1 first, low nibble first:
 *             0 empty, 1-6 white pawn..king, 7-12 black pawn..king, 13-15 empty
 * Any number of kings, pawns on any rank: every consistent piece placement
 * has an encoding.
 */
enum { FUZZ_BOARD_BYTES = 34 };

void fuzz_take_board(fuzz_bytes *in, seebatch_board *board);
/* Writes FUZZ_BOARD_BYTES bytes for a consistent board. */
void fuzz_put_board(const seebatch_board *board, uint8_t out[FUZZ_BOARD_BYTES]);

/*
 * A configuration in one byte (more for custom values): bits 0-2 the flags
 * 1, 2, 4 and bits 6-7 the flags 8, 16 (fuzz_flags), bits 3-5 a value set:
 * classic, stockfish, all 0, all 100, all SEEBATCH_VALUE_MAX, descending,
 * lopsided, or (7) five custom values of three bytes each, reduced into
 * 0..SEEBATCH_VALUE_MAX. Always valid.
 */
void fuzz_take_config(fuzz_bytes *in, seebatch_config *config);
/* The known flags among `bits`, made valid: with both promotion rules,
 * SEEBATCH_PROMOTIONS alone. */
uint32_t fuzz_flags(uint32_t bits);
/* The byte for a preset value set 0..6 with the given flags. */
uint8_t fuzz_config_byte(unsigned value_set, uint32_t flags);

/*
 * A move in FUZZ_MOVE_BYTES bytes: a mode byte, then the 16-bit move, low
 * byte first. Mode bit 0 clear: the move as written, which may break every
 * precondition. Set: an aimed move: the from-square is the n-th occupied
 * square, the to-square the n-th square not holding the mover's colour, and
 * the kind is fitted to the piece (promotions for pawns reaching their last
 * rank), so most aimed moves meet the preconditions.
 */
enum { FUZZ_MOVE_BYTES = 3 };

seebatch_move fuzz_take_move(fuzz_bytes *in, const seebatch_board *board);
void fuzz_put_move(seebatch_move move, uint8_t out[FUZZ_MOVE_BYTES]);

/*
 * Breaks a consistent board according to one selector byte and one argument
 * byte (taken from in) and returns true, or leaves it alone and returns
 * false (selector below 0xC0: three inputs in four stay consistent). Every
 * change it makes breaks a rule of seebatch_board_validate: a bit flipped in
 * one piece or colour bitboard, side to move above 1, an en passant square
 * on the wrong rank or out of range, a castling rook file for a right not
 * held or 7 files in from its corner (castling's high bits, reserved).
 */
bool fuzz_corrupt_board(fuzz_bytes *in, seebatch_board *board);

/*
 * Whole inputs of the targets (fuzz_targets.h), for seeds: consistent
 * boards, nothing broken on purpose. Each returns the size written, at most
 * FUZZ_INPUT_MAX bytes.
 *   fuzz_uci: a board, a selector byte and its argument (0: intact), text.
 *   fuzz_see: a configuration byte, the same, then the moves.
 */
enum { FUZZ_INPUT_MAX = 1 + FUZZ_BOARD_BYTES + 2 + FUZZ_MOVE_BYTES * SEEBATCH_MAX_MOVES };

size_t fuzz_uci_input(const seebatch_board *board, const char *text, uint8_t *out);
size_t fuzz_see_input(uint8_t config_byte, const seebatch_board *board, const seebatch_move *moves,
                      size_t count, uint8_t *out);

/* True when the text holds one line of printable ASCII and is not empty: the
 * form every error message promises. */
bool fuzz_message_is_one_line(const char *message);

/* Reports a broken property (with the printf-style reason) and aborts, so
 * libFuzzer saves the input, and a replay test fails loudly. */
#define FUZZ_REQUIRE(condition, ...)                                                               \
    do {                                                                                           \
        if (!(condition))                                                                          \
            fuzz_fail(__FILE__, __LINE__, #condition, __VA_ARGS__);                                \
    } while (0)

/* Named in every failure report when set: the replay test points it at the
 * input file it is running. */
extern const char *fuzz_context;

_Noreturn void fuzz_fail(const char *file, int line, const char *condition, const char *format, ...)
    SEEBATCH_PRINTF_LIKE(4, 5);

/* A binpack chunk payload (no header) of one game of up to `plies` entries
 * from board, the moves chosen by index among the legal ones: a seed of
 * fuzz_binpack. Returns its size (at most capacity). */
size_t fuzz_binpack_input(const seebatch_board *board, unsigned index, unsigned plies, uint8_t *out,
                          size_t capacity);

/* The same game as .plain text (its line ends CRLF for every fifth index):
 * a seed of fuzz_plain. Returns its size (at most capacity). */
size_t fuzz_plain_input(const seebatch_board *board, unsigned index, unsigned plies, uint8_t *out,
                        size_t capacity);

#endif
