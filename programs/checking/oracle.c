/*
 * The test oracle: SEE as the textbook recursion (docs/design.md, section
 * 5), written for plainness, not speed. A square holds 0 when empty,
 * +(type + 1) for a white piece and -(type + 1) for a black one.
 */
#include "oracle.h"

#include <stdbool.h>

enum { EMPTY = 0, WHITE = SEEBATCH_WHITE, BLACK = SEEBATCH_BLACK };
enum {
    PAWN = SEEBATCH_PAWN,
    KNIGHT = SEEBATCH_KNIGHT,
    BISHOP = SEEBATCH_BISHOP,
    ROOK = SEEBATCH_ROOK,
    QUEEN = SEEBATCH_QUEEN,
    KING = SEEBATCH_KING
};

typedef struct oracle {
    int board[64];
    int to;
    int32_t value[6];     /* indexed by type; the king's is 0 */
    bool promotions;      /* rule 6: every pawn promotes (SEEBATCH_PROMOTIONS) */
    bool move_promotes;   /* rule 6: the judged move's own promotion counts (either flag) */
    bool stop_when_ahead; /* rule 8 */
    bool pins;            /* rule 5 */
    unsigned order_xor;   /* tie-break among attackers of one type */
    bool blocker[2][64];  /* blocker[X][s]: the piece on s is a blocker of X */
    bool pinner[2][64];   /* pinner[X][s]: the piece on s pins one of X's pieces */
} oracle;

/* File and rank steps: the four lines first, then the four diagonals. */
static const int line_steps[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                     {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

static int type_of(int piece) { return (piece > 0 ? piece : -piece) - 1; }
static int color_of(int piece) { return piece > 0 ? WHITE : BLACK; }
static int make_piece(int type, int color) { return color == WHITE ? type + 1 : -(type + 1); }
static int file_of(int square) { return square % 8; }
static int rank_of(int square) { return square / 8; }
static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
static int square_at(int file, int rank) { return rank * 8 + file; }
static int last_rank(int color) { return color == WHITE ? 7 : 0; }

static int32_t value_of(const oracle *o, int piece)
{
    return piece == EMPTY ? 0 : o->value[type_of(piece)];
}

/* Does a piece of this type move along line_steps[step]? */
static bool slides_along(int type, int step)
{
    bool diagonal = step >= 4;
    return type == QUEEN || (diagonal ? type == BISHOP : type == ROOK);
}

/* Writes the squares of the pieces of `color` that attack `to` now and
 * returns how many there are. */
static int attackers_of(const oracle *o, int color, int *squares)
{
    int count = 0;
    int file = file_of(o->to), rank = rank_of(o->to);
    for (int step = 0; step < 8; step++) {
        /* The first piece met walking out from `to`, if it slides this way. */
        int f = file + line_steps[step][0], r = rank + line_steps[step][1];
        while (on_board(f, r) && o->board[square_at(f, r)] == EMPTY) {
            f += line_steps[step][0];
            r += line_steps[step][1];
        }
        if (on_board(f, r)) {
            int piece = o->board[square_at(f, r)];
            if (color_of(piece) == color && slides_along(type_of(piece), step))
                squares[count++] = square_at(f, r);
        }
        /* A king next to `to`. */
        f = file + line_steps[step][0];
        r = rank + line_steps[step][1];
        if (on_board(f, r) && o->board[square_at(f, r)] == make_piece(KING, color))
            squares[count++] = square_at(f, r);
        /* A knight a jump away. */
        f = file + knight_steps[step][0];
        r = rank + knight_steps[step][1];
        if (on_board(f, r) && o->board[square_at(f, r)] == make_piece(KNIGHT, color))
            squares[count++] = square_at(f, r);
    }
    /* A pawn attacks one rank forward, diagonally: it stands one rank behind. */
    int behind = color == WHITE ? rank - 1 : rank + 1;
    for (int side_step = -1; side_step <= 1; side_step += 2)
        if (on_board(file + side_step, behind) &&
            o->board[square_at(file + side_step, behind)] == make_piece(PAWN, color))
            squares[count++] = square_at(file + side_step, behind);
    return count;
}

/* Rule 5: is some pinner of `color` still on its own square? Pieces only ever
 * move onto `to`, so any other square that is not empty holds its original
 * piece. */
static bool pinned_down(const oracle *o, int color)
{
    for (int s = 0; s < 64; s++)
        if (o->pinner[color][s] && s != o->to && o->board[s] != EMPTY)
            return true;
    return false;
}

/* The square of the piece `color` captures with next (rules 2 and 5), or -1. */
static int next_attacker(const oracle *o, int color)
{
    int squares[64];
    int count = attackers_of(o, color, squares);
    bool pinned = o->pins && pinned_down(o, color);
    int best = -1;
    for (int i = 0; i < count; i++) {
        int s = squares[i];
        if (pinned && o->blocker[color][s])
            continue;
        if (best < 0)
            best = s;
        else {
            int type = type_of(o->board[s]), best_type = type_of(o->board[best]);
            if (type < best_type || (type == best_type && (unsigned)(s ^ o->order_xor) <
                                                              (unsigned)(best ^ o->order_xor)))
                best = s;
        }
    }
    return best;
}

/* What `color` wins from here by capturing on `to` next, or 0 when it had
 * better stop (seed 002's see()). `balance` is what it has won over the
 * exchange so far, for rule 8. */
static int32_t best_gain(oracle *o, int color, int32_t balance)
{
    int from = next_attacker(o, color);
    if (from < 0)
        return 0;
    int moving = o->board[from], taken = o->board[o->to];
    int32_t gain = value_of(o, taken);

    if (type_of(moving) == KING) {
        /* Rule 4: only onto a square the other side no longer attacks, judged
         * with the king still at home; and nothing can follow. */
        int squares[64];
        return attackers_of(o, color ^ 1, squares) > 0 ? 0 : gain;
    }
    int arriving = moving;
    if (o->promotions && type_of(moving) == PAWN && rank_of(o->to) == last_rank(color)) {
        arriving = make_piece(QUEEN, color);
        gain += o->value[QUEEN] - o->value[PAWN];
    }

    o->board[o->to] = arriving;
    o->board[from] = EMPTY;
    int32_t result = gain;
    /* Rule 8: ahead by more than the piece it has just put on `to`, the
     * other side is taken to stop; otherwise it may go on. */
    if (!(o->stop_when_ahead && balance + gain - value_of(o, arriving) > 0))
        result -= best_gain(o, color ^ 1, -(balance + gain));
    o->board[from] = moving;
    o->board[o->to] = taken;
    return result > 0 ? result : 0;
}

/* Rule 5 for one side, on the board as it is before the move. */
static void find_pins(oracle *o, int color)
{
    int king = -1, kings = 0;
    for (int s = 0; s < 64; s++)
        if (o->board[s] == make_piece(KING, color)) {
            king = s;
            kings++;
        }
    if (kings != 1)
        return;

    /* Snipers: enemy sliders on a line of the king, as if the board were
     * empty. With the snipers lifted, a sniper with exactly one piece
     * between it and the king makes that piece a blocker, and pins it if it
     * is the king's. A square lies on one line of the king, so each line is
     * walked once, its snipers known as they are met. */
    for (int step = 0; step < 8; step++) {
        int between = 0, last_between = -1;
        for (int f = file_of(king) + line_steps[step][0], r = rank_of(king) + line_steps[step][1];
             on_board(f, r); f += line_steps[step][0], r += line_steps[step][1]) {
            int s = square_at(f, r), piece = o->board[s];
            if (piece == EMPTY)
                continue;
            if (color_of(piece) != color && slides_along(type_of(piece), step)) {
                if (between == 1) {
                    o->blocker[color][last_between] = true;
                    if (color_of(o->board[last_between]) == color)
                        o->pinner[color][s] = true;
                }
            } else {
                between++;
                last_between = s;
            }
        }
    }
}

static void load(oracle *o, const seebatch_board *board, const seebatch_config *config,
                 unsigned order_xor)
{
    for (int s = 0; s < 64; s++) {
        o->board[s] = EMPTY;
        for (int type = PAWN; type <= KING; type++)
            if ((board->pieces[type] >> s) & 1)
                o->board[s] = make_piece(type, (int)((board->colors[BLACK] >> s) & 1));
        for (int color = WHITE; color <= BLACK; color++) {
            o->blocker[color][s] = false;
            o->pinner[color][s] = false;
        }
    }
    for (int type = PAWN; type < KING; type++)
        o->value[type] = config->values[type];
    o->value[KING] = 0;
    o->promotions = (config->flags & SEEBATCH_PROMOTIONS) != 0;
    o->move_promotes = (config->flags & (SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY)) != 0;
    o->stop_when_ahead = (config->flags & SEEBATCH_STOP_WHEN_AHEAD) != 0;
    o->pins = (config->flags & SEEBATCH_PINS) != 0;
    o->order_xor = order_xor;
    if (o->pins) {
        find_pins(o, WHITE);
        find_pins(o, BLACK);
    }
}

int32_t oracle_see_value_ordered(const seebatch_board *board, seebatch_move move,
                                 const seebatch_config *config, unsigned order_xor)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING)
        return 0;
    if (kind != SEEBATCH_MOVE_NORMAL && (config->flags & SEEBATCH_NORMAL_MOVES_ONLY))
        return 0;

    oracle o;
    load(&o, board, config, order_xor);
    int from = (int)seebatch_move_from(move);
    o.to = (int)seebatch_move_to(move);
    int moving = o.board[from];
    int color = color_of(moving);

    int32_t gain;
    if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        int victim = color == WHITE ? o.to - 8 : o.to + 8;
        gain = value_of(&o, o.board[victim]);
        o.board[victim] = EMPTY;
    } else {
        gain = value_of(&o, o.board[o.to]);
    }
    if (type_of(moving) == KING)
        return gain; /* rule 4: a king moving first is never taken */

    int arriving = moving;
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN &&
        o.move_promotes) {
        int named = (int)seebatch_promotion_piece(move);
        arriving = make_piece(named, color);
        gain += o.value[named] - o.value[PAWN];
    }
    o.board[o.to] = arriving;
    o.board[from] = EMPTY;
    /* The first move is forced: no max with 0 here, and nothing is broken
     * off after it (rule 8). */
    return gain - best_gain(&o, color ^ 1, -gain);
}

int32_t oracle_see_value(const seebatch_board *board, seebatch_move move,
                         const seebatch_config *config)
{
    return oracle_see_value_ordered(board, move, config, 0);
}
