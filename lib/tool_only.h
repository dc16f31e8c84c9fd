/*
 * The one door from the programs of the `seebatch` binary (programs/cli, the
 * differential harness programs/checking, the check of an engine's SEE
 * programs/engine_check, the position generator programs/positions; the
 * transport to an engine, programs/engine_see, takes the public headers
 * alone) into the library's internals: what they use that no user of the library
 * does. Never installed; their files include no other header of lib/
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
/* What the tool alone prints or reads, left out of the public headers: no
 * user of the library calls it (issue 77). */
#include "machine_report.h"               /* why: --version's account of the machine */
#include "board/movegen.h"                /* why: gen perft's count of the move tree */
#include "text/fen_write.h"               /* why: Shredder-FEN for an engine checked */
#include "training/formats/data_format.h" /* why: an input's format from its first bytes */
#include "training/formats/plain.h"       /* why: eval's FEN of an entry, as .plain's */
#include "training/training_filter.h"     /* why: filter's closing table: counts, rules */
/* The differential harness: the kernels it holds to the reference, past the public calls. */
#include "auto/dispatch.h" /* why: the backends this machine runs, found by name */
#include "kernel.h"        /* why: a kernel's batch calls, and the reference */
#include "scalar/scalar.h" /* why: the scalar backend, walk by walk */
#include "views/choice.h"  /* why: the view exchanges, chosen as an engine's are */
/* The position generator: boards built square by square. */
#include "board/bitboard.h" /* why: gen's boards from the library's bitboard words */
#endif
