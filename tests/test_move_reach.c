/*
 * Moves a piece cannot make (lib/board/move_reach.h), refused by seebatch_check and
 * seebatch_move_parse, held to an oracle written here on a 64-square array:
 * every move meeting seebatch_move_check, of every kind, on random dense
 * boards and on positions of generated games. The fast calls still score
 * such moves (the contract's preconditions are unchanged): test_hostile.c.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "random_boards.h"
#include "seebatch.h"

enum { NONE = -1 };

typedef struct squares {
    int type[64], color[64];
} squares;

static squares squares_of(const seebatch_board *board)
{
    squares s;
    for (int square = 0; square < 64; square++) {
        s.type[square] = NONE;
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            if ((board->pieces[type] >> square) & 1)
                s.type[square] = type;
        s.color[square] = (int)((board->colors[SEEBATCH_BLACK] >> square) & 1);
    }
    return s;
}

/* Whether every square strictly between a and b, on one line, is empty. */
static bool open_between(const squares *s, int a, int b)
{
    int df = (b % 8 > a % 8) - (b % 8 < a % 8), dr = (b / 8 > a / 8) - (b / 8 < a / 8);
    for (int square = a + 8 * dr + df; square != b; square += 8 * dr + df)
        if (s->type[square] != NONE)
            return false;
    return true;
}

/* Chess960's castling, chess's own for a king on e1 and corner rooks, the
 * king taking its rook: the side's king on its first rank (of several
 * there, the one on the e-file), the right towards the rook held and naming
 * its file, every square from either piece to its target empty but for the
 * two (the king lands on g or c, the rook beside it on f or d: one run of
 * squares). */
static bool oracle_castles(const seebatch_board *board, const squares *s, int from, int to)
{
    int color = s->color[from], first = color == SEEBATCH_WHITE ? 0 : 56, kings = 0;
    for (int square = first; square < first + 8; square++)
        kings += s->type[square] == SEEBATCH_KING && s->color[square] == color;
    if (from / 8 != first / 8 || to / 8 != first / 8 || (kings > 1 && from % 8 != 4))
        return false;
    int kingside = to > from, right = 2 * color + !kingside;
    unsigned word = board->castling | (unsigned)board->reserved << 8;
    int in = (int)(word >> (4 + 3 * right)) & 7, file = kingside ? 7 - in : in;
    if (!((word >> right) & 1u) || to != first + file)
        return false;
    int targets[2] = {first + (kingside ? 6 : 2), first + (kingside ? 5 : 3)};
    int low = from < to ? from : to, high = from < to ? to : from;
    for (int i = 0; i < 2; i++) {
        low = targets[i] < low ? targets[i] : low;
        high = targets[i] > high ? targets[i] : high;
    }
    for (int square = low; square <= high; square++)
        if (square != from && square != to && s->type[square] != NONE)
            return false;
    return true;
}

/* The oracle: whether the piece on the move's from-square can make it. */
static bool oracle_possible(const seebatch_board *board, seebatch_move move)
{
    squares s = squares_of(board);
    int from = (int)seebatch_move_from(move), to = (int)seebatch_move_to(move);
    int df = abs(to % 8 - from % 8), dr = to / 8 - from / 8, color = s.color[from];
    int kind = (int)seebatch_move_kind(move);
    switch (s.type[from]) {
    case SEEBATCH_PAWN: {
        int forward = color == SEEBATCH_WHITE ? 1 : -1;
        if (kind == SEEBATCH_MOVE_EN_PASSANT || s.type[to] != NONE)
            return dr == forward && df == 1;
        int second = color == SEEBATCH_WHITE ? 1 : 6;
        return df == 0 && (dr == forward || (dr == 2 * forward && from / 8 == second &&
                                             s.type[from + 8 * forward] == NONE));
    }
    case SEEBATCH_KNIGHT:
        return (df == 1 && abs(dr) == 2) || (df == 2 && abs(dr) == 1);
    case SEEBATCH_BISHOP:
        return df == abs(dr) && open_between(&s, from, to);
    case SEEBATCH_ROOK:
        return (df == 0 || dr == 0) && open_between(&s, from, to);
    case SEEBATCH_QUEEN:
        return (df == abs(dr) || df == 0 || dr == 0) && open_between(&s, from, to);
    default:
        if (kind != SEEBATCH_MOVE_CASTLING)
            return df <= 1 && abs(dr) <= 1;
        return oracle_castles(board, &s, from, to);
    }
}

static seebatch_rules rules;
static long refused, accepted;

/* Every move code that meets the preconditions on the board, against the oracle. */
static void compare_every_move(const seebatch_board *board)
{
    for (unsigned kind = 0; kind <= SEEBATCH_MOVE_CASTLING; kind++)
        for (unsigned from = 0; from < 64; from++)
            for (unsigned to = 0; to < 64; to++) {
                seebatch_move move = seebatch_move_make(from, to, kind);
                if (seebatch_move_check(board, move, NULL) != SEEBATCH_OK)
                    continue;
                seebatch_error error;
                seebatch_status status = seebatch_check(
                    &rules, &(seebatch_batch){board, 1, NULL, NULL, &move, 1}, &error);
                bool possible = oracle_possible(board, move);
                char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
                seebatch_board_to_fen(board, fen, sizeof fen);
                seebatch_move_to_uci(move, uci);
                CHECK_EQ(status, possible ? SEEBATCH_OK : SEEBATCH_ERROR_MOVE,
                         "%s, %s (kind %u): %s", fen, uci, kind, error.message);
                CHECK(possible || strstr(error.message, "move 0: ") == error.message, "%s, %s: %s",
                      fen, uci, error.message);
                refused += !possible;
                accepted += possible;
            }
}

/* Messages: the piece, the squares, why. */
static void named_faults(void)
{
    static const struct {
        const char *fen, *move, *message;
    } faults[] = {
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "h1h3",
         "move 0: the rook on h1 cannot reach h3: h2 is in the way"},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "a1a8",
         "move 0: the rook on a1 cannot reach a8: a2 is in the way"},
        {"4k3/8/8/8/8/8/8/B3K3 w - - 0 1", "a1h1",
         "move 0: the bishop on a1 cannot reach h1: it moves by a diagonal"},
        {"4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1", "a1h8",
         "move 0: the bishop on a1 cannot reach h8: b2 is in the way"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e1",
         "move 0: the to-square e1 holds a white piece, the same colour as the pawn on e2"},
        {"4k3/8/8/8/8/8/8/4KN1R w K - 0 1", "e1h1",
         "move 0: the king on e1 cannot castle with the rook on h1: f1 is in the way"},
        {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "e1a1",
         "move 0: the king on e1 cannot castle with the rook on a1: white has no queenside "
         "castling right"},
    };
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        seebatch_board board;
        seebatch_board_from_fen(&board, faults[i].fen, NULL);
        unsigned from = (unsigned)((faults[i].move[1] - '1') * 8 + faults[i].move[0] - 'a');
        unsigned to = (unsigned)((faults[i].move[3] - '1') * 8 + faults[i].move[2] - 'a');
        bool castles = strstr(faults[i].message, "castle") != NULL;
        seebatch_move move = seebatch_move_make(from, to, castles ? SEEBATCH_MOVE_CASTLING : 0);
        seebatch_error error;
        seebatch_check(&rules, &(seebatch_batch){&board, 1, NULL, NULL, &move, 1}, &error);
        CHECK(strcmp(error.message, faults[i].message) == 0, "%s: \"%s\", expected \"%s\"",
              faults[i].move, error.message, faults[i].message);
    }
}

int main(void)
{
    seebatch_config classic = seebatch_config_classic();
    seebatch_rules_init(&rules, &classic, NULL);
    named_faults();
    uint64_t state = 0x5EEDull;
    for (int i = 0; i < scaled(300); i++) {
        seebatch_board board;
        random_dense_board(&state, &board);
        compare_every_move(&board);
    }
    static const char *const real[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
        "rn2k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        /* Chess960: rooks by file, the king between them anywhere. */
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1",
        "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1",
    };
    for (size_t i = 0; i < sizeof real / sizeof real[0]; i++) {
        seebatch_board board;
        seebatch_board_from_fen(&board, real[i], NULL);
        compare_every_move(&board);
    }
    CHECK(refused > 1000 && accepted > 1000, "%ld moves refused, %ld accepted", refused, accepted);
    return check_finish("move_reach");
}
