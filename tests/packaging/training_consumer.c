/* A program outside the project, built against an installed
 * libseebatch (training data, seebatch_training.h, and boards): the public API
 * only. Writes three entries to a binpack in the directory given, reads them
 * back, filters them, and exits 0 only if every step gives what it must:
 * the same entries, a capture dropped by --skip-capture, and a damaged
 * copy's fault named as the tool names it ("byte B, entry E: ..."). */
#include <stdio.h>
#include <string.h>

#include <seebatch.h>
#include <seebatch_training.h>

enum { ENTRIES = 3 };

static int fail(const char *what, const seebatch_error *error)
{
    fprintf(stderr, "training consumer: %s%s%s\n", what, error ? ": " : "",
            error ? error->message : "");
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

    seebatch_error error;
    seebatch_training_writer *writer;
    if (seebatch_training_create(path, SEEBATCH_FILE_BINPACK, 0, &writer, &error) !=
        SEEBATCH_OK)
        return fail("creating", &error);
    if (seebatch_training_write(writer, ENTRIES, &in, NULL, &error) != SEEBATCH_OK) {
        seebatch_training_abandon(writer);
        return fail("writing", &error);
    }
    if (seebatch_training_finish(writer, &error) != SEEBATCH_OK)
        return fail("finishing", &error);

    seebatch_board read_boards[ENTRIES + 1];
    uint16_t read_moves[ENTRIES + 1], read_plies[ENTRIES + 1];
    int16_t read_scores[ENTRIES + 1];
    int8_t read_results[ENTRIES + 1];
    seebatch_training_arrays out = {read_boards, read_moves, read_scores, read_plies, read_results};
    seebatch_training_reader *reader;
    if (seebatch_training_open(path, &reader, &error) != SEEBATCH_OK)
        return fail("opening", &error);
    size_t count;
    seebatch_status status = seebatch_training_read(reader, ENTRIES + 1, &out, &count, &error);
    seebatch_training_close(reader);
    if (status != SEEBATCH_OK || count != ENTRIES || memcmp(read_moves, moves, sizeof moves) != 0 ||
        memcmp(read_scores, scores, sizeof scores) != 0 || read_plies[2] != 2 ||
        read_results[1] != -1)
        return fail("reading back gives other entries", status != SEEBATCH_OK ? &error : NULL);

    const char *const rules[] = {"--skip-capture"};
    seebatch_training_filter *filter;
    uint8_t keep[ENTRIES];
    if (seebatch_training_filter_new(1, rules, &filter, &error) != SEEBATCH_OK)
        return fail("making the filter", &error);
    status = seebatch_training_filter_keep(filter, ENTRIES, &out, keep, &error);
    seebatch_training_filter_free(filter);
    if (status != SEEBATCH_OK)
        return fail("filtering", &error);
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
    if (seebatch_training_open(damaged, &reader, &error) != SEEBATCH_OK)
        return fail("opening the damaged copy", &error);
    status = seebatch_training_read(reader, ENTRIES + 1, &out, &count, &error);
    seebatch_training_place place = seebatch_training_reader_place(reader);
    seebatch_training_close(reader);
    if (count != 1 || status == SEEBATCH_OK || error.status != status || place.entry != 2 ||
        place.byte_offset == 0 || strncmp(error.message, "byte ", 5) != 0 ||
        !strstr(error.message, ", entry 2: "))
        return fail("the damaged copy's fault", &error);

    printf("seebatch_training: %d entries written, read back and filtered; fault: %s: ok\n",
           ENTRIES, error.message);
    return 0;
}
