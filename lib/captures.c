/*
 * The legal captures and promotions of a board whose side to move has one
 * king, without testing each move: checks and pins are read from the king
 * once, and each piece's targets are its attacks on the enemy, cut to the
 * squares that answer a check and, for a pinned piece, to its pin line. Only
 * en passant (which lifts two pieces off a line) is tested move by move.
 * The moves come out in the order movegen.c documents, as its tested
 * generator gives them; boards with no king or several go to that one.
 *
 * A slider's captures are the enemies on its lines with nothing between
 * (the 32 KB between table), not a magic lookup: a capture job touches few
 * squares, and the magic tables (most of a megabyte) stay out of the cache
 * the exchange itself needs.
 */
#include "attacks.h"
#include "bitboard.h"
#include "movegen.h"

typedef struct capture_context {
    const seebatch_board *board;
    seebatch_move *moves;
    size_t count;
    unsigned us, king;
    bitboard occupied, enemies;
    bitboard pinned, pinners;
    bitboard answers_check; /* every square; or the checker and the squares
                               between it and the king; or none in double check */
} capture_context;

static inline void emit(capture_context *c, unsigned from, unsigned to, unsigned kind)
{
    if (c->count < SEEBATCH_MAX_MOVES) /* the documented bound, never reached */
        c->moves[c->count++] = seebatch_move_make(from, to, kind);
}

/* The squares on a rook's lines from `square` on an empty board. */
static inline bitboard rook_lines(unsigned square)
{
    return ((0xFFull << (square & 56u)) | (0x0101010101010101ull << (square & 7u))) ^
           square_bit(square);
}

/* The squares on a bishop's lines from `square` on an empty board: the
 * long diagonals moved up or down by the square's distance from them. */
#define FILE_MINUS_RANK(sq) ((int)((sq) & 7) - (int)((sq) >> 3))
#define FILE_PLUS_RANK(sq) ((int)((sq) & 7) + (int)((sq) >> 3) - 7)
#define SHIFTED(line, d, down)                                                                     \
    ((d) >= 0 ? ((down) ? (line) >> ((8 * (d)) & 63) : (line) << ((8 * (d)) & 63))                 \
              : ((down) ? (line) << ((-8 * (d)) & 63) : (line) >> ((-8 * (d)) & 63)))
#define BISHOP_LINES(sq)                                                                           \
    ((SHIFTED(0x8040201008040201ull, FILE_MINUS_RANK(sq), true) |                                  \
      SHIFTED(0x0102040810204080ull, FILE_PLUS_RANK(sq), false)) ^                                 \
     (1ull << (sq)))
#define BISHOP_RANK(r)                                                                             \
    BISHOP_LINES(8 * (r)), BISHOP_LINES(8 * (r) + 1), BISHOP_LINES(8 * (r) + 2),                   \
        BISHOP_LINES(8 * (r) + 3), BISHOP_LINES(8 * (r) + 4), BISHOP_LINES(8 * (r) + 5),           \
        BISHOP_LINES(8 * (r) + 6), BISHOP_LINES(8 * (r) + 7)
static const bitboard bishop_line_table[64] = {BISHOP_RANK(0), BISHOP_RANK(1), BISHOP_RANK(2),
                                               BISHOP_RANK(3), BISHOP_RANK(4), BISHOP_RANK(5),
                                               BISHOP_RANK(6), BISHOP_RANK(7)};

static inline bitboard bishop_lines(unsigned square) { return bishop_line_table[square]; }

/* The pieces of `candidates` (on lines through `square`) that see it past
 * `occupied`. */
static inline bitboard seen_from(unsigned square, bitboard candidates, bitboard occupied)
{
    bitboard seen = 0;
    for (; candidates; candidates &= candidates - 1) {
        unsigned other = lowest_square(candidates);
        bitboard clear = (between(square, other) & occupied) == 0;
        seen |= (0 - clear) & lowest_bit(candidates);
    }
    return seen;
}

/* The enemies of `square` that a slider of the given lines on it attacks. */
static inline bitboard slider_targets(const capture_context *c, unsigned square, bool straight,
                                      bool diagonal)
{
    bitboard lines = (straight ? rook_lines(square) : 0) | (diagonal ? bishop_lines(square) : 0);
    return seen_from(square, lines & c->enemies, c->occupied);
}

/* The pin line of a pinned piece: from the king to its pinner, inclusive. */
static bitboard pin_line(const capture_context *c, unsigned from)
{
    for (bitboard p = c->pinners; p; p &= p - 1) {
        bitboard line = between(c->king, lowest_square(p)) | lowest_bit(p);
        if (line & square_bit(from))
            return line;
    }
    return 0;
}

/* Where a piece on `from` may legally land among `targets` (not the king). */
static inline bitboard legal_targets(const capture_context *c, unsigned from, bitboard targets)
{
    targets &= c->answers_check;
    if (c->pinned & square_bit(from))
        targets &= pin_line(c, from);
    return targets;
}

/* Whether an enemy attacks `square` past `occupied`. */
static bool enemy_attacks(const capture_context *c, unsigned square, bitboard occupied)
{
    const bitboard *p = c->board->pieces;
    bitboard enemies = c->enemies & occupied;
    bitboard straight = (p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN]) & rook_lines(square);
    bitboard diagonal = (p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN]) & bishop_lines(square);
    if ((pawn_attacks(c->us, square) & p[SEEBATCH_PAWN] & enemies) ||
        (knight_attacks(square) & p[SEEBATCH_KNIGHT] & enemies) ||
        (king_attacks(square) & p[SEEBATCH_KING] & enemies))
        return true;
    return seen_from(square, (straight | diagonal) & enemies, occupied) != 0;
}

/* Checkers and pins, seen from the king: every enemy slider on a line
 * through it, with nothing between (a checker) or one own piece between
 * (pinned). */
static void read_king_lines(capture_context *c)
{
    const bitboard *p = c->board->pieces;
    unsigned king = c->king;
    bitboard snipers = (((p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN]) & rook_lines(king)) |
                        ((p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN]) & bishop_lines(king))) &
                       c->enemies;
    bitboard checkers = (pawn_attacks(c->us, king) & p[SEEBATCH_PAWN] & c->enemies) |
                        (knight_attacks(king) & p[SEEBATCH_KNIGHT] & c->enemies) |
                        (king_attacks(king) & p[SEEBATCH_KING] & c->enemies);
    bitboard own = c->occupied & ~c->enemies;
    c->pinned = c->pinners = 0;
    for (; snipers; snipers &= snipers - 1) {
        bitboard blockers = between(king, lowest_square(snipers)) & c->occupied;
        if (!blockers)
            checkers |= lowest_bit(snipers);
        else if (!more_than_one(blockers) && (blockers & own)) {
            c->pinned |= blockers;
            c->pinners |= lowest_bit(snipers);
        }
    }
    c->answers_check = !checkers                ? ~(bitboard)0
                       : more_than_one(checkers) ? 0
                                                 : checkers | between(king, lowest_square(checkers));
}

static void emit_pawn_moves(capture_context *c, unsigned from, unsigned to, bool promoting)
{
    if (!promoting) {
        emit(c, from, to, SEEBATCH_MOVE_NORMAL);
        return;
    }
    emit(c, from, to, SEEBATCH_MOVE_PROMOTE_QUEEN);
    emit(c, from, to, SEEBATCH_MOVE_PROMOTE_ROOK);
    emit(c, from, to, SEEBATCH_MOVE_PROMOTE_BISHOP);
    emit(c, from, to, SEEBATCH_MOVE_PROMOTE_KNIGHT);
}

/* En passant as movegen.c allows it, then tested in full. */
static void add_en_passant(capture_context *c, unsigned from)
{
    const seebatch_board *board = c->board;
    unsigned to = board->en_passant;
    if (to >= 64 || rank_of(to) != (c->us == SEEBATCH_WHITE ? 5u : 2u))
        return;
    if (!(pawn_attacks(c->us, from) & square_bit(to)) || (c->occupied & square_bit(to)))
        return;
    bitboard victim = square_bit(en_passant_victim(to, c->us));
    seebatch_move move = seebatch_move_make(from, to, SEEBATCH_MOVE_EN_PASSANT);
    if ((board->pieces[SEEBATCH_PAWN] & c->enemies & victim) &&
        seebatch_keeps_kings_safe(board, move))
        emit(c, from, to, SEEBATCH_MOVE_EN_PASSANT);
}

/* The pawns of `pawns` that attack a square of `targets`: the attack
 * table's squares, found for all pawns at once. */
static bitboard pawns_attacking(bitboard pawns, bitboard targets, bool white)
{
    const bitboard not_a = ~0x0101010101010101ull, not_h = ~0x8080808080808080ull;
    bitboard from = white ? ((targets >> 7) & not_a) | ((targets >> 9) & not_h)
                          : ((targets << 9) & not_a) | ((targets << 7) & not_h);
    return from & pawns;
}

/* Per pawn from the lowest square: captures, the promoting push, en passant.
 * Only pawns with one of them to make are visited. */
static void add_pawns(capture_context *c)
{
    bool white = c->us == SEEBATCH_WHITE;
    bitboard before_last = white ? 0x00FF000000000000ull : 0xFF00ull;
    bitboard all = c->board->pieces[SEEBATCH_PAWN] & c->board->colors[c->us];
    bitboard passed = c->board->en_passant < 64 ? square_bit(c->board->en_passant) : 0;
    bitboard pawns = pawns_attacking(all, c->enemies | passed, white) | (all & before_last);
    for (; pawns; pawns &= pawns - 1) {
        unsigned from = lowest_square(pawns);
        bool promoting = (before_last & square_bit(from)) != 0;
        bitboard targets = legal_targets(c, from, pawn_attacks(c->us, from) & c->enemies);
        for (; targets; targets &= targets - 1)
            emit_pawn_moves(c, from, lowest_square(targets), promoting);
        if (promoting) {
            unsigned one = white ? from + 8 : from - 8;
            if (legal_targets(c, from, square_bit(one) & ~c->occupied))
                emit_pawn_moves(c, from, one, true);
        }
        if (c->board->en_passant < 64)
            add_en_passant(c, from);
    }
}

/* Knights to queens, each by ascending square, then the king's captures of
 * pieces nobody defends (the king lifted off, so it cannot hide behind itself). */
static void add_pieces(capture_context *c)
{
    const seebatch_board *board = c->board;
    bitboard own = board->colors[c->us];
    for (bitboard knights = board->pieces[SEEBATCH_KNIGHT] & own; knights; knights &= knights - 1) {
        unsigned from = lowest_square(knights);
        bitboard targets = legal_targets(c, from, knight_attacks(from) & c->enemies);
        for (; targets; targets &= targets - 1)
            emit(c, from, lowest_square(targets), SEEBATCH_MOVE_NORMAL);
    }
    for (int type = SEEBATCH_BISHOP; type <= SEEBATCH_QUEEN; type++) {
        for (bitboard pieces = board->pieces[type] & own; pieces; pieces &= pieces - 1) {
            unsigned from = lowest_square(pieces);
            bitboard targets = legal_targets(
                c, from,
                slider_targets(c, from, type != SEEBATCH_BISHOP, type != SEEBATCH_ROOK));
            for (; targets; targets &= targets - 1)
                emit(c, from, lowest_square(targets), SEEBATCH_MOVE_NORMAL);
        }
    }
    bitboard around = c->occupied ^ square_bit(c->king);
    for (bitboard targets = king_attacks(c->king) & c->enemies; targets; targets &= targets - 1) {
        unsigned to = lowest_square(targets);
        if (!enemy_attacks(c, to, around & ~square_bit(to)))
            emit(c, c->king, to, SEEBATCH_MOVE_NORMAL);
    }
}

size_t seebatch_generate_captures(const seebatch_board *board, seebatch_move *moves)
{
    unsigned us = board->side_to_move & 1u;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[us];
    if (!kings || more_than_one(kings))
        return seebatch_generate_captures_tested(board, moves);
    capture_context c = {.board = board, .moves = moves, .us = us, .king = lowest_square(kings)};
    c.occupied = occupied_squares(board);
    c.enemies = board->colors[us ^ 1u];
    read_king_lines(&c);
    add_pawns(&c);
    add_pieces(&c);
    return c.count;
}
