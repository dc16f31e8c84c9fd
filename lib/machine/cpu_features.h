/*
 * What this CPU and its operating system can run, and run fast, from cpuid
 * and xgetbv. Each answer is a pure function of the registers (seebatch_cpu),
 * so a test can fake any CPU; the functions without arguments answer for this
 * machine from its registers read once a process (cpuid is slow in a
 * virtual machine), so they are cheap enough for every call. Kept apart from the kernels: a
 * kernel file is compiled for its ISA, this one never is.
 */
#ifndef SEEBATCH_CPU_FEATURES_H
#define SEEBATCH_CPU_FEATURES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The cpuid leaves and the XCR0 bits the library's choices read. */
typedef struct seebatch_cpu {
    char vendor[13];    /* leaf 0: EBX, EDX, ECX as text, e.g. "GenuineIntel" */
    uint32_t signature; /* leaf 1 EAX: stepping, model, family */
    uint32_t leaf1_ecx; /* POPCNT, OSXSAVE, AVX */
    uint32_t leaf7_ebx; /* leaf 7 subleaf 0: BMI1, AVX2, BMI2, AVX-512 */
    uint64_t xcr0;      /* the register state the OS saves; 0 without OSXSAVE */
} seebatch_cpu;

/* This machine's registers (all zero but what the CPU reports; all zero off
 * x86), read now. */
seebatch_cpu seebatch_cpu_read(void);

/* The same, read once a process and kept: what the library's choices use. */
seebatch_cpu seebatch_cpu_here(void);

/* The architecture this build is for, as --version names it; only x86-64
 * has cpuid, so elsewhere the registers above are empty. */
#if defined(__x86_64__) || defined(_M_X64)
#define SEEBATCH_ARCHITECTURE "x86-64"
#define SEEBATCH_HAS_CPUID 1
#elif defined(__aarch64__) || defined(_M_ARM64)
#define SEEBATCH_ARCHITECTURE "aarch64"
#define SEEBATCH_HAS_CPUID 0
#else
#define SEEBATCH_ARCHITECTURE "this architecture"
#define SEEBATCH_HAS_CPUID 0
#endif

/* The CPU as `seebatch --version` names it (seebatch_machine_report): its
 * features, "CPU features: AVX2+BMI1+BMI2+POPCNT yes, AVX-512 F+DQ+BW+VL
 * no", and its identity, "CPU: GenuineIntel family 06h model 55h, pext
 * fast: yes" (off x86, the architecture and that it has no cpuid), each a
 * line ending in '\n', into out (size bytes, NUL-terminated, cut if need
 * be). */
void seebatch_cpu_features_line(char *out, size_t size);
void seebatch_cpu_identity_line(char *out, size_t size);

/* Family and model from the signature as the Intel SDM and the AMD APM
 * combine them: the extended family is added when the base family is 0Fh;
 * the extended model goes above the base model when the base family is 06h
 * or 0Fh. */
unsigned seebatch_cpu_family(const seebatch_cpu *cpu);
unsigned seebatch_cpu_model(const seebatch_cpu *cpu);

/* What a file of the library may be compiled for: cmake/instruction_sets.cmake
 * gives each set its compiler options (seebatch_compile_for_isa), and such a
 * file's code runs only where seebatch_cpu_runs says the CPU runs the set.
 * That is the one way the library picks instructions: the SEE kernels and
 * the views' lookups (implementations.h), the FEN reader's wide placement
 * (fen_scan.c) and the training formats' coding copies
 * (lib/training/formats/chain_coding.h) all ask it, and none uses ifunc or
 * target attributes, which not every platform has (Windows has no ifunc).
 * Each set needs every set above it in this list. */
typedef enum instruction_set {
    INSTRUCTIONS_PLAIN,  /* any CPU of the architecture */
    INSTRUCTIONS_POPCNT, /* SEEBATCH_POPCNT_OPTIONS: POPCNT */
    INSTRUCTIONS_AVX2,   /* SEEBATCH_AVX2_OPTIONS: AVX2, BMI1, BMI2, POPCNT */
    INSTRUCTIONS_AVX512  /* SEEBATCH_AVX512_OPTIONS: AVX-512 F, DQ, BW, VL besides */
} instruction_set;

/* Whether the CPU of these registers runs code compiled for the set. */
bool seebatch_cpu_runs(const seebatch_cpu *cpu, instruction_set set);

/* What SEEBATCH_POPCNT_OPTIONS is compiled for: POPCNT. */
bool seebatch_cpu_runs_popcnt(const seebatch_cpu *cpu);

/* What lib/avx2/ is compiled for (SEEBATCH_AVX2_OPTIONS): AVX2, BMI1, BMI2
 * and POPCNT, with the OS saving YMM state. */
bool seebatch_cpu_runs_avx2(const seebatch_cpu *cpu);

/* What lib/avx512/ is compiled for (SEEBATCH_AVX512_OPTIONS): AVX-512 F, DQ,
 * BW and VL beside everything avx2 needs, with the OS saving the opmask and
 * ZMM state as well. */
bool seebatch_cpu_runs_avx512(const seebatch_cpu *cpu);

/* Whether pext runs in a few cycles: BMI2 on Intel (Haswell on), or on AMD
 * and Hygon from family 19h (Zen 3) on. Zen to Zen 2 (17h), Hygon (18h) and
 * the older AMD families with BMI2 microcode it (tens to hundreds of
 * cycles); an unknown vendor is taken to be slow. */
bool seebatch_cpu_fast_pext(const seebatch_cpu *cpu);

/* SEEBATCH_PEXT, as the library's own copies with and without pext (the capture
 * generator, the scalar walk, binpack decoding) read it:
 * "auto" (unset, empty) the CPU's answer above, "fast" pext taken as fast
 * where the CPU has BMI2 (a slow CPU runs the pext copies: tests, and
 * measuring them), "slow" the copies without pext everywhere (a fast CPU
 * runs what a slow one does). The machine's answers below apply it. */
enum { SEEBATCH_PEXT_AUTO, SEEBATCH_PEXT_FAST, SEEBATCH_PEXT_SLOW, SEEBATCH_PEXT_BAD };
int seebatch_pext_setting(void);

/* The same questions about this machine, from registers read once. */
bool seebatch_cpu_runs_here(instruction_set set);

/* This machine's answers as bits in one word, read once a process: inline,
 * as the FEN reader and the capture generator ask at every position, where
 * a call costs more than the look. 0 until read. */
enum {
    SEEBATCH_ANSWER_AVX2 = 1u << 0,
    SEEBATCH_ANSWER_AVX512 = 1u << 1,
    SEEBATCH_ANSWER_FAST_PEXT = 1u << 2,
    SEEBATCH_ANSWER_POPCNT = 1u << 3,
    SEEBATCH_ANSWERS_READ = 1u << 4
};
#pragma GCC visibility push(hidden)
extern _Atomic uint32_t seebatch_machine_answers;
#pragma GCC visibility pop
/* Reads the registers and sets the word; returns it. */
uint32_t seebatch_machine_answers_read(void);

static inline uint32_t seebatch_cpu_answers(void)
{
    uint32_t answers = atomic_load_explicit(&seebatch_machine_answers, memory_order_relaxed);
    return answers & SEEBATCH_ANSWERS_READ ? answers : seebatch_machine_answers_read();
}
static inline bool seebatch_cpu_has_avx2(void)
{
    return seebatch_cpu_answers() & SEEBATCH_ANSWER_AVX2;
}
static inline bool seebatch_cpu_has_avx512(void)
{
    return seebatch_cpu_answers() & SEEBATCH_ANSWER_AVX512;
}
static inline bool seebatch_cpu_has_fast_pext(void)
{
    return seebatch_cpu_answers() & SEEBATCH_ANSWER_FAST_PEXT;
}
/* Both at once, in one look: what the FEN reader's wide placement needs. */
static inline bool seebatch_cpu_has_avx2_and_fast_pext(void)
{
    const uint32_t both = SEEBATCH_ANSWER_AVX2 | SEEBATCH_ANSWER_FAST_PEXT;
    return (seebatch_cpu_answers() & both) == both;
}

#endif
