#include "eval_block.h"

void eval_block_flush(eval_block *block, text_buffer *out)
{
    seebatch_batch batch = {block->boards,        block->board_count, NULL,
                            block->board_of_move, block->moves,       block->move_count};
    seebatch_values(block->rules, &batch, block->values);
    /* One reservation for the block's records, so no position asks again. */
    char *p = text_buffer_reserve(out, block->text_room);
    for (size_t b = 0; b < block->board_count; b++) {
        const block_position *at = &block->positions[b];
        if (at->move_count == 0) /* no record (a third of the positions of games) */
            continue;
        position_records records = {at->fen,
                                    at->fen_length,
                                    &at->number,
                                    block->moves + at->first_move,
                                    block->values + at->first_move,
                                    at->move_count};
        p = put_position_records(p, block->format, &records);
    }
    out->length = (size_t)(p - out->bytes);
    block->board_count = block->move_count = block->text_room = 0;
}
