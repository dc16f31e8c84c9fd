/*
 * The line an exchange plays (programs/engine_check/exchange_walk.c's
 * record, exchange_line.c's text): on every capture, promotion, en passant
 * and castling move of the sample of real positions and on every move of
 * random dense boards, under six rule sets, the line replays on the board
 * (each step's piece stands on its square, takes what stands on `to`), its
 * balances are the sums of what it takes, and the balance where its best
 * line stops, also as the text writes it, is the library's value; a side
 * that declines would do no better going on. Then hand-worked positions
 * for an x-ray, a pin, a king, a promotion, en passant, --stop-when-ahead,
 * --normal-moves-only and castling, their text written out whole, and where
 * a fault's line parts from the reference's.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "exchange_line.h"
#include "exchange_walk.h"
#include "random_boards.h"
#include "real_positions_sample.h"
#include "seebatch.h"
#include "text_positions.h"

/* A board as squares: a type (or -1) and a colour each. */
typedef struct squares {
    int type[64], color[64];
} squares;

static void squares_of(const seebatch_board *board, squares *s)
{
    for (int q = 0; q < 64; q++) {
        s->type[q] = -1;
        s->color[q] = (board->colors[SEEBATCH_BLACK] >> q) & 1 ? SEEBATCH_BLACK : SEEBATCH_WHITE;
        for (int t = SEEBATCH_PAWN; t <= SEEBATCH_KING; t++)
            if ((board->pieces[t] >> q) & 1)
                s->type[q] = t;
    }
}

/* What a case is: the board, the move and the rules, for messages. */
typedef struct subject {
    const seebatch_board *board;
    seebatch_move move;
    const seebatch_config *config;
    const seebatch_rules *rules;
} subject;

static void name_subject(const subject *c, char *text, size_t size)
{
    char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
    if (!seebatch_board_to_fen(c->board, fen, sizeof fen))
        snprintf(fen, sizeof fen, "(a board no FEN writes)");
    seebatch_move_to_uci(c->move, uci);
    snprintf(text, size, "%s;%s flags %u", fen, uci, c->config->flags);
}

/* Step d played on s: false (and a message) when its piece is not on its
 * square, or what it takes is not what stands there. */
static bool replay_step(const exchange_line *line, int d, squares *s, char *why, size_t size)
{
    const exchange_step *step = &line->steps[d];
    int side = line->mover_color ^ (d & 1), victim = line->to;
    if (d == 0 && seebatch_move_kind(line->move) == SEEBATCH_MOVE_EN_PASSANT)
        victim = side == SEEBATCH_WHITE ? line->to - 8 : line->to + 8;
    if (s->type[step->from] != step->mover || s->color[step->from] != side) {
        snprintf(why, size, "step %d: no %d of side %d on %d", d, step->mover, side, step->from);
        return false;
    }
    bool taken_right = step->taken < 0
                           ? s->type[victim] < 0
                           : s->type[victim] == step->taken && s->color[victim] == (side ^ 1);
    if (!taken_right) {
        snprintf(why, size, "step %d: takes %d, the square holds %d", d, step->taken,
                 s->type[victim]);
        return false;
    }
    s->type[victim] = -1;
    s->type[line->to] = step->promoted >= 0 ? step->promoted : step->mover;
    s->color[line->to] = side;
    s->type[step->from] = -1;
    return true;
}

/* The balance after step d, summed from what the steps take. */
static int32_t gain_of(const exchange_step *step, const seebatch_config *config)
{
    int32_t value[6];
    memcpy(value, config->values, 5 * sizeof value[0]);
    value[SEEBATCH_KING] = 0;
    int32_t gain = step->taken >= 0 ? value[step->taken] : 0;
    if (step->promoted >= 0)
        gain += value[step->promoted] - value[step->mover];
    return gain;
}

/* The balance the text gives just before " | ", or the value 0 a line not
 * played gives; false when the text has neither. */
static bool text_value(const char *text, int32_t *value)
{
    const char *bar = strstr(text, " | ");
    if (!bar)
        return strstr(text, "castling: no exchange, 0") || strstr(text, "scores it 0")
                   ? (*value = 0, true)
                   : false;
    const char *start = bar;
    while (start > text && start[-1] != ' ')
        start--;
    *value = (int32_t)strtol(start, NULL, 10);
    return true;
}

/* The line of one move held to the board, its sums and the library. */
static void line_holds(const subject *c)
{
    exchange_record record;
    exchange_walk(c->board, c->move, c->config, FAULT_NONE, &record);
    const exchange_line *line = &record.line;
    int32_t value = seebatch_value(c->rules, c->board, NULL, c->move);
    char name[SEEBATCH_FEN_MAX + 64], why[160] = "", text[EXCHANGE_TEXT_MAX];
    squares s;
    squares_of(c->board, &s);
    int32_t balance = 0;
    bool replayed = true;
    for (int d = 0; d < line->step_count && replayed; d++) {
        replayed = replay_step(line, d, &s, why, sizeof why);
        balance += (d % 2 == 0 ? 1 : -1) * gain_of(&line->steps[d], c->config);
        if (replayed && balance != line->steps[d].balance)
            snprintf(why, sizeof why, "step %d: balance %d, its captures sum to %d", d,
                     line->steps[d].balance, balance);
        replayed = replayed && balance == line->steps[d].balance;
    }
    bool played = line->end != END_NOT_PLAYED;
    int32_t line_value = played ? line->steps[record.best_line].balance : 0, written = 0;
    exchange_text(&record, text, sizeof text);
    bool read = text_value(text, &written);
    bool stops_well = true;
    if (played && record.best_line < line->counted) { /* the side that declines gains nothing */
        bool first = (line->mover_color ^ ((record.best_line + 1) & 1)) == line->mover_color;
        stops_well = first ? line->going_on <= value : line->going_on >= value;
    }
    /* not played: castling, or a special move under --normal-moves-only */
    bool special = seebatch_move_kind(c->move) != SEEBATCH_MOVE_NORMAL;
    bool good = replayed && line_value == value && read && written == value && stops_well &&
                (played || special);
    if (good) {
        check_count++;
        return;
    }
    name_subject(c, name, sizeof name);
    CHECK(good, "%s: value %d, line %d, text %d (%s), %s", name, value, line_value, written, text,
          why[0]       ? why
          : stops_well ? ""
                       : "a side declines what gains");
}

/* The six rule sets: classic; Stockfish's (pins, normal moves only);
 * --stop-when-ahead; --promotions=all; pins with the judged move's promotion;
 * Berserk's values broken off. */
static size_t rule_sets(seebatch_config *configs)
{
    seebatch_config classic = seebatch_config_classic();
    configs[0] = classic;
    configs[1] = seebatch_config_stockfish();
    configs[2] = classic;
    configs[2].flags = SEEBATCH_STOP_WHEN_AHEAD;
    configs[3] = classic;
    configs[3].flags = SEEBATCH_PROMOTIONS;
    configs[4] =
        (seebatch_config){{100, 300, 300, 500, 900}, SEEBATCH_PINS | SEEBATCH_MOVE_PROMOTION_ONLY};
    configs[5] = (seebatch_config){{100, 565, 565, 705, 1000}, SEEBATCH_STOP_WHEN_AHEAD};
    return 6;
}

/* Every move of the list under every rule set. */
static void lines_hold(const seebatch_board *board, const seebatch_move *moves, size_t count)
{
    seebatch_config configs[6];
    size_t config_count = rule_sets(configs);
    for (size_t k = 0; k < config_count; k++) {
        seebatch_rules rules;
        seebatch_rules_init(&rules, &configs[k], NULL);
        for (size_t i = 0; i < count; i++)
            line_holds(&(subject){board, moves[i], &configs[k], &rules});
    }
}

/* The moves the check asks of a position: captures, promotions, en passant
 * and castling. */
static size_t asked_moves(const seebatch_board *board, seebatch_move *moves)
{
    size_t all = seebatch_generate_moves(board, moves), count = 0;
    uint64_t enemies = board->colors[board->side_to_move ^ 1];
    for (size_t i = 0; i < all; i++)
        if (seebatch_move_kind(moves[i]) != SEEBATCH_MOVE_NORMAL ||
            ((enemies >> seebatch_move_to(moves[i])) & 1))
            moves[count++] = moves[i];
    return count;
}

static void test_lines_end_in_the_value(void)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    const char *line = real_positions_sample;
    int positions = 0;
    seebatch_board board;
    for (; positions < scaled(4000) && (line = sampled_board(line, &board)); positions++)
        lines_hold(&board, moves, asked_moves(&board, moves));
    CHECK(positions > 100 || getenv("SEEBATCH_TEST_SCALE"), "only %d real positions", positions);
    uint64_t state = 81;
    for (int b = 0; b < scaled(400); b++) {
        random_dense_board(&state, &board);
        lines_hold(&board, moves, random_board_moves(&board, moves, SEEBATCH_MAX_MOVES));
    }
}

typedef struct text_case {
    const char *fen, *move;
    uint32_t flags;
    const char *text;
} text_case;

/* Classic values, P100 N325 B325 R500 Q1000; balances are white's. */
static const text_case text_cases[] = {
    /* The traced position: Nxe5 +100, nxe5 100 - 325 = -225, Rxe5 -225 +
     * 325 = +100, bxe5 -400, Qxe5 (x-ray behind the rook) -75, qxe5 (x-ray
     * behind the bishop) -1075. Going on from -225, black's best replies
     * leave white at -400: white stops at -225. */
    {"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", 0,
     "d3e5 Nxp +100, d7e5 nxN -225 | white stops (going on ends at -400) / played on: e2e5 "
     "Rxn +100, f6e5 bxR -400, e1e5 Qxb -75, h8e5 qxQ -1075"},
    /* An x-ray: Rxd5 +100; rxd5 -400 brings Rd1 through d2: +100. Black
     * gains nothing by going on and stops. */
    {"3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", "d2d5", 0,
     "d2d5 Rxp +100 | black stops (going on ends at +100) / played on: d8d5 rxR -400, d1d5 "
     "Rxr +100"},
    /* A pin (--pins): the knight e7 is pinned to d8 by the bishop g5; the
     * rook d1 takes instead, 100 - 325 = -225. Alone, the knight is held. */
    {"3k4/4n3/8/3p2B1/8/2N5/7K/3r4 w - - 0 1", "c3d5", SEEBATCH_PINS,
     "c3d5 Nxp +100, d1d5 rxN (pinned ne7 passed over) -225 | white has no capture"},
    {"3k4/4n3/8/3p2B1/8/2N5/7K/8 w - - 0 1", "c3d5", SEEBATCH_PINS,
     "c3d5 Nxp +100 | black's pinned ne7 may not capture (--pins)"},
    /* A king: it may not take the knight the rook d1 defends; without the
     * rook it takes, -225, and nothing follows. */
    {"8/8/4k3/3p4/8/2N5/8/3R2K1 w - - 0 1", "c3d5", 0,
     "c3d5 Nxp +100 | black's ke6 may not capture into attack"},
    {"8/8/4k3/3p4/8/2N5/8/6K1 w - - 0 1", "c3d5", 0,
     "c3d5 Nxp +100, e6d5 kxN -225 | a king's capture ends it"},
    {"8/8/8/8/8/3p4/4K3/7k w - - 0 1", "e2d3", 0,
     "e2d3 Kxp +100 | a king making the move is never taken"},
    /* Promotions: the move's own (--promotions=move), 500 + 1000 - 100 =
     * +1400, nxb8 +400; a later pawn's (--promotions=all): Rxb8 +500, nxb8
     * 0, axb8=Q 0 + 325 + 900 = +1225, which black avoids by not retaking;
     * with none, the pawn stays a pawn: +325, and black retakes. */
    {"1r5k/P2n4/8/8/8/8/8/6K1 w - - 0 1", "a7b8q", SEEBATCH_MOVE_PROMOTION_ONLY,
     "a7b8q Pxr=Q +1400, d7b8 nxQ +400 | white has no capture"},
    {"1r5k/P2n4/8/8/8/8/8/1R4K1 w - - 0 1", "b1b8", SEEBATCH_PROMOTIONS,
     "b1b8 Rxr +500 | black stops (going on ends at +1225) / played on: d7b8 nxR 0, a7b8 "
     "Pxn=Q +1225"},
    {"1r5k/P2n4/8/8/8/8/8/1R4K1 w - - 0 1", "b1b8", 0,
     "b1b8 Rxr +500, d7b8 nxR 0, a7b8 Pxn +325 | black has no capture"},
    /* En passant: exd6 +100, rxd6 0, Rd1 through d5 (the victim gone)
     * +500: black stops. */
    {"3r2k1/8/8/3pP3/8/8/8/3R2K1 w - d6 0 1", "e5d6", 0,
     "e5d6 Pxp e.p. +100 | black stops (going on ends at +500) / played on: d8d6 rxP 0, d1d6 "
     "Rxr +500"},
    /* --stop-when-ahead: Qxd5 +100, exd5 -900; black, 900 ahead with a pawn
     * (100) on d5, is taken to be done: -900, not the negamax's -800. */
    {"4k3/8/4p3/3p4/8/2N5/8/3QK3 w - - 0 1", "d1d5", SEEBATCH_STOP_WHEN_AHEAD,
     "d1d5 Qxp +100, e6d5 pxQ -900 | broken off (--stop-when-ahead): black is 900 ahead, more "
     "than its p on d5 (100) / played on: c3d5 Nxp -800"},
    {"4k3/8/4p3/3p4/8/2N5/8/3QK3 w - - 0 1", "d1d5", 0,
     "d1d5 Qxp +100, e6d5 pxQ -900, c3d5 Nxp -800 | black has no capture"},
    /* Moves with no exchange. */
    {"3r2k1/8/8/3pP3/8/8/8/3R2K1 w - d6 0 1", "e5d6", SEEBATCH_NORMAL_MOVES_ONLY,
     "e5d6 not played: --normal-moves-only scores it 0"},
    {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0, "e1g1 castling: no exchange, 0"},
};

static void test_hand_worked_lines(void)
{
    for (size_t i = 0; i < sizeof text_cases / sizeof text_cases[0]; i++) {
        const text_case *c = &text_cases[i];
        seebatch_config config = seebatch_config_classic();
        config.flags = c->flags;
        seebatch_board board = board_of(c->fen);
        exchange_record record;
        exchange_walk(&board, move_of(&board, c->move), &config, FAULT_NONE, &record);
        char text[EXCHANGE_TEXT_MAX];
        size_t length = exchange_text(&record, text, sizeof text);
        CHECK(strcmp(text, c->text) == 0, "%s;%s flags %u:\n  got      %s\n  expected %s", c->fen,
              c->move, c->flags, text, c->text);
        CHECK_EQ(length, strlen(text), "%s;%s: the length returned", c->fen, c->move);
        /* A buffer too small gets what fits, ended. */
        char small[12];
        CHECK_EQ(exchange_text(&record, small, sizeof small), sizeof small - 1, "cut");
        CHECK(strncmp(small, c->text, sizeof small - 1) == 0 && small[11] == '\0', "cut: %s",
              small);
    }
}

/* Where a fault's line parts from the reference's: x-rays missing, the rook
 * d1 never joins after Rxd5 rxd5 (capture 2 ends it); the queen tried before
 * the rook, at white's second capture (Rxd5 against Qxd5). */
static void test_parting(void)
{
    seebatch_config config = seebatch_config_classic();
    seebatch_board board = board_of("3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1");
    seebatch_move move = move_of(&board, "d2d5");
    exchange_record reference, faulty;
    exchange_walk(&board, move, &config, FAULT_NONE, &reference);
    exchange_walk(&board, move, &config, FAULT_NO_XRAY, &faulty);
    CHECK_EQ(exchange_parting(&reference.line, &faulty.line), 2, "x-rays missing");
    CHECK_EQ(exchange_parting(&reference.line, &reference.line), -1, "the same line");
    board = board_of("3r2k1/1b6/8/3p4/8/2N5/8/3R2KQ w - - 0 1");
    move = move_of(&board, "c3d5");
    exchange_walk(&board, move, &config, FAULT_NONE, &reference);
    exchange_walk(&board, move, &config, FAULT_QUEEN_BEFORE_ROOK, &faulty);
    CHECK_EQ(exchange_parting(&reference.line, &faulty.line), 2, "the queen before the rook");
}

int main(void)
{
    test_lines_end_in_the_value();
    test_hand_worked_lines();
    test_parting();
    return check_finish("test_exchange_line");
}
