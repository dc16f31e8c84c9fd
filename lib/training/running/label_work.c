/* seebatch_label_work (seebatch_training.h): the SEE of each entry's move,
 * a many-board call a group of entries, for seebatch_training_run. */
#include <stdlib.h>
#include <string.h>

#include "seebatch_training.h"

/* Entries labelled in one call. */
enum { LABEL_GROUP = 256 };

static void *seebatch_labels_new(void *context)
{
    (void)context;
    return calloc(1, sizeof(seebatch_labels));
}

static void seebatch_labels_free(void *context, void *state)
{
    (void)context;
    seebatch_labels *labels = state;
    if (labels)
        free(labels->values);
    free(labels);
}

/* Room for `more` values after those held; false when memory runs out
 * (the values then stop short: capacity stays below what count needs). */
static bool seebatch_labels_room(seebatch_labels *labels, size_t more)
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

static void seebatch_label_block(void *context, const seebatch_piece *piece)
{
    const seebatch_rules *rules = context;
    seebatch_labels *labels = piece->state;
    if (piece->begins)
        labels->count = 0;
    if (!piece->count || !seebatch_labels_room(labels, piece->count))
        return;
    seebatch_board boards[LABEL_GROUP];
    seebatch_move moves[LABEL_GROUP];
    uint32_t board_of[LABEL_GROUP];
    for (size_t at = 0; at < piece->count; at += LABEL_GROUP) {
        size_t count = piece->count - at < LABEL_GROUP ? piece->count - at : LABEL_GROUP;
        for (size_t i = 0; i < count; i++) {
            boards[i] = piece->entries[at + i].board;
            moves[i] = piece->entries[at + i].move;
            board_of[i] = (uint32_t)i;
        }
        seebatch_batch batch = {boards, count, NULL, board_of, moves, count};
        seebatch_values(rules, &batch, labels->values + labels->count);
        labels->count += count;
    }
}

seebatch_work seebatch_label_work(const seebatch_rules *rules)
{
    return (seebatch_work){(void *)rules, seebatch_labels_new, seebatch_labels_free,
                           seebatch_label_block, NULL};
}
