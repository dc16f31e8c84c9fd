/*
 * Berserk 4.6.0's own SEE as a seebatch plug-in (include/seebatch_plugin.h):
 * `seebatch check --see-plugin see_plugin.so`, `seebatch time --see-plugin
 * see_plugin.so`. build.sh compiles it with the sources of the user's tree
 * and that tree's own flags.
 *
 * A move is Berserk's own (found by its ParseMove among its legal moves).
 * SEE gives the exact value: seebatch_plugin_see_value is SEE itself, and
 * seebatch_plugin_see_ge is SEE(board, move) >= threshold, which is how
 * Berserk's search tests it.
 *
 * A position is Berserk's Board up to its game history: nine arrays of
 * 1,024 plies (56 KB) that SEE never reads (it reads pieces, occupancies,
 * squares and side, all before them), and seebatch time holds 109,311
 * positions at once. Each is set up whole by ParseFen in a scratch Board and
 * its first offsetof(Board, castlingHistory) bytes kept. The word
 * "whole-boards" keeps whole Boards instead (for a check that the two answer
 * alike).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "berserk_calls.h"
#include "seebatch_plugin.h"

static Board scratch; /* set-up and move generation: a whole Board */
static size_t kept = offsetof(Board, castlingHistory);

int seebatch_plugin_abi(void) { return SEEBATCH_PLUGIN_ABI; }

int seebatch_plugin_open(const char *options, char *message, size_t message_size)
{
    if (strcmp(options, "whole-boards") == 0)
        kept = sizeof(Board);
    else if (*options) {
        snprintf(message, message_size,
                 "Berserk 4.6.0's plug-in takes \"whole-boards\" or nothing, not \"%s\"", options);
        return 1;
    }
    berserk_init();
    return 0;
}

void *seebatch_plugin_position(const char *fen)
{
    Board *board = malloc(kept);
    if (board) {
        berserk_set_up(&scratch, fen);
        memcpy(board, &scratch, kept);
    }
    return board;
}

int seebatch_plugin_move(void *position, const char *uci, uint32_t *move)
{
    memcpy(&scratch, position, offsetof(Board, castlingHistory));
    *move = berserk_move(&scratch, uci);
    return *move == NULL_MOVE;
}

int seebatch_plugin_see_ge(void *position, uint32_t move, int32_t threshold)
{
    return SEE(position, move) >= threshold;
}

int32_t seebatch_plugin_see_value(void *position, uint32_t move) { return SEE(position, move); }

void seebatch_plugin_position_free(void *position) { free(position); }

void seebatch_plugin_close(void) {}
