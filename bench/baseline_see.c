/*
 * The baseline with slider attacks by magic multiplication (any CPU), and
 * what the benchmarks need to hold positions as the walk reads them.
 */
#include "baseline_see.h"

#include <string.h>

#include "board/attacks.h"

/* Stockfish's code of a piece: its type + 1, plus 8 for black. */
static uint8_t code_of(unsigned type, unsigned color) { return (uint8_t)(type + 1 + 8 * color); }

const int8_t baseline_type_of_code[BASELINE_PIECE_CODES] = {-1, 0, 1, 2, 3, 4, 5, -1,
                                                            -1, 0, 1, 2, 3, 4, 5, -1};

/* The size the header, the benchmark's closing line and docs/benchmarks.md
 * give: what the walk reads, padded to its bitboards' alignment. */
_Static_assert(sizeof(baseline_position) == 176, "a board's bytes as the walk reads them");

void baseline_position_set(baseline_position *position, const seebatch_board *board,
                           const seebatch_pins *pins)
{
    memset(position, 0, sizeof *position);
    for (unsigned type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
        position->by_type[1 + type] = board->pieces[type];
        position->by_type[0] |= board->pieces[type];
        for (bitboard b = board->pieces[type]; b; b &= b - 1) {
            unsigned square = (unsigned)__builtin_ctzll(b);
            position->board[square] = code_of(type, color_on(board, square));
        }
    }
    position->by_color[0] = board->colors[0];
    position->by_color[1] = board->colors[1];
    position->side_to_move = board->side_to_move;
    if (pins)
        position->pins = *pins; /* seebatch_pins is laid out as StateInfo's */
}

baseline_values baseline_values_of(const seebatch_config *config)
{
    baseline_values values;
    memset(&values, 0, sizeof values);
    for (unsigned code = 0; code < BASELINE_PIECE_CODES; code++) {
        int type = baseline_type_of_code[code];
        values.of_code[code] = type >= 0 && type < SEEBATCH_KING ? config->values[type] : 0;
    }
    values.normal_moves_only = (config->flags & SEEBATCH_NORMAL_MOVES_ONLY) != 0;
    return values;
}

#define BASELINE_SEE_GE baseline_see_ge
#define BASELINE_EXCHANGE baseline_exchange_magic
#define BASELINE_ATTACKERS_TO baseline_attackers_to_magic
#define BASELINE_SPECIAL baseline_special_magic
#define BISHOP_ATTACKS bishop_attacks
#define ROOK_ATTACKS rook_attacks
#include "baseline_see_body.h"
