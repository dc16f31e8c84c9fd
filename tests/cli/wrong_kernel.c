/*
 * A SEE kernel that is wrong on purpose, linked only into the test build of
 * the tool (seebatch_wrong_kernel, tests/CMakeLists.txt), never into the
 * library or the shipped tool: `seebatch check` compares it like any
 * backend, so the tests can prove that a mismatch makes the check fail.
 *
 * It is the scalar kernel with every value one too high and every threshold
 * answer inverted, under one configuration only when
 * SEEBATCH_WRONG_KERNEL_CONFIG names one as "P,N,B,R,Q/FLAGS" (so a test can
 * tell which configurations the check runs), under all when it is unset;
 * SEEBATCH_WRONG_KERNEL_PART=values or =thresholds keeps the other right.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

static bool wrong_under(const seebatch_rules *rules)
{
    const char *wanted = getenv("SEEBATCH_WRONG_KERNEL_CONFIG");
    if (!wanted)
        return true;
    char text[96];
    snprintf(text, sizeof text, "%ld,%ld,%ld,%ld,%ld/%lu", (long)rules->value[0],
             (long)rules->value[1], (long)rules->value[2], (long)rules->value[3],
             (long)rules->value[4], (unsigned long)rules->flags);
    return strcmp(text, wanted) == 0;
}

static bool part_wrong(const char *part)
{
    const char *wanted = getenv("SEEBATCH_WRONG_KERNEL_PART");
    return !wanted || strcmp(wanted, part) == 0;
}

static void wrong_values(const see_batch *batch, int32_t *values)
{
    seebatch_reference_backend.values(batch, values);
    if (part_wrong("values") && wrong_under(batch->rules))
        for (size_t i = 0; i < batch->count; i++)
            values[i] += 1;
}

static void wrong_see_ge(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    seebatch_reference_backend.see_ge(batch, threshold, passed);
    if (part_wrong("thresholds") && wrong_under(batch->rules))
        for (size_t i = 0; i < batch->count; i++)
            passed[i] = !passed[i];
}

const see_backend wrong_kernel_for_tests = {"wrong", wrong_values, wrong_see_ge, 0, NULL, false};
