/* The positions `seebatch time` asks about (time.c): those of the FILEs
 * given, read as check reads them (the one reader of position lines,
 * training data, the tool's messages: subcommand_input.h, portion_work.h),
 * else the real positions built into the tool. */
#ifndef SEEBATCH_CLI_TIME_POSITIONS_H
#define SEEBATCH_CLI_TIME_POSITIONS_H

#include <stdbool.h>

#include "options.h"
#include "see_timing.h"
#include "seebatch_training.h"

/* Where the positions come from, as the options say. */
typedef struct time_reading {
    const input_options *input;  /* its paths (none: the real positions), threads, progress */
    seebatch_file_format format; /* --input-format, else SEEBATCH_FILE_UNKNOWN: the input says */
    bool keep_impossible;        /* --allow-impossible */
} time_reading;

/* The questions of every capture of the positions read (the moves a line
 * or an entry names are read past: time asks every capture): EXIT_OK;
 * else the status, each bad line reported as check reports it
 * ("seebatch time: FILE: line N: why"), and nothing held. */
int time_questions(const time_reading *reading, timing_questions *q);

#endif
