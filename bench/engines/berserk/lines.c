/*
 * Berserk 4.6.0's own SEE behind seebatch's line protocol
 * (docs/your-see.md): `seebatch check --see-command see_lines`. Reads
 * "FEN;move;threshold" lines (1 when SEE(board, move) >= threshold, as
 * Berserk's search tests it, else 0) and "FEN;move" lines (the value SEE
 * returns).
 */
#include "berserk_calls.h"
#include "line_question.h"

static Board board;

static void set_up(const char *fen) { berserk_set_up(&board, fen); }

static int move(const char *uci, uint32_t *found)
{
    *found = berserk_move(&board, uci);
    return *found == NULL_MOVE;
}

static int see_ge(uint32_t found, long threshold) { return SEE(&board, found) >= threshold; }

static long see_value(uint32_t found) { return SEE(&board, found); }

int main(void)
{
    berserk_init();
    const line_engine engine = {"Berserk 4.6.0", set_up, move, see_ge, see_value};
    return answer_lines(&engine);
}
