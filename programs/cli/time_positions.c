/* The positions seebatch time asks about (time_positions.h). */
#include "time_positions.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "real_positions.h"

/* The boards read so far. */
typedef struct board_list {
    seebatch_board *boards;
    size_t count, capacity;
    size_t bad; /* lines that were no FEN */
} board_list;

static bool add_board(board_list *list, const seebatch_board *board)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 4096;
        seebatch_board *more = realloc(list->boards, capacity * sizeof *more);
        if (!more)
            return false;
        list->boards = more;
        list->capacity = capacity;
    }
    list->boards[list->count++] = *board;
    return true;
}

/* One line: a FEN (before any ';'), or blank, or a '#' comment. */
static bool read_line(board_list *list, char *line, const char *name, long number)
{
    line[strcspn(line, ";\r\n")] = '\0';
    if (line[strspn(line, " \t")] == '\0' || line[0] == '#')
        return true;
    seebatch_board board;
    seebatch_error error;
    if (seebatch_board_from_fen(&board, line, &error) != SEEBATCH_OK) {
        report("time", "%s: line %ld: %s", name, number, error.message);
        list->bad++;
        return true;
    }
    return add_board(list, &board);
}

/* Every line of the file at path ("-": standard input). */
static int read_file(board_list *list, const char *path)
{
    bool standard = strcmp(path, "-") == 0;
    const char *name = standard ? "standard input" : path;
    FILE *file = standard ? stdin : fopen(path, "rb");
    if (!file) {
        report("time", "%s: %s", path, strerror(errno));
        return EXIT_USAGE;
    }
    static char line[4096];
    long number = 0;
    bool room = true;
    while (room && fgets(line, sizeof line, file)) {
        number++;
        if (!strchr(line, '\n') && !feof(file)) {
            report("time", "%s: line %ld: longer than %zu bytes", name, number, sizeof line - 2);
            list->bad++;
            for (int c = 0; c != '\n' && c != EOF;)
                c = fgetc(file);
            continue;
        }
        room = read_line(list, line, name, number);
    }
    bool failed = ferror(file);
    if (!standard)
        fclose(file);
    if (failed || !room)
        report("time", failed ? "%s: read error" : "out of memory reading %s", name);
    return failed ? EXIT_USAGE : !room ? EXIT_RESOURCE_FAILURE : EXIT_OK;
}

int time_questions(const input_options *input, timing_questions *q)
{
    board_list list = {NULL, 0, 0, 0};
    int status = EXIT_OK;
    if (input->path_count == 0) { /* the real positions built in, as check and suite ask */
        list.boards = real_positions_all(&list.count);
        if (!list.boards) {
            report("time", "out of memory");
            status = EXIT_RESOURCE_FAILURE;
        }
    }
    for (int i = 0; i < input->path_count && status == EXIT_OK; i++)
        status = read_file(&list, input->paths[i]);
    if (status == EXIT_OK && list.bad)
        status = EXIT_BAD_LINES;
    if (status == EXIT_OK && !timing_questions_make(list.boards, list.count, q)) {
        report("time", "out of memory");
        status = EXIT_RESOURCE_FAILURE;
    }
    if (status == EXIT_OK && q->capture_count == 0) {
        report("time", "no position with a capture to time");
        timing_questions_free(q);
        status = EXIT_BAD_LINES;
    }
    free(list.boards);
    return status;
}
