/*
 * Positions as text through the public headers alone, as a program
 * reading lines from a buffer calls them: seebatch_board_from_plain_fen
 * (the fast path: a plain FEN read in place, anything else given up
 * without a word, never a board seebatch_board_from_fen would read
 * otherwise, nothing read past the length) and seebatch_training_fen (an
 * entry's FEN as Stockfish's plain text writes it).
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "seebatch_training.h"
#include "training/formats/plain.h"

static const char start[] = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

/* A plain FEN inside a longer buffer: read from its first length bytes
 * alone (what follows would spoil it if it were read), as the full parser
 * reads the same text. */
static void plain_fen_in_place(void)
{
    char buffer[128];
    snprintf(buffer, sizeof buffer, "%s7;e7e5", start);
    seebatch_board fast, full;
    CHECK(seebatch_board_from_plain_fen(&fast, buffer, strlen(start)), "a plain FEN in place");
    CHECK_EQ(seebatch_board_from_fen(&full, start, NULL), SEEBATCH_OK, "the full parser");
    CHECK(memcmp(&fast, &full, sizeof fast) == 0, "the same board as seebatch_board_from_fen");
    CHECK(!seebatch_board_from_plain_fen(&fast, buffer, strlen(buffer)),
          "the whole buffer (its last counter spoiled, a ';' tail) is no plain FEN");
}

/* Every other spelling is given up, though seebatch_board_from_fen reads
 * most of them: the caller runs it then. */
static void other_spellings_given_up(void)
{
    static const char *const others[] = {
        " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;",
        "position startpos moves e2e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;e2e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 123456",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "",
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        seebatch_board board;
        CHECK(!seebatch_board_from_plain_fen(&board, others[i], strlen(others[i])),
              "\"%s\" given up", others[i]);
    }
    seebatch_board board;
    CHECK_EQ(seebatch_board_from_fen(&board, others[3], NULL), SEEBATCH_OK,
             "the EPD record given up is read by seebatch_board_from_fen");
}

/* An entry's FEN: the board's fields, the fullmove number from the ply and
 * the rule-50 counter in 8 bits; nothing for a bad board or a short buffer. */
static void training_fen(void)
{
    seebatch_board board;
    CHECK_EQ(seebatch_board_from_fen(&board, start, NULL), SEEBATCH_OK, "start");
    board.halfmove_clock = 300; /* more than 8 bits hold */
    board.fullmove_number = 9;  /* not the ply's */
    char fen[SEEBATCH_FEN_MAX];
    size_t length = seebatch_training_fen(&board, 45, fen, sizeof fen);
    const char *expected = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 44 23";
    CHECK(strcmp(fen, expected) == 0, "\"%s\", not \"%s\"", fen, expected);
    CHECK_EQ(length, strlen(expected), "its length");
    CHECK_EQ(board.halfmove_clock, 300, "the board is not changed");
    CHECK_EQ(seebatch_training_fen(&board, 0, fen, sizeof fen), strlen(expected) - 1,
             "ply 0: fullmove 0, as the readers set it (\"44 0\")");
    CHECK(strstr(fen, " 44 0") != NULL, "\"%s\"", fen);
    CHECK_EQ(seebatch_training_fen(&board, 45, fen, 10), 0, "a buffer too small");
    CHECK_EQ(fen[0], '\0', "\"\" written into it");
    board.pieces[SEEBATCH_PAWN] |= board.pieces[SEEBATCH_KNIGHT]; /* not consistent */
    strcpy(fen, "left");
    CHECK_EQ(seebatch_training_fen(&board, 45, fen, sizeof fen), 0, "a board not consistent");
    CHECK_EQ(fen[0], '\0', "\"\" written for it");
    CHECK_EQ(seebatch_training_fen(NULL, 45, fen, sizeof fen), 0, "NULL board");
}

int main(void)
{
    plain_fen_in_place();
    other_spellings_given_up();
    training_fen();
    return check_finish("test_text_positions");
}
