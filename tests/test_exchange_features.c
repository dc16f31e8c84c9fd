/*
 * The exchange walk of the check of an engine's SEE (programs/engine_check/
 * exchange_walk.c, exchange_features.c, rule_words.c): without a fault it
 * gives the oracle's value on random dense boards and real positions under
 * every configuration; a position shared by many walks gives each what a
 * position of its own gives; a fault's explanation leaves alone only the
 * kinds of move it never changes; each flag of what an exchange holds on a
 * position made for it, and not on one without; each fault's value worked
 * out by hand; configurations written as the tool's options.
 */
#include <string.h>

#include "check.h"
#include "exchange_features.h"
#include "exchange_walk.h"
#include "explanations.h"
#include "oracle.h"
#include "random_boards.h"
#include "real_positions_sample.h"
#include "rule_words.h"
#include "seebatch.h"
#include "text_positions.h"

/* Every valid configuration: the 24 flag sets (one promotion rule) on two
 * sets of values. */
static size_t all_configs(seebatch_config *configs)
{
    static const int32_t values[2][5] = {{100, 325, 325, 500, 1000}, {126, 781, 825, 1276, 2538}};
    size_t count = 0;
    for (int v = 0; v < 2; v++)
        for (uint32_t flags = 0; flags <= SEEBATCH_ALL_FLAGS; flags++) {
            seebatch_config config = {{0}, flags};
            memcpy(config.values, values[v], sizeof config.values);
            seebatch_rules rules;
            if (seebatch_rules_init(&rules, &config, NULL) == SEEBATCH_OK)
                configs[count++] = config;
        }
    return count;
}

/* Every move under every configuration walked on one position of the
 * board (what the walks remember of each other held to the oracle too). */
static void same_as_oracle(const seebatch_board *board, const seebatch_move *moves, size_t count,
                           const seebatch_config *configs, size_t config_count)
{
    char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
    walk_position position;
    walk_position_init(&position, board);
    for (size_t c = 0; c < config_count; c++)
        for (size_t i = 0; i < count; i++) {
            exchange_rules rules = {configs[c], FAULT_NONE, false, {0}};
            int32_t walked = exchange_value_at(&position, moves[i], &rules);
            int32_t expected = oracle_see_value(board, moves[i], &configs[c]);
            if (walked != expected) {
                seebatch_board_to_fen(board, fen, sizeof fen);
                seebatch_move_to_uci(moves[i], uci);
                CHECK_EQ(walked, expected, "%s;%s flags %u", fen, uci, configs[c].flags);
                return;
            }
        }
}

static void test_walk_is_the_oracle(void)
{
    seebatch_config configs[64];
    size_t config_count = all_configs(configs);
    uint64_t state = 75;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    for (int b = 0; b < scaled(300); b++) {
        seebatch_board board;
        random_dense_board(&state, &board);
        size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
        same_as_oracle(&board, moves, count, configs, config_count);
    }
    const char *line = real_positions_sample;
    seebatch_board board;
    for (int p = 0; p < scaled(600) && (line = sampled_board(line, &board)); p++) {
        size_t count = seebatch_generate_moves(&board, moves);
        same_as_oracle(&board, moves, count, configs, config_count);
    }
}

/* A walk on a position shared with every other walk of its board's moves,
 * under every explanation's rules (pieces worth otherwise in the swap
 * too), gives the record and the value it gives on a position of its own,
 * and the features too: what the walks remember of each other (the
 * attackers' memo, exchange_walk.c) never stands in for what a board
 * holds. */
static void same_on_a_shared_position(const seebatch_board *board, const seebatch_move *moves,
                                      size_t count, const explanation_list *list)
{
    walk_position shared;
    walk_position_init(&shared, board);
    char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
    for (size_t i = 0; i < count; i++) /* a move's walks one after another, as a suite's */
        for (int e = 0; e < list->count; e++) {
            const explanation *x = &list->item[e];
            if (x->way != EXPLAINED_BY_WALK && x->way != EXPLAINED_BY_LIBRARY)
                continue;
            exchange_record kept, alone; /* each zeroed whole by its walk: bytes compare */
            exchange_walk_at(&shared, moves[i], &x->rules, &kept);
            exchange_walk_rules(board, moves[i], &x->rules, &alone);
            int32_t value = exchange_value_at(&shared, moves[i], &x->rules);
            unsigned features = exchange_features_at(&shared, moves[i], &x->rules.config);
            if (memcmp(&kept, &alone, sizeof kept) != 0 || value != alone.value ||
                features != exchange_features(board, moves[i], &x->rules.config)) {
                seebatch_board_to_fen(board, fen, sizeof fen);
                seebatch_move_to_uci(moves[i], uci);
                CHECK(false, "%s;%s under %s: shared position, value %d, alone %d", fen, uci,
                      x->name, (int)kept.value, (int)alone.value);
                return;
            }
        }
}

static void test_shared_position(void)
{
    static const int32_t swap_values[5] = {100, 300, 350, 700, 900};
    seebatch_config configs[4] = {
        seebatch_config_classic(),
        seebatch_config_stockfish(),
        {{100, 300, 300, 500, 900}, SEEBATCH_PINS | SEEBATCH_MOVE_PROMOTION_ONLY},
        {{100, 325, 325, 500, 1000}, SEEBATCH_PROMOTIONS | SEEBATCH_STOP_WHEN_AHEAD}};
    explanation_list lists[4];
    for (int c = 0; c < 4; c++) {
        explanations_for(&configs[c], &lists[c]);
        explanations_add_swap_values(&lists[c], &configs[c], swap_values);
    }
    uint64_t state = 83;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    seebatch_board board;
    for (int b = 0; b < scaled(20); b++) {
        random_dense_board(&state, &board);
        size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
        same_on_a_shared_position(&board, moves, count, &lists[b % 4]);
    }
    const char *line = real_positions_sample;
    for (int p = 0; p < scaled(40) && (line = sampled_board(line, &board)); p++) {
        size_t count = seebatch_generate_moves(&board, moves);
        same_on_a_shared_position(&board, moves, count, &lists[p % 4]);
    }
}

typedef struct feature_case {
    const char *fen, *move;
    unsigned present, absent;
} feature_case;

static void test_features(void)
{
    enum { X = EXCHANGE_XRAY, PIN = EXCHANGE_PINNED, PROMO = EXCHANGE_PROMOTION };
    enum { EP = EXCHANGE_EN_PASSANT, KING = EXCHANGE_KING, STOP = EXCHANGE_EARLY_STOP };
    static const feature_case cases[] = {
        /* Rd2xd5, rd8xd5, Rd1 behind d2 joins: black had better not
         * retake (it would lose the rook for a rook and a pawn). */
        {"3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", "d2d5", X | STOP, PIN | PROMO | EP | KING},
        /* Nxd5 undefended: nothing at all. */
        {"6k1/8/8/3p4/8/2N5/8/6K1 w - - 0 1", "c3d5", 0, X | PIN | PROMO | EP | KING | STOP},
        /* exd5, exd5: the line goes to the end. */
        {"4k3/8/4p3/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0, X | STOP | KING},
        /* The knight e7 defends d5, pinned to its king d8 by the bishop g5. */
        {"3k4/4n3/8/3p2B1/8/2N5/8/6K1 w - - 0 1", "c3d5", PIN, X | PROMO | EP | KING},
        /* Without the bishop it is not pinned. */
        {"3k4/4n3/8/3p4/8/2N5/8/6K1 w - - 0 1", "c3d5", 0, PIN},
        /* A quiet promotion; a capture a pawn on a7 could retake promoting. */
        {"8/P7/8/8/8/7k/8/4K3 w - - 0 1", "a7a8q", PROMO, X | PIN | EP | KING},
        {"1r5k/P7/8/8/8/8/8/1R4K1 w - - 0 1", "b1b8", PROMO, EP},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", EP, PROMO | KING},
        /* A king moving first; a king held back by rule 4. */
        {"8/8/8/8/8/3p4/4K3/7k w - - 0 1", "e2d3", KING, X | PIN},
        {"8/8/4k3/3p4/8/2N5/8/3R2K1 w - - 0 1", "c3d5", KING, PIN},
    };
    seebatch_config config = seebatch_config_classic();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seebatch_board board = board_of(cases[i].fen);
        unsigned flags = exchange_features(&board, move_of(&board, cases[i].move), &config);
        CHECK((flags & cases[i].present) == cases[i].present, "%s;%s: flags %#x lack %#x",
              cases[i].fen, cases[i].move, flags, cases[i].present);
        CHECK((flags & cases[i].absent) == 0, "%s;%s: flags %#x hold some of %#x", cases[i].fen,
              cases[i].move, flags, cases[i].absent);
    }
    /* Castling holds nothing. */
    seebatch_board castle = board_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK_EQ(exchange_features(&castle, move_of(&castle, "e1g1"), &config), 0, "castling");
}

typedef struct fault_case {
    const char *fen, *move;
    unsigned fault;
    int32_t right, faulty;
} fault_case;

static void test_faults(void)
{
    static const fault_case cases[] = {
        /* Rxd5 (+100); with Rd1 behind, black does not retake: 100. Without
         * x-rays rd8xd5 (-400) ends it. */
        {"3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", "d2d5", FAULT_NO_XRAY, 100, -400},
        /* Nxd5 (+100); the king e6 may not take (Rd1 defends): 100; into
         * attack it takes the knight: -200. */
        {"8/8/4k3/3p4/8/2N5/8/3R2K1 w - - 0 1", "c3d5", FAULT_KING_INTO_ATTACK, 100, -200},
        /* Nxd5 100, Bxd5 200, Rxd5 100, rxd5 400, Qxd5 100: 100. The queen
         * first: Qxd5 100, rxd5 800, Rxd5 -300: -200. */
        {"3r2k1/1b6/8/3p4/8/2N5/8/3R2KQ w - - 0 1", "c3d5", FAULT_QUEEN_BEFORE_ROOK, 100, -200},
        /* exd6 e.p. (+100), rxd6 (0), Rd1xd6 through d5 (+500): black stops,
         * 100. With the victim left on d5 the rook d1 is shut out: 0. */
        {"3r2k1/8/8/3pP3/8/8/8/3R2K1 w - d6 0 1", "e5d6", FAULT_EN_PASSANT_VICTIM_STAYS, 100, 0},
        /* Nothing taken: exd6 (0), rxd6 (+100 for black): -100. */
        {"3r2k1/8/8/3pP3/8/8/8/3R2K1 w - d6 0 1", "e5d6", FAULT_EN_PASSANT_NO_VICTIM, 100, -100},
        /* Bxd5 (+100), exd5 (+200 for black), Nxd5 (-100 for white):
         * black retakes, -100. Broken off once black is ahead after exd5:
         * -200. */
        {"6k1/8/4p3/3p4/8/2N5/6B1/6K1 w - - 0 1", "g2d5", FAULT_STOPS_ONCE_AHEAD, -100, -200},
        /* exd5 (+300), exd5 (-200 for white): 200. Pruned before black's
         * capture (white is ahead if black stands pat, and black, taking a
         * pawn for a knight, is behind either way): 300, the sign kept. */
        {"6k1/8/4p3/3n4/4P3/8/8/6K1 w - - 0 1", "e4d5", FAULT_SWAP_PRUNED, 200, 300},
        /* Qxe7 (+100), qxe7 (+800 for black), Re1xe7 (+100): the king may
         * not take (Rg7 defends), 100. a8 first, Rg7xe7 takes instead and
         * opens h7's rook: rxe7 (+400), Re1xe7 (+100), Kxe7 (+400 for
         * black), so white had better not retake with a rook: -400. */
        {"3qk3/4p1Rr/8/4Q3/8/8/8/4R1K1 w - - 0 1", "e5e7", FAULT_SQUARE_ORDER_A8, 100, -400},
        /* d2-d1 (a pawn throughout: 0), Rd3xd1 through d2 (+100 for
         * white): -100. A pawn's push re-looks the diagonals alone, so
         * the rook d3 behind it is never seen: 0. */
        {"6k1/8/8/8/8/3R4/3p4/6K1 b - - 0 1", "d2d1q", FAULT_XRAY_MOVER_LINES, -100, 0},
        /* a7-a8 (0), rxa8 (+100 for black): -100. The pawn toggled back in
         * on a7 takes the rook (+400), so black does not: 0. */
        {"1r4k1/P7/8/8/8/8/8/6K1 w - - 0 1", "a7a8q", FAULT_FROM_SQUARE_TOGGLED, -100, 0},
        /* Nxd5 (+100), Kxd5 (+200 for black: the bishop g8 is behind the
         * king, in check, not a board of a game): -200. With the king off
         * e6 the bishop defends d5 and the king may not take: 100. */
        {"6B1/8/4k3/3p4/8/2N5/8/6K1 w - - 0 1", "c3d5", FAULT_KING_OFF_SQUARE, -200, 100},
    };
    seebatch_config config = seebatch_config_classic();
    config.values[1] = config.values[2] = 300;
    config.values[4] = 900;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seebatch_board board = board_of(cases[i].fen);
        seebatch_move move = move_of(&board, cases[i].move);
        CHECK_EQ(exchange_value(&board, move, &config, FAULT_NONE), cases[i].right, "%s;%s",
                 cases[i].fen, cases[i].move);
        CHECK_EQ(oracle_see_value(&board, move, &config), cases[i].right, "%s;%s (oracle)",
                 cases[i].fen, cases[i].move);
        CHECK_EQ(exchange_value(&board, move, &config, cases[i].fault), cases[i].faulty,
                 "%s;%s under %s", cases[i].fen, cases[i].move,
                 exchange_fault_name(cases[i].fault));
    }
}

/* Pieces worth otherwise once on the destination: Rxd5 (+100), rxd5 takes
 * a rook worth 1300 there: -1200 (-400 at 500). */
static void test_swap_values(void)
{
    seebatch_config config = seebatch_config_classic();
    seebatch_board board = board_of("3r2k1/8/8/3p4/8/8/8/3R2K1 w - - 0 1");
    seebatch_move move = move_of(&board, "d1d5");
    exchange_rules rules = {config, FAULT_NONE, true, {100, 325, 325, 1300, 1000}};
    CHECK_EQ(exchange_value_rules(&board, move, &rules), -1200, "rook 1300 in the swap");
    rules.swap_priced = false;
    CHECK_EQ(exchange_value_rules(&board, move, &rules), -400, "one table");
}

/* Reckless's two choices, each under the rules it changes. Qc6, the bishop
 * d7 pinned on that line: rule 5 keeps it home (0); along its pin it takes
 * the queen, Ba4xc6 retakes: -600. a7-a8=Q (+800), rxa8 (+100 for black):
 * -100; the queen risking the pawn too: -200. */
static void test_engine_choices(void)
{
    seebatch_config config = seebatch_config_classic();
    config.values[1] = config.values[2] = 300;
    config.values[4] = 900;
    config.flags = SEEBATCH_PINS;
    seebatch_board board = board_of("4k3/3b4/8/8/B7/8/2Q5/6K1 w - - 0 1");
    seebatch_move move = move_of(&board, "c2c6");
    CHECK_EQ(exchange_value(&board, move, &config, FAULT_NONE), 0, "pinned: rule 5");
    CHECK_EQ(oracle_see_value(&board, move, &config), 0, "pinned: rule 5 (oracle)");
    CHECK_EQ(exchange_value(&board, move, &config, FAULT_PINNED_ALONG_PIN), -600, "along its pin");
    board = board_of("4k3/3n4/8/8/B7/8/2Q5/6K1 w - - 0 1"); /* a knight cannot */
    move = move_of(&board, "c2c6");
    CHECK_EQ(exchange_value(&board, move, &config, FAULT_PINNED_ALONG_PIN), 0, "a knight held");
    config.flags = SEEBATCH_MOVE_PROMOTION_ONLY;
    board = board_of("1r4k1/P7/8/8/8/8/8/6K1 w - - 0 1");
    move = move_of(&board, "a7a8q");
    CHECK_EQ(exchange_value(&board, move, &config, FAULT_NONE), -100, "promotion");
    CHECK_EQ(oracle_see_value(&board, move, &config), -100, "promotion (oracle)");
    CHECK_EQ(exchange_value(&board, move, &config, FAULT_PROMOTED_RISKS_PAWN), -200,
             "the promoted queen risking the pawn too");
}

/* The explanations' own values: a kind passed, scored 0, off by one, the
 * kinds each leaves alone; every configuration's list fits, and the parts
 * of the swap algorithm name it their whole. */
static void test_explanations(void)
{
    seebatch_config configs[64];
    size_t config_count = all_configs(configs);
    for (size_t c = 0; c < config_count; c++) {
        explanation_list list;
        explanations_for(&configs[c], &list);
        CHECK(list.count > 20 && list.count < EXPLANATIONS_MAX - 1, "%d explanations", list.count);
        int wholes = 0, parts = 0;
        for (int i = 0; i < list.count; i++) {
            wholes += list.item[i].whole < 0 && list.item[i].rules.faults & FAULT_SWAP_PRUNED &&
                      list.item[i].kinds == KINDS_ALL && list.item[i].rules.config.flags == 0;
            parts += list.item[i].whole >= 0;
        }
        CHECK(wholes >= 1 && parts >= 4, "flags %u: %d wholes, %d parts", configs[c].flags,
              wholes, parts);
    }
    explanation_list list;
    seebatch_config config = seebatch_config_classic();
    explanations_for(&config, &list);
    seebatch_board board = board_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    seebatch_move ep = move_of(&board, "e5d6"), push = move_of(&board, "e1e2");
    for (int i = 0; i < list.count; i++) {
        const explanation *e = &list.item[i];
        int32_t on_ep = explanation_value(e, &board, ep, 100);
        if (e->way == EXPLAINED_PASSED)
            CHECK_EQ(on_ep, e->kinds & KIND_EN_PASSANT ? EXPLANATION_PASSED : 100, "%s", e->name);
        if (e->way == EXPLAINED_ZERO)
            CHECK_EQ(on_ep, e->kinds & KIND_EN_PASSANT ? 0 : 100, "%s", e->name);
        if (e->way == EXPLAINED_OFF_BY_ONE)
            CHECK_EQ(on_ep, 99, "%s", e->name);
        if (!(e->kinds & KIND_NORMAL))
            CHECK_EQ(explanation_value(e, &board, push, 7), 7, "%s leaves normal moves", e->name);
    }
}

/* A fault's explanation leaves a kind of move alone only where the fault
 * never acts: on every move of a kind it leaves, its rules walked give what
 * the same rules without the fault give. */
static void faults_leave_alone(const seebatch_board *board, const seebatch_move *moves,
                               size_t count, const explanation_list *list)
{
    walk_position position;
    walk_position_init(&position, board);
    char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
    for (int e = 0; e < list->count; e++) {
        const explanation *x = &list->item[e];
        unsigned faults = x->rules.faults;
        if (x->way != EXPLAINED_BY_WALK || !faults || (faults & (faults - 1)))
            continue; /* one fault alone */
        exchange_rules without = x->rules;
        without.faults = FAULT_NONE;
        for (size_t i = 0; i < count; i++) {
            if (x->kinds & move_kind_bit(moves[i]))
                continue;
            int32_t faulty = exchange_value_at(&position, moves[i], &x->rules);
            int32_t right = exchange_value_at(&position, moves[i], &without);
            if (faulty != right) {
                seebatch_board_to_fen(board, fen, sizeof fen);
                seebatch_move_to_uci(moves[i], uci);
                CHECK_EQ(faulty, right, "%s;%s: %s acts on a kind it leaves alone", fen, uci,
                         x->name);
                return;
            }
        }
    }
}

static void test_kinds_left_alone(void)
{
    seebatch_config configs[3] = {
        seebatch_config_classic(),
        {{100, 300, 300, 500, 900}, SEEBATCH_MOVE_PROMOTION_ONLY},
        {{100, 325, 325, 500, 1000}, SEEBATCH_PROMOTIONS | SEEBATCH_PINS}};
    explanation_list lists[3];
    for (int c = 0; c < 3; c++)
        explanations_for(&configs[c], &lists[c]);
    uint64_t state = 89;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    seebatch_board board;
    for (int b = 0; b < scaled(150); b++) {
        random_dense_board(&state, &board);
        size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
        faults_leave_alone(&board, moves, count, &lists[b % 3]);
    }
}

static void test_rule_words(void)
{
    char words[RULE_WORDS_MAX];
    seebatch_config config = seebatch_config_classic();
    rule_words(&config, words);
    CHECK(strcmp(words, "--values 100,325,325,500,1000") == 0, "classic: %s", words);
    config = seebatch_config_stockfish();
    rule_words(&config, words);
    CHECK(strcmp(words, "--preset stockfish") == 0, "stockfish: %s", words);
    config.values[0] = 126;
    rule_words(&config, words);
    CHECK(strcmp(words, "--preset stockfish --values 126,781,825,1276,2538") == 0, "%s", words);
    config =
        (seebatch_config){{100, 300, 300, 500, 900}, SEEBATCH_PINS | SEEBATCH_MOVE_PROMOTION_ONLY};
    rule_words(&config, words);
    CHECK(strcmp(words, "--values 100,300,300,500,900 --pins --promotions=move") == 0, "%s", words);

    rule_change changes[RULE_CHANGES_MAX];
    size_t count = rule_changes(&config, changes);
    CHECK_EQ(count, RULE_CHANGES_MAX, "changes");
    const char *expected[RULE_CHANGES_MAX] = {"without --pins", "--promotions=none",
                                              "--promotions=all", "--stop-when-ahead",
                                              "--normal-moves-only"};
    for (size_t i = 0; i < count; i++)
        CHECK(strcmp(changes[i].words, expected[i]) == 0, "change %zu: %s", i, changes[i].words);
    CHECK_EQ(changes[0].config.flags, SEEBATCH_MOVE_PROMOTION_ONLY, "pins off");
    CHECK_EQ(changes[1].config.flags, SEEBATCH_PINS, "no promotions");
}

int main(void)
{
    test_walk_is_the_oracle();
    test_shared_position();
    test_features();
    test_faults();
    test_swap_values();
    test_engine_choices();
    test_explanations();
    test_kinds_left_alone();
    test_rule_words();
    return check_finish("test_exchange_features");
}
