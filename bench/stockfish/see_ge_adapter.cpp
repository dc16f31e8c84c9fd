// seebatch answers Stockfish 15.1's Position::see_ge.
//
// bench/stockfish/search.sh appends this file to a copy of Stockfish's
// position.cpp, after renaming Stockfish's own function to see_ge_stockfish.
// It reads the Position where it lies: the view points at byTypeBB (from the
// pawns on) and byColorBB, the pins are the StateInfo's own, and the early
// exits read the mailbox with Stockfish's own piece codes. Built with SEEBATCH_ADAPTER_CHECK
// it asks both on every call and stops at the first difference.

#include <cstdio>
#include <cstdlib>

#include "seebatch.h"

namespace Stockfish {

namespace {

// Stockfish 15.1's midgame values on the stockfish preset's flags (pins, and
// SEE 0 for moves that are not normal), for Stockfish's piece codes.
seebatch_view_rules seebatch_rules_for_stockfish() {
  seebatch_config config = seebatch_config_stockfish();
  const Value values[] = {PawnValueMg, KnightValueMg, BishopValueMg, RookValueMg, QueenValueMg};
  for (int i = 0; i < 5; ++i)
      config.values[i] = values[i];
  int8_t types[PIECE_NB];
  for (int code = 0; code < PIECE_NB; ++code)
  {
      PieceType pt = type_of(Piece(code));
      bool piece = pt >= PAWN && pt <= KING && (code & ~15) == 0 && (code >> 3) < 2;
      types[code] = piece ? int8_t(pt - PAWN) : int8_t(-1);
  }
  seebatch_view_rules rules;
  seebatch_error error;
  if (seebatch_view_rules_init(&rules, &config, types, PIECE_NB, &error) != SEEBATCH_OK)
  {
      std::fprintf(stderr, "seebatch: %s\n", error.message);
      std::exit(EXIT_FAILURE);
  }
  return rules;
}

const seebatch_view_rules SeebatchRules = seebatch_rules_for_stockfish();

#ifdef SEEBATCH_ADAPTER_CHECK
struct CallsCompared {
  unsigned long long count = 0;
  ~CallsCompared() { std::printf("seebatch check: %llu calls compared, 0 differences\n", count); }
} callsCompared;
#endif

} // namespace

bool Position::see_ge(Move m, Value threshold) const {

  if (type_of(m) != NORMAL)
      return VALUE_ZERO >= threshold;

  Square from = from_sq(m), to = to_sq(m);
  const seebatch_view view = {&byTypeBB[PAWN], byColorBB};
  // StateInfo holds blockersForKing[2] then pinners[2]: seebatch_view_pins.
  static_assert(offsetof(StateInfo, pinners) == offsetof(StateInfo, blockersForKing) + 2 * sizeof(Bitboard));
  auto pins = reinterpret_cast<const seebatch_view_pins*>(st->blockersForKing);
  bool answer = seebatch_view_see_ge(&SeebatchRules, &view, pins, from, to, board[from], board[to], threshold);

#ifdef SEEBATCH_ADAPTER_CHECK
  ++callsCompared.count;
  if (answer != see_ge_stockfish(m, threshold))
  {
      std::printf("seebatch check: difference after %llu calls: position %s move %s threshold %d:"
                  " seebatch %d, Stockfish %d\n", callsCompared.count, fen().c_str(),
                  UCI::move(m, is_chess960()).c_str(), int(threshold), int(answer), int(!answer));
      std::fflush(stdout);
      std::_Exit(EXIT_FAILURE);
  }
#endif
  return answer;
}

} // namespace Stockfish
