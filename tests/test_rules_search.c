/*
 * The rules of an engine's SEE found from its answers
 * (programs/engine_check/rules_search.c), against engines made of a function
 * (tests/engine_see/function_see.c) over the real positions sample: the
 * reference under any rules is found to be those rules with no move
 * answered otherwise, asked thresholds or values; see_ge off by one is
 * named and its values still found; a fault leaves the rules it was planted
 * in and some moves answered otherwise. The moves that decided it are
 * counted, and when the best two are close the moves that tell them apart
 * are shown as lines that, asked again, get the answer the line says, and
 * side one with each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "function_see.h"
#include "rule_words.h"
#include "rules_search.h"
#include "sample_boards.h"
#include "seebatch.h"

static seebatch_board boards[5000];
static size_t board_count;

static void load_boards(void) { board_count = sample_boards(boards, 5000); }

/* The rules found; odd: the rules of positions whose FEN is of odd length,
 * or NULL. */
static rules_found search_odd(const function_see_settings *settings, const seebatch_config *odd)
{
    engine_see engine;
    if (!function_see_open(settings, &engine))
        exit(3);
    if (odd)
        function_see_odd_positions(&engine, odd);
    see_failure why;
    piece_values pieces;
    CHECK_EQ(piece_values_read(&engine, &pieces, &why), CHECK_DONE, "%s", why.message);
    rules_search_settings search = {&engine, &pieces, boards, board_count, 0};
    rules_found found;
    check_status status = rules_search(&search, &found, &why);
    CHECK_EQ(status, CHECK_DONE, "%s", why.message);
    engine.close(engine.context, &why);
    return found;
}

static rules_found search_of(const function_see_settings *settings)
{
    return search_odd(settings, NULL);
}

static void found_as_planted(seebatch_config config, bool values)
{
    function_see_settings settings = {config, FAULT_NONE, false, false, !values, values, 0};
    rules_found found = search_of(&settings);
    char planted[RULE_WORDS_MAX], got[RULE_WORDS_MAX];
    /* Under normal moves only a promotion scores 0: promoting the move
     * alone is promoting nothing, and the fewer flags are found. */
    if (config.flags & SEEBATCH_NORMAL_MOVES_ONLY)
        config.flags &= ~(uint32_t)SEEBATCH_MOVE_PROMOTION_ONLY;
    rule_words(&config, planted);
    rule_words(&found.config, got);
    CHECK(strcmp(planted, got) == 0, "planted %s, found %s (%llu moves answered otherwise)",
          planted, got, (unsigned long long)found.differing);
    CHECK_EQ(found.differing, 0, "%s", planted);
    CHECK(found.values_read && !found.off_by_one && !found.not_monotone[0], "%s: %s", planted,
          found.not_monotone);
    CHECK(found.moves > 200, "%s: %llu moves scored", planted, (unsigned long long)found.moves);
    CHECK(found.runner_up > 0, "%s: the second best differs somewhere", planted);
    CHECK_EQ(found.deciding, found.runner_up,
             "%s: every move the second answers otherwise "
             "decided it",
             planted);
    CHECK_EQ(found.close, found.runner_up <= 2, "%s: close", planted);
}

static void test_every_flag_set(void)
{
    static const int32_t values[3][5] = {
        {100, 300, 300, 500, 900}, {126, 781, 825, 1276, 2538}, {100, 450, 450, 675, 1300}};
    int v = 0;
    for (uint32_t flags = 0; flags <= SEEBATCH_ALL_FLAGS; flags++) {
        seebatch_config config = {{0}, flags};
        seebatch_rules rules;
        memcpy(config.values, values[v], sizeof config.values);
        if (seebatch_rules_init(&rules, &config, NULL) != SEEBATCH_OK)
            continue;
        found_as_planted(config, flags % 3 == 0);
        v = (v + 1) % 3;
    }
    found_as_planted(seebatch_config_stockfish(), false);
}

static void test_off_by_one(void)
{
    seebatch_config config = {{100, 300, 300, 500, 900}, SEEBATCH_PINS};
    rules_found found =
        search_of(&(function_see_settings){config, FAULT_NONE, true, false, true, false, 0});
    CHECK(found.off_by_one, "see_ge off by one named");
    CHECK(memcmp(found.config.values, config.values, sizeof config.values) == 0,
          "values %d,%d,%d,%d,%d", (int)found.config.values[0], (int)found.config.values[1],
          (int)found.config.values[2], (int)found.config.values[3], (int)found.config.values[4]);
    CHECK_EQ(found.config.flags, config.flags, "its flags");
    CHECK_EQ(found.differing, 0, "every answer as SEE > threshold");
}

static void test_not_monotone_and_faults(void)
{
    seebatch_config config = {{100, 300, 300, 500, 900}, SEEBATCH_PINS};
    rules_found found =
        search_of(&(function_see_settings){config, FAULT_NONE, false, true, true, false, 0});
    CHECK(found.not_monotone[0] != '\0', "answers not monotone named");
    CHECK(!found.values_read, "no piece value read through answers not monotone");

    found =
        search_of(&(function_see_settings){config, FAULT_NO_XRAY, false, false, true, false, 0});
    CHECK(memcmp(found.config.values, config.values, sizeof config.values) == 0, "x-rays missing");
    CHECK(found.differing > 0, "x-rays missing: some moves answered otherwise");
}

/* One telling line "FEN;move;threshold;answer;best;second" asked again of
 * the engine: its answer is the line's. */
static void ask_telling_again(const function_see_settings *settings, const seebatch_config *odd,
                              const char *line, int sides)
{
    char fen[SEEBATCH_FEN_MAX];
    see_question q = {fen, "", 0};
    int answer, best, second;
    const char *move = strchr(line, ';');
    size_t fen_length = (size_t)(move - line);
    memcpy(fen, line, fen_length);
    fen[fen_length] = '\0';
    int fields =
        sscanf(move + 1, "%7[^;];%d;%d;%d;%d", q.move, &q.threshold, &answer, &best, &second);
    CHECK_EQ(fields, 5, "a telling line: %s", line);
    CHECK(best != second, "%s: the two answer alike", line);
    CHECK_EQ(answer, sides ? best : second, "%s: sides with the %s", line,
             sides ? "best" : "second");
    engine_see engine;
    see_failure why;
    int32_t again = -1;
    if (!function_see_open(settings, &engine))
        exit(3);
    function_see_odd_positions(&engine, odd);
    CHECK(engine.ask(engine.context, SEE_ASK_THRESHOLDS, &q, 1, &again, &why), "%s", why.message);
    CHECK_EQ(again, answer, "%s asked again", line);
    engine.close(engine.context, &why);
}

/* An engine that follows pins on half the positions and not on the rest:
 * the best two close, one telling move siding with each. */
static void test_close_rules(void)
{
    seebatch_config pins = {{100, 300, 300, 500, 900}, SEEBATCH_PINS};
    seebatch_config no_pins = {{100, 300, 300, 500, 900}, 0};
    function_see_settings settings = {pins, FAULT_NONE, false, false, true, false, 0};
    rules_found found = search_odd(&settings, &no_pins);
    CHECK(found.config.flags == 0 || found.config.flags == SEEBATCH_PINS, "pins or none: %u",
          (unsigned)found.config.flags);
    CHECK(found.second.flags == (found.config.flags ^ SEEBATCH_PINS), "the second: the other");
    CHECK(found.close, "close: %llu and %llu", (unsigned long long)found.differing,
          (unsigned long long)found.runner_up);
    CHECK(found.deciding >= found.runner_up - found.differing && found.deciding > 0,
          "%llu moves decided it", (unsigned long long)found.deciding);
    CHECK_EQ(found.telling_count, 2, "a telling move siding with each");
    for (int i = 0; i < found.telling_count; i++)
        ask_telling_again(&settings, &no_pins, found.telling[i], i);
}

int main(void)
{
    load_boards();
    test_every_flag_set();
    test_off_by_one();
    test_not_monotone_and_faults();
    test_close_rules();
    return check_finish("test_rules_search");
}
