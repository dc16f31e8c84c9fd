/* The positions `seebatch time` asks about (time.c): the FEN lines of the
 * files given, else the real positions built into the tool. */
#ifndef SEEBATCH_CLI_TIME_POSITIONS_H
#define SEEBATCH_CLI_TIME_POSITIONS_H

#include "options.h"
#include "see_timing.h"

/* The questions of input's files, or of the real positions: EXIT_OK; else
 * the status, each bad line reported ("seebatch time: FILE: line N: why")
 * and nothing held. */
int time_questions(const input_options *input, timing_questions *q);

#endif
