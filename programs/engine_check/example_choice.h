/*
 * The report's examples: N at most, the first difference of each class
 * before any other (a class: the move's kind, the explanations that explain
 * it once judged, and, when none does, what its exchange holds), then the first of
 * the rest; listed in the order the check met them. Without it ten examples
 * were the first ten differences, often all of one kind (d2d1q/r/b/n).
 */
#ifndef SEEBATCH_EXAMPLE_CHOICE_H
#define SEEBATCH_EXAMPLE_CHOICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A difference not classed (past the classing limit): of no class. */
#define EXAMPLE_NO_CLASS UINT64_MAX

/* An example chosen: it is kept by the caller at its slot. */
typedef struct chosen_example {
    uint64_t order; /* the place of its difference among those offered */
    uint64_t class_key;
    bool first;  /* the first of its class */
    size_t slot; /* 0..room - 1 */
} chosen_example;

typedef struct example_choice {
    chosen_example *chosen;
    size_t count, room;
    uint64_t *classes; /* the classes met, each once */
    size_t class_count, class_room;
    uint64_t offered;
} example_choice;

/* Room for room examples (0 keeps none); false out of memory. */
bool example_choice_init(example_choice *choice, size_t room);
void example_choice_free(example_choice *choice);

/* The class of a difference: its kind, the explanations that explain it
 * (bits, fewer than 40: difference_classes_explaining), and, when none does, its exchange's features
 * (bits, fewer than 22). */
uint64_t example_class(int kind, uint64_t explained, unsigned features);

/* A difference offered in the check's order: in *slot the slot (0..room -
 * 1) where the caller keeps it, over what was there, or SIZE_MAX when it is
 * not kept (a class met already, and no room); false out of memory. */
bool example_choice_offer(example_choice *choice, uint64_t class_key, size_t *slot);

/* The slots in the order the check met their examples, into slots (room
 * of them); their count. */
size_t example_choice_order(example_choice *choice, size_t *slots);

#endif
