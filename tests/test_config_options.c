/*
 * The configuration options read among a caller's own
 * (seebatch_parse_config_option, lib/training/filtering/rule_options.h), as
 * the `seebatch` tool reads them: "--name VALUE" and "--name=VALUE", --promotions with a
 * value only after '=' (or split off, when the caller says so), options
 * applied in order, a bad value named in the message and leaving the
 * configuration as it was, anything else not taken.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "training/filtering/rule_options.h"

/* Parses argv[0..argc) in order from the classic configuration; returns the
 * last result, the index reached in *end. */
static seebatch_option_parse parse_all(int argc, char **argv, int (*attached)(char **, int),
                                       seebatch_config *config, char *message, int *end)
{
    *config = seebatch_config_classic();
    seebatch_option_parse result = SEEBATCH_OPTION_NOT_MINE;
    int index = 0;
    for (; index < argc; index++) {
        seebatch_option_words words = {argc, argv, &index, attached};
        result = seebatch_parse_config_option(&words, config, message, 160);
        if (result != SEEBATCH_OPTION_TAKEN)
            break;
    }
    *end = index;
    return result;
}

/* argv[2] was split off argv[1] ("--promotions=move"). */
static int second_attached(char **argv, int index)
{
    (void)argv;
    return index == 2;
}

/* seebatch_training_rule_words says how many arguments each option of
 * seebatch_training_filter_new takes where a caller reads them among its
 * own (the tool): every rule, --seed and the configuration options, their
 * values apart or after '='; 0 for what is none of them. (That the tool's
 * help names every rule, and names none the filter refuses, is
 * python/tests/test_training.py's.) */
static void rule_words_counted(void)
{
    static const struct {
        const char *argv[3];
        int words;
    } cases[] = {{{"--skip-in-check", "x"}, 1},    {{"--skip-see-ge", "0"}, 2},
                 {{"--skip-see-ge=0", "x"}, 1},    {{"--skip-early-ply", "8"}, 2},
                 {{"--random-skip", "3"}, 2},      {{"--seed", "7"}, 2},
                 {{"--piece-count-skip", "x"}, 1}, {{"--preset", "stockfish"}, 2},
                 {{"--values", "1,2,3,4,5"}, 2},   {{"--pins", "x"}, 1},
                 {{"--promotions", "move"}, 1},    {{"--promotions=move", "x"}, 1},
                 {{"--stop-when-ahead", "x"}, 1},  {{"--skip-see-ge", "x"}, 2},
                 {{"--output", "x"}, 0},           {{"file.binpack", "x"}, 0},
                 {{"--skip-everything", "x"}, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_EQ(seebatch_training_rule_words(2, cases[i].argv, 0), cases[i].words, "%s %s",
                 cases[i].argv[0], cases[i].argv[1]);
    const char *last[] = {"--skip-see-ge"};
    CHECK_EQ(seebatch_training_rule_words(1, last, 0), 1, "a value missing: the option alone");
    CHECK_EQ(seebatch_training_rule_words(1, last, 1), 0, "past the end");
    CHECK_EQ(seebatch_training_rule_words(1, NULL, 0), 0, "no arguments");
}

/* Rule arguments refused, each with what was wrong: a number past what a
 * long long holds (strtoll's range error, not a wrapped value), one past the
 * rule's range, text after the digits, and a value given with '=' to a rule
 * that takes none. */
static void rule_values_refused(void)
{
    static const char *const refused[][3] = {
        {"--skip-see-ge", "99999999999999999999", "--skip-see-ge needs a whole number"},
        {"--skip-see-ge", "-99999999999999999999", "--skip-see-ge needs a whole number"},
        {"--seed", "99999999999999999999", "--seed needs a whole number 0.."},
        {"--skip-early-ply", "65536", "--skip-early-ply needs a whole number 0..65535"},
        {"--seed", "12x", "--seed needs a whole number 0.."},
        {"--skip-capture=1", NULL, "--skip-capture=1"},
        {"--skip-see-gex", NULL, "\"--skip-see-gex\": not a rule"}, /* a name with more after it */
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        const char *argv[2] = {refused[i][0], refused[i][1]};
        seebatch_training_filter *filter = (seebatch_training_filter *)&filter;
        seebatch_error error;
        seebatch_status status =
            seebatch_training_filter_new(refused[i][1] ? 2 : 1, argv, &filter, &error);
        CHECK(status == SEEBATCH_ERROR_CONFIG && filter == NULL, "%s %s refused: %d", argv[0],
              argv[1] ? argv[1] : "", (int)status);
        CHECK(strstr(error.message, refused[i][2]) != NULL, "\"%s\" says \"%s\"", error.message,
              refused[i][2]);
        if (argv[1])
            CHECK(strstr(error.message, argv[1]) != NULL, "\"%s\" quotes %s", error.message,
                  argv[1]);
    }
}

int main(void)
{
    seebatch_config config, stockfish;
    seebatch_error error;
    char message[160] = "";
    int end;
    CHECK(seebatch_config_preset("stockfish", &stockfish, &error) == SEEBATCH_OK, "preset");

    char *preset[] = {"--preset", "stockfish"};
    CHECK_EQ(parse_all(2, preset, NULL, &config, message, &end), SEEBATCH_OPTION_TAKEN, "%s",
             message);
    CHECK(memcmp(&config, &stockfish, sizeof config) == 0, "--preset stockfish");
    CHECK_EQ(end, 2, "both arguments taken");

    char *values[] = {"--preset=stockfish", "--values=1,2,3,4,5", "--pins", "--stop-when-ahead"};
    CHECK_EQ(parse_all(4, values, NULL, &config, message, &end), SEEBATCH_OPTION_TAKEN, "%s",
             message);
    CHECK(config.values[0] == 1 && config.values[4] == 5, "--values after --preset");
    CHECK((config.flags & SEEBATCH_PINS) && (config.flags & SEEBATCH_STOP_WHEN_AHEAD), "flags");

    char *bare[] = {"--promotions", "move"}; /* "move" is no value of a bare --promotions */
    CHECK_EQ(parse_all(2, bare, NULL, &config, message, &end), SEEBATCH_OPTION_NOT_MINE, "move");
    CHECK_EQ(end, 1, "the bare option taken alone");
    CHECK(config.flags & SEEBATCH_PROMOTIONS, "bare --promotions: all");
    char *split[] = {"--pins", "--promotions", "move"};
    CHECK_EQ(parse_all(3, split, second_attached, &config, message, &end), SEEBATCH_OPTION_TAKEN,
             "%s", message);
    CHECK((config.flags & SEEBATCH_MOVE_PROMOTION_ONLY) && !(config.flags & SEEBATCH_PROMOTIONS),
          "--promotions=move, split off");

    char *bad[] = {"--preset", "nonsense"};
    CHECK_EQ(parse_all(2, bad, NULL, &config, message, &end), SEEBATCH_OPTION_BAD, "bad preset");
    CHECK(strcmp(message, "--preset needs classic or stockfish, not \"nonsense\"") == 0, "%s",
          message);
    seebatch_config classic = seebatch_config_classic();
    CHECK(memcmp(&config, &classic, sizeof config) == 0, "a bad value changes nothing");
    char *missing[] = {"--values"};
    CHECK_EQ(parse_all(1, missing, NULL, &config, message, &end), SEEBATCH_OPTION_BAD, "missing");
    char *other[] = {"--skip-capture"};
    CHECK_EQ(parse_all(1, other, NULL, &config, message, &end), SEEBATCH_OPTION_NOT_MINE, "other");
    CHECK_EQ(end, 0, "index unchanged");

    rule_words_counted();
    rule_values_refused();
    return check_finish("test_config_options");
}
