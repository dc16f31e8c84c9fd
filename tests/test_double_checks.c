/*
 * Double checks and the rule that refuses those no last move gives
 * (lib/board/double_check.c, through seebatch_position_status), held by
 * two generators and a judge of their own:
 *
 * - the judge takes back, on a board of its own (a square array, attacks
 *   found by stepping, nothing of the library's tables), every move any
 *   piece of the side that moved last could have made onto its square (a
 *   piece's move or capture, a pawn's push, double push, capture, en
 *   passant or promotion, a king's step, castling of Chess960 on any
 *   files) and says whether one leaves a position before it with the side
 *   to move's king out of check: a last move that gives the position;
 * - double checks real moves give: every legal move of random games, from
 *   the start and from Chess960's starts, and of random boards (many
 *   sliders, en passant squares, castling rights, pawns about to promote)
 *   whose side not to move is out of check: every double check reached is
 *   accepted by the library (games: no reason at all) and by the judge;
 * - random double checks (two pieces placed to check a king, others
 *   scattered, castled kings among them): the library refuses exactly those
 *   the judge finds no last move for, and there are many of each.
 *
 * On every double check the FEN reader (the one-pass reader and, where the
 * CPU runs it, the wide one first) and the quick yes agree with the
 * reasons. SEEBATCH_TEST_SCALE runs a share.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "random.h"
#include "random_boards.h"
#include "seebatch.h"
#include "board/position_status.h"
#include "text/fen_scan.h"

enum { EMPTY = -1 };

/* The judge's board: a piece type (or EMPTY) and a colour a square. */
typedef struct mailbox {
    signed char type[64];
    unsigned char color[64];
    unsigned us; /* the side to move */
} mailbox;

static const int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
static const int king_steps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                     {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
/* king_steps[i] for even i is a rook's direction, for odd i a bishop's. */

static int square_at(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? rank * 8 + file : EMPTY;
}

static int forward(unsigned color) { return color == SEEBATCH_WHITE ? 1 : -1; }

static mailbox mailbox_of(const seebatch_board *board)
{
    mailbox m;
    m.us = board->side_to_move;
    memset(m.type, EMPTY, sizeof m.type);
    memset(m.color, 0, sizeof m.color);
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        for (uint64_t bits = board->pieces[type]; bits; bits &= bits - 1) {
            int s = __builtin_ctzll(bits);
            m.type[s] = (signed char)type;
            m.color[s] = (board->colors[SEEBATCH_BLACK] >> s) & 1u;
        }
    return m;
}

static seebatch_board board_of_mailbox(const mailbox *m)
{
    seebatch_board board;
    memset(&board, 0, sizeof board);
    for (int s = 0; s < 64; s++)
        if (m->type[s] != EMPTY) {
            board.pieces[m->type[s]] |= 1ull << s;
            board.colors[m->color[s]] |= 1ull << s;
        }
    board.side_to_move = (uint8_t)m->us;
    board.en_passant = SEEBATCH_NO_SQUARE;
    return board;
}

static bool holds(const mailbox *m, int square, int type, unsigned color)
{
    return square != EMPTY && m->type[square] == type && m->color[square] == color;
}

/* How many pieces of `by` attack `square`, found by stepping. */
static int attackers(const mailbox *m, int square, unsigned by)
{
    int file = square % 8, rank = square / 8, count = 0;
    for (int side = -1; side <= 1; side += 2)
        count += holds(m, square_at(file + side, rank - forward(by)), SEEBATCH_PAWN, by);
    for (int i = 0; i < 8; i++) {
        count += holds(m, square_at(file + knight_steps[i][0], rank + knight_steps[i][1]),
                       SEEBATCH_KNIGHT, by);
        count += holds(m, square_at(file + king_steps[i][0], rank + king_steps[i][1]),
                       SEEBATCH_KING, by);
        int slider = i % 2 == 0 ? SEEBATCH_ROOK : SEEBATCH_BISHOP;
        for (int d = 1;; d++) {
            int at = square_at(file + d * king_steps[i][0], rank + d * king_steps[i][1]);
            if (at == EMPTY)
                break;
            if (m->type[at] == EMPTY)
                continue;
            count += m->color[at] == by && (m->type[at] == slider || m->type[at] == SEEBATCH_QUEEN);
            break;
        }
    }
    return count;
}

static int king_square(const mailbox *m, unsigned color)
{
    for (int s = 0; s < 64; s++)
        if (holds(m, s, SEEBATCH_KING, color))
            return s;
    return EMPTY;
}

/* ------------------------------------------------------------------------ */
/* The judge: every last move taken back                                     */
/* ------------------------------------------------------------------------ */

/* A move taken back: the piece on `to` back on `from` as `before`; one of
 * ours back on `restored` (what it took), or EMPTY; castling's rook from
 * rook_to back to rook_from, or EMPTY. */
typedef struct taken_move {
    int from, to, before, restored, rook_from, rook_to;
} taken_move;

/* Castling's conditions the judge asks: king and rook on their first rank,
 * every square between each one's start and end empty before it but for the
 * two. (Not whether our pieces attacked the king's path: asking less can
 * only find more last moves than the rules allow.) */
static bool castling_path_empty(const mailbox *before, const taken_move *move)
{
    int low[2] = {move->from, move->rook_from}, high[2] = {move->to, move->rook_to};
    for (int i = 0; i < 2; i++) {
        int a = low[i] < high[i] ? low[i] : high[i], b = low[i] < high[i] ? high[i] : low[i];
        for (int s = a; s <= b; s++)
            if (s != move->from && s != move->rook_from && before->type[s] != EMPTY)
                return false;
    }
    return true;
}

/* Whether taking `move` back leaves our king out of check. */
static bool gives_position(const mailbox *now, const taken_move *move)
{
    mailbox before = *now;
    unsigned them = now->us ^ 1u;
    before.type[move->to] = EMPTY;
    if (move->rook_to != EMPTY)
        before.type[move->rook_to] = EMPTY;
    before.type[move->from] = (signed char)move->before;
    before.color[move->from] = (unsigned char)them;
    if (move->rook_from != EMPTY) {
        before.type[move->rook_from] = SEEBATCH_ROOK;
        before.color[move->rook_from] = (unsigned char)them;
        if (!castling_path_empty(&before, move))
            return false;
    }
    if (move->restored != EMPTY) {
        int rank = move->restored / 8;
        before.type[move->restored] = rank == 0 || rank == 7 ? SEEBATCH_KNIGHT : SEEBATCH_PAWN;
        before.color[move->restored] = (unsigned char)now->us;
    }
    return attackers(&before, king_square(&before, now->us), them) == 0;
}

/* A piece's move from `from` onto `to`, as a capture and not. */
static bool piece_came(const mailbox *now, int from, int to, int before)
{
    taken_move quiet = {from, to, before, EMPTY, EMPTY, EMPTY};
    taken_move capture = {from, to, before, to, EMPTY, EMPTY};
    return gives_position(now, &quiet) || gives_position(now, &capture);
}

/* A knight's or king's step, or a slider's move along its lines, onto s. */
static bool piece_moved(const mailbox *now, int s)
{
    int type = now->type[s], file = s % 8, rank = s / 8;
    for (int i = 0; i < 8; i++) {
        const int *step = type == SEEBATCH_KNIGHT ? knight_steps[i] : king_steps[i];
        bool along = type == SEEBATCH_QUEEN || (type == SEEBATCH_ROOK && i % 2 == 0) ||
                     (type == SEEBATCH_BISHOP && i % 2 == 1);
        int reach = along ? 7 : type == SEEBATCH_KNIGHT || type == SEEBATCH_KING ? 1 : 0;
        for (int d = 1; d <= reach; d++) {
            int from = square_at(file + d * step[0], rank + d * step[1]);
            if (from == EMPTY || now->type[from] != EMPTY)
                break;
            if (piece_came(now, from, s, type))
                return true;
        }
    }
    return false;
}

/* A pawn's push, double push or capture onto s, as the piece there now
 * (a promotion when it is no pawn), or its capture en passant. */
static bool pawn_came(const mailbox *now, int s)
{
    unsigned them = now->us ^ 1u;
    int file = s % 8, rank = s / 8, back = -forward(them), before = SEEBATCH_PAWN;
    int behind = square_at(file, rank + back), two = square_at(file, rank + 2 * back);
    bool second_rank_two = two != EMPTY && two / 8 == (them == SEEBATCH_WHITE ? 1 : 6);
    taken_move push = {behind, s, before, EMPTY, EMPTY, EMPTY};
    taken_move double_push = {two, s, before, EMPTY, EMPTY, EMPTY};
    if (behind != EMPTY && behind / 8 % 7 != 0 && now->type[behind] == EMPTY &&
        (gives_position(now, &push) ||
         (now->type[s] == SEEBATCH_PAWN && second_rank_two && now->type[two] == EMPTY &&
          gives_position(now, &double_push))))
        return true;
    for (int side = -1; side <= 1; side += 2) {
        int from = square_at(file + side, rank + back);
        if (from == EMPTY || from / 8 % 7 == 0 || now->type[from] != EMPTY)
            continue;
        taken_move capture = {from, s, before, s, EMPTY, EMPTY};
        taken_move en_passant = {from, s, before, behind, EMPTY, EMPTY};
        int left = square_at(file, rank - back); /* where our pawn came from */
        bool passed = now->type[s] == SEEBATCH_PAWN && rank == (them == SEEBATCH_WHITE ? 5 : 2) &&
                      now->type[behind] == EMPTY && now->type[left] == EMPTY;
        if (gives_position(now, &capture) || (passed && gives_position(now, &en_passant)))
            return true;
    }
    return false;
}

/* Castling onto the king's square s (c or g of its first rank) with its
 * rook beside it (d or f), from any two starts of that rank on the right
 * sides (Chess960). */
static bool castled(const mailbox *now, int s)
{
    unsigned them = now->us ^ 1u;
    int rank = them == SEEBATCH_WHITE ? 0 : 7, file = s % 8;
    if (s / 8 != rank || (file != 2 && file != 6))
        return false;
    int rook_to = square_at(file == 6 ? 5 : 3, rank);
    if (!holds(now, rook_to, SEEBATCH_ROOK, them))
        return false;
    for (int king_file = 0; king_file < 8; king_file++)
        for (int rook_file = 0; rook_file < 8; rook_file++) {
            int from = rank * 8 + king_file, rook_from = rank * 8 + rook_file;
            bool sides = file == 6 ? king_file < rook_file : rook_file < king_file;
            bool free = (now->type[from] == EMPTY || from == s || from == rook_to) &&
                        (now->type[rook_from] == EMPTY || rook_from == s || rook_from == rook_to);
            taken_move move = {from, s, SEEBATCH_KING, EMPTY, rook_from, rook_to};
            if (sides && free && gives_position(now, &move))
                return true;
        }
    return false;
}

/* Whether some move of the side not to move gives this position from one
 * where the side to move was out of check. */
static bool judge_finds_last_move(const mailbox *now)
{
    unsigned them = now->us ^ 1u;
    for (int s = 0; s < 64; s++) {
        if (now->type[s] == EMPTY || now->color[s] != them)
            continue;
        int type = now->type[s];
        bool promoted = type != SEEBATCH_KING && s / 8 == (them == SEEBATCH_WHITE ? 7 : 0);
        if ((type != SEEBATCH_PAWN && piece_moved(now, s)) ||
            ((type == SEEBATCH_PAWN || promoted) && pawn_came(now, s)) ||
            (type == SEEBATCH_KING && castled(now, s)))
            return true;
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* What the library says of one double check                                 */
/* ------------------------------------------------------------------------ */

/* What the double checks met were: by the last move, by the checkers. */
enum {
    MOVE_PIECE,
    MOVE_CAPTURE,
    MOVE_PROMOTION,
    MOVE_EN_PASSANT,
    MOVE_CASTLING,
    MOVE_KINDS,
};
static const char *const move_names[MOVE_KINDS] = {"a piece's move", "a capture", "a promotion",
                                                   "en passant", "castling"};

typedef struct tally {
    long by_move[MOVE_KINDS];
    long two_sliders, pawn_and_slider, knight_and_slider;
    long refused, accepted;
    long castlings; /* castling moves tried: none gives two checks (double_check.c) */
    int reported;   /* failures printed, at most a few of each kind */
} tally;

static char fen_text[SEEBATCH_FEN_MAX];

static const char *fen_of(const seebatch_board *board)
{
    if (seebatch_board_to_fen(board, fen_text, sizeof fen_text) == 0)
        snprintf(fen_text, sizeof fen_text, "(no FEN)");
    return fen_text;
}

/* The FEN readers and the quick yes on one board: each says what the
 * reasons say. */
static void readers_agree(const seebatch_board *board, uint32_t reasons)
{
    char text[SEEBATCH_FEN_MAX];
    size_t length = seebatch_board_to_fen(board, text, sizeof text);
    CHECK(length > 0, "no FEN for a board");
    CHECK_EQ(seebatch_position_plainly_possible(board), reasons == 0, "quick yes, %s", text);
    for (int wide = 0; wide <= (int)seebatch_fen_wide_runs(); wide++) {
        seebatch_board read;
        bool possible = !reasons;
        size_t end = seebatch_plain_fen_read_by(&read, text, length, &possible, wide != 0);
        CHECK(end == length && memcmp(&read, board, sizeof read) == 0, "%s: read back", text);
        CHECK_EQ(possible || seebatch_position_status(&read, 1, NULL, NULL) == SEEBATCH_OK,
                 reasons == 0, "%s: the %s reader's judgement", text, wide ? "wide" : "plain");
    }
}

/* The checkers' kinds of a double check, counted: a piece checks when it
 * attacks the king with every other piece of its side turned ours (the
 * squares stay occupied). */
static void count_checkers(const mailbox *m, tally *t)
{
    int king = king_square(m, m->us), kinds[2], found = 0;
    unsigned them = m->us ^ 1u;
    for (int s = 0; s < 64 && found < 2; s++) {
        if (m->type[s] == EMPTY || m->color[s] != them)
            continue;
        mailbox alone = *m;
        for (int other = 0; other < 64; other++)
            if (other != s)
                alone.color[other] = (unsigned char)m->us;
        if (attackers(&alone, king, them) == 1)
            kinds[found++] = m->type[s];
    }
    if (found < 2)
        return;
    bool slider[2] = {kinds[0] >= SEEBATCH_BISHOP && kinds[0] <= SEEBATCH_QUEEN,
                      kinds[1] >= SEEBATCH_BISHOP && kinds[1] <= SEEBATCH_QUEEN};
    t->two_sliders += slider[0] && slider[1];
    t->pawn_and_slider +=
        (slider[0] && kinds[1] == SEEBATCH_PAWN) || (slider[1] && kinds[0] == SEEBATCH_PAWN);
    t->knight_and_slider +=
        (slider[0] && kinds[1] == SEEBATCH_KNIGHT) || (slider[1] && kinds[0] == SEEBATCH_KNIGHT);
}

/* A double check a real move gave: the library accepts it (a game's
 * position: every reason; a random board's: the check's), so does the
 * judge, and the readers agree. */
static void real_double_check(const seebatch_board *board, seebatch_move move, bool whole, tally *t)
{
    mailbox m = mailbox_of(board);
    uint32_t reasons = 0;
    seebatch_position_status(board, 1, &reasons, NULL);
    uint32_t refused = whole ? reasons : reasons & SEEBATCH_POSITION_IMPOSSIBLE_CHECK;
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(move, uci);
    CHECK(refused == 0, "%s after %s: reasons 0x%x", fen_of(board), uci, reasons);
    CHECK(judge_finds_last_move(&m), "%s after %s: the judge finds no last move", fen_of(board),
          uci);
    readers_agree(board, reasons);
    count_checkers(&m, t);
}

/* Each legal move of *board played: the double checks it gives judged. */
static void double_checks_of_moves(const seebatch_board *board, bool whole, tally *t)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    for (size_t i = 0; i < count; i++) {
        seebatch_board after = *board;
        seebatch_board_play(&after, moves[i]);
        t->castlings += seebatch_move_kind(moves[i]) == SEEBATCH_MOVE_CASTLING;
        mailbox m = mailbox_of(&after);
        int king = king_square(&m, m.us);
        if (king == EMPTY || attackers(&m, king, m.us ^ 1u) != 2)
            continue;
        unsigned kind = seebatch_move_kind(moves[i]), to = seebatch_move_to(moves[i]);
        bool took = (board->colors[0] | board->colors[1]) >> to & 1u;
        int by = kind == SEEBATCH_MOVE_EN_PASSANT ? MOVE_EN_PASSANT
                 : kind == SEEBATCH_MOVE_CASTLING ? MOVE_CASTLING
                 : kind != SEEBATCH_MOVE_NORMAL   ? MOVE_PROMOTION
                 : took                           ? MOVE_CAPTURE
                                                  : MOVE_PIECE;
        t->by_move[by]++;
        real_double_check(&after, moves[i], whole, t);
    }
}

/* ------------------------------------------------------------------------ */
/* Double checks real moves give                                             */
/* ------------------------------------------------------------------------ */

/* Chess960's start number n (0..959, Scharnagl's numbering: 518 is the
 * usual one) as a Shredder-FEN, its rooks' files for castling. */
static void chess960_start(int n, char fen[SEEBATCH_FEN_MAX])
{
    static const int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                       {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    char row[9] = "........";
    row[2 * (n % 4) + 1] = 'b';
    row[2 * (n / 4 % 4)] = 'b';
    int queen = n / 16 % 6, pair = n / 96, free = 0;
    for (int f = 0; f < 8; f++)
        if (row[f] == '.' && free++ == queen)
            row[f] = 'q';
    free = 0;
    for (int f = 0; f < 8; f++)
        if (row[f] == '.') {
            if (free == knights[pair][0] || free == knights[pair][1])
                row[f] = 'n';
            free++;
        }
    const char *rest = "rkr";
    int rooks[2], r = 0;
    for (int f = 0; f < 8; f++)
        if (row[f] == '.') {
            row[f] = *rest++;
            if (row[f] == 'r')
                rooks[r++] = f;
        }
    char upper[9];
    for (int f = 0; f < 9; f++)
        upper[f] = (char)(row[f] >= 'a' ? row[f] - 32 : row[f]);
    snprintf(fen, SEEBATCH_FEN_MAX, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %c%c%c%c - 0 1", row, upper,
             'A' + rooks[1], 'A' + rooks[0], 'a' + rooks[1], 'a' + rooks[0]);
}

/* Random games, `games` of them, from the start or Chess960's: every
 * position's legal moves tried for double checks. */
static void games_played(int games, bool chess960, tally *t)
{
    uint64_t state = chess960 ? 960 : 1;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    for (int game = 0; game < games; game++) {
        char start[SEEBATCH_FEN_MAX] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        if (chess960)
            chess960_start((int)(random_next(&state) % 960), start);
        seebatch_board board;
        seebatch_error error;
        CHECK_EQ(seebatch_board_from_fen(&board, start, &error), SEEBATCH_OK, "%s: %s", start,
                 error.message);
        for (int ply = 0; ply < 300; ply++) {
            double_checks_of_moves(&board, true, t);
            size_t count = seebatch_generate_moves(&board, moves);
            if (count == 0)
                break;
            seebatch_board_play(&board, moves[random_next(&state) % count]);
        }
    }
}

/* Whether a random board is a position some move is played from here: one
 * king a side, the side not to move out of check, no pawn on a first or
 * last rank, an en passant square (if any) a double push left. */
static bool playable(seebatch_board *board)
{
    mailbox m = mailbox_of(board);
    int kings[2] = {0, 0}, pawns_on_edges = 0;
    for (int s = 0; s < 64; s++) {
        kings[m.color[s]] += m.type[s] == SEEBATCH_KING;
        pawns_on_edges += m.type[s] == SEEBATCH_PAWN && s / 8 % 7 == 0;
    }
    if (kings[0] != 1 || kings[1] != 1 || pawns_on_edges)
        return false;
    uint32_t reasons = 0;
    seebatch_position_status(board, 1, &reasons, NULL);
    if (reasons & SEEBATCH_POSITION_INVALID_EP_SQUARE)
        board->en_passant = SEEBATCH_NO_SQUARE;
    return attackers(&m, king_square(&m, m.us ^ 1u), m.us) == 0;
}

/* Random dense boards (many sliders, pawns about to promote, en passant
 * squares, castling rights): every legal move of the side to move tried. */
static void random_boards_played(int boards, tally *t)
{
    uint64_t state = 83;
    for (int played = 0; played < boards;) {
        seebatch_board board;
        random_dense_board(&state, &board);
        if (!playable(&board))
            continue;
        played++;
        double_checks_of_moves(&board, false, t);
    }
}

/* ------------------------------------------------------------------------ */
/* Random double checks                                                      */
/* ------------------------------------------------------------------------ */

static int below(uint64_t *state, int n) { return (int)(random_next(state) % (uint64_t)n); }

static bool place(mailbox *m, int square, int type, unsigned color)
{
    if (square == EMPTY || m->type[square] != EMPTY ||
        (type == SEEBATCH_PAWN && square / 8 % 7 == 0))
        return false;
    m->type[square] = (signed char)type;
    m->color[square] = (unsigned char)color;
    return true;
}

/* A piece of `them` of a random kind on a random square from which it
 * attacks `king` (a slider at any distance along an empty line). */
static void place_checker(uint64_t *state, mailbox *m, int king, unsigned them)
{
    static const int kinds[9] = {SEEBATCH_PAWN,   SEEBATCH_PAWN,   SEEBATCH_KNIGHT,
                                 SEEBATCH_KNIGHT, SEEBATCH_BISHOP, SEEBATCH_BISHOP,
                                 SEEBATCH_ROOK,   SEEBATCH_ROOK,   SEEBATCH_QUEEN};
    int type = kinds[below(state, 9)], file = king % 8, rank = king / 8, i = below(state, 8);
    if (type == SEEBATCH_PAWN) {
        place(m, square_at(file + (i % 2 ? 1 : -1), rank - forward(them)), type, them);
    } else if (type == SEEBATCH_KNIGHT) {
        place(m, square_at(file + knight_steps[i][0], rank + knight_steps[i][1]), type, them);
    } else {
        if (type != SEEBATCH_QUEEN)
            i = (i & ~1) + (type == SEEBATCH_BISHOP); /* a direction of its kind */
        int reach = 0;
        while (reach < 7) {
            int at = square_at(file + (reach + 1) * king_steps[i][0],
                               rank + (reach + 1) * king_steps[i][1]);
            if (at == EMPTY || m->type[at] != EMPTY)
                break;
            reach++;
        }
        if (reach > 0) {
            int d = 1 + below(state, reach);
            place(m, square_at(file + d * king_steps[i][0], rank + d * king_steps[i][1]), type,
                  them);
        }
    }
}

/* Their king: castled (on c or g of its first rank, its rook beside it)
 * one time in four, else anywhere; never beside ours. */
static void place_their_king(uint64_t *state, mailbox *m, int king, unsigned them)
{
    int rank = them == SEEBATCH_WHITE ? 0 : 7, side = below(state, 2);
    int castled = square_at(side ? 6 : 2, rank), rook = square_at(side ? 5 : 3, rank);
    bool near = castled / 8 - king / 8 <= 1 && king / 8 - castled / 8 <= 1 &&
                castled % 8 - king % 8 <= 1 && king % 8 - castled % 8 <= 1;
    if (below(state, 4) == 0 && !near && m->type[castled] == EMPTY && m->type[rook] == EMPTY) {
        place(m, castled, SEEBATCH_KING, them);
        place(m, rook, SEEBATCH_ROOK, them);
        return;
    }
    for (;;) {
        int s = below(state, 64), df = s % 8 - king % 8, dr = s / 8 - king / 8;
        if ((df > 1 || df < -1 || dr > 1 || dr < -1) && place(m, s, SEEBATCH_KING, them))
            return;
    }
}

/* A random board whose side to move stands in check from exactly two
 * pieces, the other side out of check, one king a side. */
static seebatch_board random_double_check(uint64_t *state)
{
    for (;;) {
        mailbox m;
        memset(m.type, EMPTY, sizeof m.type);
        memset(m.color, 0, sizeof m.color);
        m.us = (unsigned)below(state, 2);
        unsigned them = m.us ^ 1u;
        int king = below(state, 64);
        place(&m, king, SEEBATCH_KING, m.us);
        place_their_king(state, &m, king, them);
        place_checker(state, &m, king, them);
        place_checker(state, &m, king, them);
        for (int extra = below(state, 12); extra > 0; extra--)
            place(&m, below(state, 64), SEEBATCH_PAWN + below(state, 5), (unsigned)below(state, 2));
        if (attackers(&m, king, them) == 2 && attackers(&m, king_square(&m, them), m.us) == 0)
            return board_of_mailbox(&m);
    }
}

/* A slider of `them` on the line from `king` through `square`, beyond it
 * (any distance along the empty squares there), when the two are on a
 * line: it checks once `square` is empty and nothing stands between. */
static void slider_behind(uint64_t *state, mailbox *m, int king, int square, unsigned them)
{
    int df = square % 8 - king % 8, dr = square / 8 - king / 8;
    if ((df && dr && df != dr && df != -dr) || (!df && !dr))
        return;
    int step[2] = {(df > 0) - (df < 0), (dr > 0) - (dr < 0)}, reach = 0;
    for (int at = square_at(square % 8 + step[0], square / 8 + step[1]);
         at != EMPTY && m->type[at] == EMPTY; at = square_at(at % 8 + step[0], at / 8 + step[1]))
        reach++;
    if (reach == 0)
        return;
    int d = 1 + below(state, reach), straight = !df || !dr;
    int type = below(state, 3) == 0 ? SEEBATCH_QUEEN : straight ? SEEBATCH_ROOK : SEEBATCH_BISHOP;
    place(m, square_at(square % 8 + d * step[0], square / 8 + d * step[1]), type, them);
}

/* The squares of an en passant capture by `them`: their pawn's start and
 * end, the square of our pawn it takes and the one that pawn came from. */
typedef struct en_passant_squares {
    int from, to, taken, left;
} en_passant_squares;

/* A board shaped for an en passant double check: our king (m->us) on a
 * line through the square of the pawn taken or the capturing pawn's start,
 * sliders of theirs behind both where they line up with it, their pawn on
 * its end (after) or its start with ours beside it (before), their king and
 * a few pieces of either side anywhere. False when the draw fits no board. */
static bool en_passant_shape(uint64_t *state, mailbox *m, bool before, en_passant_squares *at)
{
    memset(m->type, EMPTY, sizeof m->type);
    memset(m->color, 0, sizeof m->color);
    m->us = (unsigned)below(state, 2);
    unsigned them = m->us ^ 1u;
    int rank = them == SEEBATCH_WHITE ? 4 : 3, file = below(state, 8), i = below(state, 8);
    *at = (en_passant_squares){square_at(file + (below(state, 2) ? 1 : -1), rank),
                               square_at(file, rank + forward(them)), square_at(file, rank),
                               square_at(file, rank + 2 * forward(them))};
    int through = below(state, 2) ? at->taken : at->from, d = 1 + below(state, 7);
    int king = square_at(through % 8 + d * king_steps[i][0], through / 8 + d * king_steps[i][1]);
    if (at->from == EMPTY || king == EMPTY || king == at->from || king == at->to ||
        king == at->taken || king == at->left)
        return false;
    place(m, king, SEEBATCH_KING, m->us);
    if (before) {
        place(m, at->from, SEEBATCH_PAWN, them);
        place(m, at->taken, SEEBATCH_PAWN, m->us);
    } else {
        place(m, at->to, SEEBATCH_PAWN, them);
    }
    slider_behind(state, m, king, at->taken, them);
    slider_behind(state, m, king, at->from, them);
    place_their_king(state, m, king, them);
    for (int extra = below(state, 8); extra > 0; extra--)
        place(m, below(state, 64), SEEBATCH_PAWN + below(state, 5), (unsigned)below(state, 2));
    return true;
}

/* Boards just before an en passant capture that may give a double check,
 * with our king out of check: every legal move of theirs tried. */
static void en_passant_boards_played(int boards, tally *t)
{
    uint64_t state = 5;
    for (int played = 0; played < boards;) {
        mailbox m;
        en_passant_squares at;
        if (!en_passant_shape(&state, &m, true, &at) || m.type[at.left] != EMPTY ||
            m.type[at.to] != EMPTY || attackers(&m, king_square(&m, m.us), m.us ^ 1u) != 0)
            continue;
        m.us ^= 1u; /* theirs to move */
        seebatch_board board = board_of_mailbox(&m);
        board.en_passant = (uint8_t)at.to;
        played++;
        double_checks_of_moves(&board, false, t);
    }
}

/* A random double check after an en passant capture or not: the shape
 * above, then exactly two checkers and the other side out of check. */
static seebatch_board random_en_passant_double_check(uint64_t *state)
{
    for (;;) {
        mailbox m;
        en_passant_squares at;
        if (!en_passant_shape(state, &m, false, &at))
            continue;
        if (below(state, 3) == 0) /* a piece where our pawn came from, often */
            place(&m, at.left, SEEBATCH_PAWN + below(state, 5), (unsigned)below(state, 2));
        int king = king_square(&m, m.us);
        if (attackers(&m, king, m.us ^ 1u) == 2 &&
            attackers(&m, king_square(&m, m.us ^ 1u), m.us) == 0)
            return board_of_mailbox(&m);
    }
}

/* Random double checks: the library refuses exactly those the judge finds
 * no last move for. */
static void random_double_checks(int count, tally *t)
{
    uint64_t state = 2;
    for (int i = 0; i < count; i++) {
        seebatch_board board =
            i % 4 == 3 ? random_en_passant_double_check(&state) : random_double_check(&state);
        mailbox m = mailbox_of(&board);
        uint32_t reasons = 0;
        seebatch_position_status(&board, 1, &reasons, NULL);
        bool refused = (reasons & SEEBATCH_POSITION_IMPOSSIBLE_CHECK) != 0;
        bool given = judge_finds_last_move(&m);
        if (refused == given && t->reported++ < 8)
            CHECK(false, "%s: %s, the judge %s", fen_of(&board), refused ? "refused" : "accepted",
                  given ? "finds a last move" : "finds none");
        t->refused += refused;
        t->accepted += !refused;
        readers_agree(&board, reasons);
        count_checkers(&m, t);
    }
}

static void print_tally(const char *what, const tally *t)
{
    printf("%s:", what);
    for (int k = 0; k < MOVE_KINDS && t->refused + t->accepted == 0; k++)
        printf(" %s %ld,", move_names[k], t->by_move[k]);
    printf(" two sliders %ld, a pawn and a slider %ld, a knight and a slider %ld", t->two_sliders,
           t->pawn_and_slider, t->knight_and_slider);
    if (t->castlings)
        printf("; castling moves tried %ld", t->castlings);
    if (t->refused + t->accepted)
        printf("; refused %ld, accepted %ld", t->refused, t->accepted);
    printf("\n");
}

/* The generators' reach: each kind of double check met, enough times that
 * a rule wrong on it would be caught. */
static void reach(const tally *games, const tally *boards, const tally *placed)
{
    CHECK(games->by_move[MOVE_PIECE] + games->by_move[MOVE_CAPTURE] >= scaled(300),
          "double checks in games: %ld", games->by_move[MOVE_PIECE] + games->by_move[MOVE_CAPTURE]);
    CHECK(games->by_move[MOVE_PROMOTION] + boards->by_move[MOVE_PROMOTION] >= scaled(25),
          "promotions giving double check: %ld",
          games->by_move[MOVE_PROMOTION] + boards->by_move[MOVE_PROMOTION]);
    CHECK(boards->by_move[MOVE_EN_PASSANT] >= scaled(1000), "en passant double checks: %ld",
          boards->by_move[MOVE_EN_PASSANT]);
    CHECK(games->castlings + boards->castlings >= scaled(1000), "castling moves tried: %ld",
          games->castlings + boards->castlings);
    CHECK(placed->accepted >= scaled(3000) && placed->refused >= scaled(15000),
          "random double checks: %ld accepted, %ld refused", placed->accepted, placed->refused);
    CHECK(placed->two_sliders >= scaled(5000) && placed->pawn_and_slider >= scaled(3000) &&
              placed->knight_and_slider >= scaled(3000),
          "random double checks by kind: %ld, %ld, %ld", placed->two_sliders,
          placed->pawn_and_slider, placed->knight_and_slider);
}

int main(void)
{
    tally games = {{0}, 0, 0, 0, 0, 0, 0, 0}, boards = games, placed = games;
    games_played(scaled(200), false, &games);
    games_played(scaled(200), true, &games);
    print_tally("double checks in random games (standard and Chess960)", &games);
    random_boards_played(scaled(5000), &boards);
    en_passant_boards_played(scaled(20000), &boards);
    print_tally("double checks moves give on random boards", &boards);
    random_double_checks(scaled(30000), &placed);
    print_tally("random double checks", &placed);
    reach(&games, &boards, &placed);
    return check_finish("double_checks");
}
