/*
 * seebatch_machine_report, the library's account of this machine and its
 * choices (what `seebatch --version` prints after its first line): the
 * length it returns is the whole report's, whatever room it was given; a
 * small buffer gets the report's start, NUL-terminated; every line ends in
 * '\n'; it names the backend in use and, when SEEBATCH_BACKEND chose it,
 * says so; it lists the backends this build runs here and the view
 * exchange.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "environment.h"
#include "machine_report.h"
#include "seebatch.h"

/* The whole report, in memory the caller frees. */
static char *whole_report(void)
{
    size_t length = seebatch_machine_report(NULL, 0);
    char *text = malloc(length + 1);
    if (!text)
        return NULL;
    CHECK_EQ(seebatch_machine_report(text, length + 1), length, "the length, asked again");
    CHECK_EQ(strlen(text), length, "the report written whole");
    return text;
}

static void check_lines(const char *text)
{
    size_t length = strlen(text);
    CHECK(length > 0 && text[length - 1] == '\n', "the last line ends in a newline");
    for (const char *p = text; *p; p++)
        CHECK((unsigned char)*p >= 0x20 || *p == '\n', "a control character at %zu",
              (size_t)(p - text));
    char line[64];
    snprintf(line, sizeof line, "backend: %s", seebatch_backend_name());
    CHECK(strncmp(text, line, strlen(line)) == 0, "it starts with how the backend is chosen: %.80s",
          text);
    CHECK(strstr(text, "\nbackends this build runs here:") != NULL, "the backends: %s", text);
    CHECK(strstr(text, "\nCPU features: ") != NULL, "the CPU's features: %s", text);
    CHECK(strstr(text, "\nCPU: ") != NULL, "the CPU: %s", text);
    CHECK(strstr(text, "\nview exchange: ") != NULL, "the view exchange: %s", text);
    CHECK(strstr(text, "\n  why: ") || strstr(text, "\n  auto would start on "),
          "why auto's first guess: %s", text);
}

int main(void)
{
    /* A backend the environment forces (read at the library's first call)
     * is named as its choice. */
    test_setenv("SEEBATCH_BACKEND", "scalar");
    char *text = whole_report();
    CHECK(text != NULL, "out of memory");
    if (!text)
        return check_finish("test_machine_report");
    check_lines(text);
    static const char forced_line[] =
        "backend: scalar (forced by SEEBATCH_BACKEND: every call runs it)\n";
    CHECK(strncmp(text, forced_line, strlen(forced_line)) == 0, "forced: %.80s", text);
    free(text);

    /* Auto again: its reason, nothing said to be forced. */
    test_unsetenv("SEEBATCH_BACKEND");
    seebatch_error error;
    CHECK(seebatch_backend_set("auto", &error) == SEEBATCH_OK, "auto: %s", error.message);
    text = whole_report();
    CHECK(text != NULL, "out of memory");
    if (!text)
        return check_finish("test_machine_report");
    check_lines(text);
    CHECK(strstr(text, "forced") == NULL, "nothing forced: %s", text);
    /* SEEBATCH_BACKEND empty or "auto" chooses nothing either. */
    static const char *const unforcing[] = {"", "auto"};
    for (int i = 0; i < 2; i++) {
        test_setenv("SEEBATCH_BACKEND", unforcing[i]);
        char *again = whole_report();
        CHECK(again && strstr(again, "forced") == NULL,
              "SEEBATCH_BACKEND=\"%s\" forces nothing: %.80s", unforcing[i], again ? again : "");
        free(again);
    }
    /* Forced by seebatch_backend_set, not by the variable; and fixed, which
     * learns nothing. */
    test_unsetenv("SEEBATCH_BACKEND");
    CHECK(seebatch_backend_set("scalar", &error) == SEEBATCH_OK, "scalar: %s", error.message);
    char *set = whole_report();
    CHECK(set && strncmp(set, "backend: scalar (forced: every call runs it)\n", 45) == 0,
          "forced by a call: %.80s", set ? set : "");
    free(set);
    CHECK(seebatch_backend_set("fixed", &error) == SEEBATCH_OK, "fixed: %s", error.message);
    set = whole_report();
    CHECK(set && strncmp(set, "backend: fixed: ", 16) == 0 && !strstr(set, "learned"),
          "fixed: %.200s", set ? set : "");
    free(set);
    CHECK(seebatch_backend_set("auto", &error) == SEEBATCH_OK, "auto: %s", error.message);
    test_unsetenv("SEEBATCH_BACKEND");

    /* Cut: the start of the same report, NUL-terminated, the length the same. */
    size_t length = strlen(text);
    for (size_t size = 1; size < 40; size += 7) {
        char small[40];
        memset(small, 'x', sizeof small);
        CHECK_EQ(seebatch_machine_report(small, size), length, "the length with %zu bytes", size);
        CHECK_EQ(strlen(small), size - 1, "cut at %zu bytes", size);
        CHECK(strncmp(small, text, size - 1) == 0, "the report's start at %zu bytes", size);
        CHECK(small[size] == 'x', "nothing written past %zu bytes", size);
    }
    free(text);
    return check_finish("test_machine_report");
}
