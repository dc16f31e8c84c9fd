/*
 * Move generation against published perft counts (the Chess Programming Wiki
 * positions and a set of well-known tricky endgames), captures against the
 * filter of the full generator, legality queries, seebatch_board_play's
 * bookkeeping, and the unusual boards the library accepts.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "board/attacks.h"
#include "board/movegen.h"
#include "machine/cpu_features.h"
#include "check.h"
#include "position_generator.h"
#include "random_boards.h"
#include "seebatch.h"

typedef struct perft_case {
    const char *fen;
    int depth;
    uint64_t nodes[8]; /* nodes[d - 1] is perft(d); 0 where no count is checked */
} perft_case;

static const perft_case perft_cases[] = {
    /* Start position. */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     5,
     {20, 400, 8902, 197281, 4865609}},
    /* Kiwipete (CPW position 2): castling, en passant, promotions, pins. */
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     4,
     {48, 2039, 97862, 4085603}},
    /* CPW position 3: en passant pins along the rank. */
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, {14, 191, 2812, 43238, 674624, 11030083}},
    /* CPW position 4 and its mirror. */
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     5,
     {6, 264, 9467, 422333, 15833292}},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, {6, 264, 9467, 422333}},
    /* CPW position 5. */
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, {44, 1486, 62379, 2103487}},
    /* CPW position 6. */
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     4,
     {46, 2079, 89890, 3894594}},
    /* Martin Sedlak's edge cases (talkchess): illegal en passant, en passant
     * giving check, castling giving or prevented by check, promotions and
     * underpromotions, discovered and double check. */
    {"1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1", 5, {[4] = 1063513}},
    {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, {[5] = 1134888}},
    {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, {[5] = 1015133}},
    {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, {[5] = 1440467}},
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, {[5] = 661072}},
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, {[5] = 803711}},
    {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, {[3] = 1274206}},
    {"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, {[3] = 1720476}},
    {"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, {[5] = 3821001}},
    {"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, {[4] = 1004658}},
    {"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, {[5] = 217342}},
    {"8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, {[5] = 92683}},
    {"K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, {[5] = 2217}},
    {"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, {[6] = 567584}},
    {"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, {[3] = 23527}},
};

static bool board_from(seebatch_board *board, const char *fen)
{
    seebatch_error error;
    bool ok = seebatch_board_from_fen(board, fen, &error) == SEEBATCH_OK;
    CHECK(ok, "cannot parse %s: %s", fen, error.message);
    return ok;
}

static void test_perft_counts(void)
{
    for (size_t i = 0; i < sizeof perft_cases / sizeof perft_cases[0]; i++) {
        const perft_case *c = &perft_cases[i];
        seebatch_board board;
        if (!board_from(&board, c->fen))
            continue;
        CHECK_EQ(seebatch_perft_nodes(&board, 0), 1, "%s", c->fen);
        for (int depth = 1; depth <= c->depth; depth++)
            if (c->nodes[depth - 1])
                CHECK_EQ(seebatch_perft_nodes(&board, depth), c->nodes[depth - 1], "%s depth %d", c->fen,
                         depth);
    }
}

/* ------------------------------------------------------------------------ */
/* Captures against the filter of the full generator                        */
/* ------------------------------------------------------------------------ */

static bool is_capture_or_promotion(const seebatch_board *board, seebatch_move move)
{
    unsigned kind = seebatch_move_kind(move);
    uint64_t to = (uint64_t)1 << seebatch_move_to(move);
    bool captures = (board->colors[board->side_to_move ^ 1] & to) != 0;
    bool promotes = kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
    return captures || promotes || kind == SEEBATCH_MOVE_EN_PASSANT;
}

static bool contains(const seebatch_move *moves, size_t count, seebatch_move move)
{
    for (size_t i = 0; i < count; i++)
        if (moves[i] == move)
            return true;
    return false;
}

typedef size_t (*capture_generator)(const seebatch_board *, seebatch_move *);

/* The public generator and each copy of the fast one this CPU runs: the
 * kindergarten lookups' everywhere, pext's wherever the CPU runs pext, fast
 * or slow (a CPU that would not choose it still tests it: issue 76). */
static size_t capture_generators(capture_generator generators[3])
{
    size_t count = 0;
    generators[count++] = seebatch_generate_captures;
    generators[count++] = seebatch_generate_captures_kindergarten;
#if SEEBATCH_HAVE_AVX2
    if (seebatch_cpu_has_avx2())
        generators[count++] = seebatch_generate_captures_pext;
#endif
    return count;
}

/* Checks one node: the captures are the legal moves that capture or
 * promote, in the order the legal moves come (seebatch_generate_moves tests
 * each move against the rule; the capture generator reads checks and pins
 * from the king, so this holds the one to the other), by the public
 * generator and by each copy of the fast one. Returns whether it held. */
static bool captures_match(const seebatch_board *board)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES], captures[SEEBATCH_MAX_MOVES];
    size_t move_count = seebatch_generate_moves(board, moves);
    capture_generator generators[3];
    size_t generator_count = capture_generators(generators);
    bool ok = true;
    for (size_t g = 0; g < generator_count; g++) {
        size_t capture_count = generators[g](board, captures);
        size_t expected = 0;
        for (size_t i = 0; i < move_count; i++)
            if (is_capture_or_promotion(board, moves[i])) {
                ok = ok && expected < capture_count && captures[expected] == moves[i];
                expected++;
            }
        ok = ok && capture_count == expected;
    }
    return ok;
}

/* Every node of the tree to `depth`; returns how many nodes failed. */
static long capture_mismatches(const seebatch_board *board, int depth)
{
    long failures = captures_match(board) ? 0 : 1;
    if (failures) {
        char fen[SEEBATCH_FEN_MAX];
        seebatch_board_to_fen(board, fen, sizeof fen);
        fprintf(stderr, "captures differ from the filtered moves at %s\n", fen);
    }
    if (depth == 0)
        return failures;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    for (size_t i = 0; i < count; i++) {
        seebatch_board child = *board;
        seebatch_board_play(&child, moves[i]);
        failures += capture_mismatches(&child, depth - 1);
    }
    return failures;
}

static void test_captures(void)
{
    static const int depths[] = {3, 2, 3, 2, 2, 2, 2};
    for (size_t i = 0; i < sizeof depths / sizeof depths[0]; i++) {
        seebatch_board board;
        if (board_from(&board, perft_cases[i].fen))
            CHECK_EQ(capture_mismatches(&board, depths[i]), 0, "tree of %s", perft_cases[i].fen);
    }
    /* Quiet promotions count; plain pushes do not. */
    seebatch_board board;
    if (board_from(&board, "3r3k/4P3/8/8/8/8/3P4/K7 w - - 0 1")) {
        seebatch_move captures[SEEBATCH_MAX_MOVES];
        CHECK_EQ(seebatch_generate_captures(&board, captures), 8, "e7e8 and e7xd8, four each");
    }
}

/* ------------------------------------------------------------------------ */
/* Legality queries                                                         */
/* ------------------------------------------------------------------------ */

/* Every move code (each kind, from and to) the board's generated moves hold
 * exactly when seebatch_move_is_legal says so; returns how many disagree. */
static long legality_mismatches(const seebatch_board *board)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    long wrong = 0;
    for (unsigned kind = 0; kind <= SEEBATCH_MOVE_CASTLING; kind++)
        for (unsigned from = 0; from < 64; from++)
            for (unsigned to = 0; to < 64; to++) {
                seebatch_move move = seebatch_move_make(from, to, kind);
                wrong += seebatch_move_is_legal(board, move) != contains(moves, count, move);
            }
    return wrong;
}

/* seebatch_move_is_legal looks only at the moving piece's moves: it must
 * still agree with the whole list on every perft position (pins, checks,
 * en passant, castling, promotions) and every position a move after it. */
static void test_move_is_legal(void)
{
    long wrong = 0, boards = 0;
    for (size_t i = 0; i < sizeof perft_cases / sizeof perft_cases[0]; i++) {
        seebatch_board board;
        if (!board_from(&board, perft_cases[i].fen))
            continue;
        wrong += legality_mismatches(&board), boards++;
        seebatch_move moves[SEEBATCH_MAX_MOVES];
        size_t count = seebatch_generate_moves(&board, moves);
        for (size_t m = 0; m < count; m++) {
            seebatch_board after = board;
            seebatch_board_play(&after, moves[m]);
            wrong += legality_mismatches(&after), boards++;
        }
    }
    CHECK_EQ(wrong, 0, "move_is_legal disagrees with generate_moves (%ld boards)", boards);
    CHECK(boards > 400, "%ld boards compared", boards);
    seebatch_board board;
    if (!board_from(&board, perft_cases[1].fen))
        return;
    CHECK(seebatch_move_is_legal(&board, seebatch_move_make(4, 7, SEEBATCH_MOVE_CASTLING)),
          "e1h1 castles: the king takes its rook");
    CHECK(!seebatch_move_is_legal(&board, seebatch_move_make(4, 6, SEEBATCH_MOVE_CASTLING)),
          "e1g1 is not castling's code");
    CHECK(!seebatch_move_is_legal(&board, seebatch_move_make(4, 6, SEEBATCH_MOVE_NORMAL)),
          "e1g1 is not a normal king move");
}

/* ------------------------------------------------------------------------ */
/* Playing moves                                                            */
/* ------------------------------------------------------------------------ */

static seebatch_move uci(const seebatch_board *board, const char *text)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    for (size_t i = 0; i < count; i++) {
        char name[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(moves[i], name);
        if (strcmp(name, text) == 0)
            return moves[i];
    }
    CHECK(false, "%s is not a legal move here", text);
    return 0;
}

/* Plays the moves (UCI, space separated) from fen and compares the result. */
static void check_line(const char *fen, const char *line, const char *expected)
{
    seebatch_board board;
    if (!board_from(&board, fen))
        return;
    char text[16];
    for (const char *p = line; *p;) {
        size_t length = strcspn(p, " ");
        if (length > 0 && length < sizeof text) {
            memcpy(text, p, length);
            text[length] = '\0';
            seebatch_board_play(&board, uci(&board, text));
        }
        p += length + (p[length] == ' ');
    }
    char result[SEEBATCH_FEN_MAX];
    seebatch_board_to_fen(&board, result, sizeof result);
    CHECK(strcmp(result, expected) == 0, "after %s: %s, expected %s", line, result, expected);
}

static void test_board_play(void)
{
    const char *start = perft_cases[0].fen;
    check_line(start, "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    check_line(start, "e2e4 e7e5 g1f3",
               "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    check_line(start, "g1f3 g8f6 f3g1 f6g8",
               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3");
    /* En passant removes the pawn; castling moves the rook. */
    check_line(start, "e2e4 a7a6 e4e5 d7d5 e5d6",
               "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    const char *kiwipete = perft_cases[1].fen;
    check_line(kiwipete, "e1g1",
               "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
    check_line(kiwipete, "e1c1 e8c8",
               "2kr3r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/2KR3R w - - 2 2");
    /* Rights: a king move loses both, a rook move one, a captured rook one. */
    check_line(kiwipete, "e1d1",
               "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R2K3R b kq - 1 1");
    check_line(kiwipete, "h1f1",
               "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3KR2 b Qkq - 1 1");
    check_line("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    check_line("r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1", "g2h1q",
               "r3k2r/8/8/8/8/8/8/R3K2q w Qkq - 0 2");
    check_line("r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1", "g2g1n",
               "r3k2r/8/8/8/8/8/8/R3K1nR w KQkq - 0 2");
}

/* ------------------------------------------------------------------------ */
/* Boards that are not legal chess                                          */
/* ------------------------------------------------------------------------ */

static size_t count_moves(const seebatch_board *board)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    return seebatch_generate_moves(board, moves);
}

static void test_unusual_boards(void)
{
    seebatch_board board;
    /* A pawn on its own first rank pushes one square (never two) and
     * captures forward; a pawn on its last rank has no moves. */
    if (board_from(&board, "8/8/8/8/8/8/3n4/4P3 w - - 0 1"))
        CHECK_EQ(count_moves(&board), 2, "white pawn on e1");
    if (board_from(&board, "4p3/8/8/8/8/8/8/8 b - - 0 1"))
        CHECK_EQ(count_moves(&board), 1, "black pawn on e8");
    if (board_from(&board, "4P3/8/8/8/8/8/8/4p3 w - - 0 1"))
        CHECK_EQ(count_moves(&board), 0, "white pawn on e8");
    if (board_from(&board, "4P3/8/8/8/8/8/8/4p3 b - - 0 1"))
        CHECK_EQ(count_moves(&board), 0, "black pawn on e1");
    /* No king: never in check. */
    if (board_from(&board, "4k3/8/8/8/8/8/8/R7 w - - 0 1"))
        CHECK_EQ(count_moves(&board), 14, "rook without a king");
    /* Castling rights with no rook, or no king, give no castling. */
    if (board_from(&board, "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1"))
        CHECK_EQ(count_moves(&board), 5, "rights without rooks");
    if (board_from(&board, "4k3/8/8/8/8/8/8/R6R w KQ - 0 1"))
        CHECK_EQ(count_moves(&board), 26, "rights without a king");
    /* Two white kings (FEN refuses them, so one is added by hand). */
    if (board_from(&board, "1r5k/8/8/8/8/8/8/K7 w - - 0 1")) {
        board.pieces[SEEBATCH_KING] |= (uint64_t)1 << 7;
        board.colors[SEEBATCH_WHITE] |= (uint64_t)1 << 7;
        CHECK_EQ(count_moves(&board), 1 + 3, "kings a1 and h1 against a rook on b8");
        board.pieces[SEEBATCH_ROOK] |= (uint64_t)1 << 56;
        board.colors[SEEBATCH_BLACK] |= (uint64_t)1 << 56;
        CHECK_EQ(count_moves(&board), 0, "king a1 in check with nowhere to go");
        CHECK_EQ(seebatch_perft_nodes(&board, 3), 0, "no moves, no nodes");
    }
    /* A crowded, unusual board must not overflow the move array. */
    if (board_from(&board, "QQQQQQQQ/QQQQQQQQ/8/8/8/8/pppppppp/qqqqqqqq w - - 0 1")) {
        size_t count = count_moves(&board);
        CHECK(count > 0 && count <= SEEBATCH_MAX_MOVES, "%zu moves", count);
    }
}

/* Random dense boards (no kings, several kings, pawns on back ranks): every
 * generated move passes seebatch_move_check, leaves a consistent board and no
 * attacked king of the mover; every capture is a generated move; and a plain
 * piece move or pawn capture is generated exactly when playing it leaves the
 * mover's kings safe. */
static bool kings_safe(const seebatch_board *board, unsigned color)
{
    uint64_t kings = board->pieces[SEEBATCH_KING] & board->colors[color];
    for (; kings; kings &= kings - 1)
        if (attackers_to(board, lowest_square(kings), occupied_squares(board)) &
            board->colors[color ^ 1])
            return false;
    return true;
}

static bool generated_moves_sound(const seebatch_board *board)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    bool ok = count <= SEEBATCH_MAX_MOVES && captures_match(board);
    for (size_t i = 0; i < count && ok; i++) {
        seebatch_board after = *board;
        seebatch_board_play(&after, moves[i]);
        ok = seebatch_move_check(board, moves[i], NULL) == SEEBATCH_OK &&
             seebatch_board_validate(&after, NULL) == SEEBATCH_OK &&
             kings_safe(&after, board->side_to_move);
    }
    return ok;
}

/* Whether the legality of this candidate follows from the plain rule alone
 * (castling, en passant and pushes have rules of their own). */
static bool plain_candidate(const seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    if (color_on(board, from) != board->side_to_move || kind >= SEEBATCH_MOVE_EN_PASSANT)
        return false;
    bool capture = (board->colors[board->side_to_move ^ 1] >> to) & 1;
    return piece_type_or_none(board, from) != SEEBATCH_PAWN || capture;
}

static bool plain_moves_complete(const seebatch_board *board)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES], candidates[1024];
    size_t count = seebatch_generate_moves(board, moves);
    size_t candidate_count = random_board_moves(board, candidates, 1024);
    for (size_t i = 0; i < candidate_count; i++) {
        if (!plain_candidate(board, candidates[i]))
            continue;
        seebatch_board after = *board;
        seebatch_board_play(&after, candidates[i]);
        if (kings_safe(&after, board->side_to_move) != contains(moves, count, candidates[i]))
            return false;
    }
    return true;
}

static void test_random_boards(void)
{
    uint64_t state = 2024;
    long unsound = 0, incomplete = 0, wrong_captures = 0, wrong_legality = 0;
    for (int i = 0; i < 5000; i++) {
        seebatch_board board;
        random_dense_board(&state, &board);
        bool sound = generated_moves_sound(&board), complete = plain_moves_complete(&board);
        bool captures = captures_match(&board);
        if (!captures) {
            char fen[SEEBATCH_FEN_MAX];
            seebatch_board_to_fen(&board, fen, sizeof fen);
            fprintf(stderr, "random board %s: captures differ from the filtered moves\n", fen);
        }
        wrong_captures += !captures;
        if (!sound || !complete) {
            char fen[SEEBATCH_FEN_MAX];
            seebatch_board_to_fen(&board, fen, sizeof fen);
            fprintf(stderr, "random board %s: %s\n", fen, sound ? "moves missing" : "bad move");
        }
        unsound += !sound;
        incomplete += !complete;
        if (i < 300) /* boards no game reaches: kings in check twice, odd pawns */
            wrong_legality += legality_mismatches(&board);
    }
    CHECK_EQ(wrong_legality, 0, "move codes move_is_legal judges otherwise on random boards");
    CHECK_EQ(unsound, 0, "random boards with a bad generated move");
    CHECK_EQ(incomplete, 0, "random boards with a legal move not generated");
    CHECK_EQ(wrong_captures, 0, "random boards whose captures are not the filtered moves");
}

int main(void)
{
    test_perft_counts();
    test_captures();
    test_move_is_legal();
    test_board_play();
    test_unusual_boards();
    test_random_boards();
    return check_finish("test_perft");
}
