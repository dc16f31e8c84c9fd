#include "cpu_features.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Register bits from the Intel SDM, volume 2, CPUID leaves 1 and 7, and
 * volume 1, section 13 (XCR0). */
enum {
    LEAF1_ECX_POPCNT = 1u << 23,
    LEAF1_ECX_OSXSAVE = 1u << 27,
    LEAF1_ECX_AVX = 1u << 28,
    LEAF7_EBX_BMI1 = 1u << 3,
    LEAF7_EBX_AVX2 = 1u << 5,
    LEAF7_EBX_BMI2 = 1u << 8,
    LEAF7_EBX_AVX512F = 1u << 16,
    LEAF7_EBX_AVX512DQ = 1u << 17,
    LEAF7_EBX_AVX512BW = 1u << 30,
    LEAF7_EBX_AVX512VL = 1u << 31,
    XCR0_SSE_AVX = 0x6, /* XMM and YMM state */
    XCR0_AVX512 = 0xE0  /* opmask, the upper halves of ZMM0-15, and ZMM16-31 */
};

/* What each kernel's compiler options need, register by register. */
static const uint32_t avx2_leaf1 = LEAF1_ECX_POPCNT | LEAF1_ECX_OSXSAVE | LEAF1_ECX_AVX;
static const uint32_t avx2_leaf7 = LEAF7_EBX_BMI1 | LEAF7_EBX_AVX2 | LEAF7_EBX_BMI2;
static const uint32_t avx512_leaf7 =
    LEAF7_EBX_AVX512F | LEAF7_EBX_AVX512DQ | LEAF7_EBX_AVX512BW | LEAF7_EBX_AVX512VL;

static bool seebatch_all_set(uint64_t value, uint64_t bits) { return (value & bits) == bits; }

unsigned seebatch_cpu_family(const seebatch_cpu *cpu)
{
    unsigned base = cpu->signature >> 8 & 0xF;
    return base == 0xF ? base + (cpu->signature >> 20 & 0xFF) : base;
}

unsigned seebatch_cpu_model(const seebatch_cpu *cpu)
{
    unsigned base = cpu->signature >> 4 & 0xF;
    unsigned family = cpu->signature >> 8 & 0xF;
    return family == 0x6 || family == 0xF ? (cpu->signature >> 16 & 0xF) << 4 | base : base;
}

bool seebatch_cpu_runs_popcnt(const seebatch_cpu *cpu) { return cpu->leaf1_ecx & LEAF1_ECX_POPCNT; }

bool seebatch_cpu_runs_avx2(const seebatch_cpu *cpu)
{
    return seebatch_all_set(cpu->leaf1_ecx, avx2_leaf1) &&
           seebatch_all_set(cpu->leaf7_ebx, avx2_leaf7) &&
           seebatch_all_set(cpu->xcr0, XCR0_SSE_AVX);
}

bool seebatch_cpu_runs_avx512(const seebatch_cpu *cpu)
{
    return seebatch_cpu_runs_avx2(cpu) && seebatch_all_set(cpu->leaf7_ebx, avx512_leaf7) &&
           seebatch_all_set(cpu->xcr0, XCR0_SSE_AVX | XCR0_AVX512);
}

bool seebatch_cpu_runs(const seebatch_cpu *cpu, instruction_set set)
{
    switch (set) {
    case INSTRUCTIONS_AVX512:
        return seebatch_cpu_runs_avx512(cpu);
    case INSTRUCTIONS_AVX2:
        return seebatch_cpu_runs_avx2(cpu);
    case INSTRUCTIONS_POPCNT:
        return seebatch_cpu_runs_popcnt(cpu);
    default:
        return true;
    }
}

/* pext takes 3 cycles on Intel since Haswell (the first with BMI2) and on
 * AMD since Zen 3. Before, AMD microcodes it, with a latency that grows with
 * the bits of the mask: tens to hundreds of cycles, which is why engines ship
 * builds without BMI2 for those CPUs. */
bool seebatch_cpu_fast_pext(const seebatch_cpu *cpu)
{
    if (!(cpu->leaf7_ebx & LEAF7_EBX_BMI2))
        return false;
    if (strcmp(cpu->vendor, "GenuineIntel") == 0)
        return true;
    bool amd = strcmp(cpu->vendor, "AuthenticAMD") == 0 || strcmp(cpu->vendor, "HygonGenuine") == 0;
    return amd && seebatch_cpu_family(cpu) >= 0x19;
}

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* xgetbv by opcode, so this file needs no -mxsave. Only valid when OSXSAVE. */
static uint64_t seebatch_read_xcr0(void)
{
    uint32_t low, high;
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(low), "=d"(high) : "c"(0));
    return ((uint64_t)high << 32) | low;
}

seebatch_cpu seebatch_cpu_read(void)
{
    seebatch_cpu cpu;
    memset(&cpu, 0, sizeof cpu);
    uint32_t a, b, c, d;
    if (__get_cpuid(0, &a, &b, &c, &d)) {
        memcpy(cpu.vendor, &b, 4);
        memcpy(cpu.vendor + 4, &d, 4);
        memcpy(cpu.vendor + 8, &c, 4);
    }
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        cpu.signature = a;
        cpu.leaf1_ecx = c;
    }
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
        cpu.leaf7_ebx = b;
    /* Without OSXSAVE the OS does not save wide registers: nothing is usable. */
    if (cpu.leaf1_ecx & LEAF1_ECX_OSXSAVE)
        cpu.xcr0 = seebatch_read_xcr0();
    return cpu;
}

#else

seebatch_cpu seebatch_cpu_read(void)
{
    seebatch_cpu cpu;
    memset(&cpu, 0, sizeof cpu);
    return cpu;
}

#endif

/* This machine, read once a process: cpuid traps to the hypervisor in a
 * virtual machine (about 30 us for the three leaves on a Zen 3 VM), and the
 * binpack decoder asks at every chunk, the FEN reader at every position,
 * seebatch_view_rules_init at every call. The first caller to claim the
 * copy writes it and then marks it ready; until then, and in racing
 * threads, each caller reads its own. */
enum { MACHINE_UNREAD, MACHINE_WRITING, MACHINE_READY };
static seebatch_cpu this_cpu;
static _Atomic unsigned this_cpu_state;
_Atomic uint32_t seebatch_machine_answers;

static uint32_t seebatch_answers_of(const seebatch_cpu *cpu)
{
    return (seebatch_cpu_runs_avx2(cpu) ? SEEBATCH_ANSWER_AVX2 : 0) |
           (seebatch_cpu_runs_avx512(cpu) ? SEEBATCH_ANSWER_AVX512 : 0) |
           (seebatch_cpu_fast_pext(cpu) ? SEEBATCH_ANSWER_FAST_PEXT : 0) |
           (seebatch_cpu_runs_popcnt(cpu) ? SEEBATCH_ANSWER_POPCNT : 0) | SEEBATCH_ANSWERS_READ;
}

seebatch_cpu seebatch_cpu_here(void)
{
    if (atomic_load_explicit(&this_cpu_state, memory_order_acquire) == MACHINE_READY)
        return this_cpu;
    seebatch_cpu read = seebatch_cpu_read();
    unsigned unread = MACHINE_UNREAD;
    if (atomic_compare_exchange_strong(&this_cpu_state, &unread, MACHINE_WRITING)) {
        this_cpu = read;
        atomic_store_explicit(&this_cpu_state, MACHINE_READY, memory_order_release);
    }
    return read;
}

int seebatch_pext_setting(void)
{
    const char *value = getenv("SEEBATCH_PEXT");
    if (!value || !*value || strcmp(value, "auto") == 0)
        return SEEBATCH_PEXT_AUTO;
    if (strcmp(value, "fast") == 0)
        return SEEBATCH_PEXT_FAST;
    if (strcmp(value, "slow") == 0)
        return SEEBATCH_PEXT_SLOW;
    return SEEBATCH_PEXT_BAD;
}

/* The answers with SEEBATCH_PEXT applied: "fast" where the CPU has BMI2
 * (pext runs, however slowly), "slow" anywhere; a bad value changes
 * nothing (seebatch_backend_init names it). */
static uint32_t seebatch_pext_as_set(const seebatch_cpu *cpu, uint32_t answers)
{
    int setting = seebatch_pext_setting();
    if (setting == SEEBATCH_PEXT_SLOW)
        return answers & ~(uint32_t)SEEBATCH_ANSWER_FAST_PEXT;
    if (setting == SEEBATCH_PEXT_FAST && (cpu->leaf7_ebx & LEAF7_EBX_BMI2))
        return answers | SEEBATCH_ANSWER_FAST_PEXT;
    return answers;
}

uint32_t seebatch_machine_answers_read(void)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    uint32_t answers = seebatch_pext_as_set(&cpu, seebatch_answers_of(&cpu));
    /* One word, written whole: a racing reader sees it unread or right. */
    atomic_store_explicit(&seebatch_machine_answers, answers, memory_order_relaxed);
    return answers;
}

bool seebatch_cpu_runs_here(instruction_set set)
{
    static const uint32_t needed[] = {0, SEEBATCH_ANSWER_POPCNT, SEEBATCH_ANSWER_AVX2,
                                      SEEBATCH_ANSWER_AVX512};
    return (seebatch_cpu_answers() & needed[set]) == needed[set];
}

void seebatch_cpu_features_line(char *out, size_t size)
{
    if (SEEBATCH_HAS_CPUID)
        snprintf(out, size, "CPU features: AVX2+BMI1+BMI2+POPCNT %s, AVX-512 F+DQ+BW+VL %s\n",
                 seebatch_cpu_has_avx2() ? "yes" : "no", seebatch_cpu_has_avx512() ? "yes" : "no");
    else
        snprintf(out, size, "CPU features: none read on " SEEBATCH_ARCHITECTURE "\n");
}

void seebatch_cpu_identity_line(char *out, size_t size)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    if (SEEBATCH_HAS_CPUID)
        snprintf(out, size, "CPU: %s family %02Xh model %02Xh, pext fast: %s%s\n",
                 *cpu.vendor ? cpu.vendor : "unknown", seebatch_cpu_family(&cpu),
                 seebatch_cpu_model(&cpu), seebatch_cpu_fast_pext(&cpu) ? "yes" : "no",
                 seebatch_pext_setting() == SEEBATCH_PEXT_AUTO ? ""
                 : seebatch_cpu_has_fast_pext()                ? " (taken as fast: SEEBATCH_PEXT)"
                                                               : " (taken as slow: SEEBATCH_PEXT)");
    else
        snprintf(out, size,
                 "CPU: " SEEBATCH_ARCHITECTURE " (no cpuid: no pext, portable lookups)\n");
}
