/* sigaction is POSIX, beyond C11. */
#define _POSIX_C_SOURCE 200809L
#include "output_target.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "options.h"

/* The temporary the signal handler removes: a signal handler can be told
 * nothing else, so it is the one piece of global state here (set before
 * the handler is installed, cleared once the temporary is gone). */
static char pending_temporary[4096];
static volatile sig_atomic_t temporary_pending;

static void remove_pending_temporary(int signal_number)
{
    if (temporary_pending)
        unlink(pending_temporary);
    raise(signal_number); /* SA_RESETHAND: the default action, ending the process */
}

static void watch_signals(const char *temporary)
{
    if (!temporary || strlen(temporary) >= sizeof pending_temporary)
        return;
    memcpy(pending_temporary, temporary, strlen(temporary) + 1);
    temporary_pending = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_pending_temporary;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction before;
        /* A signal the caller ignores (nohup) stays ignored. */
        if (sigaction(signals[i], NULL, &before) == 0 && before.sa_handler != SIG_IGN)
            sigaction(signals[i], &action, NULL);
    }
}

int output_target_open(const char *subcommand, const char *path, const input_source *input,
                       output_file *out)
{
    struct stat read_from;
    int fd = fileno(input->file ? input->file : stdin);
    if (fd >= 0 && fstat(fd, &read_from) == 0 && seebatch_output_is_file(path, &read_from)) {
        report(subcommand,
               "the output %s is the same file as the input (%s); it would be destroyed, so "
               "nothing was written (give another --output)",
               path, input->path ? input->path : "read from standard input");
        return EXIT_USAGE;
    }
    int error = seebatch_output_file_open(out, path);
    if (error) {
        report(subcommand, "cannot create %s: %s", path, strerror(error));
        return error == ENOMEM ? EXIT_RESOURCE_FAILURE : EXIT_USAGE;
    }
    watch_signals(out->temporary);
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

int output_target_finish(const char *subcommand, output_file *out, const char *path, int status)
{
    int error = 0;
    bool replacing = out->temporary != NULL;
    if (!output_stream_sound(out->stream, &error)) {
        seebatch_output_file_discard(out);
        temporary_pending = 0;
        return report_unwritten(subcommand, path, error, replacing);
    }
    if (status != EXIT_OK && status != EXIT_BAD_LINES) {
        seebatch_output_file_discard(out);
        temporary_pending = 0;
        return status;
    }
    error = seebatch_output_file_commit(out);
    temporary_pending = 0;
    return error ? report_unwritten(subcommand, path, error, replacing) : status;
}
