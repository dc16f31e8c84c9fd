/*
 * The report's examples, the first of each class first (example_choice.h).
 */
#include "example_choice.h"

#include <stdlib.h>

bool example_choice_init(example_choice *choice, size_t room)
{
    *choice = (example_choice){.room = room};
    choice->chosen = malloc((room ? room : 1) * sizeof *choice->chosen);
    return choice->chosen != NULL;
}

void example_choice_free(example_choice *choice)
{
    free(choice->chosen);
    free(choice->classes);
    *choice = (example_choice){0};
}

uint64_t example_class(int kind, uint64_t explained, unsigned features)
{
    uint64_t key = (uint64_t)kind | explained << 2;
    return explained ? key : key | (uint64_t)features << 42;
}

/* Whether the class is met for the first time (then noted); false in
 * *noted when out of memory. */
static bool first_of_class(example_choice *choice, uint64_t class_key, bool *noted)
{
    *noted = true;
    if (class_key == EXAMPLE_NO_CLASS)
        return false;
    for (size_t i = 0; i < choice->class_count; i++)
        if (choice->classes[i] == class_key)
            return false;
    if (choice->class_count == choice->class_room) {
        size_t room = choice->class_room ? 2 * choice->class_room : 16;
        uint64_t *grown = realloc(choice->classes, room * sizeof *grown);
        if (!grown) {
            *noted = false;
            return false;
        }
        choice->classes = grown;
        choice->class_room = room;
    }
    choice->classes[choice->class_count++] = class_key;
    return true;
}

/* The place of the latest example that is not the first of its class, to
 * give to the first of a new class; SIZE_MAX when every one is a first. */
static size_t latest_other(const example_choice *choice)
{
    size_t latest = SIZE_MAX;
    for (size_t i = 0; i < choice->count; i++)
        if (!choice->chosen[i].first &&
            (latest == SIZE_MAX || choice->chosen[i].order > choice->chosen[latest].order))
            latest = i;
    return latest;
}

bool example_choice_offer(example_choice *choice, uint64_t class_key, size_t *slot)
{
    uint64_t order = choice->offered++;
    bool noted;
    bool first = first_of_class(choice, class_key, &noted);
    *slot = SIZE_MAX;
    size_t place = choice->count < choice->room ? choice->count
                   : first                      ? latest_other(choice)
                                                : SIZE_MAX;
    if (place == SIZE_MAX)
        return noted;
    choice->count += place == choice->count;
    choice->chosen[place] =
        (chosen_example){.order = order, .class_key = class_key, .first = first, .slot = place};
    *slot = place;
    return noted;
}

static int by_order(const void *a, const void *b)
{
    const chosen_example *x = a, *y = b;
    return (x->order > y->order) - (x->order < y->order);
}

size_t example_choice_order(example_choice *choice, size_t *slots)
{
    qsort(choice->chosen, choice->count, sizeof *choice->chosen, by_order);
    for (size_t i = 0; i < choice->count; i++)
        slots[i] = choice->chosen[i].slot;
    return choice->count;
}
