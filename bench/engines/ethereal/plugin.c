/*
 * Ethereal 14's own staticExchangeEvaluation as a seebatch plug-in
 * (include/seebatch_plugin.h): `seebatch check --see-plugin see_plugin.so`,
 * `seebatch time --see-plugin see_plugin.so`. build.sh compiles it with the
 * sources of the user's tree and that tree's own flags.
 *
 * A move is Ethereal's own (found among its legal moves);
 * seebatch_plugin_see_ge is staticExchangeEvaluation itself, a threshold
 * test: Ethereal has no exact SEE, so there is no seebatch_plugin_see_value.
 *
 * A position is Ethereal's Board up to its game history: the history is
 * 8192 hashes (64 KB) that the SEE never reads (it reads squares, pieces,
 * colours, turn and epSquare, all before it), and seebatch time holds 109,311
 * positions at once. Each is set up whole by boardFromFEN in a scratch Board
 * and its first offsetof(Board, history) bytes kept. The word "whole-boards"
 * keeps whole Boards instead (64 KB each: for a check that the two answer
 * alike, not for 109,311 positions held at once).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ethereal_calls.h"
#include "seebatch_plugin.h"

static Board scratch; /* set-up and move generation play moves: a whole Board */
static size_t kept = offsetof(Board, history);

int seebatch_plugin_abi(void) { return SEEBATCH_PLUGIN_ABI; }

int seebatch_plugin_open(const char *options, char *message, size_t message_size)
{
    if (strcmp(options, "whole-boards") == 0)
        kept = sizeof(Board);
    else if (*options) {
        snprintf(message, message_size,
                 "Ethereal 14's plug-in takes \"whole-boards\" or nothing, not \"%s\"", options);
        return 1;
    }
    ethereal_init();
    return 0;
}

void *seebatch_plugin_position(const char *fen)
{
    Board *board = malloc(kept);
    if (board) {
        boardFromFEN(&scratch, fen, 0);
        memcpy(board, &scratch, kept);
    }
    return board;
}

int seebatch_plugin_move(void *position, const char *uci, uint32_t *move)
{
    memcpy(&scratch, position, offsetof(Board, history));
    *move = ethereal_move(&scratch, uci);
    return *move == NONE_MOVE;
}

int seebatch_plugin_see_ge(void *position, uint32_t move, int32_t threshold)
{
    return staticExchangeEvaluation(position, (uint16_t)move, threshold);
}

void seebatch_plugin_position_free(void *position) { free(position); }

void seebatch_plugin_close(void) {}
