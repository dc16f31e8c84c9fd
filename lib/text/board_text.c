/*
 * seebatch_board_from_fen, the public reader of a position's text: a UCI
 * position command (uci_position.c, which reads its FEN and moves with the
 * readers below it), else a FEN or EPD record by the one-pass reader
 * (fen_scan.c) or the full parser (fen.c). Above both, so neither calls up.
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <string.h>

#include "errors.h"
#include "fen_scan.h"
#include "uci_position.h"

seebatch_status seebatch_board_from_fen(seebatch_board *board, const char *fen,
                                        seebatch_error *error)
{
    if (!board || !fen)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             board ? "FEN text" : "board");
    size_t length = strnlen(fen, SEEBATCH_FEN_INPUT_MAX + 1); /* never past the NUL */
    /* A UCI position command may name a whole game's moves: any length. */
    if (seebatch_is_uci_position(fen, length))
        return seebatch_uci_position_read(board, fen, strlen(fen), error);
    if (length > SEEBATCH_FEN_INPUT_MAX)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN,
                             "FEN, character %d: input is longer than %d bytes",
                             SEEBATCH_FEN_INPUT_MAX + 1, SEEBATCH_FEN_INPUT_MAX);
    /* Plain FENs take the one-pass reader; everything else, errors
     * included, the field-by-field parser, which says what is wrong. */
    if (seebatch_board_from_plain_fen(board, fen, length))
        return seebatch_succeed(error);
    return seebatch_fen_parse_fully(board, fen, length, error);
}
