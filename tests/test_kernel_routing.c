/*
 * Public batch calls of every length reach the kernel in use: the lane kernel of
 * the backend set, or the scalar kernel for batches shorter than that
 * kernel's useful batch (on one board, the scalar kernel's node walk); and with nothing asked for,
 * the first kernel this CPU runs in dispatch's order of preference is in use (a dispatch that
 * always picked scalar would pass every other test).
 *
 * The kernels are observed from outside the library: this program is linked
 * with `--wrap` for each kernel's symbol (tests/CMakeLists.txt), so that
 * dispatch and the entry points reach the counting kernels below, which
 * count the call and hand it to the real one.
 */
#include <string.h>

#include "check.h"
#include "see_calls.h"
#include "machine/cpu_features.h"
#include "auto/dispatch.h"
#include "auto/implementations.h"
#include "kernel.h"
#include "random_boards.h"
#include "seebatch.h"

enum { MAX_LENGTH = 64, KINDS = 3 };

/* Which kernel a call reached first (a kernel may hand a batch on to
 * another): 0 none, else 1 + its index in kernel_names. */
static int first_reached;
/* Each kernel's name by its index, as a constant the wrappers below can be
 * initialized with (an element of kernel_names is not one). */
#define KERNEL_NAME_0 "scalar"
#define KERNEL_NAME_1 "avx2"
#define KERNEL_NAME_2 "avx512"
static const char *const kernel_names[KINDS] = {KERNEL_NAME_0, KERNEL_NAME_1, KERNEL_NAME_2};

#define COUNTING_KERNEL(symbol, index)                                                             \
    extern const see_backend __real_##symbol;                                                      \
    static void values_##symbol(const see_batch *batch, int32_t *values)                           \
    {                                                                                              \
        if (!first_reached)                                                                        \
            first_reached = (index) + 1;                                                           \
        __real_##symbol.values(batch, values);                                                     \
    }                                                                                              \
    static void see_ge_##symbol(const see_batch *batch, int32_t threshold, uint8_t *passed)        \
    {                                                                                              \
        if (!first_reached)                                                                        \
            first_reached = (index) + 1;                                                           \
        __real_##symbol.see_ge(batch, threshold, passed);                                          \
    }                                                                                              \
    /* Not const: its shortest useful batch is copied from the real one. */                        \
    see_backend __wrap_##symbol = {                                                                \
        KERNEL_NAME_##index, values_##symbol, see_ge_##symbol, 0, NULL, false};

/* The scalar kernel's node walk (lib/scalar/node_body.h), which exact
 * values on one board reach when the scalar kernel serves them. */
#define COUNTING_NODE_WALK(symbol)                                                                 \
    void __real_##symbol(const seebatch_rules *rules, const seebatch_batch *node,                  \
                         int32_t *values);                                                         \
    void __wrap_##symbol(const seebatch_rules *rules, const seebatch_batch *node,                  \
                         int32_t *values);                                                         \
    void __wrap_##symbol(const seebatch_rules *rules, const seebatch_batch *node, int32_t *values) \
    {                                                                                              \
        if (!first_reached)                                                                        \
            first_reached = 1;                                                                     \
        __real_##symbol(rules, node, values);                                                      \
    }

COUNTING_KERNEL(seebatch_scalar_backend, 0)
COUNTING_NODE_WALK(seebatch_node_values_portable)
#if SEEBATCH_HAVE_AVX2
COUNTING_KERNEL(seebatch_avx2_backend, 1)
COUNTING_NODE_WALK(seebatch_node_values_pext)
#endif
#if SEEBATCH_HAVE_AVX512
COUNTING_KERNEL(seebatch_avx512_backend, 2)
#endif

/* The real kernel of that name, for its shortest useful batch. */
static const see_backend *real_kernel(const char *name)
{
    if (strcmp(name, "scalar") == 0)
        return &__real_seebatch_scalar_backend;
#if SEEBATCH_HAVE_AVX2
    if (strcmp(name, "avx2") == 0)
        return &__real_seebatch_avx2_backend;
#endif
#if SEEBATCH_HAVE_AVX512
    if (strcmp(name, "avx512") == 0)
        return &__real_seebatch_avx512_backend;
#endif
    return NULL;
}

static int index_of(const char *name)
{
    for (int i = 0; i < KINDS; i++)
        if (strcmp(kernel_names[i], name) == 0)
            return i + 1;
    return 0;
}

/* Every public batch call with `count` moves must reach `expected` (a single
 * move, seebatch_value and seebatch_value_ge, goes to the scalar quick
 * exchange directly, with no kernel). */
static void check_calls(const seebatch_board *board, const seebatch_move *moves, size_t count,
                        int expected, const char *backend)
{
    const seebatch_config config = {{100, 325, 325, 500, 1000},
                                    SEEBATCH_ALL_FLAGS & ~SEEBATCH_MOVE_PROMOTION_ONLY};
    int32_t values[MAX_LENGTH];
    uint8_t passed[MAX_LENGTH];
    uint32_t board_of[MAX_LENGTH] = {0};
    const char *what[] = {"see_values", "see_ge_batch", "see_values_multi", "see_ge_multi"};
    for (int call = 0; call < 4; call++) {
        first_reached = 0;
        switch (call) {
        case 0:
            values_under(&config, &(seebatch_batch){board, 1, NULL, NULL, moves, count}, values);
            break;
        case 1:
            values_ge_under(&config, &(seebatch_batch){board, 1, NULL, NULL, moves, count}, 0,
                            passed);
            break;
        case 2:
            values_under(&config, &(seebatch_batch){board, 1, NULL, board_of, moves, count},
                         values);
            break;
        default:
            values_ge_under(&config, &(seebatch_batch){board, 1, NULL, board_of, moves, count}, 0,
                            passed);
            break;
        }
        CHECK_EQ(first_reached, expected, "backend %s, %s of %zu moves reached %s", backend,
                 what[call], count, first_reached ? kernel_names[first_reached - 1] : "no kernel");
    }
}

int main(void)
{
    const char *expected_first = "scalar";
#if SEEBATCH_HAVE_AVX2
    __wrap_seebatch_avx2_backend.shortest_useful_batch =
        __real_seebatch_avx2_backend.shortest_useful_batch;
    if (seebatch_cpu_has_avx2())
        expected_first = "avx2";
#endif
#if SEEBATCH_HAVE_AVX512
    __wrap_seebatch_avx512_backend.shortest_useful_batch =
        __real_seebatch_avx512_backend.shortest_useful_batch;
    if (seebatch_cpu_has_avx512())
        expected_first = "avx512";
#endif
    /* Auto takes the measured table's backend where this CPU has a row
     * (test_cpu_detection holds that choice to /proc/cpuinfo). */
    seebatch_cpu cpu = seebatch_cpu_read();
    seebatch_backend_choice choice = seebatch_backend_auto(&cpu);
    if (choice.measured)
        expected_first = choice.backend;
    if (!getenv("SEEBATCH_BACKEND"))
        CHECK(strcmp(seebatch_current_backend()->name, expected_first) == 0,
              "auto chose %s, expected %s", seebatch_current_backend()->name, expected_first);

    uint64_t state = 7;
    seebatch_board board;
    random_dense_board(&state, &board);
    seebatch_move all[1024], moves[MAX_LENGTH];
    size_t n = random_board_moves(&board, all, 1024);
    for (size_t i = 0; i < MAX_LENGTH; i++)
        moves[i] = all[i % n];

    const char *names[KINDS];
    size_t backends = seebatch_backends_available(names, KINDS);
    for (size_t b = 0; b < backends && b < KINDS; b++) {
        seebatch_error error;
        CHECK(seebatch_backend_set(names[b], &error) == SEEBATCH_OK, "%s: %s", names[b],
              error.message);
        size_t shortest = real_kernel(names[b])->shortest_useful_batch;
        for (size_t count = 1; count <= MAX_LENGTH; count++)
            check_calls(&board, moves, count,
                        count < shortest ? index_of("scalar") : index_of(names[b]), names[b]);
    }
    printf("test_kernel_routing: %zu backends, lengths 1..%d, auto chose %s\n", backends,
           MAX_LENGTH, expected_first);
    return check_finish("test_kernel_routing");
}
