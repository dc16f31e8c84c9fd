/*
 * Auto's call shapes (lib/auto/call_shapes.h, lib/auto/dispatch.h): a
 * batch's shape is the one its kind, boards, pins and length say; a choice
 * line reads back as written and a malformed one is refused; and
 * SEEBATCH_PROFILE, the retired profiles' variable, changes nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "auto/dispatch.h"
#include "environment.h"

static see_batch batch_of(const uint32_t *board_of_move, size_t count, bool pins)
{
    static const seebatch_pins some_pins[1];
    return (see_batch){NULL, board_of_move, NULL, count, NULL, pins ? some_pins : NULL};
}

static void shapes_of_batches(void)
{
    static const uint32_t in_order[16] = {0, 0, 1, 1, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9};
    static const uint32_t scattered[16] = {9, 0, 7, 3, 1, 8, 2, 5, 4, 6, 0, 9, 2, 1, 5, 3};
    see_batch one_short = batch_of(NULL, 3, false), one_long = batch_of(NULL, 8, true);
    see_batch ordered = batch_of(in_order, 16, false), strewn = batch_of(scattered, 16, true);
    see_batch strewn_short = batch_of(scattered, 7, false);
    CHECK_EQ(seebatch_call_shape(CALL_VALUES, &one_short),
             seebatch_shape_index(CALL_VALUES, BOARDS_ONE, false, false), "one board, 3 moves");
    CHECK_EQ(seebatch_call_shape(CALL_THRESHOLD, &one_long),
             seebatch_shape_index(CALL_THRESHOLD, BOARDS_ONE, true, true), "one board, 8 moves");
    CHECK_EQ(seebatch_call_shape(CALL_VALUES, &ordered),
             seebatch_shape_index(CALL_VALUES, BOARDS_IN_ORDER, false, true), "in order");
    CHECK_EQ(seebatch_call_shape(CALL_THRESHOLD, &strewn),
             seebatch_shape_index(CALL_THRESHOLD, BOARDS_SCATTERED, true, true), "scattered");
    CHECK_EQ(seebatch_call_shape(CALL_VALUES, &strewn_short),
             seebatch_shape_index(CALL_VALUES, BOARDS_SCATTERED, false, false), "scattered, 7");
    /* Every index once, and read back as its parts. */
    bool seen[CALL_SHAPES] = {false};
    for (int k = 0; k < CALL_KINDS; k++)
        for (int b = 0; b < CALL_BOARDS; b++)
            for (int p = 0; p < 4; p++) {
                unsigned shape = seebatch_shape_index((call_kind)k, (call_boards)b, p & 2, p & 1);
                CHECK(shape < CALL_SHAPES && !seen[shape], "shape %u once", shape);
                if (shape < CALL_SHAPES)
                    seen[shape] = true;
                call_shape parts = seebatch_shape_of(shape);
                CHECK(parts.kind == (call_kind)k && parts.boards == (call_boards)b &&
                          parts.pins_given == ((p & 2) != 0) && parts.long_batch == ((p & 1) != 0),
                      "shape %u read back as %d %d %d %d", shape, parts.kind, parts.boards,
                      parts.pins_given, parts.long_batch);
            }
}

/* A plan reads back what it was made of: each shape's kernel, the widest,
 * the kernels runnable, the setting, and learning only where auto has two
 * kernels to choose between. */
static void plan_fields(void)
{
    const char *lines[] = {"s5s5 s2s2 5555 ssss 2s2s s5s5", "ssss ssss ssss ssss ssss ssss",
                           "2222 2525 2222 2222 2525 2222"};
    for (size_t line = 0; line < sizeof lines / sizeof lines[0]; line++)
        for (uint32_t runnable = 1; runnable < 1u << CHOICE_KERNELS; runnable++)
            for (int setting = 0; setting < PLAN_SETTINGS; setting++) {
                shape_choices choices;
                CHECK(seebatch_choices_parse(lines[line], &choices), "%s", lines[line]);
                uint64_t plan = seebatch_plan_make(&choices, runnable, (plan_setting)setting);
                CHECK(plan != 0, "a plan is never 0 (none made)");
                for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
                    CHECK_EQ(seebatch_plan_kernel(plan, shape), choices.kernel[shape],
                             "%s: shape %u", lines[line], shape);
                CHECK_EQ(seebatch_plan_widest(plan), seebatch_choices_widest(&choices), "%s",
                         lines[line]);
                CHECK_EQ(seebatch_plan_runnable(plan), runnable, "%s", lines[line]);
                CHECK_EQ(seebatch_plan_setting(plan), (plan_setting)setting, "%s", lines[line]);
                bool two = (runnable & (runnable - 1)) != 0;
                CHECK_EQ(seebatch_plan_learning(plan), setting == SETTING_AUTO && two,
                         "%s: runnable %u, setting %d", lines[line], runnable, setting);
            }
}

static void choice_lines(void)
{
    shape_choices choices;
    char line[CHOICES_TEXT];
    const char *good = "s5s5 s2s2 5555 ssss 2s2s s5s5";
    CHECK(seebatch_choices_parse(good, &choices), "a good line reads");
    seebatch_choices_format(&choices, line);
    CHECK(strcmp(line, good) == 0, "it reads back as \"%s\"", line);
    CHECK_EQ(choices.kernel[seebatch_shape_index(CALL_VALUES, BOARDS_IN_ORDER, false, true)], 1,
             "the second group's second letter: avx2");
    CHECK(seebatch_choices_parse("  s5s5 s2s2 5555 ssss 2s2s s5s5\n", &choices), "blanks around");
    static const char *const bad[] = {"",
                                      "s5s5",
                                      "s5s5 s2s2 5555 ssss 2s2s s5s",
                                      "s5s5 s2s2 5555 ssss 2s2s s5s5s",
                                      "s5s5s2s2 5555 ssss 2s2s s5s5 ",
                                      "s5s5 s2s2 5555 ssss 2s2s s5x5",
                                      "s5s5 s2s2 5555 ssss 2s2s s5s5 extra"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!seebatch_choices_parse(bad[i], &choices), "\"%s\" refused", bad[i]);
}

/* A profile of `seebatch calibrate`, which is retired: SEEBATCH_PROFILE,
 * whatever it names (a damaged file, another CPU's, nothing), changes no
 * status and no choice. */
static void profile_ignored(void)
{
    char path[64];
    snprintf(path, sizeof path, "test_call_shapes_%ld.profile", (long)rand());
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL, "%s opens", path);
    if (file) {
        fputs("seebatch profile 1\ncpu AuthenticAMD-17h-01h\nchoices ssss\n", file);
        fclose(file);
    }
    char forced[64] = "";
    const char *backend = getenv("SEEBATCH_BACKEND");
    if (backend)
        snprintf(forced, sizeof forced, "%s", backend);
    test_unsetenv("SEEBATCH_BACKEND");
    seebatch_cpu cpu = seebatch_cpu_here();
    seebatch_backend_choice table = seebatch_backend_auto(&cpu);
    const char *const named[] = {path, "/nonexistent/seebatch.profile", "none", ""};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        test_setenv("SEEBATCH_PROFILE", named[i]);
        seebatch_error error;
        CHECK_EQ(seebatch_backend_init(&error), SEEBATCH_OK, "SEEBATCH_PROFILE=%s: %s", named[i],
                 error.message);
        CHECK_EQ(seebatch_backend_set("auto", &error), SEEBATCH_OK, "%s", error.message);
        CHECK(strcmp(seebatch_current_backend()->name, table.backend) == 0,
              "SEEBATCH_PROFILE=%s: %s", named[i], seebatch_current_backend()->name);
    }
    test_unsetenv("SEEBATCH_PROFILE");
    remove(path);
    if (forced[0])
        test_setenv("SEEBATCH_BACKEND", forced);
}

int main(void)
{
    shapes_of_batches();
    choice_lines();
    plan_fields();
    profile_ignored();
    return check_finish("test_call_shapes");
}
