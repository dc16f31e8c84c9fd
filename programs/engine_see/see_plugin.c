/*
 * A plug-in (engine_see.h, engine_see_open_plugin; the ABI is
 * include/seebatch_plugin.h): loaded into this process, checked, and
 * asked question by question, every call into it guarded (see_system.h)
 * so that a crash or a hang there is named with the question asked.
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_see.h"
#include "seebatch_plugin.h"
#include "see_system.h"
#include "see_text.h"

typedef struct plugin_engine {
    see_library *library;
    char *name;        /* library_and_words, as given */
    char *path;        /* its first word */
    const char *words; /* the rest, for seebatch_plugin_open */
    plugin_functions f;
    uint64_t asked; /* questions asked before */
    bool failed;
    see_failure failure;
    see_guarded call;
} plugin_engine;

/* ------------------------------------------------------------------------ */
/* Asking                                                                   */
/* ------------------------------------------------------------------------ */

/* The position of a run of questions on one fen pointer, the move, the
 * answer: false with why at the first the plug-in refuses. */
static bool ask_one(plugin_engine *p, const see_question *q, void **position, int32_t *answer,
                    see_failure *why)
{
    uint64_t number = atomic_load_explicit(&p->call.number, memory_order_relaxed);
    see_asking asking = p->call.asking;
    if (!*position) {
        *position = p->f.position(q->fen);
        if (!*position) {
            see_text_fail(why, number, q, asking,
                          "the plug-in refused the position (seebatch_plugin_position gave NULL)");
            return false;
        }
    }
    uint32_t move = 0;
    int refused = memchr(q->move, '\0', sizeof q->move) ? p->f.move(*position, q->move, &move) : -1;
    if (refused) {
        see_text_fail(why, number, q, asking,
                      "the plug-in refused the move (seebatch_plugin_move gave %d)", refused);
        return false;
    }
    if (asking == SEE_ASK_VALUES) {
        *answer = p->f.see_value(*position, move);
        return true;
    }
    int given = p->f.see_ge(*position, move, q->threshold);
    *answer = given;
    if (given != 0 && given != 1)
        see_text_fail(why, number, q, asking,
                      "the plug-in answered %d (seebatch_plugin_see_ge must give 0 or 1)", given);
    return given == 0 || given == 1;
}

static bool ask_all(plugin_engine *p, const see_question *questions, size_t count, int32_t *answers,
                    see_failure *why)
{
    void *position = NULL;
    const char *fen = NULL;
    bool answered = true;
    for (size_t i = 0; i < count && answered; i++) {
        see_guard_question(&p->call, p->asked + 1 + i);
        if (questions[i].fen != fen && position) {
            p->f.position_free(position);
            position = NULL;
        }
        fen = questions[i].fen;
        answered = ask_one(p, &questions[i], &position, &answers[i], why);
    }
    if (position)
        p->f.position_free(position);
    return answered;
}

static bool plugin_ask(void *context, see_asking asking, const see_question *questions,
                       size_t count, int32_t *answers, see_failure *why)
{
    plugin_engine *p = context;
    if (!p->failed && asking == SEE_ASK_VALUES && !p->f.see_value) {
        snprintf(p->failure.message, sizeof p->failure.message,
                 "%s does not export seebatch_plugin_see_value: it answers thresholds only",
                 p->path);
        p->failed = true;
    }
    if (p->failed) {
        *why = p->failure;
        return false;
    }
    p->call.questions = questions;
    p->call.first = p->asked + 1;
    p->call.asking = asking;
    see_guard_enter(&p->call);
    bool answered = ask_all(p, questions, count, answers, why);
    see_guard_question(&p->call, 0);
    see_guard_leave();
    p->asked += count;
    p->failed = !answered;
    if (!answered)
        p->failure = *why;
    return answered;
}

/* ------------------------------------------------------------------------ */
/* Opening and closing                                                      */
/* ------------------------------------------------------------------------ */

/* One call into the plug-in outside questions, guarded by its name. */
static void guard_call(plugin_engine *p, const char *name)
{
    p->call.call = name;
    p->call.questions = NULL;
    see_guard_question(&p->call, 0);
    see_guard_enter(&p->call);
}

static bool plugin_close(void *context, see_failure *why)
{
    plugin_engine *p = context;
    guard_call(p, "seebatch_plugin_close");
    p->f.close();
    see_guard_leave();
    see_library_close(p->library);
    see_guard_stop();
    bool clean = !p->failed;
    if (!clean)
        *why = p->failure;
    free(p->name);
    free(p);
    return clean;
}

/* The library's path (the first word, or "..." with blanks inside) and
 * the words after it, into p->path and p->words. */
static bool split_words(plugin_engine *p, const char *library_and_words, see_failure *why)
{
    size_t length = strlen(library_and_words);
    p->name = malloc(2 * length + 2);
    if (!p->name) {
        snprintf(why->message, sizeof why->message, "out of memory");
        return false;
    }
    memcpy(p->name, library_and_words, length + 1);
    p->path = p->name + length + 1;
    const char *at = library_and_words + strspn(library_and_words, " \t");
    bool quoted = *at == '"';
    at += quoted;
    size_t path_length = quoted ? strcspn(at, "\"") : strcspn(at, " \t");
    memcpy(p->path, at, path_length);
    p->path[path_length] = '\0';
    bool closed = !quoted || at[path_length] == '"';
    at += path_length + (quoted && closed);
    p->words = at + strspn(at, " \t");
    if (path_length == 0 || !closed)
        snprintf(why->message, sizeof why->message,
                 "not a library's path (in \"...\" when it holds blanks), then any words for "
                 "the plug-in: %s",
                 library_and_words);
    return path_length > 0 && closed;
}

/* Every function the ABI asks for, each missing one named. */
static bool find_functions(plugin_engine *p, see_failure *why)
{
    static const char *const required[] = {
        "seebatch_plugin_abi",  "seebatch_plugin_open",   "seebatch_plugin_position",
        "seebatch_plugin_move", "seebatch_plugin_see_ge", "seebatch_plugin_position_free",
        "seebatch_plugin_close"};
    void *found[7];
    for (size_t i = 0; i < 7; i++) {
        found[i] = see_library_symbol(p->library, required[i]);
        if (!found[i]) {
            snprintf(why->message, sizeof why->message,
                     "%s does not export %s, which every plug-in must "
                     "(include/seebatch_plugin.h)",
                     p->path, required[i]);
            return false;
        }
    }
    /* Data and function pointers share a form on every system that loads
     * libraries (POSIX requires it of dlsym). */
    memcpy(&p->f.abi, &found[0], sizeof found[0]);
    memcpy(&p->f.open, &found[1], sizeof found[1]);
    memcpy(&p->f.position, &found[2], sizeof found[2]);
    memcpy(&p->f.move, &found[3], sizeof found[3]);
    memcpy(&p->f.see_ge, &found[4], sizeof found[4]);
    memcpy(&p->f.position_free, &found[5], sizeof found[5]);
    memcpy(&p->f.close, &found[6], sizeof found[6]);
    void *value = see_library_symbol(p->library, "seebatch_plugin_see_value");
    memcpy(&p->f.see_value, &value, sizeof value);
    return true;
}

/* The ABI, then the plug-in's own open, each guarded. */
static bool start_plugin(plugin_engine *p, see_failure *why)
{
    guard_call(p, "seebatch_plugin_abi");
    int abi = p->f.abi();
    see_guard_leave();
    if (abi != SEEBATCH_PLUGIN_ABI) {
        snprintf(why->message, sizeof why->message,
                 "%s was built for plug-in ABI %d; this seebatch reads ABI %d only", p->path, abi,
                 SEEBATCH_PLUGIN_ABI);
        return false;
    }
    char message[512] = "";
    guard_call(p, "seebatch_plugin_open");
    int refused = p->f.open(p->words, message, sizeof message);
    see_guard_leave();
    if (refused) {
        snprintf(why->message, sizeof why->message,
                 "%s refused to open (seebatch_plugin_open gave %d): ", p->path, refused);
        size_t used = strlen(why->message);
        see_text_append_quoted(why->message, sizeof why->message, &used, message,
                               strnlen(message, sizeof message), sizeof message);
    }
    return refused == 0;
}

bool engine_see_open_plugin(const char *library_and_words, const see_opening *opening,
                            engine_see *out, see_failure *why)
{
    plugin_engine *p = calloc(1, sizeof *p);
    if (!p || !split_words(p, library_and_words, why)) {
        if (!p)
            snprintf(why->message, sizeof why->message, "out of memory");
        free(p ? p->name : NULL);
        free(p);
        return false;
    }
    p->call.library = p->path;
    p->call.timeout_seconds = opening->timeout_seconds > 0 && opening->timeout_seconds < 1e9
                                  ? opening->timeout_seconds
                                  : ENGINE_SEE_TIMEOUT_DEFAULT;
    p->library = see_library_open(p->path, why);
    bool guarded = p->library && find_functions(p, why) && see_guard_start(why);
    if (!guarded || !start_plugin(p, why)) {
        if (guarded)
            see_guard_stop();
        if (p->library)
            see_library_close(p->library);
        free(p->name);
        free(p);
        return false;
    }
    *out = (engine_see){p->name, true, p->f.see_value != NULL, plugin_ask, plugin_close, p};
    return true;
}

const plugin_functions *engine_see_plugin_functions(const engine_see *engine)
{
    return engine->close == plugin_close ? &((const plugin_engine *)engine->context)->f : NULL;
}

see_guarded *engine_see_plugin_guard(const engine_see *engine)
{
    return engine->close == plugin_close ? &((plugin_engine *)engine->context)->call : NULL;
}
