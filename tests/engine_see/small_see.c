/*
 * small_see: a small, plain SEE of its own, the engine under test in the
 * tests of the two ways in (programs/engine_see) and of the check. It
 * shares nothing with lib/: a 0x88 board, its own FEN and move readers,
 * attacks found by walking rays, the swap list engines write. Its rules by
 * default are seebatch's `--values 100,300,300,500,900 --pins
 * --promotions=move` (the SEE contract, include/seebatch.h); words change
 * them, plant one of eight classic bugs, or make it misbehave:
 *
 *   --values P,N,B,R,Q   --pins | --no-pins   --promotions none|move|all
 *   --stop-when-ahead    --normal-moves-only
 *   --bug xray|pins|promotion|en-passant|king|order|off-by-one|early-stop
 *   --crash-at N  --hang-at N  --exit-at N  --garbage-at N  (question N, from 1;
 *   the program exits with status 3, the plug-in with 0; its garbage is 7)
 *   --extra-line (a line after the last answer)  --short (no answer to question 1)
 *   --answer-at N:TEXT  the answer to question N is TEXT (%s a blank, %t a tab,
 *                       %r a carriage return: no shell reads %); the plug-in's see_ge
 *                       returns it as a number
 *   --twice-at N        the line program answers question N twice
 *   --answer blind|one|zero|random   answers no SEE gives: 1 when the threshold is
 *                       at most 0 (values 0), never reading the board; 1 always; 0
 *                       always; a coin each question (values -1000..1000)
 *
 * Built twice from this file: the line-protocol program (reads
 * "FEN;move;threshold" or "FEN;move" lines, writes 0/1 or the value) and,
 * with SMALL_SEE_PLUGIN, a plug-in (include/seebatch_plugin.h) whose open
 * takes the same words; SMALL_SEE_ABI, SMALL_SEE_NO_SEE_GE and
 * SMALL_SEE_NO_SEE_VALUE make the faulty plug-ins of the tests.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seebatch_plugin.h"

#if defined(_WIN32)
#include <io.h>
#include <windows.h>
#define read_input(buffer, size) _read(0, buffer, (unsigned)(size))
static void sleep_a_second(void) { Sleep(1000); }
#else
#include <time.h>
#include <unistd.h>
#define read_input(buffer, size) read(0, buffer, size)
static void sleep_a_second(void)
{
    struct timespec second = {1, 0};
    nanosleep(&second, NULL);
}
#endif

/* ------------------------------------------------------------------------ */
/* Rules and words                                                          */
/* ------------------------------------------------------------------------ */

enum bug {
    BUG_NONE,
    BUG_XRAY,       /* sliders behind a piece that has left never join */
    BUG_PINS,       /* --pins ignored */
    BUG_PROMOTION,  /* the move's promotion not counted */
    BUG_EN_PASSANT, /* the victim looked for on the destination */
    BUG_KING,       /* a king captures into attack */
    BUG_ORDER,      /* the queen tried before the rook */
    BUG_OFF_BY_ONE, /* see_ge answers value > threshold */
    BUG_EARLY_STOP  /* the exchange broken off whenever the capturer is ahead */
};
static const char *const bug_names[] = {"",     "xray",  "pins",       "promotion", "en-passant",
                                        "king", "order", "off-by-one", "early-stop"};

enum { PROMOTE_NONE, PROMOTE_MOVE, PROMOTE_ALL };

typedef struct rules {
    int value[7]; /* by piece type, 1 pawn .. 5 queen; the king's 0 */
    bool pins, stop_when_ahead, normal_only;
    int promotions;
    enum bug bug;
    long crash_at, hang_at, exit_at, garbage_at; /* 0: never */
    bool extra_line, short_answer;
    long answer_at, twice_at;
    char answer_text[32];
    int nonsense; /* an index of nonsense_names; 0: none */
} rules;

static const char *const nonsense_names[] = {"", "blind", "one", "zero", "random"};
enum { NONSENSE_BLIND = 1, NONSENSE_ONE, NONSENSE_ZERO, NONSENSE_RANDOM };

static rules default_rules(void)
{
    rules r;
    memset(&r, 0, sizeof r);
    int values[7] = {0, 100, 300, 300, 500, 900, 0};
    memcpy(r.value, values, sizeof values);
    r.pins = true;
    r.promotions = PROMOTE_MOVE;
    return r;
}

static bool read_values(rules *r, const char *text)
{
    char *end;
    for (int type = 1; type <= 5; type++) {
        long value = strtol(text, &end, 10);
        if (end == text || value < 0 || value > 4000000 || *end != (type < 5 ? ',' : '\0'))
            return false;
        r->value[type] = (int)value;
        text = end + 1;
    }
    return true;
}

static bool read_count(long *count, const char *text)
{
    char *end;
    *count = text ? strtol(text, &end, 10) : 0;
    return text && end != text && *end == '\0' && *count > 0;
}

/* "N:TEXT", its escapes decoded. */
static bool read_answer_at(rules *r, const char *text)
{
    char *end;
    r->answer_at = strtol(text, &end, 10);
    if (end == text || *end != ':' || r->answer_at <= 0)
        return false;
    size_t n = 0;
    for (const char *at = end + 1; *at && n + 1 < sizeof r->answer_text; at++) {
        char c = *at;
        if (c == '%' && at[1]) {
            c = *++at;
            c = c == 's' ? ' ' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
        }
        r->answer_text[n++] = c;
    }
    r->answer_text[n] = '\0';
    return true;
}

/* One word and, for those that take one, its argument; false when unknown. */
static bool read_word(rules *r, const char *word, const char *argument, int *used)
{
    *used = 1;
    if (!strcmp(word, "--pins") || !strcmp(word, "--no-pins"))
        return r->pins = !strcmp(word, "--pins"), true;
    if (!strcmp(word, "--stop-when-ahead"))
        return r->stop_when_ahead = true;
    if (!strcmp(word, "--normal-moves-only"))
        return r->normal_only = true;
    if (!strcmp(word, "--extra-line"))
        return r->extra_line = true;
    if (!strcmp(word, "--short"))
        return r->short_answer = true;
    *used = 2;
    if (!argument)
        return false;
    if (!strcmp(word, "--values"))
        return read_values(r, argument);
    if (!strcmp(word, "--promotions")) {
        const char *names[] = {"none", "move", "all"};
        for (int i = 0; i < 3; i++)
            if (!strcmp(argument, names[i]))
                return r->promotions = i, true;
        return false;
    }
    if (!strcmp(word, "--answer-at"))
        return read_answer_at(r, argument);
    if (!strcmp(word, "--twice-at"))
        return read_count(&r->twice_at, argument);
    if (!strcmp(word, "--answer")) {
        for (int i = 1; i <= NONSENSE_RANDOM; i++)
            if (!strcmp(argument, nonsense_names[i]))
                return r->nonsense = i, true;
        return false;
    }
    if (!strcmp(word, "--bug")) {
        for (int i = 1; i <= BUG_EARLY_STOP; i++)
            if (!strcmp(argument, bug_names[i]))
                return r->bug = (enum bug)i, true;
        return false;
    }
    long *counts[] = {&r->crash_at, &r->hang_at, &r->exit_at, &r->garbage_at};
    const char *names[] = {"--crash-at", "--hang-at", "--exit-at", "--garbage-at"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(word, names[i]))
            return read_count(counts[i], argument);
    return false;
}

/* The words, or false with the first one not understood in *bad. */
static bool read_words(rules *r, int count, char **words, const char **bad)
{
    *r = default_rules();
    for (int i = 0; i < count;) {
        int used;
        *bad = words[i];
        if (!read_word(r, words[i], i + 1 < count ? words[i + 1] : NULL, &used))
            return false;
        i += used;
    }
    return true;
}

/* ------------------------------------------------------------------------ */
/* The board: 0x88, a square rank * 16 + file                               */
/* ------------------------------------------------------------------------ */

enum { EMPTY = 0, PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING, BLACK = 8 };

typedef struct board {
    unsigned char square[128];
    int king[2], kings[2]; /* a king's square and how many, by colour */
} board;

static int type_of(int piece) { return piece & 7; }
static int color_of(int piece) { return piece >> 3; } /* 0 white, 1 black */
static bool off_board(int square) { return (square & 0x88) != 0; }

static int piece_of_letter(char letter)
{
    const char *letters = "PNBRQKpnbrqk";
    const char *at = strchr(letters, letter);
    if (!at || !letter)
        return -1;
    int index = (int)(at - letters);
    return (index % 6 + 1) | (index >= 6 ? BLACK : 0);
}

/* The placement field; the rest is read only as far as SEE needs. */
static bool read_fen(board *b, const char *fen)
{
    memset(b, 0, sizeof *b);
    int rank = 7, file = 0;
    for (; *fen && *fen != ' '; fen++) {
        if (*fen == '/') {
            if (file != 8 || rank == 0)
                return false;
            rank--;
            file = 0;
        } else if (*fen >= '1' && *fen <= '8') {
            file += *fen - '0';
        } else {
            int piece = piece_of_letter(*fen);
            if (piece < 0 || file > 7)
                return false;
            if (type_of(piece) == KING) {
                b->king[color_of(piece)] = rank * 16 + file;
                b->kings[color_of(piece)]++;
            }
            b->square[rank * 16 + file++] = (unsigned char)piece;
        }
        if (file > 8)
            return false;
    }
    return rank == 0 && file == 8 && fen[0] == ' ' && (fen[1] == 'w' || fen[1] == 'b');
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

enum { NORMAL, PROMOTION, EN_PASSANT, CASTLING };

typedef struct move {
    int from, to; /* 0x88 */
    int kind;
    int promotion; /* the piece type named */
} move;

static int read_square(const char *text)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return -1;
    return (text[1] - '1') * 16 + (text[0] - 'a');
}

/* A UCI move on b: false for one no piece of b could make as written. */
static bool read_move(const board *b, const char *text, move *m)
{
    size_t length = strlen(text);
    m->from = length >= 4 ? read_square(text) : -1;
    m->to = length >= 4 ? read_square(text + 2) : -1;
    if (m->from < 0 || m->to < 0 || m->from == m->to || length > 5)
        return false;
    int mover = b->square[m->from], target = b->square[m->to];
    if (mover == EMPTY)
        return false;
    m->kind = NORMAL;
    m->promotion = 0;
    bool own_target = target != EMPTY && color_of(target) == color_of(mover);
    int files = (m->to & 7) - (m->from & 7);
    if (type_of(mover) == KING && (m->to >> 4) == (m->from >> 4) &&
        ((own_target && type_of(target) == ROOK) || files == 2 || files == -2)) {
        m->kind = CASTLING;
        return true;
    }
    if (own_target)
        return false;
    if (length == 5) {
        const char *letters = "nbrq";
        const char *at = strchr(letters, text[4]);
        if (!at || !text[4] || type_of(mover) != PAWN)
            return false;
        m->kind = PROMOTION;
        m->promotion = KNIGHT + (int)(at - letters);
    } else if (type_of(mover) == PAWN && files != 0 && target == EMPTY) {
        m->kind = EN_PASSANT;
    }
    return true;
}

/* ------------------------------------------------------------------------ */
/* Attacks                                                                  */
/* ------------------------------------------------------------------------ */

static const int knight_steps[8] = {-33, -31, -18, -14, 14, 18, 31, 33};
static const int king_steps[8] = {-17, -16, -15, -1, 1, 15, 16, 17};
static const int diagonal_steps[4] = {-17, -15, 15, 17};
static const int straight_steps[4] = {-16, -1, 1, 16};

/* What the exchange is played on: the board as it stands, and the board
 * whose pieces block lines (the same, but under the x-ray bug). */
typedef struct exchange {
    board now;
    board blocking;
    int to;
    const rules *r;
    bool blocker[2][128]; /* rule 5, by side */
    int pinner[2][16];    /* the pinners' squares, by the side they pin */
    int pinners[2];
} exchange;

static bool blocks(const exchange *x, int square)
{
    return (x->r->bug == BUG_XRAY ? x->blocking.square[square] : x->now.square[square]) != EMPTY;
}

/* The lowest square from which a `type` of `side` attacks x->to along
 * steps (sliding or not), or -1; pinned blockers left out when skip. */
static int lowest_attacker(const exchange *x, int side, int type, const int *steps, int count,
                           bool slide, bool skip_pinned)
{
    int best = -1;
    for (int i = 0; i < count; i++) {
        int square = x->to + steps[i];
        while (slide && !off_board(square) && !blocks(x, square))
            square += steps[i];
        if (off_board(square))
            continue;
        int piece = x->now.square[square];
        if (piece != EMPTY && color_of(piece) == side && type_of(piece) == type &&
            (!skip_pinned || !x->blocker[side][square]) && (best < 0 || square < best))
            best = square;
    }
    return best;
}

static int pawn_attacker(const exchange *x, int side, bool skip_pinned)
{
    /* A white pawn attacks the squares 15 and 17 above it. */
    int below = side == 0 ? -1 : 1;
    int steps[2] = {below * 17, below * 15};
    int best = -1;
    for (int i = 0; i < 2; i++) {
        int square = x->to + steps[i];
        if (!off_board(square) && x->now.square[square] == (PAWN | (side ? BLACK : 0)) &&
            (!skip_pinned || !x->blocker[side][square]) && (best < 0 || square < best))
            best = square;
    }
    return best;
}

/* The square of side's attacker of `type` on x->to, or -1. */
static int attacker_of_type(const exchange *x, int side, int type, bool skip_pinned)
{
    switch (type) {
    case PAWN:
        return pawn_attacker(x, side, skip_pinned);
    case KNIGHT:
        return lowest_attacker(x, side, KNIGHT, knight_steps, 8, false, skip_pinned);
    case KING:
        return lowest_attacker(x, side, KING, king_steps, 8, false, skip_pinned);
    case BISHOP:
        return lowest_attacker(x, side, BISHOP, diagonal_steps, 4, true, skip_pinned);
    case ROOK:
        return lowest_attacker(x, side, ROOK, straight_steps, 4, true, skip_pinned);
    default: {
        int a = lowest_attacker(x, side, QUEEN, diagonal_steps, 4, true, skip_pinned);
        int b = lowest_attacker(x, side, QUEEN, straight_steps, 4, true, skip_pinned);
        return a < 0 ? b : b < 0 ? a : (a < b ? a : b);
    }
    }
}

/* Is a pinner of side still on its own square (rule 5)? */
static bool pinned_down(const exchange *x, int side)
{
    for (int i = 0; i < x->pinners[side]; i++)
        if (x->pinner[side][i] != x->to && x->now.square[x->pinner[side][i]] != EMPTY)
            return true;
    return false;
}

/* The square side captures from next, least valuable first, or -1. */
static int next_attacker(const exchange *x, int side)
{
    bool skip = x->r->pins && x->r->bug != BUG_PINS && pinned_down(x, side);
    static const int order[6] = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING};
    static const int swapped[6] = {PAWN, KNIGHT, BISHOP, QUEEN, ROOK, KING};
    const int *types = x->r->bug == BUG_ORDER ? swapped : order;
    for (int i = 0; i < 6; i++) {
        int found = attacker_of_type(x, side, types[i], skip);
        if (found >= 0)
            return found;
    }
    return -1;
}

static bool attacked_by(const exchange *x, int side)
{
    for (int type = PAWN; type <= KING; type++)
        if (attacker_of_type(x, side, type, false) >= 0)
            return true;
    return false;
}

/* Rule 5 for one side, on the board before the move: walking out from its
 * one king, enemy sliders of the line are lifted off; one with exactly one
 * piece between it and the king makes that piece a blocker, a pinner when
 * the blocker is the king's own. */
static void find_pins(exchange *x, int side)
{
    int king = x->now.king[side];
    if (x->now.kings[side] != 1)
        return;
    for (int i = 0; i < 8; i++) {
        int step = king_steps[i];
        bool diagonal = step == 17 || step == -17 || step == 15 || step == -15;
        int between = 0, last = -1;
        for (int square = king + step; !off_board(square); square += step) {
            int piece = x->now.square[square];
            if (piece == EMPTY)
                continue;
            int type = type_of(piece);
            bool sniper =
                color_of(piece) != side && (type == QUEEN || type == (diagonal ? BISHOP : ROOK));
            if (!sniper) {
                between++;
                last = square;
            } else if (between == 1) {
                x->blocker[side][last] = true;
                if (color_of(x->now.square[last]) == side)
                    x->pinner[side][x->pinners[side]++] = square;
            }
        }
    }
}

/* ------------------------------------------------------------------------ */
/* The exchange                                                             */
/* ------------------------------------------------------------------------ */

static int value_of(const rules *r, int piece) { return piece ? r->value[type_of(piece)] : 0; }

/* The first move, played: its gain, the exchange made ready. */
static int first_gain(exchange *x, const move *m, int *mover)
{
    const rules *r = x->r;
    *mover = x->now.square[m->from];
    int gain = value_of(r, x->now.square[m->to]);
    if (m->kind == EN_PASSANT && r->bug != BUG_EN_PASSANT) {
        int victim = m->to + (color_of(*mover) == 0 ? -16 : 16);
        gain = value_of(r, x->now.square[victim]);
        x->now.square[victim] = EMPTY;
    }
    int arriving = *mover;
    if (m->kind == PROMOTION && r->promotions != PROMOTE_NONE && r->bug != BUG_PROMOTION) {
        arriving = m->promotion | (*mover & BLACK);
        gain += r->value[m->promotion] - r->value[PAWN];
    }
    x->now.square[m->from] = EMPTY;
    x->now.square[m->to] = (unsigned char)arriving;
    return gain;
}

/* Captures on to after the first move, each side's balance in gain[1..]:
 * returns how many were made. */
static int play_captures(exchange *x, int side, int *gain)
{
    const rules *r = x->r;
    int d = 0;
    for (;;) {
        int from = next_attacker(x, side);
        if (from < 0)
            break;
        int piece = x->now.square[from];
        if (type_of(piece) == KING && r->bug != BUG_KING && attacked_by(x, side ^ 1))
            break;
        d++;
        gain[d] = value_of(r, x->now.square[x->to]) - gain[d - 1];
        int last_rank = side == 0 ? 7 : 0;
        if (r->promotions == PROMOTE_ALL && type_of(piece) == PAWN && (x->to >> 4) == last_rank) {
            piece = QUEEN | (piece & BLACK);
            gain[d] += r->value[QUEEN] - r->value[PAWN];
        }
        x->now.square[from] = EMPTY;
        x->now.square[x->to] = (unsigned char)piece;
        if (type_of(piece) == KING)
            break;
        if (r->stop_when_ahead && gain[d] - value_of(r, piece) > 0)
            break;
        if (r->bug == BUG_EARLY_STOP && gain[d] > 0)
            break;
        side ^= 1;
    }
    return d;
}

static int see_value(const rules *r, const board *b, const move *m)
{
    if (m->kind == CASTLING || (r->normal_only && m->kind != NORMAL))
        return 0;
    static exchange x; /* large; one call at a time */
    memset(&x, 0, sizeof x);
    x.now = *b;
    x.blocking = *b;
    x.to = m->to;
    x.r = r;
    if (r->pins) {
        find_pins(&x, 0);
        find_pins(&x, 1);
    }
    int mover, gain[64];
    gain[0] = first_gain(&x, m, &mover);
    if (type_of(mover) == KING)
        return gain[0];
    int d = play_captures(&x, color_of(mover) ^ 1, gain);
    for (; d > 0; d--)
        gain[d - 1] = -gain[d - 1] > gain[d] ? gain[d - 1] : -gain[d];
    return gain[0];
}

/* Answers no SEE gives, when asked to: true with *answer set. */
static bool nonsense(const rules *r, bool values, int threshold, int *answer)
{
    static uint64_t coin = 0x9E3779B97F4A7C15u;
    coin ^= coin << 13;
    coin ^= coin >> 7;
    coin ^= coin << 17;
    switch (r->nonsense) {
    case NONSENSE_BLIND:
        return *answer = values ? 0 : threshold <= 0, true;
    case NONSENSE_ONE:
        return *answer = 1, true;
    case NONSENSE_ZERO:
        return *answer = 0, true;
    case NONSENSE_RANDOM:
        return *answer = values ? (int)(coin % 2001) - 1000 : (int)(coin >> 63), true;
    default:
        return false;
    }
}

#if !defined(SMALL_SEE_PLUGIN) || !defined(SMALL_SEE_NO_SEE_VALUE)
static int answer_value(const rules *r, const board *b, const move *m)
{
    int answer;
    return nonsense(r, true, 0, &answer) ? answer : see_value(r, b, m);
}
#endif

#if !defined(SMALL_SEE_PLUGIN) || !defined(SMALL_SEE_NO_SEE_GE)
static int see_at_least(const rules *r, const board *b, const move *m, int threshold)
{
    int answer;
    if (nonsense(r, false, threshold, &answer))
        return answer;
    int value = see_value(r, b, m);
    return r->bug == BUG_OFF_BY_ONE ? value > threshold : value >= threshold;
}
#endif

/* ------------------------------------------------------------------------ */
/* Misbehaving, at question `asked`                                         */
/* ------------------------------------------------------------------------ */

#if defined(_WIN32) && !defined(SMALL_SEE_PLUGIN)
/* The process ended with the exception's code, as Windows ends it, without
 * the debugger wine would start (which writes its report to stdout). */
static LONG WINAPI end_as_windows_does(EXCEPTION_POINTERS *exception)
{
    TerminateProcess(GetCurrentProcess(), exception->ExceptionRecord->ExceptionCode);
    return EXCEPTION_EXECUTE_HANDLER;
}
#endif

static void misbehave(const rules *r, long asked)
{
    if (asked == r->crash_at) {
        fflush(stdout);
#if defined(SMALL_SEE_PLUGIN)
        /* The host's guard names it. */
#elif defined(_WIN32)
        SetUnhandledExceptionFilter(end_as_windows_does);
#else
        signal(SIGSEGV, SIG_DFL); /* the program dies of it, even under a sanitizer */
#endif
        /* A wild store, not through NULL, which UBSan would stop first. */
        *(volatile int *)(uintptr_t)(16 + asked - r->crash_at) = 1;
    }
    if (asked == r->hang_at) {
        fflush(stdout);
        for (;;)
            sleep_a_second();
    }
    if (asked == r->exit_at) {
        fflush(stdout);
#if defined(SMALL_SEE_PLUGIN)
        exit(0); /* the host's status, as if its run had ended well: the guard must say otherwise */
#else
        exit(3);
#endif
    }
}

#if !defined(SMALL_SEE_PLUGIN)
/* ------------------------------------------------------------------------ */
/* The line-protocol program                                                */
/* ------------------------------------------------------------------------ */

/* The answer to one line "FEN;move;threshold" or "FEN;move" into out;
 * false (a message on stderr) for a line it cannot read. */
static bool answer_line(const rules *r, char *line, long asked, char *out, size_t size)
{
    static char last_fen[1024];
    static board b;
    char *move_text = strchr(line, ';');
    char *threshold = move_text ? strchr(move_text + 1, ';') : NULL;
    if (!move_text || strlen(line) >= sizeof last_fen) {
        fprintf(stderr, "small_see: question %ld: not FEN;move[;threshold]\n", asked);
        return false;
    }
    *move_text++ = '\0';
    if (threshold)
        *threshold++ = '\0';
    if (strcmp(line, last_fen) != 0) {
        last_fen[0] = '\0';
        if (!read_fen(&b, line)) {
            fprintf(stderr, "small_see: question %ld: bad FEN\n", asked);
            return false;
        }
        strcpy(last_fen, line);
    }
    move m;
    if (!read_move(&b, move_text, &m)) {
        fprintf(stderr, "small_see: question %ld: bad move %s\n", asked, move_text);
        return false;
    }
    if (threshold)
        snprintf(out, size, "%d\n", see_at_least(r, &b, &m, atoi(threshold)));
    else
        snprintf(out, size, "%d\n", answer_value(r, &b, &m));
    if (asked == r->garbage_at)
        snprintf(out, size, "x\001yz\n");
    if (asked == r->answer_at)
        snprintf(out, size, "%s\n", r->answer_text);
    size_t once = strlen(out);
    if (asked == r->twice_at && 2 * once < size) {
        memcpy(out + once, out, once);
        out[2 * once] = '\0';
    }
    return true;
}

/* Answers every whole line of buffer[0..*have), keeping the rest. */
static bool answer_lines(const rules *r, char *buffer, size_t *have, long *asked)
{
    char *start = buffer, *end;
    while ((end = memchr(start, '\n', (size_t)(buffer + *have - start)))) {
        *end = '\0';
        if (end > start && end[-1] == '\r')
            end[-1] = '\0';
        ++*asked;
        misbehave(r, *asked);
        char out[80];
        if (!answer_line(r, start, *asked, out, sizeof out))
            return false;
        if (!(r->short_answer && *asked == 1))
            fputs(out, stdout);
        start = end + 1;
    }
    *have = (size_t)(buffer + *have - start);
    memmove(buffer, start, *have);
    return true;
}

int main(int argc, char **argv)
{
    rules r;
    const char *bad;
    if (!read_words(&r, argc - 1, argv + 1, &bad)) {
        fprintf(stderr, "small_see: a word not understood: %s\n", bad);
        return 2;
    }
    static char buffer[1 << 16];
    size_t have = 0;
    long asked = 0;
    for (;;) {
        if (!answer_lines(&r, buffer, &have, &asked))
            return 2;
        /* Every line read is answered: flushed before waiting for more. */
        fflush(stdout);
        if (have == sizeof buffer) {
            fprintf(stderr, "small_see: a line over %zu bytes\n", sizeof buffer);
            return 2;
        }
        long got = (long)read_input(buffer + have, sizeof buffer - have);
        if (got <= 0)
            break;
        have += (size_t)got;
    }
    if (r.extra_line)
        fputs("1\n", stdout);
    return fflush(stdout) == 0 ? 0 : 1;
}

#else
/* ------------------------------------------------------------------------ */
/* The plug-in                                                              */
/* ------------------------------------------------------------------------ */

#ifndef SMALL_SEE_ABI
#define SMALL_SEE_ABI SEEBATCH_PLUGIN_ABI
#endif

static rules plugin_rules;
static long plugin_asked;

SEEBATCH_PLUGIN_EXPORT int seebatch_plugin_abi(void) { return SMALL_SEE_ABI; }

SEEBATCH_PLUGIN_EXPORT int seebatch_plugin_open(const char *options, char *message,
                                                size_t message_size)
{
    static char copy[4096];
    char *words[64];
    int count = 0;
    snprintf(copy, sizeof copy, "%s", options);
    for (char *word = strtok(copy, " \t"); word && count < 64; word = strtok(NULL, " \t"))
        words[count++] = word;
    const char *bad;
    plugin_asked = 0;
    if (!read_words(&plugin_rules, count, words, &bad)) {
        snprintf(message, message_size, "small_see: a word not understood: %s", bad);
        return 2;
    }
    return 0;
}

SEEBATCH_PLUGIN_EXPORT void *seebatch_plugin_position(const char *fen)
{
    board *b = malloc(sizeof *b);
    if (b && !read_fen(b, fen)) {
        free(b);
        b = NULL;
    }
    return b;
}

SEEBATCH_PLUGIN_EXPORT int seebatch_plugin_move(void *position, const char *uci, uint32_t *out)
{
    move m;
    if (!read_move(position, uci, &m))
        return 1;
    *out = (uint32_t)m.from | (uint32_t)m.to << 8 | (uint32_t)m.kind << 16 |
           (uint32_t)m.promotion << 24;
    return 0;
}

static move move_of(uint32_t code)
{
    return (move){(int)(code & 0xff), (int)(code >> 8 & 0xff), (int)(code >> 16 & 0xff),
                  (int)(code >> 24)};
}

#if !defined(SMALL_SEE_NO_SEE_GE)
SEEBATCH_PLUGIN_EXPORT int seebatch_plugin_see_ge(void *position, uint32_t code, int32_t threshold)
{
    misbehave(&plugin_rules, ++plugin_asked);
    if (plugin_asked == plugin_rules.garbage_at)
        return 7;
    if (plugin_asked == plugin_rules.answer_at)
        return atoi(plugin_rules.answer_text);
    move m = move_of(code);
    return see_at_least(&plugin_rules, position, &m, threshold);
}
#endif

#if !defined(SMALL_SEE_NO_SEE_VALUE)
SEEBATCH_PLUGIN_EXPORT int32_t seebatch_plugin_see_value(void *position, uint32_t code)
{
    misbehave(&plugin_rules, ++plugin_asked);
    move m = move_of(code);
    return answer_value(&plugin_rules, position, &m);
}
#endif

SEEBATCH_PLUGIN_EXPORT void seebatch_plugin_position_free(void *position) { free(position); }

SEEBATCH_PLUGIN_EXPORT void seebatch_plugin_close(void) {}
#endif
