#include "auto_choice.h"

#include <stdio.h>
#include <string.h>

#include "seebatch.h"

void bench_auto_learned(bool threshold, bool pins_given, char *out, size_t size)
{
    seebatch_auto_shape shapes[SEEBATCH_CALL_SHAPES];
    seebatch_auto_report(shapes, SEEBATCH_CALL_SHAPES);
    char name[80];
    snprintf(name, sizeof name, "%s, many boards in order, pins %s, at least",
             threshold ? "threshold" : "values", pins_given ? "given" : "worked out");
    for (size_t s = 0; s < SEEBATCH_CALL_SHAPES; s++) {
        const seebatch_auto_shape *shape = &shapes[s];
        if (strncmp(shape->shape, name, strlen(name)) != 0)
            continue;
        int at = snprintf(out, size, "%s (%s", shape->kept, shape->learns ? "" : "not learned");
        for (size_t b = 0; shape->learns && b < shape->backend_count && at > 0 && (size_t)at < size;
             b++) {
            const seebatch_auto_backend *backend = &shape->backends[b];
            const char *comma = b ? ", " : "";
            if (backend->ns_per_capture > 0)
                at += snprintf(out + at, size - (size_t)at, "%s%s %.1f%s", comma, backend->name,
                               backend->ns_per_capture, b ? "" : " ns a capture");
            else
                at += snprintf(out + at, size - (size_t)at, "%s%s not judged", comma,
                               backend->name);
        }
        if (at > 0 && (size_t)at < size)
            snprintf(out + at, size - (size_t)at, "%s)", shape->learns ? ", as auto judged them" : "");
        return;
    }
    snprintf(out, size, "unknown");
}
