/* A block of positions of eval's line input: their boards and moves
 * gathered, their SEE computed in one many-board call (the lanes get full
 * batches; board by board they would not), then their records written in
 * input order. One block a portion of lines; the FEN texts it holds must stay
 * valid until it is flushed. */
#ifndef SEEBATCH_EVAL_BLOCK_H
#define SEEBATCH_EVAL_BLOCK_H

#include "eval_records.h"

enum { BLOCK_BOARDS = 256, BLOCK_MOVES = 16 * SEEBATCH_MAX_MOVES };

/* A line's position: its number is a line's or none, never a mark. */
typedef struct block_position {
    const char *fen;
    size_t fen_length;
    record_number number;
    size_t first_move, move_count;
} block_position;

typedef struct eval_block {
    const seebatch_rules *rules;
    output_format format;
    size_t board_count, move_count;
    size_t text_room; /* what the records held may take (position_records_room) */
    seebatch_board boards[BLOCK_BOARDS];
    block_position positions[BLOCK_BOARDS];
    seebatch_move moves[BLOCK_MOVES];
    uint32_t board_of_move[BLOCK_MOVES];
    int32_t values[BLOCK_MOVES];
    char written_fens[BLOCK_BOARDS][SEEBATCH_FEN_MAX]; /* the FENs of UCI commands' positions */
    const seebatch_config *exchange; /* --exchange: the rules' configuration; else NULL */
} eval_block;

/* Computes the SEE of every move held, appends the records to out in order
 * (with their exchanges when asked) and empties the block. */
void eval_block_flush(eval_block *block, text_buffer *out);

/* Makes room for one more position of up to SEEBATCH_MAX_MOVES moves,
 * flushing the block into out when it is full. Then the caller writes the
 * board at boards[board_count] and its moves from moves[move_count], and
 * calls eval_block_add. (Inline, with eval_block_add: they run once a line.) */
static inline void eval_block_make_room(eval_block *block, text_buffer *out)
{
    if (block->board_count == BLOCK_BOARDS || block->move_count + SEEBATCH_MAX_MOVES > BLOCK_MOVES)
        eval_block_flush(block, out);
}

/* Takes the position written as above: its FEN text, number and moves. */
static inline void eval_block_add(eval_block *block, const char *fen, size_t fen_length,
                                  record_number number, size_t move_count)
{
    size_t b = block->board_count++;
    block->positions[b] = (block_position){fen, fen_length, number, block->move_count, move_count};
    block->text_room +=
        position_records_room(block->format, fen_length + number.file_length, move_count);
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

#endif
