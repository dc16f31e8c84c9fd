/*
 * The tool's own number helpers (programs/cli/numbers.h): read_whole_number
 * takes exactly the whole decimal numbers of long long in the range given
 * (strtoll's reading with nothing before or after the digits: no space, no
 * '+'), and put_decimal writes what printf's %llu writes, across digit
 * counts and at the ends of the type.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "numbers.h"

static int failures;

static void check_read(const char *text, long long minimum, long long maximum, int ok,
                       long long expected)
{
    long long value = 12345;
    int got = read_whole_number(text, minimum, maximum, &value);
    if (got != ok || (ok && value != expected) || (!ok && value != 12345)) {
        printf("FAIL: read_whole_number(\"%s\", %lld, %lld): %d %lld\n", text ? text : "(null)",
               minimum, maximum, got, value);
        failures++;
    }
}

int main(void)
{
    check_read("0", 0, 10, 1, 0);
    check_read("-0", -1, 1, 1, 0);
    check_read("007", 0, 10, 1, 7);
    check_read("10", 0, 10, 1, 10);
    check_read("11", 0, 10, 0, 0);
    check_read("-1", 0, 10, 0, 0);
    check_read("-5", -10, 10, 1, -5);
    check_read("9223372036854775807", LLONG_MIN, LLONG_MAX, 1, LLONG_MAX);
    check_read("9223372036854775808", LLONG_MIN, LLONG_MAX, 0, 0);
    check_read("-9223372036854775808", LLONG_MIN, LLONG_MAX, 1, LLONG_MIN);
    check_read("-9223372036854775809", LLONG_MIN, LLONG_MAX, 0, 0);
    check_read("99999999999999999999999", LLONG_MIN, LLONG_MAX, 0, 0);
    static const char *const refused[] = {NULL, "",     "-",   "+1",  " 1", "1 ",
                                          "1x", "0x10", "--1", "1.0", "1e3"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        check_read(refused[i], LLONG_MIN, LLONG_MAX, 0, 0);

    unsigned long long n = 0;
    for (int step = 0; step < 2000; step++) {
        char mine[24], theirs[24];
        char *end = put_decimal(mine, n);
        *end = '\0';
        snprintf(theirs, sizeof theirs, "%llu", n);
        if (strcmp(mine, theirs) != 0) {
            printf("FAIL: put_decimal(%s) wrote %s\n", theirs, mine);
            failures++;
        }
        /* every number below 1000, then ever longer ones up to the largest */
        n = step < 1000 ? n + 1 : n * 3 + 7;
    }
    char largest[24];
    *put_decimal(largest, ULLONG_MAX) = '\0';
    if (strcmp(largest, "18446744073709551615") != 0) {
        printf("FAIL: put_decimal(ULLONG_MAX) wrote %s\n", largest);
        failures++;
    }
    char message[160];
    whole_number_message(message, sizeof message, "--seed", 0, 9, "x");
    if (strcmp(message, "--seed needs a whole number 0..9, not \"x\"") != 0) {
        printf("FAIL: the message for a bad value: %s\n", message);
        failures++;
    }
    whole_number_message(message, sizeof message, "--seed", -1, 9, NULL);
    if (strcmp(message, "--seed needs a value, a whole number -1..9") != 0) {
        printf("FAIL: the message for a missing value: %s\n", message);
        failures++;
    }
    if (!failures)
        printf("tool_numbers: numbers read and written as strtoll and printf do\n");
    return failures != 0;
}
