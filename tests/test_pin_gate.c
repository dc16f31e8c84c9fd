/*
 * The lane kernels' pin test (lib/lanes/pin_filter.h, then the exact test
 * of groups.h) at its edges. A lane may skip working its board's pins out
 * only when no piece that may capture there can be pinned; these positions
 * sit on either side of that line:
 *
 *  - one piece between a king and an enemy slider (pinned) against two,
 *    of either colour between them;
 *  - a pinned piece of each colour, on a file, a rank and a diagonal;
 *  - Stockfish's rule that one slider pins through another (the king in
 *    check from the nearer one), and a check with no pin behind it;
 *  - two pieces that may capture on the line of one slider (the test in
 *    lanes passes the lane, the exact one clears it);
 *  - a pinned slider that joins only once the piece in front of it has
 *    captured (an x-ray candidate);
 *  - a piece that is the only one left between king and slider once the
 *    first move has left the line: not pinned, as pins are the board's;
 *  - no king, and two kings, of the pinned side: no pins at all.
 *
 * Each position's capture is checked to depend on the pin rule exactly when
 * the case says it does (so that the case means what it says), then run
 * through every lane kernel this CPU has, in many-board batches at every
 * place among the other cases and alone on its board, with pins worked out
 * and given, and compared with the scalar kernel. A lane kernel this
 * machine cannot run is a skip (77 when none runs), and a failure if
 * /proc/cpuinfo says it can run it.
 */
#include <string.h>

#include "backend_requirements.h"
#include "board/bitboard.h"
#include "check.h"
#include "auto/dispatch.h"
#include "seebatch.h"

typedef struct pin_edge {
    const char *fen;
    const char *move;
    int pin_matters; /* the pin rule changes this capture's value */
    const char *what;
} pin_edge;

static const pin_edge edges[] = {
    {"4k3/8/4n3/1N6/3p4/8/8/K3R3 w - - 0 1", "b5d4", 1, "black knight pinned on a file"},
    {"4k3/4p3/4n3/1N6/3p4/8/8/K3R3 w - - 0 1", "b5d4", 0, "two black pieces on the file"},
    {"4k3/8/4n3/1N6/3p4/8/4P3/K3R3 w - - 0 1", "b5d4", 0, "a white pawn on the file too"},
    {"4r2k/8/2p5/3p4/2B5/4N3/8/4K3 w - - 0 1", "c4d5", 1, "white knight pinned on a file"},
    {"4r2k/4r3/2p5/3p4/2B5/4N3/8/4K3 w - - 0 1", "c4d5", 1, "pinned by a battery"},
    {"4r2k/8/2p5/3p4/2B5/4N3/4r3/4K3 w - - 0 1", "c4d5", 1, "pinned through a checking rook"},
    {"7k/8/2p5/3p4/2B5/4N3/4r3/4K3 w - - 0 1", "c4d5", 0, "a check, no pin"},
    {"4r2k/8/2p5/3pR3/2B5/4N3/8/4K3 w - - 0 1", "c4d5", 0, "two capturers on the file"},
    {"7k/8/2p5/3p4/2B5/K3N2r/8/8 w - - 0 1", "c4d5", 1, "white knight pinned on a rank"},
    {"k7/8/2n5/4p3/8/3N1B2/8/K7 w - - 0 1", "d3e5", 1, "black knight pinned on a diagonal"},
    {"k7/8/8/8/4n3/2N5/KP5r/8 b - - 0 1", "e4c3", 1, "white pawn pinned on a rank"},
    {"k2r4/3r4/8/3p4/8/2NR4/8/r2QK3 w - - 0 1", "c3d5", 1, "pinned queen behind a rook"},
    {"k2r4/3r4/8/3p4/8/2N5/8/r2QK3 w - - 0 1", "c3d5", 0, "pinned queen never needed"},
    {"4k3/4n3/4b3/3P4/2P5/8/8/K3R3 b - - 0 1", "e7d5", 0, "alone on the line after the move"},
    {"4r2k/8/2p5/3p4/2B5/4N3/8/8 w - - 0 1", "c4d5", 0, "no white king"},
    {"4r2k/8/2p5/3p4/2B5/4N3/8/4K3 w - - 0 1", "c4d5", 0, "two white kings (g1 added)"},
};
enum { EDGES = sizeof edges / sizeof edges[0], TWO_KINGS = EDGES - 1, LONGEST = 2 * 8 + 1 };

static seebatch_board boards[EDGES];
static seebatch_pins pins[EDGES];
static seebatch_move moves[EDGES];

static int set_up_edges(void)
{
    for (unsigned e = 0; e < EDGES; e++) {
        seebatch_error error;
        if (seebatch_board_from_fen(&boards[e], edges[e].fen, &error) != SEEBATCH_OK ||
            seebatch_move_parse(&boards[e], edges[e].move, &moves[e], &error) != SEEBATCH_OK) {
            CHECK(0, "%s: %s", edges[e].what, error.message);
            return 0;
        }
    }
    /* A FEN cannot give a side two kings; a board can. */
    bitboard g1 = seebatch_square_bit(6);
    boards[TWO_KINGS].pieces[SEEBATCH_KING] |= g1;
    boards[TWO_KINGS].colors[SEEBATCH_WHITE] |= g1;
    for (unsigned e = 0; e < EDGES; e++) {
        CHECK_EQ(seebatch_board_validate(&boards[e], NULL), SEEBATCH_OK, "%s", edges[e].what);
        seebatch_pins_compute(&boards[e], &pins[e]);
    }
    return 1;
}

/* Each case's capture depends on the pin rule exactly when it says so. */
static void check_meaning(void)
{
    seebatch_config with = {{100, 325, 325, 500, 1000}, SEEBATCH_PINS};
    seebatch_config without = {{100, 325, 325, 500, 1000}, 0};
    seebatch_rules pinned, free;
    seebatch_rules_init(&pinned, &with, NULL);
    seebatch_rules_init(&free, &without, NULL);
    for (unsigned e = 0; e < EDGES; e++) {
        int32_t a = seebatch_value(&pinned, &boards[e], NULL, moves[e]);
        int32_t b = seebatch_value(&free, &boards[e], NULL, moves[e]);
        CHECK_EQ(a != b, edges[e].pin_matters, "%s: %d with pins, %d without", edges[e].what, a, b);
    }
}

/* One batch through `kernel` and the scalar kernel, values and threshold
 * answers, pins worked out and given. */
static void compare(const see_backend *kernel, const seebatch_board *batch_boards,
                    const uint32_t *board_of_move, const seebatch_move *batch_moves, size_t count,
                    const seebatch_pins *given, const seebatch_rules *rules, const char *what)
{
    int32_t expected[LONGEST], values[LONGEST];
    uint8_t expected_passed[LONGEST], passed[LONGEST];
    for (int with_pins = 0; with_pins < 2; with_pins++) {
        see_batch batch = {batch_boards, board_of_move, batch_moves,
                           count,        rules,         with_pins ? given : NULL};
        seebatch_scalar_backend.values(&batch, expected);
        kernel->values(&batch, values);
        for (int32_t threshold = -200; threshold <= 0; threshold += 200) {
            seebatch_scalar_backend.see_ge(&batch, threshold, expected_passed);
            kernel->see_ge(&batch, threshold, passed);
            for (size_t i = 0; i < count; i++)
                CHECK_EQ(passed[i], expected_passed[i], "%s: %s, move %zu of %zu, threshold %d",
                         kernel->name, what, i, count, threshold);
        }
        for (size_t i = 0; i < count; i++)
            CHECK_EQ(values[i], expected[i], "%s: %s, move %zu of %zu, pins %s", kernel->name, what,
                     i, count, with_pins ? "given" : "worked out");
    }
}

/* Every case at every place of many-board batches of every length to
 * LONGEST (a group of either kernel, two, and one more), the other lanes
 * holding the other cases; and each case alone on its board. */
static void check_kernel(const see_backend *kernel, const seebatch_rules *rules)
{
    seebatch_move batch_moves[LONGEST];
    uint32_t board_of_move[LONGEST];
    for (size_t count = 1; count <= LONGEST; count++)
        for (unsigned e = 0; e < EDGES; e++)
            for (size_t place = 0; place < count; place++) {
                for (size_t i = 0; i < count; i++) {
                    unsigned other = (unsigned)((e + 1 + i) % EDGES);
                    board_of_move[i] = i == place ? e : other;
                    batch_moves[i] = moves[board_of_move[i]];
                }
                compare(kernel, boards, board_of_move, batch_moves, count, pins, rules,
                        edges[e].what);
            }
    for (unsigned e = 0; e < EDGES; e++)
        for (size_t count = 1; count <= LONGEST; count++) {
            for (size_t i = 0; i < count; i++)
                batch_moves[i] = moves[e];
            compare(kernel, &boards[e], NULL, batch_moves, count, &pins[e], rules, edges[e].what);
        }
}

int main(void)
{
    if (!set_up_edges())
        return check_finish("test_pin_gate");
    check_meaning();
    const seebatch_config configs[] = {
        {{100, 325, 325, 500, 1000}, SEEBATCH_PINS},
        {{100, 325, 325, 500, 1000}, SEEBATCH_PINS | SEEBATCH_STOP_WHEN_AHEAD},
        seebatch_config_stockfish(),
    };
    int checked = 0;
    for (size_t i = 0; i < backend_requirement_count; i++) {
        const char *name = backend_requirements[i].backend;
        const see_backend *kernel = seebatch_find_runnable_backend(name);
        if (!kernel) {
            CHECK(skip_unless_runnable("test_pin_gate", name) == 77,
                  "%s: detection disagrees with /proc/cpuinfo", name);
            continue;
        }
        for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
            seebatch_rules rules;
            CHECK_EQ(seebatch_rules_init(&rules, &configs[c], NULL), SEEBATCH_OK, "config %zu", c);
            check_kernel(kernel, &rules);
        }
        checked++;
    }
    if (!checked && check_failures == 0) {
        printf("test_pin_gate: skipped, this CPU runs no lane kernel (only scalar)\n");
        return 77;
    }
    return check_finish("test_pin_gate");
}
