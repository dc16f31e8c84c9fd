/*
 * Configurations in the tool's words (rule_words.h).
 */
#include "rule_words.h"

#include <stdio.h>
#include <string.h>

enum { PROMOTION_RULES = SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY };

static void append(char *words, size_t size, const char *text)
{
    size_t length = strlen(words);
    snprintf(words + length, size - length, "%s%s", length ? " " : "", text);
}

static void append_values(char *words, size_t size, const int32_t *values)
{
    char text[80];
    snprintf(text, sizeof text, "--values %d,%d,%d,%d,%d", (int)values[0], (int)values[1],
             (int)values[2], (int)values[3], (int)values[4]);
    append(words, size, text);
}

void rule_words(const seebatch_config *config, char words[RULE_WORDS_MAX])
{
    words[0] = '\0';
    seebatch_config stockfish = seebatch_config_stockfish();
    if (config->flags == stockfish.flags) {
        append(words, RULE_WORDS_MAX, "--preset stockfish");
        if (memcmp(config->values, stockfish.values, sizeof stockfish.values) != 0)
            append_values(words, RULE_WORDS_MAX, config->values);
        return;
    }
    append_values(words, RULE_WORDS_MAX, config->values);
    if (config->flags & SEEBATCH_PINS)
        append(words, RULE_WORDS_MAX, "--pins");
    if (config->flags & SEEBATCH_MOVE_PROMOTION_ONLY)
        append(words, RULE_WORDS_MAX, "--promotions=move");
    if (config->flags & SEEBATCH_PROMOTIONS)
        append(words, RULE_WORDS_MAX, "--promotions=all");
    if (config->flags & SEEBATCH_STOP_WHEN_AHEAD)
        append(words, RULE_WORDS_MAX, "--stop-when-ahead");
    if (config->flags & SEEBATCH_NORMAL_MOVES_ONLY)
        append(words, RULE_WORDS_MAX, "--normal-moves-only");
}

/* A flag turned on or off, named by its option. */
static rule_change toggled(const seebatch_config *config, uint32_t flag, const char *option)
{
    rule_change change = {*config, ""};
    change.config.flags ^= flag;
    snprintf(change.words, sizeof change.words, "%s%s", (config->flags & flag) ? "without " : "",
             option);
    return change;
}

size_t rule_changes(const seebatch_config *config, rule_change changes[RULE_CHANGES_MAX])
{
    static const struct {
        uint32_t rule;
        const char *words;
    } promotions[3] = {{0, "--promotions=none"},
                       {SEEBATCH_MOVE_PROMOTION_ONLY, "--promotions=move"},
                       {SEEBATCH_PROMOTIONS, "--promotions=all"}};
    size_t count = 0;
    changes[count++] = toggled(config, SEEBATCH_PINS, "--pins");
    for (int i = 0; i < 3; i++) {
        if ((config->flags & PROMOTION_RULES) == promotions[i].rule)
            continue;
        rule_change change = {*config, ""};
        change.config.flags = (config->flags & ~(uint32_t)PROMOTION_RULES) | promotions[i].rule;
        snprintf(change.words, sizeof change.words, "%s", promotions[i].words);
        changes[count++] = change;
    }
    changes[count++] = toggled(config, SEEBATCH_STOP_WHEN_AHEAD, "--stop-when-ahead");
    changes[count++] = toggled(config, SEEBATCH_NORMAL_MOVES_ONLY, "--normal-moves-only");
    return count;
}

int rule_flag_count(const seebatch_config *config)
{
    int count = 0;
    for (uint32_t flags = config->flags; flags; flags &= flags - 1)
        count++;
    return count;
}
