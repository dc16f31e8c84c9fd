#include "filter_trainer.h"

#include <math.h>

#include "bitboard.h"
#include "chain_moves.h"
#include "random.h"

bool trainer_placeholder_step(filter_history *history, const training_entry *entry)
{
    bool placeholder = entry->score == 0 && entry->result != 0 &&
                       (int32_t)entry->ply > history->last_ply &&
                       trainer_large_score(history->last_score);
    history->last_ply = entry->ply;
    /* A skipped score (VALUE_NONE, or a placeholder) says nothing about
     * the game, so the zero after it is judged against the one before. */
    if (entry->score != TRAINER_VALUE_NONE && !placeholder)
        history->last_score = entry->score;
    return placeholder;
}

/* With the POPCNT copy (chain_moves.h), the ten popcounts are ten
 * instructions rather than ten library calls. */
SEEBATCH_POPCNT_CLONES
static int32_t simple_eval(const seebatch_board *board)
{
    static const int32_t values[5] = {208, 781, 825, 1276, 2538};
    int32_t material = 0;
    for (int type = SEEBATCH_PAWN; type <= SEEBATCH_QUEEN; type++) {
        bitboard pieces = board->pieces[type];
        material += values[type] * (popcount(pieces & board->colors[SEEBATCH_WHITE]) -
                                    popcount(pieces & board->colors[SEEBATCH_BLACK]));
    }
    if (board->side_to_move == SEEBATCH_BLACK)
        material = -material;
    /* nnue-pytorch returns it as a 16-bit integer: more than about 13
     * queens' worth wraps there, and so it does here. */
    return (int32_t)(int16_t)(uint16_t)(uint32_t)material;
}

int32_t trainer_simple_eval(const seebatch_board *board) { return simple_eval(board); }

double trainer_result_probability(const training_entry *entry)
{
    /* The win-rate model: a logistic curve in the score whose centre a and
     * width b are cubics in the ply (capped at 240) over 64, fitted to
     * fishtest games, with the width made 1.5 times wider. */
    double m = (entry->ply < 240 ? entry->ply : 240) / 64.0;
    double a = ((-3.68389304 * m + 30.07065921) * m + -60.52878723) * m + 149.53378557;
    double b = ((-2.0181857 * m + 15.85685038) * m + -29.83452023) * m + 47.59078827;
    b *= 1.5;
    double x = (double)(100 * entry->score) / 208;
    x = x < -2000.0 ? -2000.0 : x > 2000.0 ? 2000.0 : x;
    double win = 1.0 / (1 + exp((a - x) / b));
    double loss = 1.0 / (1 + exp((a + x) / b));
    if (entry->result > 0)
        return win;
    if (entry->result < 0)
        return loss;
    return 1.0 - win - loss;
}

double trainer_draw(uint64_t seed, unsigned rule, const training_entry *entry)
{
    /* The clocks are left out: plain text keeps the rule-50 counter in 8
     * bits and derives the move number from the ply, so they would make an
     * entry's draw differ between its binpack and its plain form. */
    const seebatch_board *board = &entry->board;
    uint64_t h = random_mix(seed + 0x9e3779b97f4a7c15u * (rule + 1));
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        h = random_mix(h ^ board->pieces[type]);
    h = random_mix(h ^ board->colors[SEEBATCH_WHITE]);
    h = random_mix(h ^ board->colors[SEEBATCH_BLACK]);
    uint64_t rest = (uint64_t)board->side_to_move | (uint64_t)board->en_passant << 8 |
                    (uint64_t)board->castling << 16 | (uint64_t)entry->move << 24 |
                    (uint64_t)(uint16_t)entry->score << 40;
    h = random_mix(h ^ rest);
    h = random_mix(h ^ ((uint64_t)entry->ply | (uint64_t)(uint8_t)entry->result << 16));
    return (double)(h >> 11) * 0x1.0p-53; /* the top 53 bits, exactly a double */
}
