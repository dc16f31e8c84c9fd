/*
 * The fuzz targets' bodies in the normal test suite, whatever the compiler:
 *   - every input in tests/data/fuzz_regressions/<target>/ (each crash the
 *     fuzzers ever found, and hand-made edge cases) is replayed;
 *   - seeds made here the way fuzz_make_seeds makes them, from generated
 *     games and random dense boards, are run with a few deterministic random
 *     mutations each: a small, repeatable fuzz run in every build, the
 *     sanitizer builds included.
 * A broken property aborts with its reason and the input's name.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "fuzz_input.h"
#include "fuzz_targets.h"
#include "position_generator.h"
#include "random_boards.h"

typedef void (*fuzz_body)(const uint8_t *data, size_t size);

static const struct {
    const char *name;
    fuzz_body run;
} targets[] = {{"fen", fuzz_fen},
               {"uci", fuzz_uci},
               {"see", fuzz_see},
               {"binpack", fuzz_binpack},
               {"plain", fuzz_plain}};
enum { TARGETS = sizeof targets / sizeof targets[0] };

enum { FILE_MAX = 1 << 20, GAME_POSITIONS = 1500, DENSE_BOARDS = 1500, MUTATIONS = 4 };

/* Runs every file of one target's directory; returns how many. */
static int replay_directory(const char *root, const char *name, fuzz_body run)
{
    char directory[2048];
    snprintf(directory, sizeof directory, "%s/fuzz_regressions/%s", root, name);
    DIR *listing = opendir(directory);
    CHECK(listing != NULL, "cannot open %s", directory);
    if (!listing)
        return 0;
    static uint8_t bytes[FILE_MAX];
    int count = 0;
    for (struct dirent *entry; (entry = readdir(listing)) != NULL;) {
        char path[4096];
        struct stat info;
        snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
        if (entry->d_name[0] == '.' || stat(path, &info) != 0 || !S_ISREG(info.st_mode))
            continue;
        FILE *file = fopen(path, "rb");
        CHECK(file != NULL, "cannot open %s", path);
        if (!file)
            continue;
        size_t size = fread(bytes, 1, sizeof bytes, file);
        fclose(file);
        fuzz_context = path;
        run(bytes, size);
        count++;
    }
    closedir(listing);
    fuzz_context = NULL;
    return count;
}

/* The input as it is, then MUTATIONS copies with a few bytes replaced and
 * sometimes cut short, as a fuzzer's first steps would. */
static long run_mutated(fuzz_body run, const uint8_t *input, size_t size, uint64_t *random)
{
    static uint8_t copy[FUZZ_INPUT_MAX];
    run(input, size);
    for (int m = 0; m < MUTATIONS && size > 0; m++) {
        memcpy(copy, input, size);
        size_t length = size;
        for (int changes = 1 + (int)(random_next(random) % 4); changes > 0; changes--)
            copy[random_next(random) % size] = (uint8_t)random_next(random);
        if (random_next(random) % 4 == 0)
            length = (size_t)(random_next(random) % size);
        run(copy, length);
    }
    return 1 + MUTATIONS;
}

/* Seeds of every target from one board; returns the inputs run. */
static long run_seeds(const seebatch_board *board, const seebatch_move *moves, size_t count,
                      unsigned index, uint64_t *random)
{
    static uint8_t input[FUZZ_INPUT_MAX];
    long runs = 0;
    char fen[SEEBATCH_FEN_MAX];
    size_t fen_length = seebatch_board_to_fen(board, fen, sizeof fen);
    if (fen_length > 0)
        runs += run_mutated(fuzz_fen, (const uint8_t *)fen, fen_length, random);
    if (count > 0) {
        char uci[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(moves[index % count], uci);
        runs += run_mutated(fuzz_uci, input, fuzz_uci_input(board, uci, input), random);
    }
    uint8_t config = fuzz_config_byte(index % 7, index / 7);
    runs +=
        run_mutated(fuzz_see, input, fuzz_see_input(config, board, moves, count, input), random);
    size_t size = fuzz_binpack_input(board, index, 1 + index % 12, input, sizeof input);
    runs += run_mutated(fuzz_binpack, input, size, random);
    size = fuzz_plain_input(board, index, 1 + index % 6, input, sizeof input);
    runs += run_mutated(fuzz_plain, input, size, random);
    return runs;
}

int main(void)
{
    const char *data = getenv("SEEBATCH_TEST_DATA");
    const char *root = data ? data : "tests/data";
    for (int t = 0; t < TARGETS; t++) {
        int replayed = replay_directory(root, targets[t].name, targets[t].run);
        CHECK(replayed > 0, "no inputs in %s/fuzz_regressions/%s", root, targets[t].name);
        printf("fuzz_regressions/%s: %d inputs replayed\n", targets[t].name, replayed);
    }

    uint64_t random = 0xF022ull;
    long runs = 0;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    position_generator generator;
    position_generator_init(&generator, 5);
    for (int p = 0; p < scaled(GAME_POSITIONS); p++) {
        seebatch_board board;
        position_generator_next(&generator, &board);
        size_t count = seebatch_generate_captures(&board, moves);
        runs += run_seeds(&board, moves, count, (unsigned)p, &random);
    }
    uint64_t dense = 0xF0DE45Eull;
    for (int b = 0; b < scaled(DENSE_BOARDS); b++) {
        seebatch_board board;
        random_dense_board(&dense, &board);
        size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
        runs += run_seeds(&board, moves, count, (unsigned)b, &random);
    }
    CHECK(runs > 0, "no seeds run");
    printf("seeds and mutations: %ld inputs run through the fuzz targets\n", runs);
    return check_finish("test_fuzz_regressions");
}
