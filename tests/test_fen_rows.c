/* seebatch_boards_from_fens: every row parses to the board the single parser
 * gives, bad rows are reported with the single parser's message and leave an
 * empty board, the rows around them are still read, and a text holding the
 * wrong number of rows is refused with nothing written. */
#include <string.h>

#include "check.h"
#include "seebatch.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define TRACE "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1"

enum { ROWS = 7, ERROR_ROOM = 2 };

/* Row 5 has a NUL inside; the text is built with its length, not strlen. */
static const char rows_text[] = START "\n"
                                      "  " TRACE "\t\r\n"
                                      "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                                      "\n" TRACE "\n"
                                      "8/8/8/8/8/8/8/K6k w - -\0 0 1\n"
                                      "4k3/8/8/8/8/8/8/4K3 b - - 3 40";

static bool same_board(const seebatch_board *a, const seebatch_board *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static void good_and_bad_rows(void)
{
    seebatch_board boards[ROWS];
    uint8_t statuses[ROWS];
    seebatch_row_error errors[ERROR_ROOM];
    seebatch_fen_rows_report report = {statuses, errors, ERROR_ROOM, 99};
    seebatch_error error;
    CHECK_EQ(
        seebatch_boards_from_fens(rows_text, sizeof rows_text - 1, ROWS, boards, &report, &error),
        SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(report.bad_rows, 3, "rows 2, 3 and 5 are bad");
    static const uint8_t expected[ROWS] = {
        0, 0, SEEBATCH_ERROR_FEN, SEEBATCH_ERROR_FEN, 0, SEEBATCH_ERROR_FEN, 0};
    for (int row = 0; row < ROWS; row++)
        CHECK_EQ(statuses[row], expected[row], "status of row %d", row);

    /* Good rows equal the single parser's boards. */
    static const char *const singles[ROWS] = {
        START, TRACE, NULL, NULL, TRACE, NULL, "4k3/8/8/8/8/8/8/4K3 b - - 3 40"};
    for (int row = 0; row < ROWS; row++) {
        seebatch_board single;
        if (!singles[row])
            continue;
        seebatch_board_from_fen(&single, singles[row], NULL);
        CHECK(same_board(&boards[row], &single), "row %d differs from the single parser", row);
    }

    /* Only the first ERROR_ROOM messages are kept, with their rows. */
    CHECK_EQ(errors[0].row, 2, "first bad row");
    CHECK(strstr(errors[0].error.message, "field 1 (piece placement), character 17: rank 7 has 7"),
          "message \"%s\"", errors[0].error.message);
    CHECK_EQ(errors[1].row, 3, "second bad row");
    CHECK(strstr(errors[1].error.message, "the FEN is empty"), "message \"%s\"",
          errors[1].error.message);

    /* A bad row holds the empty board: consistent and without moves. */
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    for (int row = 2; row <= 5; row += 3) {
        CHECK_EQ(seebatch_board_validate(&boards[row], NULL), SEEBATCH_OK, "row %d", row);
        CHECK_EQ(seebatch_generate_moves(&boards[row], moves), 0, "row %d", row);
    }
}

static void nul_inside_a_row(void)
{
    static const char text[] = "8/8/8/8/8/8/8/K6k w - -\0 0 1";
    seebatch_board board;
    seebatch_row_error errors[1];
    seebatch_fen_rows_report report = {NULL, errors, 1, 0};
    CHECK_EQ(seebatch_boards_from_fens(text, sizeof text - 1, 1, &board, &report, NULL),
             SEEBATCH_OK, "NUL row");
    CHECK_EQ(report.bad_rows, 1, "NUL row is bad");
    CHECK(strstr(errors[0].error.message, "character 24: a NUL byte inside the row"),
          "message \"%s\"", errors[0].error.message);
}

/* A row longer than the single parser accepts is named as such, however long. */
static void long_row(void)
{
    char text[1000];
    memset(text, ' ', sizeof text);
    memcpy(text + sizeof text - sizeof START + 1, START, sizeof START - 1);
    seebatch_board board;
    seebatch_row_error errors[1];
    seebatch_fen_rows_report report = {NULL, errors, 1, 0};
    CHECK_EQ(seebatch_boards_from_fens(text, sizeof text, 1, &board, &report, NULL), SEEBATCH_OK,
             "long row");
    CHECK(strstr(errors[0].error.message, "longer than 255 bytes"), "message \"%s\"",
          errors[0].error.message);
}

static void row_counts(void)
{
    seebatch_board boards[3];
    seebatch_board sentinel;
    memset(&sentinel, 0xab, sizeof sentinel);
    seebatch_fen_rows_report report = {NULL, NULL, 0, 0};
    seebatch_error error;
    /* A final '\n' is optional; "\n" alone is one empty row; "" is none. */
    CHECK_EQ(seebatch_boards_from_fens(START "\n" START, strlen(START) * 2 + 1, 2, boards, &report,
                                       NULL),
             SEEBATCH_OK, "unterminated last row");
    CHECK_EQ(seebatch_boards_from_fens(START "\n" START "\n", strlen(START) * 2 + 2, 2, boards,
                                       &report, NULL),
             SEEBATCH_OK, "terminated last row");
    CHECK_EQ(seebatch_boards_from_fens("\n", 1, 1, boards, &report, NULL), SEEBATCH_OK, "\\n");
    CHECK_EQ(report.bad_rows, 1, "the empty row is bad");
    CHECK_EQ(seebatch_boards_from_fens("", 0, 0, NULL, &report, NULL), SEEBATCH_OK, "no rows");
    CHECK_EQ(seebatch_boards_from_fens(NULL, 0, 0, NULL, &report, NULL), SEEBATCH_OK, "NULL, 0");

    boards[0] = sentinel;
    CHECK_EQ(seebatch_boards_from_fens(START "\n" START, strlen(START) * 2 + 1, 3, boards, &report,
                                       &error),
             SEEBATCH_ERROR_ARGUMENT, "too few rows");
    CHECK(strstr(error.message, "holds 2 rows") && strstr(error.message, "count is 3"),
          "message \"%s\"", error.message);
    CHECK(same_board(&boards[0], &sentinel), "nothing written on a row count mismatch");
    CHECK_EQ(seebatch_boards_from_fens(START, strlen(START), 1, boards, NULL, &error),
             SEEBATCH_ERROR_ARGUMENT, "NULL report");
    CHECK(strcmp(error.message, "report is NULL") == 0, "message \"%s\"", error.message);
    CHECK_EQ(seebatch_boards_from_fens(NULL, 5, 1, boards, &report, &error),
             SEEBATCH_ERROR_ARGUMENT, "NULL text");
    CHECK(strcmp(error.message, "text is NULL") == 0, "message \"%s\"", error.message);
    CHECK_EQ(seebatch_boards_from_fens(START, strlen(START), 1, NULL, &report, &error),
             SEEBATCH_ERROR_ARGUMENT, "NULL boards");
    CHECK(strcmp(error.message, "boards is NULL") == 0, "message \"%s\"", error.message);
}

int main(void)
{
    good_and_bad_rows();
    nul_inside_a_row();
    long_row();
    row_counts();
    return check_finish("test_fen_rows");
}
