/*
 * Backend names are matched whole and exactly, from the API and from the
 * SEEBATCH_BACKEND environment variable: a name that only resembles a valid
 * one (a prefix, a longer word, other case, white space around it) is an
 * error naming it, and the backend in use stays as it was.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "environment.h"
#include "see_calls.h"
#include "seebatch.h"

/* Near misses of every name the library knows, "auto" included. */
static const char *const near_misses[] = {
    "avx",     "avx22", "avx2x", "AVX2",    "Avx2",   " avx2",       "avx2 ",    "avx2\n",
    "avx512x", "s",     "scala", "scalars", "SCALAR", "Scalar",      "scalar\t", "auto ",
    "AUTO",    "autoo", "aut",   "-",       "none",   "avx2,scalar",
};
enum { NEAR_MISSES = sizeof near_misses / sizeof near_misses[0] };

/* Messages never echo control characters (docs/checking.md, "Guarantees"). */
static bool printable_only(const char *text)
{
    for (; *text; text++)
        if ((unsigned char)*text < 0x20 || (unsigned char)*text >= 0x7f)
            return false;
    return true;
}

static void from_the_api(void)
{
    const char *in_use = seebatch_backend_name();
    for (size_t i = 0; i < NEAR_MISSES; i++) {
        seebatch_error error;
        CHECK_EQ(seebatch_backend_set(near_misses[i], &error), SEEBATCH_ERROR_BACKEND,
                 "seebatch_backend_set(\"%s\")", near_misses[i]);
        CHECK(strstr(error.message, "unknown backend") != NULL, "\"%s\": %s", near_misses[i],
              error.message);
        CHECK(printable_only(error.message), "\"%s\": the message echoes a control byte",
              near_misses[i]);
        CHECK(strcmp(seebatch_backend_name(), in_use) == 0, "\"%s\" changed the backend to %s",
              near_misses[i], seebatch_backend_name());
        /* It names every valid value, "fixed" too. */
        CHECK(strstr(error.message, "auto, fixed, ") && strstr(error.message, "scalar"),
              "\"%s\": the valid names: %s", near_misses[i], error.message);
    }
    CHECK_EQ(seebatch_backend_set("", NULL), SEEBATCH_ERROR_BACKEND, "the empty name");
    /* Every name the library lists is accepted as it is written. */
    const char *names[16];
    size_t count = seebatch_backends_available(names, 16);
    for (size_t i = 0; i < count && i < 16; i++)
        CHECK_EQ(seebatch_backend_set(names[i], NULL), SEEBATCH_OK, "listed name %s", names[i]);
    CHECK_EQ(seebatch_backend_set("auto", NULL), SEEBATCH_OK, "auto");
}

/* seebatch_backend_init reports the environment's error on every call. */
static void from_the_environment(void)
{
    for (size_t i = 0; i < NEAR_MISSES; i++) {
        test_setenv("SEEBATCH_BACKEND", near_misses[i]);
        seebatch_error error;
        CHECK_EQ(seebatch_backend_init(&error), SEEBATCH_ERROR_BACKEND, "SEEBATCH_BACKEND=\"%s\"",
                 near_misses[i]);
        CHECK(strstr(error.message, "unknown backend") != NULL, "\"%s\": %s", near_misses[i],
              error.message);
    }
    static const char *const good[] = {"auto", "scalar", ""};
    for (size_t i = 0; i < 3; i++) {
        test_setenv("SEEBATCH_BACKEND", good[i]);
        seebatch_error error;
        CHECK_EQ(seebatch_backend_init(&error), SEEBATCH_OK, "SEEBATCH_BACKEND=\"%s\": %s", good[i],
                 error.message);
    }
    test_unsetenv("SEEBATCH_BACKEND");
}

/* Run first, before anything has chosen a backend: a bad SEEBATCH_BACKEND
 * makes the SEE functions use scalar (silently: the library never prints), never the
 * backend detection would pick. */
static void first_use_with_a_bad_name(void)
{
    test_setenv("SEEBATCH_BACKEND", "AVX2");
    seebatch_board board;
    seebatch_board_from_fen(&board, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", NULL);
    seebatch_config classic = seebatch_config_classic();
    CHECK_EQ(value_under(&classic, &board, seebatch_move_make(28, 35, SEEBATCH_MOVE_NORMAL)), 100,
             "exd5 on the first use");
    CHECK(strcmp(seebatch_backend_name(), "scalar") == 0, "bad name on first use gave %s",
          seebatch_backend_name());
    /* Once a backend is chosen, seebatch_backend_init keeps it. */
    test_unsetenv("SEEBATCH_BACKEND");
    CHECK_EQ(seebatch_backend_init(NULL), SEEBATCH_OK, "init with no SEEBATCH_BACKEND");
    CHECK(strcmp(seebatch_backend_name(), "scalar") == 0, "init replaced the chosen backend by %s",
          seebatch_backend_name());
}

int main(void)
{
    first_use_with_a_bad_name();
    from_the_api();
    from_the_environment();
    return check_finish("test_backend_names");
}
