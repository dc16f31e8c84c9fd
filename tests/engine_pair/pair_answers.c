/*
 * Every answer of the engine path and the views on each case of stdin
 * (case_lines.h), under rules with each flag, one line per case: built
 * twice, on the library and on the engine pair alone (dist/, with
 * tests/engine_pair/shim), and the two outputs compared
 * (tests/engine_pair/compare.sh). Per case and configuration: the value
 * with pins given and not, the threshold test at value - 1, value,
 * value + 1 and 0; then on every engine layout of programs/checking
 * (engine_boards.c) the view's check, and its value and threshold tests,
 * by the inline calls for a normal move and the _move calls for any.
 */
#include <stdlib.h>

#include "case_lines.h"
#include "engine_boards.h"
#include "seebatch_view.h"

enum { CONFIGS = 8 };

static void configs_of(seebatch_config configs[CONFIGS])
{
    for (int c = 0; c < CONFIGS; c++)
        configs[c] = c % 2 ? seebatch_config_stockfish() : seebatch_config_classic();
    configs[2].flags = SEEBATCH_PINS;
    configs[3].flags |= SEEBATCH_STOP_WHEN_AHEAD;
    configs[4].flags = SEEBATCH_PROMOTIONS | SEEBATCH_PINS;
    configs[5].flags = SEEBATCH_MOVE_PROMOTION_ONLY | SEEBATCH_STOP_WHEN_AHEAD;
    configs[6].flags = SEEBATCH_PROMOTIONS | SEEBATCH_STOP_WHEN_AHEAD | SEEBATCH_PINS;
    configs[7].flags = SEEBATCH_NORMAL_MOVES_ONLY;
}

static void view_answers(const seebatch_config *config, const seebatch_board *board,
                         const seebatch_pins *pins, seebatch_move move, int32_t value)
{
    for (int kind = 0; kind < ENGINE_KINDS; kind++) {
        seebatch_view_rules rules;
        if (engine_view_rules((engine_kind)kind, config, &rules, NULL) != SEEBATCH_OK) {
            printf(" x");
            continue;
        }
        static engine_board engine;
        engine_board_of((engine_kind)kind, board, pins, &engine);
        seebatch_move own = engine_move(&engine, move);
        printf(" %d", (int)seebatch_view_check(&rules, &engine.view, engine.pin_words, NULL, NULL));
        printf(" %d %d",
               (int)seebatch_view_see_value_move(&rules, &engine.view, engine.pin_words, own),
               (int)seebatch_view_see_ge_move(&rules, &engine.view, engine.pin_words, own, value));
        if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL)
            continue;
        unsigned mover = engine.mailbox[seebatch_move_from(own)];
        unsigned victim = engine.mailbox[seebatch_move_to(own)];
        printf(" %d", (int)seebatch_view_see_value(&rules, &engine.view, engine.pin_words, own,
                                                   mover, victim));
        for (int32_t step = -1; step <= 1; step++)
            printf("%d", (int)seebatch_view_see_ge(&rules, &engine.view, engine.pin_words, own,
                                                   mover, victim, value + step));
    }
}

int main(void)
{
    seebatch_config configs[CONFIGS];
    configs_of(configs);
    seebatch_rules rules[CONFIGS];
    for (int c = 0; c < CONFIGS; c++)
        if (seebatch_rules_init(&rules[c], &configs[c], NULL) != SEEBATCH_OK)
            return EXIT_FAILURE;
    seebatch_board board;
    seebatch_move move;
    while (case_line_read(stdin, &board, &move)) {
        seebatch_pins pins;
        seebatch_pins_compute(&board, &pins);
        for (int c = 0; c < CONFIGS; c++) {
            int32_t value = seebatch_value(&rules[c], &board, &pins, move);
            printf("%d %d", (int)value, (int)seebatch_value(&rules[c], &board, NULL, move));
            printf(" %d%d%d%d", seebatch_value_ge(&rules[c], &board, &pins, move, value - 1),
                   seebatch_value_ge(&rules[c], &board, &pins, move, value),
                   seebatch_value_ge(&rules[c], &board, NULL, move, value + 1),
                   seebatch_value_ge(&rules[c], &board, NULL, move, 0));
            view_answers(&configs[c], &board, &pins, move, value);
            printf(c + 1 < CONFIGS ? " |" : "\n");
        }
    }
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
