/*
 * Random dense boards, built on a plain array and turned into bitboards at
 * the end. Sliders are placed on purpose along lines through one square, so
 * that long exchanges with x-rays of both colours are common, and pins are
 * placed next to lone kings.
 */
#include "random_boards.h"

#include <stdbool.h>

#include "position_generator.h"

enum { NONE = -1 };

typedef struct layout {
    int type[64]; /* SEEBATCH_PAWN.., or NONE */
    int color[64];
} layout;

static const int line_steps[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                     {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

static unsigned below(uint64_t *state, unsigned bound)
{
    return (unsigned)(random_next(state) % bound);
}

static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

static bool put(layout *l, int square, int type, int color)
{
    if (l->type[square] != NONE)
        return false;
    l->type[square] = type;
    l->color[square] = color;
    return true;
}

/* A piece that attacks along line_steps[step]: a slider of the right kind. */
static int slider_for(uint64_t *state, int step)
{
    if (below(state, 3) == 0)
        return SEEBATCH_QUEEN;
    return step >= 4 ? SEEBATCH_BISHOP : SEEBATCH_ROOK;
}

/* Sliders of both colours along one line out of `target`, so that taking on
 * `target` opens the line again and again. */
static void place_battery(layout *l, uint64_t *state, int target)
{
    int step = (int)below(state, 8);
    int file = target % 8, rank = target / 8;
    for (int distance = 1; distance < 8; distance++) {
        int f = file + distance * line_steps[step][0], r = rank + distance * line_steps[step][1];
        if (!on_board(f, r))
            break;
        if (below(state, 3) == 0)
            continue;
        int color = (int)below(state, 2);
        int type = slider_for(state, step);
        /* Next to `target` on a diagonal, a pawn of the colour it faces. */
        if (distance == 1 && step >= 4 && below(state, 2) == 0) {
            type = SEEBATCH_PAWN;
            color = line_steps[step][1] < 0 ? SEEBATCH_WHITE : SEEBATCH_BLACK;
        }
        put(l, r * 8 + f, type, color);
    }
}

/* A piece of `color` between its lone king and an enemy slider. */
static void place_pin(layout *l, uint64_t *state, int color)
{
    int king = NONE, kings = 0;
    for (int s = 0; s < 64; s++)
        if (l->type[s] == SEEBATCH_KING && l->color[s] == color) {
            king = s;
            kings++;
        }
    if (kings != 1)
        return;
    int step = (int)below(state, 8);
    int near = 1 + (int)below(state, 3), far = near + 1 + (int)below(state, 3);
    int f1 = king % 8 + near * line_steps[step][0], r1 = king / 8 + near * line_steps[step][1];
    int f2 = king % 8 + far * line_steps[step][0], r2 = king / 8 + far * line_steps[step][1];
    if (!on_board(f2, r2))
        return;
    put(l, r1 * 8 + f1, 1 + (int)below(state, 4), color); /* knight to queen */
    put(l, r2 * 8 + f2, slider_for(state, step), color ^ 1);
}

/* Pawn, knight, bishop, rook, queen in proportions 3:1:2:2:2. */
static int random_filler(uint64_t *state)
{
    static const int types[10] = {0, 0, 0, 1, 2, 2, 3, 3, 4, 4};
    return types[below(state, 10)];
}

/* An enemy pawn that has just passed over `passed`, and a pawn beside it to
 * take it en passant; returns the en passant square or NO_SQUARE. */
static int place_en_passant(layout *l, uint64_t *state, int side_to_move)
{
    int file = (int)below(state, 8);
    int passed = side_to_move == SEEBATCH_WHITE ? 40 + file : 16 + file;
    int arrived = side_to_move == SEEBATCH_WHITE ? passed - 8 : passed + 8;
    int start = side_to_move == SEEBATCH_WHITE ? passed + 8 : passed - 8;
    if (l->type[passed] != NONE || l->type[start] != NONE)
        return SEEBATCH_NO_SQUARE;
    if (!put(l, arrived, SEEBATCH_PAWN, side_to_move ^ 1))
        return SEEBATCH_NO_SQUARE;
    int beside = file == 0 ? 1 : file == 7 ? -1 : (below(state, 2) ? 1 : -1);
    put(l, arrived + beside, SEEBATCH_PAWN, side_to_move);
    return passed;
}

static void to_bitboards(const layout *l, seebatch_board *board)
{
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        board->pieces[type] = 0;
    board->colors[0] = board->colors[1] = 0;
    for (int s = 0; s < 64; s++)
        if (l->type[s] != NONE) {
            board->pieces[l->type[s]] |= (uint64_t)1 << s;
            board->colors[l->color[s]] |= (uint64_t)1 << s;
        }
}

/* Castling rights wherever king and rook stand on their original squares. */
static uint8_t castling_rights(const layout *l)
{
    uint8_t rights = 0;
    static const struct {
        int king, rook, color;
        uint8_t right;
    } corners[4] = {{4, 7, SEEBATCH_WHITE, SEEBATCH_CASTLE_WHITE_KINGSIDE},
                    {4, 0, SEEBATCH_WHITE, SEEBATCH_CASTLE_WHITE_QUEENSIDE},
                    {60, 63, SEEBATCH_BLACK, SEEBATCH_CASTLE_BLACK_KINGSIDE},
                    {60, 56, SEEBATCH_BLACK, SEEBATCH_CASTLE_BLACK_QUEENSIDE}};
    for (int i = 0; i < 4; i++)
        if (l->type[corners[i].king] == SEEBATCH_KING &&
            l->color[corners[i].king] == corners[i].color &&
            l->type[corners[i].rook] == SEEBATCH_ROOK &&
            l->color[corners[i].rook] == corners[i].color)
            rights |= corners[i].right;
    return rights;
}

void random_dense_board(uint64_t *state, seebatch_board *board)
{
    layout l;
    for (int s = 0; s < 64; s++)
        l.type[s] = NONE;

    /* Mostly one king a side, as pins need; sometimes none or several. */
    static const int king_counts[10] = {0, 1, 1, 1, 1, 1, 1, 2, 2, 3};
    for (int color = 0; color < 2; color++)
        for (int k = king_counts[below(state, 10)]; k > 0;)
            k -= put(&l, (int)below(state, 64), SEEBATCH_KING, color);

    int side_to_move = (int)below(state, 2);
    int en_passant =
        below(state, 3) == 0 ? place_en_passant(&l, state, side_to_move) : SEEBATCH_NO_SQUARE;

    int target = (int)below(state, 64);
    for (int batteries = 1 + (int)below(state, 3); batteries > 0; batteries--)
        place_battery(&l, state, target);
    place_pin(&l, state, SEEBATCH_WHITE);
    place_pin(&l, state, SEEBATCH_BLACK);
    if (below(state, 4) != 0)
        put(&l, target, random_filler(state), (int)below(state, 2));

    int wanted = 12 + (int)below(state, 29);
    int pieces = 0;
    for (int s = 0; s < 64; s++)
        pieces += l.type[s] != NONE;
    for (int tries = 0; pieces < wanted && tries < 200; tries++)
        pieces += put(&l, (int)below(state, 64), random_filler(state), (int)below(state, 2));

    /* A piece dropped on the en passant square or behind it spoils it. */
    if (en_passant != SEEBATCH_NO_SQUARE) {
        int start = side_to_move == SEEBATCH_WHITE ? en_passant + 8 : en_passant - 8;
        if (l.type[en_passant] != NONE || l.type[start] != NONE)
            en_passant = SEEBATCH_NO_SQUARE;
    }

    to_bitboards(&l, board);
    board->side_to_move = (uint8_t)side_to_move;
    board->en_passant = (uint8_t)en_passant;
    board->castling = castling_rights(&l);
    board->reserved = 0;
    board->halfmove_clock = 0;
    board->fullmove_number = 1;
}

/* ---- moves ---- */

typedef struct move_list {
    const seebatch_board *board;
    seebatch_move *moves;
    size_t count, capacity;
} move_list;

static void offer(move_list *list, int from, int to, unsigned kind)
{
    if (list->count == list->capacity)
        return;
    seebatch_move move = seebatch_move_make((unsigned)from, (unsigned)to, kind);
    if (seebatch_move_check(list->board, move, NULL) == SEEBATCH_OK)
        list->moves[list->count++] = move;
}

/* A pawn move to `to`: the four promotions on the last rank, else normal. */
static void offer_pawn_move(move_list *list, int from, int to)
{
    if (to / 8 == 0 || to / 8 == 7)
        for (unsigned kind = SEEBATCH_MOVE_PROMOTE_KNIGHT; kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
             kind++)
            offer(list, from, to, kind);
    else
        offer(list, from, to, SEEBATCH_MOVE_NORMAL);
}

static void offer_pawn_moves(move_list *list, const layout *l, int from)
{
    int color = l->color[from];
    int forward = color == SEEBATCH_WHITE ? 1 : -1;
    int file = from % 8, rank = from / 8 + forward;
    if (!on_board(file, rank))
        return;
    for (int side_step = -1; side_step <= 1; side_step += 2) {
        if (!on_board(file + side_step, rank))
            continue;
        int to = rank * 8 + file + side_step;
        offer_pawn_move(list, from, to);
        offer(list, from, to, SEEBATCH_MOVE_EN_PASSANT);
    }
    int push = rank * 8 + file;
    if (l->type[push] == NONE) {
        offer_pawn_move(list, from, push);
        int home = color == SEEBATCH_WHITE ? 1 : 6;
        int jump = push + 8 * forward;
        if (from / 8 == home && l->type[jump] == NONE)
            offer(list, from, jump, SEEBATCH_MOVE_NORMAL);
    }
}

static void offer_piece_moves(move_list *list, const layout *l, int from)
{
    int type = l->type[from];
    int file = from % 8, rank = from / 8;
    for (int step = 0; step < 8; step++) {
        if (type == SEEBATCH_KNIGHT) {
            int f = file + knight_steps[step][0], r = rank + knight_steps[step][1];
            if (on_board(f, r))
                offer(list, from, r * 8 + f, SEEBATCH_MOVE_NORMAL);
            continue;
        }
        bool slides =
            type == SEEBATCH_QUEEN || (step >= 4 ? type == SEEBATCH_BISHOP : type == SEEBATCH_ROOK);
        if (!slides && type != SEEBATCH_KING)
            continue;
        for (int f = file + line_steps[step][0], r = rank + line_steps[step][1]; on_board(f, r);
             f += line_steps[step][0], r += line_steps[step][1]) {
            offer(list, from, r * 8 + f, SEEBATCH_MOVE_NORMAL);
            if (l->type[r * 8 + f] != NONE || type == SEEBATCH_KING)
                break;
        }
    }
    if (type == SEEBATCH_KING && (from == 4 || from == 60)) {
        offer(list, from, from + 2, SEEBATCH_MOVE_CASTLING);
        offer(list, from, from - 2, SEEBATCH_MOVE_CASTLING);
    }
}

size_t random_board_moves(const seebatch_board *board, seebatch_move *moves, size_t capacity)
{
    layout l;
    for (int s = 0; s < 64; s++) {
        l.type[s] = NONE;
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            if ((board->pieces[type] >> s) & 1)
                l.type[s] = type;
        l.color[s] = (int)((board->colors[SEEBATCH_BLACK] >> s) & 1);
    }
    move_list list = {board, moves, 0, capacity};
    for (int from = 0; from < 64; from++) {
        if (l.type[from] == SEEBATCH_PAWN)
            offer_pawn_moves(&list, &l, from);
        else if (l.type[from] != NONE)
            offer_piece_moves(&list, &l, from);
    }
    return list.count;
}

void break_board_field(uint64_t *state, seebatch_board *board)
{
    uint64_t r = random_next(state);
    unsigned square = (unsigned)(r >> 8) & 63u;
    switch (r % 6) {
    case 0:
        board->pieces[(r >> 16) % SEEBATCH_PIECE_TYPES] ^= (uint64_t)1 << square;
        break;
    case 1:
        board->colors[(r >> 16) & 1u] ^= (uint64_t)1 << square;
        break;
    case 2:
        board->side_to_move = (uint8_t)((r >> 16) % 3);
        break;
    case 3:
        board->en_passant = (uint8_t)(r >> 16);
        break;
    case 4:
        board->castling = (uint8_t)(r >> 16);
        break;
    default:
        board->reserved = (uint8_t)((r >> 16) & 1u);
        break;
    }
}
