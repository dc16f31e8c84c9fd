/* Whole numbers written as decimal text without printf, for the writers
 * that format one or more numbers per position or entry (FEN counters, the
 * .plain fields, eval's records). */
#ifndef SEEBATCH_DECIMAL_H
#define SEEBATCH_DECIMAL_H

#pragma GCC visibility push(hidden)

/* Writes the decimal digits of n at p (no NUL); returns the end. At most 20
 * bytes. Below 10,000 without a loop. */
char *seebatch_put_decimal(char *p, unsigned long long n);

/* The same for a signed number: '-' first when it is negative. */
char *seebatch_put_signed_decimal(char *p, long long n);

#pragma GCC visibility pop

#endif
