// seebatch answers Stockfish 15.1's Position::see_ge.
//
// bench/stockfish/search.sh appends this file to a copy of Stockfish's
// position.cpp, after renaming Stockfish's own function to see_ge_stockfish.
// It reads the Position where it lies: the view points at byTypeBB (from the
// pawns on) and byColorBB, the pins are the StateInfo's own, and the early
// exits read the mailbox with Stockfish's own piece codes. Moves that are
// not NORMAL score 0 under the stockfish preset, which the adapter answers
// inline. Built with SEEBATCH_ADAPTER_CHECK it asks both on every call, the
// library for every kind of move (the special ones through
// seebatch_view_see_ge_move), counts the calls by kind, and stops at the
// first difference.
//
// Built with SEEBATCH_BULK it also gives the move picker its good-capture
// tests in one call per node (search.sh BULK=1 patches movepick to ask):
// see_ge_each answers every capture of a node when the captures are scored,
// see_ge_batched hands the stage each answer as it tests the move; with
// SEEBATCH_ADAPTER_CHECK as well, each answer used is compared with
// Stockfish's, and the answers never used are counted.

#include <cstdio>
#include <cstdlib>

#include "seebatch.h"
#include "seebatch_view.h"

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
// A Stockfish move in seebatch's encoding, its kind included.
seebatch_move seebatch_move_of(Move m) {
  unsigned kind = type_of(m) == PROMOTION  ? SEEBATCH_MOVE_PROMOTE_KNIGHT + (promotion_type(m) - KNIGHT)
                : type_of(m) == EN_PASSANT ? SEEBATCH_MOVE_EN_PASSANT
                : type_of(m) == CASTLING   ? SEEBATCH_MOVE_CASTLING
                                           : SEEBATCH_MOVE_NORMAL;
  return seebatch_move_make(from_sq(m), to_sq(m), kind);
}

struct CallsCompared {
  unsigned long long byKind[4] = {}; // NORMAL, PROMOTION, EN_PASSANT, CASTLING
  unsigned long long total() const { return byKind[0] + byKind[1] + byKind[2] + byKind[3]; }
  ~CallsCompared() {
      std::printf("seebatch check: %llu calls compared, 0 differences (normal %llu, promotions %llu,"
                  " en passant %llu, castling %llu)\n", total(), byKind[0], byKind[1], byKind[2], byKind[3]);
  }
} callsCompared;
#endif

#if defined(SEEBATCH_BULK) && defined(SEEBATCH_ADAPTER_CHECK)
struct BulkCounts {
  unsigned long long nodes = 0, answers = 0, used = 0;
  ~BulkCounts() {
      std::printf("seebatch bulk: %llu nodes batched, %llu answers, %llu used, %llu never used,"
                  " 0 differences\n", nodes, answers, used, answers - used);
  }
} bulkCounts;
#endif

} // namespace

#ifdef SEEBATCH_BULK
// The good-capture stage's tests of a node, begin[i] at -scale * value / 1024
// (the stage's threshold), in one call. The TT move, which the stage never
// tests, and the special moves, which score 0, go with an empty square's
// codes: the inline exits answer them (the TT move at INT32_MIN: true).
void Position::see_ge_each(const ExtMove* begin, const ExtMove* end, Move skip, int scale,
                           uint8_t* passed) const {
  seebatch_view_move batch[MAX_MOVES];
  size_t count = size_t(end - begin);
  for (size_t i = 0; i < count; ++i)
  {
      Move m = begin[i];
      bool normal = type_of(m) == NORMAL && m != skip;
      batch[i].move = seebatch_move(m); // answered by the exits unless normal
      batch[i].mover_code = uint8_t(normal ? board[from_sq(m)] : NO_PIECE);
      batch[i].victim_code = uint8_t(normal ? board[to_sq(m)] : NO_PIECE);
      batch[i].threshold = m == skip ? INT32_MIN : -scale * begin[i].value / 1024;
  }
  const seebatch_view view = {&byTypeBB[PAWN], byColorBB};
  seebatch_view_see_ge_each(&SeebatchRules, &view, st->blockersForKing, batch, count, passed);
#ifdef SEEBATCH_ADAPTER_CHECK
  ++bulkCounts.nodes;
  for (size_t i = 0; i < count; ++i)
      bulkCounts.answers += begin[i].move != skip;
#endif
}

// The stage's test of m, answered from the node's batch.
bool Position::see_ge_batched(Move m, Value threshold, uint8_t answer) const {
#ifdef SEEBATCH_ADAPTER_CHECK
  ++bulkCounts.used;
  if (bool(answer) != see_ge_stockfish(m, threshold))
  {
      std::printf("seebatch bulk: difference: position %s move %s threshold %d: batch %d\n",
                  fen().c_str(), UCI::move(m, is_chess960()).c_str(), int(threshold), int(answer));
      std::fflush(stdout);
      std::_Exit(EXIT_FAILURE);
  }
#else
  (void)m, (void)threshold;
#endif
  return answer;
}
#endif

// Out of line, as Stockfish's own see_ge stays. Inlined (under LTO) at its
// call sites, the exits and the call grew search() and qsearch() past GCC's
// inlining limits: at bench depth 8 TTEntry::save was then called 224,293
// times where Stockfish calls it 2,094 times, and
// update_continuation_histories 14,137 times for 3,555, 6 instructions a
// see_ge call more than the call out of line costs (87.5 against 81.6).
__attribute__((noinline)) bool Position::see_ge(Move m, Value threshold) const {

  const seebatch_view view = {&byTypeBB[PAWN], byColorBB};
  // StateInfo holds blockersForKing[2] then pinners[2]: a seebatch_pins.
  static_assert(offsetof(StateInfo, pinners) == offsetof(StateInfo, blockersForKing) + 2 * sizeof(Bitboard));
#ifndef SEEBATCH_ADAPTER_CHECK
  if (type_of(m) != NORMAL)
      return VALUE_ZERO >= threshold;
  // A normal Move is a seebatch_move as it stands (to, then from, kind bits clear).
  return seebatch_view_see_ge(&SeebatchRules, &view, st->blockersForKing, seebatch_move(m),
                              board[from_sq(m)], board[to_sq(m)], threshold);
#else
  bool answer = type_of(m) != NORMAL
              ? seebatch_view_see_ge_move(&SeebatchRules, &view, st->blockersForKing, seebatch_move_of(m), threshold)
              : seebatch_view_see_ge(&SeebatchRules, &view, st->blockersForKing, seebatch_move(m),
                                     board[from_sq(m)], board[to_sq(m)], threshold);
  ++callsCompared.byKind[type_of(m) >> 14];
  if (answer != see_ge_stockfish(m, threshold))
  {
      std::printf("seebatch check: difference after %llu calls: position %s move %s threshold %d:"
                  " seebatch %d, Stockfish %d\n", callsCompared.total(), fen().c_str(),
                  UCI::move(m, is_chess960()).c_str(), int(threshold), int(answer), int(!answer));
      std::fflush(stdout);
      std::_Exit(EXIT_FAILURE);
  }
  return answer;
#endif
}

} // namespace Stockfish
