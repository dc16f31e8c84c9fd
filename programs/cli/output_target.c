#include "output_target.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "options.h"
#include "platform.h"

bool output_target_is_input(const char *subcommand, const char *path, const input_source *input)
{
    if (!path || output_is_standard(path) ||
        !seebatch_output_is_input(path, input->file ? input->file : stdin))
        return false;
    report(subcommand,
           "the output %s is the same file as the input (%s); it would be destroyed, so "
           "nothing was written: write to another file",
           path, input->path ? input->path : "read from standard input");
    return true;
}

int output_target_open(const char *subcommand, const char *path, seebatch_output_file *out)
{
    if (output_is_standard(path)) {
        *out = (seebatch_output_file){stdout, NULL, NULL, 0};
        return EXIT_OK;
    }
    if (seebatch_output_file_open(out, path, NULL) != SEEBATCH_OK) {
        int error = out->system_error;
        report(subcommand, "cannot create %s: %s", path, strerror(error));
        return error == ENOMEM ? EXIT_RESOURCE_FAILURE : EXIT_USAGE;
    }
    platform_remove_if_interrupted(out->temporary);
    return EXIT_OK;
}

/* The words of finish_output, and where the temporary was removed, that the
 * file is as it was. */
static int report_unwritten(const char *subcommand, const char *path, int error, bool replacing)
{
    report(subcommand, "cannot write %s: %s; the output is incomplete%s", path, strerror(error),
           replacing ? ", so it was removed and the file is as it was before the run" : "");
    return EXIT_RESOURCE_FAILURE;
}

int output_target_finish(const char *subcommand, seebatch_output_file *out, const char *path,
                         int status)
{
    if (output_is_standard(path))
        return status; /* main checks standard output and names it */
    int error = 0;
    bool replacing = out->temporary != NULL;
    if (!output_stream_sound(out->stream, &error)) {
        seebatch_output_file_discard(out);
        platform_forget_temporary();
        return report_unwritten(subcommand, path, error, replacing);
    }
    if (status != EXIT_OK && status != EXIT_BAD_LINES) {
        seebatch_output_file_discard(out);
        platform_forget_temporary();
        return status;
    }
    error = seebatch_output_file_commit(out, NULL) == SEEBATCH_OK ? 0 : out->system_error;
    platform_forget_temporary();
    return error ? report_unwritten(subcommand, path, error, replacing) : status;
}
