// Koivisto 9.0's own Board::staticExchangeEvaluation behind seebatch's line
// protocol (docs/your-see.md): `seebatch check --see-command see_lines`.
// Reads "FEN;move;threshold" lines (1 when the value is at least the
// threshold, else 0) and "FEN;move" lines (the value).
#include <memory>

#include "koivisto_calls.h"
#include "line_question.h"

namespace {

std::unique_ptr<Board> board;

void set_up(const char *fen) { board = std::make_unique<Board>(fen); }

int to_move(const char *uci, uint32_t *found)
{
    *found = seebatch_koivisto::find_move(*board, uci);
    return *found == 0;
}

int see_ge(uint32_t found, long threshold)
{
    return board->staticExchangeEvaluation(found) >= threshold;
}

long see_value(uint32_t found) { return board->staticExchangeEvaluation(found); }

} // namespace

int main()
{
    seebatch_koivisto::init();
    const line_engine engine = {"Koivisto 9.0", set_up, to_move, see_ge, see_value};
    return answer_lines(&engine);
}
