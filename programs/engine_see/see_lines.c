/*
 * The line protocol (engine_see.h, engine_see_open_lines): each ask writes
 * every question as a line while the answers are read, through
 * see_system's exchange, so that no pipe filling up can stop both sides;
 * then names whatever went wrong by the question waited on. A line too
 * many is placed by asking again (place_extra below): lines in flight
 * cannot say which question gave two.
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_see.h"
#include "see_system.h"
#include "see_text.h"

/* The longest answer line read: a value is 11 bytes, blanks around it. */
enum { ANSWER_MAX = 32 };

typedef struct lines_engine {
    see_child *child; /* NULL once ended */
    char *name;
    see_asking asking;
    double timeout_seconds;
    uint64_t answered; /* questions answered by the asks before */
    bool failed;
    see_failure failure;
} lines_engine;

/* The writing side of an ask: its questions, numbered from first, as
 * lines up to number last; asked again from a fresh start (place_extra),
 * the numbers before first (not kept) go out as copies of its first. */
typedef struct line_writer {
    const see_question *questions;
    uint64_t first, last, next;
    see_asking asking;
} line_writer;

/* The reading side: the answers in so far and a line begun. */
typedef struct answer_reader {
    const see_question *questions;
    int32_t *answers;
    size_t count, received;
    uint64_t first; /* questions[0]'s number */
    see_asking asking;
    char partial[ANSWER_MAX];
    size_t partial_length;
    see_failure *fault;
} answer_reader;

static size_t write_lines(void *state, char *buffer, size_t size)
{
    line_writer *w = state;
    size_t used = 0;
    while (w->next <= w->last && used + 1 < size) {
        const see_question *q = &w->questions[w->next < w->first ? 0 : w->next - w->first];
        size_t length = see_text_question(buffer + used, size - used - 1, q, w->asking);
        if (length == 0)
            break;
        used += length;
        buffer[used++] = '\n';
        w->next++;
    }
    return used;
}

/* "0" or "1", or asking values a whole number in int32_t, blanks around
 * it read past; a carriage return at its end too (a program writing "\r\n"
 * in Windows' text mode puts out "\r\r\n"). */
static bool read_answer(const char *line, size_t length, see_asking asking, int32_t *answer)
{
    while (length && (line[length - 1] == ' ' || line[length - 1] == '\t' ||
                      line[length - 1] == '\r'))
        length--;
    while (length && (line[0] == ' ' || line[0] == '\t')) {
        line++;
        length--;
    }
    if (asking == SEE_ASK_THRESHOLDS) {
        *answer = length == 1 ? line[0] - '0' : -1;
        return *answer == 0 || *answer == 1;
    }
    size_t i = length && (line[0] == '-' || line[0] == '+');
    int64_t value = 0;
    if (i == length || length - i > 10)
        return false;
    for (; i < length; i++) {
        if (line[i] < '0' || line[i] > '9')
            return false;
        value = value * 10 + (line[i] - '0');
    }
    value = line[0] == '-' ? -value : value;
    *answer = (int32_t)value;
    return value >= INT32_MIN && value <= INT32_MAX;
}

/* The question the next answer belongs to, named with what came back. */
static see_taken refuse_answer(answer_reader *r, const char *bytes, size_t count, size_t shown,
                               const char *why)
{
    char quoted[SEE_TEXT_SHOWN + 8];
    size_t used = 0;
    see_text_append_quoted(quoted, sizeof quoted, &used, bytes, count, shown);
    size_t last = r->received < r->count ? r->received : r->count - 1;
    see_text_fail(r->fault, r->first + last, &r->questions[last], r->asking, "%s %s%s",
                  r->received < r->count ? "the program answered" : "a line after the last answer:",
                  quoted, why);
    return SEE_TAKE_FAULT;
}

static see_taken take_answers(void *state, const char *bytes, size_t count)
{
    answer_reader *r = state;
    const char *kind = r->asking == SEE_ASK_THRESHOLDS ? " (not 0 or 1)" : " (not a whole number)";
    while (count > 0) {
        if (r->received == r->count)
            return refuse_answer(r, bytes, count, SEE_TEXT_SHOWN, "");
        const char *end = memchr(bytes, '\n', count);
        size_t piece = end ? (size_t)(end - bytes) : count;
        if (r->partial_length + piece > ANSWER_MAX) {
            memcpy(r->partial + r->partial_length, bytes, ANSWER_MAX - r->partial_length);
            return refuse_answer(r, r->partial, ANSWER_MAX, ANSWER_MAX - 1, kind);
        }
        memcpy(r->partial + r->partial_length, bytes, piece);
        r->partial_length += piece;
        if (!end)
            return SEE_TAKE_MORE;
        /* A line may end "\r\n" (a Windows program's text mode). */
        r->partial_length -= r->partial_length && r->partial[r->partial_length - 1] == '\r';
        if (!read_answer(r->partial, r->partial_length, r->asking, &r->answers[r->received]))
            return refuse_answer(r, r->partial, r->partial_length, SEE_TEXT_SHOWN, kind);
        r->received++;
        r->partial_length = 0;
        bytes += piece + 1;
        count -= piece + 1;
    }
    return r->received == r->count ? SEE_TAKE_DONE : SEE_TAKE_MORE;
}

/* ------------------------------------------------------------------------ */
/* Placing a line too many                                                  */
/* ------------------------------------------------------------------------ */

/* Counts the lines, done at `enough` of them (or more). */
typedef struct line_counter {
    uint64_t lines, enough;
} line_counter;

static see_taken count_lines(void *state, const char *bytes, size_t count)
{
    line_counter *c = state;
    for (const char *end; (end = memchr(bytes, '\n', count));
         count -= (size_t)(end + 1 - bytes), bytes = end + 1)
        c->lines++;
    return c->lines >= c->enough ? SEE_TAKE_DONE : SEE_TAKE_MORE;
}

/* The lines a fresh run of the program gives for questions 1..last, its
 * input closed after them; -1 when it cannot be told (the program could
 * not start, stalled or failed). */
static int64_t lines_for(const lines_engine *e, line_writer writer)
{
    see_child *child;
    see_failure ignored;
    if (!see_child_start(e->name, &child, &ignored))
        return -1;
    line_counter counter = {0, writer.last};
    see_exchange asking = {write_lines, &writer, count_lines, &counter, e->timeout_seconds};
    see_exchange_end end = see_child_exchange(child, &asking, &ignored);
    if (end == SEE_EXCHANGE_DONE) {
        see_child_close_input(child);
        counter.enough = UINT64_MAX;
        see_exchange rest = {NULL, NULL, count_lines, &counter, e->timeout_seconds};
        end = see_child_exchange(child, &rest, &ignored);
    }
    see_ending ending;
    see_child_end(child, end != SEE_EXCHANGE_CLOSED, e->timeout_seconds, &ending);
    return end == SEE_EXCHANGE_CLOSED ? (int64_t)counter.lines : -1;
}

/* An ask ended with a line after its last answer: the first question whose
 * answer came with a line too many, found by asking again from a fresh
 * start (fewer questions each time: a search by halves), written into why
 * after what the ask saw. Where it cannot be told (the program does not
 * give the line again), why says so. */
static void place_extra(const lines_engine *e, const answer_reader *r, see_failure *why)
{
    line_writer writer = {r->questions, r->first, r->first + r->count - 1, 1, r->asking};
    uint64_t low = 0, high = writer.last; /* lines_for(low) == low; lines_for(high) > high */
    int64_t lines = lines_for(e, writer);
    if (lines <= (int64_t)high) {
        size_t used = strlen(why->message);
        snprintf(why->message + used, sizeof why->message - used,
                 "; asked again from a fresh start the program gave %s, so the question that got "
                 "a line too many cannot be told",
                 lines < 0 ? "no count of lines" : "one line a question");
        return;
    }
    while (high - low > 1 && lines >= 0) {
        uint64_t middle = low + (high - low) / 2;
        writer.last = middle;
        writer.next = 1;
        lines = lines_for(e, writer);
        if (lines >= 0)
            *(lines > (int64_t)middle ? &high : &low) = middle;
    }
    if (lines < 0) { /* high is a bound, no more */
        size_t used = strlen(why->message);
        snprintf(why->message + used, sizeof why->message - used,
                 "; asked again from a fresh start, a line too many came by question %llu",
                 (unsigned long long)high);
        return;
    }
    char line[SEE_TEXT_FEN_MAX + 80], middle[400];
    const see_question *q = high >= r->first ? &r->questions[high - r->first] : NULL;
    size_t length = q ? see_text_question(line, sizeof line - 1, q, r->asking) : 0;
    see_failure found;
    size_t used = 0;
    see_text_append(found.message, sizeof found.message, &used, "question ");
    see_text_append_number(found.message, sizeof found.message, &used, (int64_t)high);
    if (q) {
        see_text_append(found.message, sizeof found.message, &used, ", ");
        see_text_append_quoted(found.message, sizeof found.message, &used, line, length, length);
    }
    snprintf(middle, sizeof middle,
             ": the program gave two lines for it (asked again from a fresh start, %llu "
             "questions got %llu lines, %llu got %llu%s); what it wrote was seen at the end of "
             "its answers: ",
             (unsigned long long)high, (unsigned long long)high + 1, (unsigned long long)low,
             (unsigned long long)low,
             q ? ""
               : "; the questions before the ask it was found in were asked as copies of that "
                 "ask's first, not kept");
    see_text_append(found.message, sizeof found.message, &used, middle);
    see_text_append(found.message, sizeof found.message, &used, why->message);
    *why = found;
}

/* ------------------------------------------------------------------------ */
/* Asking                                                                   */
/* ------------------------------------------------------------------------ */

static bool fail(lines_engine *e, see_failure *why)
{
    e->failed = true;
    e->failure = *why;
    return false;
}

/* Whether each question can travel as one line: no line end or ';' in its
 * FEN or move, a move NUL-terminated, a FEN of at most SEE_TEXT_FEN_MAX. */
static bool lines_fit(const lines_engine *e, const see_question *questions, size_t count,
                      see_failure *why)
{
    const char *fen = NULL;
    bool fits = true;
    for (size_t i = 0; i < count && fits; i++) {
        const see_question *q = &questions[i];
        if (q->fen != fen) {
            fen = q->fen;
            size_t length = strlen(fen);
            fits = length <= SEE_TEXT_FEN_MAX && strcspn(fen, "\n\r;") == length;
        }
        size_t move = strnlen(q->move, sizeof q->move);
        fits = fits && move > 0 && move < sizeof q->move && strcspn(q->move, "\n\r;") == move;
        if (!fits)
            see_text_fail(why, e->answered + i + 1, q, e->asking,
                          "cannot be sent as one line (a FEN over %d bytes, an empty or "
                          "unterminated move, or a line end or ';' inside)",
                          (int)SEE_TEXT_FEN_MAX);
    }
    return fits;
}

/* The program has ended, or is stopped: named at the question waited on. */
static void ended_early(lines_engine *e, const answer_reader *r, bool stop, see_failure *why)
{
    see_ending ending;
    see_child_end(e->child, stop, e->timeout_seconds, &ending);
    e->child = NULL;
    uint64_t answered = e->answered + r->received;
    size_t waited = r->received;
    if (stop) {
        see_text_fail(why, r->first + waited, &r->questions[waited], e->asking,
                      "no answer within %g s; the program was stopped (%llu questions answered)",
                      e->timeout_seconds, (unsigned long long)answered);
        return;
    }
    char begun[SEE_TEXT_SHOWN + 64] = "";
    size_t used = 0;
    if (r->partial_length) {
        see_text_append(begun, sizeof begun, &used, " in the middle of an answer, ");
        see_text_append_quoted(begun, sizeof begun, &used, r->partial, r->partial_length,
                               SEE_TEXT_SHOWN);
    }
    see_text_fail(why, r->first + waited, &r->questions[waited], e->asking,
                  "no answer: the program ended (%s)%s after answering %llu questions", ending.how,
                  begun, (unsigned long long)answered);
}

/* What an exchange's end means for the ask. */
static bool after_exchange(lines_engine *e, see_exchange_end end, const answer_reader *r,
                           see_failure *why)
{
    if (end == SEE_EXCHANGE_DONE) {
        e->answered += r->count;
        return true;
    }
    if (end == SEE_EXCHANGE_FAULT && r->received == r->count) {
        see_ending ending;
        see_child_end(e->child, true, 0, &ending);
        e->child = NULL;
        place_extra(e, r, why);
        return fail(e, why);
    }
    if (end == SEE_EXCHANGE_CLOSED && r->received < r->count) {
        ended_early(e, r, false, why);
    } else if (end == SEE_EXCHANGE_STALLED && r->received < r->count) {
        ended_early(e, r, true, why);
    } else {
        if (end == SEE_EXCHANGE_CLOSED || end == SEE_EXCHANGE_STALLED)
            see_text_fail(why, r->first + r->count - 1, &r->questions[r->count - 1], e->asking,
                          "every answer came back, but the program %s before reading its last "
                          "question",
                          end == SEE_EXCHANGE_CLOSED ? "ended" : "stopped reading");
        see_ending ending;
        see_child_end(e->child, true, 0, &ending);
        e->child = NULL;
    }
    return fail(e, why);
}

static bool lines_ask(void *context, see_asking asking, const see_question *questions, size_t count,
                      int32_t *answers, see_failure *why)
{
    lines_engine *e = context;
    if (e->failed) {
        *why = e->failure;
        return false;
    }
    if (asking != e->asking) {
        snprintf(why->message, sizeof why->message, "%s was opened to answer %s, not %s", e->name,
                 e->asking == SEE_ASK_VALUES ? "values" : "thresholds",
                 asking == SEE_ASK_VALUES ? "values" : "thresholds");
        return fail(e, why);
    }
    if (!lines_fit(e, questions, count, why))
        return fail(e, why);
    if (count == 0)
        return true;
    line_writer writer = {questions, e->answered + 1, e->answered + count, e->answered + 1, asking};
    answer_reader reader = {questions, answers, count, 0, e->answered + 1, asking, {0}, 0, why};
    see_exchange exchange = {write_lines, &writer, take_answers, &reader, e->timeout_seconds};
    see_exchange_end end = see_child_exchange(e->child, &exchange, why);
    return after_exchange(e, end, &reader, why);
}

/* ------------------------------------------------------------------------ */
/* Closing                                                                  */
/* ------------------------------------------------------------------------ */

/* At close any byte is one too many: its first line is kept to be named. */
typedef struct extra_reader {
    char line[SEE_TEXT_SHOWN + 1];
    size_t length;
} extra_reader;

static see_taken take_extra(void *state, const char *bytes, size_t count)
{
    extra_reader *x = state;
    const char *end = memchr(bytes, '\n', count);
    x->length = end ? (size_t)(end - bytes) : count;
    x->length -= end && x->length && bytes[x->length - 1] == '\r';
    x->length = x->length < sizeof x->line ? x->length : sizeof x->line;
    memcpy(x->line, bytes, x->length);
    return SEE_TAKE_FAULT;
}

/* The program's input closed: it must print nothing more and exit 0. */
static bool end_cleanly(lines_engine *e, see_failure *why)
{
    see_child_close_input(e->child);
    extra_reader extra = {{0}, 0};
    see_exchange exchange = {NULL, NULL, take_extra, &extra, e->timeout_seconds};
    see_exchange_end end = see_child_exchange(e->child, &exchange, why);
    see_ending ending;
    see_child_end(e->child, end != SEE_EXCHANGE_CLOSED, e->timeout_seconds, &ending);
    e->child = NULL;
    unsigned long long answered = (unsigned long long)e->answered;
    char quoted[SEE_TEXT_SHOWN + 8];
    size_t used = 0;
    see_text_append_quoted(quoted, sizeof quoted, &used, extra.line, extra.length, SEE_TEXT_SHOWN);
    if (end == SEE_EXCHANGE_FAULT)
        snprintf(why->message, sizeof why->message,
                 "after its answer to the last question (question %llu), the program printed %s",
                 answered, quoted);
    else if (end == SEE_EXCHANGE_STALLED)
        snprintf(why->message, sizeof why->message,
                 "the program did not end within %g s of its input closing, after answering %llu "
                 "questions (it was stopped)",
                 e->timeout_seconds, answered);
    else if (end == SEE_EXCHANGE_CLOSED && !ending.clean)
        snprintf(why->message, sizeof why->message,
                 "the program ended with %s after answering %llu questions", ending.how, answered);
    return end == SEE_EXCHANGE_CLOSED && ending.clean;
}

static bool lines_close(void *context, see_failure *why)
{
    lines_engine *e = context;
    bool clean = !e->failed;
    if (e->failed) {
        *why = e->failure;
        if (e->child) {
            see_ending ending;
            see_child_end(e->child, true, 0, &ending);
        }
    } else {
        clean = end_cleanly(e, why);
    }
    free(e->name);
    free(e);
    return clean;
}

bool engine_see_open_lines(const char *command, const see_opening *opening, engine_see *out,
                           see_failure *why)
{
    lines_engine *e = calloc(1, sizeof *e);
    char *name = malloc(strlen(command) + 1);
    if (!e || !name) {
        free(e);
        free(name);
        snprintf(why->message, sizeof why->message, "out of memory");
        return false;
    }
    memcpy(name, command, strlen(command) + 1);
    if (!see_child_start(command, &e->child, why)) {
        free(e);
        free(name);
        return false;
    }
    e->name = name;
    e->asking = opening->values ? SEE_ASK_VALUES : SEE_ASK_THRESHOLDS;
    e->timeout_seconds = opening->timeout_seconds > 0 && opening->timeout_seconds < 1e9
                             ? opening->timeout_seconds
                             : ENGINE_SEE_TIMEOUT_DEFAULT;
    *out = (engine_see){name, !opening->values, opening->values, lines_ask, lines_close, e};
    return true;
}
