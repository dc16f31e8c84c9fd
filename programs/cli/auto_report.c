/* --auto-report (auto_report.h). */
#include "auto_report.h"

#include <stdio.h>
#include <string.h>

#include "report.h"
#include "seebatch.h"

bool take_auto_report_option(int *argc, char **argv)
{
    bool found = false;
    int kept = 0;
    bool options_over = false;
    for (int i = 0; i < *argc; i++) {
        bool ours = !options_over && strcmp(argv[i], "--auto-report") == 0;
        options_over |= strcmp(argv[i], "--") == 0;
        found |= ours;
        if (!ours)
            argv[kept++] = argv[i];
    }
    argv[kept] = NULL;
    *argc = kept;
    return found;
}

void print_auto_report(const char *subcommand)
{
    seebatch_auto_shape shapes[SEEBATCH_CALL_SHAPES];
    seebatch_auto_report(shapes, SEEBATCH_CALL_SHAPES);
    bool any = false;
    for (size_t s = 0; s < SEEBATCH_CALL_SHAPES; s++) {
        const seebatch_auto_shape *shape = &shapes[s];
        unsigned long long calls = 0;
        for (size_t b = 0; b < shape->backend_count; b++)
            calls += shape->backends[b].calls;
        if (!shape->learns || !calls)
            continue;
        if (!any)
            report(subcommand, "auto learned, per call shape (ns a capture over the calls timed):");
        any = true;
        fprintf(stderr, "  %s: kept %s", shape->shape, shape->kept);
        if (shape->repeats_every)
            fprintf(stderr, " (the calls repeat every %zu)", shape->repeats_every);
        fputc(';', stderr);
        for (size_t b = 0; b < shape->backend_count; b++)
            fprintf(stderr, "%s %s %.2f over %llu", b ? "," : "", shape->backends[b].name,
                    shape->backends[b].ns_per_capture,
                    (unsigned long long)shape->backends[b].calls);
        fputc('\n', stderr);
    }
    if (!any)
        report(subcommand, "auto learned nothing in this job: %s",
               shapes[0].learns || shapes[5].learns
                   ? "no call of 64 moves or more on many boards"
                   : "it does not learn here (SEEBATCH_BACKEND names a backend or \"fixed\", or "
                     "this machine runs one backend)");
}
