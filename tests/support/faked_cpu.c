/* A CPU's registers written by hand (faked_cpu.h). */
#include "faked_cpu.h"

#include <stdio.h>
#include <string.h>

seebatch_cpu faked_cpu(const char *vendor, unsigned family, unsigned model, bool avx512)
{
    seebatch_cpu cpu;
    memset(&cpu, 0, sizeof cpu);
    snprintf(cpu.vendor, sizeof cpu.vendor, "%s", vendor);
    unsigned base = family < 0xF ? family : 0xF;
    cpu.signature =
        (uint32_t)(base << 8 | (family - base) << 20 | (model & 0xF) << 4 | (model >> 4) << 16);
    cpu.leaf1_ecx = AVX_WITH_OS;
    cpu.leaf7_ebx = avx512 ? SERVER_AVX512_LEAF7 : HASWELL_LEAF7;
    cpu.xcr0 = avx512 ? ZMM_STATE : YMM_STATE;
    return cpu;
}
