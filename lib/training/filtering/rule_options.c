#include "rule_options.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool seebatch_parse_number(const char *text, long long minimum, long long maximum, long long *value)
{
    /* strtoll alone would also take leading white space and a '+'. */
    if (!text ||
        !(isdigit((unsigned char)text[0]) || (text[0] == '-' && isdigit((unsigned char)text[1]))))
        return false;
    char *end;
    errno = 0;
    long long parsed = strtoll(text, &end, 10);
    if (errno || *end || parsed < minimum || parsed > maximum)
        return false;
    *value = parsed;
    return true;
}

/* Whether argument is the option name, alone or (for one that takes a
 * value) as "name=value". */
static bool seebatch_named(const char *argument, const char *name, bool takes_value)
{
    size_t length = strlen(name);
    return strncmp(argument, name, length) == 0 &&
           (argument[length] == '\0' || (takes_value && argument[length] == '='));
}

/* The value of "--name V" or "--name=V", advancing *index past a separate
 * one; NULL when it is missing. */
static const char *seebatch_value_text(int argc, char **argv, int *index, size_t name_length)
{
    const char *argument = argv[*index];
    if (argument[name_length] == '=')
        return argument + name_length + 1;
    return *index + 1 < argc ? argv[++*index] : NULL;
}

/* OPTION_BAD with a message; an option given no value is told so. */
static option_parse seebatch_refuse(char *message, size_t size, const char *format,
                                    const char *name, const char *value)
{
    if (value)
        snprintf(message, size, format, name, value);
    else
        snprintf(message, size, "%s needs a value, but the command line ends after it", name);
    return OPTION_BAD;
}

void seebatch_number_option_message(char *message, size_t size, const char *name, long long minimum,
                                    long long maximum, const char *text)
{
    if (text)
        snprintf(message, size, "%s needs a whole number %lld..%lld, not \"%s\"", name, minimum,
                 maximum, text);
    else
        snprintf(message, size, "%s needs a value, a whole number %lld..%lld", name, minimum,
                 maximum);
}

/* ------------------------------------------------------------------------ */
/* The SEE configuration                                                    */
/* ------------------------------------------------------------------------ */

/* "P,N,B,R,Q": exactly five whole numbers separated by commas. */
static bool seebatch_parse_values(const char *text, seebatch_config *config)
{
    for (int piece = 0; piece < 5; piece++) {
        char *end;
        if (!isdigit((unsigned char)*text))
            return false;
        errno = 0;
        long long value = strtoll(text, &end, 10);
        if (errno || value > SEEBATCH_VALUE_MAX || *end != (piece < 4 ? ',' : '\0'))
            return false;
        config->values[piece] = (int32_t)value;
        text = end + 1;
    }
    return true;
}

/* --promotions[=none|move|all]: the promotion rule (contract rule 6), one of
 * three; it replaces the one set before. */
static bool seebatch_set_promotions(const char *setting, seebatch_config *config)
{
    uint32_t rule;
    if (strcmp(setting, "all") == 0)
        rule = SEEBATCH_PROMOTIONS;
    else if (strcmp(setting, "move") == 0)
        rule = SEEBATCH_MOVE_PROMOTION_ONLY;
    else if (strcmp(setting, "none") == 0)
        rule = 0;
    else
        return false;
    config->flags &= ~(uint32_t)(SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY);
    config->flags |= rule;
    return true;
}

/* The setting of --promotions, which takes a value only with '=': in its own
 * argument ("--promotions=move"), or in the next one when the caller split
 * it off (attached says so). Bare, "all". */
static const char *seebatch_promotions_setting(int argc, char **argv, int *index,
                                               int (*attached)(char **argv, int index))
{
    const char *option = argv[*index];
    if (option[strlen("--promotions")] == '=')
        return option + strlen("--promotions=");
    if (attached && *index + 1 < argc && attached(argv, *index + 1))
        return argv[++*index];
    return "all";
}

option_parse seebatch_parse_config_option(const option_words *words, seebatch_config *config,
                                          char *message, size_t message_size)
{
    const int argc = words->argc;
    char **argv = words->argv;
    int *index = words->index;
    const char *option = argv[*index];
    if (strcmp(option, "--pins") == 0) {
        config->flags |= SEEBATCH_PINS;
    } else if (strcmp(option, "--stop-when-ahead") == 0) {
        config->flags |= SEEBATCH_STOP_WHEN_AHEAD;
    } else if (seebatch_named(option, "--promotions", true)) {
        const char *setting = seebatch_promotions_setting(argc, argv, index, words->attached);
        if (!seebatch_set_promotions(setting, config))
            return seebatch_refuse(message, message_size, "%s takes none, move or all, not \"%s\"",
                                   "--promotions", setting);
    } else if (seebatch_named(option, "--preset", true)) {
        const char *argument = seebatch_value_text(argc, argv, index, strlen("--preset"));
        seebatch_error error;
        if (!argument || seebatch_config_preset(argument, config, &error) != SEEBATCH_OK)
            return seebatch_refuse(message, message_size,
                                   "%s needs classic or stockfish, not \"%s\"", "--preset",
                                   argument);
    } else if (seebatch_named(option, "--values", true)) {
        const char *argument = seebatch_value_text(argc, argv, index, strlen("--values"));
        if (!argument || !seebatch_parse_values(argument, config)) {
            char format[96];
            snprintf(format, sizeof format,
                     "%%s needs five numbers 0..%d as P,N,B,R,Q, not \"%%s\"", SEEBATCH_VALUE_MAX);
            return seebatch_refuse(message, message_size, format, "--values", argument);
        }
    } else {
        return OPTION_NOT_MINE;
    }
    return OPTION_TAKEN;
}

/* ------------------------------------------------------------------------ */
/* The rules                                                                */
/* ------------------------------------------------------------------------ */

/* A rule's option: its name, and for one that takes a number, the field it
 * fills and the range it accepts. */
typedef struct rule_option {
    const char *name;
    size_t field; /* offsetof in filter_rules of an int32_t, or 0: no argument */
    long long minimum, maximum;
} rule_option;

/* Simple eval is kept in 16 bits, so its magnitude is at most 32768: a
 * bound above 32767 would drop every entry. */
static const rule_option rule_options[RULE_COUNT] = {
    [RULE_IN_CHECK] = {"--skip-in-check", 0, 0, 0},
    [RULE_CAPTURE] = {"--skip-capture", 0, 0, 0},
    [RULE_SEE_GE] = {"--skip-see-ge", offsetof(filter_rules, see_threshold), INT32_MIN, INT32_MAX},
    [RULE_PROMOTION] = {"--skip-promotion", 0, 0, 0},
    [RULE_CASTLING] = {"--skip-castling", 0, 0, 0},
    [RULE_VALUE_NONE] = {"--skip-value-none", 0, 0, 0},
    [RULE_PLACEHOLDER] = {"--skip-placeholder", 0, 0, 0},
    [RULE_EARLY_PLY] = {"--skip-early-ply", offsetof(filter_rules, early_ply), 0, 65535},
    [RULE_FILTERED] = {"--skip-filtered", 0, 0, 0},
    [RULE_SIMPLE_EVAL] = {"--skip-simple-eval", offsetof(filter_rules, simple_eval), 0, 32767},
    [RULE_RANDOM] = {"--random-skip", offsetof(filter_rules, random_skip), 0, INT32_MAX},
    [RULE_WLD] = {"--wld-skip", 0, 0, 0},
    [RULE_SOFT_EARLY] = {"--soft-early-skip", offsetof(filter_rules, soft_early), 1, 65535},
    [RULE_PIECE_COUNT] = {"--piece-count-skip", 0, 0, 0},
};

static option_parse seebatch_parse_seed(int argc, char **argv, int *index, filter_rules *rules,
                                        char *message, size_t size)
{
    const char *text = seebatch_value_text(argc, argv, index, strlen("--seed"));
    long long seed;
    if (!seebatch_parse_number(text, 0, INT64_MAX, &seed)) {
        seebatch_number_option_message(message, size, "--seed", 0, INT64_MAX, text);
        return OPTION_BAD;
    }
    rules->seed = (uint64_t)seed;
    rules->seed_given = true;
    return OPTION_TAKEN;
}

option_parse seebatch_parse_rule_option(int argc, char **argv, int *index, filter_rules *rules,
                                        char *message, size_t message_size)
{
    if (seebatch_named(argv[*index], "--seed", true))
        return seebatch_parse_seed(argc, argv, index, rules, message, message_size);
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        const rule_option *option = &rule_options[rule];
        if (!seebatch_named(argv[*index], option->name, option->field != 0))
            continue;
        rules->active |= 1u << rule;
        if (rule == RULE_PIECE_COUNT)
            rules->piece_weights_total = seebatch_trainer_piece_weights(rules->piece_weights);
        if (option->field) {
            const char *text = seebatch_value_text(argc, argv, index, strlen(option->name));
            long long value;
            if (!seebatch_parse_number(text, option->minimum, option->maximum, &value)) {
                seebatch_number_option_message(message, message_size, option->name, option->minimum,
                                               option->maximum, text);
                return OPTION_BAD;
            }
            int32_t stored = (int32_t)value;
            memcpy((char *)rules + option->field, &stored, sizeof stored);
        }
        return OPTION_TAKEN;
    }
    return OPTION_NOT_MINE;
}

void seebatch_describe_rule(const filter_rules *rules, int rule, char *out, size_t size)
{
    const rule_option *option = &rule_options[rule];
    int length;
    if (!option->field) {
        length = snprintf(out, size, "%s", option->name);
    } else {
        int32_t value;
        memcpy(&value, (const char *)rules + option->field, sizeof value);
        length = snprintf(out, size, "%s %ld", option->name, (long)value);
    }
    if (((1u << rule) & RULES_DRAWING) && length >= 0 && (size_t)length < size)
        snprintf(out + length, size - (size_t)length, " (seed %llu)",
                 (unsigned long long)rules->seed);
}

bool seebatch_check_rule_options(const filter_rules *rules, char *message, size_t message_size)
{
    if (rules->seed_given && !(rules->active & RULES_DRAWING)) {
        snprintf(message, message_size,
                 "--seed seeds --random-skip and --wld-skip, and also --soft-early-skip "
                 "and --piece-count-skip; none of them is given");
        return false;
    }
    return true;
}

int seebatch_training_rule_words(int argc, const char *const *argv, int index)
{
    if (!argv || index < 0 || index >= argc || !argv[index])
        return 0;
    /* The arguments are read, never written: the parsers take them as the
     * tool's argv. */
    char **arguments = (char **)argv;
    seebatch_config config = seebatch_config_classic();
    filter_rules rules;
    memset(&rules, 0, sizeof rules);
    char message[SEEBATCH_MESSAGE_SIZE];
    int at = index;
    const option_words words = {argc, arguments, &at, NULL};
    option_parse parsed = seebatch_parse_config_option(&words, &config, message, sizeof message);
    if (parsed == OPTION_NOT_MINE)
        parsed = seebatch_parse_rule_option(argc, arguments, &at, &rules, message, sizeof message);
    return parsed == OPTION_NOT_MINE ? 0 : at - index + 1;
}
