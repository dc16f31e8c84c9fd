/* Whole numbers as the tool reads them from its options and writes them in
 * its records: its own helpers (the library reads the numbers of the rule
 * options given to it in its own words, and writes none of the tool's). */
#ifndef SEEBATCH_CLI_NUMBERS_H
#define SEEBATCH_CLI_NUMBERS_H

#include <stdbool.h>
#include <stddef.h>

/* Reads text as a whole decimal number in [minimum, maximum] into *value:
 * digits, perhaps after a '-', nothing before or after them (no space, no
 * '+', no other base). False, *value unchanged, for anything else, NULL
 * included, and for a number out of the range or of long long. */
bool read_whole_number(const char *text, long long minimum, long long maximum, long long *value);

/* The message for an option `name` that takes a whole number in [minimum,
 * maximum] but was given `text`, or nothing (text NULL: the option ended the
 * command line), into message (size bytes, cut if need be). */
void whole_number_message(char *message, size_t size, const char *name, long long minimum,
                          long long maximum, const char *text);

/* Writes the decimal digits of n at p (no NUL, at most 20 bytes); returns
 * the end. */
char *put_decimal(char *p, unsigned long long n);

#endif
