/* A minimal assertion kit for the C tests: every CHECK counts, every failure
 * prints where and why, and check_finish turns the tally into an exit code. */
#ifndef SEEBATCH_CHECK_H
#define SEEBATCH_CHECK_H

#include <stdio.h>

static long check_count;
static long check_failures;

#define CHECK(condition, ...)                                                       \
    do {                                                                            \
        check_count++;                                                              \
        if (!(condition)) {                                                         \
            check_failures++;                                                       \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #condition); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
        }                                                                           \
    } while (0)

#define CHECK_EQ(actual, expected, ...)                                             \
    do {                                                                            \
        long long check_a_ = (long long)(actual), check_e_ = (long long)(expected); \
        check_count++;                                                              \
        if (check_a_ != check_e_) {                                                 \
            check_failures++;                                                       \
            fprintf(stderr, "%s:%d: %s is %lld, expected %lld: ", __FILE__, __LINE__, \
                    #actual, check_a_, check_e_);                                   \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
        }                                                                           \
    } while (0)

/* Prints "name: N passed, M failed" and returns the process exit code. */
static inline int check_finish(const char *name)
{
    printf("%s: %ld passed, %ld failed\n", name, check_count - check_failures, check_failures);
    return check_failures == 0 ? 0 : 1;
}

#endif
