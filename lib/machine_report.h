/* What `seebatch --version` prints after its first line (machine_report.c):
 * the account a bug report needs, written by the library that made the
 * choices. */
#ifndef SEEBATCH_MACHINE_REPORT_H
#define SEEBATCH_MACHINE_REPORT_H

#include <stddef.h>

/* This machine and the library's choices, in words: how the backend is
 * chosen and by whom, auto's first guess for each kind of call, whether it
 * learns and why; the CPU's features and model, the backends this build
 * runs here, the view exchange. Into out as snprintf writes (size bytes,
 * NUL-terminated; out may be NULL when size is 0), returning the whole
 * length. Bad settings are seebatch_backend_init's and seebatch_view_init's
 * to report. Thread-safe where getenv is. */
size_t seebatch_machine_report(char *out, size_t size);

#endif
