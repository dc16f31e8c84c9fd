#include "numbers.h"

#include <stdio.h>
#include <string.h>

/* 2^63: the magnitude of the least long long, one past the greatest. */
#define MAGNITUDE_LIMIT (1ull << 63)

bool read_whole_number(const char *text, long long minimum, long long maximum, long long *value)
{
    if (!text)
        return false;
    bool negative = text[0] == '-';
    const char *digit = text + negative;
    if (!*digit)
        return false;
    unsigned long long magnitude = 0;
    for (; *digit; digit++) {
        if (*digit < '0' || *digit > '9')
            return false;
        unsigned d = (unsigned)(*digit - '0');
        if (magnitude > (MAGNITUDE_LIMIT - d) / 10)
            return false;
        magnitude = magnitude * 10 + d;
    }
    if (!negative && magnitude == MAGNITUDE_LIMIT)
        return false;
    /* 0 - 2^63 as long long is the least one (two's complement). */
    long long parsed = negative ? (long long)(0ull - magnitude) : (long long)magnitude;
    if (parsed < minimum || parsed > maximum)
        return false;
    *value = parsed;
    return true;
}

void whole_number_message(char *message, size_t size, const char *name, long long minimum,
                          long long maximum, const char *text)
{
    int written = snprintf(message, size, "%s needs %sa whole number %lld..%lld", name,
                           text ? "" : "a value, ", minimum, maximum);
    if (text && written >= 0 && (size_t)written < size)
        snprintf(message + written, size - (size_t)written, ", not \"%s\"", text);
}

char *put_decimal(char *p, unsigned long long n)
{
    char digits[20];
    char *start = digits + sizeof digits;
    do {
        *--start = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    size_t length = (size_t)(digits + sizeof digits - start);
    memcpy(p, start, length);
    return p + length;
}
