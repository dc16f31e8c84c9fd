#include "eval_block.h"

void eval_block_make_room(eval_block *block, text_buffer *out)
{
    if (block->board_count == BLOCK_BOARDS ||
        block->move_count + SEEBATCH_MAX_MOVES > BLOCK_MOVES)
        eval_block_flush(block, out);
}

void eval_block_add(eval_block *block, const char *fen, size_t fen_length, record_number number,
                    size_t move_count)
{
    size_t b = block->board_count++;
    block->positions[b] = (block_position){fen, fen_length, number, block->move_count, move_count};
    block->text_room += position_records_room(block->format, fen_length, move_count);
    /* Eight entries written at once, whatever the count (most positions have
     * fewer captures; make_room left room for SEEBATCH_MAX_MOVES): a loop to
     * the count would mispredict its end on most positions. */
    uint32_t *board_of = block->board_of_move + block->move_count;
    for (size_t m = 0; m < 8; m++)
        board_of[m] = (uint32_t)b;
    for (size_t m = 8; m < move_count; m++)
        board_of[m] = (uint32_t)b;
    block->move_count += move_count;
}

void eval_block_flush(eval_block *block, text_buffer *out)
{
    seebatch_see_values_multi(block->boards, block->board_count, block->board_of_move,
                              block->moves, block->move_count, block->config, block->values);
    /* One reservation for the block's records, so no position asks again. */
    char *p = text_buffer_reserve(out, block->text_room);
    for (size_t b = 0; b < block->board_count; b++) {
        const block_position *at = &block->positions[b];
        position_records records = {at->fen,
                                    at->fen_length,
                                    at->number,
                                    block->moves + at->first_move,
                                    block->values + at->first_move,
                                    at->move_count};
        p = put_position_records(p, block->format, &records);
    }
    out->length = (size_t)(p - out->bytes);
    block->board_count = block->move_count = block->text_room = 0;
}
