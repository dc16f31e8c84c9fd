/*
 * The filter's counts, found the slow and plain way, for tests/formats:
 * reads .plain text with its own line parsing, decides "in check" by walking
 * rays square by square on the board, "capture" from the piece standing on
 * the destination, SEE with the oracle (programs/checking/oracle.c), material
 * square by square, and nnue-pytorch's loader rules (placeholder zero,
 * win-rate model) and the random draws written again from their
 * definitions in docs/training-data.md, sharing nothing with the tool's
 * rules but the public FEN and UCI parsers.
 *
 * usage: oracle_count FILE.plain [RULE...] [seed=S] [repeat=N] [explain] [keep=OUT]
 * RULE: in-check capture see-ge=T promotion castling value-none placeholder
 *       early-ply=N filtered simple-eval=N random=N wld soft-early=N piece-count
 * prints what `seebatch filter` prints with the same rules (classic values)
 * for the file read N times in a row (default once), and writes the blocks
 * it keeps to OUT.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "platform/files.h"
#include "seebatch.h"

enum {
    IN_CHECK,
    CAPTURE,
    SEE_GE,
    PROMOTION,
    CASTLING,
    VALUE_NONE_RULE,
    PLACEHOLDER,
    EARLY_PLY,
    FILTERED,
    SIMPLE_EVAL,
    RANDOM,
    WLD,
    SOFT_EARLY,
    PIECE_COUNT,
    RULES
};
enum { VALUE_NONE = 32002 };

static const char *const names[RULES] = {
    "--skip-in-check",   "--skip-capture",     "--skip-see-ge",      "--skip-promotion",
    "--skip-castling",   "--skip-value-none",  "--skip-placeholder", "--skip-early-ply",
    "--skip-filtered",   "--skip-simple-eval", "--random-skip",      "--wld-skip",
    "--soft-early-skip", "--piece-count-skip"};
static const char *const words[RULES] = {"in-check",    "capture",      "see-ge=",     "promotion",
                                         "castling",    "value-none",   "placeholder", "early-ply=",
                                         "filtered",    "simple-eval=", "random=",     "wld",
                                         "soft-early=", "piece-count"};

typedef struct settings {
    int active[RULES];
    long value[RULES]; /* the number a rule takes */
    unsigned long long seed;
    int repeat, explain;
    FILE *keep;
} settings;

typedef struct entry {
    seebatch_board board;
    seebatch_move move;
    long score, ply, result;
} entry;

/* The piece on a square as (colour, type), or -1. */
static int piece_at(const seebatch_board *b, int square, int *color)
{
    for (int type = 0; type < 6; type++)
        if ((b->pieces[type] >> square) & 1) {
            *color = (int)((b->colors[1] >> square) & 1);
            return type;
        }
    return -1;
}

static int attacker_on(const seebatch_board *b, int file, int rank, int enemy, int type_a,
                       int type_b)
{
    if (file < 0 || file > 7 || rank < 0 || rank > 7)
        return 0;
    int color, type = piece_at(b, rank * 8 + file, &color);
    return type >= 0 && color == enemy && (type == type_a || type == type_b);
}

static int in_check(const seebatch_board *b)
{
    int us = b->side_to_move, enemy = 1 - us, king = -1, color;
    for (int s = 0; s < 64; s++)
        if (piece_at(b, s, &color) == SEEBATCH_KING && color == us)
            king = s;
    if (king < 0)
        return 0;
    int kf = king % 8, kr = king / 8, forward = us == 0 ? 1 : -1;
    static const int knight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int i = 0; i < 8; i++)
        if (attacker_on(b, kf + knight[i][0], kr + knight[i][1], enemy, SEEBATCH_KNIGHT,
                        SEEBATCH_KNIGHT))
            return 1;
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++) {
            if (!df && !dr)
                continue;
            if (attacker_on(b, kf + df, kr + dr, enemy, SEEBATCH_KING, SEEBATCH_KING))
                return 1;
            if (dr == forward && df &&
                attacker_on(b, kf + df, kr + dr, enemy, SEEBATCH_PAWN, SEEBATCH_PAWN))
                return 1;
            int diagonal = df && dr;
            for (int f = kf + df, r = kr + dr; f >= 0 && f < 8 && r >= 0 && r < 8;
                 f += df, r += dr) {
                int type = piece_at(b, r * 8 + f, &color);
                if (type < 0)
                    continue;
                if (color == enemy && (type == SEEBATCH_QUEEN ||
                                       type == (diagonal ? SEEBATCH_BISHOP : SEEBATCH_ROOK)))
                    return 1;
                break;
            }
        }
    return 0;
}

/* nnue-pytorch's Position::simple_eval, square by square, in 16 bits. */
static long simple_eval(const seebatch_board *b)
{
    static const long value[5] = {208, 781, 825, 1276, 2538};
    long sum = 0;
    for (int s = 0; s < 64; s++) {
        int color, type = piece_at(b, s, &color);
        if (type >= 0 && type < 5)
            sum += color == 0 ? value[type] : -value[type];
    }
    if (b->side_to_move == 1)
        sum = -sum;
    sum &= 0xFFFF;
    return sum >= 0x8000 ? sum - 0x10000 : sum;
}

/* TrainingDataEntry::score_result_prob: the win-rate model's probability of
 * the entry's result. */
static double result_probability(const entry *e)
{
    double m = (e->ply < 240 ? e->ply : 240) / 64.0;
    double a = -3.68389304 * m * m * m + 30.07065921 * m * m - 60.52878723 * m + 149.53378557;
    double b = 1.5 * (-2.0181857 * m * m * m + 15.85685038 * m * m - 29.83452023 * m + 47.59078827);
    double x = 100.0 * (double)e->score / 208.0;
    if (x > 2000)
        x = 2000;
    if (x < -2000)
        x = -2000;
    double w = 1 / (1 + exp((a - x) / b)), l = 1 / (1 + exp((a + x) / b));
    return e->result > 0 ? w : e->result < 0 ? l : 1 - w - l;
}

static uint64_t splitmix_final(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The draw of docs/training-data.md: words of the entry folded in order. */
static double draw(unsigned long long seed, int rule, const entry *e)
{
    const seebatch_board *b = &e->board;
    uint64_t words_in[10], h = splitmix_final(seed + 0x9e3779b97f4a7c15ull * (uint64_t)(rule + 1));
    for (int t = 0; t < 6; t++)
        words_in[t] = b->pieces[t];
    words_in[6] = b->colors[0];
    words_in[7] = b->colors[1];
    words_in[8] = b->side_to_move + ((uint64_t)b->en_passant << 8) + ((uint64_t)b->castling << 16) +
                  ((uint64_t)e->move << 24) + ((uint64_t)(e->score & 0xFFFF) << 40);
    words_in[9] = (uint64_t)e->ply + ((uint64_t)(e->result & 0xFF) << 16);
    for (int i = 0; i < 10; i++)
        h = splitmix_final(h ^ words_in[i]);
    return ldexp((double)(h >> 11), -53);
}

/* nnue-pytorch's soft early-ply schedule (make_skip_predicate): the chance
 * to keep an entry of each ply below N, a table as the loader makes it,
 * linear between its default points (0, .1) (6, .15) (10, .25) (18, .75)
 * and (N, 1), the first segment holding the ply taken. */
static double soft_keep[65536];

static void make_soft_keep(long n)
{
    const double px[5] = {0, 6, 10, 18, (double)n}, py[5] = {0.1, 0.15, 0.25, 0.75, 1.0};
    for (long ply = 0; ply <= n && ply < 65536; ply++) {
        double x = (double)ply, y = 1.0;
        if (x <= px[0]) {
            y = py[0];
        } else if (x >= px[4]) {
            y = py[4];
        } else {
            for (int i = 0; i < 4; i++) {
                if (x >= px[i] && x <= px[i + 1]) {
                    y = px[i + 1] == px[i]
                            ? py[i]
                            : py[i] + (x - px[i]) / (px[i + 1] - px[i]) * (py[i + 1] - py[i]);
                    break;
                }
            }
        }
        soft_keep[ply] = y < 0 ? 0 : y > 1 ? 1 : y;
    }
}

/* nnue-pytorch's piece-count filter: target weights from its five-point
 * Hermite spline (default points 0, .4, 1, 1, .75 at 0, 8, ..., 32), and
 * what it remembers of the entries that reached it. */
static double target[33], target_total;
static double pc_all[33], pc_all_total, pc_alpha = 1.0;
static unsigned long long pc_steps;

static void make_targets(void)
{
    const double y[5] = {0.0, 0.4, 1.0, 1.0, 0.75};
    for (int pc = 0; pc <= 32; pc++) {
        double x = pc, v;
        if (x <= 0) {
            v = y[0];
        } else if (x >= 32) {
            v = y[4];
        } else {
            int i = (int)(x / 8.0);
            if (i > 3)
                i = 3;
            double t = (x - i * 8.0) / 8.0;
            double m[2];
            for (int k = 0; k < 2; k++) {
                int idx = i + k;
                m[k] = idx == 0   ? y[1] - y[0]
                       : idx == 4 ? y[4] - y[3]
                                  : (y[idx + 1] - y[idx - 1]) / 2.0;
            }
            v = (2 * t * t * t - 3 * t * t + 1) * y[i] + (t * t * t - 2 * t * t + t) * m[0] +
                (-2 * t * t * t + 3 * t * t) * y[i + 1] + (t * t * t - t * t) * m[1];
            if (v < 0)
                v = 0;
        }
        target[pc] = v;
        target_total += v;
    }
    if (target_total <= 0) {
        for (int pc = 0; pc <= 32; pc++)
            target[pc] = 1.0;
        target_total = 33;
    }
}

/* Whether the piece-count filter skips the entry (one that reached it). */
static int piece_count_skips(const settings *s, const entry *e)
{
    int pc = 0;
    for (int sq = 0; sq < 64; sq++)
        pc += (int)(((e->board.colors[0] | e->board.colors[1]) >> sq) & 1);
    if (pc > 32)
        return 1;
    pc_all[pc] += 1.0;
    pc_all_total += 1.0;
    pc_steps++;
    unsigned long long n = pc_steps;
    if (n == 100 || n == 500 || n == 1000 || n == 2500 || n == 5000 ||
        (n > 5000 && n % 10000 == 0)) {
        double min_ratio = INFINITY;
        int found = 0;
        for (int i = 0; i <= 32; i++)
            if (target[i] > 0 && pc_all[i] > 0) {
                double r = (pc_all_total * target[i]) / (target_total * pc_all[i]);
                if (r < min_ratio)
                    min_ratio = r, found = 1;
            }
        if (found && min_ratio > 0)
            pc_alpha = (1.0 - 0.975) / min_ratio;
        if (n >= 10000 && n % 10000 == 0) {
            for (int i = 0; i <= 32; i++)
                pc_all[i] *= 0.5;
            pc_all_total *= 0.5;
        }
    }
    double accept = 0.0;
    if (target[pc] > 0 && pc_all[pc] > 0)
        accept = pc_alpha * (pc_all_total * target[pc]) / (target_total * pc_all[pc]);
    accept = accept < 0 ? 0 : accept > 1 ? 1 : accept;
    return draw(s->seed, PIECE_COUNT, e) < 1.0 - accept;
}

/* The placeholder rule's memory: the previous entry's ply, and the last
 * score that was neither VALUE_NONE nor a skipped zero. */
static long last_ply = -1, last_score = VALUE_NONE;

/* Which rules match the entry, in hit[]. */
static void judge(const settings *s, const entry *e, int hit[RULES])
{
    static const seebatch_config classic = {{100, 325, 325, 500, 1000}, 0};
    int color, kind = seebatch_move_kind(e->move), us = e->board.side_to_move;
    int victim = piece_at(&e->board, seebatch_move_to(e->move), &color);
    int on_destination = kind != SEEBATCH_MOVE_CASTLING && victim >= 0 && color != us;
    int capture = kind == SEEBATCH_MOVE_EN_PASSANT || on_destination;
    int check = in_check(&e->board);
    int zero = e->score == 0 && e->result != 0 && e->ply > last_ply && last_score != VALUE_NONE &&
               labs(last_score) > 100;
    last_ply = e->ply;
    if (e->score != VALUE_NONE && !zero)
        last_score = e->score;
    hit[IN_CHECK] = check;
    hit[CAPTURE] = capture;
    hit[SEE_GE] = capture && s->active[SEE_GE] &&
                  oracle_see_value(&e->board, e->move, &classic) >= s->value[SEE_GE];
    hit[PROMOTION] = kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
    hit[CASTLING] = kind == SEEBATCH_MOVE_CASTLING;
    hit[VALUE_NONE_RULE] = e->score == VALUE_NONE;
    hit[PLACEHOLDER] = zero;
    hit[EARLY_PLY] = e->ply <= s->value[EARLY_PLY];
    hit[FILTERED] = on_destination || check;
    hit[SIMPLE_EVAL] = labs(simple_eval(&e->board)) < s->value[SIMPLE_EVAL];
    long n = s->value[RANDOM];
    hit[RANDOM] = s->active[RANDOM] && draw(s->seed, RANDOM, e) < (double)n / (double)(n + 1);
    hit[WLD] = s->active[WLD] && draw(s->seed, WLD, e) < 1.0 - result_probability(e);
    hit[SOFT_EARLY] = s->active[SOFT_EARLY] && e->ply < s->value[SOFT_EARLY] &&
                      draw(s->seed, SOFT_EARLY, e) < 1.0 - soft_keep[e->ply];
    /* Last, on what no other rule skips (it ends the loader's predicate). */
    int others = 0;
    for (int r = 0; r < PIECE_COUNT; r++)
        others |= s->active[r] && hit[r];
    hit[PIECE_COUNT] = s->active[PIECE_COUNT] && !others && piece_count_skips(s, e);
}

static int parse_settings(int argc, char **argv, settings *s)
{
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        int known = 0;
        for (int r = 0; r < RULES; r++) {
            size_t length = strlen(words[r]);
            int takes = words[r][length - 1] == '=';
            if (takes ? strncmp(a, words[r], length) == 0 : strcmp(a, words[r]) == 0) {
                s->active[r] = known = 1;
                s->value[r] = takes ? atol(a + length) : 0;
            }
        }
        if (strncmp(a, "seed=", 5) == 0)
            s->seed = strtoull(a + 5, NULL, 10), known = 1;
        if (strncmp(a, "repeat=", 7) == 0)
            s->repeat = atoi(a + 7), known = 1;
        if (strcmp(a, "explain") == 0)
            s->explain = known = 1;
        if (strncmp(a, "keep=", 5) == 0 && (s->keep = fopen(a + 5, "wb")))
            known = 1;
        if (!known) {
            fprintf(stderr, "oracle_count: what is \"%s\"?\n", a);
            return 0;
        }
    }
    return 1;
}

static void print_counts(const settings *s, long long read, long long kept,
                         const long long matched[RULES], const long long alone[RULES])
{
    printf("seebatch filter: %lld entries read, %lld kept, %lld dropped\n", read, kept,
           read - kept);
    for (int r = 0; r < RULES; r++) {
        if (!s->active[r])
            continue;
        printf("  %s", names[r]);
        if (words[r][strlen(words[r]) - 1] == '=')
            printf(" %ld", s->value[r]);
        if (r == RANDOM || r == WLD || r == SOFT_EARLY || r == PIECE_COUNT)
            printf(" (seed %llu)", s->seed);
        printf(": %lld dropped", matched[r]);
        if (s->explain)
            printf(", %lld by it alone", alone[r]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    seebatch_standard_streams_binary(); /* its counts compared byte for byte with the tool's */
    settings s = {{0}, {0}, 0, 1, 0, NULL};
    FILE *file = argc > 1 ? fopen(argv[1], "rb") : NULL;
    if (!file || !parse_settings(argc, argv, &s)) {
        fprintf(
            stderr,
            "usage: oracle_count FILE.plain [rules] [seed=S] [repeat=N] [explain] [keep=OUT]\n");
        return 2;
    }
    make_soft_keep(s.value[SOFT_EARLY]);
    make_targets();
    long long read = 0, kept = 0, matched[RULES] = {0}, alone[RULES] = {0};
    char line[512], block[2048], fen[256] = "", move_text[16] = "";
    size_t block_length = 0;
    entry e = {0};
    for (int pass = 0; pass < s.repeat; pass++, rewind(file))
        while (fgets(line, sizeof line, file)) {
            size_t length = strlen(line);
            if (block_length + length < sizeof block)
                memcpy(block + block_length, line, length), block_length += length;
            line[strcspn(line, "\r\n")] = '\0';
            if (strncmp(line, "fen ", 4) == 0)
                snprintf(fen, sizeof fen, "%.250s", line + 4);
            else if (strncmp(line, "move ", 5) == 0)
                snprintf(move_text, sizeof move_text, "%.15s", line + 5);
            else if (strncmp(line, "score ", 6) == 0)
                e.score = atol(line + 6);
            else if (strncmp(line, "ply ", 4) == 0)
                e.ply = atol(line + 4);
            else if (strncmp(line, "result ", 7) == 0)
                e.result = atol(line + 7);
            if (strcmp(line, "e") != 0)
                continue;
            if (seebatch_board_from_fen(&e.board, fen, NULL) != SEEBATCH_OK ||
                seebatch_move_parse(&e.board, move_text, &e.move, NULL) != SEEBATCH_OK) {
                fprintf(stderr, "oracle_count: entry %lld does not parse\n", read + 1);
                return 1;
            }
            read++;
            int hit[RULES], hits = 0;
            judge(&s, &e, hit);
            for (int r = 0; r < RULES; r++)
                hits += s.active[r] && hit[r];
            for (int r = 0; r < RULES; r++) {
                matched[r] += s.active[r] && hit[r];
                alone[r] += s.active[r] && hit[r] && hits == 1;
            }
            if (!hits) {
                kept++;
                if (s.keep)
                    fwrite(block, 1, block_length, s.keep);
            }
            block_length = 0;
        }
    print_counts(&s, read, kept, matched, alone);
    return s.keep && fclose(s.keep) != 0 ? 1 : 0;
}
