/* A minimal assertion kit for the C tests: every CHECK counts, every failure
 * prints where and why, and check_finish turns the tally into an exit code. */
#ifndef SEEBATCH_CHECK_H
#define SEEBATCH_CHECK_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static long check_count;
static long check_failures;

#define CHECK(condition, ...)                                                                      \
    do {                                                                                           \
        check_count++;                                                                             \
        if (!(condition)) {                                                                        \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #condition);          \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

#define CHECK_EQ(actual, expected, ...)                                                            \
    do {                                                                                           \
        long long check_a_ = (long long)(actual), check_e_ = (long long)(expected);                \
        check_count++;                                                                             \
        if (check_a_ != check_e_) {                                                                \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: %s is %lld, expected %lld: ", __FILE__, __LINE__, #actual,     \
                    check_a_, check_e_);                                                           \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

/* SEEBATCH_TEST_SCALE (default 1; 0, negative or not a number is 1):
 * tests/run_all.sh runs the stages after Release with 0.1, so they check
 * memory, races and other CPUs on fewer cases while the Release build runs
 * them all (tests/support/test_scale.sh reads it alike for the scripts). */
static inline double test_scale(void)
{
    const char *text = getenv("SEEBATCH_TEST_SCALE");
    double scale = text ? atof(text) : 1.0;
    return scale > 0 ? scale : 1.0;
}

/* count scaled by test_scale(). Never below 1. */
static inline int scaled(int count)
{
    int n = (int)(count * test_scale());
    return n > 0 ? n : 1;
}

/* Whether the test does its whole work (the Release stage). */
static inline bool at_full_scale(void) { return test_scale() >= 1.0; }

/* Prints "name: N passed, M failed" and returns the process exit code. */
static inline int check_finish(const char *name)
{
    printf("%s: %ld passed, %ld failed\n", name, check_count - check_failures, check_failures);
    return check_failures == 0 ? 0 : 1;
}

#endif
