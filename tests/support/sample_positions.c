/* The real positions' sample, read (sample_positions.h). */
#include "sample_positions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "real_positions_sample.h"

enum { MAX_POSITIONS = 8192 };

static void *allocated(size_t bytes)
{
    void *block = malloc(bytes);
    if (!block) {
        fprintf(stderr, "sample_positions: out of memory\n");
        exit(1);
    }
    return block;
}

/* Board b of the sample from its line, with its pins and captures. */
static void add_board(sample_positions *p, const char *line)
{
    seebatch_board *board = &p->boards[p->board_count];
    seebatch_error error;
    if (seebatch_board_from_fen(board, line, &error) != SEEBATCH_OK) {
        fprintf(stderr, "sample_positions: %s: %s\n", line, error.message);
        exit(1);
    }
    seebatch_pins_compute(board, &p->pins[p->board_count]);
    size_t n = seebatch_generate_captures(board, &p->moves[p->count]);
    for (size_t i = 0; i < n; i++) {
        p->board_of_move[p->count + i] = (uint32_t)p->board_count;
        p->thresholds[p->count + i] = (int32_t)((p->count + i) * 37 % 601) - 300;
    }
    p->count += n;
    p->board_count++;
}

void sample_positions_load(sample_positions *p)
{
    p->boards = allocated(MAX_POSITIONS * sizeof *p->boards);
    p->pins = allocated(MAX_POSITIONS * sizeof *p->pins);
    p->moves = allocated(MAX_POSITIONS * SEEBATCH_MAX_MOVES * sizeof *p->moves);
    p->board_of_move = allocated(MAX_POSITIONS * SEEBATCH_MAX_MOVES * sizeof *p->board_of_move);
    p->thresholds = allocated(MAX_POSITIONS * SEEBATCH_MAX_MOVES * sizeof *p->thresholds);
    p->board_count = p->count = 0;
    char line[256];
    for (const char *at = real_positions_sample; *at && p->board_count < MAX_POSITIONS;) {
        size_t length = strcspn(at, "\n");
        snprintf(line, sizeof line, "%.*s", (int)length, at);
        at += length + (at[length] == '\n');
        add_board(p, line);
    }
}

void sample_positions_release(sample_positions *p)
{
    free(p->boards);
    free(p->pins);
    free(p->moves);
    free(p->board_of_move);
    free(p->thresholds);
}
