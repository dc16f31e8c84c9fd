/*
 * The one door from the command-line tool (programs/cli) into the library's
 * internals: what the tool uses that no user of the library does. Never
 * installed; the tool's files include no other header of lib/
 * (tests/design/tool_door.sh fails if one does). Anything a user would want
 * too belongs in the public headers (include/) instead, and what the tool
 * needs of a header here is named beside it, so that the door can shrink.
 */
#ifndef SEEBATCH_TOOL_ONLY_H
#define SEEBATCH_TOOL_ONLY_H

/* Core: --version's and the backend line's facts, the FEN reader, numbers
 * and the printf check. */
#include "calibration.h"     /* seebatch calibrate's measuring and saving */
#include "cpu_features.h"    /* seebatch_cpu_here, the CPU's facts for --version */
#include "decimal.h"         /* eval's scores as text */
#include "dispatch.h"        /* what auto takes for each call shape, for --version */
#include "epd_record.h"      /* an EPD line's fields (eval, check) */
#include "fen_scan.h"        /* seebatch_fen_scan: a line's position */
#include "implementations.h" /* the backends and why auto chose one */
#include "printf_like.h"     /* SEEBATCH_PRINTF_LIKE for the tool's messages */
#include "views/choice.h"    /* the view lookup --version names */
#include "platform/files.h"  /* seebatch_streams_share_file, opening files */

/* Training data: the formats, read and written chunk by chunk, and the
 * filter's rules; the filter's chunk driver's insides (the rules object
 * built from the tool's options, the writer a chunk's parts are joined
 * from, the state's piece-count history kept over all inputs). */
#include "training/filtering/chunk_filter.h"
#include "training/filtering/filter_rules.h"
#include "training/filtering/rule_options.h"
#include "training/formats/bin_file.h"
#include "training/formats/binpack_reader.h"
#include "training/formats/binpack_split.h"
#include "training/formats/binpack_writer.h"
#include "training/formats/chain_moves.h"
#include "training/formats/data_format.h"
#include "training/formats/entry_place.h"
#include "training/formats/output_file.h"
#include "training/formats/plain.h"
#include "random.h" /* random_next: interleave's draws, the project's one generator */

#endif
