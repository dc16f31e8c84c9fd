/* Profiles: seebatch calibrate's choices kept for one CPU (profile.h). */
#include "profile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "implementations.h"

static const char profile_first_line[] = "seebatch profile 1";
enum { PROFILE_BYTES = 4096, SHOWN_PATH = 200 };

const char *seebatch_profile_key(const seebatch_cpu *cpu, char out[PROFILE_KEY_TEXT])
{
    char vendor[sizeof cpu->vendor];
    size_t i = 0;
    for (; cpu->vendor[i] && i + 1 < sizeof vendor; i++) {
        char c = cpu->vendor[i];
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        vendor[i] = plain ? c : '_';
    }
    vendor[i] = '\0';
    snprintf(out, PROFILE_KEY_TEXT, "%s-%02Xh-%02Xh%s", i ? vendor : "unknown",
             seebatch_cpu_family(cpu), seebatch_cpu_model(cpu),
             seebatch_cpu_runs_avx512(cpu) ? "-avx512" : "");
    return out;
}

bool seebatch_profile_path(const seebatch_cpu *cpu, char out[PROFILE_PATH_TEXT], bool *named)
{
    const char *given = getenv("SEEBATCH_PROFILE");
    *named = given && *given;
    if (*named) {
        if (strcmp(given, "none") == 0)
            return false;
        return snprintf(out, PROFILE_PATH_TEXT, "%s", given) < PROFILE_PATH_TEXT;
    }
    const char *base = getenv("XDG_CONFIG_HOME"), *below = "seebatch";
#ifdef _WIN32
    base = getenv("APPDATA");
#else
    if (!base || !*base) {
        base = getenv("HOME");
        below = ".config/seebatch";
    }
#endif
    if (!base || !*base)
        return false;
    char key[PROFILE_KEY_TEXT];
    int length = snprintf(out, PROFILE_PATH_TEXT, "%s/%s/%s.profile", base, below,
                          seebatch_profile_key(cpu, key));
    return length > 0 && length < PROFILE_PATH_TEXT;
}

/* The next line of text (its end made a NUL), or NULL at the end. */
static char *seebatch_profile_next_line(char **rest)
{
    while (**rest == '#') { /* comments */
        char *end = strchr(*rest, '\n');
        *rest = end ? end + 1 : *rest + strlen(*rest);
    }
    if (!**rest)
        return NULL;
    char *line = *rest, *end = strchr(line, '\n');
    *rest = end ? end + 1 : line + strlen(line);
    if (end)
        *end = '\0';
    if (end > line && end[-1] == '\r')
        end[-1] = '\0';
    return line;
}

/* The profile's lines checked against this CPU, with the text read. */
static seebatch_status seebatch_profile_parse(char *text, const char *shown,
                                              const seebatch_cpu *cpu, shape_choices *choices,
                                              seebatch_error *error)
{
    char *rest = text, *first = seebatch_profile_next_line(&rest);
    if (!first || strcmp(first, profile_first_line) != 0)
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "profile %s is not a seebatch profile (its first line is not \"%s\"); "
                             "ignored",
                             shown, profile_first_line);
    char key[PROFILE_KEY_TEXT], *cpu_line = seebatch_profile_next_line(&rest);
    seebatch_profile_key(cpu, key);
    if (!cpu_line || strncmp(cpu_line, "cpu ", 4) != 0)
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "profile %s is damaged: no \"cpu\" line after its first; ignored",
                             shown);
    if (strcmp(cpu_line + 4, key) != 0) {
        char theirs[PROFILE_KEY_TEXT + 4];
        seebatch_printable(cpu_line + 4, SIZE_MAX, PROFILE_KEY_TEXT, theirs);
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "profile %s was made on another CPU (%s; this one is %s); ignored",
                             shown, theirs, key);
    }
    char *choice_line = seebatch_profile_next_line(&rest);
    shape_choices read;
    if (!choice_line || strncmp(choice_line, "choices ", 8) != 0 ||
        !seebatch_choices_parse(choice_line + 8, &read) || seebatch_profile_next_line(&rest))
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "profile %s is damaged: its third line is not \"choices\" and 24 "
                             "letters (s, 2, 5) in six groups of four, or lines follow it; ignored",
                             shown);
    if (!seebatch_choices_run(&read, cpu))
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "profile %s names a backend this build or CPU cannot run; ignored",
                             shown);
    *choices = read;
    return seebatch_succeed(error);
}

seebatch_status seebatch_profile_read(const char *path, const seebatch_cpu *cpu,
                                      shape_choices *choices, seebatch_error *error)
{
    char shown[SHOWN_PATH + 4];
    seebatch_printable(path, SIZE_MAX, SHOWN_PATH, shown);
    FILE *file = fopen(path, "rb");
    if (!file)
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND, "profile %s cannot be read (%s); ignored",
                             shown, strerror(errno));
    char text[PROFILE_BYTES + 1];
    size_t length = fread(text, 1, PROFILE_BYTES + 1, file);
    bool failed = ferror(file) != 0;
    fclose(file);
    if (failed || length > PROFILE_BYTES || memchr(text, '\0', length))
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "profile %s is damaged: %s; ignored", shown,
                             failed ? "reading it failed" : "not a short text file");
    text[length] = '\0';
    return seebatch_profile_parse(text, shown, cpu, choices, error);
}

void seebatch_profile_text(const seebatch_cpu *cpu, const shape_choices *choices,
                           char out[PROFILE_TEXT])
{
    char key[PROFILE_KEY_TEXT], line[CHOICES_TEXT];
    seebatch_choices_format(choices, line);
    snprintf(out, PROFILE_TEXT, "%s\ncpu %s\nchoices %s\n", profile_first_line,
             seebatch_profile_key(cpu, key), line);
}

bool seebatch_profile_here(const seebatch_cpu *cpu, shape_choices *choices,
                           seebatch_error *error)
{
    char path[PROFILE_PATH_TEXT];
    bool named;
    seebatch_succeed(error);
    if (!seebatch_profile_path(cpu, path, &named))
        return false;
    if (!named) { /* the default profile: read only where it exists */
        FILE *file = fopen(path, "rb");
        if (!file)
            return false;
        fclose(file);
    }
    return seebatch_profile_read(path, cpu, choices, error) == SEEBATCH_OK;
}
