/*
 * One entry of engine training data, as Stockfish's binpack and plain
 * formats store it: a position, the move played there, the search score,
 * the ply and the game result. Shared by the format readers and writers
 * (the internal seebatch_formats library) and the tool.
 */
#ifndef SEEBATCH_FORMATS_TRAINING_ENTRY_H
#define SEEBATCH_FORMATS_TRAINING_ENTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "seebatch_training.h"

/* The public seebatch_training_entry (seebatch_training.h), named as the
 * library's own code names it. Its move is a seebatch_move: castling is
 * the king taking its rook (e1h1) with kind SEEBATCH_MOVE_CASTLING, as
 * binpack and .bin keep it; .plain writes it in UCI (e1g1). The board's
 * halfmove_clock is the rule-50 counter (16 bits in binpack);
 * fullmove_number follows the ply (fullmove_of_ply); ply is 0..16383 in
 * binpack. */
typedef seebatch_training_entry training_entry;

/* The fullmove number Stockfish's converter writes for a ply: (ply + 1) / 2,
 * its own convention: the start position, ply 0, gets 0. */
static inline uint16_t fullmove_of_ply(uint16_t ply) { return (uint16_t)((ply + 1u) / 2); }

/* The rule-50 counter Stockfish's converter writes: it keeps 8 bits. */
static inline uint16_t written_rule50(uint16_t counter)
{
    return (uint16_t)(counter & 0xFFu);
}

#endif
