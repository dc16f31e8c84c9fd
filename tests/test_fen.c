/*
 * FEN parsing and writing, and board validation: every malformed FEN is
 * rejected with a message that names the right field, position and fault;
 * every valid FEN (legal chess or not) round-trips; every way of breaking a
 * board by hand is caught and named.
 *
 * Each FEN is parsed from a heap copy of exactly its length, so the sanitizer
 * build catches any read past the terminating NUL.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/bitboard.h"
#include "check.h"
#include "see_calls.h"
#include "text/decimal.h"
#include "random.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

static seebatch_status parse(seebatch_board *board, const char *fen, seebatch_error *error)
{
    size_t size = strlen(fen) + 1;
    char *copy = malloc(size);
    if (!copy)
        abort();
    memcpy(copy, fen, size);
    seebatch_status status = seebatch_board_from_fen(board, copy, error);
    free(copy);
    return status;
}

static unsigned square(const char *name)
{
    return (unsigned)(name[0] - 'a') + 8u * (unsigned)(name[1] - '1');
}

/* ------------------------------------------------------------------------ */

typedef struct bad_fen {
    const char *fen;
    const char *message; /* a substring the message must contain */
} bad_fen;

static const bad_fen bad_fens[] = {
    /* whole input */
    {"", "field 1 (piece placement), character 1: missing: the FEN is empty"},
    {"   ", "field 1 (piece placement), character 4: missing: the FEN is empty"},
    {"\t \t", "character 4: missing: the FEN is empty"},
    {START " w KQkq - 0 1 extra", "character 58: unexpected text after field 6"},
    {START " w KQkq - 0 1 0", "unexpected text after field 6 (fullmove number)"},
    {START " w KQkq - 0 1\n",
     "field 6 (fullmove number), character 57: byte 0x0a is not a decimal"},
    {START "\xc3\xa9 w KQkq - 0 1",
     "field 1 (piece placement), character 44: byte 0xc3 is not ASCII"},
    {START " \xe2\x99\x94 KQkq - 0 1",
     "field 2 (side to move), character 45: byte 0xe2 is not ASCII"},
    {START " w KQkq - 0 \xff", "field 6 (fullmove number), character 56: byte 0xff is not ASCII"},
    /* field 1 */
    {"rnbqkbnr/pppppppp/ppppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "field 1 (piece placement), character 27: rank 6 has 9 squares"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "character 17: rank 7 has 7 squares"},
    {"rnbqkbnr/pppppppp/8/8/4p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "character 25: rank 4 has 9 squares"},
    {"rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "character 9: rank 8 has 9 squares"},
    {"8/8/8/8/8/8/8/7 w - -", "character 16: rank 1 has 7 squares"},
    {"8/8//8/8/8/8/8 w - -", "character 5: rank 6 has 0 squares"},
    {"/8/8/8/8/8/8/8 w - -", "character 1: rank 8 has 0 squares"},
    {"8/8/8/8/8/8/8 w - - 0 1", "character 14: only 7 ranks"},
    {"8/8/8/8/8/8/8/8/8 w - - 0 1", "character 16: more than 8 ranks"},
    {"8/8/8/8/8/8/8/8/ w - - 0 1", "character 16: more than 8 ranks"},
    {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "character 14: unknown character 'x'"},
    {"8/8/8/8/8/8/8/8,w - -", "character 16: unknown character ','"},
    {"w KQkq - 0 1", "field 1 (piece placement), character 1: unknown character 'w'"},
    {"8/8/8/8/8/8/8/08 w - -", "character 15: digit 0 is not a count of empty squares"},
    {"9/8/8/8/8/8/8/8 w - -", "character 1: digit 9 is not a count of empty squares"},
    {"44/8/8/8/8/8/8/8 w - -", "character 2: two digits in a row"},
    {"K7/8/8/8/8/8/8/K7 w - -", "character 16: second white king"},
    {"k6k/8/8/8/8/8/8/K7 w - -", "character 3: second black king"},
    /* missing fields */
    {"8/8/8/8/8/8/8/8", "field 2 (side to move), character 16: missing"},
    {"8/8/8/8/8/8/8/8 w", "field 3 (castling), character 18: missing"},
    {"8/8/8/8/8/8/8/8 w KQkq", "field 4 (en passant), character 23: missing"},
    /* field 2 */
    {START " W KQkq - 0 1", "field 2 (side to move), character 45: side to move is \"W\""},
    {START " white KQkq - 0 1", "side to move is \"white\"; expected w or b"},
    {START " - KQkq - 0 1", "side to move is \"-\""},
    {START " w\n KQkq - 0 1", "side to move is \"w?\"; expected w or b"},
    {START " wwwwwwwwwwwwwwwwwwwwwwwwww KQkq - 0 1", "side to move is \"wwwwwwwwwwwwwwww...\""},
    /* field 3 */
    {START " w KQkx - 0 1", "field 3 (castling), character 50: unknown castling letter 'x'"},
    {START " w AHah - 0 1", "character 48: castling letter H is out of order; the order is "
                            "white's then black's, kingside first"},
    {START " w KKq - 0 1", "character 48: castling letter K names white's kingside right again"},
    {START " w KHq - 0 1", "character 48: castling letter H names white's kingside right again"},
    {START " w Kqa - 0 1", "character 49: castling letter a names black's queenside right again"},
    {START " w Ek - 0 1",
     "character 47: castling letter E names a rook's file, but its king stands on that file"},
    {START " w Ixkq - 0 1", "character 47: unknown castling letter 'I'; expected K, Q, k, q, a "
                            "rook's file A-H or a-h (Chess960), or '-'"},
    {"4k3/8/8/8/8/8/4K3/7R w H - 0 1",
     "character 24: castling letter H names a rook's file, but no king of its colour stands on "
     "its first rank to castle"},
    {START " w kK - 0 1", "character 48: castling letter K is out of order"},
    {START " w KQqk - 0 1", "character 50: castling letter k is out of order"},
    {START " w -K - 0 1", "character 47: '-' must stand alone"},
    {START " w K- - 0 1", "character 48: '-' must stand alone"},
    /* field 4 */
    {START " w KQkq e3 0 1",
     "field 4 (en passant), character 53: en passant square e3 is not on rank 6 (white to move)"},
    {START " b KQkq e6 0 1", "en passant square e6 is not on rank 3 (black to move)"},
    {START " w KQkq e4 0 1", "en passant square e4 is not on rank 6"},
    {START " w KQkq e 0 1", "field 4 (en passant), character 52: \"e\" is not a square"},
    {START " w KQkq i6 0 1", "\"i6\" is not a square"},
    {START " w KQkq E6 0 1", "\"E6\" is not a square"},
    {START " w KQkq e66 0 1", "\"e66\" is not a square"},
    {START " w KQkq -- 0 1", "\"--\" is not a square"},
    {START " w KQkq \x7f"
           "6 0 1",
     "\"?6\" is not a square like e3, nor '-'"},
    /* fields 5 and 6 */
    {START " w KQkq - -1 1", "field 5 (halfmove clock), character 54: '-' is not a decimal number"},
    {START " w KQkq - +3 1", "'+' is not a decimal number"},
    {START " w KQkq - abc 1",
     "EPD opcode abc, column 54: no ';' ends it"}, /* an EPD record's operation */
    {START " w KQkq - 65536 1", "field 5 (halfmove clock), character 54: 65536 exceeds 65535"},
    {START " w KQkq - 0 1.5", "field 6 (fullmove number), character 57: '.' is not a decimal"},
    {START " w KQkq - 0 99999999999999999999999",
     "field 6 (fullmove number), character 56: 99999999999999999999... exceeds 65535"},
    {START " w KQkq - 0 4294967297", "4294967297 exceeds 65535"},
    {START " w KQkq - 655350 1", "655350 exceeds 65535"},
    {START " w KQkq - 0 65536", "field 6 (fullmove number), character 56: 65536 exceeds"},
    /* the first fault in the text is the one reported */
    {START " w KQkq - 0 1.5 extra", "field 6 (fullmove number), character 57: '.' is not"},
    {"8/8/8/8/8/8/8/8 W", "field 2 (side to move), character 17: side to move is \"W\""},
};

static void test_bad_fens(void)
{
    size_t count = sizeof bad_fens / sizeof bad_fens[0];
    CHECK(count >= 35, "only %zu malformed FENs", count);
    for (size_t i = 0; i < count; i++) {
        seebatch_board board;
        seebatch_error error;
        seebatch_status status = parse(&board, bad_fens[i].fen, &error);
        CHECK_EQ(status, SEEBATCH_ERROR_FEN, "FEN #%zu \"%s\"", i, bad_fens[i].fen);
        CHECK_EQ(error.status, SEEBATCH_ERROR_FEN, "FEN #%zu", i);
        CHECK(strstr(error.message, bad_fens[i].message) != NULL,
              "FEN #%zu: message \"%s\" lacks \"%s\"", i, error.message, bad_fens[i].message);
        CHECK(strchr(error.message, '\n') == NULL, "FEN #%zu: message has a newline", i);
        CHECK_EQ(parse(&board, bad_fens[i].fen, NULL), SEEBATCH_ERROR_FEN,
                 "FEN #%zu without an error struct", i);
    }
}

static void test_length_limit(void)
{
    char text[300];
    const char *base = START " w KQkq - 0 1";
    size_t base_length = strlen(base);
    seebatch_board board;
    seebatch_error error;
    /* Padding with trailing blanks: 255 bytes is the most accepted. */
    for (size_t length = 250; length <= 260; length++) {
        memset(text, ' ', length);
        memcpy(text, base, base_length);
        text[length] = '\0';
        seebatch_status status = parse(&board, text, &error);
        if (length <= 255) {
            CHECK_EQ(status, SEEBATCH_OK, "length %zu: %s", length, error.message);
        } else {
            CHECK_EQ(status, SEEBATCH_ERROR_FEN, "length %zu", length);
            CHECK(strstr(error.message, "character 256: input is longer than 255 bytes"),
                  "length %zu: %s", length, error.message);
        }
    }
}

static void test_null_arguments(void)
{
    seebatch_board board;
    seebatch_error error;
    CHECK_EQ(seebatch_board_from_fen(&board, NULL, &error), SEEBATCH_ERROR_ARGUMENT, "NULL FEN");
    CHECK(strstr(error.message, "FEN text is NULL"), "%s", error.message);
    CHECK_EQ(seebatch_board_from_fen(NULL, START " w - -", &error), SEEBATCH_ERROR_ARGUMENT,
             "NULL board");
    CHECK(strstr(error.message, "board is NULL"), "%s", error.message);
    CHECK_EQ(seebatch_board_from_fen(NULL, NULL, NULL), SEEBATCH_ERROR_ARGUMENT, "both NULL");
    char buffer[SEEBATCH_FEN_MAX] = "x";
    CHECK_EQ(seebatch_board_to_fen(NULL, buffer, sizeof buffer), 0, "NULL board");
    CHECK_EQ(buffer[0], '\0', "NULL board writes \"\"");
    CHECK_EQ(seebatch_board_validate(NULL, &error), SEEBATCH_ERROR_ARGUMENT, "NULL board");
}

/* ------------------------------------------------------------------------ */

static void test_fields_of_start_position(void)
{
    seebatch_board board;
    seebatch_error error;
    CHECK_EQ(parse(&board, START " w KQkq - 0 1", &error), SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(error.status, SEEBATCH_OK, "status");
    CHECK_EQ(error.message[0], '\0', "message empty on success");
    CHECK_EQ(board.pieces[SEEBATCH_PAWN], 0x00FF00000000FF00ull, "pawns");
    CHECK_EQ(board.pieces[SEEBATCH_KNIGHT], 0x4200000000000042ull, "knights");
    CHECK_EQ(board.pieces[SEEBATCH_BISHOP], 0x2400000000000024ull, "bishops");
    CHECK_EQ(board.pieces[SEEBATCH_ROOK], 0x8100000000000081ull, "rooks");
    CHECK_EQ(board.pieces[SEEBATCH_QUEEN], 0x0800000000000008ull, "queens");
    CHECK_EQ(board.pieces[SEEBATCH_KING], 0x1000000000000010ull, "kings");
    CHECK_EQ(board.colors[SEEBATCH_WHITE], 0xFFFFull, "white");
    CHECK_EQ(board.colors[SEEBATCH_BLACK], 0xFFFF000000000000ull, "black");
    CHECK_EQ(board.side_to_move, SEEBATCH_WHITE, "side");
    CHECK_EQ(board.castling, 15, "castling");
    CHECK_EQ(board.en_passant, SEEBATCH_NO_SQUARE, "en passant");
    CHECK_EQ(board.reserved, 0, "reserved");
    CHECK_EQ(board.halfmove_clock, 0, "halfmove");
    CHECK_EQ(board.fullmove_number, 1, "fullmove");
}

static void test_optional_fields_and_blanks(void)
{
    seebatch_board board;
    seebatch_error error;
    CHECK_EQ(parse(&board, START " b Kq e3", &error), SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(board.halfmove_clock, 0, "default halfmove");
    CHECK_EQ(board.fullmove_number, 1, "default fullmove");
    CHECK_EQ(board.side_to_move, SEEBATCH_BLACK, "side");
    CHECK_EQ(board.castling, SEEBATCH_CASTLE_WHITE_KINGSIDE | SEEBATCH_CASTLE_BLACK_QUEENSIDE,
             "castling Kq");
    CHECK_EQ(board.en_passant, square("e3"), "en passant");

    CHECK_EQ(parse(&board, START " w - - 17", &error), SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(board.halfmove_clock, 17, "halfmove");
    CHECK_EQ(board.fullmove_number, 1, "default fullmove");

    CHECK_EQ(parse(&board, " \t " START "\t\tw  Qk \t d6   65535\t65535 \t", &error), SEEBATCH_OK,
             "%s", error.message);
    CHECK_EQ(board.castling, SEEBATCH_CASTLE_WHITE_QUEENSIDE | SEEBATCH_CASTLE_BLACK_KINGSIDE,
             "castling Qk");
    CHECK_EQ(board.en_passant, square("d6"), "en passant");
    CHECK_EQ(board.halfmove_clock, 65535, "halfmove");
    CHECK_EQ(board.fullmove_number, 65535, "fullmove");

    CHECK_EQ(parse(&board, START " w - - 007 0", &error), SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(board.halfmove_clock, 7, "leading zeros");
    CHECK_EQ(board.fullmove_number, 0, "fullmove 0 accepted");

    /* A later failure leaves nothing from an earlier success in the error. */
    CHECK_EQ(parse(&board, START " x - -", &error), SEEBATCH_ERROR_FEN, "bad side");
    CHECK_EQ(parse(&board, START " w - -", &error), SEEBATCH_OK, "good again");
    CHECK_EQ(error.message[0], '\0', "message cleared");
}

/* Boards no game reaches are still boards: they must parse as written. */
static void test_unusual_but_consistent(void)
{
    seebatch_board board;
    seebatch_error error;
    CHECK_EQ(parse(&board, "8/8/8/8/8/8/8/8 w KQkq - 0 1", &error), SEEBATCH_OK,
             "empty board with castling rights: %s", error.message);
    CHECK_EQ(board.castling, 15, "rights kept without king or rook");
    CHECK_EQ(parse(&board, "QQQQQQQQ/Q7/8/8/8/8/8/8 b - - 0 1", &error), SEEBATCH_OK,
             "nine queens: %s", error.message);
    CHECK_EQ(popcount(board.pieces[SEEBATCH_QUEEN]), 9, "nine queens");
    CHECK_EQ(parse(&board, "PPPPpppp/8/8/8/8/8/8/ppppPPPP w - - 0 1", &error), SEEBATCH_OK,
             "pawns on the back ranks: %s", error.message);
    CHECK_EQ(popcount(board.pieces[SEEBATCH_PAWN]), 16, "sixteen pawns");
    CHECK_EQ(parse(&board, "Kk6/8/8/8/8/8/8/8 w - - 0 1", &error), SEEBATCH_OK,
             "kings side by side: %s", error.message);
    /* En passant with no pawn that could have made the double push. */
    CHECK_EQ(parse(&board, "8/8/8/8/8/8/8/8 b - a3 0 1", &error), SEEBATCH_OK, "%s", error.message);
}

/* ------------------------------------------------------------------------ */

static bool boards_equal(const seebatch_board *a, const seebatch_board *b, const char *what)
{
    bool same = true;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        if (a->pieces[type] != b->pieces[type]) {
            fprintf(stderr, "%s: pieces[%d] %016llx != %016llx\n", what, type,
                    (unsigned long long)a->pieces[type], (unsigned long long)b->pieces[type]);
            same = false;
        }
    for (int color = 0; color < 2; color++)
        if (a->colors[color] != b->colors[color]) {
            fprintf(stderr, "%s: colors[%d] differ\n", what, color);
            same = false;
        }
    if (a->side_to_move != b->side_to_move || a->en_passant != b->en_passant ||
        a->castling != b->castling || a->reserved != b->reserved ||
        a->halfmove_clock != b->halfmove_clock || a->fullmove_number != b->fullmove_number) {
        fprintf(stderr, "%s: side/en passant/castling/reserved/counters differ\n", what);
        same = false;
    }
    return same;
}

/* Canonical FENs: parsing then writing gives back the same text. */
static const char *const canonical_fens[] = {
    START " w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
    "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "8/8/8/3q4/8/8/8/8 b - - 0 1",
    "QQQQQQQQ/Q7/8/8/8/8/8/k6K w - - 0 1",
    "PPPPpppp/8/8/8/8/8/8/ppppPPPP b - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w Kq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 b Qk h3 0 1",
    "4k3/8/8/8/8/8/8/4K3 w Q a6 65535 65535",
    "7K/8/8/8/8/8/8/k7 b - - 99 0",
    "rnbqkbnr/rnbqqbnr/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/RNBQQBNR/RNBQKBNR w - - 0 1",
    "1p1p1p1p/p1p1p1p1/1P1P1P1P/P1P1P1P1/1n1n1n1n/N1N1N1N1/1b1r1q1B/R1Q1b1r1 w - - 3 4",
};

static void test_canonical_round_trips(void)
{
    size_t count = sizeof canonical_fens / sizeof canonical_fens[0];
    for (size_t i = 0; i < count; i++) {
        seebatch_board board, again;
        seebatch_error error;
        char text[SEEBATCH_FEN_MAX];
        CHECK_EQ(parse(&board, canonical_fens[i], &error), SEEBATCH_OK, "%s: %s", canonical_fens[i],
                 error.message);
        CHECK_EQ(seebatch_board_validate(&board, &error), SEEBATCH_OK, "%s: %s", canonical_fens[i],
                 error.message);
        size_t length = seebatch_board_to_fen(&board, text, sizeof text);
        CHECK_EQ(length, strlen(canonical_fens[i]), "%s", canonical_fens[i]);
        CHECK(strcmp(text, canonical_fens[i]) == 0, "wrote \"%s\" for \"%s\"", text,
              canonical_fens[i]);
        CHECK_EQ(parse(&again, text, &error), SEEBATCH_OK, "%s: %s", text, error.message);
        CHECK(boards_equal(&board, &again, canonical_fens[i]), "%s", canonical_fens[i]);
    }
}

/* Non-canonical spellings write out canonically. */
static void test_normalised_output(void)
{
    seebatch_board board;
    char text[SEEBATCH_FEN_MAX];
    CHECK_EQ(parse(&board, "  " START "\tw KQkq -", NULL), SEEBATCH_OK, "parse");
    seebatch_board_to_fen(&board, text, sizeof text);
    CHECK(strcmp(text, START " w KQkq - 0 1") == 0, "%s", text);
    CHECK_EQ(parse(&board, START " w - - 0012 00", NULL), SEEBATCH_OK, "parse");
    seebatch_board_to_fen(&board, text, sizeof text);
    CHECK(strcmp(text, START " w - - 12 0") == 0, "%s", text);
}

/* A random consistent board with at most one king per colour (the boards
 * FEN can express), every state field drawn at random too. */
static void random_board(seebatch_board *board, uint64_t *state)
{
    memset(board, 0, sizeof *board);
    unsigned density = (unsigned)(random_next(state) % 65);
    for (unsigned sq = 0; sq < 64; sq++) {
        if (random_next(state) % 64 >= density)
            continue;
        unsigned type = (unsigned)(random_next(state) % SEEBATCH_PIECE_TYPES);
        unsigned color = (unsigned)(random_next(state) % 2);
        if (type == SEEBATCH_KING && (board->pieces[type] & board->colors[color]))
            type = SEEBATCH_QUEEN;
        board->pieces[type] |= seebatch_square_bit(sq);
        board->colors[color] |= seebatch_square_bit(sq);
    }
    uint64_t r = random_next(state);
    board->side_to_move = (uint8_t)(r & 1);
    board->castling = (uint8_t)((r >> 1) & 15);
    board->en_passant =
        (r >> 5) % 3 == 0
            ? (uint8_t)(SEEBATCH_NO_SQUARE)
            : (uint8_t)((board->side_to_move == SEEBATCH_WHITE ? 40 : 16) + ((r >> 8) & 7));
    board->halfmove_clock = (uint16_t)(r >> 16);
    board->fullmove_number = (uint16_t)(r >> 32);
}

static void test_random_round_trips(void)
{
    uint64_t state = 12345;
    for (int i = 0; i < 20000; i++) {
        seebatch_board board, again;
        seebatch_error error;
        char text[SEEBATCH_FEN_MAX];
        random_board(&board, &state);
        CHECK_EQ(seebatch_board_validate(&board, &error), SEEBATCH_OK, "#%d: %s", i, error.message);
        size_t length = seebatch_board_to_fen(&board, text, sizeof text);
        CHECK(length > 0 && length < SEEBATCH_FEN_MAX && length == strlen(text), "#%d", i);
        CHECK_EQ(parse(&again, text, &error), SEEBATCH_OK, "#%d %s: %s", i, text, error.message);
        CHECK(boards_equal(&board, &again, text), "#%d", i);
    }
}

static void test_buffer_sizes(void)
{
    seebatch_board board;
    const char *fen = "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1";
    size_t length = strlen(fen);
    char text[SEEBATCH_FEN_MAX];
    CHECK_EQ(parse(&board, fen, NULL), SEEBATCH_OK, "parse");
    memset(text, 'x', sizeof text);
    CHECK_EQ(seebatch_board_to_fen(&board, text, length + 1), length, "exact size");
    CHECK(strcmp(text, fen) == 0, "%s", text);
    memset(text, 'x', sizeof text);
    CHECK_EQ(seebatch_board_to_fen(&board, text, length), 0, "one byte short");
    CHECK_EQ(text[0], '\0', "\"\" when too small");
    CHECK_EQ(text[1], 'x', "nothing else written");
    CHECK_EQ(seebatch_board_to_fen(&board, text, 0), 0, "size 0");
    CHECK_EQ(seebatch_board_to_fen(&board, NULL, 0), 0, "NULL buffer");

    /* The longest FEN there is fits in SEEBATCH_FEN_MAX. */
    const char *longest = "p1p1p1p1/1p1p1p1p/p1p1p1p1/1p1p1p1p/p1p1p1p1/1p1p1p1p/p1p1p1p1/"
                          "1p1p1p1p b KQkq e3 65535 65535";
    CHECK_EQ(parse(&board, longest, NULL), SEEBATCH_OK, "parse longest");
    CHECK_EQ(seebatch_board_to_fen(&board, text, sizeof text), strlen(longest), "longest");
    CHECK(strlen(longest) < SEEBATCH_FEN_MAX, "SEEBATCH_FEN_MAX too small");
}

/* A consistent board with two kings of a colour has no FEN the parser takes,
 * so none is written. */
static void test_two_kings_not_written(void)
{
    seebatch_board board;
    char text[SEEBATCH_FEN_MAX] = "x";
    CHECK_EQ(parse(&board, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL), SEEBATCH_OK, "parse");
    board.pieces[SEEBATCH_KING] |= seebatch_square_bit(square("a1"));
    board.colors[SEEBATCH_WHITE] |= seebatch_square_bit(square("a1"));
    CHECK_EQ(seebatch_board_validate(&board, NULL), SEEBATCH_OK, "two kings are consistent");
    CHECK_EQ(seebatch_board_to_fen(&board, text, sizeof text), 0, "two white kings");
    CHECK_EQ(text[0], '\0', "\"\" written");
}

/* An engine filling a board from its own bitboards: from SEEBATCH_BOARD_EMPTY
 * (in a declaration or assigned) the board is consistent and SEE is answered;
 * from `= {0}` en_passant is a1, and the message says what to set. */
static void test_board_filled_by_an_engine(void)
{
    static const char fen[] = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
    seebatch_board parsed, from_empty = SEEBATCH_BOARD_EMPTY, from_zero = {0}, cleared;
    CHECK_EQ(parse(&parsed, fen, NULL), SEEBATCH_OK, "parse");
    memset(&cleared, 0xa5, sizeof cleared);
    cleared = (seebatch_board)SEEBATCH_BOARD_EMPTY;
    CHECK(memcmp(&cleared, &from_empty, sizeof cleared) == 0, "assigned SEEBATCH_BOARD_EMPTY");
    CHECK_EQ(seebatch_board_validate(&from_empty, NULL), SEEBATCH_OK, "the empty board");
    CHECK_EQ(from_empty.en_passant, SEEBATCH_NO_SQUARE, "no en passant square");
    CHECK_EQ(from_empty.fullmove_number, 1, "move 1");
    seebatch_board *filled[] = {&from_empty, &from_zero, &cleared};
    for (int b = 0; b < 3; b++) {
        memcpy(filled[b]->pieces, parsed.pieces, sizeof parsed.pieces);
        memcpy(filled[b]->colors, parsed.colors, sizeof parsed.colors);
    }
    seebatch_config config = seebatch_config_classic();
    seebatch_move d3e5 = seebatch_move_make(square("d3"), square("e5"), SEEBATCH_MOVE_NORMAL);
    int32_t value = 0;
    seebatch_error error;
    CHECK_EQ(checked_values_under(
                 &config, &(seebatch_batch){&from_empty, 1, NULL, NULL, &(seebatch_move){d3e5}, 1},
                 &value, &error),
             SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(value, -225, "d3e5 from SEEBATCH_BOARD_EMPTY");
    CHECK_EQ(checked_values_under(
                 &config, &(seebatch_batch){&cleared, 1, NULL, NULL, &(seebatch_move){d3e5}, 1},
                 &value, &error),
             SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(checked_values_under(
                 &config, &(seebatch_batch){&from_zero, 1, NULL, NULL, &(seebatch_move){d3e5}, 1},
                 &value, &error),
             SEEBATCH_ERROR_BOARD, "= {0} leaves en passant on a1");
    CHECK(strstr(error.message, "en passant square a1") != NULL &&
              strstr(error.message, "set en_passant to SEEBATCH_NO_SQUARE") != NULL,
          "the message says what to set: %s", error.message);
}

/* ------------------------------------------------------------------------ */

typedef struct broken_board {
    const char *name;
    void (*breaks)(seebatch_board *board);
    const char *message;
} broken_board;

static void add(seebatch_board *board, int type, int color, const char *name)
{
    if (type >= 0)
        board->pieces[type] |= seebatch_square_bit(square(name));
    if (color >= 0)
        board->colors[color] |= seebatch_square_bit(square(name));
}

static void two_types(seebatch_board *b)
{
    add(b, SEEBATCH_KNIGHT, 0, "e4"), add(b, SEEBATCH_BISHOP, -1, "e4");
}
static void pawn_king(seebatch_board *b) { add(b, SEEBATCH_PAWN, -1, "e1"); }
static void two_colors(seebatch_board *b) { add(b, -1, SEEBATCH_WHITE, "d8"); }
static void no_color(seebatch_board *b) { add(b, SEEBATCH_KNIGHT, -1, "c3"); }
static void no_piece(seebatch_board *b) { add(b, -1, SEEBATCH_BLACK, "d4"); }
static void en_passant_rank_5(seebatch_board *b) { b->en_passant = (uint8_t)square("e5"); }
static void en_passant_rank_1(seebatch_board *b) { b->en_passant = (uint8_t)square("a1"); }
static void en_passant_wrong_side(seebatch_board *b) { b->en_passant = (uint8_t)square("e3"); }
static void en_passant_black_wrong(seebatch_board *b)
{
    b->side_to_move = SEEBATCH_BLACK;
    b->en_passant = (uint8_t)square("h6");
}
static void en_passant_not_square(seebatch_board *b) { b->en_passant = 65; }
static void side_2(seebatch_board *b) { b->side_to_move = 2; }
static void side_255(seebatch_board *b) { b->side_to_move = 255; }
/* Chess960's rook files (castling's bits 4-7 and reserved) for a right not
 * held, or 7 files in from the corner. */
static void castling_bit_4(seebatch_board *b) { b->castling = 0x1e; }
static void castling_bit_7(seebatch_board *b) { b->castling = 0x8d; }
static void castling_file_7(seebatch_board *b) { b->castling = 0x7f; }
static void reserved_128(seebatch_board *b)
{
    b->castling = 0x07;
    b->reserved = 0x80;
}

static const broken_board broken_boards[] = {
    {"knight and bishop", two_types, "square e4 is in both the knight and bishop bitboards"},
    {"pawn and king", pawn_king, "square e1 is in both the pawn and king bitboards"},
    {"white and black", two_colors, "square d8 is in both the white and black bitboards"},
    {"piece, no colour", no_color, "square c3 has a piece (knight) but no colour"},
    {"colour, no piece", no_piece, "square d4 is in the black bitboard but has no piece"},
    {"en passant e5", en_passant_rank_5, "en passant square e5 is not on the third or sixth rank"},
    {"en passant a1", en_passant_rank_1, "en passant square a1 is not on the third or sixth rank"},
    {"en passant e3, white", en_passant_wrong_side,
     "en passant square e3 is on the third rank but white is to move"},
    {"en passant h6, black", en_passant_black_wrong,
     "en passant square h6 is on the sixth rank but black is to move"},
    {"en passant 65", en_passant_not_square,
     "en passant is 65: neither a square (0..63) nor SEEBATCH_NO_SQUARE (64)"},
    {"side 2", side_2, "side to move is 2; it must be 0 (white) or 1 (black)"},
    {"side 255", side_255, "side to move is 255"},
    {"castling 0x1e", castling_bit_4,
     "castling 0x1e, reserved 0x00: right K is not held but has a rook file (bits 4-6 of "
     "castling | reserved << 8 must then be 0)"},
    {"castling 0x8d", castling_bit_7, "castling 0x8d, reserved 0x00: right Q is not held"},
    {"castling 0x7f", castling_file_7,
     "castling 0x7f, reserved 0x00: right K's rook is 7 files in from its corner"},
    {"reserved 0x80", reserved_128, "castling 0x07, reserved 0x80: right q is not held"},
};

static void test_broken_boards(void)
{
    size_t count = sizeof broken_boards / sizeof broken_boards[0];
    for (size_t i = 0; i < count; i++) {
        seebatch_board board;
        seebatch_error error;
        char text[SEEBATCH_FEN_MAX] = "x";
        CHECK_EQ(parse(&board, START " w KQkq - 0 1", NULL), SEEBATCH_OK, "parse");
        broken_boards[i].breaks(&board);
        CHECK_EQ(seebatch_board_validate(&board, &error), SEEBATCH_ERROR_BOARD, "%s",
                 broken_boards[i].name);
        CHECK_EQ(error.status, SEEBATCH_ERROR_BOARD, "%s", broken_boards[i].name);
        CHECK(strstr(error.message, broken_boards[i].message) != NULL,
              "%s: message \"%s\" lacks \"%s\"", broken_boards[i].name, error.message,
              broken_boards[i].message);
        CHECK_EQ(seebatch_board_validate(&board, NULL), SEEBATCH_ERROR_BOARD, "%s, no error",
                 broken_boards[i].name);
        CHECK_EQ(seebatch_board_to_fen(&board, text, sizeof text), 0, "%s written",
                 broken_boards[i].name);
        CHECK_EQ(text[0], '\0', "%s: \"\" written", broken_boards[i].name);
    }
}

/* The first violation is reported, in the documented order, and the lowest
 * square of it. */
static void test_first_violation(void)
{
    seebatch_board board;
    seebatch_error error;
    CHECK_EQ(parse(&board, "8/8/8/8/8/8/8/8 w - - 0 1", NULL), SEEBATCH_OK, "parse");
    board.reserved = 3;
    add(&board, -1, SEEBATCH_WHITE, "h8");
    add(&board, -1, SEEBATCH_WHITE, "b2");
    CHECK_EQ(seebatch_board_validate(&board, &error), SEEBATCH_ERROR_BOARD, "broken");
    CHECK(strstr(error.message, "square b2 is in the white bitboard but has no piece"), "%s",
          error.message);
    add(&board, SEEBATCH_ROOK, SEEBATCH_WHITE, "g7");
    add(&board, SEEBATCH_QUEEN, -1, "g7");
    add(&board, SEEBATCH_ROOK, SEEBATCH_WHITE, "c1");
    add(&board, SEEBATCH_QUEEN, -1, "c1");
    add(&board, SEEBATCH_PAWN, -1, "h7");
    add(&board, SEEBATCH_KING, -1, "h7");
    CHECK_EQ(seebatch_board_validate(&board, &error), SEEBATCH_ERROR_BOARD, "broken");
    CHECK(strstr(error.message, "square h7 is in both the pawn and king bitboards"), "%s",
          error.message);
}

/* The counters' writer (decimal.h) gives printf's digits: every number to
 * 100,000, each side of every power of ten, and the extremes. */
static void test_decimal_writer(void)
{
    long wrong = 0;
    char ours[32], theirs[32];
    for (long long n = -100000; n <= 100000; n++) {
        *seebatch_put_signed_decimal(ours, n) = '\0';
        snprintf(theirs, sizeof theirs, "%lld", n);
        wrong += strcmp(ours, theirs) != 0;
    }
    unsigned long long edges[] = {UINT64_MAX, UINT64_MAX - 1, (unsigned long long)INT64_MAX + 1};
    for (unsigned long long power = 10; power <= UINT64_MAX / 10; power *= 10)
        for (int d = -1; d <= 1; d++) {
            *seebatch_put_decimal(ours, power + (unsigned long long)d) = '\0';
            snprintf(theirs, sizeof theirs, "%llu", power + (unsigned long long)d);
            wrong += strcmp(ours, theirs) != 0;
        }
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        *seebatch_put_decimal(ours, edges[i]) = '\0';
        snprintf(theirs, sizeof theirs, "%llu", edges[i]);
        wrong += strcmp(ours, theirs) != 0;
    }
    *seebatch_put_signed_decimal(ours, INT64_MIN) = '\0';
    wrong += strcmp(ours, "-9223372036854775808") != 0;
    CHECK_EQ(wrong, 0, "numbers written otherwise than printf writes them");
}

/* EPD records where FENs are taken: the board of the four fields with hmvc
 * and fmvn as its clocks (0 and 1 where absent), the same one and many at a
 * time; a malformed operation is an error naming its column. */
static void test_epd_records(void)
{
    static const char *const records[][2] = {
        {"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - bm Nf6; hmvc 3; fmvn 7;",
         "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 7"},
        {"4k3/8/8/8/8/8/8/4K3 w - - id \"no clocks; here\";", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
        {"  8/8/8/3k4/4p3/3K4/8/8 w - -   fmvn 40;hmvc 12 ;", "8/8/8/3k4/4p3/3K4/8/8 w - - 12 40"},
    };
    char text[1024] = "";
    for (size_t i = 0; i < 3; i++) {
        seebatch_board from_epd, from_fen;
        seebatch_error error;
        CHECK_EQ(seebatch_board_from_fen(&from_epd, records[i][0], &error), SEEBATCH_OK,
                 "EPD %zu: %s", i, error.message);
        CHECK_EQ(seebatch_board_from_fen(&from_fen, records[i][1], &error), SEEBATCH_OK, "FEN %zu",
                 i);
        CHECK(memcmp(&from_epd, &from_fen, sizeof from_fen) == 0, "EPD %zu: not its FEN's board",
              i);
        strcat(text, records[i][0]);
        strcat(text, i % 2 ? "\n" : "\r\n");
    }
    seebatch_board boards[3];
    seebatch_fen_rows_report report = {0};
    seebatch_error error;
    CHECK_EQ(seebatch_boards_from_fens(text, strlen(text) - 1, 3, boards, &report, &error),
             SEEBATCH_OK, "rows: %s", error.message);
    CHECK_EQ(report.bad_rows, 0, "EPD rows refused");
    for (size_t i = 0; i < 3; i++) {
        seebatch_board expected;
        seebatch_board_from_fen(&expected, records[i][1], NULL);
        CHECK(memcmp(&boards[i], &expected, sizeof expected) == 0, "EPD row %zu", i);
    }
    static const char *const bad[][2] = {
        {"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2", "EPD opcode bm, column 27: no ';' ends it"},
        {"4k3/8/8/8/8/8/8/4K3 w - - id \"open;",
         "EPD, column 30: a string opened here is not closed"},
        {"4k3/8/8/8/8/8/8/4K3 w - - hmvc x;", "EPD opcode hmvc"},
    };
    for (size_t i = 0; i < 3; i++) {
        seebatch_board board;
        CHECK_EQ(seebatch_board_from_fen(&board, bad[i][0], &error), SEEBATCH_ERROR_FEN, "%s",
                 bad[i][0]);
        CHECK(strstr(error.message, bad[i][1]) == error.message, "%s: \"%s\" does not start \"%s\"",
              bad[i][0], error.message, bad[i][1]);
    }
}

int main(void)
{
    test_decimal_writer();
    test_bad_fens();
    test_length_limit();
    test_null_arguments();
    test_fields_of_start_position();
    test_optional_fields_and_blanks();
    test_unusual_but_consistent();
    test_canonical_round_trips();
    test_normalised_output();
    test_random_round_trips();
    test_buffer_sizes();
    test_two_kings_not_written();
    test_board_filled_by_an_engine();
    test_broken_boards();
    test_first_violation();
    test_epd_records();
    return check_finish("test_fen");
}
