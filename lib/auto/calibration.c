/* seebatch calibrate's measuring: every kernel on every call shape (calibration.h). */
#include "calibration.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "call_shapes.h"
#include "cpu_features.h"
#include "dispatch.h"
#include "errors.h"
#include "profile.h"
#include "random.h"

_Static_assert((int)CALIBRATION_SHAPES == (int)CALL_SHAPES, "a shape a calibration entry");
_Static_assert((int)CALIBRATION_KERNELS == (int)CHOICE_KERNELS, "a kernel a choice letter");
_Static_assert((int)CALIBRATION_NAME_TEXT >= (int)SHAPE_NAME_TEXT &&
                   (int)CALIBRATION_NAME_TEXT >= (int)CHOICES_TEXT,
               "names fit");
_Static_assert((int)CALIBRATION_PROFILE_TEXT == (int)PROFILE_TEXT, "the profile's text fits");
_Static_assert((int)CALIBRATION_PATH_TEXT == (int)PROFILE_PATH_TEXT, "the profile's path fits");

enum {
    SHORT_CALL = 4,     /* moves a call of a short shape (under SHORT_BATCH_BELOW) */
    LONG_CALL = 256,    /* and of a long one on many boards */
    ROUNDS = 5,         /* each kernel's fastest of this many turns on a shape */
    MOVES_A_LOOK = 2048 /* moves between looks at the clock */
};
_Static_assert((int)SHORT_CALL < (int)SHORT_BATCH_BELOW && (int)LONG_CALL >= (int)SHORT_BATCH_BELOW,
               "the shapes");

/* The positions and their moves, in every arrangement a shape calls for. */
typedef struct calibration_work {
    seebatch_board *boards;
    seebatch_pins *pins;
    size_t board_count;
    seebatch_move *moves, *scattered_moves; /* every capture, by board; shuffled */
    uint32_t *board_of, *scattered_board_of;
    size_t move_count;
    size_t *first_move;                 /* board b's captures: first_move[b] .. first_move[b + 1] */
    uint32_t *few_boards, *many_boards; /* boards with 1..7 captures, and with 8 or more */
    size_t few_count, many_count;
    seebatch_rules rules;
    int32_t values[SEEBATCH_MAX_MOVES];
    uint8_t passed[SEEBATCH_MAX_MOVES];
} calibration_work;

static void seebatch_calibration_work_free(calibration_work *work)
{
    free(work->boards);
    free(work->pins);
    free(work->moves);
    free(work->scattered_moves);
    free(work->board_of);
    free(work->scattered_board_of);
    free(work->first_move);
    free(work->few_boards);
    free(work->many_boards);
}

/* Every capture of every board, by board, and where each board's start. */
static bool seebatch_calibration_captures(calibration_work *work)
{
    size_t capacity = work->board_count * 4 + SEEBATCH_MAX_MOVES;
    seebatch_capture_list list = {NULL, NULL, 0, 0, 0};
    while (list.next_board < work->board_count) {
        capacity *= 2;
        seebatch_move *moves = realloc(list.moves, capacity * sizeof *moves);
        if (moves)
            list.moves = moves;
        uint32_t *board_of = realloc(list.board_of_move, capacity * sizeof *board_of);
        if (board_of)
            list.board_of_move = board_of;
        if (!moves || !board_of)
            break;
        list.capacity = capacity;
        if (seebatch_generate_captures_multi(work->boards, work->board_count, &list, NULL) !=
            SEEBATCH_OK)
            break;
    }
    work->moves = list.moves;
    work->board_of = list.board_of_move;
    work->move_count = list.count;
    return list.next_board == work->board_count;
}

/* The captures shuffled (each names its board), and the boards of few and
 * of many captures. */
static bool seebatch_calibration_arrangements(calibration_work *work)
{
    size_t n = work->move_count, boards = work->board_count;
    work->scattered_moves = malloc((n + 1) * sizeof *work->scattered_moves);
    work->scattered_board_of = malloc((n + 1) * sizeof *work->scattered_board_of);
    work->first_move = calloc(boards + 1, sizeof *work->first_move);
    work->few_boards = malloc((boards + 1) * sizeof *work->few_boards);
    work->many_boards = malloc((boards + 1) * sizeof *work->many_boards);
    if (!work->scattered_moves || !work->scattered_board_of || !work->first_move ||
        !work->few_boards || !work->many_boards)
        return false;
    memcpy(work->scattered_moves, work->moves, n * sizeof *work->moves);
    memcpy(work->scattered_board_of, work->board_of, n * sizeof *work->board_of);
    uint64_t state = 57;
    random_shuffle_moves(work->scattered_moves, work->scattered_board_of, n, &state);
    for (size_t i = 0; i < n; i++)
        work->first_move[work->board_of[i] + 1]++;
    for (size_t b = 0; b < boards; b++) {
        size_t count = work->first_move[b + 1];
        work->first_move[b + 1] += work->first_move[b];
        if (count >= SHORT_BATCH_BELOW)
            work->many_boards[work->many_count++] = (uint32_t)b;
        else if (count > 0)
            work->few_boards[work->few_count++] = (uint32_t)b;
    }
    return true;
}

/* The boards of text, their pins and their captures. */
static seebatch_status seebatch_calibration_work_make(const char *text, size_t length,
                                                      calibration_work *work, seebatch_error *error)
{
    memset(work, 0, sizeof *work);
    seebatch_config config = seebatch_config_stockfish();
    seebatch_rules_init(&work->rules, &config, NULL);
    work->board_count = seebatch_count_rows(text, length);
    if (work->board_count == 0)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "no positions to calibrate on");
    work->boards = malloc(work->board_count * sizeof *work->boards);
    work->pins = malloc(work->board_count * sizeof *work->pins);
    if (!work->boards || !work->pins)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "out of memory");
    seebatch_fen_rows_report report = {0};
    seebatch_status status =
        seebatch_boards_from_fens(text, length, work->board_count, work->boards, &report, error);
    if (status != SEEBATCH_OK)
        return status;
    if (report.bad_rows)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN, "%zu of the positions are not FENs",
                             report.bad_rows);
    for (size_t b = 0; b < work->board_count; b++)
        seebatch_pins_compute(&work->boards[b], &work->pins[b]);
    if (!seebatch_calibration_captures(work) || !seebatch_calibration_arrangements(work))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "out of memory");
    if (work->few_count == 0 || work->many_count == 0 || work->move_count < LONG_CALL)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "the positions hold too few captures to time every shape (boards "
                             "with under %d captures: %zu, with more: %zu)",
                             SHORT_BATCH_BELOW, work->few_count, work->many_count);
    return seebatch_succeed(error);
}

/* Where a shape's calls walk through the work: the next call's batch. */
typedef struct shape_walk {
    unsigned shape;
    size_t cursor;
} shape_walk;

static see_batch seebatch_calibration_next_call(const calibration_work *work, shape_walk *walk)
{
    unsigned boards = walk->shape / 4 % 3;
    bool pins_given = walk->shape / 2 % 2, long_call = walk->shape % 2;
    see_batch batch = {work->boards, NULL, NULL, 0, &work->rules, pins_given ? work->pins : NULL};
    if (boards == BOARDS_ONE) {
        const uint32_t *list = long_call ? work->many_boards : work->few_boards;
        size_t count = long_call ? work->many_count : work->few_count;
        uint32_t b = list[walk->cursor++ % count];
        batch.boards = &work->boards[b];
        batch.pins = pins_given ? &work->pins[b] : NULL;
        batch.moves = &work->moves[work->first_move[b]];
        batch.count = work->first_move[b + 1] - work->first_move[b];
        return batch;
    }
    size_t length = long_call ? LONG_CALL : SHORT_CALL;
    if (walk->cursor + length > work->move_count)
        walk->cursor = 0;
    bool scattered = boards == BOARDS_SCATTERED;
    batch.moves = (scattered ? work->scattered_moves : work->moves) + walk->cursor;
    batch.board_of_move = (scattered ? work->scattered_board_of : work->board_of) + walk->cursor;
    batch.count = length;
    walk->cursor += length;
    return batch;
}

/* One turn of a kernel on a shape for about `seconds`: nanoseconds a move. */
static double seebatch_calibration_time_turn(calibration_work *work, const see_backend *kernel,
                                             shape_walk *walk, double seconds)
{
    bool threshold = walk->shape >= 12;
    size_t moves = 0;
    clock_t start = clock(), now = start;
    clock_t until = start + (clock_t)(seconds * CLOCKS_PER_SEC);
    do {
        for (size_t done = 0; done < MOVES_A_LOOK;) {
            see_batch batch = seebatch_calibration_next_call(work, walk);
            /* as auto runs it: the shortest batches on scalar (dispatch.h) */
            const see_backend *runs =
                batch.count < kernel->shortest_useful_batch ? &seebatch_scalar_backend : kernel;
            if (threshold)
                runs->see_ge(&batch, 0, work->passed);
            else
                runs->values(&batch, work->values);
            done += batch.count;
            moves += batch.count;
        }
        now = clock();
    } while (now < until);
    return (double)(now - start) / CLOCKS_PER_SEC * 1e9 / (double)moves;
}

/* The row of measured_cpus.c's table for what was found. */
static void seebatch_calibration_row(seebatch_calibration *found, const seebatch_cpu *cpu)
{
    unsigned family = seebatch_cpu_family(cpu), model = seebatch_cpu_model(cpu);
    bool avx512 = seebatch_cpu_runs_avx512(cpu);
    char kernels[64] = "";
    for (unsigned k = 0; k < CALIBRATION_KERNELS; k++)
        if (found->kernel_ran[k])
            snprintf(kernels + strlen(kernels), sizeof kernels - strlen(kernels), "%s%s",
                     *kernels ? ", " : "", found->kernel_names[k]);
    snprintf(found->row, sizeof found->row,
             "{\"%s\", 0x%02X, 0x%02X, 0x%02X, %s, \"%s\", \"measured: %s family %02Xh model "
             "%02Xh%s by seebatch calibrate %s: the fastest of %s on each call shape, %zu real "
             "positions\"},",
             *cpu->vendor ? cpu->vendor : "unknown", family, model, model,
             avx512 ? "true" : "false", found->choices, *cpu->vendor ? cpu->vendor : "unknown",
             family, model, avx512 ? " with AVX-512" : "", seebatch_version(), kernels,
             found->positions);
}

/* The fastest kernel of every shape, and what it becomes. */
static void seebatch_calibration_conclude(seebatch_calibration *found)
{
    shape_choices choices;
    for (unsigned shape = 0; shape < CALIBRATION_SHAPES; shape++) {
        unsigned best = 0;
        for (unsigned k = 1; k < CALIBRATION_KERNELS; k++)
            if (found->kernel_ran[k] &&
                found->ns_per_move[shape][k] < found->ns_per_move[shape][best])
                best = k;
        found->fastest[shape] = best;
        choices.kernel[shape] = (uint8_t)best;
        seebatch_shape_name(shape, found->shape_names[shape]);
    }
    seebatch_choices_format(&choices, found->choices);
    seebatch_cpu cpu = seebatch_cpu_here();
    seebatch_calibration_row(found, &cpu);
    seebatch_profile_text(&cpu, &choices, found->profile);
    if (!seebatch_profile_path(&cpu, found->profile_path, &found->path_named))
        found->profile_path[0] = '\0';
}

seebatch_status seebatch_calibrate(const char *text, size_t length, double seconds,
                                   seebatch_calibration *found, seebatch_error *error)
{
    memset(found, 0, sizeof *found);
    clock_t start = clock();
    calibration_work work;
    seebatch_status status =
        text && length
            ? seebatch_calibration_work_make(text, length, &work, error)
            : seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "no positions to calibrate on");
    if (status != SEEBATCH_OK) {
        seebatch_calibration_work_free(&work);
        return status;
    }
    found->positions = work.board_count;
    found->moves = work.move_count;
    const see_backend *kernels[CALIBRATION_KERNELS];
    unsigned ran = 0;
    for (unsigned k = 0; k < CALIBRATION_KERNELS; k++) {
        found->kernel_names[k] = seebatch_choice_kernel_names[k];
        kernels[k] = seebatch_find_runnable_backend(seebatch_choice_kernel_names[k]);
        found->kernel_ran[k] = kernels[k] != NULL;
        ran += found->kernel_ran[k];
    }
    double turn = seconds / (ROUNDS * CALIBRATION_SHAPES * ran);
    shape_walk walks[CALIBRATION_SHAPES][CALIBRATION_KERNELS] = {{{0, 0}}};
    for (unsigned round = 0; round < ROUNDS; round++)
        for (unsigned shape = 0; shape < CALIBRATION_SHAPES; shape++)
            for (unsigned k = 0; k < CALIBRATION_KERNELS; k++) {
                if (!kernels[k])
                    continue;
                walks[shape][k].shape = shape;
                double ns =
                    seebatch_calibration_time_turn(&work, kernels[k], &walks[shape][k], turn);
                double *best = &found->ns_per_move[shape][k];
                if (round == 0 || ns < *best)
                    *best = ns;
            }
    seebatch_calibration_work_free(&work);
    seebatch_calibration_conclude(found);
    found->seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    return seebatch_succeed(error);
}
