#include "eval_block.h"

#include "eval_exchange.h"

/* A position's records, as put_position_records and its kin take them. */
static position_records records_of(const eval_block *block, size_t b)
{
    const block_position *at = &block->positions[b];
    return (position_records){at->fen,
                              at->fen_length,
                              &at->number,
                              block->moves + at->first_move,
                              block->values + at->first_move,
                              at->move_count};
}

/* eval --exchange: each position's records with their exchanges, appended
 * in turn (their length is known only once written). */
static void put_with_exchanges(const eval_block *block, text_buffer *out)
{
    for (size_t b = 0; b < block->board_count; b++) {
        position_records records = records_of(block, b);
        append_exchange_records(out, block->format, &records, &block->boards[b], block->exchange);
    }
}

static void put_records(const eval_block *block, text_buffer *out)
{
    /* One reservation for the block's records, so no position asks again. */
    char *p = text_buffer_reserve(out, block->text_room);
    for (size_t b = 0; b < block->board_count; b++) {
        if (block->positions[b].move_count == 0) /* no record (a third of the positions of games) */
            continue;
        position_records records = records_of(block, b);
        p = put_position_records(p, block->format, &records);
    }
    out->length = (size_t)(p - out->bytes);
}

void eval_block_flush(eval_block *block, text_buffer *out)
{
    seebatch_batch batch = {block->boards,        block->board_count, NULL,
                            block->board_of_move, block->moves,       block->move_count};
    seebatch_values(block->rules, &batch, block->values);
    if (block->exchange)
        put_with_exchanges(block, out);
    else
        put_records(block, out);
    block->board_count = block->move_count = block->text_room = 0;
}
