/*
 * seebatch_view_see_ge per call, for bench/engine_pair_instructions.sh:
 * the normal moves of the case lines on stdin (tests/engine_pair/
 * case_lines.h) on Stockfish's layout (a seebatch_board is one), threshold
 * 0, each through see_ge_call, which callgrind counts alone. Built on the
 * library and on the engine pair alike.
 */
#include <stdlib.h>

#include "case_lines.h"
#include "seebatch_view.h"

enum { MOST = 1 << 20 };

static seebatch_board boards[MOST];
static seebatch_move moves[MOST];

/* Stockfish's piece codes, white pawn 1 .. king 6, black 9 .. 14. */
static unsigned code_on(const seebatch_board *board, unsigned square)
{
    for (unsigned type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        if ((board->pieces[type] >> square) & 1)
            return type + 1 + 8 * ((board->colors[SEEBATCH_BLACK] >> square) & 1);
    return 0;
}

__attribute__((noinline)) static bool see_ge_call(const seebatch_view_rules *rules,
                                                  const seebatch_board *board,
                                                  const seebatch_pins *pins, seebatch_move move)
{
    seebatch_view view = {board->pieces, board->colors};
    return seebatch_view_see_ge(rules, &view, pins, move, code_on(board, seebatch_move_from(move)),
                                code_on(board, seebatch_move_to(move)), 0);
}

int main(void)
{
    static const int8_t types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};
    seebatch_config config = seebatch_config_stockfish();
    seebatch_view_rules rules;
    if (seebatch_view_rules_init(&rules, &config, types, 16, NULL) != SEEBATCH_OK)
        return EXIT_FAILURE;
    size_t count = 0;
    while (count < MOST && case_line_read(stdin, &boards[count], &moves[count]))
        if (seebatch_move_kind(moves[count]) == SEEBATCH_MOVE_NORMAL)
            count++;
    size_t passed = 0;
    for (size_t i = 0; i < count; i++) {
        seebatch_pins pins;
        seebatch_pins_compute(&boards[i], &pins);
        passed += see_ge_call(&rules, &boards[i], &pins, moves[i]);
    }
    printf("%zu calls, %zu passed\n", count, passed);
    return EXIT_SUCCESS;
}
