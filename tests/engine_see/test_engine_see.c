/*
 * The two ways in to an engine's SEE (programs/engine_see): small_see
 * asked through the line protocol and as a plug-in, in one batch and in
 * many, thresholds and values, its answers equal to seebatch's reference;
 * then every fault, each named by which question and what came back, and
 * never a success: a program that crashes, hangs, exits early, prints
 * garbage, too few lines or one too many, cannot be found or exits
 * non-zero at the end; an answer that is not exactly 0 or 1 (blanks and a
 * carriage return around it aside), or asking values not a whole number
 * in int32_t; a plug-in that does not load, lacks a function, is built for
 * another ABI (newer or older), refuses to open, refuses a position or a
 * move, answers anything but 0 or 1 (7, -1, 2), and (in a child process,
 * the guard ending it) crashes, hangs or exits inside a call.
 * Usage: test_engine_see PROGRAM PLUGIN PLUGIN_ABI2 PLUGIN_ABI0 PLUGIN_NO_SEE_GE
 *        PLUGIN_NO_SEE_VALUE (and, run by itself: ... --child crash|hang|exit)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine_see.h"
#include "see_questions.h"
#include "self_child.h"

static const char *program, *plugin, *plugin_abi2, *plugin_abi0, *plugin_no_see_ge,
    *plugin_no_see_value;

/* Long enough for wine to start a program on a loaded machine. */
static const see_opening patient = {120, false};
static const see_opening patient_values = {120, true};

/* The first questions of the real positions, thresholds at the reference's
 * value; reference[] its values. */
static question_set questions;
static int32_t *reference;

/* Whether text holds part; each failure message met is shown. */
static bool contains(const char *text, const char *part)
{
    static char last[sizeof(see_failure)];
    if (strcmp(text, last) != 0)
        printf("named: %s\n", text);
    snprintf(last, sizeof last, "%s", text);
    return strstr(text, part) != NULL;
}

/* question N's line, as the messages quote it. */
static void line_of(size_t index, bool values, char *line, size_t size)
{
    const see_question *q = &questions.questions[index];
    if (values)
        snprintf(line, size, "%s;%s", q->fen, q->move);
    else
        snprintf(line, size, "%s;%s;%d", q->fen, q->move, (int)q->threshold);
}

static char *command(const char *path, const char *words)
{
    static char text[4200];
    snprintf(text, sizeof text, "%s %s", path, words);
    return text;
}

/* Asks questions [from, from + count) with thresholds at the reference's
 * value and one above, and the values when the engine answers them; every
 * answer checked. */
static void ask_and_compare(engine_see *engine, size_t from, size_t count, const char *what)
{
    int32_t *answers = malloc(count * sizeof *answers);
    see_failure why;
    for (int round = 0; round < 3; round++) {
        bool values = round == 2;
        if (values ? !engine->answers_values : !engine->answers_thresholds)
            continue;
        for (size_t i = 0; i < count; i++)
            questions.questions[from + i].threshold = reference[from + i] + (round == 1);
        bool asked = engine->ask(engine->context, values ? SEE_ASK_VALUES : SEE_ASK_THRESHOLDS,
                                 questions.questions + from, count, answers, &why);
        CHECK(asked, "%s: %s", what, why.message);
        size_t differ = 0;
        for (size_t i = 0; asked && i < count; i++)
            differ += answers[i] != (values ? reference[from + i] : round == 0);
        CHECK_EQ(differ, 0, "%s: answers unlike the reference's (round %d of %zu questions)", what,
                 round, count);
    }
    for (size_t i = 0; i < count; i++)
        questions.questions[from + i].threshold = reference[from + i];
    free(answers);
}

/* A whole run: opened, asked in one batch and in many, closed cleanly. */
static void whole_run(bool plugin_way, bool values)
{
    see_opening opening = values ? patient_values : patient;
    engine_see engine;
    see_failure why;
    const char *what = plugin_way ? "plug-in" : values ? "lines, values" : "lines";
    bool opened = plugin_way ? engine_see_open_plugin(plugin, &opening, &engine, &why)
                             : engine_see_open_lines(program, &opening, &engine, &why);
    CHECK(opened, "%s: %s", what, why.message);
    if (!opened)
        return;
    CHECK(plugin_way || engine.answers_values == values, "%s: answers_values", what);
    CHECK(!plugin_way || engine.answers_values, "the plug-in exports see_value");
    ask_and_compare(&engine, 0, questions.count, what);
    for (size_t from = 0; from < questions.count; from += 997)
        ask_and_compare(&engine, from, questions.count - from < 997 ? questions.count - from : 997,
                        what);
    ask_and_compare(&engine, 0, 0, what);
    CHECK(engine.close(engine.context, &why), "%s: close: %s", what, why.message);
}

/* ------------------------------------------------------------------------ */
/* Faults of a program                                                      */
/* ------------------------------------------------------------------------ */

/* Opens the program with words, asks the first `count` questions (after a
 * first ask of `before`), and expects a failure naming question `named`
 * and containing `text`; then the close, failing too. */
static void program_fault(const char *words, bool values, size_t before, size_t count,
                          double timeout, size_t named, const char *text)
{
    see_opening opening = {timeout, values};
    engine_see engine;
    see_failure why = {{0}};
    int32_t answers[64];
    if (!engine_see_open_lines(command(program, words), &opening, &engine, &why)) {
        CHECK(false, "%s: cannot open: %s", words, why.message);
        return;
    }
    see_asking asking = values ? SEE_ASK_VALUES : SEE_ASK_THRESHOLDS;
    bool first = before == 0 ||
                 engine.ask(engine.context, asking, questions.questions, before, answers, &why);
    CHECK(first, "%s: the first %zu questions: %s", words, before, why.message);
    bool asked =
        engine.ask(engine.context, asking, questions.questions + before, count, answers, &why);
    CHECK(!asked, "%s: the ask succeeded", words);
    char expected[2048], line[1024];
    line_of(named - 1, values, line, sizeof line);
    snprintf(expected, sizeof expected, "question %zu, \"%s\": ", named, line);
    CHECK(contains(why.message, expected), "%s: \"%s\" does not name %s", words, why.message,
          expected);
    CHECK(contains(why.message, text), "%s: \"%s\" does not say \"%s\"", words, why.message, text);
    see_failure again;
    CHECK(!engine.ask(engine.context, asking, questions.questions, 1, answers, &again),
          "%s: asked again after a failure", words);
    CHECK(!engine.close(engine.context, &again), "%s: closed cleanly after a failure", words);
}

static void program_faults(void)
{
#if defined(_WIN32)
    const char *crash = "(exception 0xC0000005, access violation)";
#else
    const char *crash = "signal 11, SIGSEGV)"; /* the shell may tell it as exit status 139 */
#endif
    program_fault("--crash-at 5", false, 0, 10, 120, 5, crash);
    program_fault("--crash-at 5", false, 3, 10, 120, 5, "after answering 4 questions");
    program_fault("--hang-at 5", false, 0, 10, 1, 5,
                  "no answer within 1 s; the program was stopped (4 questions answered)");
    program_fault("--exit-at 5", false, 0, 10, 120, 5,
                  "no answer: the program ended (exit status 3) after answering 4 questions");
    program_fault("--exit-at 5", true, 2, 10, 120, 5, "(exit status 3)");
    program_fault("--garbage-at 5", false, 0, 10, 120, 5,
                  ": the program answered \"x?yz\" (not 0 or 1)");
    program_fault("--garbage-at 5", true, 0, 10, 120, 5,
                  ": the program answered \"x?yz\" (not a whole number)");
    program_fault("--short", false, 0, 10, 1, 10,
                  "no answer within 1 s; the program was stopped (9 questions answered)");
    program_fault("--frob", false, 0, 10, 120, 1, "(exit status 2) after answering 0 questions");
    /* A line too many: placed at the question that got it by asking again,
     * not at the end of the ask where it was seen. */
    program_fault("--twice-at 5", false, 0, 10, 120, 5,
                  "the program gave two lines for it (asked again from a fresh start, 5 "
                  "questions got 6 lines, 4 got 4)");
    program_fault("--twice-at 7", false, 3, 10, 120, 7,
                  "the program gave two lines for it (asked again from a fresh start, 7 "
                  "questions got 8 lines, 6 got 6)");
    program_fault("--twice-at 2", true, 0, 10, 120, 2, "2 questions got 3 lines, 1 got 1");
}

/* Answers that are not exactly one: each a fault naming what came back. */
static void answers_not_exact(void)
{
    static const char *const thresholds[] = {"1x", "10", "01", "+1", "-0", "1%s1", "", "2", "x1"};
    static const char *const values[] = {"12x", "2147483648", "-2147483649", "99999999999", "+",
                                         "-",   "",           "1.5",         "1e3"};
    for (size_t i = 0; i < sizeof thresholds / sizeof thresholds[0]; i++) {
        char words[64], said[64];
        snprintf(words, sizeof words, "--answer-at 5:%s", thresholds[i]);
        snprintf(said, sizeof said, ": the program answered \"%s\" (not 0 or 1)",
                 strcmp(thresholds[i], "1%s1") ? thresholds[i] : "1 1");
        program_fault(words, false, 0, 10, 120, 5, said);
    }
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        char words[64], said[64];
        snprintf(words, sizeof words, "--answer-at 5:%s", values[i]);
        snprintf(said, sizeof said, ": the program answered \"%s\" (not a whole number)",
                 values[i]);
        program_fault(words, true, 0, 10, 120, 5, said);
    }
}

/* Answers read past their blanks and carriage return, and the ends of
 * int32_t asking values: taken as the answer they are. */
static void answers_exact(void)
{
    static const struct {
        const char *text;
        bool values;
        int32_t answer;
    } cases[] = {{"%s1%s", false, 1},
                 {"%t0%r", false, 0},
                 {"1%r", false, 1},
                 {"-2147483648", true, INT32_MIN},
                 {"2147483647", true, INT32_MAX},
                 {"%s+17%t", true, 17},
                 {"-0", true, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char words[64];
        snprintf(words, sizeof words, "--answer-at 3:%s", cases[i].text);
        see_opening opening = {120, cases[i].values};
        engine_see engine;
        see_failure why = {{0}};
        int32_t answers[5];
        bool asked =
            engine_see_open_lines(command(program, words), &opening, &engine, &why) &&
            engine.ask(engine.context, cases[i].values ? SEE_ASK_VALUES : SEE_ASK_THRESHOLDS,
                       questions.questions, 5, answers, &why);
        CHECK(asked, "%s: %s", words, why.message);
        CHECK(!asked || answers[2] == cases[i].answer, "%s: read as %d", words, (int)answers[2]);
        CHECK(asked && engine.close(engine.context, &why), "%s: close: %s", words, why.message);
    }
}

/* A line after the last answer, seen at close. */
static void extra_line(void)
{
    engine_see engine;
    see_failure why = {{0}};
    int32_t answers[10];
    bool opened = engine_see_open_lines(command(program, "--extra-line"), &patient, &engine, &why);
    CHECK(opened, "--extra-line: cannot open: %s", why.message);
    if (!opened)
        return;
    CHECK(engine.ask(engine.context, SEE_ASK_THRESHOLDS, questions.questions, 10, answers, &why),
          "--extra-line: %s", why.message);
    CHECK(!engine.close(engine.context, &why), "--extra-line: closed cleanly");
    CHECK(contains(why.message,
                   "after its answer to the last question (question 10), the program printed "
                   "\"1\""),
          "--extra-line: %s", why.message);
}

/* A program that is not there; and (POSIX: sh -c) one that exits non-zero
 * after its last answer. */
static void not_found_and_bad_exit(void)
{
    engine_see engine;
    see_failure why = {{0}};
    int32_t answers[4];
    const char *missing = "/nonexistent/small_see_nowhere";
    if (engine_see_open_lines(missing, &patient, &engine, &why)) {
        CHECK(
            !engine.ask(engine.context, SEE_ASK_THRESHOLDS, questions.questions, 4, answers, &why),
            "a missing program answered");
        engine.close(engine.context, &(see_failure){{0}});
    }
    CHECK(contains(why.message, "not found"), "a missing program: %s", why.message);
#if !defined(_WIN32)
    char text[4200];
    snprintf(text, sizeof text, "%s; exit 5", program);
    bool opened = engine_see_open_lines(text, &patient, &engine, &why);
    CHECK(opened &&
              engine.ask(engine.context, SEE_ASK_THRESHOLDS, questions.questions, 4, answers, &why),
          "exit 5 at the end: %s", why.message);
    CHECK(opened && !engine.close(engine.context, &why), "exit 5 at the end: closed cleanly");
    CHECK(contains(why.message, "the program ended with exit status 5 after answering 4 "
                                "questions"),
          "exit 5 at the end: %s", why.message);
#endif
}

/* ------------------------------------------------------------------------ */
/* Faults of a plug-in                                                      */
/* ------------------------------------------------------------------------ */

/* A plug-in refused at open, its message containing text. */
static void refused_at_open(const char *library_and_words, const char *text)
{
    engine_see engine;
    see_failure why = {{0}};
    bool opened = engine_see_open_plugin(library_and_words, &patient, &engine, &why);
    CHECK(!opened, "%s: opened", library_and_words);
    if (opened)
        engine.close(engine.context, &why);
    CHECK(contains(why.message, text), "%s: \"%s\" does not say \"%s\"", library_and_words,
          why.message, text);
}

static void plugin_refusals(void)
{
    char text[4200];
    refused_at_open("/nonexistent/small_see_nowhere.so", "cannot load /nonexistent/small_see");
    snprintf(text, sizeof text, "%s does not export seebatch_plugin_see_ge", plugin_no_see_ge);
    refused_at_open(plugin_no_see_ge, text);
    snprintf(text, sizeof text, "%s was built for plug-in ABI 2; this seebatch reads ABI 1 only",
             plugin_abi2);
    refused_at_open(plugin_abi2, text);
    snprintf(text, sizeof text, "%s was built for plug-in ABI 0; this seebatch reads ABI 1 only",
             plugin_abi0);
    refused_at_open(plugin_abi0, text);
    snprintf(text, sizeof text, "%s --frob", plugin);
    refused_at_open(text, "refused to open (seebatch_plugin_open gave 2): \"small_see: a word "
                          "not understood: --frob\"");
    refused_at_open("\"unclosed", "not a library's path");
}

/* One question the plug-in refuses or answers wrong, named. */
static void plugin_question_fault(const char *words, const see_question *question,
                                  see_asking asking, const char *text)
{
    engine_see engine;
    see_failure why = {{0}};
    int32_t answers[10];
    if (!engine_see_open_plugin(command(plugin, words), &patient, &engine, &why)) {
        CHECK(false, "%s: %s", words, why.message);
        return;
    }
    see_question asked[10];
    memcpy(asked, questions.questions, sizeof asked);
    asked[6] = *question;
    CHECK(!engine.ask(engine.context, asking, asked, 10, answers, &why), "%s: no failure", words);
    CHECK(contains(why.message, text), "%s: \"%s\" does not say \"%s\"", words, why.message, text);
    CHECK(!engine.close(engine.context, &why), "%s: closed cleanly after a failure", words);
}

static void plugin_faults(void)
{
    see_question q = questions.questions[6];
    char line[1024], text[2048];
    line_of(6, false, line, sizeof line);
    snprintf(text, sizeof text, "question 7, \"%s\": the plug-in answered 7", line);
    plugin_question_fault("--garbage-at 7", &q, SEE_ASK_THRESHOLDS, text);
    for (int given = -1; given <= 2; given += 3) { /* -1 and 2: never a yes */
        char words[32];
        snprintf(words, sizeof words, "--answer-at 7:%d", given);
        snprintf(text, sizeof text,
                 "question 7, \"%s\": the plug-in answered %d (seebatch_plugin_see_ge must give "
                 "0 or 1)",
                 line, given);
        plugin_question_fault(words, &q, SEE_ASK_THRESHOLDS, text);
    }
    q.fen = "not a FEN";
    plugin_question_fault("", &q, SEE_ASK_THRESHOLDS, "question 7, \"not a FEN;");
    plugin_question_fault("", &q, SEE_ASK_THRESHOLDS, "the plug-in refused the position");
    q = questions.questions[6];
    snprintf(q.move, sizeof q.move, "a1a1");
    plugin_question_fault("", &q, SEE_ASK_VALUES, "the plug-in refused the move");

    engine_see engine;
    see_failure why = {{0}};
    int32_t answers[4];
    bool opened = engine_see_open_plugin(plugin_no_see_value, &patient, &engine, &why);
    CHECK(opened && !engine.answers_values && engine.answers_thresholds,
          "a plug-in without see_value: %s", why.message);
    CHECK(opened &&
              !engine.ask(engine.context, SEE_ASK_VALUES, questions.questions, 4, answers, &why),
          "a plug-in without see_value answered values");
    CHECK(contains(why.message, "does not export seebatch_plugin_see_value"), "%s", why.message);
    if (opened)
        engine.close(engine.context, &why);
}

/* Two plug-ins open at once, and a quoted path. */
static void two_plugins(void)
{
    engine_see first, second;
    see_failure why;
    char quoted[4200];
    snprintf(quoted, sizeof quoted, "\"%s\" --pins", plugin);
    bool opened = engine_see_open_plugin(quoted, &patient, &first, &why);
    CHECK(opened, "%s: %s", quoted, why.message);
    if (!opened)
        return;
    if (engine_see_open_plugin(plugin, &patient, &second, &why)) {
        ask_and_compare(&second, 0, 50, "second plug-in");
        CHECK(second.close(second.context, &why), "%s", why.message);
    }
    ask_and_compare(&first, 50, 50, "first plug-in");
    CHECK(first.close(first.context, &why), "%s", why.message);
}

/* In a child process: the guard names the call and ends the process. */
static int child(const char *mode)
{
    char words[64];
    snprintf(words, sizeof words, "--%s-at 5", mode);
    see_opening opening = {1, false};
    engine_see engine;
    see_failure why;
    int32_t answers[10];
    if (!engine_see_open_plugin(command(plugin, words), &opening, &engine, &why)) {
        fprintf(stderr, "child: %s\n", why.message);
        return 1;
    }
    engine.ask(engine.context, SEE_ASK_THRESHOLDS, questions.questions, 10, answers, &why);
    fprintf(stderr, "child: the ask returned: %s\n", why.message);
    return 1;
}

static void guarded_faults(char **argv)
{
    static const char *const modes[3] = {"crash", "hang", "exit"};
#if defined(_WIN32)
    const char *crashed = "crashed (exception 0xC0000005, access violation)";
#else
    const char *crashed = "crashed (SIGSEGV)";
#endif
    const char *whats[3] = {crashed, "did not return within 1 s", "ended the process (exit)"};
    char line[1024];
    line_of(4, false, line, sizeof line);
    for (int m = 0; m < 3; m++) {
        char watch[2048];
        snprintf(watch, sizeof watch, "seebatch: the SEE plug-in %s %s on question 5: %s", plugin,
                 whats[m], line);
        const char *arguments[] = {argv[1], argv[2],   argv[3],  argv[4], argv[5],
                                   argv[6], "--child", modes[m], NULL};
        int watched = 0;
        int status = run_self_child("SEEBATCH_TEST_CHILD", "1", arguments, watch, &watched);
        CHECK_EQ(status, ENGINE_SEE_EXIT_STATUS, "the plug-in child, --%s-at 5", modes[m]);
        CHECK_EQ(watched, 1, "the line \"%s\" from the child", watch);
    }
}

int main(int argc, char **argv)
{
    if (argc != 7 && !(argc == 9 && !strcmp(argv[7], "--child"))) {
        fprintf(stderr, "usage: test_engine_see PROGRAM PLUGIN PLUGIN_ABI2 PLUGIN_ABI0 "
                        "PLUGIN_NO_SEE_GE PLUGIN_NO_SEE_VALUE [--child crash|hang|exit]\n");
        return 2;
    }
    program = argv[1];
    plugin = argv[2];
    plugin_abi2 = argv[3];
    plugin_abi0 = argv[4];
    plugin_no_see_ge = argv[5];
    plugin_no_see_value = argv[6];
    question_set_add_real(&questions, (size_t)scaled(2000), 10);
    question_set_finish(&questions);
    reference = malloc(questions.count * sizeof *reference);
    seebatch_config config = small_see_config();
    question_set_values(&questions, &config, reference);
    for (size_t q = 0; q < questions.count; q++)
        questions.questions[q].threshold = reference[q];
    if (argc == 9)
        return child(argv[8]);

    whole_run(false, false);
    whole_run(false, true);
    whole_run(true, false);
    program_faults();
    answers_not_exact();
    answers_exact();
    extra_line();
    not_found_and_bad_exit();
    plugin_refusals();
    plugin_faults();
    two_plugins();
    guarded_faults(argv);
    printf("%zu questions on %zu real positions, each way in\n", questions.count,
           questions.board_count);
    free(reference);
    question_set_free(&questions);
    return check_finish("test_engine_see");
}
