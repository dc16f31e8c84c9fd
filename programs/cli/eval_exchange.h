/* eval --exchange: each record with the line its move's exchange plays
 * under the rules (programs/engine_check/exchange_line.h) as one more
 * field, after the value (text ;LINE, csv ,"LINE", jsonl "exchange":"LINE").
 * The records are written as without it, one at a time, each end taken
 * back for the field: eval without --exchange pays nothing for it. */
#ifndef SEEBATCH_EVAL_EXCHANGE_H
#define SEEBATCH_EVAL_EXCHANGE_H

#include "eval_records.h"

/* append_position_records's records of a position on `board`, each with
 * its exchange under `config` (the rules its values were computed under). */
void append_exchange_records(text_buffer *out, output_format format,
                             const position_records *records, const seebatch_board *board,
                             const seebatch_config *config);

/* append_game_records's records, each with its exchange on its board. */
void append_exchange_game_records(text_buffer *out, output_format format,
                                  const game_records *records, const seebatch_config *config);

#endif
