/*
 * The legal captures and promotions of a board whose side to move has one
 * king, without testing each move: checks and pins are read from the king
 * once, and each piece's targets are its attacks on the enemy, cut to the
 * squares that answer a check and, for a pinned piece, to its pin line. Only
 * en passant (which lifts two pieces off a line) is tested move by move.
 * The moves come out in the order movegen.c documents, as its tested
 * generator gives them; boards with no king or several go to that one.
 *
 * One body for two files, which differ only in how a slider's attacks are
 * read (captures.c chooses): captures_kindergarten.c for any CPU,
 * captures_pext.c with pext. The includer defines, before it:
 * straight_attacks(square, occupied) and diagonal_attacks(square,
 * occupied), a slider's attacks; rook_lines(square) and
 * bishop_lines(square), its lines on an empty board; GENERATE_CAPTURES,
 * the name of the function it gets.
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

/* Every target of one piece, in ascending order: the first written with no
 * branch on whether there is one (a piece has none or one nearly always, a
 * pattern a loop's test mispredicts), the rest by a loop. Writing past the
 * count stays within the SEEBATCH_MAX_MOVES the caller holds. */
static inline void emit_targets(capture_context *c, unsigned from, bitboard targets)
{
    if (c->count < SEEBATCH_MAX_MOVES) {
        c->moves[c->count] = seebatch_move_make(
            from, lowest_square(targets | seebatch_square_bit(63)), SEEBATCH_MOVE_NORMAL);
        c->count += targets != 0;
    }
    for (targets &= targets - 1; targets; targets &= targets - 1)
        emit(c, from, lowest_square(targets), SEEBATCH_MOVE_NORMAL);
}

/* The enemies of `square` that a slider of the given lines on it attacks. */
static inline bitboard slider_targets(const capture_context *c, unsigned square, bool straight,
                                      bool diagonal)
{
    bitboard seen = (straight ? straight_attacks(square, c->occupied) : 0) |
                    (diagonal ? diagonal_attacks(square, c->occupied) : 0);
    return seen & c->enemies;
}

/* The pin line of a pinned piece: from the king to its pinner, inclusive. */
static bitboard seebatch_pin_line(const capture_context *c, unsigned from)
{
    for (bitboard p = c->pinners; p; p &= p - 1) {
        bitboard line = between(c->king, lowest_square(p)) | lowest_bit(p);
        if (line & seebatch_square_bit(from))
            return line;
    }
    return 0;
}

/* Where a piece on `from` may legally land among `targets` (not the king). */
static inline bitboard legal_targets(const capture_context *c, unsigned from, bitboard targets)
{
    targets &= c->answers_check;
    if (c->pinned & seebatch_square_bit(from))
        targets &= seebatch_pin_line(c, from);
    return targets;
}

/* Whether an enemy attacks `square` past `occupied`. */
static bool seebatch_enemy_attacks(const capture_context *c, unsigned square, bitboard occupied)
{
    const bitboard *p = c->board->pieces;
    bitboard sliders =
        ((p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN]) & straight_attacks(square, occupied)) |
        ((p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN]) & diagonal_attacks(square, occupied));
    return ((pawn_attacks(c->us, square) & p[SEEBATCH_PAWN]) |
            (knight_attacks(square) & p[SEEBATCH_KNIGHT]) |
            (king_attacks(square) & p[SEEBATCH_KING]) | sliders) &
           c->enemies & occupied;
}

/* Checkers and pins, seen from the king: every enemy slider on a line
 * through it, with nothing between (a checker) or one own piece between
 * (pinned). */
static void seebatch_read_king_lines(capture_context *c)
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
    c->answers_check = !checkers ? ~(bitboard)0
                       : more_than_one(checkers)
                           ? 0
                           : checkers | between(king, lowest_square(checkers));
}

static void seebatch_emit_pawn_moves(capture_context *c, unsigned from, unsigned to, bool promoting)
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
static void seebatch_capture_en_passant(capture_context *c, unsigned from)
{
    const seebatch_board *board = c->board;
    unsigned to = board->en_passant;
    if (to >= 64 || rank_of(to) != (c->us == SEEBATCH_WHITE ? 5u : 2u))
        return;
    if (!(pawn_attacks(c->us, from) & seebatch_square_bit(to)) ||
        (c->occupied & seebatch_square_bit(to)))
        return;
    bitboard victim = seebatch_square_bit(en_passant_victim(to, c->us));
    seebatch_move move = seebatch_move_make(from, to, SEEBATCH_MOVE_EN_PASSANT);
    if ((board->pieces[SEEBATCH_PAWN] & c->enemies & victim) &&
        seebatch_keeps_kings_safe(board, move))
        emit(c, from, to, SEEBATCH_MOVE_EN_PASSANT);
}

/* The pawns of `pawns` (of colour us) that attack a square of `targets`:
 * the attack table's squares, found for all pawns at once. The shifts are
 * by colour from tables, with no branch on it (consecutive positions of a
 * game alternate colours, which a branch mispredicts). */
static bitboard seebatch_pawns_attacking(bitboard pawns, bitboard targets, unsigned us)
{
    static const unsigned char down[2][2] = {{7, 0}, {9, 0}}, up[2][2] = {{0, 9}, {0, 7}};
    const bitboard not_a = ~0x0101010101010101ull, not_h = ~0x8080808080808080ull;
    bitboard from = (((targets >> down[0][us]) << up[0][us]) & not_a) |
                    (((targets >> down[1][us]) << up[1][us]) & not_h);
    return from & pawns;
}

/* Per pawn from the lowest square: captures, the promoting push, en passant.
 * Only pawns with one of them to make are visited. */
static void seebatch_add_pawns(capture_context *c)
{
    static const bitboard before_last_rank[2] = {0x00FF000000000000ull, 0xFF00ull};
    static const int push[2] = {8, -8};
    bitboard before_last = before_last_rank[c->us];
    bitboard all = c->board->pieces[SEEBATCH_PAWN] & c->board->colors[c->us];
    bitboard passed = c->board->en_passant < 64 ? seebatch_square_bit(c->board->en_passant) : 0;
    bitboard pawns =
        seebatch_pawns_attacking(all, c->enemies | passed, c->us) | (all & before_last);
    for (; pawns; pawns &= pawns - 1) {
        unsigned from = lowest_square(pawns);
        bool promoting = (before_last & seebatch_square_bit(from)) != 0;
        bitboard targets = legal_targets(c, from, pawn_attacks(c->us, from) & c->enemies);
        for (; targets; targets &= targets - 1)
            seebatch_emit_pawn_moves(c, from, lowest_square(targets), promoting);
        if (promoting) {
            unsigned one = (unsigned)((int)from + push[c->us]);
            if (legal_targets(c, from, seebatch_square_bit(one) & ~c->occupied))
                seebatch_emit_pawn_moves(c, from, one, true);
        }
        if (c->board->en_passant < 64)
            seebatch_capture_en_passant(c, from);
    }
}

/* legal_targets, or the targets themselves where `unpinned` says no piece is
 * pinned and the king is not in check (a constant where inlined). */
static inline bitboard targets_if(const capture_context *c, unsigned from, bitboard targets,
                                  bool unpinned)
{
    return unpinned ? targets : legal_targets(c, from, targets);
}

/* The sliders of one type by ascending square; the lines are constants
 * where this is inlined, so no branch asks the type. */
static inline __attribute__((always_inline)) void
add_sliders(capture_context *c, bitboard pieces, bool straight, bool diagonal, bool unpinned)
{
    for (; pieces; pieces &= pieces - 1) {
        unsigned from = lowest_square(pieces);
        bitboard targets = slider_targets(c, from, straight, diagonal);
        emit_targets(c, from, targets_if(c, from, targets, unpinned));
    }
}

/* Knights to queens, each by ascending square; `unpinned` as targets_if. */
static inline __attribute__((always_inline)) void add_pieces_by_type(capture_context *c,
                                                                     bool unpinned)
{
    const seebatch_board *board = c->board;
    bitboard own = board->colors[c->us];
    for (bitboard knights = board->pieces[SEEBATCH_KNIGHT] & own; knights; knights &= knights - 1) {
        unsigned from = lowest_square(knights);
        emit_targets(c, from, targets_if(c, from, knight_attacks(from) & c->enemies, unpinned));
    }
    add_sliders(c, board->pieces[SEEBATCH_BISHOP] & own, false, true, unpinned);
    add_sliders(c, board->pieces[SEEBATCH_ROOK] & own, true, false, unpinned);
    add_sliders(c, board->pieces[SEEBATCH_QUEEN] & own, true, true, unpinned);
}

/* Knights to queens (with no test of pins or checks where there are none:
 * most positions), then the king's captures of pieces nobody defends (the
 * king lifted off, so it cannot hide behind itself). */
static void seebatch_add_pieces(capture_context *c)
{
    if (c->pinned == 0 && c->answers_check == ~(bitboard)0)
        add_pieces_by_type(c, true);
    else
        add_pieces_by_type(c, false);
    bitboard around = c->occupied ^ seebatch_square_bit(c->king);
    for (bitboard targets = king_attacks(c->king) & c->enemies; targets; targets &= targets - 1) {
        unsigned to = lowest_square(targets);
        if (!seebatch_enemy_attacks(c, to, around & ~seebatch_square_bit(to)))
            emit(c, c->king, to, SEEBATCH_MOVE_NORMAL);
    }
}

size_t GENERATE_CAPTURES(const seebatch_board *board, seebatch_move *moves)
{
    unsigned us = board->side_to_move & 1u;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[us];
    if (!kings || more_than_one(kings))
        return seebatch_generate_captures_tested(board, moves);
    capture_context c = {.board = board, .moves = moves, .us = us, .king = lowest_square(kings)};
    c.occupied = occupied_squares(board);
    c.enemies = board->colors[us ^ 1u];
    seebatch_read_king_lines(&c);
    seebatch_add_pawns(&c);
    seebatch_add_pieces(&c);
    return c.count;
}
