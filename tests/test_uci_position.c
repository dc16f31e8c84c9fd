/*
 * UCI position commands read wherever a FEN is (lib/text/uci_position.c):
 * seebatch_board_from_fen and seebatch_boards_from_fens give the position
 * after the moves, the board a FEN of it gives; a game's moves past the
 * 255 bytes a FEN may take are read whole (by the rows reader too, which
 * copies a FEN row onto its stack); a bad move is named by its index and
 * text, an illegal one as such; a bad word, a bad FEN are refused naming
 * what is wrong; "moves" with none after it is the position (as Stockfish
 * reads it). Castling as either form UCI writes: the king's two files
 * (e1g1) and the king taking its rook (e1h1, UCI_Chess960's), in standard
 * chess and Chess960.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "seebatch.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* The FEN of the board the text gives, or "error: message". */
static const char *read_as_fen(const char *text, char *out, size_t size)
{
    seebatch_board board;
    seebatch_error error;
    if (seebatch_board_from_fen(&board, text, &error) != SEEBATCH_OK)
        snprintf(out, size, "error: %s", error.message);
    else
        seebatch_board_to_fen(&board, out, size);
    return out;
}

static void expect_fen(const char *text, const char *fen)
{
    char got[512];
    CHECK(strcmp(read_as_fen(text, got, sizeof got), fen) == 0, "%s: \"%s\", expected \"%s\"", text,
          got, fen);
}

static void expect_error(const char *text, const char *message)
{
    char got[512];
    read_as_fen(text, got, sizeof got);
    CHECK(strncmp(got, "error: ", 7) == 0 && strcmp(got + 7, message) == 0,
          "%s: \"%s\", expected the error \"%s\"", text, got, message);
}

/* Knights out and back `rounds` times: the start position, its clocks run on. */
static char *shuffled_game(int rounds)
{
    static const char round[] = " g1f3 g8f6 f3g1 f6g8";
    char *text = malloc(64 + (size_t)rounds * (sizeof round - 1));
    if (!text)
        abort();
    strcpy(text, "position startpos moves");
    for (int i = 0; i < rounds; i++)
        strcat(text, round);
    return text;
}

static void long_games(void)
{
    char *game = shuffled_game(60); /* 240 moves, over 1,000 bytes */
    CHECK(strlen(game) > 1000, "the game is long");
    expect_fen(game, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 240 121");
    /* Rows: the long game between two others, read whole in place. */
    size_t length = strlen(game) + 200;
    char *text = malloc(length);
    if (!text)
        abort();
    length = (size_t)snprintf(text, length, "%s\n%s\nposition startpos moves e2e4", START, game);
    seebatch_board boards[3], expected;
    seebatch_fen_rows_report report = {NULL, NULL, 0, 0};
    seebatch_error error;
    CHECK_EQ(seebatch_boards_from_fens(text, length, 3, boards, &report, &error), SEEBATCH_OK, "%s",
             error.message);
    CHECK_EQ(report.bad_rows, 0, "every row read");
    seebatch_board_from_fen(&expected, game, NULL);
    CHECK(memcmp(&boards[1], &expected, sizeof expected) == 0, "the long row's board");
    seebatch_board_from_fen(&expected,
                            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", NULL);
    CHECK(memcmp(&boards[2], &expected, sizeof expected) == 0, "the row after it");
    /* A bad move in a long row: the rows reader names it as the single one does. */
    strcpy(strstr(text, "e2e4"), "e7e5"); /* black's pawn, white to move */
    seebatch_row_error errors[1];
    seebatch_fen_rows_report bad = {NULL, errors, 1, 0};
    seebatch_boards_from_fens(text, length, 3, boards, &bad, &error);
    CHECK(bad.bad_rows == 1 && errors[0].row == 2 &&
              strcmp(errors[0].error.message, "UCI position: move 1 (e7e5) is not legal") == 0,
          "row 2: %s", errors[0].error.message);
    free(text);
    free(game);
}

int main(void)
{
    expect_fen("position startpos", START);
    expect_fen("  position\tstartpos  ", START);
    expect_fen("position startpos moves e2e4 d7d5",
               "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    expect_fen("position fen " START " moves e2e4 d7d5 e4d5",
               "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    /* Four FEN fields; castling, en passant and promotion as UCI writes them. */
    expect_fen("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - moves e1g1 e8c8",
               "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    expect_fen("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - moves e1h1 e8a8",
               "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    /* Chess960 (X-FEN and Shredder-FEN alike): the king on g1 takes its rook on
     * h1 and stays, the rook goes to f1; black's king on b8 takes a8's rook and
     * goes to c8, the rook to d8. Or the long ways: g1a1, b8h8. */
    expect_fen("position fen rk5r/8/8/8/8/8/8/R5KR w KQkq - 0 1 moves g1h1 b8a8",
               "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    expect_fen("position fen rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1 moves g1h1 b8a8",
               "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    expect_fen("position fen rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1 moves g1a1",
               "rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    expect_fen("position fen rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1 moves g1a1 b8h8",
               "error: UCI position: move 2 (b8h8) is not legal"); /* d8 attacked by d1's rook */
    /* Rooks off the corners: the king's two files read as castling with the
     * right's rook (g1: the king takes it too), rights kept as X-FEN. */
    expect_fen("position fen r3k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1 moves e1g1",
               "r3k2r/8/8/8/8/8/8/1R3RK1 b kq - 1 1");
    expect_fen("position fen r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1 moves e1g1 e8c8",
               "2kr3r/8/8/8/8/8/8/1R3RK1 w - - 2 2");
    expect_fen("position fen r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1 moves e1c1",
               "r3k2r/8/8/8/8/8/8/2KR2R1 b kq - 1 1");
    expect_fen("position fen r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1 moves e1b1",
               "r3k2r/8/8/8/8/8/8/2KR2R1 b kq - 1 1");
    expect_fen("position fen r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1 moves e1b1 e8a8",
               "error: UCI position: move 2 (e8a8) is not legal"); /* d8 attacked */
    /* The king on g1 facing a rook on the g-file may not castle through g1. */
    expect_fen("position fen 1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1 moves e1g1",
               "error: UCI position: move 1 (e1g1) is not legal");
    /* A right's rook that is not the outermost keeps its file in the FEN written. */
    expect_fen("position fen 4k3/8/8/8/8/8/8/R2RK2R w HD - 0 1 moves h1h2",
               "4k3/8/8/8/8/8/7R/R2RK3 b D - 1 1");
    expect_fen("position fen rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1 moves g1g1",
               "error: UCI position: move 1 (g1g1): move \"g1g1\": the move goes from g1 to the "
               "same square");
    expect_fen("position fen rk5r/8/8/8/8/8/4n3/R5KR w HAha - 0 1 moves g1h1",
               "error: UCI position: move 1 (g1h1) is not legal");
    expect_fen("position fen 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 moves e5d6",
               "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    expect_fen("position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8n",
               "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    /* Errors: a move by its index and text, and what is wrong. */
    expect_error("position startpos moves e2e4 e7e5 d7d6",
                 "UCI position: move 3 (d7d6) is not legal"); /* black's, white to move */
    expect_error("position startpos moves e2e4 e7e5 e4e5",
                 "UCI position: move 3 (e4e5): move \"e4e5\": the white pawn on e4 cannot reach "
                 "e5: it captures diagonally, not straight ahead");
    expect_error("position startpos moves e2e4 e7e5 e2e4",
                 "UCI position: move 3 (e2e4): move \"e2e4\": no piece on e2");
    expect_error(
        "position startpos moves e2e4 e7e5 e1e2x",
        "UCI position: move 3 (e1e2x): move \"e1e2x\": the promotion letter must be n, b, r or q");
    expect_error("position startpos moves e2e4 castles",
                 "UCI position: move 2 (castles) is no UCI move");
    /* Words are shown as printable text: control bytes as '?', long words cut. */
    expect_error("position \x01\x1b[2J", "UCI position: \"?\?[2J\" where startpos or fen belongs");
    expect_error(
        "position startpos moves e2e4 e7e5\x07",
        "UCI position: move 2 (e7e5?): move \"e7e5?\": the promotion letter must be n, b, r or q");
    expect_error("position startpos moves abcdefghijklmnopqrstuvwxyz0123456789",
                 "UCI position: move 1 (abcdefghijklmnopqrstuvwxyz012345...) is no UCI move");
    /* "moves" with none after it: the position, as Stockfish reads it. */
    expect_fen("position startpos moves", START);
    expect_fen("position startpos moves  \t ", START);
    expect_fen("position fen " START " moves", START);
    expect_error("position startpos e2e4", "UCI position: \"e2e4\" where moves or the end belongs");
    expect_error("position fen moves e2e4", "UCI position: no FEN after \"fen\"");
    expect_error("position", "UCI position: \"\" where startpos or fen belongs");
    expect_error("position kiwipete", "UCI position: \"kiwipete\" where startpos or fen belongs");
    char got[512];
    read_as_fen("position fen 8/8/8 w - - moves a1a2", got, sizeof got);
    CHECK(strncmp(got, "error: UCI position: FEN field 1", 32) == 0, "a bad FEN: %s", got);
    /* A FEN longer than 255 bytes (the whole FEN field before "moves", as
     * seebatch_board_from_fen takes at most), and one at the end of the line. */
    char text[600];
    snprintf(text, sizeof text, "position fen %s%*s0 moves e2e4", START, 250, "");
    expect_error(text, "UCI position: the FEN after \"fen\" is longer than 255 bytes");
    snprintf(text, sizeof text, "position fen %s%*s0", START, 250, "");
    expect_error(text, "UCI position: the FEN after \"fen\" is longer than 255 bytes");
    expect_fen("position fen " START, START);
    /* "position" must be the whole first word. */
    read_as_fen("positions startpos", got, sizeof got);
    CHECK(strstr(got, "UCI") == NULL, "\"positions\" is no UCI command: %s", got);
    long_games();
    return check_finish("uci_position");
}
