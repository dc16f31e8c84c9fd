#include "input_messages.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

static const char *message_subcommand, *message_input = "standard input";
static unsigned long long error_limit = DEFAULT_MAX_ERRORS, errors_shown, errors_hidden;

void input_messages_start(const char *subcommand, const char *input_name)
{
    message_subcommand = subcommand;
    message_input = input_name;
}

void set_error_limit(unsigned long long limit) { error_limit = limit; }

/* Whether the limit lets one more message through; counts it either way. */
static bool take_message(void)
{
    if (error_limit == 0 || errors_shown < error_limit) {
        errors_shown++;
        return true;
    }
    errors_hidden++;
    return false;
}

static void write_prefix(void)
{
    if (message_subcommand)
        fprintf(stderr, "seebatch %s: %s: ", message_subcommand, message_input);
    else
        fprintf(stderr, "seebatch: %s: ", message_input);
}

void write_error_lines(const char *text, size_t length)
{
    while (length) {
        const char *newline = memchr(text, '\n', length);
        size_t line_length = newline ? (size_t)(newline - text) + 1 : length;
        if (take_message()) {
            write_prefix();
            fwrite(text, 1, line_length, stderr);
            if (!newline)
                fputc('\n', stderr);
        }
        text += line_length;
        length -= line_length;
    }
}

void report_input_error(const char *format, ...)
{
    if (!take_message())
        return;
    write_prefix();
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

/* "WHERE: WHAT" of message, after the input's name: whole, or the last
 * characters the library kept after "..." (the longest such name that
 * matches, as WHERE holds ": " too). The message whole when neither. */
static const char *after_input_name(const char *message)
{
    size_t length = strlen(message_input);
    if (strncmp(message, message_input, length) == 0 && strncmp(message + length, ": ", 2) == 0)
        return message + length + 2;
    const char *after = message;
    if (strncmp(message, "...", 3) != 0)
        return after;
    for (const char *colon = strstr(message, ": "); colon; colon = strstr(colon + 1, ": ")) {
        size_t tail = (size_t)(colon - message) - 3;
        if (tail <= length && memcmp(message + 3, message_input + length - tail, tail) == 0)
            after = colon + 2;
    }
    return after;
}

void report_library_fault(const char *message)
{
    report_input_error("%s", after_input_name(message));
}

void report_hidden_errors(const char *subcommand)
{
    if (errors_hidden)
        report(subcommand, "%llu more error message%s not shown (--max-errors N shows N, 0 all)",
               errors_hidden, errors_hidden == 1 ? "" : "s");
}
