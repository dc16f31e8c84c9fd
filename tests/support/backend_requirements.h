/*
 * Which backends this machine must run, decided without the library's own
 * CPU detection: from the flags the operating system lists in /proc/cpuinfo
 * (Linux lists AVX and its successors only when it also saves their
 * registers). The tests compare dispatch with this, and a kernel's tests
 * skip only where this says the CPU cannot run the kernel.
 */
#ifndef SEEBATCH_TEST_BACKEND_REQUIREMENTS_H
#define SEEBATCH_TEST_BACKEND_REQUIREMENTS_H

#include <stdbool.h>
#include <stddef.h>

/* One backend: its name, whether this build has it, and the /proc/cpuinfo
 * flags it needs, separated by spaces. */
typedef struct backend_requirement {
    const char *backend;
    bool built;
    const char *flags;
} backend_requirement;

/* Every backend but scalar, best first (the library's order of preference).
 * A new backend adds one row in backend_requirements.c. */
extern const backend_requirement backend_requirements[];
extern const size_t backend_requirement_count;

typedef enum cpuinfo_answer {
    CPUINFO_ABSENT, /* no /proc/cpuinfo flags here: no independent answer */
    CPUINFO_CANNOT, /* the CPU lacks a flag, or the build lacks the backend */
    CPUINFO_CAN     /* the build has it and the CPU lists every flag */
} cpuinfo_answer;

/* Whether this machine must run the named backend ("scalar": always);
 * a name with no row gives CPUINFO_CANNOT. */
cpuinfo_answer cpuinfo_can_run(const char *backend);

/* The value /proc/cpuinfo gives the first processor under `key` (e.g.
 * "vendor_id", "cpu family"), without the line's end; false where there is
 * no such line. */
bool cpuinfo_value(const char *key, char *value, size_t size);

/* For a test of one backend's kernel that finds the backend not runnable:
 * prints why and returns 77 (a skip CTest shows as such) when /proc/cpuinfo
 * agrees or is absent, or 1 (a failure) when the CPU lists every flag, since
 * then it is the detection that is broken. */
int skip_unless_runnable(const char *test, const char *backend);

#endif
