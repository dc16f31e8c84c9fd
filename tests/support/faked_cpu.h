/*
 * A CPU's registers written by hand, for the tests that fake one: the
 * register bits as the Intel SDM numbers them (volume 2, CPUID leaves 1 and
 * 7; volume 1, XCR0), written here rather than taken from the library, so a
 * wrong bit there shows; and a CPU of a vendor, family and model with them.
 */
#ifndef SEEBATCH_TEST_FAKED_CPU_H
#define SEEBATCH_TEST_FAKED_CPU_H

#include <stdbool.h>
#include <stdint.h>

#include "machine/cpu_features.h"

static const uint32_t POPCNT = 1u << 23, OSXSAVE = 1u << 27, AVX = 1u << 28;
static const uint32_t BMI1 = 1u << 3, AVX2 = 1u << 5, BMI2 = 1u << 8, AVX512F = 1u << 16,
                      AVX512DQ = 1u << 17, AVX512PF = 1u << 26, AVX512ER = 1u << 27,
                      AVX512CD = 1u << 28, AVX512BW = 1u << 30, AVX512VL = 1u << 31;
static const uint64_t XCR0_SSE = 1u << 1, XCR0_YMM = 1u << 2, XCR0_OPMASK = 1u << 5,
                      XCR0_ZMM_HI256 = 1u << 6, XCR0_HI16_ZMM = 1u << 7;

#define AVX_WITH_OS (POPCNT | OSXSAVE | AVX)
#define HASWELL_LEAF7 (BMI1 | AVX2 | BMI2)
#define SERVER_AVX512_LEAF7 (HASWELL_LEAF7 | AVX512F | AVX512DQ | AVX512CD | AVX512BW | AVX512VL)
#define YMM_STATE (1u | XCR0_SSE | XCR0_YMM)
#define ZMM_STATE (YMM_STATE | XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM)

/* Registers of a CPU of this vendor, family and model (as its vendor
 * numbers them), with AVX2 and BMI2, and AVX-512 where asked (its OS state
 * too). */
seebatch_cpu faked_cpu(const char *vendor, unsigned family, unsigned model, bool avx512);

#endif
