/*
 * The published traces (docs/design.md, "Known answers") under every backend this
 * machine runs: the exact value through every entry point, and see_ge on
 * both sides of it. Expected values are worked out by hand in the comments.
 */
#include <limits.h>
#include <stdlib.h>

#include "check.h"
#include "see_calls.h"
#include "oracle.h"
#include "seebatch.h"

typedef struct trace {
    const char *name;
    const char *fen;
    const char *move;
    int32_t classic;   /* P=100 N=325 B=325 R=500 Q=1000 */
    int32_t stockfish; /* P=208 N=781 B=825 R=1276 Q=2538, pins, normal moves only */
} trace;

static const trace traces[] = {
    /* Position 1: Rxe5 takes a pawn nobody defends (the rook d8 looks down
     * the d-file, the pawns b7, c7 and the king b8 are far). Black has no
     * capture, so SEE = P: 100, and 208 with Stockfish's values. */
    {"swap-algorithm trace 1", "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100, 208},

    /* Position 2: Nxe5 (+P), then Nd7xe5 (N before B), Re2xe5 (the queen e1
     * is now behind it), Bf6xe5 (opening the diagonal for the queen h8),
     * Qe1xe5, Qh8xe5, and white has nothing left. Balances for white:
     *   classic:   100, -225, 100, -400, -75, -1075
     *   stockfish: 208, -573, 208, -1068, -243, -2781
     * Negamax from the end, black minimising after white's captures and
     * white maximising after black's:
     *   classic:   min(100, max(-225, min(100, max(-400, min(-75, -1075))))) = -225
     *   stockfish: min(208, max(-573, min(208, max(-1068, min(-243, -2781))))) = -573
     * No slider stands on a line of either king, so pins change nothing. */
    {"swap-algorithm trace 2", "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5",
     -225, -573},

    /* The Mediocre write-up: a queen takes a pawn that a pawn defends (Qxb6, axb6), and
     * white has no second attacker: P - Q = 100 - 1000 = -900, and
     * 208 - 2538 = -2330. */
    {"Mediocre example: queen takes defended pawn", "4k3/p7/1p6/8/8/8/8/1Q2K3 w - - 0 1", "b1b6",
     -900, -2330},
};
enum { TRACE_COUNT = sizeof traces / sizeof traces[0] };

static void load(const trace *t, seebatch_board *board, seebatch_move *move)
{
    seebatch_error error;
    if (seebatch_board_from_fen(board, t->fen, &error) != SEEBATCH_OK ||
        seebatch_move_parse(board, t->move, move, &error) != SEEBATCH_OK) {
        fprintf(stderr, "%s: %s\n", t->name, error.message);
        exit(1);
    }
}

/* The value through every entry point, and see_ge around it. */
static void check_value(const char *backend, const trace *t, const seebatch_config *config,
                        int32_t expected)
{
    seebatch_board board;
    seebatch_move move;
    load(t, &board, &move);

    CHECK_EQ(value_under(config, &board, move), expected, "%s, %s", backend, t->name);
    int32_t checked = 0;
    CHECK_EQ(checked_values_under(
                 config, &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){move}, 1},
                 &checked, NULL),
             SEEBATCH_OK, "%s", t->name);
    CHECK_EQ(checked, expected, "%s, %s, checked", backend, t->name);

    /* A batch that repeats the move, and a multi-board batch over copies. */
    seebatch_move moves[9];
    seebatch_board boards[3] = {board, board, board};
    uint32_t board_of_move[9];
    int32_t values[9];
    for (int i = 0; i < 9; i++) {
        moves[i] = move;
        board_of_move[i] = (uint32_t)(i % 3);
    }
    values_under(config, &(seebatch_batch){&board, 1, NULL, NULL, moves, 9}, values);
    for (int i = 0; i < 9; i++)
        CHECK_EQ(values[i], expected, "%s, %s, see_values[%d]", backend, t->name, i);
    values_under(config, &(seebatch_batch){boards, 3, NULL, board_of_move, moves, 9}, values);
    for (int i = 0; i < 9; i++)
        CHECK_EQ(values[i], expected, "%s, %s, see_values_multi[%d]", backend, t->name, i);

    for (int32_t delta = -3; delta <= 3; delta++) {
        int32_t threshold = expected + delta;
        bool wanted = delta <= 0;
        CHECK_EQ(value_ge_under(config, &board, move, threshold), wanted, "%s, %s, see_ge(%d)",
                 backend, t->name, threshold);
        uint8_t passed[9];
        values_ge_under(config, &(seebatch_batch){&board, 1, NULL, NULL, moves, 9}, threshold,
                        passed);
        for (int i = 0; i < 9; i++)
            CHECK_EQ(passed[i], wanted, "%s, %s, see_ge_batch(%d)[%d]", backend, t->name, threshold,
                     i);
        values_ge_under(config, &(seebatch_batch){boards, 3, NULL, board_of_move, moves, 9},
                        threshold, passed);
        for (int i = 0; i < 9; i++)
            CHECK_EQ(passed[i], wanted, "%s, %s, see_ge_multi(%d)[%d]", backend, t->name, threshold,
                     i);
    }
    CHECK(value_ge_under(config, &board, move, INT32_MIN), "%s, %s, see_ge(INT32_MIN)", backend,
          t->name);
    CHECK(!value_ge_under(config, &board, move, INT32_MAX), "%s, %s, see_ge(INT32_MAX)", backend,
          t->name);
    CHECK(value_ge_under(config, &board, move, expected - 1000000), "%s, %s, far below", backend,
          t->name);
    CHECK(!value_ge_under(config, &board, move, expected + 1000000), "%s, %s, far above", backend,
          t->name);
}

int main(void)
{
    seebatch_config classic = seebatch_config_classic();
    seebatch_config stockfish = seebatch_config_stockfish();

    const char *backends[8];
    size_t backend_count = seebatch_backends_available(backends, 8);
    for (size_t b = 0; b < backend_count && b < 8; b++) {
        CHECK_EQ(seebatch_backend_set(backends[b], NULL), SEEBATCH_OK, "backend %s", backends[b]);
        for (int i = 0; i < TRACE_COUNT; i++) {
            check_value(backends[b], &traces[i], &classic, traces[i].classic);
            check_value(backends[b], &traces[i], &stockfish, traces[i].stockfish);
        }
    }

    /* The oracle reads the same traces the same way. */
    for (int i = 0; i < TRACE_COUNT; i++) {
        seebatch_board board;
        seebatch_move move;
        load(&traces[i], &board, &move);
        CHECK_EQ(oracle_see_value(&board, move, &classic), traces[i].classic, "oracle, %s",
                 traces[i].name);
        CHECK_EQ(oracle_see_value(&board, move, &stockfish), traces[i].stockfish, "oracle, %s",
                 traces[i].name);
    }
    return check_finish("test_see_traces");
}
