/*
 * A sample of the benchmark's real positions (every 27th of
 * bench/data/real_positions.fen.gz, about 4,000), one FEN a line, embedded
 * at build time (cmake/real_positions_sample.cmake).
 */
#ifndef SEEBATCH_REAL_POSITIONS_SAMPLE_H
#define SEEBATCH_REAL_POSITIONS_SAMPLE_H

#include <stddef.h>

extern const char real_positions_sample[];
extern const size_t real_positions_sample_length;

#endif
