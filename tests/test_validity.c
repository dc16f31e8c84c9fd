/*
 * The yes-or-no checks of lib/board/validity.h against the rules they stand for:
 * move_fits_board says yes exactly when seebatch_move_check_rules does, on
 * every one of the 65536 move codes of random dense boards (pawns on every
 * rank, kings anywhere, en passant squares) and of positions from games;
 * board_is_consistent says yes exactly when seebatch_board_check_rules does,
 * on consistent boards with one field broken at random. The checked entry
 * points trust the yes, so a disagreement would let a bad move through or
 * turn a good one away.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "random.h"
#include "random_boards.h"
#include "seebatch.h"
#include "board/validity.h"

static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
    "1r2k3/P1P5/8/8/8/8/p1p5/1R2K3 w - - 0 1",
};

static void compare_moves(const seebatch_board *board, const char *what)
{
    int disagreements = 0;
    for (unsigned code = 0; code < 65536; code++) {
        seebatch_move move = (seebatch_move)code;
        bool rules = seebatch_move_check_rules(board, move, NULL) == SEEBATCH_OK;
        if (move_fits_board(board, move) != rules && disagreements++ < 5)
            CHECK(false, "%s, move 0x%04x: move_fits_board %d, the rules %d", what, code, !rules,
                  rules);
    }
    CHECK_EQ(disagreements, 0, "%s: disagreements over the 65536 move codes", what);
}

static void compare_boards(uint64_t *state, const seebatch_board *start)
{
    for (int i = 0; i < 64; i++) {
        seebatch_board board = *start;
        int breaks = 1 + (int)(random_next(state) % 3);
        for (int b = 0; b < breaks; b++)
            break_board_field(state, &board);
        bool rules = seebatch_board_check_rules(&board, NULL) == SEEBATCH_OK;
        CHECK_EQ(board_is_consistent(&board), rules, "board broken %d times (case %d)", breaks, i);
    }
    CHECK(board_is_consistent(start), "a consistent board reads as inconsistent");
}

int main(void)
{
    uint64_t state = 35;
    char what[64];
    for (size_t p = 0; p < sizeof positions / sizeof positions[0]; p++) {
        seebatch_board board;
        CHECK_EQ(seebatch_board_from_fen(&board, positions[p], NULL), SEEBATCH_OK, "%s",
                 positions[p]);
        snprintf(what, sizeof what, "position %zu", p);
        compare_moves(&board, what);
        compare_boards(&state, &board);
    }
    int boards = scaled(300);
    for (int i = 0; i < boards; i++) {
        seebatch_board board;
        random_dense_board(&state, &board);
        snprintf(what, sizeof what, "random board %d", i);
        compare_moves(&board, what);
        compare_boards(&state, &board);
    }
    return check_finish("test_validity");
}
