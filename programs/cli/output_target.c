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

/* Whether the target is there (or cannot be told to be absent): what a
 * discarded output left as it was. */
static bool target_exists(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (file)
        fclose(file);
    return file || errno != ENOENT;
}

/* What a run that failed did to the target: where a temporary was written,
 * nothing (the file as it was, or none made); where the target was written
 * directly (no regular file), what was written stays. Where the run wrote
 * part of its output, standard output would have had it. */
static void report_discarded(const char *subcommand, const char *path, bool replacing,
                             bool written_part)
{
    const char *instead = written_part ? " (--output - writes the entries as they are read)" : "";
    if (!replacing)
        report(subcommand,
               "%s is no regular file: what was written to it before the run failed stays", path);
    else if (target_exists(path))
        report(subcommand, "%s was not written and is as it was before the run, which failed%s",
               path, instead);
    else
        report(subcommand, "%s was not made: the run failed%s", path, instead);
}

void output_target_untouched(const char *subcommand, const char *path)
{
    if (!output_is_standard(path))
        report_discarded(subcommand, path, true, false);
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
    if (status != EXIT_OK) {
        seebatch_output_file_discard(out);
        platform_forget_temporary();
        report_discarded(subcommand, path, replacing, true);
        return status;
    }
    error = seebatch_output_file_commit(out, NULL) == SEEBATCH_OK ? 0 : out->system_error;
    platform_forget_temporary();
    return error ? report_unwritten(subcommand, path, error, replacing) : status;
}
