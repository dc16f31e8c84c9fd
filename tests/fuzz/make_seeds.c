/*
 * Writes the seed corpora of the fuzz targets from FEN lines on standard
 * input (the output of `seebatch gen`, plus any hand-written positions):
 *   DIR/fen/  each FEN as text
 *   DIR/uci/  the board with the UCI text of one of its legal moves
 *   DIR/see/  the board, a configuration and every legal capture
 *   DIR/binpack/  a binpack payload: one game of a few moves from the board
 *   DIR/plain/  a game of a few moves from the board as .plain text
 * The directories must exist. Usage: fuzz_make_seeds DIR < positions
 */
#include <stdio.h>
#include <string.h>

#include "fuzz_input.h"

static int write_file(const char *directory, const char *target, unsigned long index,
                      const void *bytes, size_t size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/seed-%06lu", directory, target, index);
    FILE *file = fopen(path, "wb");
    if (!file || fwrite(bytes, 1, size, file) != size || fclose(file) != 0) {
        fprintf(stderr, "fuzz_make_seeds: cannot write %s\n", path);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: fuzz_make_seeds DIR < positions\n", stderr);
        return 2;
    }
    static uint8_t input[FUZZ_INPUT_MAX];
    char line[512];
    unsigned long count = 0;
    int failures = 0;
    while (fgets(line, sizeof line, stdin) && failures == 0) {
        line[strcspn(line, "\r\n")] = '\0';
        seebatch_board board;
        if (seebatch_board_from_fen(&board, line, NULL) != SEEBATCH_OK)
            continue;
        failures += write_file(argv[1], "fen", count, line, strlen(line));

        seebatch_move moves[SEEBATCH_MAX_MOVES];
        size_t move_count = seebatch_generate_moves(&board, moves);
        if (move_count > 0) {
            char uci[SEEBATCH_UCI_MAX];
            seebatch_move_to_uci(moves[count % move_count], uci);
            failures +=
                write_file(argv[1], "uci", count, input, fuzz_uci_input(&board, uci, input));
        }

        move_count = seebatch_generate_captures(&board, moves);
        uint8_t config = fuzz_config_byte((unsigned)(count % 7), (uint32_t)(count / 7));
        failures += write_file(argv[1], "see", count, input,
                               fuzz_see_input(config, &board, moves, move_count, input));
        failures += write_file(
            argv[1], "binpack", count, input,
            fuzz_binpack_input(&board, (unsigned)count, 1 + count % 12, input, sizeof input));
        failures += write_file(
            argv[1], "plain", count, input,
            fuzz_plain_input(&board, (unsigned)count, 1 + count % 6, input, sizeof input));
        count++;
    }
    printf("fuzz_make_seeds: %lu seeds per target in %s\n", count, argv[1]);
    return failures ? 1 : 0;
}
