/* What `seebatch --version` says of this machine and of the library's
 * choices on it (seebatch_machine_report, machine_report.h). Auto's choices
 * are read through lib/auto's own functions (auto/implementations.h,
 * auto/call_shapes.h), the CPU's words are cpu_features.c's, the view
 * exchange's views/choice.c's. */
#include "machine_report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auto/dispatch.h"
#include "auto/plan_words.h"
#include "machine/cpu_features.h"
#include "printf_like.h"
#include "seebatch.h"
#include "views/choice.h"

/* The report as written so far: out holds what fitted of its length bytes. */
typedef struct report_text {
    char *out;
    size_t size, length;
} report_text;

static void seebatch_report_add(report_text *text, const char *format, ...)
    SEEBATCH_PRINTF_LIKE(2, 3);

static void seebatch_report_add(report_text *text, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    bool room = text->length < text->size;
    int added = vsnprintf(room ? text->out + text->length : NULL,
                          room ? text->size - text->length : 0, format, arguments);
    va_end(arguments);
    if (added > 0)
        text->length += (size_t)added;
}

/* Whether the variable chose (set, not empty, not "auto"). */
static bool seebatch_forced_by(const char *variable)
{
    const char *value = getenv(variable);
    return value && *value && strcmp(value, "auto") != 0;
}

/* plan_line: a line of auto's account, into the report. */
static void seebatch_report_line(void *context, const char *line)
{
    seebatch_report_add(context, "%s\n", line);
}

/* The view exchange seebatch_view_rules_init gives here
 * (SEEBATCH_VIEW_EXCHANGE applied) beside the one auto picks. */
static void seebatch_report_view_exchange(report_text *text)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    seebatch_view_lookup chosen = SEEBATCH_LOOKUP_PORTABLE, automatic = SEEBATCH_LOOKUP_PORTABLE;
    seebatch_view_lookup_here(&chosen, NULL);
    seebatch_view_lookup_choose(&cpu, seebatch_current_backend()->name, "auto", &automatic, NULL);
    if (seebatch_forced_by("SEEBATCH_VIEW_EXCHANGE"))
        seebatch_report_add(
            text, "view exchange: %s (chosen by SEEBATCH_VIEW_EXCHANGE; auto picks %s)\n",
            seebatch_view_lookup_names[chosen], seebatch_view_lookup_names[automatic]);
    else
        seebatch_report_add(text, "view exchange: %s (what auto picks here)\n",
                            seebatch_view_lookup_names[chosen]);
}

size_t seebatch_machine_report(char *out, size_t size)
{
    report_text text = {out, out ? size : 0, 0};
    if (text.size)
        out[0] = '\0';
    seebatch_plan_words(seebatch_plan_in_use(), seebatch_report_line, &text);
    char line[160];
    seebatch_cpu_features_line(line, sizeof line);
    seebatch_report_add(&text, "%s", line);
    const char *names[8];
    size_t count = seebatch_backends_available(names, 8);
    seebatch_report_add(&text, "backends this build runs here:");
    for (size_t i = 0; i < count && i < 8; i++)
        seebatch_report_add(&text, " %s", names[i]);
    seebatch_report_add(&text, "\n");
#if SEEBATCH_AVX512_EMULATED
    seebatch_report_add(&text,
                        "build: a test build, its avx512 kernel emulated over SIMDe with AVX2 "
                        "(slow)\n");
#endif
    seebatch_cpu_identity_line(line, sizeof line);
    seebatch_report_add(&text, "%s", line);
    seebatch_report_view_exchange(&text);
    return text.length;
}
