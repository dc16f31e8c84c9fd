/* The positions seebatch time asks about (time_positions.h). */
#include "time_positions.h"

#include <stdlib.h>
#include <string.h>

#include "portion_work.h"
#include "real_positions.h"
#include "subcommand_input.h"

/* Boards gathered: a portion's, on a worker, or every one read so far. */
typedef struct board_list {
    seebatch_board *boards;
    size_t count, capacity;
    bool no_memory;
} board_list;

static void add_boards(board_list *list, const seebatch_board *boards, size_t count)
{
    if (list->no_memory || count == 0)
        return;
    if (list->count + count > list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 1024;
        while (capacity < list->count + count)
            capacity *= 2;
        seebatch_board *more = realloc(list->boards, capacity * sizeof *more);
        if (!more) {
            list->no_memory = true;
            return;
        }
        list->boards = more;
        list->capacity = capacity;
    }
    memcpy(list->boards + list->count, boards, count * sizeof *boards);
    list->count += count;
}

/* What every portion shares: the boards read, in input order. */
typedef struct gathering {
    board_list all;
    bool keep_impossible;
} gathering;

/* A portion's boards, until it is delivered. */
typedef struct gathered {
    gathering *gathering; /* read on workers (keep_impossible) and grown on delivery alone */
    board_list held;
} gathered;

static bool gather_line(const line *input, void *state, text_buffer *out, text_buffer *errors)
{
    (void)out;
    gathered *portion = state;
    seebatch_board board;
    seebatch_move moves[SEEBATCH_MAX_MOVES]; /* read past: every capture is asked */
    seebatch_position_line position = {
        .board = &board, .moves = moves, .keep_impossible = portion->gathering->keep_impossible};
    if (!read_position_line(input, &position, errors))
        return false;
    add_boards(&portion->held, &board, 1);
    return true;
}

static void gather_entries(const seebatch_training_entry *entries, size_t count, void *state)
{
    gathered *portion = state;
    for (size_t i = 0; i < count; i++)
        add_boards(&portion->held, &entries[i].board, 1);
}

/* On this thread, in input order: the portion's boards after the others. */
static void deliver_boards(void *state, uint64_t *counters)
{
    (void)counters;
    gathered *portion = state;
    board_list *all = &portion->gathering->all;
    all->no_memory |= portion->held.no_memory;
    add_boards(all, portion->held.boards, portion->held.count);
    portion->held.count = 0;
    portion->held.no_memory = false;
}

static bool memory_left(void *state) { return !((gathered *)state)->gathering->all.no_memory; }

static void *new_gathered(const void *shared)
{
    gathered *portion = calloc(1, sizeof *portion);
    if (portion)
        portion->gathering = (gathering *)shared; /* grown on the delivering thread alone */
    return portion;
}

static void free_gathered(void *state)
{
    free(((gathered *)state)->held.boards);
    free(state);
}

/* Every input in turn, as check reads them: EXIT_OK or the worst status. */
static int gather_inputs(const time_reading *reading, input_set *inputs, gathering *all)
{
    int status = EXIT_OK;
    progress_meter progress;
    start_job_progress(&progress, "time", reading->input, inputs);
    for (int i = 0; i < inputs->count; i++) {
        start_input_messages("time", &inputs->sources[i]);
        progress_input(&progress, inputs->sources[i].stream);
        portion_work work = {.name = "time",
                             .input = &inputs->sources[i],
                             .threads = (int)reading->input->threads,
                             .progress = &progress,
                             .shared = all,
                             .process = gather_line,
                             .consume_into = gather_entries,
                             .state_new = new_gathered,
                             .state_free = free_gathered,
                             .collect = deliver_boards,
                             .go_on = memory_left};
        int input_status = run_portion_work(&work);
        status = worse_status(status, input_status);
        if (all->all.no_memory || !run_goes_on("time", inputs, i, input_status))
            break;
    }
    progress_end(&progress);
    if (all->all.no_memory) {
        report("time", "out of memory reading the positions");
        status = EXIT_RESOURCE_FAILURE;
    }
    return status;
}

/* The boards of the FILEs, or the real positions built in, into *all. */
static int read_boards(const time_reading *reading, gathering *all)
{
    if (reading->input->path_count == 0) { /* as check and suite ask */
        all->all.boards = real_positions_all(&all->all.count);
        if (all->all.boards)
            return EXIT_OK;
        report("time", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    input_set inputs = {NULL, 0};
    int status = open_subcommand_inputs("time", reading->input, reading->format, NULL, &inputs);
    if (status != EXIT_OK)
        return status;
    status = gather_inputs(reading, &inputs, all);
    close_inputs(&inputs);
    return status;
}

int time_questions(const time_reading *reading, timing_questions *q)
{
    gathering all = {{NULL, 0, 0, false}, reading->keep_impossible};
    int status = read_boards(reading, &all);
    /* Bad lines end the run before any SEE is asked: a table of the rest
     * would read as a timing of the input. */
    if (status == EXIT_OK && !timing_questions_make(all.all.boards, all.all.count, q)) {
        report("time", "out of memory");
        status = EXIT_RESOURCE_FAILURE;
    }
    if (status == EXIT_OK && q->capture_count == 0) {
        report("time", "no position with a capture to time");
        timing_questions_free(q);
        status = EXIT_BAD_LINES;
    }
    free(all.all.boards);
    return status;
}
