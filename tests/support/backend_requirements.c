#include "backend_requirements.h"

#include <stdio.h>
#include <string.h>

/* The CPU instructions each kernel is compiled for (CMakeLists.txt,
 * SEEBATCH_AVX2_OPTIONS: -mavx2 -mbmi -mbmi2 -mpopcnt; SEEBATCH_AVX512_OPTIONS:
 * those and -mavx512f -mavx512dq -mavx512bw -mavx512vl), as Linux names them. */
const backend_requirement backend_requirements[] = {
#if SEEBATCH_HAVE_AVX512
    {"avx512", true, "avx avx2 bmi1 bmi2 popcnt avx512f avx512dq avx512bw avx512vl"},
#else
    {"avx512", false, "avx avx2 bmi1 bmi2 popcnt avx512f avx512dq avx512bw avx512vl"},
#endif
#if SEEBATCH_HAVE_AVX2
    {"avx2", true, "avx avx2 bmi1 bmi2 popcnt"},
#else
    {"avx2", false, "avx avx2 bmi1 bmi2 popcnt"},
#endif
};
const size_t backend_requirement_count =
    sizeof backend_requirements / sizeof backend_requirements[0];

enum { FLAGS_LINE_MAX = 8192 };

/* Whether the line is `key`, blanks, then a colon ("model" is not "model
 * name"). */
static bool line_has_key(const char *line, const char *key)
{
    size_t length = strlen(key);
    if (strncmp(line, key, length) != 0)
        return false;
    return line[length + strspn(line + length, " \t")] == ':';
}

/* The line of the first processor with that key, or false where there is
 * none. */
static bool read_cpuinfo_line(const char *key, char *line, size_t size)
{
    FILE *file = fopen("/proc/cpuinfo", "r");
    if (!file)
        return false;
    bool found = false;
    while (!found && fgets(line, (int)size, file))
        found = line_has_key(line, key);
    fclose(file);
    return found;
}

bool cpuinfo_value(const char *key, char *value, size_t size)
{
    char line[FLAGS_LINE_MAX];
    if (!read_cpuinfo_line(key, line, sizeof line))
        return false;
    const char *start = strchr(line, ':') + 1;
    start += strspn(start, " ");
    snprintf(value, size, "%.*s", (int)strcspn(start, "\n"), start);
    return true;
}

/* Whether the space-separated word list holds `word` as a whole word. */
static bool has_word(const char *list, const char *word, size_t length)
{
    for (const char *at = strstr(list, " "); at; at = strstr(at + 1, " ")) {
        const char *start = at + 1;
        if (strncmp(start, word, length) == 0 &&
            (start[length] == ' ' || start[length] == '\n' || start[length] == '\0'))
            return true;
    }
    return false;
}

static bool has_every_flag(const char *cpu_flags, const char *needed)
{
    while (*needed) {
        size_t length = strcspn(needed, " ");
        if (length && !has_word(cpu_flags, needed, length))
            return false;
        needed += length;
        needed += strspn(needed, " ");
    }
    return true;
}

cpuinfo_answer cpuinfo_can_run(const char *backend)
{
    char line[FLAGS_LINE_MAX];
    if (!read_cpuinfo_line("flags", line, sizeof line))
        return CPUINFO_ABSENT;
    if (strcmp(backend, "scalar") == 0)
        return CPUINFO_CAN;
    for (size_t i = 0; i < backend_requirement_count; i++)
        if (strcmp(backend_requirements[i].backend, backend) == 0)
            return backend_requirements[i].built &&
                           has_every_flag(line, backend_requirements[i].flags)
                       ? CPUINFO_CAN
                       : CPUINFO_CANNOT;
    return CPUINFO_CANNOT;
}

int skip_unless_runnable(const char *test, const char *backend)
{
    if (cpuinfo_can_run(backend) == CPUINFO_CAN) {
        printf("%s: FAILED: the library says this machine cannot run %s, but /proc/cpuinfo "
               "lists every flag it needs: CPU detection is broken\n",
               test, backend);
        return 1;
    }
    printf("%s: skipped, this machine cannot run %s\n", test, backend);
    return 77;
}
