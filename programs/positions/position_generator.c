#include "position_generator.h"

#include <stdlib.h>

#include "tool_only.h"

/* Openings as UCI lines, so the generator starts from varied, real structures
 * and not only from the initial position. */
static const char *const openings[] = {
    "",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7",
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8",
    "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4",
    "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5 c4d5 f6d5",
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",
};
enum { OPENING_COUNT = sizeof openings / sizeof openings[0] };

static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* Material values used only to steer the games toward balance. */
static const int steering_values[SEEBATCH_PIECE_TYPES] = {100, 325, 325, 500, 1000, 0};

static unsigned random_below(uint64_t *state, unsigned bound)
{
    return (unsigned)(random_next(state) % bound);
}

/* White's material minus Black's. */
static int material_balance(const seebatch_board *board)
{
    int balance = 0;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        balance +=
            steering_values[type] * (popcount(board->pieces[type] & board->colors[SEEBATCH_WHITE]) -
                                     popcount(board->pieces[type] & board->colors[SEEBATCH_BLACK]));
    return balance;
}

static bool is_capture(const seebatch_board *board, seebatch_move move)
{
    return seebatch_move_kind(move) == SEEBATCH_MOVE_EN_PASSANT ||
           (occupied_squares(board) & seebatch_square_bit(seebatch_move_to(move)));
}

static void play_opening(seebatch_board *board, const char *line)
{
    char text[8];
    while (*line) {
        size_t n = 0;
        while (*line && *line != ' ' && n < sizeof text - 1)
            text[n++] = *line++;
        text[n] = '\0';
        while (*line == ' ')
            line++;
        seebatch_move move;
        if (seebatch_move_parse(board, text, &move, NULL) == SEEBATCH_OK)
            seebatch_board_play(board, move);
    }
}

static void start_game(position_generator *generator)
{
    seebatch_board_from_fen(&generator->game, start_fen, NULL);
    play_opening(&generator->game, openings[random_below(&generator->random_state, OPENING_COUNT)]);
    generator->ply = 0;
    generator->game_length = 40 + (int)random_below(&generator->random_state, 160);
}

void position_generator_init(position_generator *generator, uint64_t seed)
{
    generator->random_state = seed;
    start_game(generator);
}

/* The capture that leaves the material closest to level: recaptures and fair
 * trades keep the game looking like chess rather than a massacre. */
static seebatch_move most_balancing_capture(const seebatch_board *board, const seebatch_move *moves,
                                            size_t count)
{
    seebatch_move best = 0;
    int best_imbalance = 1 << 30;
    for (size_t i = 0; i < count; i++) {
        if (!is_capture(board, moves[i]))
            continue;
        seebatch_board after = *board;
        seebatch_board_play(&after, moves[i]);
        int imbalance = abs(material_balance(&after));
        if (imbalance < best_imbalance) {
            best_imbalance = imbalance;
            best = moves[i];
        }
    }
    return best;
}

/* Chooses the next move of the game: often the most balancing capture,
 * sometimes any capture, otherwise any legal move. */
static seebatch_move choose_move(position_generator *generator, const seebatch_move *moves,
                                 size_t count, const seebatch_move *captures, size_t capture_count)
{
    unsigned roll = random_below(&generator->random_state, 100);
    if (capture_count > 0 && roll < 45) {
        seebatch_move balancing = most_balancing_capture(&generator->game, captures, capture_count);
        if (balancing && roll < 35)
            return balancing;
        return captures[random_below(&generator->random_state, (unsigned)capture_count)];
    }
    return moves[random_below(&generator->random_state, (unsigned)count)];
}

static bool has_real_capture(const seebatch_board *board, const seebatch_move *captures,
                             size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (is_capture(board, captures[i]))
            return true;
    return false;
}

void position_generator_next(position_generator *generator, seebatch_board *board)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES], captures[SEEBATCH_MAX_MOVES];
    for (;;) {
        size_t count = seebatch_generate_moves(&generator->game, moves);
        if (count == 0 || generator->ply >= generator->game_length ||
            generator->game.halfmove_clock >= 100) {
            start_game(generator);
            continue;
        }
        size_t capture_count = seebatch_generate_captures(&generator->game, captures);
        /* Keep about half the eligible positions, so consecutive outputs differ
         * by more than one move. */
        bool keep = generator->ply >= 4 &&
                    has_real_capture(&generator->game, captures, capture_count) &&
                    random_below(&generator->random_state, 2) == 0;
        if (keep)
            *board = generator->game;
        seebatch_board_play(&generator->game,
                            choose_move(generator, moves, count, captures, capture_count));
        generator->ply++;
        if (keep)
            return;
    }
}
