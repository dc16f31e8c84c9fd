/*
 * UCI move text (formatting, parsing, kind inference, rejections), the move
 * preconditions of seebatch_move_check one by one, and the configuration
 * presets and their validation. Every rejection is checked by status and by
 * a distinctive part of its message.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board/bitboard.h"
#include "check.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define EP_WHITE "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
#define EP_BLACK "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2"
#define PROMOTE "1r5k/P7/8/8/8/8/1p6/K1N5 w - - 0 1"
/* Chess960: the king on g1 with rooks on f1 and h1 (the published suite's first position). */
#define FRC "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
#define FRC_WIDE "4k3/8/8/8/8/8/8/R5KR w HA - 0 1"
#define FRC_OPEN "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"

static unsigned square(const char *name)
{
    return (unsigned)(name[0] - 'a') + 8u * (unsigned)(name[1] - '1');
}

static seebatch_move make(const char *from, const char *to, unsigned kind)
{
    return seebatch_move_make(square(from), square(to), kind);
}

static seebatch_board board_of_fen(const char *fen)
{
    seebatch_board board;
    seebatch_error error;
    if (seebatch_board_from_fen(&board, fen, &error) != SEEBATCH_OK) {
        fprintf(stderr, "bad test FEN %s: %s\n", fen, error.message);
        abort();
    }
    return board;
}

/* Parses from a heap copy of exactly the text's length, so the sanitizer
 * build catches a read past the NUL. */
static seebatch_status parse(const seebatch_board *board, const char *text, seebatch_move *move,
                             seebatch_error *error)
{
    size_t size = strlen(text) + 1;
    char *copy = malloc(size);
    if (!copy)
        abort();
    memcpy(copy, text, size);
    seebatch_status status = seebatch_move_parse(board, copy, move, error);
    free(copy);
    return status;
}

/* ------------------------------------------------------------------------ */

static void test_format(void)
{
    char out[SEEBATCH_UCI_MAX];
    static const struct {
        unsigned from, to, kind;
        const char *text;
    } cases[] = {
        {12, 28, SEEBATCH_MOVE_NORMAL, "e2e4"},
        {0, 63, SEEBATCH_MOVE_NORMAL, "a1h8"},
        {63, 0, SEEBATCH_MOVE_NORMAL, "h8a1"},
        {52, 60, SEEBATCH_MOVE_PROMOTE_KNIGHT, "e7e8n"},
        {52, 61, SEEBATCH_MOVE_PROMOTE_BISHOP, "e7f8b"},
        {9, 0, SEEBATCH_MOVE_PROMOTE_ROOK, "b2a1r"},
        {52, 60, SEEBATCH_MOVE_PROMOTE_QUEEN, "e7e8q"},
        {36, 43, SEEBATCH_MOVE_EN_PASSANT, "e5d6"},
        /* Castling, the king taking its rook: standard chess's as the king's two
         * files, any other as it stands (UCI_Chess960's form). */
        {4, 7, SEEBATCH_MOVE_CASTLING, "e1g1"},
        {60, 56, SEEBATCH_MOVE_CASTLING, "e8c8"},
        {4, 0, SEEBATCH_MOVE_CASTLING, "e1c1"},
        {6, 7, SEEBATCH_MOVE_CASTLING, "g1h1"},
        {6, 5, SEEBATCH_MOVE_CASTLING, "g1f1"},
        {4, 6, SEEBATCH_MOVE_CASTLING, "e1g1"},
        {1, 0, SEEBATCH_MOVE_CASTLING, "b1a1"},
        {59, 63, SEEBATCH_MOVE_CASTLING, "d8h8"},
        {4, 7, SEEBATCH_MOVE_NORMAL, "e1h1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seebatch_move move = seebatch_move_make(cases[i].from, cases[i].to, cases[i].kind);
        memset(out, 'x', sizeof out);
        size_t length = seebatch_move_to_uci(move, out);
        CHECK_EQ(length, strlen(cases[i].text), "%s", cases[i].text);
        CHECK(strcmp(out, cases[i].text) == 0, "wrote %s, expected %s", out, cases[i].text);
    }
    /* Every square pair formats as four characters that name it. */
    for (unsigned from = 0; from < 64; from++)
        for (unsigned to = 0; to < 64; to++) {
            CHECK_EQ(seebatch_move_to_uci(seebatch_move_make(from, to, 0), out), 4, "length");
            CHECK(square(out) == from && square(out + 2) == to && out[4] == '\0', "%u %u gave %s",
                  from, to, out);
        }
    CHECK_EQ(seebatch_move_to_uci(make("e2", "e4", 0), NULL), 0, "NULL out");
}

/* Text, expected kind, and for castling the move's to-square (the rook's)
 * and the text formatting gives back; other moves format as they are read. */
typedef struct good_move {
    const char *fen;
    const char *text;
    unsigned kind;
    const char *to, *written;
} good_move;

static const good_move good_moves[] = {
    {START, "e2e4", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {START, "g1f3", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {START, "b8c6", SEEBATCH_MOVE_NORMAL, NULL, NULL}, /* the side to move is not checked */
    /* nor legality: a pinned knight */
    {"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    /* castling through an attacked square (the right, king and rook in place) */
    {"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "e1g1", SEEBATCH_MOVE_CASTLING, "h1", "e1g1"},
    {"4k3/8/8/8/8/8/8/3K3R w - - 0 1", "d1e1", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1f2", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2d4", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {"4k3/3p4/8/8/8/8/8/4K3 b - - 0 1", "d7d5", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {"4k3/8/8/8/8/8/8/B3K3 w - - 0 1", "a1h8", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {KIWIPETE, "e1g1", SEEBATCH_MOVE_CASTLING, "h1", "e1g1"},
    {KIWIPETE, "e1c1", SEEBATCH_MOVE_CASTLING, "a1", "e1c1"},
    {KIWIPETE, "e8g8", SEEBATCH_MOVE_CASTLING, "h8", "e8g8"},
    {KIWIPETE, "e8c8", SEEBATCH_MOVE_CASTLING, "a8", "e8c8"},
    /* The king takes its rook: UCI_Chess960's castling, read in standard chess too. */
    {KIWIPETE, "e1h1", SEEBATCH_MOVE_CASTLING, "h1", "e1g1"},
    {KIWIPETE, "e1a1", SEEBATCH_MOVE_CASTLING, "a1", "e1c1"},
    {KIWIPETE, "e8a8", SEEBATCH_MOVE_CASTLING, "a8", "e8c8"},
    {KIWIPETE, "e1f1", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {KIWIPETE, "e1d1", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {KIWIPETE, "e5f7", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {KIWIPETE, "f3h3", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    /* Chess960: the king on g1 takes its rook on h1 or a1. */
    {FRC_WIDE, "g1h1", SEEBATCH_MOVE_CASTLING, "h1", "g1h1"},
    {FRC_WIDE, "g1a1", SEEBATCH_MOVE_CASTLING, "a1", "g1a1"},
    {FRC_OPEN, "e1g1", SEEBATCH_MOVE_CASTLING, "g1", "e1g1"}, /* the rook on g1 */
    {FRC_OPEN, "e1c1", SEEBATCH_MOVE_CASTLING, "b1", "e1b1"}, /* the right's rook, on b1 */
    {FRC_OPEN, "e1b1", SEEBATCH_MOVE_CASTLING, "b1", "e1b1"},
    {FRC_OPEN, "e8b8", SEEBATCH_MOVE_CASTLING, "b8", "e8b8"},
    {EP_WHITE, "e5d6", SEEBATCH_MOVE_EN_PASSANT, NULL, NULL},
    {EP_WHITE, "e5e6", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {EP_BLACK, "e4d3", SEEBATCH_MOVE_EN_PASSANT, NULL, NULL},
    /* Onto the en passant square, but straight or backward: not en passant. */
    {"4k3/8/8/3P4/8/8/8/4K3 w - d6 0 1", "d5d6", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {"4k3/8/8/8/8/8/8/4K3 w - d6 0 1", "e1d2", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {EP_BLACK, "e4e3", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    /* A non-pawn onto the en passant square is a normal move. */
    {"4k3/8/8/3pP3/8/8/8/2B1K3 w - d6 0 1", "c1d2", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    /* The en passant square occupied (consistent, if unusual): a capture. */
    {"4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", SEEBATCH_MOVE_NORMAL, NULL, NULL},
    {PROMOTE, "a7a8n", SEEBATCH_MOVE_PROMOTE_KNIGHT, NULL, NULL},
    {PROMOTE, "a7a8b", SEEBATCH_MOVE_PROMOTE_BISHOP, NULL, NULL},
    {PROMOTE, "a7a8r", SEEBATCH_MOVE_PROMOTE_ROOK, NULL, NULL},
    {PROMOTE, "a7a8q", SEEBATCH_MOVE_PROMOTE_QUEEN, NULL, NULL},
    {PROMOTE, "a7b8q", SEEBATCH_MOVE_PROMOTE_QUEEN, NULL, NULL},
    {PROMOTE, "b2b1r", SEEBATCH_MOVE_PROMOTE_ROOK, NULL, NULL},
    {PROMOTE, "b2c1n", SEEBATCH_MOVE_PROMOTE_KNIGHT, NULL, NULL},
    {PROMOTE, "b2a1q", SEEBATCH_MOVE_PROMOTE_QUEEN, NULL, NULL}, /* a pawn may take a king */
    {PROMOTE, "a1b2", SEEBATCH_MOVE_NORMAL, NULL, NULL},
};

static void test_parse_round_trips(void)
{
    for (size_t i = 0; i < sizeof good_moves / sizeof good_moves[0]; i++) {
        seebatch_board board = board_of_fen(good_moves[i].fen);
        seebatch_move move = 0xFFFF;
        seebatch_error error;
        char out[SEEBATCH_UCI_MAX];
        const char *text = good_moves[i].text;
        CHECK_EQ(parse(&board, text, &move, &error), SEEBATCH_OK, "%s: %s", text, error.message);
        CHECK_EQ(error.message[0], '\0', "%s: message empty", text);
        const char *to = good_moves[i].to ? good_moves[i].to : text + 2;
        const char *written = good_moves[i].written ? good_moves[i].written : text;
        CHECK_EQ(seebatch_move_from(move), square(text), "%s from", text);
        CHECK_EQ(seebatch_move_to(move), square(to), "%s to", text);
        CHECK_EQ(seebatch_move_kind(move), good_moves[i].kind, "%s kind", text);
        CHECK_EQ(seebatch_move_check(&board, move, &error), SEEBATCH_OK, "%s: %s", text,
                 error.message);
        seebatch_move_to_uci(move, out);
        CHECK(strcmp(out, written) == 0, "%s formats as %s, not %s", text, out, written);
        CHECK_EQ(parse(&board, text, &move, NULL), SEEBATCH_OK, "%s, no error struct", text);
    }
}

static void test_uppercase_promotion_letters(void)
{
    seebatch_board board = board_of_fen(PROMOTE);
    static const char *const texts[] = {"a7a8N", "a7a8B", "a7a8R", "a7a8Q"};
    for (unsigned i = 0; i < 4; i++) {
        seebatch_move move;
        seebatch_error error;
        char out[SEEBATCH_UCI_MAX];
        CHECK_EQ(parse(&board, texts[i], &move, &error), SEEBATCH_OK, "%s: %s", texts[i],
                 error.message);
        CHECK_EQ(seebatch_move_kind(move), SEEBATCH_MOVE_PROMOTE_KNIGHT + i, "%s", texts[i]);
        CHECK_EQ(seebatch_promotion_piece(move), SEEBATCH_KNIGHT + i, "%s", texts[i]);
        seebatch_move_to_uci(move, out);
        CHECK_EQ(out[4], "nbrq"[i], "%s is written lowercase", texts[i]);
    }
}

typedef struct bad_move {
    const char *fen;
    const char *text;
    seebatch_status status;
    const char *message;
} bad_move;

static const bad_move bad_moves[] = {
    {START, "", SEEBATCH_ERROR_MOVE, "move \"\" is too short; a UCI move has 4 or 5 characters"},
    {START, "e2e", SEEBATCH_ERROR_MOVE, "move \"e2e\" is too short"},
    {START, "e2e4qq", SEEBATCH_ERROR_MOVE, "move \"e2e4qq\" is too long"},
    {START, "e2e4 extra text here", SEEBATCH_ERROR_MOVE, "move \"e2e4 extra t...\" is too long"},
    {START, "E2E4", SEEBATCH_ERROR_MOVE,
     "move \"E2E4\": \"E2\" is not a square (a1..h8, lowercase)"},
    {START, "e2E4", SEEBATCH_ERROR_MOVE, "move \"e2E4\": \"E4\" is not a square"},
    {START, "e9e4", SEEBATCH_ERROR_MOVE, "\"e9\" is not a square"},
    {START, "i2i4", SEEBATCH_ERROR_MOVE, "\"i2\" is not a square"},
    {START, "0000", SEEBATCH_ERROR_MOVE, "move \"0000\": \"00\" is not a square"},
    {START, "e2-e4", SEEBATCH_ERROR_MOVE, "move \"e2-e4\": \"-e\" is not a square"},
    {START, "\x01\x02\x03\x04", SEEBATCH_ERROR_MOVE, "move \"????\": \"??\" is not a square"},
    {START, "e2e4 ", SEEBATCH_ERROR_MOVE,
     "move \"e2e4 \": the promotion letter must be n, b, r or q"},
    {PROMOTE, "a7a8k", SEEBATCH_ERROR_MOVE, "move \"a7a8k\": the promotion letter must be"},
    {PROMOTE, "a7a8p", SEEBATCH_ERROR_MOVE, "the promotion letter must be n, b, r or q"},
    {START, "e3e4", SEEBATCH_ERROR_MOVE, "move \"e3e4\": no piece on e3"},
    {START, "e1e2", SEEBATCH_ERROR_MOVE,
     "move \"e1e2\": the to-square e2 holds a white piece, the same colour as the king on e1"},
    {START, "d8d7", SEEBATCH_ERROR_MOVE, "the to-square d7 holds a black piece"},
    {START, "e2e2", SEEBATCH_ERROR_MOVE, "move \"e2e2\": the move goes from e2 to the same square"},
    {START, "g1f3q", SEEBATCH_ERROR_MOVE,
     "move \"g1f3q\": promotion by the knight on g1: only a pawn promotes"},
    {START, "e2e4q", SEEBATCH_ERROR_MOVE,
     "promotion onto e4, which is not the white pawn's last rank (rank 8)"},
    {PROMOTE, "a7a8", SEEBATCH_ERROR_MOVE,
     "move \"a7a8\": the white pawn reaches its last rank and must name a promotion piece"},
    {PROMOTE, "b2c1", SEEBATCH_ERROR_MOVE, "the black pawn reaches its last rank"},
    {PROMOTE, "a7b8", SEEBATCH_ERROR_MOVE, "must name a promotion piece"},
    {PROMOTE, "b8b1q", SEEBATCH_ERROR_MOVE, "promotion by the rook on b8"},
    /* Inferred en passant with nothing to capture behind the square. */
    {"4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", "e5d6", SEEBATCH_ERROR_MOVE,
     "move \"e5d6\": en passant onto d6 with no black pawn behind it on d5"},
    /* Moves the piece cannot make (move_reach.h): through pieces, off its
     * lines, backwards, castling without the right or the rook. */
    {START, "d1d7", SEEBATCH_ERROR_MOVE,
     "move \"d1d7\": the queen on d1 cannot reach d7: d2 is in the way"},
    {KIWIPETE, "h1h3", SEEBATCH_ERROR_MOVE, "the rook on h1 cannot reach h3: h2 is in the way"},
    {KIWIPETE, "a1a8", SEEBATCH_ERROR_MOVE, "the rook on a1 cannot reach a8: a2 is in the way"},
    {"4k3/8/3b4/3pP3/8/8/3Q4/4K3 w - d6 0 1", "d2d6", SEEBATCH_ERROR_MOVE,
     "the queen on d2 cannot reach d6: d5 is in the way"},
    {START, "b1b3", SEEBATCH_ERROR_MOVE,
     "the knight on b1 cannot reach b3: it moves by a knight's jump"},
    {START, "c1c3", SEEBATCH_ERROR_MOVE,
     "the bishop on c1 cannot reach c3: it moves by a diagonal"},
    {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1b2", SEEBATCH_ERROR_MOVE,
     "the rook on a1 cannot reach b2: it moves by a rank or file"},
    {"4k3/8/8/8/8/8/8/3K4 w - - 0 1", "d1f1", SEEBATCH_ERROR_MOVE,
     "the king on d1 cannot reach f1: it moves by a step of one square"},
    {"8/8/8/8/8/8/8/4k2K b - - 0 1", "e1g1", SEEBATCH_ERROR_MOVE, "the king on e1 cannot reach g1"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1g3", SEEBATCH_ERROR_MOVE,
     "the king on e1 cannot reach g3"},
    {"4k3/8/8/8/8/8/8/4K3 b - - 0 1", "e8c6", SEEBATCH_ERROR_MOVE,
     "the king on e8 cannot reach c6"},
    /* Castling needs the right, its rook and a clear path; a king's two
     * files with no rook there are a king's move. */
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1g1", SEEBATCH_ERROR_MOVE,
     "move \"e1g1\": the king on e1 cannot reach g1: it moves by a step of one square"},
    {"4k3/8/8/8/8/8/8/R3K2N w - - 0 1", "e1g1", SEEBATCH_ERROR_MOVE,
     "the king on e1 cannot reach g1"},
    {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "e1g1", SEEBATCH_ERROR_MOVE,
     "the king on e1 cannot reach g1"},
    {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1", SEEBATCH_ERROR_MOVE,
     "move \"e1g1\": the king on e1 cannot castle with the rook on h1: white has no kingside "
     "castling right"},
    {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1h1", SEEBATCH_ERROR_MOVE,
     "white has no kingside castling right"},
    {"r3k3/8/8/8/8/8/8/4K3 b - - 0 1", "e8c8", SEEBATCH_ERROR_MOVE,
     "the king on e8 cannot castle with the rook on a8: black has no queenside castling right"},
    {"rn2k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8", SEEBATCH_ERROR_MOVE,
     "the king on e8 cannot castle with the rook on a8: b8 is in the way"},
    {"4k3/8/8/8/8/8/8/4K1nR w K - 0 1", "e1g1", SEEBATCH_ERROR_MOVE,
     "the king on e1 cannot castle with the rook on h1: g1 is in the way"},
    {"4k3/8/8/8/8/8/8/4KR1R w F - 0 1", "e1h1", SEEBATCH_ERROR_MOVE,
     "the king on e1 cannot castle with the rook on h1: white's kingside castling right is "
     "with the rook on f1"},
    /* Chess960: the rook on f1 stands on the h1 rook's target, and is in
     * the way of the king going to c1. */
    {FRC, "g1h1", SEEBATCH_ERROR_MOVE,
     "the king on g1 cannot castle with the rook on h1: f1 is in the way"},
    {FRC, "g1f1", SEEBATCH_ERROR_MOVE,
     "the king on g1 cannot castle with the rook on f1: e1 is in the way"},
    {EP_WHITE, "e5f6", SEEBATCH_ERROR_MOVE,
     "the white pawn on e5 cannot reach f6: it moves diagonally only to capture"},
    {"4k3/2P5/8/8/8/8/8/4K3 w - d6 0 1", "c7d6", SEEBATCH_ERROR_MOVE,
     "the white pawn on c7 cannot reach d6: a pawn moves forward only"},
    {"4k3/8/8/8/8/8/3p4/4K3 b - e3 0 1", "d2e3", SEEBATCH_ERROR_MOVE,
     "the black pawn on d2 cannot reach e3: a pawn moves forward only"},
    {"4k3/8/8/8/8/8/8/3PK3 w - - 0 1", "d1e1", SEEBATCH_ERROR_MOVE,
     "the to-square e1 holds a white piece"},
    {"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2e2", SEEBATCH_ERROR_MOVE,
     "the white pawn on d2 cannot reach e2: a pawn moves forward only"},
    {"4k3/8/8/8/8/3n4/3P4/4K3 w - - 0 1", "d2d3", SEEBATCH_ERROR_MOVE,
     "the white pawn on d2 cannot reach d3: it captures diagonally, not straight ahead"},
    {"4k3/8/8/8/8/3n4/3P4/4K3 w - - 0 1", "d2d4", SEEBATCH_ERROR_MOVE,
     "the white pawn on d2 cannot reach d4: d3 is in the way"},
    {"4k3/8/8/8/8/3P4/8/4K3 w - - 0 1", "d3d5", SEEBATCH_ERROR_MOVE,
     "the white pawn on d3 cannot reach d5: it moves one square forward (two from its second "
     "rank)"},
    {"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2f4", SEEBATCH_ERROR_MOVE,
     "the white pawn on d2 cannot reach f4"},
    /* A king onto its own rook off its first rank is no castling. */
    {"4k3/8/8/8/8/8/4KR2/8 w - - 0 1", "e2f2", SEEBATCH_ERROR_MOVE,
     "move \"e2f2\": the to-square f2 holds a white piece, the same colour as the king on e2"},
};

static void test_parse_rejections(void)
{
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
        seebatch_board board = board_of_fen(bad_moves[i].fen);
        seebatch_move move = 0x1234;
        seebatch_error error;
        CHECK_EQ(parse(&board, bad_moves[i].text, &move, &error), bad_moves[i].status, "#%zu %s", i,
                 bad_moves[i].text);
        CHECK_EQ(error.status, bad_moves[i].status, "#%zu", i);
        CHECK(strstr(error.message, bad_moves[i].message) != NULL,
              "#%zu: message \"%s\" lacks \"%s\"", i, error.message, bad_moves[i].message);
        CHECK_EQ(move, 0x1234, "#%zu: nothing written on failure", i);
    }
    /* The quoted text in a message never carries control characters. */
    seebatch_board board = board_of_fen(START);
    seebatch_error error;
    seebatch_move move;
    CHECK_EQ(parse(&board, "e2\ne4", &move, &error), SEEBATCH_ERROR_MOVE, "newline");
    CHECK(strchr(error.message, '\n') == NULL, "%s", error.message);
}

static void test_parse_arguments(void)
{
    seebatch_board board = board_of_fen(START);
    seebatch_move move;
    seebatch_error error;
    CHECK_EQ(seebatch_move_parse(NULL, "e2e4", &move, &error), SEEBATCH_ERROR_ARGUMENT, "board");
    CHECK(strstr(error.message, "board is NULL"), "%s", error.message);
    CHECK_EQ(seebatch_move_parse(&board, NULL, &move, &error), SEEBATCH_ERROR_ARGUMENT, "text");
    CHECK(strstr(error.message, "move text is NULL"), "%s", error.message);
    CHECK_EQ(seebatch_move_parse(&board, "e2e4", NULL, &error), SEEBATCH_ERROR_ARGUMENT, "move");
    CHECK_EQ(seebatch_move_parse(&board, "e2e4", NULL, NULL), SEEBATCH_ERROR_ARGUMENT, "quiet");

    board.pieces[SEEBATCH_KNIGHT] |= seebatch_square_bit(square("e4"));
    CHECK_EQ(seebatch_move_parse(&board, "e2e4", &move, &error), SEEBATCH_ERROR_BOARD,
             "inconsistent board");
    CHECK(strstr(error.message, "square e4 has a piece (knight) but no colour"), "%s",
          error.message);
}

/* Whatever text the parser accepts gives a move that passes the check and
 * formats back to the same text (lowercase). Every square pair and suffix,
 * on boards full of special cases. */
static void test_parse_property(void)
{
    static const char *const fens[] = {
        START, KIWIPETE, EP_WHITE, EP_BLACK, PROMOTE, "PPPPpppp/8/8/8/8/8/8/ppppPPPP w KQkq - 0 1"};
    static const char suffixes[] = "\0nbrqNBRQ";
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        seebatch_board board = board_of_fen(fens[f]);
        long accepted = 0;
        for (unsigned from = 0; from < 64; from++)
            for (unsigned to = 0; to < 64; to++)
                for (unsigned s = 0; s < sizeof suffixes - 1; s++) {
                    char text[8], out[SEEBATCH_UCI_MAX];
                    seebatch_move move;
                    seebatch_error error;
                    seebatch_move_to_uci(seebatch_move_make(from, to, 0), text);
                    text[4] = suffixes[s];
                    text[5] = '\0';
                    seebatch_status status = seebatch_move_parse(&board, text, &move, &error);
                    CHECK(status == SEEBATCH_OK || status == SEEBATCH_ERROR_MOVE, "%s", text);
                    if (status != SEEBATCH_OK)
                        continue;
                    accepted++;
                    CHECK_EQ(seebatch_move_check(&board, move, &error), SEEBATCH_OK, "%s: %s", text,
                             error.message);
                    seebatch_move_to_uci(move, out);
                    seebatch_move again = 0;
                    if (seebatch_move_kind(move) == SEEBATCH_MOVE_CASTLING) /* e1h1: e1g1 */
                        CHECK(seebatch_move_parse(&board, out, &again, NULL) == SEEBATCH_OK &&
                                  again == move,
                              "%s became %s, read back as 0x%04x", text, out, (unsigned)again);
                    else
                        CHECK_EQ(strncmp(out, text, 4), 0, "%s became %s", text, out);
                    CHECK_EQ(out[4], suffixes[s] | (suffixes[s] ? 0x20 : 0), "%s became %s", text,
                             out);
                }
        CHECK(accepted > 0, "FEN %zu accepted nothing", f);
    }
}

/* ------------------------------------------------------------------------ */

typedef struct checked_move {
    const char *fen;
    seebatch_move move;
    seebatch_status status;
    const char *message; /* NULL for a move that passes */
} checked_move;

static void test_move_check(void)
{
    const char *weird = "4k3/8/3pP3/2nPp3/8/8/8/4K2R w - - 0 1";
    const checked_move cases[] = {
        {START, make("e2", "e4", 0), SEEBATCH_OK, NULL},
        {START, make("e2", "e4", 7), SEEBATCH_ERROR_MOVE,
         "move kind 7 is unknown (kinds are 0..6)"},
        {START, make("e2", "e4", 15), SEEBATCH_ERROR_MOVE, "move kind 15 is unknown"},
        {START, make("e2", "e2", 0), SEEBATCH_ERROR_MOVE,
         "the move goes from e2 to the same square"},
        {START, make("e4", "e5", 0), SEEBATCH_ERROR_MOVE, "no piece on the from-square e4"},
        {START, make("a1", "a2", 0), SEEBATCH_ERROR_MOVE,
         "the to-square a2 holds a white piece, the same colour as the rook on a1"},
        {START, make("c8", "d7", 0), SEEBATCH_ERROR_MOVE,
         "the to-square d7 holds a black piece, the same colour as the bishop on c8"},
        {START, make("d1", "d8", 0), SEEBATCH_OK, NULL}, /* captures need no path */
        {START, make("e1", "e8", 0), SEEBATCH_OK, NULL}, /* a king may take a king */
        /* promotions */
        {PROMOTE, make("a7", "a8", SEEBATCH_MOVE_PROMOTE_QUEEN), SEEBATCH_OK, NULL},
        {PROMOTE, make("b2", "c1", SEEBATCH_MOVE_PROMOTE_KNIGHT), SEEBATCH_OK, NULL},
        {PROMOTE, make("c1", "b3", SEEBATCH_MOVE_PROMOTE_QUEEN), SEEBATCH_ERROR_MOVE,
         "promotion by the knight on c1: only a pawn promotes"},
        {PROMOTE, make("a7", "a6", SEEBATCH_MOVE_PROMOTE_ROOK), SEEBATCH_ERROR_MOVE,
         "promotion onto a6, which is not the white pawn's last rank (rank 8)"},
        {PROMOTE, make("b2", "b3", SEEBATCH_MOVE_PROMOTE_BISHOP), SEEBATCH_ERROR_MOVE,
         "promotion onto b3, which is not the black pawn's last rank (rank 1)"},
        {"8/1p6/8/8/8/8/8/8 w - - 0 1", make("b7", "b8", SEEBATCH_MOVE_PROMOTE_QUEEN),
         SEEBATCH_ERROR_MOVE, "promotion onto b8, which is not the black pawn's last rank"},
        /* a pawn's normal move never ends on its last rank */
        {PROMOTE, make("a7", "a8", 0), SEEBATCH_ERROR_MOVE,
         "the pawn move a7a8 ends on the white pawn's last rank but is not a promotion"},
        {PROMOTE, make("a7", "b8", 0), SEEBATCH_ERROR_MOVE, "the pawn move a7b8 ends"},
        {PROMOTE, make("b2", "b1", 0), SEEBATCH_ERROR_MOVE,
         "the pawn move b2b1 ends on the black pawn's last rank"},
        /* but on its own first rank it may (the board need not be chess) */
        {"8/8/8/8/8/8/P7/8 w - - 0 1", make("a2", "a1", 0), SEEBATCH_OK, NULL},
        {"PPPPpppp/8/8/8/8/8/8/ppppPPPP w - - 0 1", make("e1", "d2", 0), SEEBATCH_OK, NULL},
        /* en passant */
        {EP_WHITE, make("e5", "d6", SEEBATCH_MOVE_EN_PASSANT), SEEBATCH_OK, NULL},
        {EP_BLACK, make("e4", "d3", SEEBATCH_MOVE_EN_PASSANT), SEEBATCH_OK, NULL},
        {EP_WHITE, make("e5", "f6", SEEBATCH_MOVE_EN_PASSANT), SEEBATCH_OK, NULL}, /* f5 pawn */
        {weird, make("c5", "d4", SEEBATCH_MOVE_EN_PASSANT), SEEBATCH_ERROR_MOVE,
         "en passant by the knight on c5: only a pawn captures en passant"},
        {weird, make("e5", "f4", SEEBATCH_MOVE_EN_PASSANT), SEEBATCH_ERROR_MOVE,
         "en passant onto f4, which is not on the third rank (black pawn)"},
        {EP_WHITE, make("e5", "e6", SEEBATCH_MOVE_EN_PASSANT), SEEBATCH_ERROR_MOVE,
         "en passant onto e6 with no black pawn behind it on e5"},
        {weird, make("d5", "e6", SEEBATCH_MOVE_EN_PASSANT), SEEBATCH_ERROR_MOVE,
         "the to-square e6 holds a white piece"},
        {weird, make("e6", "d6", SEEBATCH_MOVE_EN_PASSANT), SEEBATCH_ERROR_MOVE,
         "en passant onto d6, which is not empty"},
        {"4k3/8/8/8/8/3P4/4P3/4K3 b - - 0 1", make("e2", "d3", SEEBATCH_MOVE_EN_PASSANT),
         SEEBATCH_ERROR_MOVE, "the to-square d3 holds a white piece"},
        {"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", make("d4", "e3", SEEBATCH_MOVE_EN_PASSANT),
         SEEBATCH_OK, NULL},
        {"4k3/8/8/8/3pp3/8/8/4K3 w - - 0 1", make("d4", "e3", SEEBATCH_MOVE_EN_PASSANT),
         SEEBATCH_ERROR_MOVE, "en passant onto e3 with no white pawn behind it on e4"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", make("e2", "d3", SEEBATCH_MOVE_EN_PASSANT),
         SEEBATCH_ERROR_MOVE, "no piece on the from-square e2"},
        {"8/P7/8/8/8/8/8/8 w - - 0 1", make("a7", "b8", SEEBATCH_MOVE_EN_PASSANT),
         SEEBATCH_ERROR_MOVE, "en passant onto b8, which is not on the sixth rank (white pawn)"},
        /* castling: the king takes its own rook */
        {KIWIPETE, make("e1", "h1", SEEBATCH_MOVE_CASTLING), SEEBATCH_OK, NULL},
        {KIWIPETE, make("e8", "a8", SEEBATCH_MOVE_CASTLING), SEEBATCH_OK, NULL},
        {FRC, make("g1", "h1", SEEBATCH_MOVE_CASTLING), SEEBATCH_OK, NULL},
        {FRC, make("g1", "f1", SEEBATCH_MOVE_CASTLING), SEEBATCH_OK, NULL},
        {KIWIPETE, make("h1", "f1", SEEBATCH_MOVE_CASTLING), SEEBATCH_ERROR_MOVE,
         "castling by the rook on h1: only a king castles"},
        {KIWIPETE, make("e1", "g1", SEEBATCH_MOVE_CASTLING), SEEBATCH_ERROR_MOVE,
         "castling from e1 onto g1, where no white rook stands: castling is written as the "
         "king taking its own rook (e1h1, not e1g1)"},
        {"4k3/8/8/8/8/8/8/4K1n1 w - - 0 1", make("e1", "g1", SEEBATCH_MOVE_CASTLING),
         SEEBATCH_ERROR_MOVE, "castling from e1 onto g1, where no white rook stands"},
        {"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", make("e1", "g1", SEEBATCH_MOVE_CASTLING),
         SEEBATCH_ERROR_MOVE, "castling from e1 onto g1, where no white rook stands"},
        {"4k3/8/8/8/8/8/8/4K1Nr w - - 0 1", make("e1", "h1", SEEBATCH_MOVE_CASTLING),
         SEEBATCH_ERROR_MOVE, "castling from e1 onto h1, where no white rook stands"},
        {"4k3/8/8/8/8/8/8/4KQ2 w - - 0 1", make("e1", "e1", SEEBATCH_MOVE_CASTLING),
         SEEBATCH_ERROR_MOVE, "the move goes from e1 to the same square"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seebatch_board board = board_of_fen(cases[i].fen);
        seebatch_error error;
        CHECK_EQ(seebatch_move_check(&board, cases[i].move, &error), cases[i].status,
                 "case %zu: %s", i, error.message);
        CHECK_EQ(error.status, cases[i].status, "case %zu", i);
        if (cases[i].message)
            CHECK(strstr(error.message, cases[i].message) != NULL,
                  "case %zu: message \"%s\" lacks \"%s\"", i, error.message, cases[i].message);
        else
            CHECK_EQ(error.message[0], '\0', "case %zu: message empty", i);
        CHECK_EQ(seebatch_move_check(&board, cases[i].move, NULL), cases[i].status,
                 "case %zu without an error struct", i);
    }
}

static void test_move_check_board(void)
{
    seebatch_board board = board_of_fen(START);
    seebatch_error error;
    CHECK_EQ(seebatch_move_check(NULL, make("e2", "e4", 0), &error), SEEBATCH_ERROR_ARGUMENT,
             "NULL board");
    board.colors[SEEBATCH_BLACK] |= seebatch_square_bit(square("e2"));
    CHECK_EQ(seebatch_move_check(&board, make("e2", "e4", 0), &error), SEEBATCH_ERROR_BOARD,
             "inconsistent board");
    CHECK(strstr(error.message, "square e2 is in both the white and black bitboards"), "%s",
          error.message);
    board = board_of_fen(START);
    board.castling = SEEBATCH_CASTLE_WHITE_KINGSIDE | SEEBATCH_CASTLE_WHITE_QUEENSIDE;
    board.reserved = 0x80; /* a rook file for black's queenside, not held */
    CHECK_EQ(seebatch_move_check(&board, make("e2", "e4", 0), &error), SEEBATCH_ERROR_BOARD,
             "reserved");
    CHECK(strstr(error.message, "right q is not held but has a rook file"), "%s", error.message);
}

/* ------------------------------------------------------------------------ */

static void test_presets(void)
{
    seebatch_config classic = seebatch_config_classic();
    seebatch_config stockfish = seebatch_config_stockfish();
    const int32_t classic_values[5] = {100, 325, 325, 500, 1000};
    const int32_t stockfish_values[5] = {208, 781, 825, 1276, 2538};
    for (int i = 0; i < 5; i++) {
        CHECK_EQ(classic.values[i], classic_values[i], "classic value %d", i);
        CHECK_EQ(stockfish.values[i], stockfish_values[i], "stockfish value %d", i);
    }
    CHECK_EQ(classic.flags, 0, "classic flags");
    CHECK_EQ(stockfish.flags, SEEBATCH_PINS | SEEBATCH_NORMAL_MOVES_ONLY, "stockfish flags");
    seebatch_rules rules;
    CHECK_EQ(seebatch_rules_init(&rules, &classic, NULL), SEEBATCH_OK, "classic valid");
    CHECK_EQ(seebatch_rules_init(&rules, &stockfish, NULL), SEEBATCH_OK, "stockfish valid");

    seebatch_config config;
    seebatch_error error;
    CHECK_EQ(seebatch_config_preset("classic", &config, &error), SEEBATCH_OK, "classic");
    CHECK(memcmp(&config, &classic, sizeof config) == 0, "classic by name");
    CHECK_EQ(error.message[0], '\0', "message empty");
    CHECK_EQ(seebatch_config_preset("stockfish", &config, &error), SEEBATCH_OK, "stockfish");
    CHECK(memcmp(&config, &stockfish, sizeof config) == 0, "stockfish by name");

    static const char *const unknown[] = {"Classic", "", "stockfish ", "sf", "default"};
    CHECK_EQ(seebatch_config_preset("classic\n", &config, &error), SEEBATCH_ERROR_CONFIG,
             "newline");
    CHECK(strstr(error.message, "preset \"classic?\""), "%s", error.message);
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        char expected[64];
        snprintf(expected, sizeof expected, "unknown configuration preset \"%s\"", unknown[i]);
        CHECK_EQ(seebatch_config_preset(unknown[i], &config, &error), SEEBATCH_ERROR_CONFIG, "%s",
                 unknown[i]);
        CHECK(strstr(error.message, expected) && strstr(error.message, "classic and stockfish"),
              "%s", error.message);
    }
    CHECK_EQ(seebatch_config_preset(NULL, &config, &error), SEEBATCH_ERROR_ARGUMENT, "NULL name");
    CHECK(strstr(error.message, "preset name is NULL"), "%s", error.message);
    CHECK_EQ(seebatch_config_preset("classic", NULL, &error), SEEBATCH_ERROR_ARGUMENT,
             "NULL config");
    CHECK(strstr(error.message, "configuration is NULL"), "%s", error.message);
}

/* A configuration checked as seebatch_rules_init checks it, on scratch rules. */
static seebatch_status prepare(const seebatch_config *config, seebatch_error *error)
{
    seebatch_rules rules;
    return seebatch_rules_init(&rules, config, error);
}

static void test_config_validation(void)
{
    static const char *const names[5] = {"pawn", "knight", "bishop", "rook", "queen"};
    static const int32_t bad[] = {-1, -5, SEEBATCH_VALUE_MAX + 1, INT32_MIN, INT32_MAX};
    seebatch_error error;
    for (int piece = 0; piece < 5; piece++)
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            seebatch_config config = seebatch_config_classic();
            char expected[96];
            config.values[piece] = bad[b];
            snprintf(expected, sizeof expected,
                     "value of the %s is %ld; values must be in 0..4000000", names[piece],
                     (long)bad[b]);
            CHECK_EQ(prepare(&config, &error), SEEBATCH_ERROR_CONFIG, "%s", expected);
            CHECK(strstr(error.message, expected) != NULL, "message \"%s\" lacks \"%s\"",
                  error.message, expected);
        }
    /* The bounds themselves, and values in any order, are fine. */
    seebatch_config config = {{0, SEEBATCH_VALUE_MAX, 0, 1, SEEBATCH_VALUE_MAX},
                              SEEBATCH_ALL_FLAGS & ~(uint32_t)SEEBATCH_PROMOTIONS};
    CHECK_EQ(prepare(&config, &error), SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(error.message[0], '\0', "message empty");

    /* The first bad value is named. */
    config.values[1] = -3;
    config.values[3] = -4;
    CHECK_EQ(prepare(&config, &error), SEEBATCH_ERROR_CONFIG, "two bad");
    CHECK(strstr(error.message, "value of the knight is -3"), "%s", error.message);

    static const struct {
        uint32_t flags;
        const char *message;
    } flags[] = {
        {32, "unknown flag bits 0x20; the known flags are 0x1f (PINS, PROMOTIONS, "
             "NORMAL_MOVES_ONLY, MOVE_PROMOTION_ONLY, STOP_WHEN_AHEAD)"},
        {0x3D, "unknown flag bits 0x20"},
        {0x80000000u, "unknown flag bits 0x80000000"},
        {0xFFFFFFFFu, "unknown flag bits 0xffffffe0"},
        /* Known flags, but two promotion rules (rule 6). */
        {10, "SEEBATCH_PROMOTIONS and SEEBATCH_MOVE_PROMOTION_ONLY are two promotion rules: set "
             "one"},
        {31, "SEEBATCH_PROMOTIONS and SEEBATCH_MOVE_PROMOTION_ONLY are two promotion rules"},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        seebatch_config with_flags = seebatch_config_classic();
        with_flags.flags = flags[i].flags;
        CHECK_EQ(prepare(&with_flags, &error), SEEBATCH_ERROR_CONFIG, "flags %x", flags[i].flags);
        CHECK(strstr(error.message, flags[i].message) != NULL, "message \"%s\" lacks \"%s\"",
              error.message, flags[i].message);
    }
    /* Every other combination of the known flags is valid. */
    for (uint32_t f = 0; f <= SEEBATCH_ALL_FLAGS; f++) {
        seebatch_config with_flags = seebatch_config_classic();
        with_flags.flags = f;
        bool two_rules = (f & SEEBATCH_PROMOTIONS) && (f & SEEBATCH_MOVE_PROMOTION_ONLY);
        CHECK_EQ(prepare(&with_flags, NULL), two_rules ? SEEBATCH_ERROR_CONFIG : SEEBATCH_OK,
                 "flags %u", f);
    }
    CHECK_EQ(prepare(NULL, &error), SEEBATCH_ERROR_ARGUMENT, "NULL");
}

int main(void)
{
    test_format();
    test_parse_round_trips();
    test_uppercase_promotion_letters();
    test_parse_rejections();
    test_parse_arguments();
    test_parse_property();
    test_move_check();
    test_move_check_board();
    test_presets();
    test_config_validation();
    return check_finish("test_moves_text");
}
