/*
 * seebatch's own SEE (the library's seebatch_value_ge and seebatch_value on
 * a seebatch_board) behind the two ways in: built as a plug-in
 * (include/seebatch_plugin.h, with OWN_SEE_PLUGIN) and as a line program
 * (bench/engines/line_question.h). Its words are the tool's configuration
 * options (`--preset stockfish`, `--values ...`): it answers right under
 * any of them and costs little (a FEN read, a move parsed, one call), so
 * that the time a check spends through it is the check's own
 * (bench/engines/check_speed.sh), at no difference.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line_question.h"
#include "seebatch.h"
#include "seebatch_plugin.h"

static seebatch_rules rules;

/* One configuration option at words[*i] (the tool's spellings, a value as
 * the next word) applied to config: false when it is none or its value is
 * bad. */
static bool read_option(int argc, char **words, int *i, seebatch_config *config)
{
    const char *word = words[*i], *value = *i + 1 < argc ? words[*i + 1] : "";
    const uint32_t promotions = SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY;
    if (!strcmp(word, "--pins"))
        return config->flags |= SEEBATCH_PINS, true;
    if (!strcmp(word, "--stop-when-ahead"))
        return config->flags |= SEEBATCH_STOP_WHEN_AHEAD, true;
    if (!strcmp(word, "--normal-moves-only"))
        return config->flags |= SEEBATCH_NORMAL_MOVES_ONLY, true;
    if (!strncmp(word, "--promotions", 12)) {
        const char *kind = word[12] == '=' ? word + 13 : word[12] ? "?" : "all";
        config->flags &= ~promotions;
        config->flags |= !strcmp(kind, "all")    ? SEEBATCH_PROMOTIONS
                         : !strcmp(kind, "move") ? SEEBATCH_MOVE_PROMOTION_ONLY
                                                 : 0;
        return !strcmp(kind, "all") || !strcmp(kind, "move") || !strcmp(kind, "none");
    }
    if (!strcmp(word, "--preset"))
        return ++*i, seebatch_config_preset(value, config, NULL) == SEEBATCH_OK;
    if (!strcmp(word, "--values")) {
        int read = 0;
        ++*i;
        return sscanf(value, "%d,%d,%d,%d,%d%n", &config->values[0], &config->values[1],
                      &config->values[2], &config->values[3], &config->values[4], &read) == 5 &&
               value[read] == '\0';
    }
    return false;
}

/* The rules of the configuration options in words (argc, argv): 0, or 1
 * with why in message. */
static int read_rules(int argc, char **argv, char *message, size_t size)
{
    seebatch_config config = seebatch_config_classic();
    for (int i = 0; i < argc; i++) {
        const char *word = argv[i];
        if (!read_option(argc, argv, &i, &config)) {
            snprintf(message, size, "not a configuration option, or a bad value: \"%s\"", word);
            return 1;
        }
    }
    seebatch_error error;
    if (seebatch_rules_init(&rules, &config, &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return 1;
    }
    return 0;
}

/* The legal move uci of board: 0, or 1. */
static int legal_move(const seebatch_board *board, const char *uci, uint32_t *move)
{
    seebatch_move parsed;
    if (seebatch_move_parse(board, uci, &parsed, NULL) != SEEBATCH_OK ||
        !seebatch_move_is_legal(board, parsed))
        return 1;
    *move = parsed;
    return 0;
}

#ifdef OWN_SEE_PLUGIN

int seebatch_plugin_abi(void) { return SEEBATCH_PLUGIN_ABI; }

int seebatch_plugin_open(const char *options, char *message, size_t message_size)
{
    char words[1024], *argv[64];
    int argc = 0;
    snprintf(words, sizeof words, "%s", options);
    for (char *word = strtok(words, " \t"); word && argc < 64; word = strtok(NULL, " \t"))
        argv[argc++] = word;
    return read_rules(argc, argv, message, message_size);
}

void *seebatch_plugin_position(const char *fen)
{
    seebatch_board *board = malloc(sizeof *board);
    if (board && seebatch_board_from_fen(board, fen, NULL) != SEEBATCH_OK) {
        free(board);
        return NULL;
    }
    return board;
}

int seebatch_plugin_move(void *position, const char *uci, uint32_t *move)
{
    return legal_move(position, uci, move);
}

int seebatch_plugin_see_ge(void *position, uint32_t move, int32_t threshold)
{
    return seebatch_value_ge(&rules, position, NULL, (seebatch_move)move, threshold);
}

int32_t seebatch_plugin_see_value(void *position, uint32_t move)
{
    return seebatch_value(&rules, position, NULL, (seebatch_move)move);
}

void seebatch_plugin_position_free(void *position) { free(position); }

void seebatch_plugin_close(void) {}

#else

static seebatch_board board;

static void set_up(const char *fen)
{
    if (seebatch_board_from_fen(&board, fen, NULL) != SEEBATCH_OK)
        board = (seebatch_board)SEEBATCH_BOARD_EMPTY; /* no move is legal on it */
}

static int move_of(const char *uci, uint32_t *move) { return legal_move(&board, uci, move); }

static int see_ge(uint32_t move, long threshold)
{
    return seebatch_value_ge(&rules, &board, NULL, (seebatch_move)move, (int32_t)threshold);
}

static long see_value(uint32_t move)
{
    return seebatch_value(&rules, &board, NULL, (seebatch_move)move);
}

int main(int argc, char **argv)
{
    char message[SEEBATCH_MESSAGE_SIZE];
    if (read_rules(argc - 1, argv + 1, message, sizeof message) != 0) {
        fprintf(stderr, "seebatch_own_see_lines: %s\n", message);
        return 2;
    }
    const line_engine engine = {"seebatch_own_see_lines", set_up, move_of, see_ge, see_value};
    return answer_lines(&engine);
}

#endif
