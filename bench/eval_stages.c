/*
 * seebatch_eval_stages FILE [ROUNDS]: the stages of `seebatch eval` on the
 * FEN lines of FILE, each timed alone over every line, in ns a position:
 * reading the FEN (seebatch_board_from_plain_fen: the wide placement reader where the
 * CPU runs it; the one-pass reader alone; the public parser with its
 * fallback), generating the captures, and their SEE per board and per block
 * of boards (seebatch_values on one board against many). The
 * best of ROUNDS (default 5) rounds is printed. bench/jobs/eval.sh runs it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "text/fen_scan.h"
#include "seebatch.h"

typedef struct positions {
    char *text;
    size_t *starts, *lengths, count;
    seebatch_board *boards;
    seebatch_move *moves; /* every capture, board after board */
    uint32_t *board_of_move;
    int32_t *values;
    size_t *first_move; /* count + 1 entries */
} positions;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); /* the machine may be shared */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *allocate(size_t size)
{
    void *memory = malloc(size ? size : 1);
    if (!memory) {
        fputs("seebatch_eval_stages: out of memory\n", stderr);
        exit(2);
    }
    return memory;
}

/* The file's lines (each a FEN the one-pass reader accepts). */
static bool load(const char *path, positions *p)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return false;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    p->text = allocate((size_t)size + 1);
    size_t got = fread(p->text, 1, (size_t)size, file);
    fclose(file);
    p->count = 0;
    for (size_t i = 0; i < got; i++)
        p->count += p->text[i] == '\n';
    p->starts = allocate(p->count * sizeof *p->starts);
    p->lengths = allocate(p->count * sizeof *p->lengths);
    p->boards = allocate(p->count * sizeof *p->boards);
    p->first_move = allocate((p->count + 1) * sizeof *p->first_move);
    size_t n = 0, start = 0;
    for (size_t i = 0; i < got && n < p->count; i++)
        if (p->text[i] == '\n') {
            p->text[i] = '\0';
            p->starts[n] = start;
            p->lengths[n++] = i - start;
            start = i + 1;
        }
    return true;
}

typedef void (*stage)(positions *p);

static void scan_all(positions *p)
{
    for (size_t i = 0; i < p->count; i++)
        if (!seebatch_board_from_plain_fen(&p->boards[i], p->text + p->starts[i], p->lengths[i]))
            exit(3);
}

static void scan_one_pass_all(positions *p)
{
    for (size_t i = 0; i < p->count; i++)
        if (!seebatch_fen_scan_one_pass(&p->boards[i], p->text + p->starts[i], p->lengths[i]))
            exit(3);
}

static void parse_all(positions *p)
{
    for (size_t i = 0; i < p->count; i++)
        if (seebatch_board_from_fen(&p->boards[i], p->text + p->starts[i], NULL) != SEEBATCH_OK)
            exit(3);
}

static void captures_all(positions *p)
{
    size_t total = 0;
    for (size_t i = 0; i < p->count; i++) {
        p->first_move[i] = total;
        total += seebatch_generate_captures(&p->boards[i], p->moves + total);
    }
    p->first_move[p->count] = total;
}

/* The classic configuration, prepared (made anew each call: nothing global
 * changes). */
static seebatch_rules classic_rules(void)
{
    seebatch_config classic = seebatch_config_classic();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &classic, NULL);
    return rules;
}

static void see_per_board(positions *p)
{
    seebatch_rules rules = classic_rules();
    for (size_t i = 0; i < p->count; i++) {
        size_t first = p->first_move[i];
        seebatch_batch batch = {
            &p->boards[i], 1, NULL, NULL, p->moves + first, p->first_move[i + 1] - first};
        seebatch_values(&rules, &batch, p->values + first);
    }
}

enum { BLOCK_BOARDS = 4096 };

static void see_per_block(positions *p)
{
    seebatch_rules rules = classic_rules();
    for (size_t b = 0; b < p->count; b += BLOCK_BOARDS) {
        size_t end = b + BLOCK_BOARDS < p->count ? b + BLOCK_BOARDS : p->count;
        size_t first = p->first_move[b];
        for (size_t m = first; m < p->first_move[end]; m++)
            p->board_of_move[m] -= (uint32_t)b;
        seebatch_batch batch = {p->boards + b,
                                end - b,
                                NULL,
                                p->board_of_move + first,
                                p->moves + first,
                                p->first_move[end] - first};
        seebatch_values(&rules, &batch, p->values + first);
        for (size_t m = first; m < p->first_move[end]; m++)
            p->board_of_move[m] += (uint32_t)b;
    }
}

static double best_of(stage run, positions *p, int rounds)
{
    double best = 1e30;
    for (int r = 0; r < rounds; r++) {
        double start = now();
        run(p);
        double spent = now() - start;
        best = spent < best ? spent : best;
    }
    return best * 1e9 / (double)p->count;
}

int main(int argc, char **argv)
{
    positions p;
    if (argc < 2 || !load(argv[1], &p)) {
        fprintf(stderr, "usage: seebatch_eval_stages FILE [ROUNDS]\n");
        return 2;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    p.moves = allocate(p.count * 64 * sizeof *p.moves);
    double scan = best_of(scan_all, &p, rounds);
    double one_pass = best_of(scan_one_pass_all, &p, rounds);
    double parse = best_of(parse_all, &p, rounds);
    double captures = best_of(captures_all, &p, rounds);
    size_t moves = p.first_move[p.count];
    p.board_of_move = allocate(moves * sizeof *p.board_of_move);
    p.values = allocate(moves * sizeof *p.values);
    for (size_t i = 0; i < p.count; i++)
        for (size_t m = p.first_move[i]; m < p.first_move[i + 1]; m++)
            p.board_of_move[m] = (uint32_t)i;
    double per_board = best_of(see_per_board, &p, rounds);
    double per_block = best_of(see_per_block, &p, rounds);
    printf("%zu positions, %zu captures (%.2f a position), best of %d rounds, ns a position:\n",
           p.count, moves, (double)moves / (double)p.count, rounds);
    printf("  seebatch_board_from_plain_fen  %7.1f  (%s)\n", scan,
           seebatch_fen_wide_runs() ? "the wide placement reader" : "the one-pass reader");
    printf("  seebatch_fen_scan_one_pass     %7.1f\n", one_pass);
    printf("  seebatch_board_from_fen        %7.1f\n", parse);
    printf("  seebatch_generate_captures     %7.1f\n", captures);
    printf("  seebatch_values per board      %7.1f\n", per_board);
    printf("  seebatch_values many boards    %7.1f  (blocks of %d boards)\n", per_block,
           BLOCK_BOARDS);
    return 0;
}
