/*
 * Ethereal 14's own staticExchangeEvaluation behind seebatch's line protocol
 * (docs/your-see.md): `seebatch check --see-command see_lines`. Reads
 * "FEN;move;threshold" lines and writes 1 or 0 for each; Ethereal has no
 * exact SEE, so value questions ("FEN;move") are refused.
 */
#include "ethereal_calls.h"
#include "line_question.h"

static Board board;

static void set_up(const char *fen) { boardFromFEN(&board, fen, 0); }

static int move(const char *uci, uint32_t *found)
{
    *found = ethereal_move(&board, uci);
    return *found == NONE_MOVE;
}

static int see_ge(uint32_t found, long threshold)
{
    return staticExchangeEvaluation(&board, (uint16_t)found, (int)threshold);
}

int main(void)
{
    ethereal_init();
    const line_engine engine = {"Ethereal 14", set_up, move, see_ge, NULL};
    return answer_lines(&engine);
}
