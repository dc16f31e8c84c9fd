/*
 * The one door from the command-line tool (programs/cli) into the library's
 * internals: what the tool uses that no user of the library does. Never
 * installed; the tool's files include no other header of lib/
 * (tests/design/tool_door.sh fails if one does, or if an include here has
 * no reason beside it), and every name they take through it is listed with
 * the files that may and why (tests/design/tool_door_names.txt, counted by
 * tests/design/door_names.py). Anything a user would want too belongs in
 * the public headers (include/): the tool's runs, its filter and its
 * counts are seebatch_training.h's.
 */
#ifndef SEEBATCH_TOOL_ONLY_H
#define SEEBATCH_TOOL_ONLY_H

/* Core: the tool's message formats, the standard streams in binary, draws. */
#include "printf_like.h"    /* why: SEEBATCH_PRINTF_LIKE checks the tool's message formats */
#include "platform/files.h" /* why: Windows' standard streams put in binary mode */
#include "random.h"         /* why: interleave's draws, from the project's one generator */
/* The tool's lines, command line and files: positions read as every program reads them, 
 * options among its own, outputs never half-written. */
#include "text/position_line.h" /* why: eval's, check's, filter's and games' lines, one reader */
#include "training/filtering/rule_options.h" /* why: the SEE and rule options among the tool's */
#include "platform/output_file.h" /* why: --output by temporary and rename, never an input */
#include "training/formats/binpack_reader.h" /* why: interleave checks chunk headers */
#endif
