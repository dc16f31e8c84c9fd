/*
 * The shape of a SEE call, as far as it is known at the call: values or a
 * threshold; one board, many boards in board order or scattered; pins given
 * or worked out; a short batch or not. Auto chooses a kernel per shape
 * (dispatch.h), and a choice of every shape is written as one line of
 * letters (the measured table's rows): six groups of four, a space between
 * groups.
 * The groups: values on one board, on many in board order, on many
 * scattered; then the same for thresholds. In a group: pins worked out
 * short, worked out long, given short, given long. A letter names a kernel
 * (kernel_list.h): s scalar, 2 avx2, 5 avx512. "s5s5 s5s5 s5s5 s5s5 s5s5
 * s5s5": scalar for short batches, avx512 for every other.
 */
#ifndef SEEBATCH_CALL_SHAPES_H
#define SEEBATCH_CALL_SHAPES_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel.h"
#include "kernel_list.h"

typedef enum call_kind { CALL_VALUES, CALL_THRESHOLD, CALL_KINDS } call_kind;
typedef enum call_boards { BOARDS_ONE, BOARDS_IN_ORDER, BOARDS_SCATTERED, CALL_BOARDS } call_boards;

/* A shape in parts: what seebatch_shape_index numbers and seebatch_shape_of
 * reads back. */
typedef struct call_shape {
    call_kind kind;
    call_boards boards;
    bool pins_given;
    bool long_batch; /* at least SHORT_BATCH_BELOW moves */
} call_shape;

enum {
    /* Below this many moves a batch is short: the lanes of a group mostly
     * idle (seebatch_bench's batch_length rows). */
    SHORT_BATCH_BELOW = 8,
    /* A shape's index counts its length fastest, then its pins, its boards
     * and its kind: a group of a choice line is the SHAPE_GROUP shapes of
     * one kind and boards. */
    SHAPE_PINS_STRIDE = 2,
    SHAPE_GROUP = 2 * SHAPE_PINS_STRIDE,
    SHAPE_KIND_STRIDE = CALL_BOARDS * SHAPE_GROUP,
    CALL_SHAPES = CALL_KINDS * SHAPE_KIND_STRIDE,
    /* A choice line's bytes with its NUL: a letter a shape, a space between
     * groups. */
    CHOICES_TEXT = CALL_SHAPES + CALL_SHAPES / SHAPE_GROUP
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
    return b[0] <= b[quarter] && b[quarter] <= b[2 * quarter] && b[2 * quarter] <= b[3 * quarter] &&
           b[3 * quarter] <= b[count - 1];
}

static inline unsigned seebatch_shape_index(call_kind kind, call_boards boards, bool pins_given,
                                            bool long_batch)
{
    return (unsigned)kind * SHAPE_KIND_STRIDE + (unsigned)boards * SHAPE_GROUP +
           (pins_given ? SHAPE_PINS_STRIDE : 0u) + (long_batch ? 1u : 0u);
}

/* The parts of shape index `shape` (below CALL_SHAPES). */
static inline call_shape seebatch_shape_of(unsigned shape)
{
    return (call_shape){(call_kind)(shape / SHAPE_KIND_STRIDE),
                        (call_boards)(shape % SHAPE_KIND_STRIDE / SHAPE_GROUP),
                        shape % SHAPE_GROUP / SHAPE_PINS_STRIDE != 0,
                        shape % SHAPE_PINS_STRIDE != 0};
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

/* The widest kernel (the highest index) the choices use. */
static inline unsigned seebatch_choices_widest(const shape_choices *choices)
{
    unsigned widest = 0;
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
        if (choices->kernel[shape] > widest)
            widest = choices->kernel[shape];
    return widest;
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
