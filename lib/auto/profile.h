/*
 * A profile: the kernel of every call shape that `seebatch calibrate`
 * measured fastest on one CPU, kept in a small text file that auto reads
 * in place of the measured table's row (dispatch.c). The file:
 *
 *     seebatch profile 1
 *     cpu AuthenticAMD-1Ah-02h-avx512
 *     choices s5s5 s5s5 s5s5 s5s5 s5s5 s5s5
 *
 * (lines starting with '#' are comments; the choice line is call_shapes.h's).
 * Where: SEEBATCH_PROFILE names it ("none": no profile), else the default
 * path keyed to the CPU, $XDG_CONFIG_HOME/seebatch/KEY.profile or
 * ~/.config/seebatch/KEY.profile (%APPDATA%\seebatch\KEY.profile on
 * Windows), read when it exists. A profile made on another CPU (its key
 * differs), or damaged, or naming a kernel this build or CPU cannot run, is
 * refused with a message and ignored. Nothing here prints.
 */
#ifndef SEEBATCH_PROFILE_H
#define SEEBATCH_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "call_shapes.h"
#include "cpu_features.h"
#include "seebatch.h"

enum { PROFILE_KEY_TEXT = 48, PROFILE_PATH_TEXT = 1024 };

/* "AuthenticAMD-1Ah-02h-avx512" (or "...-02h" without AVX-512): the vendor,
 * family, model and AVX-512 of the CPU, into out. Returns out. */
const char *seebatch_profile_key(const seebatch_cpu *cpu, char out[PROFILE_KEY_TEXT]);

/* The profile's path on this CPU: SEEBATCH_PROFILE's, or the default one.
 * False when there is none to read (SEEBATCH_PROFILE=none, or no home
 * directory to keep the default in). *named: whether SEEBATCH_PROFILE gave it
 * (a missing file is then an error; a missing default one is not). */
bool seebatch_profile_path(const seebatch_cpu *cpu, char out[PROFILE_PATH_TEXT], bool *named);

/* The choices of the profile at path, for this CPU. Errors
 * (SEEBATCH_ERROR_BACKEND, the message naming the file and what is wrong):
 * unreadable, not a profile, another CPU's, damaged, or naming a kernel that
 * does not run here; *choices is then unchanged. */
seebatch_status seebatch_profile_read(const char *path, const seebatch_cpu *cpu,
                                      shape_choices *choices, seebatch_error *error);

/* The text of the profile of these choices for this CPU, into out (the
 * library writes no file: seebatch calibrate does). */
enum { PROFILE_TEXT = 128 };
void seebatch_profile_text(const seebatch_cpu *cpu, const shape_choices *choices,
                           char out[PROFILE_TEXT]);

/* The profile's choices where one applies here: true and *choices when a
 * profile was read; false with *choices unchanged when there is none, and
 * with the refusal in error (status not SEEBATCH_OK) when one was refused. */
bool seebatch_profile_here(const seebatch_cpu *cpu, shape_choices *choices,
                           seebatch_error *error);

#endif
