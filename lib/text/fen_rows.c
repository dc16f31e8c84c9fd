/*
 * Many FENs from one buffer, one per row: a caller with a million positions
 * (a Python list, a file read whole) makes one call instead of a million.
 *
 * A plain FEN row is read in place (fen_scan.h); any other row is handed to
 * seebatch_board_from_fen through a NUL-terminated copy on the stack, so a
 * batch accepts and rejects exactly what the single parser does and says it
 * in the same words. A bad row does not stop the
 * batch: its status is recorded, its board is made empty (consistent, no
 * captures) and the next row is read.
 */
#include <string.h>

#include "errors.h"
#include "fen_scan.h"
#include "uci_position.h"

/* One byte more than the single parser accepts, so it still sees (and
 * names) a row that is too long. */
enum { ROW_COPY_MAX = 256 };

static void seebatch_make_empty(seebatch_board *board)
{
    memset(board, 0, sizeof *board);
    board->en_passant = SEEBATCH_NO_SQUARE;
    board->fullmove_number = 1;
}

/* Parses one row (without its '\n'); a '\r' ending it is dropped. */
static seebatch_status seebatch_parse_row(const char *row, size_t length, seebatch_board *board,
                                          seebatch_error *error)
{
    if (length > 0 && row[length - 1] == '\r')
        length--;
    if (seebatch_board_from_plain_fen(board, row, length)) /* no copy for a plain FEN */
        return seebatch_succeed(error);
    const char *nul = memchr(row, '\0', length);
    if (nul)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN,
                             "FEN, character %zu: a NUL byte inside the row",
                             (size_t)(nul - row) + 1);
    if (seebatch_is_uci_position(row, length)) /* any length: read in place, no copy */
        return seebatch_uci_position_read(board, row, length, error);
    char copy[ROW_COPY_MAX + 1];
    size_t kept = length < ROW_COPY_MAX ? length : ROW_COPY_MAX;
    memcpy(copy, row, kept);
    copy[kept] = '\0';
    return seebatch_board_from_fen(board, copy, error);
}

/* Records a bad row in the report. */
static void seebatch_report_row(seebatch_fen_rows_report *report, size_t row,
                                const seebatch_error *error)
{
    if (report->errors && report->bad_rows < report->error_capacity) {
        report->errors[report->bad_rows].row = row;
        report->errors[report->bad_rows].error = *error;
    }
    report->bad_rows++;
}

seebatch_status seebatch_boards_from_fens(const char *text, size_t length, size_t count,
                                          seebatch_board *boards, seebatch_fen_rows_report *report,
                                          seebatch_error *error)
{
    if ((!text && length > 0) || (!boards && count > 0) || !report)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             !report   ? "report"
                             : !boards ? "boards"
                                       : "text");
    size_t rows = seebatch_count_rows(text, length);
    if (rows != count)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "the text holds %zu rows (lines ended by '\\n') but count is %zu",
                             rows, count);
    report->bad_rows = 0;
    const char *p = text, *end = text ? text + length : text; /* NULL + 0 is undefined */
    for (size_t row = 0; row < count; row++) {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        size_t row_length = newline ? (size_t)(newline - p) : (size_t)(end - p);
        seebatch_error row_error;
        seebatch_status status = seebatch_parse_row(p, row_length, &boards[row], &row_error);
        if (status != SEEBATCH_OK) {
            seebatch_make_empty(&boards[row]);
            seebatch_report_row(report, row, &row_error);
        }
        if (report->statuses)
            report->statuses[row] = (uint8_t)status;
        p = newline ? newline + 1 : end;
    }
    return seebatch_succeed(error);
}
