/* What the subcommands that read an input share (subcommand_input.h). */
#include "subcommand_input.h"

#include <stdio.h>

#include "input_messages.h"

int open_subcommand_input(const char *subcommand, const input_options *options, data_format given,
                          input_source *input)
{
    int status = input_open(subcommand, options->path, given, input);
    if (status == EXIT_OK)
        input_messages_start(subcommand, input->name);
    return status;
}

void start_input_progress(progress_meter *meter, const char *subcommand,
                          const input_options *options, const input_source *input)
{
    progress_start(meter, options->progress, subcommand,
                   input->format == DATA_LINES ? "lines" : "entries", input->stream);
}

int run_over_lines(const char *subcommand, const input_options *options, const input_source *input,
                   const line_work *work, progress_meter *progress)
{
    line_job job = {input->stream, stdout,      (int)options->threads, work->process,
                    work->worker_states, subcommand, input->name, progress,
                    work->finish_chunk};
    switch (run_line_job(&job)) {
    case LINES_ALL_GOOD:
        return EXIT_OK;
    case LINES_SOME_BAD:
        return EXIT_BAD_LINES;
    case LINES_UNWRITABLE:
        return EXIT_RESOURCE_FAILURE; /* main names the output */
    default:
        return EXIT_USAGE;
    }
}
