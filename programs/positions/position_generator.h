/*
 * Deterministic positions that look like real games: random legal games from
 * the start position and a few openings, with a policy biased toward captures
 * and toward keeping material balanced. Every position returned has at least
 * one legal capture. The same seed gives the same positions on every machine.
 */
#ifndef SEEBATCH_POSITION_GENERATOR_H
#define SEEBATCH_POSITION_GENERATOR_H

#include <stdint.h>

#include "random.h" /* random_next, for the generator's users too */
#include "seebatch.h"

typedef struct position_generator {
    uint64_t random_state;
    seebatch_board game; /* the game being played */
    int ply;             /* plies played in it */
    int game_length;     /* plies after which a new game starts */
} position_generator;

void position_generator_init(position_generator *generator, uint64_t seed);

/* Advances the game and stores the next position with a capture in *board. */
void position_generator_next(position_generator *generator, seebatch_board *board);

#endif
