// Stockfish 15.1's own Position::see_ge as a seebatch plug-in
// (include/seebatch_plugin.h): `seebatch check --see-plugin see_plugin.so`,
// `seebatch time --see-plugin see_plugin.so`. build.sh compiles it with the
// sources of the user's tree and that tree's own flags.
//
// A position is Stockfish's Position with its StateInfo, each its own
// object; a move is Stockfish's Move, found among its legal moves;
// seebatch_plugin_see_ge is Position::see_ge itself. Stockfish has no exact
// SEE, so there is no seebatch_plugin_see_value: seebatch finds its values
// by bisection on see_ge.
#include <cstdio>
#include <new>

#include "seebatch_plugin.h"
#include "stockfish_calls.h"

using namespace Stockfish;

namespace {

struct Held {
    Position position;
    StateInfo state;
};

} // namespace

int seebatch_plugin_abi(void) { return SEEBATCH_PLUGIN_ABI; }

int seebatch_plugin_open(const char *options, char *message, size_t message_size)
{
    if (*options) {
        std::snprintf(message, message_size, "Stockfish 15.1's plug-in takes no words (\"%s\")",
                      options);
        return 1;
    }
    seebatch_stockfish::init();
    return 0;
}

void *seebatch_plugin_position(const char *fen)
{
    Held *held = new (std::nothrow) Held();
    if (held)
        seebatch_stockfish::set(held->position, &held->state, fen);
    return held;
}

int seebatch_plugin_move(void *position, const char *uci, uint32_t *move)
{
    Move found = seebatch_stockfish::move(static_cast<Held *>(position)->position, uci);
    *move = uint32_t(found);
    return found == MOVE_NONE;
}

int seebatch_plugin_see_ge(void *position, uint32_t move, int32_t threshold)
{
    return static_cast<Held *>(position)->position.see_ge(Move(move), Value(threshold));
}

void seebatch_plugin_position_free(void *position) { delete static_cast<Held *>(position); }

void seebatch_plugin_close(void) {}
