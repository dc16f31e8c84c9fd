// Koivisto 9.0's own Board::staticExchangeEvaluation as a seebatch plug-in
// (include/seebatch_plugin.h): `seebatch check --see-plugin see_plugin.so`,
// `seebatch time --see-plugin see_plugin.so`. build.sh compiles it with the
// sources of the user's tree and that tree's own flags.
//
// A move is Koivisto's own (found among its legal moves).
// staticExchangeEvaluation gives the exact value: seebatch_plugin_see_value
// is that function itself, and seebatch_plugin_see_ge is its value >=
// threshold (Koivisto's search compares the value with its margins).
//
// A position is the beginning of Koivisto's Board: its fourteen piece
// bitboards, two colour bitboards and occupancy, all that
// staticExchangeEvaluation reads (the move carries the moving and the
// captured piece). A whole Board holds its network's accumulators (over 256
// KB, on the heap) and seebatch time holds 109,311 positions at once. Each is
// set up whole by Board's FEN constructor and those first bytes kept; open()
// checks, with Board's own accessors, that they are the bitboards. The word
// "whole-boards" keeps whole Boards instead (for a check that the two answer
// alike).
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "koivisto_calls.h"
#include "seebatch_plugin.h"

namespace {

// Board's first members: m_piecesBB[N_PIECES], m_teamOccupiedBB[N_COLORS],
// m_occupiedBB.
constexpr std::size_t kept = sizeof(bb::U64) * (bb::N_PIECES + bb::N_COLORS + 1);

// A position kept in part, with its FEN to find moves on a whole Board.
struct Part {
    alignas(Board) unsigned char board[kept];
    std::string fen;
};

bool whole_boards = false;
std::unique_ptr<Board> scratch; // the last whole Board set up, for finding moves
std::string scratch_fen;

// Board's bitboards at its first bytes, as `kept` supposes.
bool bitboards_first()
{
    Board board("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    const auto *words = reinterpret_cast<const bb::U64 *>(&board);
    return board.getPieceBB() == words && board.getTeamOccupiedBB() == words + bb::N_PIECES &&
           board.getOccupiedBB() == words[bb::N_PIECES + bb::N_COLORS];
}

const Board &board_of(const void *position) { return *static_cast<const Board *>(position); }

} // namespace

int seebatch_plugin_abi(void) { return SEEBATCH_PLUGIN_ABI; }

int seebatch_plugin_open(const char *options, char *message, size_t message_size)
{
    whole_boards = std::strcmp(options, "whole-boards") == 0;
    if (*options && !whole_boards) {
        std::snprintf(message, message_size,
                      "Koivisto 9.0's plug-in takes \"whole-boards\" or nothing, not \"%s\"",
                      options);
        return 1;
    }
    seebatch_koivisto::init();
    if (!bitboards_first()) {
        std::snprintf(message, message_size,
                      "Koivisto's Board does not begin with its bitboards: use \"whole-boards\"");
        return 1;
    }
    return 0;
}

void *seebatch_plugin_position(const char *fen)
{
    if (whole_boards)
        return new (std::nothrow) Board(fen);
    Part *part = new (std::nothrow) Part();
    if (part) {
        scratch = std::make_unique<Board>(fen);
        scratch_fen = part->fen = fen;
        std::memcpy(part->board, static_cast<const void *>(scratch.get()), kept);
    }
    return part;
}

int seebatch_plugin_move(void *position, const char *uci, uint32_t *move)
{
    Board *board = static_cast<Board *>(position);
    if (!whole_boards) {
        const Part *part = static_cast<const Part *>(position);
        if (part->fen != scratch_fen) {
            scratch = std::make_unique<Board>(part->fen);
            scratch_fen = part->fen;
        }
        board = scratch.get();
    }
    *move = seebatch_koivisto::find_move(*board, uci);
    return *move == 0;
}

int seebatch_plugin_see_ge(void *position, uint32_t move, int32_t threshold)
{
    return board_of(position).staticExchangeEvaluation(move) >= threshold;
}

int32_t seebatch_plugin_see_value(void *position, uint32_t move)
{
    return board_of(position).staticExchangeEvaluation(move);
}

void seebatch_plugin_position_free(void *position)
{
    if (whole_boards)
        delete static_cast<Board *>(position);
    else
        delete static_cast<Part *>(position);
}

void seebatch_plugin_close(void)
{
    scratch.reset();
    scratch_fen.clear();
}
