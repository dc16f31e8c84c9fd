/*
 * Every rule of the SEE contract (include/seebatch.h) on a position small
 * enough to work out by hand; the working is in the comment above each case.
 * Balances are the first mover's material after each capture; the value is
 * the negamax of that list: the side to move after a capture may stop, so
 * after an opponent's capture the first mover takes max(stop, go on), after
 * its own the opponent takes min(stop, go on).
 *
 * Each case runs on every backend this machine runs, through see_value,
 * see_ge on both sides of the value, and a batch; the oracle must agree too.
 */
#include <stdlib.h>

#include "check.h"
#include "see_calls.h"
#include "oracle.h"
#include "seebatch.h"

enum {
    NONE = 0,
    PINS = SEEBATCH_PINS,
    PROMOTIONS = SEEBATCH_PROMOTIONS,
    NORMAL_ONLY = SEEBATCH_NORMAL_MOVES_ONLY,
    MOVE_ONLY = SEEBATCH_MOVE_PROMOTION_ONLY,
    STOP = SEEBATCH_STOP_WHEN_AHEAD
};

#define CLASSIC(flags)                                                                             \
    {                                                                                              \
        {100, 325, 325, 500, 1000}, (flags)                                                        \
    }
#define VALUES(p, n, b, r, q, flags)                                                               \
    {                                                                                              \
        {(p), (n), (b), (r), (q)}, (flags)                                                         \
    }

typedef struct rule_case {
    const char *fen;
    const char *move;
    seebatch_config config;
    int32_t expected;
} rule_case;

static const char trace1[] = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
static const char trace2[] = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";

static const rule_case cases[] = {
    /* ---- Rule 3: x-rays ---- */

    /* File, white battery: Re2xe5 (+325), Re8xe5 (-175), then Re1, behind
     * e2, retakes (+325) and black has nothing: min(325, max(-175, 325)). */
    {"4r1k1/8/8/4n3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", CLASSIC(NONE), 325},
    /* The same with a black queen behind the black rook: balances 325,
     * -175, 325, -175 (Qe8xe5); from the end: min(325, -175) = -175,
     * max(-175, -175) = -175, min(325, -175) = -175. */
    {"4q1k1/4r3/8/4n3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", CLASSIC(NONE), -175},
    /* File, black battery: Re7xe4 (+325), Re1xe4 (-175), Re8xe4 (+325). */
    {"4r1k1/4r3/8/8/4N3/8/8/4R1K1 b - - 0 1", "e7e4", CLASSIC(NONE), 325},
    /* Diagonal, white battery: Bb2xd4 (+325), e5xd4 (0), Qa1xd4 through b2
     * (+100): min(325, max(0, 100)) = 100. */
    {"6k1/8/8/4p3/3n4/8/1B6/Q5K1 w - - 0 1", "b2d4", CLASSIC(NONE), 100},
    /* Diagonal, black battery: Bg7xd4 (+325), e3xd4 (0), Qh8xd4 through g7
     * (+100): 100. */
    {"k6q/6b1/8/8/3N4/4P3/8/6K1 b - - 0 1", "g7d4", CLASSIC(NONE), 100},
    /* A pawn capture reveals its own bishop: c3xd4 (+325), e5xd4 (+225),
     * Bb2xd4 through c3 (+325), black has nothing: min(325, max(225, 325)). */
    {"6k1/8/8/4p3/3n4/2P5/1B6/6K1 w - - 0 1", "c3d4", CLASSIC(NONE), 325},
    /* A pawn recapture reveals the defender's bishop: c3xd4 (+325), e5xd4
     * (225), Nf3xd4 (325), Bf6xd4 through e5 (0), white has nothing:
     * min(325, max(225, min(325, 0))) = 225. Without the bishop it is 325. */
    {"6k1/8/5b2/4p3/3n4/2P2N2/8/6K1 w - - 0 1", "c3d4", CLASSIC(NONE), 225},
    /* Seed 000 position 2 (long, x-rays both ways); worked in test_see_traces. */
    {trace2, "d3e5", CLASSIC(NONE), -225},

    /* ---- Rule 4: the king ---- */

    /* Rxd5 (+100); black's only attacker is the king and white has none
     * left, so Kxd5 (-400) and the exchange ends. */
    {"8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", CLASSIC(NONE), -400},
    /* The same with Bb3 guarding d5: the king may not take. 100. */
    {"8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1", "d1d5", CLASSIC(NONE), 100},
    /* The guard is Rd1, x-raying through d2 once Rd2 has taken: 100. */
    {"8/8/4k3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", CLASSIC(NONE), 100},
    /* Bg8 stands behind the black king on the diagonal g8-e6-d5. The king
     * rule is judged with the king still on e6, where it blocks the
     * bishop, so Kxd5 is allowed (-400); that the bishop would then see d5
     * does not matter: a king capture ends the exchange. */
    {"6B1/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", CLASSIC(NONE), -400},
    /* The guard Bc4 is pinned (Rc8, Kc1), and pinned pieces count for the
     * king rule: Kxd5 is not allowed, with pins on or off. 100. */
    {"2r5/8/4k3/3p4/2B5/8/8/2KR4 w - - 0 1", "d1d5", CLASSIC(NONE), 100},
    {"2r5/8/4k3/3p4/2B5/8/8/2KR4 w - - 0 1", "d1d5", CLASSIC(PINS), 100},
    /* A king moving first is never taken: Kxd5 gains the pawn although Rd8
     * guards it (100); a quiet king move is 0. */
    {"3r2k1/8/8/3p4/4K3/8/8/8 w - - 0 1", "e4d5", CLASSIC(NONE), 100},
    {"3r2k1/8/8/3p4/4K3/8/8/8 w - - 0 1", "e4e5", CLASSIC(NONE), 0},
    /* Nothing after a king's first move is examined. A king is worth 0, so
     * taking it wins nothing, except for a pawn that promotes while taking
     * it: here f2xe1=Q would win Q - P = 900 and leave 325 - 900 = -575.
     * The value is the knight: 325. */
    {"7k/8/8/8/8/8/3K1p2/4n3 w - - 0 1", "d2e1", CLASSIC(PROMOTIONS), 325},

    /* ---- Rule 5: pins ---- */

    /* Nf6 is pinned to Kh8 by Bc3. With pins, black cannot retake after
     * Rxd5: 100. Without, Nxd5 (-400) and white has nothing else: -400. */
    {"7k/8/5n2/3p4/8/2B5/8/1K1R4 w - - 0 1", "d1d5", CLASSIC(PINS), 100},
    {"7k/8/5n2/3p4/8/2B5/8/1K1R4 w - - 0 1", "d1d5", CLASSIC(NONE), -400},
    /* Rf6 is pinned to Kh6 by Rd6, and Nb5xd6 takes the pinner (+500). A
     * pinner captured on `to` no longer pins: Bb4xd6 (175), Rf6xd6 (500),
     * white has nothing: min(500, max(175, 500)) = 500, pins on or off. */
    {"8/8/3R1r1k/1n6/1B6/8/8/1K6 b - - 0 1", "b5d6", CLASSIC(PINS), 500},
    {"8/8/3R1r1k/1n6/1B6/8/8/1K6 b - - 0 1", "b5d6", CLASSIC(NONE), 500},
    /* Add a second pinner, Be3 pinning g5 to the same king. While any
     * pinner stands, none of black's blockers (f6, g5) may capture: after
     * Nxd6 (500), Bxd6 (175) black has no capture: 175. Without pins: 500. */
    {"8/8/3R1r1k/1n4p1/1B6/4B3/8/1K6 b - - 0 1", "b5d6", CLASSIC(PINS), 175},
    {"8/8/3R1r1k/1n4p1/1B6/4B3/8/1K6 b - - 0 1", "b5d6", CLASSIC(NONE), 500},
    /* The contract's double pinner: Re8, Qe6, Be2, Ke1. Lifting both
     * snipers, each has only e2 between it and the king, so both pin it.
     * Qe6xc4 (+325) removes one pinner, Re8 still pins, Be2 may not retake:
     * 325. Without pins Bxc4 (-675). */
    {"4r2k/8/4q3/8/2N5/8/4B3/4K3 b - - 0 1", "e6c4", CLASSIC(PINS), 325},
    {"4r2k/8/4q3/8/2N5/8/4B3/4K3 b - - 0 1", "e6c4", CLASSIC(NONE), -675},
    /* The first move is never checked for pins: the pinned Be2 takes on c4
     * (+325), Qe6xc4 (0), white has nothing: 0, pins on or off. */
    {"4r2k/8/4q3/8/2n5/8/4B3/4K3 w - - 0 1", "e2c4", CLASSIC(PINS), 0},
    {"4r2k/8/4q3/8/2n5/8/4B3/4K3 w - - 0 1", "e2c4", CLASSIC(NONE), 0},

    /* ---- Rule 1: en passant, quiet moves, castling ---- */

    /* exd6 en passant (+100) empties d5, so the black rook d1 now sees d6:
     * Rxd6 (0), white has nothing: min(100, 0) = 0. */
    {"7k/8/8/3pP3/8/8/7K/3r4 w - d6 0 1", "e5d6", CLASSIC(NONE), 0},
    /* exd6 (+100), Bf8xd6 (0), then the white rook d1 retakes through the
     * emptied d5 (+325): min(100, max(0, 325)) = 100. */
    {"5b1k/8/8/3pP3/8/8/7K/3R4 w - d6 0 1", "e5d6", CLASSIC(NONE), 100},
    /* A knight moving to a square a pawn guards: 0 - 325. */
    {"6k1/8/3p4/8/8/5N2/8/6K1 w - - 0 1", "f3e5", CLASSIC(NONE), -325},
    /* To a square nobody attacks: 0. */
    {"6k1/8/8/8/8/5N2/8/6K1 w - - 0 1", "f3e5", CLASSIC(NONE), 0},
    /* To a square a rook attacks and a pawn guards: Rxe5 (-325), dxe5
     * (175): min(0, max(-325, 175)) = 0, black does better not to take. */
    {"4r1k1/8/8/8/3P4/5N2/8/6K1 w - - 0 1", "f3e5", CLASSIC(NONE), 0},
    /* Castling is 0, even with the rook g8 bearing on g1. */
    {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", CLASSIC(NONE), 0},
    {"4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", CLASSIC(NONE), 0},

    /* ---- Rule 6: promotions ---- */

    /* bxa8 with nothing to retake: the rook (500), plus Q - P with the
     * flag (1400) or N - P for an underpromotion (725); without the flag
     * the pawn stays a pawn (500). */
    {"r6k/1P6/8/8/8/8/8/7K w - - 0 1", "b7a8q", CLASSIC(PROMOTIONS), 1400},
    {"r6k/1P6/8/8/8/8/8/7K w - - 0 1", "b7a8n", CLASSIC(PROMOTIONS), 725},
    {"r6k/1P6/8/8/8/8/8/7K w - - 0 1", "b7a8q", CLASSIC(NONE), 500},
    /* Nb6 retakes; the piece it takes is the new queen: 1400 - 1000 = 400,
     * and black does take (min(1400, 400)). Without the flag: 500, Nxa8
     * takes a pawn: 400 as well. */
    {"r6k/1P6/1n6/8/8/8/8/7K w - - 0 1", "b7a8q", CLASSIC(PROMOTIONS), 400},
    {"r6k/1P6/1n6/8/8/8/8/7K w - - 0 1", "b7a8q", CLASSIC(NONE), 400},
    /* A quiet promotion: a8=Q (+900), Rb8xa8 (-100), Ra1xa8 through a7
     * (+400): min(900, max(-100, 400)) = 400. Without the flag the gains
     * are 0, -100, 400: min(0, 400) = 0. */
    {"1r5k/P7/8/8/8/8/8/R6K w - - 0 1", "a7a8q", CLASSIC(PROMOTIONS), 400},
    {"1r5k/P7/8/8/8/8/8/R6K w - - 0 1", "a7a8q", CLASSIC(NONE), 0},
    /* Promotion in the middle of the exchange: Rd8xc8 (+325), b7xc8 takes
     * the rook and promotes (325 - 500 - 900 = -1075), black has nothing.
     * Without the flag: 325 - 500 = -175. */
    {"2Nr3k/1P6/8/8/8/8/8/7K b - - 0 1", "d8c8", CLASSIC(PROMOTIONS), -1075},
    {"2Nr3k/1P6/8/8/8/8/8/7K b - - 0 1", "d8c8", CLASSIC(NONE), -175},
    /* Then Bf5xc8 takes the new queen: -1075 + 1000 = -75, and
     * min(325, max(-1075, -75)) = -75. Without the flag it takes a pawn:
     * 325, -175, -75: -75 again. */
    {"2Nr3k/1P6/8/5b2/8/8/8/7K b - - 0 1", "d8c8", CLASSIC(PROMOTIONS), -75},
    {"2Nr3k/1P6/8/5b2/8/8/8/7K b - - 0 1", "d8c8", CLASSIC(NONE), -75},

    /* The three settings where a second pawn recaptures on the promotion
     * square: bxc8=Q takes the rook, Ne7xc8 takes what stands there, d7xc8
     * takes the knight; black has nothing more.
     * - Every pawn promotes: 500 + 900 = 1400 (a queen on c8), Nxc8 takes
     *   the queen: 400, dxc8=Q takes the knight and promotes: 400 + 325 +
     *   900 = 1625. Negamax: max(400, 1625) = 1625, min(1400, 1625) = 1400:
     *   black does better not to take.
     * - The move's own promotion only: 1400, 400 as before, but dxc8 stays a
     *   pawn: 400 + 325 = 725. max(400, 725) = 725, min(1400, 725) = 725.
     * - Neither: bxc8 takes the rook as a pawn: 500, Nxc8 takes a pawn: 400,
     *   dxc8: 725. max(400, 725) = 725, min(500, 725) = 500. */
    {"2r4k/1P1Pn3/8/8/8/8/8/7K w - - 0 1", "b7c8q", CLASSIC(PROMOTIONS), 1400},
    {"2r4k/1P1Pn3/8/8/8/8/8/7K w - - 0 1", "b7c8q", CLASSIC(MOVE_ONLY), 725},
    {"2r4k/1P1Pn3/8/8/8/8/8/7K w - - 0 1", "b7c8q", CLASSIC(NONE), 500},
    /* The move's own underpromotion: bxc8=N 500 + 225 = 725 (a knight on
     * c8), Nxc8 400, dxc8 725: min(725, max(400, 725)) = 725. */
    {"2r4k/1P1Pn3/8/8/8/8/8/7K w - - 0 1", "b7c8n", CLASSIC(MOVE_ONLY), 725},
    /* With the move's own promotion only, a pawn recapturing later stays a
     * pawn: the rook's capture above (Rd8xc8, b7xc8) is scored as with no
     * rule, 325 - 500 = -175, and with the bishop behind -75. */
    {"2Nr3k/1P6/8/8/8/8/8/7K b - - 0 1", "d8c8", CLASSIC(MOVE_ONLY), -175},
    {"2Nr3k/1P6/8/5b2/8/8/8/7K b - - 0 1", "d8c8", CLASSIC(MOVE_ONLY), -75},
    /* A quiet promotion has no later pawn: a8=Q, Rb8xa8, Ra1xa8 as with
     * every pawn promoting: 400; bxa8=Q with nothing to retake: 1400. */
    {"1r5k/P7/8/8/8/8/8/R6K w - - 0 1", "a7a8q", CLASSIC(MOVE_ONLY), 400},
    {"r6k/1P6/8/8/8/8/8/7K w - - 0 1", "b7a8q", CLASSIC(MOVE_ONLY), 1400},

    /* ---- Rule 8: SEEBATCH_STOP_WHEN_AHEAD ---- */

    /* A queen takes a pawn defended by a pawn, and the queen's side could
     * take back: Qd3xd5 (+100), exd5 (100 - 1000 = -900), Nc3xd5 (-800),
     * black has nothing. The negamax: max(-900, -800) = -800, min(100, -800)
     * = -800. Breaking off: after exd5 black is 900 up on balance, 800 more
     * than its pawn on d5, so white is taken to stop: min(100, -900). */
    {"6k1/8/4p3/3p4/8/2NQ4/8/6K1 w - - 0 1", "d3d5", CLASSIC(NONE), -800},
    {"6k1/8/4p3/3p4/8/2NQ4/8/6K1 w - - 0 1", "d3d5", CLASSIC(STOP), -900},
    /* The same with pins on and every pawn promoting: nothing changes. */
    {"6k1/8/4p3/3p4/8/2NQ4/8/6K1 w - - 0 1", "d3d5", CLASSIC(STOP | PINS | PROMOTIONS), -900},
    /* Rd1xd5 (+100), Nf6xd5 (-400), e4xd5 (-75), Qa5xd5 (-175), white has
     * nothing: min(100, max(-400, min(-75, -175))) = -175. Breaking off:
     * after Nxd5 black is 400 up, 75 more than its knight: -400. */
    {"6k1/8/5n2/q2p4/4P3/8/8/3R2K1 w - - 0 1", "d1d5", CLASSIC(NONE), -175},
    {"6k1/8/5n2/q2p4/4P3/8/8/3R2K1 w - - 0 1", "d1d5", CLASSIC(STOP), -400},
    /* The first mover breaks off too: Bb3xd5 (+325), Rd7xd5 (0: black is
     * not ahead), Nc3xd5 (500: white is 500 up, 175 more than its knight),
     * where the negamax lets Qa8xd5 follow (175). Negamax: min(325,
     * max(0, min(500, 175))) = 175; broken off: min(325, max(0, 500)) = 325. */
    {"q6k/3r4/8/3n4/8/1BN5/8/6K1 w - - 0 1", "b3d5", CLASSIC(NONE), 175},
    {"q6k/3r4/8/3n4/8/1BN5/8/6K1 w - - 0 1", "b3d5", CLASSIC(STOP), 325},
    /* Strictly more: Qd1xd5 takes a rook (+500), Rd8xd5 (-500) leaves black
     * 500 up with a rook on d5, not more than its rook, so play goes on:
     * Nc3xd5 (0). min(500, max(-500, 0)) = 0 either way (breaking off at
     * ">= 0" would give -500). */
    {"3r3k/8/8/3r4/8/2N5/8/3Q2K1 w - - 0 1", "d1d5", CLASSIC(NONE), 0},
    {"3r3k/8/8/3r4/8/2N5/8/3Q2K1 w - - 0 1", "d1d5", CLASSIC(STOP), 0},
    /* Never after the first move: c4xd5 takes a knight (+325), 225 more
     * than the pawn, but exd5 still answers (225), and black is not ahead
     * (-225). 225 either way; breaking off after the first move gives 325. */
    {"6k1/8/4p3/3n4/2P5/8/8/6K1 w - - 0 1", "c4d5", CLASSIC(NONE), 225},
    {"6k1/8/4p3/3n4/2P5/8/8/6K1 w - - 0 1", "c4d5", CLASSIC(STOP), 225},
    /* A promoted pawn stands as its new piece: Be6xc8 takes the queen
     * (+1000), b7xc8=Q takes the bishop and promotes (1000 - 325 - 900 =
     * -225), leaving white 225 up, less than its new queen, so Nd6xc8 takes
     * it (775): min(1000, max(-225, 775)) = 775. Were the pawn judged as a
     * pawn (225 - 100 > 0) the exchange would end at -225. */
    {"2Q5/1P5k/3nb3/8/8/8/8/K7 b - - 0 1", "e6c8", CLASSIC(PROMOTIONS), 775},
    {"2Q5/1P5k/3nb3/8/8/8/8/K7 b - - 0 1", "e6c8", CLASSIC(PROMOTIONS | STOP), 775},
    /* A king's capture ends the exchange whatever the balance: Rd1xd5
     * (+100), Ke6xd5 (-400), as under rule 4 alone. */
    {"8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", CLASSIC(STOP), -400},

    /* ---- SEEBATCH_NORMAL_MOVES_ONLY ---- */

    /* En passant, promotions and castling score 0; normal moves as before. */
    {"5b1k/8/8/3pP3/8/8/7K/3R4 w - d6 0 1", "e5d6", CLASSIC(NORMAL_ONLY), 0},
    {"r6k/1P6/8/8/8/8/8/7K w - - 0 1", "b7a8q", CLASSIC(NORMAL_ONLY | PROMOTIONS), 0},
    {"r6k/1P6/8/8/8/8/8/7K w - - 0 1", "b7a8q", CLASSIC(NORMAL_ONLY | MOVE_ONLY), 0},
    {"4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", CLASSIC(NORMAL_ONLY), 0},
    {"4r1k1/8/8/4n3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", CLASSIC(NORMAL_ONLY), 325},

    /* ---- Rule 2: among attackers of one type, the lowest square first ---- */

    /* Nothing but four pieces. Na7-c8 (quiet, 0). White's queens c7 (square
     * 50) and a8 (56) both attack c8: Qc7 goes first (-325), which opens c7
     * for the black rook c6: Rxc8 (+675), Qa8xc8 (+175), black has nothing.
     * min(0, max(-325, min(675, 175))) = 0. Were Qa8 first, the rook would
     * stay shut in and the value would be -325. */
    {"Q7/n1Q5/2r5/8/8/8/8/8 b - - 0 1", "a7c8", CLASSIC(NONE), 0},

    /* ---- Unusual values ---- */

    /* All zero: nothing is ever won or lost. */
    {trace2, "d3e5", VALUES(0, 0, 0, 0, 0, NONE), 0},
    {"7k/8/5n2/3p4/8/2B5/8/1K1R4 w - - 0 1", "d1d5", VALUES(0, 0, 0, 0, 0, PINS | PROMOTIONS), 0},
    /* All equal: trace 2 alternates 100, 0, 100, 0, 100, 0 and every
     * negamax step keeps 0. The file battery: 100, 0, 100 -> 100. */
    {trace2, "d3e5", VALUES(100, 100, 100, 100, 100, NONE), 0},
    {"4r1k1/8/8/4n3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", VALUES(100, 100, 100, 100, 100, NONE), 100},
    /* The largest values: trace 1 wins a pawn (4000000); the file battery
     * with the queen behind alternates 4e6, 0, 4e6, 0 -> 0. */
    {trace1, "e1e5", VALUES(4000000, 4000000, 4000000, 4000000, 4000000, PINS | PROMOTIONS),
     4000000},
    {"4q1k1/4r3/8/4n3/8/8/4R3/4R1K1 w - - 0 1", "e2e5",
     VALUES(4000000, 4000000, 4000000, 4000000, 4000000, NONE), 0},
    /* A cheap pawn, a dear queen: trace 1 gains 1. */
    {trace1, "e1e5", VALUES(1, 4000000, 4000000, 4000000, 4000000, NONE), 1},
    /* Values in reverse (P=1000 N=B=500 R=325 Q=100); the order of attackers
     * is by type, not value. Trace 2: 1000, 500, 1000, 675, 1175, 1075;
     * from the end: min(1175, 1075) = 1075, max(675, 1075) = 1075,
     * min(1000, 1075) = 1000, max(500, 1000) = 1000, min(1000, 1000). */
    {trace2, "d3e5", VALUES(1000, 500, 500, 325, 100, NONE), 1000},
    /* A queen worth less than a pawn: promoting loses 400. bxa8=Q with
     * nothing to retake: 500 + 100 - 500 = 100. */
    {"r6k/1P6/8/8/8/8/8/7K w - - 0 1", "b7a8q", VALUES(500, 325, 325, 500, 100, PROMOTIONS), 100},
    /* The largest values with promotions: Rd8xc8 (4e6), b7xc8=Q takes the
     * rook and gains Q - P = 0 (0), Bxc8 (4e6): min(4e6, max(0, 4e6)). */
    {"2Nr3k/1P6/8/5b2/8/8/8/7K b - - 0 1", "d8c8",
     VALUES(4000000, 4000000, 4000000, 4000000, 4000000, PROMOTIONS), 4000000},
};
enum { CASE_COUNT = sizeof cases / sizeof cases[0] };

static void describe(const rule_case *c, char *out, size_t size)
{
    snprintf(out, size, "%s %s values %d/%d/%d/%d/%d flags %u", c->fen, c->move,
             c->config.values[0], c->config.values[1], c->config.values[2], c->config.values[3],
             c->config.values[4], c->config.flags);
}

static void check_case(const char *backend, const rule_case *c)
{
    char what[256];
    describe(c, what, sizeof what);
    seebatch_board board;
    seebatch_move move;
    seebatch_error error;
    if (seebatch_board_from_fen(&board, c->fen, &error) != SEEBATCH_OK ||
        seebatch_move_parse(&board, c->move, &move, &error) != SEEBATCH_OK) {
        CHECK(false, "%s: %s", what, error.message);
        return;
    }
    CHECK_EQ(seebatch_move_check(&board, move, NULL), SEEBATCH_OK, "%s", what);
    seebatch_rules valid;
    CHECK_EQ(seebatch_rules_init(&valid, &c->config, NULL), SEEBATCH_OK, "%s", what);

    CHECK_EQ(value_under(&c->config, &board, move), c->expected, "%s on %s", what, backend);
    CHECK(value_ge_under(&c->config, &board, move, c->expected), "%s on %s: see_ge(v)", what,
          backend);
    CHECK(value_ge_under(&c->config, &board, move, c->expected - 1), "%s on %s: see_ge(v-1)", what,
          backend);
    CHECK(!value_ge_under(&c->config, &board, move, c->expected + 1), "%s on %s: see_ge(v+1)", what,
          backend);

    seebatch_move moves[5] = {move, move, move, move, move};
    int32_t values[5];
    values_under(&c->config, &(seebatch_batch){&board, 1, NULL, NULL, moves, 5}, values);
    for (int i = 0; i < 5; i++)
        CHECK_EQ(values[i], c->expected, "%s on %s: see_values[%d]", what, backend, i);
}

/* FEN allows one king a colour, so boards with more are made by hand. Nf6
 * is pinned to Kh8 by Bc3 (see the table); with a second black king on a1
 * nobody is pinned (pins need exactly one king), so after Rxd5 (+100) the
 * knight retakes (-400). Without the second king, with pins: 100. A second
 * white king changes nothing for black: 100. */
static void check_pins_need_one_king(const char *backend)
{
    seebatch_config pins = CLASSIC(PINS);
    seebatch_board board;
    seebatch_move move;
    CHECK_EQ(seebatch_board_from_fen(&board, "7k/8/5n2/3p4/8/2B5/8/1K1R4 w - - 0 1", NULL),
             SEEBATCH_OK, "FEN");
    CHECK_EQ(seebatch_move_parse(&board, "d1d5", &move, NULL), SEEBATCH_OK, "d1d5");
    CHECK_EQ(value_under(&pins, &board, move), 100, "%s: one king each", backend);

    seebatch_board two_black_kings = board;
    two_black_kings.pieces[SEEBATCH_KING] |= 1ull << 0;
    two_black_kings.colors[SEEBATCH_BLACK] |= 1ull << 0;
    CHECK_EQ(seebatch_board_validate(&two_black_kings, NULL), SEEBATCH_OK, "two black kings");
    CHECK_EQ(value_under(&pins, &two_black_kings, move), -400, "%s: two black kings", backend);
    CHECK(!value_ge_under(&pins, &two_black_kings, move, -399), "%s: two black kings, see_ge",
          backend);
    CHECK_EQ(oracle_see_value(&two_black_kings, move, &pins), -400, "oracle: two black kings");

    seebatch_board two_white_kings = board;
    two_white_kings.pieces[SEEBATCH_KING] |= 1ull << 0;
    two_white_kings.colors[SEEBATCH_WHITE] |= 1ull << 0;
    CHECK_EQ(value_under(&pins, &two_white_kings, move), 100, "%s: two white kings", backend);
    CHECK_EQ(oracle_see_value(&two_white_kings, move, &pins), 100, "oracle: two white kings");
}

int main(void)
{
    const char *backends[8];
    size_t backend_count = seebatch_backends_available(backends, 8);
    for (size_t b = 0; b < backend_count && b < 8; b++) {
        CHECK_EQ(seebatch_backend_set(backends[b], NULL), SEEBATCH_OK, "backend %s", backends[b]);
        for (int i = 0; i < CASE_COUNT; i++)
            check_case(backends[b], &cases[i]);
        check_pins_need_one_king(backends[b]);
    }

    /* The oracle, written independently, reaches the same hand values. */
    for (int i = 0; i < CASE_COUNT; i++) {
        char what[256];
        describe(&cases[i], what, sizeof what);
        seebatch_board board;
        seebatch_move move;
        if (seebatch_board_from_fen(&board, cases[i].fen, NULL) == SEEBATCH_OK &&
            seebatch_move_parse(&board, cases[i].move, &move, NULL) == SEEBATCH_OK)
            CHECK_EQ(oracle_see_value(&board, move, &cases[i].config), cases[i].expected,
                     "oracle: %s", what);
    }
    return check_finish("test_see_rules");
}
