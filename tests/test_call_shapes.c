/*
 * Auto's choice per call shape (lib/auto/call_shapes.h, lib/auto/dispatch.h) and the
 * profiles seebatch calibrate saves (lib/auto/profile.h): a batch's shape is the
 * one its kind, boards, pins and length say; a choice line reads back as
 * written and a malformed one is refused; a profile for this CPU is
 * honoured by auto and by the calls, and one for another CPU, or damaged,
 * or naming a kernel this machine cannot run, is refused with a message
 * naming the file and ignored (auto keeps the measured table's choice).
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
    /* Every index once. */
    bool seen[CALL_SHAPES] = {false};
    for (int k = 0; k < 2; k++)
        for (int b = 0; b < 3; b++)
            for (int p = 0; p < 4; p++) {
                unsigned shape = seebatch_shape_index((call_kind)k, (call_boards)b, p & 2, p & 1);
                CHECK(shape < CALL_SHAPES && !seen[shape], "shape %u once", shape);
                if (shape < CALL_SHAPES)
                    seen[shape] = true;
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

/* A profile file at path with this text. */
static void write_text(const char *path, const char *text)
{
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL, "%s opens", path);
    if (file) {
        fputs(text, file);
        fclose(file);
    }
}

/* Auto and the calls read the profile SEEBATCH_PROFILE names: scalar for
 * every shape, here, against a table that takes a SIMD kernel somewhere. */
static void profile_honoured(const char *path)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    shape_choices all_scalar;
    memset(all_scalar.kernel, 0, sizeof all_scalar.kernel);
    seebatch_error error;
    char text[PROFILE_TEXT];
    seebatch_profile_text(&cpu, &all_scalar, text);
    write_text(path, text);
    test_setenv("SEEBATCH_PROFILE", path);
    seebatch_auto_here here;
    seebatch_auto_choice_here(&here, &error);
    CHECK_EQ(error.status, SEEBATCH_OK, "%s", error.message);
    CHECK(here.from_profile && strcmp(here.profile, path) == 0, "from the profile %s", path);
    CHECK(memcmp(here.choice.shapes.kernel, all_scalar.kernel, CALL_SHAPES) == 0,
          "the profile's choices");
    CHECK_EQ(seebatch_backend_set("auto", &error), SEEBATCH_OK, "%s", error.message);
    static const uint32_t in_order[64] = {0};
    see_batch long_batch = batch_of(in_order, 64, false);
    CHECK(seebatch_backend_for_call(CALL_THRESHOLD, &long_batch) == &seebatch_scalar_backend,
          "a long batch on the profile's kernel, scalar");
    CHECK(strcmp(seebatch_backend_name(), "scalar") == 0, "the widest the profile takes");
}

/* A refused profile: a message naming the file and `why`, and auto as the
 * table has it. */
static void profile_refused(const char *path, const char *text, const char *why)
{
    if (text) /* NULL: no file there */
        write_text(path, text);
    test_setenv("SEEBATCH_PROFILE", path);
    seebatch_cpu cpu = seebatch_cpu_here();
    seebatch_error error;
    seebatch_auto_here here;
    seebatch_auto_choice_here(&here, &error);
    CHECK_EQ(error.status, SEEBATCH_ERROR_BACKEND, "refused: %s", why);
    CHECK(strstr(error.message, path) && strstr(error.message, why) &&
              strstr(error.message, "ignored"),
          "the message \"%s\" names %s and \"%s\"", error.message, path, why);
    seebatch_backend_choice table = seebatch_backend_auto(&cpu);
    CHECK(!here.from_profile &&
              memcmp(here.choice.shapes.kernel, table.shapes.kernel, CALL_SHAPES) == 0,
          "auto keeps the table's choice (%s)", why);
    CHECK_EQ(seebatch_profile_read(path, &cpu, &table.shapes, &error), SEEBATCH_ERROR_BACKEND,
             "read refuses it (%s)", why);
}

static void profiles(void)
{
    char path[64], key[PROFILE_KEY_TEXT];
    snprintf(path, sizeof path, "test_call_shapes_%ld.profile", (long)rand());
    profile_honoured(path);
    seebatch_cpu cpu = seebatch_cpu_here(), other = cpu;
    other.signature ^= 0x10; /* another model */
    char text[256];
    snprintf(text, sizeof text, "seebatch profile 1\ncpu %s\nchoices ssss ssss ssss ssss ssss ssss\n",
             seebatch_profile_key(&other, key));
    profile_refused(path, text, "another CPU");
    snprintf(text, sizeof text, "seebatch profile 1\ncpu %s\nchoices ssss ssss ssss ssss ssss\n",
             seebatch_profile_key(&cpu, key));
    profile_refused(path, text, "damaged");
    snprintf(text, sizeof text, "seebatch profile 1\ncpu %s\n", seebatch_profile_key(&cpu, key));
    profile_refused(path, text, "damaged");
    profile_refused(path, "\x7f" "ELF\x02\x01", "not a seebatch profile");
    if (!seebatch_find_runnable_backend("avx512")) {
        snprintf(text, sizeof text,
                 "seebatch profile 1\ncpu %s\nchoices 5555 5555 5555 5555 5555 5555\n",
                 seebatch_profile_key(&cpu, key));
        profile_refused(path, text, "cannot run");
    }
    remove(path);
    profile_refused(path, NULL, "cannot be read");
    /* Initialisation reports the refusal; "none" reads no profile. A backend
     * forced by name (the avx512-emulated stage forces avx512) reads none
     * either, so it is lifted here and put back. */
    char forced[64] = "";
    const char *backend = getenv("SEEBATCH_BACKEND");
    if (backend)
        snprintf(forced, sizeof forced, "%s", backend);
    test_unsetenv("SEEBATCH_BACKEND");
    seebatch_error error;
    CHECK_EQ(seebatch_backend_init(&error), SEEBATCH_ERROR_BACKEND, "init reports it");
    test_setenv("SEEBATCH_PROFILE", "none");
    CHECK_EQ(seebatch_backend_init(&error), SEEBATCH_OK, "%s", error.message);
    test_unsetenv("SEEBATCH_PROFILE");
    if (forced[0])
        test_setenv("SEEBATCH_BACKEND", forced);
}

int main(void)
{
    shapes_of_batches();
    choice_lines();
    profiles();
    return check_finish("test_call_shapes");
}
