/* seebatch calibrate: times this CPU's kernels on every call shape and says
 * the fastest, as a row of the measured table and, with --save, as the
 * profile auto reads. The measuring is the library's (calibration.h, through tool_only.h). */
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "seebatch.h"
#include "subcommands.h"
#include "tool_only.h"

/* The sample of the benchmark's real positions the build embeds
 * (cmake/calibration_positions.cmake). */
extern const char calibration_positions[];
extern const size_t calibration_positions_length;

/* Processor seconds of measuring: the whole run stays under 10 s of wall
 * time with another program busy on the same core. */
#define CALIBRATION_SECONDS 3.0

static const char calibrate_help[] =
    "usage: seebatch calibrate [--save]\n"
    "\n"
    "Times every SEE backend this CPU runs (scalar, avx2, avx512) on every call\n"
    "shape auto tells apart (values or thresholds; one board, many in board\n"
    "order or scattered; pins given or worked out; under 8 moves or not), on\n"
    "real positions built into the tool, in about 3 seconds. Prints each\n"
    "shape's nanoseconds a move per backend, then the fastest as one line of\n"
    "the library's measured table (lib/auto/measured_cpus.c: keep it, or send it to\n"
    "the project). The timings move with whatever else the machine runs:\n"
    "calibrate on a quiet machine, and compare two runs.\n"
    "\n"
    "  --save   also write the choices as the profile auto follows on this CPU:\n"
    "           to SEEBATCH_PROFILE's path, else $XDG_CONFIG_HOME/seebatch/\n"
    "           KEY.profile or ~/.config/seebatch/KEY.profile (%APPDATA%\\seebatch\n"
    "           on Windows), KEY naming the CPU; whole or not at all. seebatch\n"
    "           --version then says auto follows it; remove it to go back to\n"
    "           the measured table.\n"
    "  -h, --help   this help\n";

/* Each shape's nanoseconds a move per kernel, the fastest marked, with how
 * far ahead it is of the next. */
static void print_timings(const seebatch_calibration *found)
{
    printf("%-62s", "call shape (ns a move)");
    for (unsigned k = 0; k < CALIBRATION_KERNELS; k++)
        if (found->kernel_ran[k])
            printf(" %8s", found->kernel_names[k]);
    puts("  fastest");
    for (unsigned shape = 0; shape < CALIBRATION_SHAPES; shape++) {
        printf("%-62s", found->shape_names[shape]);
        double best = found->ns_per_move[shape][found->fastest[shape]], next = 0;
        for (unsigned k = 0; k < CALIBRATION_KERNELS; k++) {
            if (!found->kernel_ran[k])
                continue;
            double ns = found->ns_per_move[shape][k];
            printf(" %8.2f", ns);
            if (k != found->fastest[shape] && (next == 0 || ns < next))
                next = ns;
        }
        if (next > 0)
            printf("  %s, %.2fx the next\n", found->kernel_names[found->fastest[shape]],
                   next / best);
        else
            printf("  %s\n", found->kernel_names[found->fastest[shape]]);
    }
    printf("%zu positions, %zu captures, %.1f s of processor time\n", found->positions,
           found->moves, found->seconds);
}

int run_calibrate(int argc, char **argv)
{
    bool save = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(calibrate_help, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--save") == 0)
            save = true;
        else if (argv[i][0] == '-')
            return usage_error("calibrate", "unknown option \"%s\"", argv[i]);
        else
            return usage_error("calibrate",
                               "unexpected argument \"%s\": calibrate reads no file (its "
                               "positions are built in)",
                               argv[i]);
    }
    seebatch_calibration found;
    seebatch_error error;
    if (seebatch_calibrate(calibration_positions, calibration_positions_length, CALIBRATION_SECONDS,
                           &found, &error) != SEEBATCH_OK) {
        report("calibrate", "%s", error.message);
        return EXIT_RESOURCE_FAILURE;
    }
    print_timings(&found);
    puts("the measured table's row for this CPU (lib/auto/measured_cpus.c):");
    puts(found.row);
    if (!save)
        return EXIT_OK;
    if (seebatch_calibration_save(&found, &error) != SEEBATCH_OK) {
        report("calibrate", "%s", error.message);
        return EXIT_RESOURCE_FAILURE;
    }
    printf("profile saved: %s (auto follows it on this CPU)\n", found.profile_path);
    return EXIT_OK;
}
