#include "uci_position.h"

#include <string.h>

#include "errors.h"
#include "fen_scan.h"
#include "game_moves.h"

static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* The next blank-separated word of the text from *at: its start and length
 * (0 at the end), *at moved past it. */
typedef struct uci_words {
    const char *text;
    size_t length, at;
} uci_words;

static size_t seebatch_uci_next_word(uci_words *w, const char **word)
{
    while (w->at < w->length && (w->text[w->at] == ' ' || w->text[w->at] == '\t'))
        w->at++;
    size_t start = w->at;
    while (w->at < w->length && w->text[w->at] != ' ' && w->text[w->at] != '\t')
        w->at++;
    *word = w->text + start;
    return w->at - start;
}

/* A word as a message shows it: control bytes as '?', cut at 32 bytes. */
static const char *seebatch_uci_shown(const char *word, size_t length, char out[SHOWN_WORD_MAX + 4])
{
    return seebatch_printable(word, length, SHOWN_WORD_MAX, out);
}

static bool seebatch_uci_word_is(const char *word, size_t length, const char *expected)
{
    return length == strlen(expected) && memcmp(word, expected, length) == 0;
}

/* A FEN's board by the readers below seebatch_board_from_fen (board_text.c,
 * which calls this file): the one-pass reader, else the full parser. */
static seebatch_status seebatch_uci_board_of(seebatch_board *board, const char *fen, size_t length,
                                             seebatch_error *error)
{
    if (seebatch_board_from_plain_fen(board, fen, length))
        return seebatch_succeed(error);
    return seebatch_fen_parse_fully(board, fen, length, error);
}

bool seebatch_is_uci_position(const char *text, size_t length)
{
    /* The first word compared where it starts, not walked to its end: a
     * FEN's first word is its whole placement, which every FEN read passes
     * through here. */
    static const char word[] = "position";
    size_t at = 0, n = sizeof word - 1;
    while (at < length && (text[at] == ' ' || text[at] == '\t'))
        at++;
    return length - at >= n && memcmp(text + at, word, n) == 0 &&
           (length - at == n || text[at + n] == ' ' || text[at + n] == '\t');
}

/* "fen F1 F2 F3 F4 [F5 F6]": the FEN's words up to "moves" or the end,
 * parsed as one FEN; *word, *n left at the word after it. */
static seebatch_status seebatch_uci_read_fen(seebatch_board *board, uci_words *w, const char **word,
                                             size_t *n, seebatch_error *error)
{
    size_t start = w->at, end = w->at;
    while ((*n = seebatch_uci_next_word(w, word)) != 0 && !seebatch_uci_word_is(*word, *n, "moves"))
        end = w->at;
    while (start < end && (w->text[start] == ' ' || w->text[start] == '\t'))
        start++;
    if (start == end)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN, "UCI position: no FEN after \"fen\"");
    if (end - start > SEEBATCH_FEN_INPUT_MAX)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN,
                             "UCI position: the FEN after \"fen\" is longer than 255 bytes");
    seebatch_error inner;
    if (seebatch_uci_board_of(board, w->text + start, end - start, &inner) != SEEBATCH_OK)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN, "UCI position: %s", inner.message);
    return SEEBATCH_OK;
}

/* The moves after "moves", each checked legal, then played (game_moves.c). */
static seebatch_status seebatch_uci_play_moves(seebatch_board *board, uci_words *w,
                                               seebatch_error *error)
{
    seebatch_game game = {*board, NULL, NULL, 0, 0};
    seebatch_error inner;
    if (seebatch_game_play_words(&game, w->text + w->at, w->length - w->at, false, &inner) !=
        SEEBATCH_OK)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN, "UCI position: %s", inner.message);
    *board = game.board; /* "moves" with none after it is the position itself, as engines read it */
    return SEEBATCH_OK;
}

seebatch_status seebatch_uci_position_read(seebatch_board *board, const char *text, size_t length,
                                           seebatch_error *error)
{
    uci_words w = {text, length, 0};
    const char *word;
    size_t n = seebatch_uci_next_word(&w, &word); /* "position" */
    n = seebatch_uci_next_word(&w, &word);
    seebatch_status status;
    if (seebatch_uci_word_is(word, n, "startpos")) {
        status = seebatch_uci_board_of(board, start_fen, sizeof start_fen - 1, error);
        n = seebatch_uci_next_word(&w, &word);
    } else if (seebatch_uci_word_is(word, n, "fen")) {
        status = seebatch_uci_read_fen(board, &w, &word, &n, error);
    } else {
        char shown[SHOWN_WORD_MAX + 4];
        return seebatch_fail(error, SEEBATCH_ERROR_FEN,
                             "UCI position: \"%s\" where startpos or fen belongs",
                             seebatch_uci_shown(word, n, shown));
    }
    if (status != SEEBATCH_OK)
        return status;
    if (n == 0)
        return seebatch_succeed(error);
    char shown[SHOWN_WORD_MAX + 4];
    if (!seebatch_uci_word_is(word, n, "moves"))
        return seebatch_fail(error, SEEBATCH_ERROR_FEN,
                             "UCI position: \"%s\" where moves or the end belongs",
                             seebatch_uci_shown(word, n, shown));
    status = seebatch_uci_play_moves(board, &w, error);
    return status == SEEBATCH_OK ? seebatch_succeed(error) : status;
}
