/* Questions for an engine_see with the reference's answers (see_questions.h). */
#include "see_questions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position_generator.h"
#include "random_boards.h"
#include "real_positions_sample.h"
#include "see_calls.h"

static void *grown(void *array, size_t *capacity, size_t needed, size_t size)
{
    if (needed <= *capacity)
        return array;
    *capacity = needed * 2 + 64;
    void *bigger = realloc(array, *capacity * size);
    if (!bigger) {
        fprintf(stderr, "see_questions: out of memory\n");
        exit(1);
    }
    return bigger;
}

void question_set_add(question_set *set, const seebatch_board *board, const seebatch_move *moves,
                      size_t count)
{
    char fen[SEEBATCH_FEN_MAX];
    if (count == 0 || seebatch_board_to_fen(board, fen, sizeof fen) == 0)
        return;
    size_t b = set->board_count++;
    size_t capacity = set->board_capacity;
    set->boards = grown(set->boards, &capacity, set->board_count, sizeof *set->boards);
    set->fens = grown(set->fens, &set->board_capacity, set->board_count, sizeof *set->fens);
    set->boards[b] = *board;
    memcpy(set->fens[b], fen, sizeof fen);
    size_t needed = set->count + count;
    capacity = set->question_capacity;
    set->moves = grown(set->moves, &capacity, needed, sizeof *set->moves);
    capacity = set->question_capacity;
    set->board_of = grown(set->board_of, &capacity, needed, sizeof *set->board_of);
    set->questions = grown(set->questions, &set->question_capacity, needed, sizeof *set->questions);
    for (size_t i = 0; i < count; i++) {
        size_t q = set->count++;
        set->moves[q] = moves[i];
        set->board_of[q] = b;
        memset(&set->questions[q], 0, sizeof set->questions[q]);
        seebatch_move_to_uci(moves[i], set->questions[q].move);
    }
}

void question_set_add_real(question_set *set, size_t positions, size_t every)
{
    const char *at = real_positions_sample;
    for (size_t n = 0; n < positions && *at; n++) {
        const char *end = strchr(at, '\n');
        size_t length = end ? (size_t)(end - at) : strlen(at);
        char fen[256];
        snprintf(fen, sizeof fen, "%.*s", (int)length, at);
        at += length + (end != NULL);
        seebatch_board board;
        if (seebatch_board_from_fen(&board, fen, NULL) != SEEBATCH_OK)
            continue;
        seebatch_move moves[SEEBATCH_MAX_MOVES];
        size_t count = n % every == 0 ? seebatch_generate_moves(&board, moves)
                                      : seebatch_generate_captures(&board, moves);
        question_set_add(set, &board, moves, count);
    }
}

void question_set_add_generated(question_set *set, size_t games, size_t dense, uint64_t seed)
{
    position_generator generator;
    position_generator_init(&generator, seed);
    seebatch_board board;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    for (size_t n = 0; n < games; n++) {
        position_generator_next(&generator, &board);
        question_set_add(set, &board, moves, seebatch_generate_moves(&board, moves));
    }
    uint64_t state = seed ^ 0x9e3779b97f4a7c15ull;
    for (size_t n = 0; n < dense; n++) {
        random_dense_board(&state, &board);
        size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
        question_set_add(set, &board, moves, possible_moves_only(&board, moves, count));
    }
}

void question_set_finish(question_set *set)
{
    for (size_t q = 0; q < set->count; q++)
        set->questions[q].fen = set->fens[set->board_of[q]];
}

void question_set_free(question_set *set)
{
    free(set->questions);
    free(set->moves);
    free(set->board_of);
    free(set->boards);
    free(set->fens);
    memset(set, 0, sizeof *set);
}

void question_set_values(const question_set *set, const seebatch_config *config, int32_t *values)
{
    seebatch_rules rules = rules_from(config);
    for (size_t q = 0; q < set->count; q++)
        values[q] = seebatch_value(&rules, &set->boards[set->board_of[q]], NULL, set->moves[q]);
}

seebatch_config small_see_config(void)
{
    return (seebatch_config){{100, 300, 300, 500, 900},
                             SEEBATCH_PINS | SEEBATCH_MOVE_PROMOTION_ONLY};
}
