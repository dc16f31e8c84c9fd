/*
 * Questions for an engine_see (programs/engine_see/engine_see.h) made from
 * seebatch boards, with what seebatch's reference answers: the tests of
 * the two ways in and of small_see.
 */
#ifndef SEEBATCH_TEST_SEE_QUESTIONS_H
#define SEEBATCH_TEST_SEE_QUESTIONS_H

#include <stddef.h>

#include "engine_see.h"
#include "seebatch.h"

typedef struct question_set {
    see_question *questions;
    seebatch_move *moves; /* moves[i]: questions[i]'s, on boards[board_of[i]] */
    size_t *board_of;
    seebatch_board *boards;
    char (*fens)[SEEBATCH_FEN_MAX];
    size_t count, board_count;
    size_t question_capacity, board_capacity;
} question_set;

/* Adds a board and questions on the moves given (every one passing
 * seebatch_check); a board with no FEN (two kings of a colour) is left
 * out. The questions' fen pointers are set by question_set_finish. */
void question_set_add(question_set *set, const seebatch_board *board, const seebatch_move *moves,
                      size_t count);

/* Every move of the first `positions` FENs of the embedded sample of real
 * positions: their captures, and every legal move of one in `every`. */
void question_set_add_real(question_set *set, size_t positions, size_t every);

/* Game-like positions (position_generator, every legal move) and random
 * dense boards (every move seebatch_check accepts), from a seed. */
void question_set_add_generated(question_set *set, size_t games, size_t dense, uint64_t seed);

void question_set_finish(question_set *set);
void question_set_free(question_set *set);

/* seebatch's reference under config: values[i] for questions[i]. */
void question_set_values(const question_set *set, const seebatch_config *config, int32_t *values);

/* The default rules of small_see: --values 100,300,300,500,900 --pins
 * --promotions=move. */
seebatch_config small_see_config(void);

#endif
