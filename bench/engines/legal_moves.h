/*
 * The legal moves of one position in UCI, for the engines' plug-ins
 * (bench/engines/NAME/plugin.c|cpp), C and C++: an engine's legal move
 * generation (which in Ethereal plays every move) runs once a position, not
 * once a move asked, so that converting moves costs a check little. The
 * list is the engine's own: its moves, written by its own UCI writer.
 */
#ifndef SEEBATCH_LEGAL_MOVES_H
#define SEEBATCH_LEGAL_MOVES_H

#include <stdint.h>
#include <string.h>

enum { LEGAL_MOVES_MOST = 256 };

typedef struct legal_moves {
    const void *position; /* whose moves these are; NULL: none */
    int count;
    uint32_t moves[LEGAL_MOVES_MOST];
    char text[LEGAL_MOVES_MOST][8];
} legal_moves;

/* The move written uci among the list, in *move: 0, or 1 when none is. */
static inline int legal_moves_find(const legal_moves *list, const char *uci, uint32_t *move)
{
    for (int i = 0; i < list->count; i++)
        if (strcmp(list->text[i], uci) == 0) {
            *move = list->moves[i];
            return 0;
        }
    return 1;
}

/* A position freed: its list is no longer its (another may get its address). */
static inline void legal_moves_forget(legal_moves *list, const void *position)
{
    if (list->position == position)
        list->position = NULL;
}

#endif
