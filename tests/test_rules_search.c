/*
 * The rules of an engine's SEE found from its answers
 * (programs/engine_check/rules_search.c), against engines made of a function
 * (tests/engine_see/function_see.c) over the real positions sample: the
 * reference under any rules is found to be those rules with no move
 * answered otherwise, asked thresholds or values; see_ge off by one is
 * named and its values still found; a fault leaves the rules it was planted
 * in and some moves answered otherwise.
 */
#include <string.h>

#include "check.h"
#include "function_see.h"
#include "real_positions_sample.h"
#include "rule_words.h"
#include "rules_search.h"
#include "seebatch.h"

static seebatch_board boards[5000];
static size_t board_count;

static void load_boards(void)
{
    for (const char *line = real_positions_sample; *line && board_count < 5000;) {
        const char *end = strchr(line, '\n');
        char fen[256];
        memcpy(fen, line, (size_t)(end - line));
        fen[end - line] = '\0';
        if (seebatch_board_from_fen(&boards[board_count], fen, NULL) == SEEBATCH_OK)
            board_count++;
        line = end + 1;
    }
}

static rules_found search_of(const function_see_settings *settings)
{
    engine_see engine;
    if (!function_see_open(settings, &engine))
        exit(3);
    rules_search_settings search = {&engine, boards, board_count, 0};
    rules_found found;
    see_failure why;
    check_status status = rules_search(&search, &found, &why);
    CHECK_EQ(status, CHECK_DONE, "%s", why.message);
    engine.close(engine.context, &why);
    return found;
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

int main(void)
{
    load_boards();
    test_every_flag_set();
    test_off_by_one();
    test_not_monotone_and_faults();
    return check_finish("test_rules_search");
}
