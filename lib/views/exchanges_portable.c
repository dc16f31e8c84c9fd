/* The view exchanges with the portable attack lookups (magics), for any CPU. */
#include "attacks.h"

/* What the exchanges look up about their target square: its number. */
typedef unsigned view_target;

static inline view_target target_of(unsigned square) { return square; }
static inline bitboard pawn_attacks_at(view_target target, unsigned color)
{
    return pawn_attacks(color, target);
}
static inline bitboard knight_attacks_at(view_target target) { return knight_attacks(target); }
static inline bitboard king_attacks_at(view_target target) { return king_attacks(target); }
static inline bitboard diagonal_attacks_at(view_target target, bitboard occupied)
{
    return bishop_attacks(target, occupied);
}
static inline bitboard straight_attacks_at(view_target target, bitboard occupied)
{
    return rook_attacks(target, occupied);
}

#define VIEW_TABLE seebatch_view_portable
#include "instances.h"
