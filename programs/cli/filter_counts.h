/* What `seebatch filter` says on stderr when it is done: entries read,
 * kept and dropped, and per rule the entries it matched. */
#ifndef SEEBATCH_CLI_FILTER_COUNTS_H
#define SEEBATCH_CLI_FILTER_COUNTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "seebatch_training.h"

/* Prints the counts: entries read, kept, dropped, and per rule of the
 * filter the entries it matched; with explain, also those it alone
 * matched. Returns whether they were written. */
bool print_rule_counts(FILE *stream, const char *command, const seebatch_training_filter *filter,
                       const seebatch_filter_counts *counts, bool explain);

/* When rules on the move (--skip-capture, --skip-see-ge, --skip-promotion,
 * --skip-castling) are active and `moveless` of the `read` entries have no
 * move (EPD lines "FEN"), says that those rules judged none of them: else
 * "0 dropped" reads as if every move had been judged and kept. Returns
 * whether it was written (or nothing was to write). */
bool print_moveless_note(FILE *stream, const seebatch_training_filter *filter, uint64_t read,
                         uint64_t moveless);

#endif
