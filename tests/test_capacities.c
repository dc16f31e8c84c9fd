/*
 * Every function that fills a caller's array of a given capacity, called
 * with capacity 0, 1, one less than needed and exactly what is needed, the
 * array placed right against an inaccessible page: a write past the
 * capacity ends the process, and what the capacity holds is checked.
 */
#include <string.h>

#include "check.h"
#include "differential.h"
#include "fenced.h"
#include "seebatch.h"

enum { PAGE_BYTES = 4096 };

static void backends_available(void)
{
    const char *all[16];
    size_t count = seebatch_backends_available(all, 16);
    CHECK_EQ(seebatch_backends_available(NULL, 0), count, "count with no array");
    CHECK_EQ(seebatch_backends_available(NULL, 5), count, "NULL names: only the count");
    fenced f = fence(16 * sizeof(const char *));
    CHECK(f.start != NULL, "mmap");
    if (!f.start)
        return;
    size_t capacities[] = {0, 1, count - 1, count};
    for (size_t c = 0; c < 4; c++) {
        size_t capacity = capacities[c];
        const char **names = at_end(&f, capacity, sizeof *names);
        CHECK_EQ(seebatch_backends_available(names, capacity), count, "capacity %zu", capacity);
        for (size_t i = 0; i < capacity; i++)
            CHECK(names[i] == all[i], "capacity %zu: name %zu is %s, expected %s", capacity, i,
                  names[i], all[i]);
    }
    unfence(&f);
}

/* to_fen with every buffer size from 0 to one past what the FEN needs. */
static void board_to_fen(const char *fen)
{
    seebatch_board board;
    CHECK_EQ(seebatch_board_from_fen(&board, fen, NULL), SEEBATCH_OK, "%s", fen);
    size_t needed = strlen(fen) + 1;
    fenced f = fence(PAGE_BYTES);
    CHECK(f.start != NULL, "mmap");
    if (!f.start)
        return;
    for (size_t size = 0; size <= needed; size++) {
        char *buffer = at_end(&f, size, 1);
        memset(buffer, 'x', size);
        size_t length = seebatch_board_to_fen(&board, buffer, size);
        if (size < needed) {
            CHECK_EQ(length, 0, "size %zu of %zu for %s", size, needed, fen);
            CHECK(size == 0 || buffer[0] == '\0', "size %zu: \"\" written", size);
        } else {
            CHECK_EQ(length, needed - 1, "size %zu for %s", size, fen);
            CHECK(strcmp(buffer, fen) == 0, "wrote %s", buffer);
        }
    }
    CHECK_EQ(seebatch_board_to_fen(&board, NULL, 0), 0, "NULL buffer");
    unfence(&f);
}

/* A move's text fills exactly SEEBATCH_UCI_MAX bytes at most. */
static void move_to_uci(void)
{
    fenced f = fence(PAGE_BYTES);
    if (!f.start)
        return;
    char *out = at_end(&f, SEEBATCH_UCI_MAX, 1);
    CHECK_EQ(seebatch_move_to_uci(seebatch_move_make(52, 60, SEEBATCH_MOVE_PROMOTE_QUEEN), out), 5,
             "e7e8q");
    CHECK(strcmp(out, "e7e8q") == 0, "%s", out);
    unfence(&f);
}

/* The moves of a position with many: the array holds SEEBATCH_MAX_MOVES. */
static void generate_moves(void)
{
    seebatch_board board;
    seebatch_board_from_fen(&board, "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", NULL);
    fenced f = fence(SEEBATCH_MAX_MOVES * sizeof(seebatch_move));
    if (!f.start)
        return;
    seebatch_move *moves = at_end(&f, SEEBATCH_MAX_MOVES, sizeof *moves);
    CHECK_EQ(seebatch_generate_moves(&board, moves), 218, "the known maximum");
    CHECK(seebatch_generate_captures(&board, moves) <= SEEBATCH_MAX_MOVES, "captures");
    unfence(&f);
}

/* The internal writers of the checking library: cut, never past size. */
static void differential_writers(void)
{
    differential check;
    differential_init(&check, true, NULL);
    char full[256];
    differential_describe(&check, full, sizeof full);
    seebatch_board board;
    seebatch_board_from_fen(&board, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", NULL);
    seebatch_config classic = seebatch_config_classic();
    seebatch_move move = seebatch_move_make(28, 35, SEEBATCH_MOVE_NORMAL);
    char full_case[256];
    differential_format_case(&board, move, &classic, full_case, sizeof full_case);
    fenced f = fence(PAGE_BYTES);
    if (!f.start)
        return;
    const char *texts[2] = {full, full_case};
    for (int which = 0; which < 2; which++) {
        size_t needed = strlen(texts[which]) + 1;
        size_t sizes[] = {1, 2, needed - 1, needed};
        for (size_t s = 0; s < 4; s++) {
            char *out = at_end(&f, sizes[s], 1);
            if (which == 0)
                differential_describe(&check, out, sizes[s]);
            else
                differential_format_case(&board, move, &classic, out, sizes[s]);
            CHECK(strlen(out) == sizes[s] - 1, "size %zu: \"%s\"", sizes[s], out);
            CHECK(strncmp(out, texts[which], sizes[s] - 1) == 0, "size %zu: \"%s\"", sizes[s], out);
        }
        differential_describe(&check, at_end(&f, 0, 1), 0);
    }
    unfence(&f);
}

int main(void)
{
    backends_available();
    board_to_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    board_to_fen("8/8/8/8/8/8/8/k6K b - - 65535 65535");
    board_to_fen("r1bqkb1r/pp1ppppp/2n2n2/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq c6 10 4");
    move_to_uci();
    generate_moves();
    differential_writers();
    return check_finish("test_capacities");
}
