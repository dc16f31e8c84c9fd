/* --auto-report and --auto-report-json (auto_report.h). */
#include "auto_report.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "seebatch.h"

auto_report_form take_auto_report_option(int *argc, char **argv)
{
    auto_report_form form = AUTO_REPORT_NONE;
    int kept = 0;
    bool options_over = false;
    for (int i = 0; i < *argc; i++) {
        auto_report_form named = options_over                                 ? AUTO_REPORT_NONE
                                 : strcmp(argv[i], "--auto-report") == 0      ? AUTO_REPORT_TEXT
                                 : strcmp(argv[i], "--auto-report-json") == 0 ? AUTO_REPORT_JSON
                                                                              : AUTO_REPORT_NONE;
        options_over |= strcmp(argv[i], "--") == 0;
        if (named != AUTO_REPORT_NONE)
            form = named;
        else
            argv[kept++] = argv[i];
    }
    argv[kept] = NULL;
    *argc = kept;
    return form;
}

/* Whether auto learned this shape in the job: it learns it, and timed calls. */
static bool served(const seebatch_auto_shape *shape)
{
    unsigned long long calls = 0;
    for (size_t b = 0; b < shape->backend_count; b++)
        calls += shape->backends[b].calls;
    return shape->learns && calls;
}

/* Why auto learned nothing: whether it learns here at all. */
static const char *why_nothing(const seebatch_auto_shape *shapes)
{
    for (size_t s = 0; s < SEEBATCH_CALL_SHAPES; s++)
        if (shapes[s].learns)
            return "no call of 64 moves or more on many boards";
    const char *name = seebatch_backend_name();
    if (strcmp(name, "auto") == 0)
        return "it does not learn here: this machine runs one backend";
    if (strcmp(name, "fixed") == 0)
        return "it does not learn here: SEEBATCH_BACKEND is \"fixed\" (auto's first guess, never "
               "learning)";
    return "it does not learn here: SEEBATCH_BACKEND forces a backend";
}

/* How auto judged a backend, in a word (JSON's "judged"). */
static const char *judged_name(seebatch_auto_judged judged)
{
    switch (judged) {
    case SEEBATCH_AUTO_KEPT:
        return "kept";
    case SEEBATCH_AUTO_JUDGED:
        return "judged";
    case SEEBATCH_AUTO_DROPPED:
        return "dropped";
    case SEEBATCH_AUTO_ON_TRIAL:
        return "on trial";
    default:
        return "not tried";
    }
}

/* "avx2 24.01 ns over 212 calls, kept", "scalar 40.60 ns over 9 calls,
 * judged beside the best", "scalar dropped after 3 calls, cold: 2.90 times
 * the best's cost, no speed", "scalar on trial (1 call)" or "scalar not
 * tried". */
static void print_backend_text(const seebatch_auto_backend *backend, bool first)
{
    unsigned long long calls = (unsigned long long)backend->calls;
    const char *plural = calls == 1 ? "" : "s";
    fprintf(stderr, "%s%s ", first ? "" : "; ", backend->name);
    switch (backend->judged) {
    case SEEBATCH_AUTO_KEPT:
    case SEEBATCH_AUTO_JUDGED:
        fprintf(stderr, "%.2f ns over %llu call%s, %s", backend->ns_per_capture, calls, plural,
                backend->judged == SEEBATCH_AUTO_KEPT ? "kept" : "judged beside the best");
        break;
    case SEEBATCH_AUTO_DROPPED:
        fprintf(stderr,
                "dropped after %llu call%s, cold: %.2f times the best's cost on the same "
                "positions, no speed",
                calls, plural, backend->trailed);
        break;
    case SEEBATCH_AUTO_ON_TRIAL:
        fprintf(stderr, "on trial (%llu call%s)", calls, plural);
        break;
    default:
        fprintf(stderr, "not tried");
    }
}

static void print_text(const char *subcommand, const seebatch_auto_shape *shapes)
{
    bool any = false;
    for (size_t s = 0; s < SEEBATCH_CALL_SHAPES; s++) {
        const seebatch_auto_shape *shape = &shapes[s];
        if (!served(shape))
            continue;
        if (!any)
            report(subcommand, "auto learned, per kind of call (each backend's speed as auto "
                               "judged it, ns a capture, over its calls timed; a backend "
                               "dropped cold has no speed):");
        any = true;
        fprintf(stderr, "  %s: kept %s; ", shape->shape, shape->kept);
        for (size_t b = 0; b < shape->backend_count; b++)
            print_backend_text(&shape->backends[b], b == 0);
        if (shape->repeats_every)
            fprintf(stderr, "; the calls repeat every %zu\n", shape->repeats_every);
        else
            fprintf(stderr, "; the calls do not repeat\n");
    }
    if (!any)
        report(subcommand, "auto learned nothing in this job: %s", why_nothing(shapes));
}

/* One line: {"backend": how it is chosen, "learned": [a shape served, ...]}. */
static void print_json(const seebatch_auto_shape *shapes)
{
    fprintf(stderr, "{\"backend\":\"%s\",\"learned\":[", seebatch_backend_name());
    bool any = false;
    for (size_t s = 0; s < SEEBATCH_CALL_SHAPES; s++) {
        const seebatch_auto_shape *shape = &shapes[s];
        if (!served(shape))
            continue;
        fprintf(stderr, "%s{\"shape\":\"%s\",\"kept\":\"%s\",\"repeats_every\":%zu,\"backends\":[",
                any ? "," : "", shape->shape, shape->kept, shape->repeats_every);
        any = true;
        for (size_t b = 0; b < shape->backend_count; b++) {
            const seebatch_auto_backend *backend = &shape->backends[b];
            fprintf(stderr, "%s{\"name\":\"%s\",\"calls\":%llu,\"judged\":\"%s\",", b ? "," : "",
                    backend->name, (unsigned long long)backend->calls,
                    judged_name(backend->judged));
            if (backend->ns_per_capture > 0)
                fprintf(stderr, "\"ns_per_capture\":%.2f,", backend->ns_per_capture);
            else
                fputs("\"ns_per_capture\":null,", stderr);
            if (backend->trailed > 0)
                fprintf(stderr, "\"trailed\":%.2f}", backend->trailed);
            else
                fputs("\"trailed\":null}", stderr);
        }
        fputs("]}", stderr);
    }
    fputs("]}\n", stderr);
}

void print_auto_report(const char *subcommand, auto_report_form form)
{
    seebatch_auto_shape shapes[SEEBATCH_CALL_SHAPES];
    seebatch_auto_report(shapes, SEEBATCH_CALL_SHAPES);
    if (form == AUTO_REPORT_JSON)
        print_json(shapes);
    else
        print_text(subcommand, shapes);
}
