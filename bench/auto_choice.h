// What auto takes for a call shape on this machine (lib/auto/dispatch.h), for
// the benchmark's closing line; C, on the library's internals.
#ifndef SEEBATCH_BENCH_AUTO_CHOICE_H
#define SEEBATCH_BENCH_AUTO_CHOICE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

// The kernel auto takes for values (threshold false) or a threshold on many
// boards in board order, pins worked out or given, at least 8 moves a call.
const char *bench_auto_kernel_in_order(bool threshold, bool pins_given);

#ifdef __cplusplus
}
#endif

#endif
