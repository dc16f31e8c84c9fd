/*
 * small_see (tests/engine_see/small_see.c), the test SEE, against
 * seebatch's reference: through its plug-in, on real positions, game-like
 * positions and random dense boards, under every configuration it mimics
 * (piece values, pins, promotions none/move/all, stop when ahead, normal
 * moves only): its values equal the reference's, and its see_ge(m, t)
 * equals value >= t at the value and one above. Each of its eight planted
 * bugs gives differences under its default rules. Agreement means
 * something because small_see shares no code with lib/.
 * Usage: test_small_see PLUGIN
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine_see.h"
#include "see_questions.h"

static const char *plugin_path;

/* The words that give small_see the rules of config. */
static void words_of(const seebatch_config *config, char *words, size_t size)
{
    const int32_t *v = config->values;
    uint32_t f = config->flags;
    snprintf(words, size, "--values %d,%d,%d,%d,%d %s --promotions %s%s%s", (int)v[0], (int)v[1],
             (int)v[2], (int)v[3], (int)v[4], f & SEEBATCH_PINS ? "--pins" : "--no-pins",
             f & SEEBATCH_PROMOTIONS            ? "all"
             : f & SEEBATCH_MOVE_PROMOTION_ONLY ? "move"
                                                : "none",
             f & SEEBATCH_STOP_WHEN_AHEAD ? " --stop-when-ahead" : "",
             f & SEEBATCH_NORMAL_MOVES_ONLY ? " --normal-moves-only" : "");
}

/* Asks every question of set, values and thresholds at the reference's
 * value and one above, of small_see opened with words; returns how many
 * answers differ from the reference's, the first few printed when show. */
static long differences(const char *words, question_set *set, const int32_t *reference, bool show)
{
    char opening_words[4200];
    snprintf(opening_words, sizeof opening_words, "\"%s\" %s", plugin_path, words);
    see_opening opening = {60, false};
    engine_see engine;
    see_failure why;
    if (!engine_see_open_plugin(opening_words, &opening, &engine, &why)) {
        CHECK(false, "cannot open small_see: %s", why.message);
        return -1;
    }
    int32_t *answers = malloc(set->count * sizeof *answers);
    long differ = 0;
    for (int round = 0; round < 3; round++) {
        for (size_t q = 0; q < set->count; q++)
            set->questions[q].threshold = reference[q] + (round == 2);
        see_asking asking = round == 0 ? SEE_ASK_VALUES : SEE_ASK_THRESHOLDS;
        bool asked = engine.ask(engine.context, asking, set->questions, set->count, answers, &why);
        CHECK(asked, "%s: %s", words, why.message);
        for (size_t q = 0; asked && q < set->count; q++) {
            int32_t expected = round == 0 ? reference[q] : round == 1;
            if (answers[q] == expected)
                continue;
            if (show && differ < 5)
                fprintf(stderr, "%s: %s;%s: %s %d, the reference %d\n", words,
                        set->questions[q].fen, set->questions[q].move,
                        round == 0   ? "value"
                        : round == 1 ? "see_ge(value)"
                                     : "see_ge(value + 1)",
                        (int)answers[q], (int)expected);
            differ++;
        }
    }
    CHECK(engine.close(engine.context, &why), "%s: close: %s", words, why.message);
    free(answers);
    return differ;
}

/* Every configuration small_see mimics, on the smaller set. */
static void every_configuration(question_set *set)
{
    static const int32_t value_sets[][5] = {{100, 300, 300, 500, 900},   {100, 325, 325, 500, 1000},
                                            {208, 781, 825, 1276, 2538}, {0, 0, 0, 0, 0},
                                            {500, 500, 500, 500, 500},   {900, 500, 300, 300, 100},
                                            {1, 4000000, 3, 2, 5}};
    static const uint32_t promotions[3] = {0, SEEBATCH_MOVE_PROMOTION_ONLY, SEEBATCH_PROMOTIONS};
    int32_t *reference = malloc(set->count * sizeof *reference);
    int configurations = 0;
    for (size_t v = 0; v < sizeof value_sets / sizeof value_sets[0]; v++)
        for (uint32_t flags = 0; flags < 24; flags++) {
            seebatch_config config = {{0}, promotions[flags % 3]};
            memcpy(config.values, value_sets[v], sizeof config.values);
            config.flags |= (flags / 3 & 1 ? SEEBATCH_PINS : 0) |
                            (flags / 6 & 1 ? SEEBATCH_STOP_WHEN_AHEAD : 0) |
                            (flags / 12 & 1 ? SEEBATCH_NORMAL_MOVES_ONLY : 0);
            char words[256];
            words_of(&config, words, sizeof words);
            question_set_values(set, &config, reference);
            long differ = differences(words, set, reference, true);
            CHECK_EQ(differ, 0, "small_see %s against the reference (%zu questions)", words,
                     set->count);
            configurations++;
        }
    printf("every configuration: %d, %zu questions each, values and thresholds\n", configurations,
           set->count);
    free(reference);
}

/* Each planted bug is seen under the default rules. */
static void every_bug(question_set *set, const int32_t *reference)
{
    static const char *const bugs[] = {"xray", "pins",  "promotion",  "en-passant",
                                       "king", "order", "off-by-one", "early-stop"};
    for (size_t b = 0; b < sizeof bugs / sizeof bugs[0]; b++) {
        char words[64];
        snprintf(words, sizeof words, "--bug %s", bugs[b]);
        long differ = differences(words, set, reference, false);
        CHECK(differ > 0, "small_see %s gave the reference's answers on all %zu questions", words,
              set->count);
        printf("small_see %s: %ld answers of %zu differ\n", words, differ, 3 * set->count);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_small_see PLUGIN\n");
        return 2;
    }
    plugin_path = argv[1];
    seebatch_config config = small_see_config();

    question_set big = {0};
    question_set_add_real(&big, (size_t)scaled(4000), 10);
    question_set_add_generated(&big, (size_t)scaled(2000), (size_t)scaled(1000), 75);
    question_set_finish(&big);
    int32_t *reference = malloc(big.count * sizeof *reference);
    question_set_values(&big, &config, reference);
    CHECK_EQ(differences("", &big, reference, true), 0,
             "small_see's defaults against the reference (%zu questions on %zu boards)", big.count,
             big.board_count);
    printf("defaults: %zu questions on %zu boards, values and thresholds\n", big.count,
           big.board_count);
    free(reference);
    question_set_free(&big);

    /* Fewer for the bugs, fewer again for the 168 configurations. */
    question_set medium = {0};
    question_set_add_real(&medium, 1000, 10);
    question_set_add_generated(&medium, 300, 300, 57);
    question_set_finish(&medium);
    reference = malloc(medium.count * sizeof *reference);
    question_set_values(&medium, &config, reference);
    every_bug(&medium, reference);
    free(reference);
    question_set_free(&medium);

    question_set small = {0};
    question_set_add_real(&small, (size_t)scaled(150), 4);
    question_set_add_generated(&small, (size_t)scaled(80), (size_t)scaled(80), 7575);
    question_set_finish(&small);
    every_configuration(&small);
    question_set_free(&small);
    return check_finish("test_small_see");
}
