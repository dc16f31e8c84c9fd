// Stockfish 15.1's own Position::see_ge behind seebatch's line protocol
// (docs/your-see.md): `seebatch check --see-command see_lines`. Reads
// "FEN;move;threshold" lines and writes 1 or 0 for each; Stockfish has no
// exact SEE, so value questions ("FEN;move") are refused.
#include "line_question.h"
#include "stockfish_calls.h"

using namespace Stockfish;

namespace {

Position pos;
StateInfo state;

void set_up(const char *fen) { seebatch_stockfish::set(pos, &state, fen); }

int move(const char *uci, uint32_t *found)
{
    *found = uint32_t(seebatch_stockfish::move(pos, uci));
    return *found == MOVE_NONE;
}

int see_ge(uint32_t found, long threshold) { return pos.see_ge(Move(found), Value(threshold)); }

} // namespace

int main()
{
    seebatch_stockfish::init();
    const line_engine engine = {"Stockfish 15.1", set_up, move, see_ge, nullptr};
    return answer_lines(&engine);
}
