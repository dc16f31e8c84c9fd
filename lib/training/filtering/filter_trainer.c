#include "filter_trainer.h"

#include <math.h>

#include "board/bitboard.h"
#include "training/formats/chain_coding_choice.h"
#include "training/formats/chain_moves.h"
#include "random.h"

int32_t seebatch_trainer_simple_eval(const chain_coding *coding, const seebatch_board *board)
{
    static const int32_t values[5] = {208, 781, 825, 1276, 2538};
    /* nnue-pytorch returns it as a 16-bit integer: more than about 13
     * queens' worth wraps there, and so it does here. */
    return (int32_t)(int16_t)(uint16_t)(uint32_t)coding->material(board, values);
}

double seebatch_trainer_result_probability(const training_entry *entry)
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

double seebatch_trainer_draw(uint64_t seed, unsigned rule, const training_entry *entry)
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

double seebatch_trainer_soft_early_keep(int32_t until, uint32_t ply)
{
    const double x[5] = {0, 6, 10, 18, until}, y[5] = {0.1, 0.15, 0.25, 0.75, 1.0};
    double p = ply, keep = 1.0;
    if (p <= x[0])
        keep = y[0];
    else if (p >= x[4])
        keep = y[4];
    else
        for (int i = 0; i < 4; i++)
            if (p >= x[i] && p <= x[i + 1]) { /* the first segment that holds it */
                keep = x[i + 1] == x[i] ? y[i]
                                        : y[i] + (p - x[i]) / (x[i + 1] - x[i]) * (y[i + 1] - y[i]);
                break;
            }
    return keep < 0 ? 0 : keep > 1 ? 1 : keep;
}

/* The spline's slope at its point i: one-sided at the ends, else centred,
 * per point (not per square: nnue-pytorch's own scale). */
static double seebatch_spline_slope(const double y[5], int i)
{
    return i == 0 ? y[1] - y[0] : i == 4 ? y[4] - y[3] : (y[i + 1] - y[i - 1]) / 2.0;
}

static double seebatch_piece_weight(int pieces)
{
    static const double y[5] = {0.0, 0.4, 1.0, 1.0, 0.75};
    if (pieces <= 0)
        return y[0];
    if (pieces >= 32)
        return y[4];
    int i = pieces / 8 > 3 ? 3 : pieces / 8;
    double t = (pieces - i * 8.0) / 8.0, t2 = t * t, t3 = t2 * t;
    double value = (2 * t3 - 3 * t2 + 1) * y[i] + (t3 - 2 * t2 + t) * seebatch_spline_slope(y, i) +
                   (-2 * t3 + 3 * t2) * y[i + 1] + (t3 - t2) * seebatch_spline_slope(y, i + 1);
    return value > 0 ? value : 0;
}

double seebatch_trainer_piece_weights(double weights[TRAINER_PIECE_COUNTS])
{
    double total = 0;
    for (int pc = 0; pc < TRAINER_PIECE_COUNTS; pc++)
        total += weights[pc] = seebatch_piece_weight(pc);
    if (total > 0)
        return total;
    for (int pc = 0; pc < TRAINER_PIECE_COUNTS; pc++)
        weights[pc] = 1.0;
    return TRAINER_PIECE_COUNTS;
}

/* nnue-pytorch moves the scale at these steps: 100, 500, 1000, 2500, 5000,
 * then every 10,000 (halving the counts seen there). */
static bool seebatch_rescale_step(uint64_t step)
{
    return step == 100 || step == 500 || step == 1000 || step == 2500 || step == 5000 ||
           (step > 5000 && step % 10000 == 0);
}

/* How far below its target share a piece count is seen: target / seen. */
static double seebatch_target_ratio(const piece_count_history *h, const double *weights,
                                    double total, int pc)
{
    return h->seen_total * weights[pc] / (total * h->seen[pc]);
}

/* Scales the keep chances so the piece count seen most above its target
 * share is kept 2.5% of the time (at most 97.5% skipped). */
static void seebatch_rescale(piece_count_history *h, const double *weights, double total)
{
    double smallest = 0;
    bool found = false;
    for (int pc = 0; pc < TRAINER_PIECE_COUNTS; pc++)
        if (weights[pc] > 0 && h->seen[pc] > 0) {
            double ratio = seebatch_target_ratio(h, weights, total, pc);
            if (!found || ratio < smallest)
                smallest = ratio;
            found = true;
        }
    if (found && smallest > 0)
        h->alpha = (1.0 - 0.975) / smallest;
    if (h->steps >= 10000 && h->steps % 10000 == 0) {
        for (int pc = 0; pc < TRAINER_PIECE_COUNTS; pc++)
            h->seen[pc] *= 0.5;
        h->seen_total *= 0.5;
    }
}

double seebatch_trainer_piece_count_keep(piece_count_history *h,
                                         const double weights[TRAINER_PIECE_COUNTS],
                                         double weights_total, const seebatch_board *board)
{
    int pc = popcount(board->colors[SEEBATCH_WHITE] | board->colors[SEEBATCH_BLACK]);
    if (pc >= TRAINER_PIECE_COUNTS)
        return 0;
    h->seen[pc] += 1.0;
    h->seen_total += 1.0;
    if (seebatch_rescale_step(++h->steps))
        seebatch_rescale(h, weights, weights_total);
    double keep = weights[pc] > 0 && h->seen[pc] > 0
                      ? h->alpha * seebatch_target_ratio(h, weights, weights_total, pc)
                      : 0.0;
    return keep < 0 ? 0 : keep > 1 ? 1 : keep;
}
