/* What the subcommands that read an input share (subcommand_input.h). */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include "subcommand_input.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "input_messages.h"
#include "output_target.h"

int open_subcommand_inputs(const char *subcommand, const input_options *options,
                           seebatch_file_format given, const char *output_path, input_set *inputs)
{
    int count = options->path_count ? options->path_count : 1;
    inputs->count = 0;
    inputs->sources = calloc((size_t)count, sizeof *inputs->sources);
    if (!inputs->sources) {
        report(subcommand, "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    int status = EXIT_OK;
    for (int i = 0; i < count && status == EXIT_OK; i++) {
        const char *path = options->path_count ? options->paths[i] : NULL;
        status = input_attach(subcommand, path, given, &inputs->sources[i]);
        if (status == EXIT_OK) {
            inputs->count++;
            if (output_target_is_input(subcommand, output_path, &inputs->sources[i]))
                status = EXIT_USAGE;
        }
    }
    for (int i = 0; i < inputs->count && status == EXIT_OK; i++)
        status = input_recognise(subcommand, &inputs->sources[i]);
    if (status != EXIT_OK)
        close_inputs(inputs);
    return status;
}

void close_inputs(input_set *inputs)
{
    for (int i = 0; i < inputs->count; i++)
        input_close(&inputs->sources[i]); /* nothing for one closed already */
    free(inputs->sources);
    inputs->sources = NULL;
    inputs->count = 0;
}

void start_input_messages(const char *subcommand, const input_source *input)
{
    input_messages_start(subcommand, input->name);
}

/* After a fault that ends the run at input i: the inputs after it, which
 * were not read (the first few named). */
static void name_inputs_not_read(const char *subcommand, const input_set *inputs, int i)
{
    enum { NAMES_SHOWN = 3 };
    int left = inputs->count - i - 1;
    if (left <= 0)
        return;
    char names[512] = "";
    size_t used = 0;
    for (int k = i + 1; k < inputs->count && k <= i + NAMES_SHOWN && used < sizeof names; k++) {
        int wrote = snprintf(names + used, sizeof names - used, "%s%s", k > i + 1 ? ", " : "",
                             inputs->sources[k].name);
        used += wrote > 0 ? (size_t)wrote : 0;
    }
    report(subcommand, "the run ends at that fault in %s: %d input%s after it not read (%s%s)",
           inputs->sources[i].name, left, left == 1 ? "" : "s", names,
           left > NAMES_SHOWN ? ", ..." : "");
}

bool run_goes_on(const char *subcommand, const input_set *inputs, int i, int status)
{
    const input_source *input = &inputs->sources[i];
    if (status == EXIT_OK)
        return true;
    bool ends_file = input->format == SEEBATCH_FILE_BINPACK || input->format == SEEBATCH_FILE_BIN;
    if (status == EXIT_BAD_LINES && !ends_file)
        return true;
    if (status == EXIT_BAD_LINES)
        name_inputs_not_read(subcommand, inputs, i);
    return false;
}

seebatch_file_format shared_format(const input_set *inputs)
{
    for (int i = 1; i < inputs->count; i++)
        if (inputs->sources[i].format != inputs->sources[0].format)
            return SEEBATCH_FILE_UNKNOWN;
    return inputs->sources[0].format;
}

void describe_formats(const input_set *inputs, char *text, size_t size)
{
    size_t used = 0;
    text[0] = '\0';
    for (int i = 0; i < inputs->count && used < size; i++) {
        int wrote =
            snprintf(text + used, size - used, "%s%s: %s", i ? ", " : "", inputs->sources[i].name,
                     seebatch_file_format_name(inputs->sources[i].format));
        if (wrote < 0)
            break;
        used += (size_t)wrote;
    }
}

void start_job_progress(progress_meter *meter, const char *subcommand, const input_options *options,
                        const input_set *inputs)
{
    bool lines = false, entries = false;
    uint64_t total = 0;
    bool sized = true;
    for (int i = 0; i < inputs->count; i++) {
        const input_source *input = &inputs->sources[i];
        lines |= input->format == SEEBATCH_FILE_LINES;
        entries |= input->format != SEEBATCH_FILE_LINES;
        struct stat info;
        int fd = input->stream ? fileno(input->stream) : -1;
        if (fd >= 0 && fstat(fd, &info) == 0 && S_ISREG(info.st_mode))
            total += (uint64_t)info.st_size;
        else
            sized = false;
    }
    progress_start(meter, options->progress, subcommand,
                   lines && entries ? "positions"
                   : lines          ? "lines"
                                    : "entries",
                   sized ? total : 0);
}
