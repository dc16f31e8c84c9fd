/* The call shapes' notation and names (call_shapes.h). */
#include "call_shapes.h"

#include <stdio.h>
#include <string.h>

#define SEEBATCH_KERNEL_NAME(name, letter, needs) [CHOICE_INDEX(name)] = #name,
const char *const seebatch_choice_kernel_names[CHOICE_KERNELS] = {
    SEEBATCH_KERNEL_LIST(SEEBATCH_KERNEL_NAME)};
#undef SEEBATCH_KERNEL_NAME

/* Each kernel's letter, by its index; a string, for strchr. */
#define SEEBATCH_KERNEL_LETTER(name, letter, needs) [CHOICE_INDEX(name)] = letter,
static const char kernel_letters[CHOICE_KERNELS + 1] = {
    SEEBATCH_KERNEL_LIST(SEEBATCH_KERNEL_LETTER)};
#undef SEEBATCH_KERNEL_LETTER

static bool seebatch_choices_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool seebatch_choices_parse(const char *text, shape_choices *choices)
{
    shape_choices read;
    while (seebatch_choices_blank(*text))
        text++;
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++) {
        if (shape && shape % SHAPE_GROUP == 0 && *text++ != ' ')
            return false;
        const char *letter = *text ? strchr(kernel_letters, *text) : NULL;
        if (!letter)
            return false;
        read.kernel[shape] = (uint8_t)(letter - kernel_letters);
        text++;
    }
    while (seebatch_choices_blank(*text))
        text++;
    if (*text)
        return false;
    *choices = read;
    return true;
}

void seebatch_choices_format(const shape_choices *choices, char out[CHOICES_TEXT])
{
    char *at = out;
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++) {
        if (shape && shape % SHAPE_GROUP == 0)
            *at++ = ' ';
        *at++ = kernel_letters[choices->kernel[shape] % CHOICE_KERNELS];
    }
    *at = '\0';
}

const char *seebatch_shape_name(unsigned shape, char out[SHAPE_NAME_TEXT])
{
    static const char *const boards[CALL_BOARDS] = {"one board", "many boards in order",
                                                    "many boards scattered"};
    call_shape parts = seebatch_shape_of(shape);
    snprintf(out, SHAPE_NAME_TEXT, "%s, %s, pins %s, %s %d moves",
             parts.kind == CALL_THRESHOLD ? "threshold" : "values", boards[parts.boards],
             parts.pins_given ? "given" : "worked out", parts.long_batch ? "at least" : "under",
             SHORT_BATCH_BELOW);
    return out;
}
