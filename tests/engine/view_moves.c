/*
 * The views on held-out real positions (issue 36's bar): for every normal
 * capture of each FEN line of the file given (2,000 positions of a real
 * Stockfish training file, made by view_moves.sh), the view given the
 * seebatch_move that seebatch_move_make makes answers what the engine path
 * answers on the same board: the exact value, and the threshold test at the
 * value and just above it, with Stockfish's layout and codes, pins given,
 * under the stockfish and classic configurations.
 * Usage: view_moves FENS (exit 77 when FENS cannot be read).
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "seebatch.h"
#include "seebatch_view.h"

/* Stockfish's piece codes: W_PAWN = 1 .. W_KING = 6, B_PAWN = 9 .. B_KING = 14. */
static const int8_t stockfish_types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};

typedef struct engine_position {
    uint8_t mailbox[64];
    uint64_t by_type[6];
    uint64_t by_color[2];
    seebatch_pins pins; /* StateInfo's blockersForKing[2], pinners[2] */
} engine_position;

static void engine_position_of(const seebatch_board *board, engine_position *out)
{
    memset(out->mailbox, 0, sizeof out->mailbox);
    for (unsigned type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
        out->by_type[type] = board->pieces[type];
        for (unsigned square = 0; square < 64; square++)
            if ((board->pieces[type] >> square) & 1)
                out->mailbox[square] =
                    (uint8_t)(type + 1 + 8 * ((board->colors[SEEBATCH_BLACK] >> square) & 1));
    }
    out->by_color[0] = board->colors[0];
    out->by_color[1] = board->colors[1];
    seebatch_pins_compute(board, &out->pins);
}

typedef struct both_rules {
    seebatch_rules engine;
    seebatch_view_rules view;
} both_rules;

/* Every normal capture of one position under one configuration; returns
 * how many were compared. */
static long compare_position(const both_rules *rules, const seebatch_board *board, long line)
{
    seebatch_move captures[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_captures(board, captures);
    engine_position engine;
    engine_position_of(board, &engine);
    seebatch_view view = {engine.by_type, engine.by_color};
    long compared = 0;
    for (size_t i = 0; i < count; i++) {
        if (seebatch_move_kind(captures[i]) != SEEBATCH_MOVE_NORMAL)
            continue;
        unsigned from = seebatch_move_from(captures[i]), to = seebatch_move_to(captures[i]);
        seebatch_move move = seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL);
        int32_t value = seebatch_value(&rules->engine, board, &engine.pins, move);
        unsigned mover = engine.mailbox[from], victim = engine.mailbox[to];
        CHECK_EQ(seebatch_view_see_value(&rules->view, &view, &engine.pins, move, mover, victim),
                 value, "line %ld move %u", line, (unsigned)move);
        CHECK(seebatch_view_see_ge(&rules->view, &view, &engine.pins, move, mover, victim, value),
              "line %ld move %u: see_ge at its value %d", line, (unsigned)move, value);
        CHECK(!seebatch_view_see_ge(&rules->view, &view, &engine.pins, move, mover, victim,
                                    value + 1),
              "line %ld move %u: see_ge above its value %d", line, (unsigned)move, value);
        compared++;
    }
    return compared;
}

static void prepare(both_rules *rules, seebatch_config config)
{
    seebatch_error error;
    config.flags |= SEEBATCH_PINS;
    CHECK_EQ(seebatch_rules_init(&rules->engine, &config, &error), SEEBATCH_OK, "%s",
             error.message);
    CHECK_EQ(seebatch_view_rules_init(&rules->view, &config, stockfish_types, 16, &error),
             SEEBATCH_OK, "%s", error.message);
}

int main(int argc, char **argv)
{
    FILE *file = argc == 2 ? fopen(argv[1], "r") : NULL;
    if (!file) {
        printf("view_moves: SKIP: no FEN file (usage: view_moves FENS)\n");
        return 77;
    }
    both_rules rules[2];
    prepare(&rules[0], seebatch_config_stockfish());
    prepare(&rules[1], seebatch_config_classic());
    char text[256];
    long line = 0, positions = 0, compared = 0;
    while (fgets(text, sizeof text, file)) {
        line++;
        text[strcspn(text, "\r\n")] = '\0';
        seebatch_board board;
        seebatch_error error;
        CHECK_EQ(seebatch_board_from_fen(&board, text, &error), SEEBATCH_OK, "line %ld: %s", line,
                 error.message);
        positions++;
        for (int r = 0; r < 2; r++)
            compared += compare_position(&rules[r], &board, line);
    }
    fclose(file);
    CHECK(positions >= 2000, "%ld positions read, want 2,000", positions);
    printf("view_moves: %ld positions, %ld normal captures compared\n", positions, compared);
    return check_finish("view_moves");
}
