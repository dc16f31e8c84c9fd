/*
 * The one-pass FEN reader (lib/text/fen_scan.c) against the full parser: the
 * reader must accept every plainly spelled FEN (else the fast path is dead
 * weight), and on any text, well-formed or broken, seebatch_board_from_fen
 * (the reader with the full parser behind it) must give exactly what the
 * full parser alone gives: the same status, the same message, the same board.
 * Every text is placed right against an inaccessible page, with no NUL after
 * it, so a read past its length ends the test.
 */
#include <stdint.h>
#include <string.h>

#include "board/position_status.h"
#include "check.h"
#include "text/fen_scan.h"
#include "text/fen_scan_wide.h"
#include "fenced.h"
#include "random.h"
#include "random_boards.h"

static fenced fence_page;

/* The reader on text[0..length) ending at the fence; true if it accepted. */
static bool scan_fenced(const char *text, size_t length, seebatch_board *board)
{
    char *copy = at_end(&fence_page, length, 1);
    memcpy(copy, text, length);
    return seebatch_board_from_plain_fen(board, copy, length);
}

static long compared, wide_read;

/* The readers behind seebatch_board_from_plain_fen, each alone against the full
 * parser's result (full_status, full): the one-pass reader, and where the
 * CPU runs it the wide placement reader, which must stop at the first space
 * and agree on every piece of what it accepts. */
static void compare_readers(const char *text, size_t length, seebatch_status full_status,
                            const seebatch_board *full)
{
    char *copy = at_end(&fence_page, length, 1);
    memcpy(copy, text, length);
    seebatch_board board;
    bool accepted = seebatch_fen_scan_one_pass(&board, copy, length);
    CHECK(!accepted || (full_status == SEEBATCH_OK && memcmp(&board, full, sizeof board) == 0),
          "the one-pass reader accepts \"%.*s\", which the full parser %s", (int)length, text,
          full_status == SEEBATCH_OK ? "reads as another board" : "rejects");
    if (!seebatch_fen_wide_runs())
        return;
    bool material_possible = false;
    size_t end = seebatch_fen_placement_wide(copy, length, &board, &material_possible);
    if (end == 0)
        return;
    CHECK(material_possible == seebatch_material_possible(&board),
          "\"%.*s\": the wide reader's count of the material is not the status's", (int)length,
          text);
    wide_read++;
    const char *space = memchr(text, ' ', length);
    CHECK(space && end == (size_t)(space - text), "\"%.*s\": the placement ends at %zu",
          (int)length, text, end);
    /* What the wide reader accepts, the one-pass reader accepts as the same
     * placement (its tail may still be broken). */
    seebatch_board one_pass;
    size_t placement = space ? (size_t)(space - text) : 0;
    char plain[300];
    memcpy(plain, text, placement);
    memcpy(plain + placement, " w - - 0 1", 10);
    bool plain_read = seebatch_fen_scan_one_pass(&one_pass, plain, placement + 10);
    CHECK(plain_read && memcmp(board.pieces, one_pass.pieces, sizeof board.pieces) == 0 &&
              memcmp(board.colors, one_pass.colors, sizeof board.colors) == 0,
          "the wide reader reads \"%.*s\" as another placement", (int)length, text);
}

static long judged_impossible;

/* The tool's line reader, seebatch_plain_fen_read, on the text alone and
 * with moves after a ';': the plain reader's board and length exactly (a
 * text with a ';' of its own is read up to it, or not at all), and its
 * yes-or-no on the position the status call's. */
static void compare_line_reader(const char *text, size_t length, bool accepted,
                                const seebatch_board *scanned)
{
    static const char moves[] = ";e2e4 e7e5";
    const char *semicolon = memchr(text, ';', length);
    for (int with_moves = 0; with_moves < 2; with_moves++) {
        size_t total = with_moves ? length + sizeof moves - 1 : length;
        char *line = at_end(&fence_page, total, 1);
        memcpy(line, text, length);
        memcpy(line + length, moves, total - length);
        seebatch_board board, prefix_board;
        bool possible = false;
        size_t end = seebatch_plain_fen_read(&board, line, total, &possible);
        /* Each way of reading the placement this CPU runs, fast pext or
         * not, gives what the reader the CPU chooses gives. */
        for (int wide = 0; wide < 1 + seebatch_fen_wide_runs(); wide++) {
            seebatch_board by_way;
            bool possible_by_way = !possible;
            size_t end_by_way =
                seebatch_plain_fen_read_by(&by_way, line, total, &possible_by_way, wide);
            CHECK(end_by_way == end && (end == 0 || (memcmp(&by_way, &board, sizeof board) == 0 &&
                                                     possible_by_way == possible)),
                  "\"%.*s\": the line reader %s the wide reader reads it otherwise", (int)length,
                  text, wide ? "with" : "without");
        }
        if (semicolon) {
            size_t before = (size_t)(semicolon - text);
            CHECK(end == 0 || (end == before && scan_fenced(text, before, &prefix_board) &&
                               memcmp(&board, &prefix_board, sizeof board) == 0),
                  "\"%.*s\": the line reader reads %zu bytes", (int)length, text, end);
            continue;
        }
        CHECK(end == (accepted ? length : 0), "\"%.*s\"%s: the line reader reads %zu bytes",
              (int)length, text, with_moves ? " with moves" : "", end);
        if (!accepted || end != length)
            continue;
        CHECK(memcmp(&board, scanned, sizeof board) == 0, "\"%.*s\": the line reader's board",
              (int)length, text);
        bool status_possible = seebatch_position_status(&board, 1, NULL, NULL) == SEEBATCH_OK;
        CHECK(possible == status_possible, "\"%.*s\": the line reader says %s, the status call %s",
              (int)length, text, possible ? "possible" : "impossible",
              status_possible ? "possible" : "impossible");
        judged_impossible += !possible;
    }
}

/* The public parser against the full one on one text (NUL-free, <= 255). */
static void compare(const char *text, size_t length)
{
    seebatch_board fast, full;
    seebatch_error fast_error, full_error;
    char copy[256];
    memcpy(copy, text, length);
    copy[length] = '\0';
    seebatch_status fast_status = seebatch_board_from_fen(&fast, copy, &fast_error);
    seebatch_status full_status = seebatch_fen_parse_fully(&full, text, length, &full_error);
    seebatch_board scanned;
    bool accepted = scan_fenced(text, length, &scanned);
    compared++;
    compare_readers(text, length, full_status, &full);
    CHECK(fast_status == full_status && strcmp(fast_error.message, full_error.message) == 0,
          "\"%s\": \"%s\" against the full parser's \"%s\"", copy, fast_error.message,
          full_error.message);
    if (full_status == SEEBATCH_OK)
        CHECK(memcmp(&fast, &full, sizeof fast) == 0, "\"%s\" reads as another board", copy);
    CHECK(!accepted || (full_status == SEEBATCH_OK && memcmp(&scanned, &full, sizeof full) == 0),
          "the reader accepts \"%s\", which the full parser %s", copy,
          full_status == SEEBATCH_OK ? "reads as another board" : "rejects");
    compare_line_reader(text, length, accepted, &scanned);
}

/* The FEN, and each text one edit away from it: a byte replaced (by every
 * byte but NUL, which ends a C string), removed, doubled, or two bytes
 * swapped. */
static void compare_edits(const char *fen)
{
    size_t length = strlen(fen);
    char text[300];
    compare(fen, length);
    for (size_t i = 0; i < length; i++) {
        for (int byte = 1; byte < 256; byte++) {
            memcpy(text, fen, length);
            text[i] = (char)byte;
            compare(text, length);
        }
        memcpy(text, fen, i);
        memcpy(text + i, fen + i + 1, length - i - 1);
        compare(text, length - 1);
        memcpy(text, fen, i + 1);
        memcpy(text + i + 1, fen + i, length - i);
        compare(text, length + 1);
        if (i + 1 < length) {
            memcpy(text, fen, length);
            text[i] = fen[i + 1];
            text[i + 1] = fen[i];
            compare(text, length);
        }
    }
}

static const char *const plain_fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - e3 12 65535",
    "4k3/8/8/8/8/8/8/4K3 w Kq -",
    "8/8/8/8/8/8/8/8 b - - 7",
    "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq w - - 0 1",
};

/* Plain FENs, written ones included, are all the reader's. */
static void test_plain_fens_are_read(void)
{
    seebatch_board board;
    for (size_t i = 0; i < sizeof plain_fens / sizeof plain_fens[0]; i++)
        CHECK(scan_fenced(plain_fens[i], strlen(plain_fens[i]), &board), "%s", plain_fens[i]);
    uint64_t state = 35;
    int boards = scaled(20000);
    for (int n = 0; n < boards; n++) {
        seebatch_board random_board;
        char fen[SEEBATCH_FEN_MAX];
        random_dense_board(&state, &random_board);
        if (!seebatch_board_to_fen(&random_board, fen, sizeof fen))
            continue; /* several kings of a colour: no FEN */
        bool read = scan_fenced(fen, strlen(fen), &board);
        CHECK(read && memcmp(&board, &random_board, sizeof board) == 0, "%s", fen);
        /* The wide reader takes every placement of at most 63 bytes in a
         * text of at least 32 (else it is dead weight): its first space is
         * among the first 64 bytes. */
        size_t placement = (size_t)(strchr(fen, ' ') - fen);
        if (seebatch_fen_wide_runs() && placement < 64 && strlen(fen) >= 32) {
            seebatch_board wide;
            CHECK(seebatch_fen_placement_wide(fen, strlen(fen), &wide, NULL) == placement &&
                      memcmp(wide.pieces, random_board.pieces, sizeof wide.pieces) == 0 &&
                      memcmp(wide.colors, random_board.colors, sizeof wide.colors) == 0,
                  "the wide reader does not read %s", fen);
        }
        compare(fen, strlen(fen));
    }
}

static void test_edits_match_the_full_parser(void)
{
    for (size_t i = 0; i < sizeof plain_fens / sizeof plain_fens[0]; i++)
        compare_edits(plain_fens[i]);
    /* Placements the reader's mailbox checks must see through: ranks that
     * make up for each other, a missing rank, an extra one, slashes in odd
     * places, two digits in a row across the field. */
    static const char *const tricky[] = {
        "7/9/8/8/8/8/8/8 w - - 0 1",     "P8/7/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8// w - - 0 1",     "8/8/8/8/8/8/8/ w - - 0 1",
        "8/8/8/8/8/8/8/8/ w - - 0 1",    "8/8/8/8/8/8/8/8/8 w - - 0 1",
        "/8/8/8/8/8/8/8 w - - 0 1",      "44/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/71 w - - 0 1",    "PPPPPPPP8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/8w - - 0 1",      "8/8/8/8/8/8/8/8 w - - 00000000000001 1",
        "8/8/8/8/8/8/8/8 w - - 65536 1", "8/8/8/8/8/8/8/8 w - - 0 1 ",
        "K7/K7/8/8/8/8/8/8 w - - 0 1",   "8/8/8/8/8/8/8/8 w KQkqK - 0 1",
        "8/8/8/8/8/8/8/8 w qk - 0 1",    "8/8/8/8/8/8/8/8 b - e6 0 1",
        "8/8/8/8/8/8/8/8 w - e6 0 1 2",  "8/8/8/8/8/8/8/8  w - - 0 1",
    };
    for (size_t i = 0; i < sizeof tricky / sizeof tricky[0]; i++)
        compare_edits(tricky[i]);
    /* Random bytes from the placement's alphabet: most are not FENs. */
    uint64_t state = 7;
    static const char alphabet[] = "/12345678pPkKqQ";
    for (int n = 0; n < scaled(200000); n++) {
        char text[80];
        size_t placement = 8 + (size_t)(random_next(&state) % (60));
        for (size_t i = 0; i < placement; i++)
            text[i] = alphabet[(size_t)(random_next(&state) % (sizeof alphabet - 1))];
        memcpy(text + placement, " w - - 0 1", 10);
        compare(text, placement + 10);
    }
}

int main(void)
{
    fence_page = fence(4096);
    if (!fence_page.start) {
        fprintf(stderr, "test_fen_scan: no memory map for the fence\n");
        return 77;
    }
    test_plain_fens_are_read();
    test_edits_match_the_full_parser();
    unfence(&fence_page);
    printf("test_fen_scan: %ld texts compared, %ld read by the wide reader%s, %ld judged "
           "impossible by the line reader\n",
           compared, wide_read,
           seebatch_fen_wide_runs() ? "" : " (not run: no AVX2 build, or not this CPU)",
           judged_impossible);
    /* Run wherever it runs, fast pext or slow: a CPU that would not choose
     * it still tests it (issue 76). */
    CHECK(!seebatch_fen_wide_runs() || wide_read > 1000,
          "the wide reader read %ld texts on a CPU that runs it", wide_read);
    CHECK(judged_impossible > 1000,
          "too few impossible positions to hold the line reader to "
          "the status call (%ld)",
          judged_impossible);
    return check_finish("test_fen_scan");
}
