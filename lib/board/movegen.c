/*
 * Legal move generation, playing moves, and perft.
 *
 * Moves are generated pseudo-legally and each is kept only if afterwards no
 * king of the mover is attacked (the header's rule, which also covers boards
 * with no king or several). Most moves skip that test: when no own king is in
 * check, a non-king move from a square on no line through an own king cannot
 * expose one.
 *
 * Unusual pawns, on any consistent board:
 * - a pawn on its last rank (white pawn on rank 8) has no moves: it attacks
 *   nothing (see seebatch_pawn_attack_table) and has nowhere to go;
 * - a pawn on its own first rank (white pawn on rank 1) captures diagonally
 *   forward as the attack tables say, and may push one square, but never
 *   two: the double push belongs to the second rank.
 *
 * Order of the output, always the same for the same board: pawns (from the
 * lowest square; per pawn its captures by ascending target, then its push,
 * its double push, its en passant capture; promotions queen, rook, bishop,
 * knight), then knights, bishops, rooks, queens, kings (each by ascending
 * from-square, then target), then castling kingside before queenside.
 */
#include "attacks.h"
#include "bitboard.h"
#include "castling.h"
#include "movegen.h"
#include "seebatch.h"

typedef struct move_list {
    const seebatch_board *board;
    seebatch_move *moves;
    size_t count;
    /* From-squares whose normal or promotion moves are legal without a test. */
    bitboard safe_from;
    /* The squares whose pieces move: all, but for seebatch_move_is_legal. */
    bitboard movers;
} move_list;

static unsigned seebatch_opponent(unsigned color) { return color ^ 1u; }

static bitboard seebatch_own_kings(const seebatch_board *board, unsigned color)
{
    return board->pieces[SEEBATCH_KING] & board->colors[color];
}

static bool seebatch_attacked_by(const seebatch_board *board, unsigned square, unsigned color,
                                 bitboard occupied)
{
    return (attackers_to(board, square, occupied) & board->colors[color]) != 0;
}

/* ------------------------------------------------------------------------ */
/* Legality                                                                 */
/* ------------------------------------------------------------------------ */

/* The rule itself: after the move no king of the mover is attacked. Enemy
 * pieces do not move, so the original bitboards serve once the captured
 * piece is masked off and the occupancy is updated. */
bool seebatch_keeps_kings_safe(const seebatch_board *board, seebatch_move move)
{
    unsigned us = board->side_to_move & 1u, them = seebatch_opponent(us);
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    bitboard from_bit = seebatch_square_bit(from), to_bit = seebatch_square_bit(to);
    bitboard occupied = occupied_squares(board) & ~from_bit, enemies = board->colors[them];
    if (kind == SEEBATCH_MOVE_CASTLING) {
        /* The king takes its rook: both leave, both land. */
        bitboard rook_target = seebatch_square_bit(castling_rook_target(from, to));
        to_bit = seebatch_square_bit(castling_king_target(from, to));
        occupied = (occupied & ~seebatch_square_bit(to)) | to_bit | rook_target;
    } else {
        occupied |= to_bit;
        enemies &= ~to_bit;
    }
    bitboard kings = seebatch_own_kings(board, us);
    if (kings & from_bit) /* a castling king may land where it stands */
        kings = (kings & ~from_bit) | to_bit;
    if (!kings)
        return true;
    if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        bitboard victim = seebatch_square_bit(en_passant_victim(to, us));
        occupied &= ~victim;
        enemies &= ~victim;
    }
    for (; kings; kings &= kings - 1)
        if (attackers_to(board, lowest_square(kings), occupied) & enemies)
            return false;
    return true;
}

/* Squares from which a normal move is surely legal: every square when the
 * mover has no king; none when a king is in check; otherwise all but the
 * kings and the lines through them (leaving those might open a line). */
static bitboard seebatch_compute_safe_from(const seebatch_board *board)
{
    unsigned us = board->side_to_move & 1u;
    bitboard kings = seebatch_own_kings(board, us), occupied = occupied_squares(board);
    bitboard exposed = kings;
    for (; kings; kings &= kings - 1) {
        unsigned king = lowest_square(kings);
        if (seebatch_attacked_by(board, king, seebatch_opponent(us), occupied))
            return 0;
        exposed |= queen_attacks(king, 0);
    }
    return ~exposed;
}

static void seebatch_add_move(move_list *list, seebatch_move move)
{
    /* The documented bound; no consistent board is known to reach it, but a
     * full list must never write past the caller's array. */
    if (list->count >= SEEBATCH_MAX_MOVES)
        return;
    unsigned kind = seebatch_move_kind(move);
    bool simple = kind < SEEBATCH_MOVE_EN_PASSANT;
    bool safe = simple && (list->safe_from & seebatch_square_bit(seebatch_move_from(move)));
    if (safe || seebatch_keeps_kings_safe(list->board, move))
        list->moves[list->count++] = move;
}

/* ------------------------------------------------------------------------ */
/* Pawns                                                                    */
/* ------------------------------------------------------------------------ */

/* A pawn move onto `to`: the four promotions on the last rank, else one move. */
static void seebatch_add_pawn_move(move_list *list, unsigned from, unsigned to)
{
    unsigned us = list->board->side_to_move & 1u;
    if (!(promotion_rank(us) & seebatch_square_bit(to))) {
        seebatch_add_move(list, seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL));
        return;
    }
    seebatch_add_move(list, seebatch_move_make(from, to, SEEBATCH_MOVE_PROMOTE_QUEEN));
    seebatch_add_move(list, seebatch_move_make(from, to, SEEBATCH_MOVE_PROMOTE_ROOK));
    seebatch_add_move(list, seebatch_move_make(from, to, SEEBATCH_MOVE_PROMOTE_BISHOP));
    seebatch_add_move(list, seebatch_move_make(from, to, SEEBATCH_MOVE_PROMOTE_KNIGHT));
}

/* En passant needs the square set on the right rank for the side to move,
 * empty, with an enemy pawn behind it; the board's consistency rules do not
 * promise the last two. */
static void seebatch_add_en_passant(move_list *list, unsigned from)
{
    const seebatch_board *board = list->board;
    unsigned us = board->side_to_move & 1u, to = board->en_passant;
    if (to >= 64 || rank_of(to) != (us == SEEBATCH_WHITE ? 5u : 2u))
        return;
    if (!(pawn_attacks(us, from) & seebatch_square_bit(to)) ||
        (occupied_squares(board) & seebatch_square_bit(to)))
        return;
    bitboard victim = seebatch_square_bit(en_passant_victim(to, us));
    if (board->pieces[SEEBATCH_PAWN] & board->colors[seebatch_opponent(us)] & victim)
        seebatch_add_move(list, seebatch_move_make(from, to, SEEBATCH_MOVE_EN_PASSANT));
}

/* Pushes: all of them when `quiet`, else only those that promote. */
static void seebatch_add_pawn_pushes(move_list *list, unsigned from, bool quiet)
{
    unsigned us = list->board->side_to_move & 1u;
    if (promotion_rank(us) & seebatch_square_bit(from))
        return; /* nowhere forward to go */
    bitboard empty = ~occupied_squares(list->board);
    unsigned one = us == SEEBATCH_WHITE ? from + 8 : from - 8;
    if (!(empty & seebatch_square_bit(one)))
        return;
    if (quiet || (promotion_rank(us) & seebatch_square_bit(one)))
        seebatch_add_pawn_move(list, from, one);
    unsigned start_rank = us == SEEBATCH_WHITE ? 1 : 6;
    unsigned two = us == SEEBATCH_WHITE ? from + 16 : from - 16;
    if (quiet && rank_of(from) == start_rank && (empty & seebatch_square_bit(two)))
        seebatch_add_move(list, seebatch_move_make(from, two, SEEBATCH_MOVE_NORMAL));
}

static void seebatch_add_pawn_moves(move_list *list, bool quiet)
{
    const seebatch_board *board = list->board;
    unsigned us = board->side_to_move & 1u;
    bitboard enemies = board->colors[seebatch_opponent(us)];
    bitboard pawns = board->pieces[SEEBATCH_PAWN] & board->colors[us] & list->movers;
    for (; pawns; pawns &= pawns - 1) {
        unsigned from = lowest_square(pawns);
        for (bitboard targets = pawn_attacks(us, from) & enemies; targets; targets &= targets - 1)
            seebatch_add_pawn_move(list, from, lowest_square(targets));
        seebatch_add_pawn_pushes(list, from, quiet);
        seebatch_add_en_passant(list, from);
    }
}

/* ------------------------------------------------------------------------ */
/* Pieces and castling                                                      */
/* ------------------------------------------------------------------------ */

static bitboard seebatch_piece_attacks(int type, unsigned square, bitboard occupied)
{
    switch (type) {
    case SEEBATCH_KNIGHT:
        return knight_attacks(square);
    case SEEBATCH_BISHOP:
        return bishop_attacks(square, occupied);
    case SEEBATCH_ROOK:
        return rook_attacks(square, occupied);
    case SEEBATCH_QUEEN:
        return queen_attacks(square, occupied);
    default:
        return king_attacks(square);
    }
}

/* Knight to king moves onto `targets`. */
static void seebatch_add_piece_moves(move_list *list, bitboard targets)
{
    const seebatch_board *board = list->board;
    bitboard occupied = occupied_squares(board), own = board->colors[board->side_to_move & 1u];
    for (int type = SEEBATCH_KNIGHT; type <= SEEBATCH_KING; type++) {
        bitboard movers = board->pieces[type] & own & list->movers;
        for (bitboard pieces = movers; pieces; pieces &= pieces - 1) {
            unsigned from = lowest_square(pieces);
            bitboard moves = seebatch_piece_attacks(type, from, occupied) & targets;
            for (; moves; moves &= moves - 1) {
                unsigned to = lowest_square(moves);
                seebatch_add_move(list, seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL));
            }
        }
    }
}

/* Castling with the right `right` (castling.h), Chess960's rules, which
 * are chess's own for a king on e1 and rooks on the corners: the king on
 * its first rank and the right's rook on the right's side of it; every
 * square between the king and its target and between the rook and its
 * target empty but for those two; the king not in check, and the squares
 * it passes and lands on not attacked on the board as it stands. Whether
 * the king is safe once the rook has moved too (a rook that shielded it on
 * the rank) is seebatch_keeps_kings_safe's. */
static bool seebatch_castling_allowed(const seebatch_board *board, unsigned king, unsigned right)
{
    unsigned us = board->side_to_move & 1u;
    unsigned rook = castling_rook_square(castling_word(board), right);
    if (!((board->castling >> right) & 1u) || !castling_right_in_place(board, right))
        return false;
    bitboard occupied = occupied_squares(board);
    if (castling_path(king, rook) & occupied)
        return false;
    unsigned king_target = castling_king_target(king, rook);
    bitboard crossed =
        between(king, king_target) | seebatch_square_bit(king_target) | seebatch_square_bit(king);
    for (; crossed; crossed &= crossed - 1)
        if (seebatch_attacked_by(board, lowest_square(crossed), seebatch_opponent(us), occupied))
            return false;
    return true;
}

/* Castling kingside, then queenside, as the king takes its rook. */
static void seebatch_add_castling(move_list *list)
{
    const seebatch_board *board = list->board;
    unsigned us = board->side_to_move & 1u;
    if (!(board->castling & (us == SEEBATCH_WHITE ? 3u : 12u)))
        return;
    unsigned king = castling_king_square(board, us);
    if (king == CASTLING_NO_SQUARE || !(list->movers & seebatch_square_bit(king)))
        return;
    for (unsigned right = 2 * us; right < 2 * us + 2; right++)
        if (seebatch_castling_allowed(board, king, right))
            seebatch_add_move(
                list, seebatch_move_make(king, castling_rook_square(castling_word(board), right),
                                         SEEBATCH_MOVE_CASTLING));
}

static move_list seebatch_start_list(const seebatch_board *board, seebatch_move *moves)
{
    move_list list = {board, moves, 0, seebatch_compute_safe_from(board), ~(bitboard)0};
    return list;
}

size_t seebatch_generate_moves(const seebatch_board *board, seebatch_move *moves)
{
    move_list list = seebatch_start_list(board, moves);
    seebatch_add_pawn_moves(&list, true);
    seebatch_add_piece_moves(&list, ~board->colors[board->side_to_move & 1u]);
    seebatch_add_castling(&list);
    return list.count;
}

/* The captures through add_move's test; captures.c reads most boards faster. */
size_t seebatch_generate_captures_tested(const seebatch_board *board, seebatch_move *moves)
{
    move_list list = seebatch_start_list(board, moves);
    seebatch_add_pawn_moves(&list, false);
    seebatch_add_piece_moves(&list, board->colors[seebatch_opponent(board->side_to_move & 1u)]);
    return list.count;
}

/* The moves seebatch_generate_moves gives from the move's square (and, of a
 * knight to king, onto its target): the same rules, a few moves to test, not
 * every move of the board. Reading training data asks this of every entry. */
bool seebatch_move_is_legal(const seebatch_board *board, seebatch_move move)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    move_list list = seebatch_start_list(board, moves);
    list.movers = seebatch_square_bit(seebatch_move_from(move));
    seebatch_add_pawn_moves(&list, true);
    seebatch_add_piece_moves(&list, seebatch_square_bit(seebatch_move_to(move)) &
                                        ~board->colors[board->side_to_move & 1u]);
    seebatch_add_castling(&list);
    size_t count = list.count;
    for (size_t i = 0; i < count; i++)
        if (moves[i] == move)
            return true;
    return false;
}

/* ------------------------------------------------------------------------ */
/* Playing moves                                                            */
/* ------------------------------------------------------------------------ */

static void seebatch_remove_piece(seebatch_board *board, unsigned square)
{
    int type = piece_type_or_none(board, square);
    if (type < 0)
        return;
    board->pieces[type] &= ~seebatch_square_bit(square);
    board->colors[color_on(board, square)] &= ~seebatch_square_bit(square);
}

static uint16_t seebatch_saturating_increment(uint16_t n)
{
    return n == UINT16_MAX ? n : (uint16_t)(n + 1);
}

/* Moves the pieces; returns whether the move resets the halfmove clock. */
static bool seebatch_move_pieces(seebatch_board *board, seebatch_move move, int type)
{
    unsigned us = board->side_to_move & 1u;
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING) { /* the king takes its rook: both land */
        seebatch_remove_piece(board, to);
        seebatch_remove_piece(board, from);
        put_piece(board, SEEBATCH_KING, us, castling_king_target(from, to));
        put_piece(board, SEEBATCH_ROOK, us, castling_rook_target(from, to));
        return false;
    }
    bool capture = (occupied_squares(board) & seebatch_square_bit(to)) != 0;
    seebatch_remove_piece(board, to);
    seebatch_remove_piece(board, from);
    if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        unsigned victim = en_passant_victim(to, us);
        if (victim < 64) /* off the board only when the precondition is broken */
            seebatch_remove_piece(board, victim);
        capture = true;
    }
    bool promotes = kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
    put_piece(board, promotes ? (int)seebatch_promotion_piece(move) : type, us, to);
    return capture || type == SEEBATCH_PAWN;
}

/*
 * The en passant square is set after every double push, whether or not an
 * enemy pawn could take it (as most FEN writers do); generation checks for a
 * capturer anyway, so perft is unaffected.
 */
void seebatch_board_play(seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    int type = piece_type_or_none(board, from);
    if (type < 0)
        return; /* not a move on this board: the precondition is broken */
    unsigned us = board->side_to_move & 1u;
    unsigned rights = castling_word(board) & ~castling_lost(board, from, to, type, us);
    bool resets_clock = seebatch_move_pieces(board, move, type);
    castling_store(board, rights);
    bool double_push = type == SEEBATCH_PAWN && (from > to ? from - to : to - from) == 16;
    board->en_passant = double_push ? (uint8_t)((from + to) / 2) : SEEBATCH_NO_SQUARE;
    board->halfmove_clock = resets_clock ? 0 : seebatch_saturating_increment(board->halfmove_clock);
    if (us == SEEBATCH_BLACK)
        board->fullmove_number = seebatch_saturating_increment(board->fullmove_number);
    board->side_to_move = (uint8_t)seebatch_opponent(us);
}

/* ------------------------------------------------------------------------ */
/* Perft                                                                    */
/* ------------------------------------------------------------------------ */

/* Counts the last ply without playing it (bulk counting). A depth below 0
 * is treated as 0. */
uint64_t seebatch_perft_nodes(const seebatch_board *board, int depth)
{
    if (depth <= 0)
        return 1;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    if (depth == 1)
        return count;
    uint64_t nodes = 0;
    for (size_t i = 0; i < count; i++) {
        seebatch_board child = *board;
        seebatch_board_play(&child, moves[i]);
        nodes += seebatch_perft_nodes(&child, depth - 1);
    }
    return nodes;
}
