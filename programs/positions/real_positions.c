/*
 * The embedded real positions read back (real_positions.h): each is a byte
 * k and k moves from the one before (their indices among
 * seebatch_generate_moves', played as played_move plays them), or a byte 0
 * and its FEN.
 */
#include "real_positions.h"

#include <stdlib.h>
#include <string.h>

#include "played_move.h"

/* Written by tools/generate_real_positions.c. */
extern const size_t real_positions_count;
extern const size_t real_positions_size;
extern const unsigned char real_positions_bytes[];

size_t real_positions_total(void) { return real_positions_count; }

void real_positions_start(real_positions_reader *reader)
{
    reader->offset = 0;
    reader->board = (seebatch_board)SEEBATCH_BOARD_EMPTY;
}

bool real_positions_next(real_positions_reader *reader, seebatch_board *board)
{
    const unsigned char *bytes = real_positions_bytes;
    if (reader->offset >= real_positions_size)
        return false;
    unsigned moves = bytes[reader->offset++];
    if (moves == 0) {
        const char *fen = (const char *)bytes + reader->offset;
        reader->offset += strlen(fen) + 1;
        if (seebatch_board_from_fen(&reader->board, fen, NULL) != SEEBATCH_OK)
            return false;
    }
    for (unsigned i = 0; i < moves; i++) {
        seebatch_move legal[SEEBATCH_MAX_MOVES];
        size_t count = seebatch_generate_moves(&reader->board, legal);
        unsigned index = bytes[reader->offset++];
        if (index >= count)
            return false;
        played_move(&reader->board, legal[index]);
    }
    *board = reader->board;
    return true;
}

seebatch_board *real_positions_all(size_t *count)
{
    seebatch_board *boards = malloc(real_positions_count * sizeof *boards);
    *count = 0;
    if (!boards)
        return NULL;
    real_positions_reader reader;
    real_positions_start(&reader);
    while (*count < real_positions_count && real_positions_next(&reader, &boards[*count]))
        ++*count;
    return boards;
}
