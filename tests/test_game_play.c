/*
 * seebatch_game_play (lib/text/game_moves.c): a game's moves played one by one,
 * each checked legal, the position before each kept; a result after the
 * last move read as pgn-extract -Wuci writes it; the first bad move named,
 * the moves before it kept; the capacity held to.
 */
#include <string.h>

#include "check.h"
#include "seebatch.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

enum { CAPACITY = 64 };

static seebatch_board start_board(const char *fen)
{
    seebatch_board board;
    CHECK_EQ(seebatch_board_from_fen(&board, fen, NULL), SEEBATCH_OK, "%s", fen);
    return board;
}

/* The text's moves, each parsed and played by hand: the boards expected. */
static size_t played_by_hand(const char *fen, const char *const *moves, size_t count,
                             seebatch_board *before)
{
    seebatch_board board = start_board(fen);
    for (size_t i = 0; i < count; i++) {
        seebatch_move move;
        CHECK_EQ(seebatch_move_parse(&board, moves[i], &move, NULL), SEEBATCH_OK, "%s", moves[i]);
        before[i] = board;
        seebatch_board_play(&board, move);
    }
    return count;
}

static void a_whole_game(void)
{
    /* Castling both ways, en passant, a capture-promotion to a knight. */
    static const char *const moves[] = {"e2e4", "d7d5", "e4e5", "f7f5",  "e5f6",
                                        "b8c6", "f6g7", "c8e6", "g7h8n", "d8d7",
                                        "g1f3", "e8c8", "f1e2", "e6g4",  "e1g1"};
    static const char text[] = "e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 c8e6 g7h8N d8d7 g1f3 "
                               "e8c8\tf1e2   e6g4 e1g1 1-0";
    size_t count = sizeof moves / sizeof moves[0];
    seebatch_board expected[CAPACITY], before[CAPACITY];
    seebatch_move played[CAPACITY];
    played_by_hand(START, moves, count, expected);
    seebatch_game game = {start_board(START), before, played, CAPACITY, 99};
    seebatch_error error;
    CHECK_EQ(seebatch_game_play(&game, text, strlen(text), &error), SEEBATCH_OK, "%s",
             error.message);
    CHECK_EQ(game.count, count, "every move played");
    for (size_t i = 0; i < count && i < game.count; i++) {
        CHECK(memcmp(&before[i], &expected[i], sizeof before[i]) == 0, "the board of move %zu", i);
        char uci[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(played[i], uci);
        CHECK(strcmp(uci, moves[i]) == 0, "move %zu is %s", i, uci);
    }
    CHECK_EQ(seebatch_move_kind(played[4]), SEEBATCH_MOVE_EN_PASSANT, "e5f6 en passant");
    CHECK_EQ(seebatch_move_kind(played[8]), SEEBATCH_MOVE_PROMOTE_KNIGHT, "g7h8N");
    CHECK_EQ(seebatch_move_kind(played[11]), SEEBATCH_MOVE_CASTLING, "e8c8 castles");
    CHECK_EQ(seebatch_move_kind(played[14]), SEEBATCH_MOVE_CASTLING, "e1g1 castles");
    char fen[SEEBATCH_FEN_MAX];
    seebatch_board_to_fen(&game.board, fen, sizeof fen);
    CHECK(strcmp(fen, "2kr1bnN/pppqp2p/2n5/3p4/6b1/5N2/PPPPBPPP/RNBQ1RK1 b - - 6 8") == 0,
          "after the game: %s", fen);

    /* The SEE of every move as played, in one call, as the header shows it. */
    uint32_t board_of_move[CAPACITY];
    int32_t values[CAPACITY];
    for (uint32_t i = 0; i < CAPACITY; i++)
        board_of_move[i] = i;
    seebatch_config classic = seebatch_config_classic();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &classic, NULL);
    seebatch_batch batch = {before, game.count, NULL, board_of_move, played, game.count};
    CHECK_EQ(seebatch_check(&rules, &batch, &error), SEEBATCH_OK, "%s", error.message);
    seebatch_values(&rules, &batch, values);
    for (size_t i = 0; i < game.count; i++)
        CHECK_EQ(values[i], seebatch_value(&rules, &before[i], NULL, played[i]), "move %zu", i);
    CHECK_EQ(values[6], 0, "fxg7: the bishop on f8 takes back");
    CHECK_EQ(values[8], 500, "gxh8=N: a rook, nothing takes back (promotions not counted)");
}

static void results_and_blanks(void)
{
    static const char *const texts[] = {"", "   ", "*", "1-0", "0-1", " 1/2-1/2 ", "e2e4 *"};
    static const size_t counts[] = {0, 0, 0, 0, 0, 0, 1};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        seebatch_game game = {start_board(START), NULL, NULL, 0, 7};
        seebatch_error error;
        CHECK_EQ(seebatch_game_play(&game, texts[i], strlen(texts[i]), &error), SEEBATCH_OK,
                 "\"%s\": %s", texts[i], error.message);
        CHECK_EQ(game.count, counts[i], "\"%s\"", texts[i]);
    }
    seebatch_game game = {start_board(START), NULL, NULL, 0, 0};
    CHECK_EQ(seebatch_game_play(&game, NULL, 0, NULL), SEEBATCH_OK, "no text");
}

typedef struct bad_game {
    const char *text;
    size_t played;
    seebatch_status status;
    const char *message;
} bad_game;

static void first_bad_move_named(void)
{
    static const bad_game bad[] = {
        {"e2e4 e7e5 d7d6", 2, SEEBATCH_ERROR_MOVE, "move 3 (d7d6) is not legal"},
        {"e2e4 e7e5 e4e5", 2, SEEBATCH_ERROR_MOVE,
         "move 3 (e4e5): move \"e4e5\": the white pawn on e4 cannot reach e5: it captures "
         "diagonally, not straight ahead"},
        {"e2e4 e7e5 1-0 g1f3", 2, SEEBATCH_ERROR_MOVE,
         "move 3 (1-0): move \"1-0\" is too short; a UCI move has 4 or 5 characters (e2e4, "
         "e7e8q)"},
        {"e2e4 e7e5 g1f3xyzw", 2, SEEBATCH_ERROR_MOVE, "move 3 (g1f3xyzw) is no UCI move"},
        {"e2e4 e7e5 e1e2 e8e7 e2e3 e7e6 e3d4", 6, SEEBATCH_ERROR_MOVE,
         "move 7 (e3d4) is not legal"}, /* the king steps next to the pawn on e5 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        seebatch_board before[CAPACITY];
        seebatch_game game = {start_board(START), before, NULL, CAPACITY, 0};
        seebatch_error error;
        CHECK_EQ(seebatch_game_play(&game, bad[i].text, strlen(bad[i].text), &error), bad[i].status,
                 "%s", bad[i].text);
        CHECK(strcmp(error.message, bad[i].message) == 0, "%s: \"%s\", expected \"%s\"",
              bad[i].text, error.message, bad[i].message);
        CHECK_EQ(game.count, bad[i].played, "%s: the moves before the fault kept", bad[i].text);
        char fen[SEEBATCH_FEN_MAX];
        seebatch_board_to_fen(&game.board, fen, sizeof fen);
        CHECK(game.count != 2 ||
                  strcmp(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2") == 0,
              "%s: the board after them: %s", bad[i].text, fen);
    }
}

static void capacity_and_arguments(void)
{
    seebatch_move played[2];
    seebatch_game game = {start_board(START), NULL, played, 2, 0};
    seebatch_error error;
    static const char text[] = "e2e4 e7e5 g1f3";
    CHECK_EQ(seebatch_game_play(&game, text, strlen(text), &error), SEEBATCH_ERROR_ARGUMENT,
             "past the capacity");
    CHECK(strcmp(error.message, "move 3: more moves than the capacity, 2") == 0, "\"%s\"",
          error.message);
    CHECK_EQ(game.count, 2, "the first two kept");
    CHECK_EQ(seebatch_game_play(NULL, text, 4, &error), SEEBATCH_ERROR_ARGUMENT, "no game");
    CHECK_EQ(seebatch_game_play(&game, NULL, 4, &error), SEEBATCH_ERROR_ARGUMENT, "no text");
    game.board.side_to_move = 2;
    CHECK_EQ(seebatch_game_play(&game, text, 4, &error), SEEBATCH_ERROR_BOARD, "a bad board");
}

int main(void)
{
    a_whole_game();
    results_and_blanks();
    first_bad_move_named();
    capacity_and_arguments();
    return check_finish("game_play");
}
