/*
 * eval --exchange (eval_exchange.h).
 */
#include "eval_exchange.h"

#include <string.h>

#include "exchange_line.h"

static char *put_text(char *p, const char *text)
{
    size_t length = strlen(text);
    memcpy(p, text, length);
    return p + length;
}

/* The record just appended ends "\n" (text, csv) or "}\n" (jsonl): that end
 * taken back, the move's exchange written as one more field, the end put
 * back. The line's text holds no ';', '"' or '\\' (exchange_line.h). */
static void end_with_exchange(text_buffer *out, output_format format, const seebatch_board *board,
                              seebatch_move move, const seebatch_config *config)
{
    exchange_record record;
    exchange_walk(board, move, config, FAULT_NONE, &record);
    out->length -= format == FORMAT_JSONL ? 2 : 1;
    char *p = text_buffer_reserve(out, EXCHANGE_TEXT_MAX + 32);
    p = put_text(p, format == FORMAT_JSONL ? ",\"exchange\":\""
                    : format == FORMAT_CSV ? ",\""
                                           : ";");
    p += exchange_text(&record, p, EXCHANGE_TEXT_MAX);
    p = put_text(p, format == FORMAT_JSONL ? "\"}\n" : format == FORMAT_CSV ? "\"\n" : "\n");
    out->length = (size_t)(p - out->bytes);
}

void append_exchange_records(text_buffer *out, output_format format,
                             const position_records *records, const seebatch_board *board,
                             const seebatch_config *config)
{
    for (size_t i = 0; i < records->count; i++) {
        position_records one = *records;
        one.moves += i;
        one.values += i;
        one.count = 1;
        append_position_records(out, format, &one);
        end_with_exchange(out, format, board, records->moves[i], config);
    }
}

void append_exchange_game_records(text_buffer *out, output_format format,
                                  const game_records *records, const seebatch_config *config)
{
    for (size_t i = 0; i < records->count; i++) {
        game_records one = *records;
        one.before += i;
        one.moves += i;
        one.values += i;
        one.count = 1;
        append_game_records(out, format, &one);
        end_with_exchange(out, format, &records->before[i], records->moves[i], config);
    }
}
