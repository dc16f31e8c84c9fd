/*
 * The shape of a SEE call, as far as it is known at the call: values or a
 * threshold; one board, many boards in board order or scattered; pins given
 * or worked out; a short batch or not. Auto chooses a kernel per shape
 * (dispatch.h), and a choice of every shape is written as one line of
 * letters (the measured table's rows, `seebatch --version`'s first guess):
 * six groups of four, a space between groups.
 * The groups: values on one board, on many in board order, on many
 * scattered; then the same for thresholds. In a group: pins worked out
 * short, worked out long, given short, given long. A letter names a kernel:
 * s scalar, 2 avx2, 5 avx512. "s5s5 s5s5 s5s5 s5s5 s5s5 s5s5": scalar for
 * short batches, avx512 for every other.
 */
#ifndef SEEBATCH_CALL_SHAPES_H
#define SEEBATCH_CALL_SHAPES_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel.h"

typedef enum call_kind { CALL_VALUES, CALL_THRESHOLD } call_kind;
typedef enum call_boards { BOARDS_ONE, BOARDS_IN_ORDER, BOARDS_SCATTERED } call_boards;

enum {
    /* Below this many moves a batch is short: the lanes of a group mostly
     * idle (seebatch_bench's batch_length rows). */
    SHORT_BATCH_BELOW = 8,
    CALL_SHAPES = 24,
    /* The kernels a choice names, by letter index: scalar, avx2, avx512. */
    CHOICE_KERNELS = 3,
    /* A choice line's bytes with its NUL: 24 letters and 5 spaces. */
    CHOICES_TEXT = CALL_SHAPES + CALL_SHAPES / 4
};

/* A kernel per shape, each an index into seebatch_choice_kernel_names. */
typedef struct shape_choices {
    uint8_t kernel[CALL_SHAPES];
} shape_choices;

extern const char *const seebatch_choice_kernel_names[CHOICE_KERNELS];

/* Whether the moves of a many-board batch come in board order: five
 * samples, the first, the quarters and the last, never decreasing. A
 * constant cost, whatever the length; a batch mostly in order with a few
 * strays counts as in order, which costs it speed at most, never a result. */
static inline bool seebatch_sampled_in_order(const uint32_t *board_of_move, size_t count)
{
    if (count < 2)
        return true;
    size_t quarter = count / 4;
    const uint32_t *b = board_of_move;
    return b[0] <= b[quarter] && b[quarter] <= b[2 * quarter] &&
           b[2 * quarter] <= b[3 * quarter] && b[3 * quarter] <= b[count - 1];
}

static inline unsigned seebatch_shape_index(call_kind kind, call_boards boards, bool pins_given,
                                            bool long_batch)
{
    return (unsigned)kind * 12u + (unsigned)boards * 4u + (pins_given ? 2u : 0u) +
           (long_batch ? 1u : 0u);
}

/* The shape of a call of this kind on this batch. */
static inline unsigned seebatch_call_shape(call_kind kind, const see_batch *batch)
{
    call_boards boards = !batch->board_of_move ? BOARDS_ONE
                         : seebatch_sampled_in_order(batch->board_of_move, batch->count)
                             ? BOARDS_IN_ORDER
                             : BOARDS_SCATTERED;
    return seebatch_shape_index(kind, boards, batch->pins != NULL,
                                batch->count >= SHORT_BATCH_BELOW);
}

/* Reads a choice line (leading and trailing blanks allowed): true and every
 * shape's kernel, or false where the text is not 24 letters in six groups. */
bool seebatch_choices_parse(const char *text, shape_choices *choices);

/* The choice line of these choices, into out (CHOICES_TEXT bytes). */
void seebatch_choices_format(const shape_choices *choices, char out[CHOICES_TEXT]);

/* "threshold, many boards in order, pins worked out, at least 8 moves":
 * the shape in words, into out (SHAPE_NAME_TEXT bytes). Returns out. */
enum { SHAPE_NAME_TEXT = 80 };
const char *seebatch_shape_name(unsigned shape, char out[SHAPE_NAME_TEXT]);

#endif
