/*
 * Whether an engine's answers could be any SEE's at all (see_soundness.h).
 */
#include "see_soundness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool_only.h"

enum { DEFAULT_REPEAT_MOVES = 1000 };

static const char *const piece_names[5] = {"pawn", "knight", "bishop", "rook", "queen"};

/* The first fault found stays. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
fault(see_soundness *out, soundness_fault kind, const char *format, ...)
{
    if (out->fault != SEE_SOUND)
        return;
    out->fault = kind;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(out->reason, sizeof out->reason, format, arguments);
    va_end(arguments);
}

/* A probe whose value could not be read. */
static void judge_probe(const value_probe *probe, const char *what, see_soundness *out)
{
    if (probe->outcome == VALUE_OUT_OF_REACH)
        fault(out, SEE_VALUE_UNREAD,
              "%s (%s;%s) was answered %d at every threshold from -%d to %d: no SEE value does "
              "that",
              what, probe->fen, probe->move, (int)probe->value, ENGINE_VALUES_REACH,
              ENGINE_VALUES_REACH);
    if (probe->outcome == VALUE_NOT_MONOTONE)
        fault(out, SEE_NOT_MONOTONE,
              "its answers are not monotone in the threshold: %s;%s: 0 at %d, 1 at %d", probe->fen,
              probe->move, (int)probe->zero_at, (int)probe->one_at);
}

/* Positive, ordered, and not all alike (the five read). */
static void judge_values(const piece_values *pieces, see_soundness *out)
{
    int64_t v[5];
    for (int i = 0; i < 5; i++) {
        v[i] = (int64_t)pieces->pieces[i].value + pieces->off_by_one;
        if (v[i] > SEEBATCH_VALUE_MAX)
            fault(out, SEE_VALUE_UNREAD,
                  "the %s is worth %lld (%s;c1c6 takes one, undefended): "
                  "no piece value is above %d",
                  piece_names[i], (long long)v[i], piece_value_fens[i], SEEBATCH_VALUE_MAX);
    }
    if (v[0] == v[1] && v[1] == v[2] && v[2] == v[3] && v[3] == v[4])
        fault(out, SEE_BOARD_BLIND,
              "its answers do not depend on the board: the move c1c6 taking an undefended pawn, "
              "knight, bishop, rook or queen (five positions alike but for that piece) was "
              "valued %lld each time",
              (long long)v[0]);
    for (int i = 0; i < 5; i++)
        if (v[i] <= 0)
            fault(out, SEE_VALUE_NOT_POSITIVE,
                  "the %s is worth %lld (%s;c1c6 takes one, undefended): a SEE values every "
                  "piece above 0",
                  piece_names[i], (long long)v[i], piece_value_fens[i]);
    /* below[i] must be below above[i]: the order every engine keeps. */
    static const int below[5] = {0, 0, 1, 2, 3}, above[5] = {1, 2, 3, 3, 4};
    for (int i = 0; i < 5; i++)
        if (v[below[i]] >= v[above[i]])
            fault(out, SEE_VALUES_OUT_OF_ORDER,
                  "the %s (%lld) is not below the %s (%lld): no engine orders its pieces so (the "
                  "pawn below every other piece, the knight and the bishop below the rook, the "
                  "rook below the queen)",
                  piece_names[below[i]], (long long)v[below[i]], piece_names[above[i]],
                  (long long)v[above[i]]);
}

/* The questions asked twice: moves of the real positions, with their FENs. */
typedef struct repeat {
    see_question *questions; /* 2 * half */
    int32_t *answers;
    char (*fens)[SEEBATCH_FEN_MAX];
    size_t half;
} repeat;

static bool asked_about(const seebatch_board *board, seebatch_move move)
{
    uint64_t enemies = board->colors[board->side_to_move ^ 1];
    return seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL ||
           ((enemies >> seebatch_move_to(move)) & 1);
}

/* The first questions: each move at its value under the rules and one
 * above, or its value. */
static void write_first(const soundness_settings *settings, repeat *r, size_t moves, bool values)
{
    seebatch_rules rules;
    seebatch_rules_init(&rules, &settings->config, NULL);
    size_t per_move = values ? 1 : 2, fen_count = 0;
    for (size_t b = 0; b < settings->board_count && r->half + per_move <= moves * per_move; b++) {
        const seebatch_board *board = &settings->boards[b];
        seebatch_move legal[SEEBATCH_MAX_MOVES];
        size_t all = seebatch_generate_moves(board, legal);
        const char *fen = r->fens[fen_count];
        if (!seebatch_board_to_fen(board, r->fens[fen_count], SEEBATCH_FEN_MAX))
            seebatch_board_to_shredder_fen(board, r->fens[fen_count], SEEBATCH_FEN_MAX);
        for (size_t i = 0; i < all && r->half + per_move <= moves * per_move; i++) {
            if (!asked_about(board, legal[i]))
                continue;
            see_question q = {fen, "", seebatch_value(&rules, board, NULL, legal[i])};
            seebatch_move_to_uci(legal[i], q.move);
            for (size_t k = 0; k < per_move; k++, q.threshold++)
                r->questions[r->half++] = q;
        }
        fen_count += r->half > 0 && r->questions[r->half - 1].fen == fen;
    }
}

/* The answers of the first and the second time alike? */
static void compare(const repeat *r, bool values, see_soundness *out)
{
    for (size_t i = 0; i < r->half; i++) {
        size_t again = 2 * r->half - 1 - i;
        if (r->answers[i] == r->answers[again])
            continue;
        const see_question *q = &r->questions[i];
        if (values)
            fault(out, SEE_ANSWERS_CHANGE,
                  "its answers change when the same question is asked again: %s;%s was valued "
                  "%d, then %d",
                  q->fen, q->move, (int)r->answers[i], (int)r->answers[again]);
        else
            fault(out, SEE_ANSWERS_CHANGE,
                  "its answers change when the same question is asked again: %s;%s;%d was "
                  "answered %d, then %d",
                  q->fen, q->move, (int)q->threshold, (int)r->answers[i], (int)r->answers[again]);
        return;
    }
}

/* Moves asked, then asked again in the reverse order. */
static check_status ask_twice(const soundness_settings *settings, see_soundness *out,
                              see_failure *why)
{
    const engine_see *engine = settings->engine;
    bool values = !engine->answers_thresholds;
    size_t moves = settings->repeat_moves ? settings->repeat_moves : DEFAULT_REPEAT_MOVES;
    repeat r = {malloc(4 * moves * sizeof *r.questions), malloc(4 * moves * sizeof *r.answers),
                malloc(moves * sizeof *r.fens), 0};
    check_status status = r.questions && r.answers && r.fens ? CHECK_DONE : CHECK_NO_MEMORY;
    if (status == CHECK_DONE) {
        write_first(settings, &r, moves, values);
        for (size_t i = 0; i < r.half; i++)
            r.questions[2 * r.half - 1 - i] = r.questions[i];
        out->questions = 2 * r.half;
        if (r.half && !engine->ask(engine->context, values ? SEE_ASK_VALUES : SEE_ASK_THRESHOLDS,
                                   r.questions, 2 * r.half, r.answers, why))
            status = CHECK_ENGINE_FAILED;
    }
    if (status == CHECK_DONE)
        compare(&r, values, out);
    free(r.questions);
    free(r.answers);
    free(r.fens);
    return status;
}

check_status see_soundness_judge(const soundness_settings *settings, see_soundness *out,
                                 see_failure *why)
{
    memset(out, 0, sizeof *out);
    const piece_values *pieces = settings->pieces;
    for (int i = 0; i < 5; i++) {
        char what[64];
        snprintf(what, sizeof what, "taking an undefended %s", piece_names[i]);
        judge_probe(&pieces->pieces[i], what, out);
    }
    judge_probe(&pieces->quiet, "a quiet rook move", out);
    if (settings->not_monotone && settings->not_monotone[0])
        fault(out, SEE_NOT_MONOTONE, "its answers are not monotone in the threshold: %s",
              settings->not_monotone);
    if (out->fault == SEE_SOUND)
        judge_values(pieces, out);
    return ask_twice(settings, out, why);
}
