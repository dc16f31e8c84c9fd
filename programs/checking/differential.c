#include "differential.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "engine_boards.h"
#include "oracle.h"

enum { REPORTS_IN_FULL = 20 };

void differential_init(differential *check, bool use_oracle, FILE *report)
{
    memset(check, 0, sizeof *check);
    const char *names[DIFFERENTIAL_MAX_KERNELS];
    size_t count = seebatch_backends_available(names, DIFFERENTIAL_MAX_KERNELS);
    for (size_t i = 0; i < count && i < DIFFERENTIAL_MAX_KERNELS; i++) {
        const see_backend *kernel = seebatch_find_runnable_backend(names[i]);
        if (strcmp(names[i], "scalar") == 0) { /* each walk it may run, in its place */
            check->first_walk = check->kernel_count;
            check->walk_count = seebatch_scalar_walks(check->kernels + check->kernel_count);
            check->kernel_count += check->walk_count;
        } else if (kernel)
            check->kernels[check->kernel_count++] = kernel;
    }
    check->view_set_count = seebatch_view_sets(check->view_sets);
    check->use_oracle = use_oracle;
    check->report = report;
    check->reports_left = REPORTS_IN_FULL;
}

void differential_describe(const differential *check, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "reference");
    for (size_t k = 0; k < check->kernel_count && used < size; k++)
        used += (size_t)snprintf(out + used, size - used, ", %s", check->kernels[k]->name);
    if (check->use_oracle && used < size)
        snprintf(out + used, size - used, ", oracle");
}

/* The FEN, or the bitboards of a board FEN cannot write; which one depends
 * on the board only, never on the room left (a short buffer gets the start
 * of the same text). Returns the length the whole text needs. */
static size_t format_board(const seebatch_board *board, char *out, size_t size)
{
    char fen[SEEBATCH_FEN_MAX];
    size_t length = seebatch_board_to_fen(board, fen, sizeof fen);
    if (length > 0)
        return (size_t)snprintf(out, size, "%s", fen);
    const uint64_t *parts[8] = {&board->pieces[0], &board->pieces[1], &board->pieces[2],
                                &board->pieces[3], &board->pieces[4], &board->pieces[5],
                                &board->colors[0], &board->colors[1]};
    length = (size_t)snprintf(out, size, "bitboards ");
    for (int i = 0; i < 8 && length < size; i++)
        length +=
            (size_t)snprintf(out + length, size - length, "%s%" PRIx64, i ? "/" : "", *parts[i]);
    return length;
}

/* A case as differential_format_case writes it, from the values of pawn..queen
 * and the flags (a configuration's, or prepared rules' alike). */
static const char *format_case(const seebatch_board *board, seebatch_move move,
                               const int32_t *values, uint32_t flags, char *out, size_t size)
{
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(move, uci);
    /* The squares as they are (castling's UCI writes the king's target):
     * the reader infers nothing. */
    uci[2] = (char)('a' + seebatch_move_to(move) % 8);
    uci[3] = (char)('1' + seebatch_move_to(move) / 8);
    size_t length = format_board(board, out, size);
    if (length < size)
        snprintf(out + length, size - length,
                 ";%s;%u;%" PRId32 ",%" PRId32 ",%" PRId32 ",%" PRId32 ",%" PRId32 ";%" PRIu32, uci,
                 seebatch_move_kind(move), values[0], values[1], values[2], values[3], values[4],
                 flags);
    return out;
}

static void report_mismatch(differential *check, const see_batch *batch, size_t i, const char *what,
                            int32_t reference, long long other)
{
    check->mismatches++;
    if (!check->report || check->reports_left == 0)
        return;
    check->reports_left--;
    char text[512];
    format_case(board_of(batch, i), batch->moves[i], batch->rules->value, batch->rules->flags, text,
                sizeof text);
    fprintf(check->report, "MISMATCH %s: reference %" PRId32 ", got %lld (lane %zu of %zu)\n  %s\n",
            what, reference, other, i, batch->count, text);
}

/* A kernel's threshold test at t must say exactly which reference values are >= t. */
static void compare_thresholds(differential *check, const see_backend *kernel,
                               const see_batch *batch, const int32_t *reference, int32_t threshold)
{
    uint8_t passed[DIFFERENTIAL_MAX_BATCH];
    kernel->see_ge(batch, threshold, passed);
    check->lanes += batch->count;
    for (size_t i = 0; i < batch->count; i++)
        if (passed[i] != (reference[i] >= threshold)) {
            char what[96];
            snprintf(what, sizeof what, "%s see_ge(t=%" PRId32 ")", kernel->name, threshold);
            report_mismatch(check, batch, i, what, reference[i], passed[i]);
        }
}

/* Thresholds that split the batch's values in different places: 0, and
 * just at and above the value of a lane that rotates with the batch. */
static void compare_threshold_tests(differential *check, const see_backend *kernel,
                                    const see_batch *batch, const int32_t *reference)
{
    compare_thresholds(check, kernel, batch, reference, 0);
    if (batch->count > 0) {
        int32_t pivot = reference[(size_t)(check->lanes / 7) % batch->count];
        compare_thresholds(check, kernel, batch, reference, pivot);
        compare_thresholds(check, kernel, batch, reference, pivot + 1);
    }
}

static void compare_values(differential *check, const see_backend *kernel, const see_batch *batch,
                           const int32_t *reference)
{
    int32_t values[DIFFERENTIAL_MAX_BATCH];
    kernel->values(batch, values);
    check->lanes += batch->count;
    for (size_t i = 0; i < batch->count; i++)
        if (values[i] != reference[i]) {
            char what[64];
            snprintf(what, sizeof what, "%s value", kernel->name);
            report_mismatch(check, batch, i, what, reference[i], values[i]);
        }
}

/* One move of the engine path, pins supplied and not: the exact value and
 * the threshold test at the value and just above it. */
static void compare_engine_move(differential *check, const see_batch *batch, size_t i,
                                const seebatch_rules *rules, const seebatch_pins *pins,
                                int32_t reference)
{
    const seebatch_board *board = board_of(batch, i);
    seebatch_move move = batch->moves[i];
    int32_t with_pins = seebatch_value(rules, board, pins, move);
    int32_t without = seebatch_value(rules, board, NULL, move);
    if (with_pins != reference)
        report_mismatch(check, batch, i, "engine value (pins given)", reference, with_pins);
    if (without != reference)
        report_mismatch(check, batch, i, "engine value", reference, without);
    int32_t thresholds[3] = {reference, reference + 1, 0};
    for (int t = 0; t < 3; t++) {
        bool passed = seebatch_value_ge(rules, board, t == 1 ? NULL : pins, move, thresholds[t]);
        if (passed != (reference >= thresholds[t])) {
            char what[64];
            snprintf(what, sizeof what, "engine see_ge(t=%" PRId32 ")", thresholds[t]);
            report_mismatch(check, batch, i, what, reference, passed);
        }
    }
    check->lanes += 5;
}

/* Whether the view's inline functions answer a move under these rules:
 * normal moves, and promotions no rule counts (then a pawn's normal move). */
static bool view_answers(seebatch_move move, uint32_t flags)
{
    unsigned kind = seebatch_move_kind(move);
    uint32_t promotion_rules =
        SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY | SEEBATCH_NORMAL_MOVES_ONLY;
    return kind == SEEBATCH_MOVE_NORMAL ||
           (kind <= SEEBATCH_MOVE_PROMOTE_QUEEN && !(flags & promotion_rules));
}

/* A view call that answered otherwise than the reference: which call,
 * with which set of exchanges and threshold, what it gave. */
typedef struct view_answer {
    const char *call;
    size_t set;
    int32_t t;
    int32_t reference;
    long long got;
} view_answer;

static void report_view(differential *check, const see_batch *batch, size_t i,
                        const engine_board *engine, view_answer answer)
{
    char what[128];
    snprintf(what, sizeof what, "view %s (%s layout, exchange set %zu, t=%" PRId32 ")", answer.call,
             engine_kind_name(engine->kind), answer.set, answer.t);
    report_mismatch(check, batch, i, what, answer.reference, answer.got);
}

/* A move through the inline view functions, with each set of exchanges: the
 * exact value, and the threshold test at the thresholds that bracket the
 * value and at the ends of the range. */
static void compare_view_move(differential *check, const see_batch *batch, size_t i,
                              const seebatch_view_rules *rules, const engine_board *engine,
                              int32_t reference)
{
    seebatch_move given = engine_move(engine, batch->moves[i]);
    unsigned from = seebatch_move_from(given), to = seebatch_move_to(given);
    /* The views take a normal move only: a promotion no rule counts is the
     * pawn's normal move (kind bits would reach the view's from-square). */
    seebatch_move move = seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL);
    unsigned mover = engine->mailbox[from], victim = engine->mailbox[to];
    const void *pins = engine->pin_words;
    int32_t thresholds[5] = {reference, reference + 1, 0, INT32_MIN, INT32_MAX};
    for (size_t e = 0; e < check->view_set_count; e++) {
        seebatch_view_rules with = *rules;
        seebatch_view_choose_exchanges(&with, check->view_sets[e]);
        int32_t value = seebatch_view_see_value(&with, &engine->view, pins, move, mover, victim);
        if (value != reference)
            report_view(check, batch, i, engine, (view_answer){"value", e, 0, reference, value});
        for (int t = 0; t < 5; t++) {
            bool passed = seebatch_view_see_ge(&with, &engine->view, pins, move, mover, victim,
                                               thresholds[t]);
            if (passed != (reference >= thresholds[t]))
                report_view(check, batch, i, engine,
                            (view_answer){"see_ge", e, thresholds[t], reference, passed});
        }
        check->lanes += 6;
    }
}

/* Thresholds for the moves of a batch that make every early exit of the
 * one-board walk and its exchanges answer both ways: just below, at and
 * just above each value in turn, with the ends of the range now and then
 * (INT32_MIN passes everything; INT32_MAX only a move worth that much). */
static void thresholds_around(const int32_t *reference, size_t count, unsigned turn,
                              int32_t *thresholds)
{
    for (size_t i = 0; i < count; i++) {
        unsigned pick = (unsigned)(i + turn) % 5;
        thresholds[i] = pick == 3   ? INT32_MIN
                        : pick == 4 ? (i % 2 ? INT32_MAX : 0)
                                    : reference[i] + (int32_t)pick - 1;
    }
}

/* Any move, special kinds too, through the views' gathering entries. */
static void compare_view_any_move(differential *check, const see_batch *batch, size_t i,
                                  const seebatch_view_rules *rules, const engine_board *engine,
                                  int32_t reference)
{
    seebatch_move move = engine_move(engine, batch->moves[i]);
    const void *pins = engine->pin_words;
    int32_t value = seebatch_view_see_value_move(rules, &engine->view, pins, move);
    if (value != reference)
        report_view(check, batch, i, engine, (view_answer){"value_move", 0, 0, reference, value});
    int32_t thresholds[2] = {reference, reference + 1};
    for (int t = 0; t < 2; t++) {
        bool passed = seebatch_view_see_ge_move(rules, &engine->view, pins, move, thresholds[t]);
        if (passed != (reference >= thresholds[t]))
            report_view(check, batch, i, engine,
                        (view_answer){"see_ge_move", 0, thresholds[t], reference, passed});
    }
    check->lanes += 3;
}

/* Moves [first, end) of a batch. */
typedef struct move_range {
    size_t first, end;
} move_range;

/* The reference for moves as an engine of this layout holds them: the
 * batch's, or for an engine counting from a8 the reference's own value on
 * the board its bits spell in seebatch's numbering (see seebatch_view_check:
 * rule 2's tie-break counts in the engine's numbers). */
static void engine_references(const see_batch *batch, move_range range, const engine_board *engine,
                              const seebatch_board *spelled, const int32_t *reference, int32_t *out)
{
    size_t first = range.first, end = range.end;
    if (!engine->flip) {
        memcpy(out + first, reference + first, (end - first) * sizeof *out);
        return;
    }
    seebatch_move moves[DIFFERENTIAL_MAX_BATCH];
    for (size_t i = first; i < end; i++)
        moves[i] = engine_move(engine, batch->moves[i]);
    see_batch spelled_batch = {spelled, NULL, moves + first, end - first, batch->rules, NULL};
    seebatch_reference_backend.values(&spelled_batch, out + first);
}

/* The moves of a board the views' inline calls answer, in one call
 * (seebatch_view_see_ge_each, whose loop inlines each layout's exchange),
 * with each set of exchanges, at thresholds around every value. */
static void compare_view_each(differential *check, const see_batch *batch, move_range range,
                              const seebatch_view_rules *rules, const engine_board *engine,
                              const int32_t *expected)
{
    seebatch_view_move moves[DIFFERENTIAL_MAX_BATCH];
    int32_t values[DIFFERENTIAL_MAX_BATCH], thresholds[DIFFERENTIAL_MAX_BATCH];
    size_t at[DIFFERENTIAL_MAX_BATCH], n = 0;
    for (size_t i = range.first; i < range.end; i++) {
        if (!view_answers(batch->moves[i], rules->rules.flags))
            continue;
        seebatch_move given = engine_move(engine, batch->moves[i]);
        unsigned from = seebatch_move_from(given), to = seebatch_move_to(given);
        moves[n] = (seebatch_view_move){seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL),
                                        engine->mailbox[from], engine->mailbox[to], 0};
        values[n] = expected[i];
        at[n++] = i;
    }
    thresholds_around(values, n, (unsigned)(check->lanes % 5), thresholds);
    for (size_t k = 0; k < n; k++)
        moves[k].threshold = thresholds[k];
    for (size_t e = 0; e < check->view_set_count; e++) {
        seebatch_view_rules with = *rules;
        seebatch_view_choose_exchanges(&with, check->view_sets[e]);
        uint8_t passed[DIFFERENTIAL_MAX_BATCH];
        seebatch_view_see_ge_each(&with, &engine->view, engine->pin_words, moves, n, passed);
        for (size_t k = 0; k < n; k++)
            if (passed[k] != (values[k] >= thresholds[k]))
                report_view(check, batch, at[k], engine,
                            (view_answer){"see_ge_each", e, thresholds[k], values[k], passed[k]});
        check->lanes += n;
    }
}

/* A board's moves through views, read in one engine's layout (a different
 * one for each board in turn): the engine must describe the same board. */
static void compare_views(differential *check, const see_batch *batch, size_t first, size_t end,
                          const seebatch_pins *pins, const int32_t *reference)
{
    engine_kind kind = (engine_kind)(check->boards_seen++ % ENGINE_KINDS);
    seebatch_view_rules rules;
    seebatch_error error;
    if (engine_view_rules(kind, check->config, &rules, &error) != SEEBATCH_OK) {
        report_mismatch(check, batch, first, error.message, reference[first], -1);
        return;
    }
    engine_board engine;
    engine_board_of(kind, board_of(batch, first), pins, &engine);
    seebatch_board spelled;
    if (seebatch_view_check(&rules, &engine.view, engine.pin_words, &spelled, &error) !=
        SEEBATCH_OK) {
        report_mismatch(check, batch, first, error.message, reference[first], -1);
        return;
    }
    int32_t expected[DIFFERENTIAL_MAX_BATCH];
    engine_references(batch, (move_range){first, end}, &engine, &spelled, reference, expected);
    for (size_t i = first; i < end; i++) {
        if (view_answers(batch->moves[i], rules.rules.flags))
            compare_view_move(check, batch, i, &rules, &engine, expected[i]);
        compare_view_any_move(check, batch, i, &rules, &engine, expected[i]);
    }
    compare_view_each(check, batch, (move_range){first, end}, &rules, &engine, expected);
}

/* The engine path on every move, and its per-move thresholds on each run of
 * moves of one board, with thresholds that split the run around its values. */
/* What a threshold call answered: passed[i] for thresholds[i]. */
typedef struct threshold_answers {
    const char *what; /* the call, for the message */
    const int32_t *thresholds;
    const uint8_t *passed;
    const char *walk; /* the walk whose own call it was, or NULL */
} threshold_answers;

/* passed[first..end) against the reference's values and their thresholds. */
static void compare_passed(differential *check, const see_batch *batch, move_range range,
                           const int32_t *reference, threshold_answers answers)
{
    const char *what = answers.what;
    const int32_t *thresholds = answers.thresholds;
    const uint8_t *passed = answers.passed;
    size_t first = range.first, end = range.end;
    for (size_t i = first; i < end; i++)
        if (passed[i] != (reference[i] >= thresholds[i])) {
            char text[160];
            snprintf(text, sizeof text, "%s%s%s(t=%" PRId32 ")", answers.walk ? answers.walk : "",
                     answers.walk ? " " : "", what, thresholds[i]);
            report_mismatch(check, batch, i, text, reference[i], passed[i]);
        }
    check->lanes += end - first;
}

/* The public call with a threshold per move, one board or many, with the
 * batch's pins (given or worked out), made on slices of `slice` moves. */
static void compare_thresholds_in_slices(differential *check, const see_batch *batch,
                                         size_t board_count, size_t slice, const int32_t *reference,
                                         const int32_t *thresholds)
{
    uint8_t passed[DIFFERENTIAL_MAX_BATCH];
    for (size_t first = 0; first < batch->count; first += slice) {
        size_t length = batch->count - first < slice ? batch->count - first : slice;
        const uint32_t *board_of_move = batch->board_of_move ? batch->board_of_move + first : NULL;
        seebatch_batch part = {batch->boards, board_count,          batch->pins,
                               board_of_move, batch->moves + first, length};
        seebatch_values_ge(batch->rules, &part, 0, thresholds + first, passed + first);
    }
    compare_passed(check, batch, (move_range){0, batch->count}, reference,
                   (threshold_answers){"see_ge a threshold each", thresholds, passed, NULL});
}

/* The next walk whose own calls are compared (differential.h): each in
 * turn, whatever walk the plan takes here, so that a CPU whose row prefers
 * one still tests the other (a pext walk where pext is slow). */
static const see_backend *next_walk(differential *check)
{
    return check->kernels[check->first_walk + check->walk_turn++ % check->walk_count];
}

/* Over the whole batch (in the lanes of the backend in use when long) and in
 * slices short enough for the move by move walk, each slice of a mixed batch
 * holding moves of several boards. */
static void compare_thresholds_each(differential *check, const see_batch *batch,
                                    const int32_t *reference, const int32_t *thresholds)
{
    enum { SHORT_SLICE = 5 };
    size_t board_count = 1;
    for (size_t i = 0; batch->board_of_move && i < batch->count; i++)
        if (batch->board_of_move[i] >= board_count)
            board_count = batch->board_of_move[i] + 1u;
    compare_thresholds_in_slices(check, batch, board_count, SHORT_SLICE, reference, thresholds);
    if (batch->count > SHORT_SLICE)
        compare_thresholds_in_slices(check, batch, board_count, batch->count, reference,
                                     thresholds);
    /* The whole batch through the public calls, so through auto: whichever
     * backend it serves the call from (tests make it switch every call,
     * seebatch_learning_rotate), the answers are the reference's. */
    seebatch_batch whole = {batch->boards,        board_count,  batch->pins,
                            batch->board_of_move, batch->moves, batch->count};
    int32_t values[DIFFERENTIAL_MAX_BATCH];
    uint8_t passed[DIFFERENTIAL_MAX_BATCH];
    seebatch_values(batch->rules, &whole, values);
    seebatch_values_ge(batch->rules, &whole, 0, NULL, passed);
    for (size_t i = 0; i < batch->count; i++) {
        if (values[i] != reference[i])
            report_mismatch(check, batch, i, "auto's values", reference[i], values[i]);
        if (passed[i] != (reference[i] >= 0))
            report_mismatch(check, batch, i, "auto's see_ge 0", reference[i] >= 0, passed[i]);
    }
    /* A threshold a move by the next walk's own calls, whatever the plan takes. */
    const see_backend *walk = next_walk(check);
    seebatch_scalar_walk_serve(walk, batch->rules, &whole, thresholds, NULL, passed);
    compare_passed(check, batch, (move_range){0, batch->count}, reference,
                   (threshold_answers){"see_ge a threshold each", thresholds, passed, walk->name});
}

/* The run of moves from first on that are on one board: its end, the
 * board, and the board's pins. */
typedef struct board_run {
    size_t end;
    const seebatch_board *board;
    seebatch_pins pins;
} board_run;

static board_run board_run_from(const see_batch *batch, size_t first)
{
    board_run run = {first, board_of(batch, first), {{0, 0}, {0, 0}}};
    while (run.end < batch->count && board_of(batch, run.end) == run.board)
        run.end++;
    seebatch_pins_compute(run.board, &run.pins);
    return run;
}

/* A way into a node's walk: the public calls (walk NULL: the node walk the
 * plan takes here, or the kernel it gives), or the same calls by a walk
 * (seebatch_scalar_walk_serve), each walk in turn (next_walk). */
typedef struct node_way {
    const see_backend *walk;
    unsigned thresholds; /* sets of thresholds around the values tried */
} node_way;

/* A run of moves of one board, from first on, as a node's captures by one
 * way in: the values, and threshold tests at thresholds around every value. */
static void compare_node(differential *check, const see_batch *batch, const seebatch_batch *node,
                         size_t first, const int32_t *reference, node_way way)
{
    int32_t thresholds[DIFFERENTIAL_MAX_BATCH], values[DIFFERENTIAL_MAX_BATCH];
    uint8_t passed[DIFFERENTIAL_MAX_BATCH];
    size_t end = first + node->count;
    const char *walk = way.walk ? way.walk->name : NULL;
    if (way.walk)
        seebatch_scalar_walk_serve(way.walk, batch->rules, node, NULL, values + first, NULL);
    else
        seebatch_values(batch->rules, node, values + first);
    for (size_t i = first; i < end; i++)
        if (values[i] != reference[i]) {
            char what[128];
            snprintf(what, sizeof what, "%s%snode values (pins %s)", walk ? walk : "",
                     walk ? " " : "", node->pins ? "given" : "worked out");
            report_mismatch(check, batch, i, what, reference[i], values[i]);
        }
    check->lanes += node->count;
    const char *what =
        node->pins ? "node values_ge (pins given)" : "node values_ge (pins worked out)";
    for (unsigned turn = 0; turn < way.thresholds; turn++) {
        thresholds_around(reference + first, node->count, (unsigned)(check->lanes % 5) + turn,
                          thresholds + first);
        if (way.walk)
            seebatch_scalar_walk_serve(way.walk, batch->rules, node, thresholds + first, NULL,
                                       passed + first);
        else
            seebatch_values_ge(batch->rules, node, 0, thresholds + first, passed + first);
        compare_passed(check, batch, (move_range){first, end}, reference,
                       (threshold_answers){what, thresholds, passed, walk});
    }
}

/* Each run of moves of one board as a node's captures, through the public
 * calls (a threshold a move under eight moves takes the node walk whatever
 * the kernel; exact values where the plan gives scalar) and the next walk's
 * own, its pins given on one run and worked out on the next. */
static void compare_node_calls(differential *check, const see_batch *batch,
                               const int32_t *reference)
{
    for (size_t first = 0, end; first < batch->count; first = end) {
        board_run run = board_run_from(batch, first);
        end = run.end;
        bool given = (check->boards_seen + first) % 2;
        seebatch_batch node = {
            run.board, 1, given ? &run.pins : NULL, NULL, batch->moves + first, end - first};
        compare_node(check, batch, &node, first, reference, (node_way){NULL, 2});
        compare_node(check, batch, &node, first, reference, (node_way){next_walk(check), 1});
    }
}

static void compare_engine_path(differential *check, const see_batch *batch,
                                const int32_t *reference)
{
    const seebatch_rules *rules = batch->rules;
    int32_t thresholds[DIFFERENTIAL_MAX_BATCH];
    uint8_t passed[DIFFERENTIAL_MAX_BATCH];
    for (size_t first = 0, end; first < batch->count; first = end) {
        board_run run = board_run_from(batch, first);
        end = run.end;
        for (size_t i = first; i < end; i++) {
            compare_engine_move(check, batch, i, rules, &run.pins, reference[i]);
            thresholds[i] = reference[i] + (int32_t)(i % 3) - 1;
        }
        compare_views(check, batch, first, end, &run.pins, reference);
        seebatch_batch node = {
            run.board, 1, (first & 1) ? NULL : &run.pins, NULL, batch->moves + first, end - first};
        seebatch_values_ge(rules, &node, 0, thresholds + first, passed + first);
        compare_passed(check, batch, (move_range){first, end}, reference,
                       (threshold_answers){"see_ge a threshold each", thresholds, passed, NULL});
    }
    compare_thresholds_each(check, batch, reference, thresholds);
}

unsigned long differential_compare(differential *check, const see_batch *batch,
                                   const seebatch_config *config)
{
    unsigned long long before = check->mismatches;
    check->config = config;
    int32_t reference[DIFFERENTIAL_MAX_BATCH];
    seebatch_reference_backend.values(batch, reference);
    /* The reference's own threshold test is a second path through it. */
    compare_threshold_tests(check, &seebatch_reference_backend, batch, reference);
    for (size_t k = 0; k < check->kernel_count; k++) {
        compare_values(check, check->kernels[k], batch, reference);
        compare_threshold_tests(check, check->kernels[k], batch, reference);
    }
    compare_engine_path(check, batch, reference);
    compare_node_calls(check, batch, reference);
    if (check->use_oracle) {
        for (size_t i = 0; i < batch->count; i++) {
            int32_t oracle = oracle_see_value(board_of(batch, i), batch->moves[i], config);
            if (oracle != reference[i])
                report_mismatch(check, batch, i, "oracle value", reference[i], oracle);
        }
        check->oracle_lanes += batch->count;
    }
    return (unsigned long)(check->mismatches - before);
}

unsigned long differential_compare_moves(differential *check, const seebatch_board *board,
                                         const seebatch_move *moves, size_t count,
                                         const seebatch_config *config)
{
    seebatch_rules rules;
    seebatch_rules_init(&rules, config, NULL);
    unsigned long mismatches = 0;
    for (size_t start = 0; start < count; start += DIFFERENTIAL_MAX_BATCH) {
        size_t left = count - start;
        see_batch batch = {
            board,         NULL,
            moves + start, left < DIFFERENTIAL_MAX_BATCH ? left : DIFFERENTIAL_MAX_BATCH,
            &rules,        NULL};
        mismatches += differential_compare(check, &batch, config);
    }
    return mismatches;
}

/* ---- the regression-file form ---- */

const char *differential_format_case(const seebatch_board *board, seebatch_move move,
                                     const seebatch_config *config, char *out, size_t size)
{
    return format_case(board, move, config->values, config->flags, out, size);
}

/* A whole decimal number in [minimum, maximum] ending at `end` (or the string's end). */
static bool parse_whole(const char *text, char end, long minimum, long maximum, long *value,
                        const char **after)
{
    char *stop;
    if (!(text[0] >= '0' && text[0] <= '9') &&
        !(text[0] == '-' && text[1] >= '0' && text[1] <= '9'))
        return false;
    *value = strtol(text, &stop, 10);
    if (*stop != end || *value < minimum || *value > maximum)
        return false;
    *after = end ? stop + 1 : stop;
    return true;
}

static bool parse_bitboards(const char *text, seebatch_board *board)
{
    memset(board, 0, sizeof *board);
    uint64_t *parts[8] = {&board->pieces[0], &board->pieces[1], &board->pieces[2],
                          &board->pieces[3], &board->pieces[4], &board->pieces[5],
                          &board->colors[0], &board->colors[1]};
    for (int i = 0; i < 8; i++) {
        char *end;
        *parts[i] = strtoull(text, &end, 16);
        if (end == text || *end != (i < 7 ? '/' : '\0'))
            return false;
        text = end + 1;
    }
    board->en_passant = SEEBATCH_NO_SQUARE;
    board->fullmove_number = 1;
    return true;
}

static bool parse_square(const char *text, unsigned *square)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return false;
    *square = (unsigned)(text[0] - 'a') + 8u * (unsigned)(text[1] - '1');
    return true;
}

/* Splits line at ';' into exactly five fields (copied into storage). */
static bool split_fields(const char *line, char *storage, size_t size, char *fields[5])
{
    if (strlen(line) >= size)
        return false;
    strcpy(storage, line);
    char *cursor = storage;
    for (int i = 0; i < 5; i++) {
        fields[i] = cursor;
        char *separator = strchr(cursor, ';');
        if ((separator == NULL) != (i == 4))
            return false;
        if (separator) {
            *separator = '\0';
            cursor = separator + 1;
        }
    }
    return true;
}

bool differential_parse_case(const char *line, differential_case *out, char *message, size_t size)
{
    char storage[512];
    char *fields[5];
    if (!split_fields(line, storage, sizeof storage, fields)) {
        snprintf(message, size, "expected BOARD;MOVE;KIND;P,N,B,R,Q;FLAGS");
        return false;
    }
    seebatch_error error;
    if (strncmp(fields[0], "bitboards ", 10) == 0) {
        if (!parse_bitboards(fields[0] + 10, &out->board)) {
            snprintf(message, size, "malformed bitboards \"%.60s\"", fields[0]);
            return false;
        }
    } else if (seebatch_board_from_fen(&out->board, fields[0], &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    unsigned from, to;
    long kind, number;
    const char *cursor;
    size_t move_length = strlen(fields[1]);
    if ((move_length != 4 && move_length != 5) || !parse_square(fields[1], &from) ||
        !parse_square(fields[1] + 2, &to) ||
        !parse_whole(fields[2], '\0', 0, SEEBATCH_MOVE_CASTLING, &kind, &cursor)) {
        snprintf(message, size, "malformed move \"%.8s\" or kind \"%.8s\"", fields[1], fields[2]);
        return false;
    }
    out->move = seebatch_move_make(from, to, (unsigned)kind);
    cursor = fields[3];
    for (int piece = 0; piece < 5; piece++) {
        if (!parse_whole(cursor, piece < 4 ? ',' : '\0', 0, SEEBATCH_VALUE_MAX, &number, &cursor)) {
            snprintf(message, size, "malformed values \"%.40s\"", fields[3]);
            return false;
        }
        out->config.values[piece] = (int32_t)number;
    }
    if (!parse_whole(fields[4], '\0', 0, SEEBATCH_ALL_FLAGS, &number, &cursor)) {
        snprintf(message, size, "malformed flags \"%.12s\"", fields[4]);
        return false;
    }
    out->config.flags = (uint32_t)number;
    seebatch_rules valid;
    if (seebatch_rules_init(&valid, &out->config, &error) != SEEBATCH_OK) {
        snprintf(message, size, "flags %ld: %s", number, error.message);
        return false;
    }
    if (seebatch_move_check(&out->board, out->move, &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    return true;
}
