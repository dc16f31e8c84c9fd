/*
 * The attack walk on a plain array (plain_board.h): written for plainness,
 * not speed.
 */
#include "plain_board.h"

#include <string.h>

/* File and rank steps: the four lines first, then the four diagonals. */
static const int line_steps[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                     {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

static int file_of(int square) { return square % 8; }
static int rank_of(int square) { return square / 8; }
static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
static int square_at(int file, int rank) { return rank * 8 + file; }

/* Does a piece of this type move along line_steps[step]? */
static bool slides_along(int type, int step)
{
    bool diagonal = step >= 4;
    return type == SEEBATCH_QUEEN || (diagonal ? type == SEEBATCH_BISHOP : type == SEEBATCH_ROOK);
}

void plain_board_load(plain_board *plain, const seebatch_board *board)
{
    uint64_t occupied = 0; /* most squares are empty: asked no further */
    for (int type = SEEBATCH_PAWN; type <= SEEBATCH_KING; type++)
        occupied |= board->pieces[type];
    for (int s = 0; s < 64; s++) {
        plain->square[s] = PLAIN_EMPTY;
        for (int type = SEEBATCH_PAWN; type <= SEEBATCH_KING && (occupied >> s & 1); type++)
            if ((board->pieces[type] >> s) & 1)
                plain->square[s] = plain_piece(type, (int)((board->colors[PLAIN_BLACK] >> s) & 1));
    }
}

int plain_attackers_seen(const plain_board *board, const plain_board *blocking, int to, int color,
                         int *squares)
{
    int count = 0;
    int file = file_of(to), rank = rank_of(to);
    for (int step = 0; step < 8; step++) {
        /* The first square met walking out from `to` that blocks, and the
         * piece there if it slides this way. */
        int f = file + line_steps[step][0], r = rank + line_steps[step][1];
        while (on_board(f, r) && blocking->square[square_at(f, r)] == PLAIN_EMPTY) {
            f += line_steps[step][0];
            r += line_steps[step][1];
        }
        if (on_board(f, r)) {
            int piece = board->square[square_at(f, r)];
            if (piece != PLAIN_EMPTY && plain_color(piece) == color &&
                slides_along(plain_type(piece), step))
                squares[count++] = square_at(f, r);
        }
        /* A king next to `to`. */
        f = file + line_steps[step][0];
        r = rank + line_steps[step][1];
        if (on_board(f, r) && board->square[square_at(f, r)] == plain_piece(SEEBATCH_KING, color))
            squares[count++] = square_at(f, r);
        /* A knight a jump away. */
        f = file + knight_steps[step][0];
        r = rank + knight_steps[step][1];
        if (on_board(f, r) && board->square[square_at(f, r)] == plain_piece(SEEBATCH_KNIGHT, color))
            squares[count++] = square_at(f, r);
    }
    /* A pawn attacks one rank forward, diagonally: it stands one rank behind. */
    int behind = color == PLAIN_WHITE ? rank - 1 : rank + 1;
    for (int side_step = -1; side_step <= 1; side_step += 2)
        if (on_board(file + side_step, behind) &&
            board->square[square_at(file + side_step, behind)] == plain_piece(SEEBATCH_PAWN, color))
            squares[count++] = square_at(file + side_step, behind);
    return count;
}

int plain_attackers(const plain_board *board, int to, int color, int *squares)
{
    return plain_attackers_seen(board, board, to, color, squares);
}

/* Rule 5 for one side. Snipers: enemy sliders on a line of the king, as if
 * the board were empty. With the snipers lifted, a sniper with exactly one
 * piece between it and the king makes that piece a blocker, and pins it if
 * it is the king's. A square lies on one line of the king, so each line is
 * walked once, its snipers known as they are met. */
static void find_pins(const plain_board *board, int color, plain_pins *pins)
{
    int king = -1, kings = 0;
    for (int s = 0; s < 64; s++)
        if (board->square[s] == plain_piece(SEEBATCH_KING, color)) {
            king = s;
            kings++;
        }
    if (kings != 1)
        return;
    for (int step = 0; step < 8; step++) {
        int between = 0, last_between = -1;
        for (int f = file_of(king) + line_steps[step][0], r = rank_of(king) + line_steps[step][1];
             on_board(f, r); f += line_steps[step][0], r += line_steps[step][1]) {
            int s = square_at(f, r), piece = board->square[s];
            if (piece == PLAIN_EMPTY)
                continue;
            if (plain_color(piece) != color && slides_along(plain_type(piece), step)) {
                if (between == 1) {
                    pins->blocker[color][last_between] = true;
                    if (plain_color(board->square[last_between]) == color)
                        pins->pinner[color][s] = true;
                }
            } else {
                between++;
                last_between = s;
            }
        }
    }
}

void plain_pins_find(const plain_board *board, plain_pins *pins)
{
    memset(pins, 0, sizeof *pins);
    find_pins(board, PLAIN_WHITE, pins);
    find_pins(board, PLAIN_BLACK, pins);
}

bool plain_pinned_down(const plain_board *board, const plain_pins *pins, int to, int color)
{
    for (int s = 0; s < 64; s++)
        if (pins->pinner[color][s] && s != to && board->square[s] != PLAIN_EMPTY)
            return true;
    return false;
}
