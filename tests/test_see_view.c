/*
 * seebatch's view in a plug-in's shape (programs/engine_see/see_view.h),
 * which `seebatch time` times beside a plug-in: on a sample of the real
 * positions, under configurations of every rule, each capture found from its
 * UCI is the capture seebatch generated, and see_view_see_ge answers
 * seebatch_value_ge at the value and one above; positions from FENs
 * seebatch refuses, and moves that are not legal, are refused. Also the
 * questions seebatch time makes of positions (see_timing.h): every capture
 * of each position with one, in order, in UCI; the answers of two SEEs
 * told apart on every question, the last position's too (an SEE that
 * answers each question the other way differs on all of them); an answer
 * other than 0 or 1 stopping the first pass, a timed pass and the calls,
 * named by its question.
 */
#include <string.h>

#include "check.h"
#include "real_positions_sample.h"
#include "see_timing.h"
#include "see_view.h"

enum { POSITIONS = 600 };

/* The sample's first count positions, as seebatch reads them. */
static size_t sample_boards(seebatch_board *boards, size_t count)
{
    const char *line = real_positions_sample;
    size_t read = 0;
    while (read < count && *line) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        char fen[256];
        seebatch_error error;
        if (length < sizeof fen) {
            memcpy(fen, line, length);
            fen[length] = '\0';
            read += seebatch_board_from_fen(&boards[read], fen, &error) == SEEBATCH_OK;
        }
        line += length + (end != NULL);
    }
    return read;
}

/* Every capture of board through the view, against seebatch_value_ge. */
static void check_board(const see_view *view, const seebatch_rules *rules,
                        const seebatch_board *board, const char *name)
{
    char fen[SEEBATCH_FEN_MAX];
    seebatch_board_to_fen(board, fen, sizeof fen);
    seebatch_error error;
    void *position = see_view_position(view, fen, &error);
    CHECK(position != NULL, "%s: %s refused: %s", name, fen, error.message);
    if (!position)
        return;
    seebatch_move captures[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_captures(board, captures);
    for (size_t i = 0; i < count; i++) {
        char uci[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(captures[i], uci);
        uint32_t move = 0;
        CHECK_EQ(see_view_move(position, uci, &move, &error), 0, "%s %s", fen, uci);
        CHECK_EQ(move, captures[i], "%s %s", fen, uci);
        int32_t value = seebatch_value(rules, board, NULL, captures[i]);
        for (int32_t t = value; t <= value + 1; t++)
            CHECK_EQ(see_view_see_ge(position, move, t),
                     seebatch_value_ge(rules, board, NULL, captures[i], t), "%s: %s %s >= %d", name,
                     fen, uci, (int)t);
    }
    uint32_t move;
    CHECK(see_view_move(position, "a1a1", &move, &error) != 0, "%s: a1a1 taken", fen);
    see_view_position_free(position);
}

static void check_configurations(const seebatch_board *boards, size_t count)
{
    static const struct {
        const char *name;
        int32_t values[5];
        uint32_t flags;
    } configs[] = {
        {"classic", {100, 325, 325, 500, 1000}, 0},
        {"stockfish 15.1", {126, 781, 825, 1276, 2538}, SEEBATCH_PINS | SEEBATCH_NORMAL_MOVES_ONLY},
        {"ethereal", {100, 450, 450, 675, 1300}, SEEBATCH_MOVE_PROMOTION_ONLY},
        {"berserk", {100, 565, 565, 705, 1000}, SEEBATCH_STOP_WHEN_AHEAD},
        {"promotions, pins", {100, 300, 300, 500, 900}, SEEBATCH_PROMOTIONS | SEEBATCH_PINS},
    };
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        seebatch_config config = {{0}, configs[c].flags};
        memcpy(config.values, configs[c].values, sizeof config.values);
        see_view view;
        seebatch_rules rules;
        seebatch_error error;
        CHECK(see_view_start(&view, &config, &error), "%s: %s", configs[c].name, error.message);
        CHECK(seebatch_rules_init(&rules, &config, &error) == SEEBATCH_OK, "%s", error.message);
        for (size_t b = 0; b < count; b++)
            check_board(&view, &rules, &boards[b], configs[c].name);
        seebatch_error refused;
        CHECK(see_view_position(&view, "8/8/8 w - - 0 1", &refused) == NULL, "a bad FEN taken");
    }
}

/* The questions of the boards and a board with no capture. */
static void check_questions(const seebatch_board *boards, size_t count)
{
    seebatch_board with_none[3] = {boards[0], boards[1], boards[2]};
    CHECK(seebatch_board_from_fen(&with_none[1], "4k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL) ==
              SEEBATCH_OK,
          "bare kings");
    timing_questions q;
    CHECK(timing_questions_make(with_none, 3, &q), "out of memory");
    seebatch_move captures[SEEBATCH_MAX_MOVES];
    size_t first = seebatch_generate_captures(&with_none[0], captures);
    CHECK_EQ(q.position_count, 2, "the bare kings left out");
    CHECK_EQ(q.first[1], first, "the first board's captures");
    CHECK_EQ(q.capture_count, first + seebatch_generate_captures(&with_none[2], captures), "all");
    for (size_t i = 0; i < q.capture_count; i++) {
        char uci[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(q.captures[i], uci);
        CHECK(strcmp(uci, q.moves[i]) == 0, "capture %zu: %s, not %s", i, q.moves[i], uci);
    }
    CHECK(timing_regime_positions(0, 109311) == 1000 && timing_regime_positions(2, 50) == 50,
          "the regimes' positions");
    timing_questions_free(&q);
    (void)count;
}

static int inverted_see_ge(void *position, uint32_t move, int32_t threshold)
{
    return !see_view_see_ge(position, move, threshold);
}

/* The position on which garbage_see_ge answers 7 (a test's, set before asking). */
static void *poisoned;

static int garbage_see_ge(void *position, uint32_t move, int32_t threshold)
{
    return position == poisoned ? 7 : see_view_see_ge(position, move, threshold);
}

/* Two SEEs' answers compared on q, both set up: how many differ. */
static size_t differences_of(const timed_see *a, const timed_see *b, const timing_questions *q,
                             const int32_t *thresholds)
{
    timing_entrant first, second;
    char why[600] = "";
    size_t differ = (size_t)-1;
    CHECK(timing_set_up(&first, a, q, thresholds, why, sizeof why), "%s", why);
    CHECK(timing_set_up(&second, b, q, thresholds, why, sizeof why), "%s", why);
    CHECK(timing_differences(&first, &second, &differ), "%s or %s answered other than 0 or 1",
          a->name, b->name);
    timing_take_down(&first, q);
    timing_take_down(&second, q);
    return differ;
}

/* An answer of 7 on the last position's first capture: every way of
 * asking stops there and names it. */
static void check_garbage(const timed_see *garbage, const timed_see *view,
                          const timing_questions *q, const int32_t *thresholds)
{
    timing_entrant bad, good;
    char why[600] = "", line[2048];
    CHECK(timing_set_up(&bad, garbage, q, thresholds, why, sizeof why), "%s", why);
    CHECK(timing_set_up(&good, view, q, thresholds, why, sizeof why), "%s", why);
    size_t last = q->position_count - 1, differ = 0;
    poisoned = bad.positions[last];
    char asked[SEEBATCH_FEN_MAX + 64];
    snprintf(asked, sizeof asked, "on question %zu: %s;%s;%d", q->first[last] + 1, q->fens[last],
             q->moves[q->first[last]], (int)thresholds[q->first[last]]);
    CHECK(!timing_differences(&good, &bad, &differ), "7 taken in the first pass");
    timing_failure_line(&bad, line, sizeof line);
    CHECK(strstr(line, "answered 7") && strstr(line, asked), "the first pass: %s", line);
    timing_plan plan = {2, 1, 0.0001};
    double ns[2];
    timing_entrant both[2] = {good, bad};
    CHECK(!timing_run(both, 2, &plan, ns), "7 taken in a timed pass");
    CHECK_EQ((both[1].bad_number - 1) % q->capture_count + 1, q->first[last] + 1,
             "the timed pass's question (numbered on over the passes)");
    CHECK(both[1].bad_number > q->capture_count, "the timed pass numbered after the first");
    long sum = 0;
    CHECK(!timing_calls(&bad, 2, q->capture_count, &sum), "7 taken in the calls");
    timing_failure_line(&bad, line, sizeof line);
    CHECK(strstr(line, asked) != NULL, "the calls: %s", line);
    timing_take_down(&bad, q);
    timing_take_down(&good, q);
}

/* The view against itself, against an SEE that answers every question the
 * other way, and against one that answers 7. */
static void check_comparing(const seebatch_board *boards, size_t count)
{
    seebatch_config config = seebatch_config_classic();
    see_view view;
    seebatch_error error;
    CHECK(see_view_start(&view, &config, &error), "%s", error.message);
    timing_questions q;
    CHECK(timing_questions_make(boards, count, &q), "out of memory");
    int32_t *thresholds = calloc(q.capture_count + 1, sizeof *thresholds);
    for (size_t i = 0; i < q.capture_count; i++)
        thresholds[i] = (int32_t)(i % 7) * 50 - 150;
    timed_see same = see_view_timed(&view), inverted = same, garbage = same;
    inverted.see_ge = inverted_see_ge;
    garbage.see_ge = garbage_see_ge;
    CHECK_EQ(differences_of(&same, &same, &q, thresholds), 0, "the view against itself");
    CHECK_EQ(differences_of(&same, &inverted, &q, thresholds), q.capture_count,
             "every answer inverted: every question differs, the last position's too");
    check_garbage(&garbage, &same, &q, thresholds);
    free(thresholds);
    timing_questions_free(&q);
}

int main(void)
{
    static seebatch_board boards[POSITIONS];
    size_t count = sample_boards(boards, (size_t)scaled(POSITIONS));
    CHECK(count >= 3, "only %zu sample positions", count);
    if (count >= 3) {
        check_configurations(boards, count);
        check_questions(boards, count);
        check_comparing(boards, count < 100 ? count : 100);
    }
    return check_finish("test_see_view");
}
