/* A program outside the project, built against an installed
 * libseebatch_training (and libseebatch, for its boards): the public API
 * only. Writes three entries to a binpack in the directory given, reads them
 * back, filters them, and exits 0 only if every step gives what it must:
 * the same entries, a capture dropped by --skip-capture, and a damaged
 * copy's fault named as the tool names it ("byte B, entry E: ..."). */
#include <stdio.h>
#include <string.h>

#include <seebatch.h>
#include <seebatch_training.h>

enum { ENTRIES = 3 };

static int fail(const char *what, const seebatch_training_fault *fault)
{
    fprintf(stderr, "training consumer: %s%s%s\n", what, fault ? ": " : "",
            fault ? fault->message : "");
    return 1;
}

/* Three positions of one game, the second a capture: 1. e4 d5 2. exd5. */
static int make_entries(seebatch_board *boards, uint16_t *moves)
{
    static const char *const fens[ENTRIES] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"};
    static const char *const ucis[ENTRIES] = {"e2e4", "d7d5", "e4d5"};
    for (int i = 0; i < ENTRIES; i++) {
        seebatch_move move;
        if (seebatch_board_from_fen(&boards[i], fens[i], NULL) != SEEBATCH_OK ||
            seebatch_move_parse(&boards[i], ucis[i], &move, NULL) != SEEBATCH_OK)
            return fail("a position or move of the test does not parse", NULL);
        moves[i] = move;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return fail("usage: training_consumer DIRECTORY", NULL);
    char path[4096], damaged[4096];
    snprintf(path, sizeof path, "%s/three.binpack", argv[1]);
    snprintf(damaged, sizeof damaged, "%s/damaged.binpack", argv[1]);

    seebatch_board boards[ENTRIES];
    uint16_t moves[ENTRIES], plies[ENTRIES] = {0, 1, 2};
    int16_t scores[ENTRIES] = {30, -25, 110};
    int8_t results[ENTRIES] = {1, -1, 1};
    if (make_entries(boards, moves))
        return 1;
    seebatch_training_arrays in = {boards, moves, scores, plies, results};

    seebatch_training_fault fault;
    seebatch_training_writer *writer =
        seebatch_training_create(path, SEEBATCH_TRAINING_BINPACK, 0, &fault);
    if (!writer || seebatch_training_write(writer, ENTRIES, &in, NULL, &fault) != 0 ||
        seebatch_training_finish(writer, &fault) != 0)
        return fail("writing", &fault);

    seebatch_board read_boards[ENTRIES + 1];
    uint16_t read_moves[ENTRIES + 1], read_plies[ENTRIES + 1];
    int16_t read_scores[ENTRIES + 1];
    int8_t read_results[ENTRIES + 1];
    seebatch_training_arrays out = {read_boards, read_moves, read_scores, read_plies, read_results};
    seebatch_training_reader *reader = seebatch_training_open(path, &fault);
    if (!reader)
        return fail("opening", &fault);
    size_t count = seebatch_training_read(reader, ENTRIES + 1, &out, &fault);
    seebatch_training_close(reader);
    if (fault.failed || count != ENTRIES || memcmp(read_moves, moves, sizeof moves) != 0 ||
        memcmp(read_scores, scores, sizeof scores) != 0 || read_plies[2] != 2 ||
        read_results[1] != -1)
        return fail("reading back gives other entries", fault.failed ? &fault : NULL);

    const char *const rules[] = {"--skip-capture"};
    seebatch_training_filter *filter = seebatch_training_filter_new(1, rules, &fault);
    uint8_t keep[ENTRIES];
    if (!filter || seebatch_training_filter_keep(filter, ENTRIES, &out, keep, &fault) != 0)
        return fail("filtering", &fault);
    seebatch_training_filter_free(filter);
    if (keep[0] != 1 || keep[1] != 1 || keep[2] != 0)
        return fail("--skip-capture kept other entries than the two quiet moves", NULL);

    /* The file cut inside its chain: the first entry (the stem) decodes. */
    FILE *whole = fopen(path, "rb"), *cut = fopen(damaged, "wb");
    unsigned char bytes[256];
    size_t size = whole ? fread(bytes, 1, sizeof bytes, whole) : 0;
    if (!whole || !cut || size < 44 || fwrite(bytes, 1, 8 + 32 + 2 + 1, cut) != 43)
        return fail("making the damaged copy", NULL);
    fclose(whole);
    fclose(cut);
    reader = seebatch_training_open(damaged, &fault);
    count = reader ? seebatch_training_read(reader, ENTRIES + 1, &out, &fault) : 0;
    seebatch_training_close(reader);
    if (count != 1 || !fault.failed || fault.entry != 2 ||
        strncmp(fault.message, "byte ", 5) != 0 || !strstr(fault.message, ", entry 2: "))
        return fail("the damaged copy's fault", &fault);

    printf("seebatch_training: %d entries written, read back and filtered; fault: %s: ok\n",
           ENTRIES, fault.message);
    return 0;
}
