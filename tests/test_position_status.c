/*
 * seebatch_position_status (lib/board/position_status.c): positions no game of
 * chess reaches, named as python-chess's Board.status() names them, with the
 * same bit values: each reason on a board that has it alone, the first one
 * named in the message with its squares, real positions (the start, the
 * published perft positions, en passant just after a double push) given 0,
 * many boards at once, and an inconsistent board. The quick yes that spares
 * the usual position the reasons (seebatch_position_plainly_possible) is
 * held equal to them on every kind of board, real and impossible.
 */
#include <string.h>

#include "check.h"
#include "random.h"
#include "random_boards.h"
#include "seebatch.h"
#include "board/position_status.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

static seebatch_board board_of(const char *fen)
{
    seebatch_board board;
    seebatch_error error;
    CHECK_EQ(seebatch_board_from_fen(&board, fen, &error), SEEBATCH_OK, "%s: %s", fen,
             error.message);
    return board;
}

/* The status of one board, and its message (empty when 0). */
static uint32_t status_of(const char *fen, char message[SEEBATCH_MESSAGE_SIZE])
{
    seebatch_board board = board_of(fen);
    uint32_t status = 0xDEADBEEF;
    seebatch_error error;
    seebatch_status result = seebatch_position_status(&board, 1, &status, &error);
    CHECK_EQ(result, status ? SEEBATCH_ERROR_BOARD : SEEBATCH_OK, "%s", fen);
    CHECK_EQ(error.status, result, "%s", fen);
    strcpy(message, error.message);
    return status;
}

typedef struct status_case {
    const char *fen;
    uint32_t status;
    const char *message; /* the whole message */
} status_case;

/* python-chess's chess.STATUS_* values, written out: the enum must match them. */
static void bits_are_python_chess(void)
{
    CHECK_EQ(SEEBATCH_POSITION_NO_WHITE_KING, 1, "STATUS_NO_WHITE_KING");
    CHECK_EQ(SEEBATCH_POSITION_NO_BLACK_KING, 2, "STATUS_NO_BLACK_KING");
    CHECK_EQ(SEEBATCH_POSITION_TOO_MANY_KINGS, 4, "STATUS_TOO_MANY_KINGS");
    CHECK_EQ(SEEBATCH_POSITION_TOO_MANY_WHITE_PAWNS, 8, "STATUS_TOO_MANY_WHITE_PAWNS");
    CHECK_EQ(SEEBATCH_POSITION_TOO_MANY_BLACK_PAWNS, 16, "STATUS_TOO_MANY_BLACK_PAWNS");
    CHECK_EQ(SEEBATCH_POSITION_PAWNS_ON_BACKRANK, 32, "STATUS_PAWNS_ON_BACKRANK");
    CHECK_EQ(SEEBATCH_POSITION_TOO_MANY_WHITE_PIECES, 64, "STATUS_TOO_MANY_WHITE_PIECES");
    CHECK_EQ(SEEBATCH_POSITION_TOO_MANY_BLACK_PIECES, 128, "STATUS_TOO_MANY_BLACK_PIECES");
    CHECK_EQ(SEEBATCH_POSITION_BAD_CASTLING_RIGHTS, 256, "STATUS_BAD_CASTLING_RIGHTS");
    CHECK_EQ(SEEBATCH_POSITION_INVALID_EP_SQUARE, 512, "STATUS_INVALID_EP_SQUARE");
    CHECK_EQ(SEEBATCH_POSITION_OPPOSITE_CHECK, 1024, "STATUS_OPPOSITE_CHECK");
    CHECK_EQ(SEEBATCH_POSITION_EMPTY, 2048, "STATUS_EMPTY");
    CHECK_EQ(SEEBATCH_POSITION_TOO_MANY_CHECKERS, 32768, "STATUS_TOO_MANY_CHECKERS");
    CHECK_EQ(SEEBATCH_POSITION_IMPOSSIBLE_CHECK, 65536, "STATUS_IMPOSSIBLE_CHECK");
}

static const status_case cases[] = {
    /* Real positions. */
    {START, 0, ""},
    {KIWIPETE, 0, ""},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0, ""},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 0, ""},
    {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", 0, ""}, /* just pushed */
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, ""},
    {"4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", 0, ""}, /* the side to move in check: real */
    /* Kings. */
    {"8/8/8/8/8/8/8/8 w - - 0 1",
     SEEBATCH_POSITION_EMPTY | SEEBATCH_POSITION_NO_WHITE_KING | SEEBATCH_POSITION_NO_BLACK_KING,
     "impossible position: no white king"},
    {"4k3/8/8/8/8/8/8/8 w - - 0 1", SEEBATCH_POSITION_NO_WHITE_KING,
     "impossible position: no white king"},
    {"8/8/8/8/8/8/8/4K3 b - - 0 1", SEEBATCH_POSITION_NO_BLACK_KING,
     "impossible position: no black king"},
    {"kK6/8/8/8/8/8/8/8 w - - 0 1", SEEBATCH_POSITION_OPPOSITE_CHECK,
     "impossible position: the kings stand side by side (b8, a8)"},
    {"8/8/8/3kK3/8/8/8/8 b - - 0 1", SEEBATCH_POSITION_OPPOSITE_CHECK,
     "impossible position: the kings stand side by side (d5, e5)"},
    {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", SEEBATCH_POSITION_OPPOSITE_CHECK,
     "impossible position: black is in check with white to move (the king on e8, by the rook "
     "on e1)"},
    {"4k3/8/8/8/8/5n2/8/4K3 b - - 0 1", SEEBATCH_POSITION_OPPOSITE_CHECK,
     "impossible position: white is in check with black to move (the king on e1, by the "
     "knight on f3)"},
    /* Pawns and pieces. */
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", SEEBATCH_POSITION_PAWNS_ON_BACKRANK,
     "impossible position: a pawn on the first or last rank (a8)"},
    {"4k3/8/8/8/8/8/8/p3K2p w - - 0 1", SEEBATCH_POSITION_PAWNS_ON_BACKRANK,
     "impossible position: a pawn on the first or last rank (a1, h1)"},
    {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", SEEBATCH_POSITION_TOO_MANY_WHITE_PAWNS,
     "impossible position: 9 white pawns (8 at most)"},
    {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", SEEBATCH_POSITION_TOO_MANY_BLACK_PAWNS,
     "impossible position: 9 black pawns (8 at most)"},
    {"4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", SEEBATCH_POSITION_TOO_MANY_WHITE_PIECES,
     "impossible position: 17 white pieces (16 at most)"},
    /* Castling rights: the king and the rook of each in place. */
    /* The issue's: the rook on a1 also checks the king on a8, black not to move. */
    {"k7/8/8/8/8/8/8/R3K3 w KQ - 0 1",
     SEEBATCH_POSITION_BAD_CASTLING_RIGHTS | SEEBATCH_POSITION_OPPOSITE_CHECK,
     "impossible position: castling right K with no white rook on h1"},
    {"1k6/8/8/8/8/8/8/R3K3 w KQ - 0 1", SEEBATCH_POSITION_BAD_CASTLING_RIGHTS,
     "impossible position: castling right K with no white rook on h1"},
    {"4k3/8/8/8/8/8/4K3/R6R w Q - 0 1", SEEBATCH_POSITION_BAD_CASTLING_RIGHTS,
     "impossible position: castling right Q with no white king on its first rank"},
    {"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", 0, ""},
    /* Chess960: X-FEN's q is the outermost rook, on b8; the king on d1. */
    {"1r2k2r/8/8/8/8/8/8/4K3 b kq - 0 1", 0, ""},
    {"4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", 0, ""},
    {"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", 0, ""},
    /* Shredder-FEN naming a file with no rook on it. */
    {"4k3/8/8/8/8/8/8/R3K2R w KB - 0 1", SEEBATCH_POSITION_BAD_CASTLING_RIGHTS,
     "impossible position: castling right Q with no white rook on b1"},
    {"r3k1r1/8/8/8/8/8/8/4K3 b ha - 0 1", SEEBATCH_POSITION_BAD_CASTLING_RIGHTS,
     "impossible position: castling right k with no black rook on h8"},
    /* En passant: a pawn that has just made its double push past it. */
    {"4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1", 0, ""},
    {"4k3/8/8/8/8/8/8/4K3 w - d6 0 1", SEEBATCH_POSITION_INVALID_EP_SQUARE,
     "impossible position: en passant square d6, but no black pawn has just moved from d7 to "
     "d5 (it must stand on d5, d7 and d6 empty)"},
    {"4k3/3p4/8/3p4/8/8/8/4K3 w - d6 0 1", SEEBATCH_POSITION_INVALID_EP_SQUARE,
     "impossible position: en passant square d6, but no black pawn has just moved from d7 to "
     "d5 (it must stand on d5, d7 and d6 empty)"},
    {"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", 0, ""},
    {"4k3/8/8/8/4N3/8/8/4K3 b - e3 0 1", SEEBATCH_POSITION_INVALID_EP_SQUARE,
     "impossible position: en passant square e3, but no white pawn has just moved from e2 to "
     "e4 (it must stand on e4, e2 and e3 empty)"},
    /* Checks no last move gives (python-chess's TOO_MANY_CHECKERS and
     * IMPOSSIBLE_CHECK), rule by rule, and checks a move does give. */
    {"R3k3/8/3N4/8/8/8/8/4RK2 b - - 0 1", /* the issue's: three checkers */
     SEEBATCH_POSITION_TOO_MANY_CHECKERS | SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the black king on e8 is in check from the rook on e1, the knight on "
     "d6 and the rook on a8: no move gives more than two checks"},
    {"4k3/8/3N1N2/8/8/8/8/4R1K1 b - - 0 1",
     SEEBATCH_POSITION_TOO_MANY_CHECKERS | SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the black king on e8 is in check from the rook on e1, the knight on "
     "d6 and the knight on f6: no move gives more than two checks"},
    {"4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK, /* the issue's */
     "impossible position: the black king on e8 is in check from the pawn on d7 and the pawn on "
     "f7: no move checks with two pawns, knights or kings at once"},
    {"8/8/8/8/8/3k4/2P1P3/4K3 b - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the black king on d3 is in check from the pawn on c2 and the pawn on "
     "e2: no move checks with two pawns, knights or kings at once"},
    {"4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the black king on e8 is in check from the knight on f6 and the pawn on "
     "d7: no move checks with two pawns, knights or kings at once"},
    {"4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the black king on e8 is in check from the knight on d6 and the knight "
     "on f6: no move checks with two pawns, knights or kings at once"},
    {"4k3/8/8/8/r3K2r/8/8/8 w - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on e4 is in check from the rook on a4 and the rook on "
     "h4: one each side of it on one line, which no move gives"},
    {"4k3/8/8/1b6/8/3K4/8/5q2 w - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on d3 is in check from the queen on f1 and the bishop "
     "on b5: one each side of it on one line, which no move gives"},
    {"4k3/8/8/8/4p3/3K4/8/1b6 w - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on d3 is in check from the bishop on b1 and the pawn on "
     "e4: one each side of it on one line, which no move gives"},
    {"4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1", 0, ""}, /* two, not on one line: Nc1-d3 uncovers */
    /* Double checks no last move gives (seebatch's own rule, past
     * python-chess's): the piece that moved must come from the other's line
     * to the king, with the king out of check before it, or en passant must
     * open two lines. The three, then a queen's "discovery" (on d1
     * it checked already), en passant with its pawn's start taken, a king
     * among the checkers. */
    {"4k3/7b/8/3p4/4K3/8/8/8 w - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on e4 is in check from the pawn on d5 and the bishop on "
     "h7: no last move gives both (none came from the other's line, f5 or g6, with the king out "
     "of check before, nor did en passant open two lines)"},
    {"4k3/8/8/8/8/2b5/5p2/4K1N1 w - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on e1 is in check from the pawn on f2 and the bishop on "
     "c3: no last move gives both (none came from the other's line, d2, with the king out of "
     "check before, nor did en passant open two lines)"},
    {"4k3/8/8/3p4/4K2r/8/8/8 w - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on e4 is in check from the rook on h4 and the pawn on "
     "d5: no last move gives both (none came from the other's line, f4 or g4, with the king out "
     "of check before, nor did en passant open two lines)"},
    {"4k3/8/8/8/8/4q3/3p4/4K3 w - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on e1 is in check from the pawn on d2 and the queen on "
     "e3: no last move gives both (none came from the other's line, e2, with the king out of "
     "check before, nor did en passant open two lines)"},
    {"4k3/8/8/8/8/8/4q3/r3K3 w - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on e1 is in check from the rook on a1 and the queen on "
     "e2: no last move gives both (none came from the other's line, b1, c1 or d1, with the king "
     "out of check before, nor did en passant open two lines)"},
    {"B3R3/3p4/3P4/8/4k3/8/8/7K b - - 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the black king on e4 is in check from the bishop on a8 and the rook on "
     "e8: no last move gives both (none came from the other's line, d5, e5, c6, ..., with the "
     "king out of check before, nor did en passant open two lines)"},
    {"8/8/8/3k4/4K3/8/8/3R4 b - - 0 1",
     SEEBATCH_POSITION_OPPOSITE_CHECK | SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the kings stand side by side (d5, e4)"},
    /* Double checks moves give, each kind: a bishop off a rook's file, a
     * knight off it, a pawn's capture off it, a promotion off a rook's rank
     * (the queen beside the king), en passant opening two lines. */
    {"4k3/8/6B1/8/8/8/8/4R1K1 b - - 0 1", 0, ""},
    {"4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1", 0, ""},
    {"8/8/3k4/4P3/8/8/8/3R2K1 b - - 0 1", 0, ""},
    {"4Q3/3k3R/8/8/8/8/8/6K1 b - - 0 1", 0, ""},
    {"B3R3/8/3P4/8/4k3/8/8/7K b - - 0 1", 0, ""},
    /* After a double push (a real en passant square): the pushed pawn's
     * check, and one the push uncovers, are real; two checks are not, nor
     * one that was there before the push (through the square passed over). */
    {"8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1", 0, ""},
    {"2b1k3/8/8/3p4/8/7K/8/8 w - d6 0 1", 0, ""},
    {"8/8/8/3k4/4P3/8/8/3RK3 b - e3 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the black king on d5 is in check from the rook on d1 and the pawn on "
     "e4: the en passant square says white's last move was e2e4, which gives one check at most"},
    {"4k3/8/8/3pP3/1b6/8/8/4K3 w - d6 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on e1 is in check from the bishop on b4: the en passant "
     "square says black's last move was d7d5, and the king was in check before it, from the "
     "bishop on b4"},
    {"4k3/8/K6r/3p4/8/8/8/8 w - d6 0 1", SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the white king on a6 is in check from the rook on h6: the en passant "
     "square says black's last move was d7d5, and the king was in check before it, from the "
     "rook on h6"},
    /* Several reasons: all bits, the first named. */
    {"8/8/8/3kK3/8/2N5/8/8 b - - 0 1",
     SEEBATCH_POSITION_OPPOSITE_CHECK | SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: the kings stand side by side (d5, e5)"},
    {"4k3/8/8/8/8/8/8/r3K2r w - d6 0 1", /* no real en passant square: the other rules */
     SEEBATCH_POSITION_INVALID_EP_SQUARE | SEEBATCH_POSITION_IMPOSSIBLE_CHECK,
     "impossible position: en passant square d6, but no black pawn has just moved from d7 to d5 "
     "(it must stand on d5, d7 and d6 empty)"},
    {"K7/8/8/8/8/8/8/p6P w k - 0 1",
     SEEBATCH_POSITION_NO_BLACK_KING | SEEBATCH_POSITION_PAWNS_ON_BACKRANK |
         SEEBATCH_POSITION_BAD_CASTLING_RIGHTS,
     "impossible position: no black king"},
};

static void each_reason(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char message[SEEBATCH_MESSAGE_SIZE];
        uint32_t status = status_of(cases[i].fen, message);
        CHECK_EQ(status, cases[i].status, "%s", cases[i].fen);
        CHECK(strcmp(message, cases[i].message) == 0, "%s: \"%s\", expected \"%s\"", cases[i].fen,
              message, cases[i].message);
    }
}

/* Many boards: each one's bits, the first impossible one named by index. */
static void many_boards(void)
{
    seebatch_board boards[4] = {board_of(START), board_of(KIWIPETE),
                                board_of("kK6/8/8/8/8/8/8/8 w - - 0 1"),
                                board_of("8/8/8/8/8/8/8/4K3 b - - 0 1")};
    uint32_t statuses[4];
    seebatch_error error;
    CHECK_EQ(seebatch_position_status(boards, 4, statuses, &error), SEEBATCH_ERROR_BOARD, "four");
    CHECK(statuses[0] == 0 && statuses[1] == 0 && statuses[2] == SEEBATCH_POSITION_OPPOSITE_CHECK &&
              statuses[3] == SEEBATCH_POSITION_NO_BLACK_KING,
          "statuses %u %u %u %u", statuses[0], statuses[1], statuses[2], statuses[3]);
    CHECK(strcmp(error.message, "board 2: impossible position: the kings stand side by side "
                                "(b8, a8)") == 0,
          "\"%s\"", error.message);
    CHECK_EQ(seebatch_position_status(boards, 2, NULL, &error), SEEBATCH_OK, "two good");
    CHECK_EQ(error.message[0], '\0', "no message");
    CHECK_EQ(seebatch_position_status(boards, 4, NULL, NULL), SEEBATCH_ERROR_BOARD, "no outputs");
    CHECK_EQ(seebatch_position_status(NULL, 0, NULL, &error), SEEBATCH_OK, "none");
    CHECK_EQ(seebatch_position_status(NULL, 3, statuses, &error), SEEBATCH_ERROR_ARGUMENT, "NULL");
    CHECK(strstr(error.message, "boards is NULL") != NULL, "\"%s\"", error.message);
}

/* A board that is not consistent: that bit alone, validate's message. */
static void inconsistent_board(void)
{
    seebatch_board board = board_of(START);
    board.pieces[SEEBATCH_KNIGHT] |= 1ull << 28; /* a knight on e4 with no colour */
    uint32_t status = 0;
    seebatch_error error;
    CHECK_EQ(seebatch_position_status(&board, 1, &status, &error), SEEBATCH_ERROR_BOARD,
             "a knight with no colour");
    CHECK_EQ(status, SEEBATCH_POSITION_INCONSISTENT, "inconsistent alone");
    CHECK(strstr(error.message, "square e4 has a piece (knight) but no colour") != NULL, "\"%s\"",
          error.message);
}

/* A game's positions are all real: the start, every position after a legal
 * move, the en passant square of each double push included. */
static void played_positions(void)
{
    seebatch_board board = board_of(START);
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    uint64_t state = 12345;
    for (int ply = 0; ply < 400; ply++) {
        if (seebatch_generate_moves(&board, moves) == 0)
            board = board_of(START); /* the game is over: another */
        size_t count = seebatch_generate_moves(&board, moves);
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        seebatch_board_play(&board, moves[(state >> 33) % count]);
        char fen[SEEBATCH_FEN_MAX];
        seebatch_board_to_fen(&board, fen, sizeof fen);
        seebatch_error error;
        CHECK_EQ(seebatch_position_status(&board, 1, NULL, &error), SEEBATCH_OK, "ply %d, %s: %s",
                 ply, fen, error.message);
    }
}

/* One change at random that a position of a game may or may not survive:
 * a piece added on an empty square or one taken off, castling rights or an
 * en passant square set, the side to move turned, every piece taken off. */
static void change_at_random(uint64_t *state, seebatch_board *board)
{
    uint64_t occupied = board->colors[SEEBATCH_WHITE] | board->colors[SEEBATCH_BLACK];
    unsigned square = (unsigned)(random_next(state) % 64), change = random_next(state) % 6;
    uint64_t bit = 1ull << square;
    if (change == 0 && !(occupied & bit)) {
        board->pieces[random_next(state) % SEEBATCH_PIECE_TYPES] |= bit;
        board->colors[random_next(state) % 2] |= bit;
    } else if (change == 1) {
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            board->pieces[type] &= ~bit;
        board->colors[SEEBATCH_WHITE] &= ~bit;
        board->colors[SEEBATCH_BLACK] &= ~bit;
    } else if (change == 2) {
        board->castling = (uint8_t)(random_next(state) % 16); /* the corner rooks' rights */
        board->reserved = 0;
    } else if (change == 3) {
        board->en_passant = (uint8_t)((square & 7u) + (board->side_to_move ? 16u : 40u));
    } else if (change == 4) {
        board->side_to_move ^= 1u;
        board->en_passant = SEEBATCH_NO_SQUARE;
    } else if (change == 5) {
        memset(board->pieces, 0, sizeof board->pieces);
        memset(board->colors, 0, sizeof board->colors);
    }
}

/* The quick yes and the reasons on one board: equal, or a bad board would
 * pass unnamed (or a real one be refused). Counts each reason seen. */
static void compare_quick_yes(const seebatch_board *board, unsigned long long seen[32],
                              int *disagreements)
{
    uint32_t reasons = seebatch_position_reasons(board);
    bool quick = seebatch_position_plainly_possible(board);
    if (quick != (reasons == 0) && (*disagreements)++ < 5) {
        char fen[SEEBATCH_FEN_MAX] = "(no FEN)";
        seebatch_board_to_fen(board, fen, sizeof fen);
        CHECK(false, "%s: quick yes %d, reasons 0x%x", fen, quick, reasons);
    }
    for (int bit = 0; bit < 32; bit++)
        seen[bit] += (reasons >> bit) & 1u;
    seen[31] += reasons == 0; /* bit 31 is no reason: counts the real ones */
}

/* Positions of games and each changed once to three times, random dense
 * boards (several kings, pawns on back ranks), and boards broken a field:
 * every reason must be met many times, and many real positions. */
static void quick_yes_is_the_reasons(void)
{
    unsigned long long seen[32] = {0};
    int disagreements = 0;
    uint64_t state = 70;
    seebatch_board game = board_of(START);
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    for (int ply = 0; ply < 20000; ply++) {
        size_t count = seebatch_generate_moves(&game, moves);
        if (count == 0 || ply % 150 == 0)
            game = board_of(START);
        else
            seebatch_board_play(&game, moves[random_next(&state) % count]);
        compare_quick_yes(&game, seen, &disagreements);
        seebatch_board changed = game;
        for (unsigned changes = 1 + random_next(&state) % 3; changes > 0; changes--)
            change_at_random(&state, &changed);
        compare_quick_yes(&changed, seen, &disagreements);
        seebatch_board dense;
        random_dense_board(&state, &dense);
        compare_quick_yes(&dense, seen, &disagreements);
        break_board_field(&state, &dense);
        compare_quick_yes(&dense, seen, &disagreements);
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seebatch_board board = board_of(cases[i].fen);
        compare_quick_yes(&board, seen, &disagreements);
    }
    CHECK_EQ(disagreements, 0, "boards where the quick yes and the reasons differ");
    static const int kinds[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16, 30, 31};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        CHECK(seen[kinds[k]] >= 20, "reason bit %d met %llu times (the boards miss a kind)",
              kinds[k], seen[kinds[k]]);
}

int main(void)
{
    bits_are_python_chess();
    each_reason();
    many_boards();
    inconsistent_board();
    played_positions();
    quick_yes_is_the_reasons();
    return check_finish("position_status");
}
