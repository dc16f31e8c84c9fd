#include "game_faults.h"

#include <stdio.h>
#include <string.h>

#include "eval_records.h" /* game_ply */

/* The most bytes of a word a message shows, as the library shows a move's. */
enum { WORD_SHOWN_MAX = 32 };

static const char pgn_advice[] =
    "convert the PGN first: pgn-extract -Wuci --quiet G.pgn | seebatch eval --games "
    "(Debian package pgn-extract, installed as /usr/games/pgn-extract)";

static bool is_blank(char c) { return c == ' ' || c == '\t'; }
static bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool is_rank(char c) { return c >= '1' && c <= '8'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_one_of(char c, const char *set) { return c != '\0' && strchr(set, c) != NULL; }

/* The next word from *at: its start in *word and its length (0 at the end). */
static size_t next_word(const char *text, size_t length, size_t *at, const char **word)
{
    while (*at < length && is_blank(text[*at]))
        (*at)++;
    size_t start = *at;
    while (*at < length && !is_blank(text[*at]))
        (*at)++;
    *word = text + start;
    return *at - start;
}

static bool is_game_result(const char *word, size_t length)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (length == strlen(results[i]) && memcmp(word, results[i], length) == 0)
            return true;
    return false;
}

/* A move in SAN (Nf3, exd5, e8=Q, O-O-O, Qxe2+): never a UCI move, which
 * starts with a square and names two. */
static bool is_san(const char *word, size_t length)
{
    static const char *const castlings[] = {"O-O", "O-O-O", "0-0", "0-0-0"};
    while (length > 0 && is_one_of(word[length - 1], "+#!?"))
        length--;
    for (size_t i = 0; i < sizeof castlings / sizeof castlings[0]; i++)
        if (length == strlen(castlings[i]) && memcmp(word, castlings[i], length) == 0)
            return true;
    if (length >= 3 && is_one_of(word[0], "KQRBN")) { /* a piece: [file][rank][x]square */
        size_t end = length - 2, i = 1;
        if (!is_file(word[end]) || !is_rank(word[end + 1]))
            return false;
        if (end > i && word[end - 1] == 'x')
            end--;
        i += i < end && is_file(word[i]);
        i += i < end && is_rank(word[i]);
        return i == end;
    }
    if (length >= 3 && is_one_of(word[length - 1], "QRBN")) /* a pawn's promotion, e8=Q or e8Q */
        length -= word[length - 2] == '=' ? 2 : 1;
    if (length == 4 && is_file(word[0]) && word[1] == 'x') /* a pawn's capture: exd5 */
        word += 2, length -= 2;
    return length == 2 && is_file(word[0]) && is_rank(word[1]);
}

/* What a word of PGN movetext is, or NULL for none. */
static const char *pgn_word_kind(const char *word, size_t length)
{
    if (length == 0)
        return NULL;
    size_t digits = 0;
    while (digits < length && is_digit(word[digits]))
        digits++;
    if (digits > 0 && digits < length && word[digits] == '.')
        return "a move number";
    if (word[0] == '{' || word[0] == '}' || word[0] == ';')
        return "a comment";
    if (word[0] == '$' && length > 1 && is_digit(word[1]))
        return "a NAG";
    if (word[0] == '(' || word[0] == ')')
        return "a variation";
    return is_san(word, length) ? "a move in SAN" : NULL;
}

bool continues_pgn_movetext(const char *text, size_t length)
{
    size_t at = 0;
    const char *word;
    size_t n = next_word(text, length, &at, &word);
    return n > 0 && (pgn_word_kind(word, n) || is_game_result(word, n));
}

/* The word as a message shows it: control and other bytes as '?', at most
 * WORD_SHOWN_MAX of them, then "...". */
static const char *shown_word(const char *word, size_t length, char out[WORD_SHOWN_MAX + 4])
{
    size_t n = 0;
    for (; n < WORD_SHOWN_MAX && n < length; n++)
        out[n] = word[n] >= 0x20 && word[n] < 0x7f ? word[n] : '?';
    if (n < length)
        out[n++] = '.', out[n++] = '.', out[n++] = '.';
    out[n] = '\0';
    return out;
}

/* Appends text at *used, cut to fit. */
static void put_text(char *message, size_t size, size_t *used, const char *text)
{
    int n = snprintf(message + *used, size - *used, "%s", text);
    if (n > 0)
        *used = *used + (size_t)n < size ? *used + (size_t)n : size - 1;
}

/* Plies first..last ("ply 5", "plies 1 to 4"), then after: appended at *used. */
static void put_plies(char *message, size_t size, size_t *used, unsigned long long first,
                      unsigned long long last, const char *after)
{
    char plies[64];
    if (first == last)
        snprintf(plies, sizeof plies, "ply %llu%s", first, after);
    else
        snprintf(plies, sizeof plies, "plies %llu to %llu%s", first, last, after);
    put_text(message, size, used, plies);
}

/* The word at fault (the played-th from 0) and the plies from it on (a
 * result ending the text is none: the game's own end). */
static size_t plies_from_fault(const game_stop *stop, const char **bad, size_t *bad_length)
{
    size_t at = 0, index = 0, count = 0, n;
    const char *word;
    *bad = stop->moves;
    *bad_length = 0;
    while ((n = next_word(stop->moves, stop->moves_length, &at, &word)) != 0) {
        if (index == stop->played)
            *bad = word, *bad_length = n;
        if (index++ >= stop->played)
            count += !(at >= stop->moves_length && is_game_result(word, n));
    }
    return count ? count : 1;
}

/* The library's why, its "move N" (N from 1 in the text) made the ply the
 * records number. */
static void name_bad_move(const game_stop *stop, unsigned long long ply, char *message, size_t size)
{
    char counted[32];
    int prefix = snprintf(counted, sizeof counted, "move %zu ", stop->played + 1);
    bool ours = prefix > 0 && strncmp(stop->why, counted, (size_t)prefix) == 0;
    snprintf(message, size, "ply %llu %s", ply, ours ? stop->why + prefix : stop->why);
}

bool name_game_stop(const game_stop *stop, char *message, size_t size)
{
    const char *bad;
    size_t bad_length, after = plies_from_fault(stop, &bad, &bad_length);
    unsigned long long ply = game_ply(stop->at), first = ply - stop->played;
    const char *kind = pgn_word_kind(bad, bad_length);
    if (kind) {
        char shown[WORD_SHOWN_MAX + 4];
        snprintf(message, size, "ply %llu (%s) is PGN movetext (%s), not a UCI move: %s", ply,
                 shown_word(bad, bad_length, shown), kind, pgn_advice);
    } else {
        name_bad_move(stop, ply, message, size);
    }
    size_t used = strlen(message);
    put_text(message, size, &used, stop->played > 0 || !kind ? "; " : "");
    if (stop->played > 0)
        put_plies(message, size, &used, first, ply - 1, kind ? " scored" : " scored, ");
    if (!kind)
        put_plies(message, size, &used, ply, ply + after - 1,
                  stop->played > 0 ? " not" : " not scored");
    return kind != NULL;
}
