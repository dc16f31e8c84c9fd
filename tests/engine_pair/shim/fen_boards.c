/*
 * seebatch_board_from_fen for the tests built on the engine pair, which
 * lacks FEN: their positions are written as FEN, and this reads the fields
 * SEE and seebatch_board_validate look at (placement, side to move,
 * castling, en passant; the clocks are left at 0 and 1). It is set-up,
 * not under test: the library's parser (lib/text/fen.c) is what test_fen tests,
 * errors and all; this one only says which FEN it could not read.
 */
#include <stdio.h>
#include <string.h>

#include "seebatch.h"

static seebatch_status unreadable(const char *fen, const char *what, seebatch_error *error)
{
    if (error) {
        error->status = SEEBATCH_ERROR_FEN;
        snprintf(error->message, sizeof error->message, "FEN \"%.120s\": %s", fen, what);
    }
    return SEEBATCH_ERROR_FEN;
}

/* The placement field, rank 8 first; returns where it ends, or NULL. */
static const char *read_placement(const char *at, seebatch_board *board)
{
    static const char letters[] = "pnbrqk";
    int file = 0, rank = 7;
    for (; *at && *at != ' '; at++) {
        const char *letter = strchr(letters, *at | 0x20);
        if (*at == '/') {
            if (file != 8 || rank-- == 0)
                return NULL;
            file = 0;
        } else if (*at >= '1' && *at <= '8') {
            file += *at - '0';
        } else if (letter && file < 8) {
            uint64_t bit = (uint64_t)1 << (8 * rank + file++);
            board->pieces[letter - letters] |= bit;
            board->colors[*at >= 'a' ? SEEBATCH_BLACK : SEEBATCH_WHITE] |= bit;
        } else {
            return NULL;
        }
        if (file > 8)
            return NULL;
    }
    return file == 8 && rank == 0 ? at : NULL;
}

seebatch_status seebatch_board_from_fen(seebatch_board *board, const char *fen,
                                        seebatch_error *error)
{
    seebatch_board read = SEEBATCH_BOARD_EMPTY;
    char side = 0, castling[5] = "", passant[3] = "";
    const char *rest = read_placement(fen, &read);
    if (!rest || sscanf(rest, " %c %4s %2s", &side, castling, passant) != 3 ||
        (side != 'w' && side != 'b'))
        return unreadable(fen, "not read (placement, side, castling, en passant)", error);
    read.side_to_move = side == 'b' ? SEEBATCH_BLACK : SEEBATCH_WHITE;
    for (const char *c = castling; *c && *c != '-'; c++) {
        const char *at = strchr("KQkq", *c);
        if (!at)
            return unreadable(fen, "castling rights not read", error);
        read.castling |= (uint8_t)(1u << (at - "KQkq"));
    }
    if (passant[0] != '-')
        read.en_passant = (uint8_t)(8 * (passant[1] - '1') + (passant[0] - 'a'));
    seebatch_status status = seebatch_board_validate(&read, error);
    if (status == SEEBATCH_OK)
        *board = read;
    return status;
}
