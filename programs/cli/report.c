#include "report.h"

#include <stdio.h>

void vreport(const char *subcommand, const char *format, va_list args)
{
    if (subcommand)
        fprintf(stderr, "seebatch %s: ", subcommand);
    else
        fputs("seebatch: ", stderr);
    vfprintf(stderr, format, args);
}

void report(const char *subcommand, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vreport(subcommand, format, args);
    fputc('\n', stderr);
    va_end(args);
}
