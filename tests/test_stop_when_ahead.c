/*
 * SEEBATCH_STOP_WHEN_AHEAD (contract rule 8) against the swap list it
 * reproduces: Berserk 4.5.1's (src/see.c), written again here from its
 * description, not copied, and sharing no code with the library (its own
 * attackers, found by walking rays). It breaks the list off as soon as the
 * side that has just captured, from the opponent's reply on, is ahead by
 * more than the value of the piece it has put on the square:
 *
 *   gain[0] = value(victim); attacked = value(mover)
 *   while the side to move has an attacker (the least valuable, pawn to
 *   king, lowest square first; pins ignored; a king worth 30000, so it
 *   never stays standing where it can be taken):
 *       gain[n] = attacked - gain[n - 1]; attacked = value(capturer)
 *       if (gain[n] - attacked > 0) stop, gain[n] kept
 *   gain[n - 1] = -max(-gain[n - 1], gain[n]), from the end back to gain[0]
 *
 * On every capture of generated positions from random legal games (en
 * passant and quiet moves left out: there Berserk's first move opens lines
 * its own way) the library's reference and its engine path must give this
 * value under {SEEBATCH_STOP_WHEN_AHEAD} with classic and with Stockfish's
 * values (and the engine path's threshold test must split there). Berserk has no promotion rule,
 * so a capture that promotes is a pawn's capture, as under no promotion flag here. Legal king
 * captures meet no attacker, and a king's capture into an attack, which rule 4 forbids,
 * is refuted in the list by the king's 30000: both give the same value.
 */
#include <stdlib.h>

#include "check.h"
#include "see_calls.h"
#include "kernel.h"
#include "position_generator.h"
#include "seebatch.h"

enum { GAME_POSITIONS = 60000, KING_VALUE = 30000 };

static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

static uint64_t bit_at(int file, int rank) { return 1ull << (rank * 8 + file); }

/* The pieces of both colours on `occupied` that attack `to`. */
static uint64_t attackers_of(const seebatch_board *board, int to, uint64_t occupied)
{
    static const int lines[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                    {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    static const int jumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    const uint64_t *p = board->pieces;
    uint64_t straight = p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN];
    uint64_t diagonal = p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN];
    int file = to % 8, rank = to / 8;
    uint64_t found = 0;
    for (int d = 0; d < 8; d++) {
        int f = file + lines[d][0], r = rank + lines[d][1];
        if (on_board(f, r))
            found |= bit_at(f, r) & p[SEEBATCH_KING];
        while (on_board(f, r) && !(occupied & bit_at(f, r))) {
            f += lines[d][0];
            r += lines[d][1];
        }
        if (on_board(f, r))
            found |= bit_at(f, r) & (d < 4 ? straight : diagonal);
        f = file + jumps[d][0];
        r = rank + jumps[d][1];
        if (on_board(f, r))
            found |= bit_at(f, r) & p[SEEBATCH_KNIGHT];
    }
    /* A white pawn attacks `to` from a rank below, a black one from above. */
    for (int side = -1; side <= 1; side += 2) {
        if (on_board(file + side, rank - 1))
            found |= bit_at(file + side, rank - 1) & p[SEEBATCH_PAWN] & board->colors[0];
        if (on_board(file + side, rank + 1))
            found |= bit_at(file + side, rank + 1) & p[SEEBATCH_PAWN] & board->colors[1];
    }
    return found & occupied;
}

static int type_on(const seebatch_board *board, uint64_t seebatch_square_bit)
{
    for (int type = SEEBATCH_PAWN; type <= SEEBATCH_KING; type++)
        if (board->pieces[type] & seebatch_square_bit)
            return type;
    return -1;
}

static int32_t worth(const seebatch_config *config, int type)
{
    return type == SEEBATCH_KING ? KING_VALUE : type < 0 ? 0 : config->values[type];
}

/* The break-off swap list's value of a capture, as described above. */
static int32_t swap_list_value(const seebatch_board *board, seebatch_move move,
                               const seebatch_config *config)
{
    int from = (int)seebatch_move_from(move), to = (int)seebatch_move_to(move);
    uint64_t occupied = (board->colors[0] | board->colors[1]) & ~(1ull << from);
    int side = (board->colors[1] >> from & 1) ^ 1;
    int32_t gain[40];
    gain[0] = worth(config, type_on(board, 1ull << to));
    int32_t attacked = worth(config, type_on(board, 1ull << from));
    int n = 1;
    uint64_t attackers = attackers_of(board, to, occupied);
    for (;; n++) {
        uint64_t mine = attackers & board->colors[side];
        if (!mine)
            break;
        int type = SEEBATCH_PAWN;
        while (!(mine & board->pieces[type]))
            type++;
        uint64_t leaving = mine & board->pieces[type];
        leaving &= -leaving;
        occupied ^= leaving;
        /* A king leaving opens no line the list looks at again (Berserk
         * looks again only after a pawn, bishop, rook or queen). */
        attackers =
            type == SEEBATCH_KING ? attackers & occupied : attackers_of(board, to, occupied);
        gain[n] = attacked - gain[n - 1];
        attacked = worth(config, type);
        if (gain[n] - attacked > 0) {
            n++;
            break;
        }
        side ^= 1;
    }
    while (--n > 0)
        gain[n - 1] = -(-gain[n - 1] > gain[n] ? -gain[n - 1] : gain[n]);
    return gain[0];
}

/* The captures of a position the list judges as Berserk does: not en passant. */
static size_t judged_captures(const seebatch_board *board, seebatch_move *moves)
{
    seebatch_move all[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_captures(board, all), kept = 0;
    for (size_t i = 0; i < count; i++) {
        bool taken = (board->colors[0] | board->colors[1]) >> seebatch_move_to(all[i]) & 1;
        if (taken && seebatch_move_kind(all[i]) != SEEBATCH_MOVE_EN_PASSANT)
            moves[kept++] = all[i];
    }
    return kept;
}

int main(void)
{
    seebatch_config configs[2] = {seebatch_config_classic(), seebatch_config_stockfish()};
    configs[0].flags = configs[1].flags = SEEBATCH_STOP_WHEN_AHEAD;
    position_generator generator;
    position_generator_init(&generator, 30);
    long compared = 0, differing_from_negamax = 0;
    for (int p = 0; p < scaled(GAME_POSITIONS); p++) {
        seebatch_board board;
        position_generator_next(&generator, &board);
        seebatch_move moves[SEEBATCH_MAX_MOVES];
        size_t count = judged_captures(&board, moves);
        const seebatch_config *config = &configs[p % 2];
        seebatch_config negamax = *config;
        negamax.flags = 0;
        /* The reference move by move, the engine path, and a batch (lanes
         * from three moves on). */
        int32_t reference[SEEBATCH_MAX_MOVES], batch[SEEBATCH_MAX_MOVES];
        seebatch_rules rules;
        seebatch_rules_init(&rules, config, NULL);
        see_batch whole = {&board, NULL, moves, count, &rules, NULL};
        seebatch_reference_backend.values(&whole, reference);
        values_under(config, &(seebatch_batch){&board, 1, NULL, NULL, moves, count}, batch);
        for (size_t i = 0; i < count; i++) {
            int32_t expected = swap_list_value(&board, moves[i], config);
            char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
            seebatch_board_to_fen(&board, fen, sizeof fen);
            seebatch_move_to_uci(moves[i], uci);
            CHECK_EQ(reference[i], expected, "reference: %s %s, values %d..", fen, uci,
                     config->values[0]);
            CHECK_EQ(value_under(config, &board, moves[i]), expected,
                     "engine path: %s %s, values %d..", fen, uci, config->values[0]);
            CHECK(value_ge_under(config, &board, moves[i], expected) &&
                      !value_ge_under(config, &board, moves[i], expected + 1),
                  "engine path's threshold test at %d: %s %s, values %d..", expected, fen, uci,
                  config->values[0]);
            CHECK_EQ(batch[i], expected, "batch (%s): %s %s, values %d..", seebatch_backend_name(),
                     fen, uci, config->values[0]);
            differing_from_negamax += value_under(&negamax, &board, moves[i]) != expected;
            compared++;
        }
    }
    printf("test_stop_when_ahead: %ld captures compared, %ld of them valued otherwise by the "
           "full negamax\n",
           compared, differing_from_negamax);
    CHECK(compared >= scaled(GAME_POSITIONS), "only %ld captures compared", compared);
    /* The rule must matter on these positions, or the comparison proves little. */
    CHECK(differing_from_negamax * 100 >= compared, "only %ld of %ld captures differ",
          differing_from_negamax, compared);
    return check_finish("test_stop_when_ahead");
}
