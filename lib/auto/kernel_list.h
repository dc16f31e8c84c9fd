/*
 * The SEE kernels auto chooses among, in priority order (widest first): a
 * kernel is one line of this list, and everything that counts, names or
 * indexes kernels follows from it: the registry's entries
 * (implementations.c), a choice line's letters (call_shapes.h), the plan's
 * fields (plan.h) and the learners' per-kernel counts (learner.c).
 *
 * X(name, letter, needs): the backend's name (a bare word: SEEBATCH_BACKEND
 * takes it as written, and the registry finds its kernel as
 * SEEBATCH_KERNEL_<name>, NULL where this build lacks it); its letter in a
 * choice line; the instructions it needs (cpu_features.h). A kernel's index
 * in a choice or a plan counts from the narrowest (the last line, 0): the
 * widest a choice uses is its highest index.
 */
#ifndef SEEBATCH_KERNEL_LIST_H
#define SEEBATCH_KERNEL_LIST_H

#define SEEBATCH_KERNEL_LIST(X)                                                                    \
    X(avx512, '5', INSTRUCTIONS_AVX512)                                                            \
    X(avx2, '2', INSTRUCTIONS_AVX2)                                                                \
    X(scalar, 's', INSTRUCTIONS_PLAIN)

/* Each kernel's place in the list, then their count. */
#define SEEBATCH_KERNEL_PLACE(name, letter, needs) KERNEL_PLACE_##name,
enum { SEEBATCH_KERNEL_LIST(SEEBATCH_KERNEL_PLACE) CHOICE_KERNELS };
#undef SEEBATCH_KERNEL_PLACE

/* A kernel's index in a choice line or a plan, by its name in the list. */
#define CHOICE_INDEX(name) (CHOICE_KERNELS - 1 - KERNEL_PLACE_##name)

#endif
