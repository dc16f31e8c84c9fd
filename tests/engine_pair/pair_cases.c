/*
 * The cases the engine pair is compared on (tests/engine_pair/compare.sh):
 * every move SEE can be asked about (random_board_moves) of the positions
 * the differential harness draws, game-like (programs/positions) and
 * dense (tests/support/random_boards.c), one line each (case_lines.h).
 * Built on the library. Usage: pair_cases [BOARDS]  (of each kind)
 */
#include <stdlib.h>

#include "case_lines.h"
#include "position_generator.h"
#include "random_boards.h"

int main(int argc, char **argv)
{
    long boards = argc > 1 ? strtol(argv[1], NULL, 10) : 100;
    position_generator games;
    position_generator_init(&games, 56);
    uint64_t dense = 0x5EEBA7C4ull;
    static seebatch_move moves[SEEBATCH_MAX_MOVES];
    for (long b = 0; b < 2 * boards; b++) {
        seebatch_board board;
        if (b % 2)
            random_dense_board(&dense, &board);
        else
            position_generator_next(&games, &board);
        size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
        for (size_t i = 0; i < count; i++)
            case_line_write(stdout, &board, moves[i]);
    }
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
