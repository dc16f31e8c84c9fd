#include "decimal.h"

#include <string.h>

/* "00" to "99": two digits a step. */
static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930"
    "31323334353637383940414243444546474849505152535455565758596061"
    "62636465666768697071727374757677787980818283848586878889909192"
    "93949596979899";

char *seebatch_put_decimal(char *p, unsigned long long n)
{
    if (n < 10) {
        *p = (char)('0' + n);
        return p + 1;
    }
    if (n < 100) {
        memcpy(p, digit_pairs + 2 * n, 2);
        return p + 2;
    }
    if (n < 1000) {
        *p = (char)('0' + n / 100);
        memcpy(p + 1, digit_pairs + 2 * (n % 100), 2);
        return p + 3;
    }
    if (n < 10000) {
        memcpy(p, digit_pairs + 2 * (n / 100), 2);
        memcpy(p + 2, digit_pairs + 2 * (n % 100), 2);
        return p + 4;
    }
    char digits[24];
    char *start = digits + sizeof digits;
    for (; n; n /= 10)
        *--start = (char)('0' + n % 10);
    size_t length = (size_t)(digits + sizeof digits - start);
    memcpy(p, start, length);
    return p + length;
}

char *seebatch_put_signed_decimal(char *p, long long n)
{
    *p = '-';
    p += n < 0;
    return seebatch_put_decimal(p, n < 0 ? 0ull - (unsigned long long)n : (unsigned long long)n);
}
