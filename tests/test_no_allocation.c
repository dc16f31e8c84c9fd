/*
 * The SEE entry points allocate nothing (include/seebatch.h promises it for
 * the hot path and the checked functions alike). This program defines
 * malloc, calloc, realloc, free and the aligned allocators itself, counting
 * calls and passing them on to glibc's own (__libc_malloc and friends), so
 * every allocation in the process, the library's included, goes through the
 * counters. After a warm-up, every entry point on every backend, with good
 * input and with input the checked functions reject, must leave them at 0.
 *
 * ASan and TSan own malloc themselves and would clash with these
 * definitions, and other C libraries lack __libc_malloc: there the test
 * is skipped (exit 77, which CTest reports as a skip).
 */
#include <stdlib.h>

#include "check.h"
#include "see_calls.h"
#include "workload.h"

#include "malloc_interposable.h"

#ifndef MALLOC_IS_TAKEN

#include <errno.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *pointer, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void __libc_free(void *pointer);

static bool counting;
static unsigned long allocations, releases;

static void count_allocation(void)
{
    if (counting)
        allocations++;
}

void *malloc(size_t size)
{
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size)
{
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size)
{
    count_allocation();
    return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size)
{
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size);
int posix_memalign(void **out, size_t alignment, size_t size)
{
    count_allocation();
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0)
        return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer)
        return ENOMEM;
    *out = pointer;
    return 0;
}

void free(void *pointer)
{
    if (counting && pointer)
        releases++;
    __libc_free(pointer);
}

/* ---- the workload ---- */

static workload work;
static int32_t values[WORKLOAD_POOL];
static uint8_t passed[WORKLOAD_POOL];

/* Every entry point once on every board, and the checked ones on input they
 * reject; returns a checksum so nothing can be optimised away. */
static long every_entry_point(const seebatch_config *config)
{
    long sum = 0;
    seebatch_error error;
    for (size_t b = 0; b < WORKLOAD_BOARDS; b++) {
        const seebatch_board *board = &work.boards[b];
        const seebatch_move *moves = work.moves[b];
        size_t count = work.counts[b];
        values_under(config, &(seebatch_batch){board, 1, NULL, NULL, moves, count}, values);
        values_ge_under(config, &(seebatch_batch){board, 1, NULL, NULL, moves, count}, values[0],
                        passed);
        for (size_t i = 0; i < count; i++) {
            sum += value_under(config, board, moves[i]);
            sum += value_ge_under(config, board, moves[i], 0);
        }
        sum += checked_values_under(config, &(seebatch_batch){board, 1, NULL, NULL, moves, count},
                                    values, &error);
        int32_t value;
        sum += checked_values_under(
            config, &(seebatch_batch){board, 1, NULL, NULL, &(seebatch_move){moves[0]}, 1}, &value,
            &error);
        /* Rejections format their messages without allocating either. */
        sum += checked_values_under(config,
                                    &(seebatch_batch){board, 1, NULL, NULL,
                                                      &(seebatch_move){seebatch_move_make(0, 0, 0)},
                                                      1},
                                    &value, &error);
        seebatch_board broken = *board;
        broken.reserved = 1;
        sum += checked_values_under(config, &(seebatch_batch){&broken, 1, NULL, NULL, moves, count},
                                    values, &error);
        seebatch_config bad = *config;
        bad.values[SEEBATCH_QUEEN] = -1;
        sum += checked_values_under(&bad, &(seebatch_batch){board, 1, NULL, NULL, moves, count},
                                    values, &error);
    }
    values_under(config,
                 &(seebatch_batch){work.boards, WORKLOAD_BOARDS, NULL, work.board_of_move,
                                   work.pool, work.pool_count},
                 values);
    values_ge_under(config,
                    &(seebatch_batch){work.boards, WORKLOAD_BOARDS, NULL, work.board_of_move,
                                      work.pool, work.pool_count},
                    1, passed);
    sum += checked_values_under(config,
                                &(seebatch_batch){work.boards, WORKLOAD_BOARDS, NULL,
                                                  work.board_of_move, work.pool, work.pool_count},
                                values, &error);
    for (size_t i = 0; i < work.pool_count; i++)
        sum += values[i] + passed[i];
    return sum;
}

int main(void)
{
    workload_build(&work, 23);
    const char *names[8];
    size_t backend_count = seebatch_backends_available(names, 8);
    seebatch_config configs[3] = {seebatch_config_classic(), seebatch_config_stockfish(),
                                  seebatch_config_classic()};
    configs[2].flags = SEEBATCH_PINS | SEEBATCH_PROMOTIONS;

    /* Warm-up: the backend is chosen, stdout gets its buffer. */
    long sum = every_entry_point(&configs[0]);
    printf("warm-up checksum %ld\n", sum);

    /* The counters must see an allocation, or the test proves nothing. */
    counting = true;
    void *volatile probe = malloc(16);
    free(probe);
    counting = false;
    CHECK(allocations == 1 && releases == 1,
          "malloc is not interposed (%lu allocations, %lu frees counted)", allocations, releases);

    for (size_t b = 0; b < backend_count; b++) {
        CHECK_EQ(seebatch_backend_set(names[b], NULL), SEEBATCH_OK, "%s", names[b]);
        for (int c = 0; c < 3; c++) {
            allocations = releases = 0;
            counting = true;
            sum += every_entry_point(&configs[c]);
            counting = false;
            CHECK_EQ(allocations, 0, "backend %s, configuration %d", names[b], c);
            CHECK_EQ(releases, 0, "backend %s, configuration %d", names[b], c);
        }
    }
    printf("every SEE entry point on %zu backends, %zu boards, %zu pooled moves: no allocation "
           "(checksum %ld)\n",
           backend_count, (size_t)WORKLOAD_BOARDS, work.pool_count, sum);
    return check_finish("test_no_allocation");
}

#else

int main(void)
{
    puts("test_no_allocation: skipped: the sanitizer runtime (or a C library other than glibc) "
         "owns malloc, so it cannot be counted here");
    return 77;
}

#endif
