/*
 * The real positions, embedded in the benchmark: the text of
 * bench/data/real_positions.fen.gz, which the build uncompresses to
 * REAL_POSITIONS_FILE, followed by a NUL.
 */
__asm__(".section .rodata\n"
        ".global bench_real_positions\n"
        "bench_real_positions:\n"
        ".incbin \"" REAL_POSITIONS_FILE "\"\n"
        ".byte 0\n"
        ".previous\n");
