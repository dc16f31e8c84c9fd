#include "chain_moves.h"

#include "attacks.h"

SEEBATCH_POPCNT_CLONES
bitboard seebatch_chain_destinations(const seebatch_board *board, unsigned from, int type,
                                     unsigned *castlings)
{
    unsigned us = board->side_to_move & 1u;
    bitboard ours = board->colors[us], occupied = ours | board->colors[us ^ 1u];
    *castlings = 0;
    switch (type) {
    case SEEBATCH_PAWN: {
        bitboard targets = board->colors[us ^ 1u];
        if (board->en_passant < 64)
            targets |= square_bit(board->en_passant);
        bitboard result = pawn_attacks(us, from) & targets;
        /* A pawn on its last rank (not chess, but a consistent board) has no push. */
        bool can_push = us == SEEBATCH_WHITE ? from < 56 : from >= 8;
        unsigned one = us == SEEBATCH_WHITE ? from + 8 : from - 8;
        if (can_push && !(occupied & square_bit(one))) {
            result |= square_bit(one);
            unsigned start_rank = us == SEEBATCH_WHITE ? 1u : 6u;
            unsigned two = us == SEEBATCH_WHITE ? one + 8 : one - 8;
            if (rank_of(from) == start_rank && !(occupied & square_bit(two)))
                result |= square_bit(two);
        }
        return result;
    }
    case SEEBATCH_KNIGHT: return knight_attacks(from) & ~ours;
    case SEEBATCH_BISHOP: return bishop_attacks(from, occupied) & ~ours;
    case SEEBATCH_ROOK: return rook_attacks(from, occupied) & ~ours;
    case SEEBATCH_QUEEN: return queen_attacks(from, occupied) & ~ours;
    default:
        *castlings = (unsigned)popcount(board->castling & (us == SEEBATCH_WHITE ? 3u : 12u));
        return king_attacks(from) & ~ours;
    }
}

/*
 * Stockfish's training-data code keeps an en passant square only when a pawn
 * of capturer_color attacking it could take without uncovering a slider on
 * its own king. Its test lifts the capturer, fills the en passant square and
 * flips the victim's square; on a board before the double push that flip
 * fills the square (the pushed pawn is not there yet), so the test is not
 * exact chess there. It is reproduced as it is: chains depend on it.
 */
static bool en_passant_allowed(const seebatch_board *board, unsigned capturer_color,
                               unsigned square, unsigned victim)
{
    bitboard capturers = pawn_attacks(capturer_color ^ 1u, square) & board->pieces[SEEBATCH_PAWN]
                       & board->colors[capturer_color];
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[capturer_color];
    bitboard enemy = board->colors[capturer_color ^ 1u];
    bitboard diagonal = (board->pieces[SEEBATCH_BISHOP] | board->pieces[SEEBATCH_QUEEN]) & enemy;
    bitboard straight = (board->pieces[SEEBATCH_ROOK] | board->pieces[SEEBATCH_QUEEN]) & enemy;
    for (; capturers; capturers &= capturers - 1) {
        if (!kings)
            return true;
        unsigned king = lowest_square(kings), from = lowest_square(capturers);
        bitboard occupied = (occupied_squares(board) ^ square_bit(from)) | square_bit(square);
        occupied ^= square_bit(victim);
        bitboard removed = square_bit(from) | square_bit(victim);
        if (!(queen_attacks(king, 0) & removed))
            return true;
        if (!(bishop_attacks(king, occupied) & diagonal) && !(rook_attacks(king, occupied) & straight))
            return true;
    }
    return false;
}

bool seebatch_en_passant_possible(const seebatch_board *board, unsigned square)
{
    unsigned us = board->side_to_move & 1u;
    unsigned victim = us == SEEBATCH_WHITE ? square - 8 : square + 8;
    return square < 64 && en_passant_allowed(board, us, square, victim & 63u);
}

bool seebatch_castling_fits(const seebatch_board *board, seebatch_move move)
{
    unsigned us = board->side_to_move & 1u;
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned start = us == SEEBATCH_WHITE ? 4u : 60u;
    if (from != start || (to != start + 2 && to != start - 2))
        return false;
    unsigned rook = to > from ? start + 3 : start - 4;
    bitboard ours = board->colors[us];
    return (board->pieces[SEEBATCH_KING] & ours & square_bit(from)) &&
           (board->pieces[SEEBATCH_ROOK] & ours & square_bit(rook)) &&
           !(between(from, rook) & occupied_squares(board));
}

bool seebatch_side_in_check(const seebatch_board *board)
{
    unsigned us = board->side_to_move & 1u;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[us];
    if (!kings)
        return false;
    return (attackers_to(board, lowest_square(kings), occupied_squares(board))
            & board->colors[us ^ 1u]) != 0;
}

/* The castling rights that end when a piece leaves or reaches a square. */
static uint8_t rights_lost_on(unsigned square)
{
    switch (square) {
    case 4: return SEEBATCH_CASTLE_WHITE_KINGSIDE | SEEBATCH_CASTLE_WHITE_QUEENSIDE;
    case 7: return SEEBATCH_CASTLE_WHITE_KINGSIDE;
    case 0: return SEEBATCH_CASTLE_WHITE_QUEENSIDE;
    case 60: return SEEBATCH_CASTLE_BLACK_KINGSIDE | SEEBATCH_CASTLE_BLACK_QUEENSIDE;
    case 63: return SEEBATCH_CASTLE_BLACK_KINGSIDE;
    case 56: return SEEBATCH_CASTLE_BLACK_QUEENSIDE;
    default: return 0;
    }
}

static void lift(seebatch_board *board, int type, unsigned square)
{
    bitboard keep = ~square_bit(square);
    board->pieces[type] &= keep;
    board->colors[0] &= keep;
    board->colors[1] &= keep;
}

static void put(seebatch_board *board, int type, unsigned color, unsigned square)
{
    board->pieces[type] |= square_bit(square);
    board->colors[color] |= square_bit(square);
}

SEEBATCH_POPCNT_CLONES
void seebatch_chain_play(seebatch_board *board, seebatch_move move)
{
    unsigned us = board->side_to_move & 1u;
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    int type = piece_type_on(board, from);
    if (type < 0)
        return; /* no piece to move: not a move of this board */
    bool resets = type == SEEBATCH_PAWN || ((board->colors[us ^ 1u] >> to) & 1u);
    unsigned en_passant = SEEBATCH_NO_SQUARE;
    if (type == SEEBATCH_PAWN && (from ^ to) == 16 &&
        en_passant_allowed(board, us ^ 1u, (from + to) / 2, to))
        en_passant = (from + to) / 2;
    if (board->castling) /* most positions of a game have none left */
        board->castling &= (uint8_t)~(rights_lost_on(from) | rights_lost_on(to));
    if (kind == SEEBATCH_MOVE_CASTLING) {
        bool kingside = to > from;
        unsigned rook_from = kingside ? from + 3 : from - 4;
        board->castling &= (uint8_t)~rights_lost_on(rook_from);
        lift(board, SEEBATCH_KING, from);
        lift(board, SEEBATCH_ROOK, rook_from);
        put(board, SEEBATCH_KING, us, to);
        put(board, SEEBATCH_ROOK, us, kingside ? to - 1 : to + 1);
    } else {
        if ((board->colors[us ^ 1u] >> to) & 1u)
            lift(board, piece_type_on(board, to), to);
        lift(board, type, from);
        if (kind == SEEBATCH_MOVE_EN_PASSANT)
            lift(board, SEEBATCH_PAWN, us == SEEBATCH_WHITE ? to - 8 : to + 8);
        bool promotes = kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
        put(board, promotes ? (int)seebatch_promotion_piece(move) : type, us, to);
    }
    board->en_passant = (uint8_t)en_passant;
    board->halfmove_clock = resets ? 0 : (uint16_t)(board->halfmove_clock + 1);
    board->side_to_move = (uint8_t)(us ^ 1u);
}
