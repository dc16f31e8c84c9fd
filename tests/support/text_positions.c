/* A test's positions as text (text_positions.h). */
#include "text_positions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

seebatch_board board_of(const char *fen)
{
    seebatch_board board;
    seebatch_error error;
    if (seebatch_board_from_fen(&board, fen, &error) != SEEBATCH_OK) {
        fprintf(stderr, "bad FEN in the test: %s: %s\n", fen, error.message);
        exit(2);
    }
    return board;
}

seebatch_move move_of(const seebatch_board *board, const char *uci)
{
    seebatch_move move;
    seebatch_error error;
    if (seebatch_move_parse(board, uci, &move, &error) != SEEBATCH_OK) {
        fprintf(stderr, "bad move in the test: %s: %s\n", uci, error.message);
        exit(2);
    }
    return move;
}

const char *sampled_board(const char *line, seebatch_board *board)
{
    const char *end = strchr(line, '\n');
    if (!*line || !end)
        return NULL;
    char fen[SEEBATCH_FEN_MAX];
    size_t length = (size_t)(end - line) < sizeof fen ? (size_t)(end - line) : sizeof fen - 1;
    memcpy(fen, line, length);
    fen[length] = '\0';
    *board = board_of(fen);
    return end + 1;
}
