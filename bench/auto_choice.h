// What auto learned for a call shape in this process, as the benchmark's
// closing line says it; C, on the public seebatch_auto_report.
#ifndef SEEBATCH_BENCH_AUTO_CHOICE_H
#define SEEBATCH_BENCH_AUTO_CHOICE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// For values (threshold false) or a threshold on many boards in board order,
// pins worked out or given, at least 8 moves a call: the backend auto keeps
// and each backend's speed as auto judged it (seebatch_auto_report: the kept
// one's settled, the others' on the same positions in their trials), as
// "avx512 (avx512 16.2 ns a capture, avx2 18.0, scalar not judged, as auto
// judged them)", into out.
void bench_auto_learned(bool threshold, bool pins_given, char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
