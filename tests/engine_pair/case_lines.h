/*
 * One case of the engine pair's comparison as a line of text: a board's
 * bitboards and state and a move, so that a program without FEN (built on
 * the pair) reads the boards a program on the library drew. Header-only:
 * both sides include it.
 */
#ifndef SEEBATCH_CASE_LINES_H
#define SEEBATCH_CASE_LINES_H

#include <inttypes.h>
#include <stdio.h>

#include "seebatch.h"

/* "P N B R Q K W B side ep castling move", the bitboards in hex. */
static inline void case_line_write(FILE *out, const seebatch_board *board, seebatch_move move)
{
    for (int i = 0; i < SEEBATCH_PIECE_TYPES; i++)
        fprintf(out, "%" PRIx64 " ", board->pieces[i]);
    fprintf(out, "%" PRIx64 " %" PRIx64 " %u %u %u %u\n", board->colors[0], board->colors[1],
            (unsigned)board->side_to_move, (unsigned)board->en_passant, (unsigned)board->castling,
            (unsigned)move);
}

/* Reads one line as case_line_write wrote it; false at the end or on a
 * line of another form. */
static inline int case_line_read(FILE *in, seebatch_board *board, seebatch_move *move)
{
    unsigned side, en_passant, castling, bits;
    uint64_t *p = board->pieces;
    int read = fscanf(in,
                      "%" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64
                      " %" SCNx64 " %" SCNx64 " %u %u %u %u",
                      &p[0], &p[1], &p[2], &p[3], &p[4], &p[5], &board->colors[0],
                      &board->colors[1], &side, &en_passant, &castling, &bits);
    if (read != 12)
        return 0;
    board->side_to_move = (uint8_t)side;
    board->en_passant = (uint8_t)en_passant;
    board->castling = (uint8_t)castling;
    board->reserved = 0;
    board->halfmove_clock = 0;
    board->fullmove_number = 1;
    *move = (seebatch_move)bits;
    return 1;
}

#endif
