#include "cpu_features.h"

#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* Register bits from the Intel SDM, volume 2, CPUID leaves 1 and 7. */
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

/* xgetbv by opcode, so this file needs no -mxsave. Only valid when OSXSAVE. */
static uint64_t read_xcr0(void)
{
    uint32_t low, high;
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(low), "=d"(high) : "c"(0));
    return ((uint64_t)high << 32) | low;
}

typedef struct cpu_registers {
    uint32_t leaf1_ecx, leaf7_ebx;
    uint64_t xcr0;
} cpu_registers;

static cpu_registers read_cpu(void)
{
    cpu_registers r = {0, 0, 0};
    uint32_t a, b, c, d;
    if (__get_cpuid(1, &a, &b, &c, &d))
        r.leaf1_ecx = c;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
        r.leaf7_ebx = b;
    /* Without OSXSAVE the OS does not save wide registers: nothing is usable. */
    if (r.leaf1_ecx & LEAF1_ECX_OSXSAVE)
        r.xcr0 = read_xcr0();
    return r;
}

static bool all_set(uint64_t value, uint64_t bits) { return (value & bits) == bits; }

bool seebatch_cpu_has_avx2(void)
{
    cpu_registers r = read_cpu();
    return all_set(r.leaf1_ecx, LEAF1_ECX_POPCNT | LEAF1_ECX_OSXSAVE | LEAF1_ECX_AVX) &&
           all_set(r.leaf7_ebx, LEAF7_EBX_BMI1 | LEAF7_EBX_AVX2 | LEAF7_EBX_BMI2) &&
           all_set(r.xcr0, XCR0_SSE_AVX);
}

/* What lib/avx512/ is compiled for (SEEBATCH_AVX512_OPTIONS): AVX-512 F, DQ,
 * BW and VL beside everything seebatch_cpu_has_avx2 asks, with the OS saving the
 * opmask and ZMM state as well. */
bool seebatch_cpu_has_avx512(void)
{
    cpu_registers r = read_cpu();
    return seebatch_cpu_has_avx2() &&
           all_set(r.leaf7_ebx, LEAF7_EBX_AVX512F | LEAF7_EBX_AVX512DQ | LEAF7_EBX_AVX512BW |
                                    LEAF7_EBX_AVX512VL) &&
           all_set(r.xcr0, XCR0_SSE_AVX | XCR0_AVX512);
}

#else

bool seebatch_cpu_has_avx2(void) { return false; }
bool seebatch_cpu_has_avx512(void) { return false; }

#endif
