/* seebatch_label_work (seebatch_training.h): the SEE of each entry's move,
 * a many-board call a group of entries, for seebatch_training_run; each
 * portion's values handed to the caller in file order. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "seebatch_training.h"

/* Entries labelled in one call. */
enum { LABEL_GROUP = 256 };

/* A portion's values, count of them; short of the portion's count when memory
 * ran out. */
typedef struct label_portion {
    int32_t *values;
    size_t count, capacity;
    bool short_of_memory;
} label_portion;

static void *seebatch_label_portion_new(void *context)
{
    (void)context;
    return calloc(1, sizeof(label_portion));
}

static void seebatch_label_portion_free(void *context, void *state)
{
    (void)context;
    label_portion *labels = state;
    if (labels)
        free(labels->values);
    free(labels);
}

/* Room for `more` values after those held; false when memory runs out
 * (the values then stop short: capacity stays below what count needs). */
static bool seebatch_label_room(label_portion *labels, size_t more)
{
    if (labels->count + more <= labels->capacity)
        return true;
    size_t capacity = labels->capacity ? 2 * labels->capacity : 4096;
    while (capacity < labels->count + more)
        capacity *= 2;
    int32_t *grown = realloc(labels->values, capacity * sizeof *grown);
    if (!grown)
        return false;
    labels->values = grown;
    labels->capacity = capacity;
    return true;
}

static void seebatch_label_block(void *context, const seebatch_portion *portion)
{
    const seebatch_rules *rules = ((const seebatch_labelling *)context)->rules;
    label_portion *labels = portion->state;
    if (portion->begins) {
        labels->count = 0;
        labels->short_of_memory = false;
    }
    if (!portion->count || !portion->entries)
        return;
    if (!seebatch_label_room(labels, portion->count)) {
        labels->short_of_memory = true;
        return;
    }
    seebatch_board boards[LABEL_GROUP];
    seebatch_move moves[LABEL_GROUP];
    uint32_t board_of[LABEL_GROUP];
    for (size_t at = 0; at < portion->count; at += LABEL_GROUP) {
        size_t count = portion->count - at < LABEL_GROUP ? portion->count - at : LABEL_GROUP;
        for (size_t i = 0; i < count; i++) {
            boards[i] = portion->entries[at + i].board;
            moves[i] = portion->entries[at + i].move;
            board_of[i] = (uint32_t)i;
        }
        seebatch_batch batch = {boards, count, NULL, board_of, moves, count};
        seebatch_values(rules, &batch, labels->values + labels->count);
        labels->count += count;
    }
}

static int seebatch_label_deliver(void *context, const seebatch_portion *portion)
{
    const seebatch_labelling *labelling = context;
    const label_portion *labels = portion->state;
    if (labels->short_of_memory)
        return 1;
    return labelling->labels(labelling->context, labels->values, labels->count, portion->before);
}

seebatch_work seebatch_label_work(const seebatch_labelling *labelling)
{
    return (seebatch_work){(void *)labelling, seebatch_label_portion_new,
                           seebatch_label_portion_free, seebatch_label_block,
                           seebatch_label_deliver};
}
