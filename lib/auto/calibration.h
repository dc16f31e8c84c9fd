/*
 * seebatch calibrate's part of the library, declared for the tool
 * (programs/cli/calibrate.c, through lib/tool_only.h) and no other program: it times every kernel
 * this CPU runs on every call shape (call_shapes.h) over the positions the
 * tool gives, and says the fastest as the measured table's row
 * (measured_cpus.c) and as a profile (profile.h), which it can save. Only
 * seebatch.h is needed to use it: the choices are plain text and numbers.
 */
#ifndef SEEBATCH_CALIBRATION_H
#define SEEBATCH_CALIBRATION_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"

enum {
    CALIBRATION_SHAPES = 24, /* call_shapes.h's CALL_SHAPES */
    CALIBRATION_KERNELS = 3, /* scalar, avx2, avx512: the letters s, 2, 5 */
    CALIBRATION_NAME_TEXT = 80,
    CALIBRATION_ROW_TEXT = 640,
    CALIBRATION_PROFILE_TEXT = 128,
    CALIBRATION_PATH_TEXT = 1024
};

/* What one calibration found. */
typedef struct seebatch_calibration {
    const char *kernel_names[CALIBRATION_KERNELS];
    bool kernel_ran[CALIBRATION_KERNELS]; /* this build runs it on this CPU */
    char shape_names[CALIBRATION_SHAPES][CALIBRATION_NAME_TEXT];
    /* The best of the rounds, in nanoseconds a move; 0 for a kernel not run. */
    double ns_per_move[CALIBRATION_SHAPES][CALIBRATION_KERNELS];
    unsigned fastest[CALIBRATION_SHAPES]; /* an index into kernel_names */
    size_t positions, moves;              /* boards read, captures on them */
    double seconds;                       /* processor time the calibration took */
    char choices[CALIBRATION_NAME_TEXT];  /* the choice line: "s5s5 s5s5 ..." */
    /* {"AuthenticAMD", 0x1A, 0x02, 0x02, true, "s5s5 ...", "measured: ..."},
     * as a line of measured_cpus.c's table, without a newline. */
    char row[CALIBRATION_ROW_TEXT];
    char profile[CALIBRATION_PROFILE_TEXT]; /* the profile's text (profile.h) */
    /* Where auto reads the profile: SEEBATCH_PROFILE's path or the default
     * one keyed to this CPU; empty where there is none (SEEBATCH_PROFILE=none
     * or no home directory). path_named: SEEBATCH_PROFILE gave it. */
    char profile_path[CALIBRATION_PATH_TEXT];
    bool path_named;
} seebatch_calibration;

/*
 * Times each kernel this CPU runs on each call shape, over the FENs of text
 * (length bytes, one a line; the stockfish preset's rules): values and
 * thresholds (at 0); one board (a position's captures), many boards in board
 * order, and scattered (the same captures shuffled); pins worked out or
 * given; 4 moves a call, or 256 (a position's captures when it has at least
 * 8, for one board). Rounds alternate the kernels, each keeping its
 * fastest, in about `seconds` of processor time. Errors: SEEBATCH_ERROR_ARGUMENT
 * (no positions, a bad FEN naming its line), SEEBATCH_ERROR_RESOURCE (no
 * memory).
 */
seebatch_status seebatch_calibrate(const char *text, size_t length, double seconds,
                                   seebatch_calibration *found, seebatch_error *error);

/*
 * Writes found->profile to found->profile_path, whole or not at all (a
 * temporary beside it, renamed over it), making the directories of the
 * default path first. Errors (SEEBATCH_ERROR_IO, the message naming the
 * path and why): no path, or the file cannot be written.
 */
seebatch_status seebatch_calibration_save(const seebatch_calibration *found, seebatch_error *error);

#endif
