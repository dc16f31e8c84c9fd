/*
 * A game's moves as played (seebatch_game_play): the moves of a UCI position
 * command and the move lines pgn-extract -Wuci writes, each checked legal,
 * then played, the position before it kept when asked. The UCI position
 * reader (uci_position.c) plays its moves here too.
 */
#include "game_moves.h"

#include <string.h>

#include "errors.h"

static bool seebatch_is_blank(char c) { return c == ' ' || c == '\t'; }

/* The results a PGN game ends with, as pgn-extract writes them after the moves. */
static bool seebatch_is_game_result(const char *word, size_t length)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (length == strlen(results[i]) && memcmp(word, results[i], length) == 0)
            return true;
    return false;
}

/* The next word from *at: its start and length (0 at the end). */
static size_t seebatch_next_word(const char *text, size_t length, size_t *at, const char **word)
{
    while (*at < length && seebatch_is_blank(text[*at]))
        (*at)++;
    size_t start = *at;
    while (*at < length && !seebatch_is_blank(text[*at]))
        (*at)++;
    *word = text ? text + start : text; /* an empty game's text may be NULL, and NULL + 0 is undefined */
    return *at - start;
}

/* One move of the game, its index from 1: parsed, checked legal, kept as
 * asked, played. */
static seebatch_status seebatch_play_word(seebatch_game *game, const char *word, size_t length,
                                          size_t index, seebatch_error *error)
{
    char text[SEEBATCH_UCI_MAX + 1], shown[SHOWN_WORD_MAX + 4];
    seebatch_move move;
    seebatch_error inner;
    if (length >= sizeof text)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "move %zu (%s) is no UCI move", index,
                             seebatch_printable(word, length, SHOWN_WORD_MAX, shown));
    memcpy(text, word, length);
    text[length] = '\0';
    if (seebatch_move_parse(&game->board, text, &move, &inner) != SEEBATCH_OK)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "move %zu (%s): %s", index,
                             seebatch_printable(word, length, SHOWN_WORD_MAX, shown),
                             inner.message);
    if (!seebatch_move_is_legal(&game->board, move))
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "move %zu (%s) is not legal", index,
                             seebatch_printable(word, length, SHOWN_WORD_MAX, shown));
    bool keeps = game->before || game->moves;
    if (keeps && game->count == game->capacity)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "move %zu: more moves than the capacity, %zu", index, game->capacity);
    if (game->before)
        game->before[game->count] = game->board;
    if (game->moves)
        game->moves[game->count] = move;
    game->count++;
    seebatch_board_play(&game->board, move);
    return SEEBATCH_OK;
}

seebatch_status seebatch_game_play_words(seebatch_game *game, const char *text, size_t length,
                                         bool result_allowed, seebatch_error *error)
{
    size_t at = 0;
    const char *word;
    for (size_t n; (n = seebatch_next_word(text, length, &at, &word)) != 0;) {
        if (result_allowed && seebatch_is_game_result(word, n)) {
            const char *after;
            if (seebatch_next_word(text, length, &at, &after) == 0)
                break; /* the result ends the game */
        }
        seebatch_status status = seebatch_play_word(game, word, n, game->count + 1, error);
        if (status != SEEBATCH_OK)
            return status;
    }
    return seebatch_succeed(error);
}

seebatch_status seebatch_game_play(seebatch_game *game, const char *text, size_t length,
                                   seebatch_error *error)
{
    if (!game || (!text && length > 0))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL", game ? "text" : "game");
    game->count = 0;
    seebatch_status status = seebatch_board_validate(&game->board, error);
    if (status != SEEBATCH_OK)
        return status;
    return seebatch_game_play_words(game, text, length, true, error);
}
