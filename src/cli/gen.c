/* seebatch gen and seebatch perft: positions out, node counts out. */
#include <string.h>

#include "options.h"
#include "position_generator.h"
#include "subcommands.h"

static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static const char gen_help[] =
    "usage: seebatch gen [--count N] [--seed S]\n"
    "\n"
    "Prints N positions (default 10), one FEN per line, from deterministic random\n"
    "legal games (start position and a few openings) biased toward captures and\n"
    "balanced material. Every position has at least one legal capture. The same\n"
    "seed (default 1) prints the same positions on every machine.\n";

static const char perft_help[] =
    "usage: seebatch perft [--depth D] [FEN]\n"
    "\n"
    "Prints the number of leaf nodes of the legal move tree of depth D (default 4,\n"
    "at most 10) from FEN (default: the start position).\n";

/* Reads "--name VALUE" as a number in [minimum, maximum]; false if not this option. */
static bool number_option(int argc, char **argv, int *index, const char *name, long long minimum,
                          long long maximum, long long *value, bool *bad)
{
    if (strcmp(argv[*index], name) != 0)
        return false;
    const char *argument = *index + 1 < argc ? argv[++*index] : NULL;
    if (!parse_number(argument, minimum, maximum, value)) {
        fprintf(stderr, "seebatch: %s needs a whole number %lld..%lld, not \"%s\"\n", name, minimum,
                maximum, argument ? argument : "");
        *bad = true;
    }
    return true;
}

static bool wants_help(const char *argument)
{
    return strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0;
}

int run_gen(int argc, char **argv)
{
    long long count = 10, seed = 1;
    bool bad = false;
    for (int i = 0; i < argc; i++) {
        if (wants_help(argv[i])) {
            fputs(gen_help, stdout);
            return EXIT_OK;
        }
        if (!number_option(argc, argv, &i, "--count", 0, 1000000000000ll, &count, &bad)
            && !number_option(argc, argv, &i, "--seed", 0, (long long)(~0ull >> 1), &seed, &bad))
            return usage_error("gen", "unknown argument \"%s\"", argv[i]);
    }
    if (bad)
        return EXIT_USAGE;
    position_generator generator;
    position_generator_init(&generator, (uint64_t)seed);
    for (long long i = 0; i < count; i++) {
        seebatch_board board;
        char fen[SEEBATCH_FEN_MAX];
        position_generator_next(&generator, &board);
        seebatch_board_to_fen(&board, fen, sizeof fen);
        if (puts(fen) == EOF)
            break; /* the output is gone: main reports it (exit 3) */
    }
    return EXIT_OK;
}

int run_perft(int argc, char **argv)
{
    long long depth = 4;
    const char *fen = start_fen;
    bool bad = false;
    for (int i = 0; i < argc; i++) {
        if (wants_help(argv[i])) {
            fputs(perft_help, stdout);
            return EXIT_OK;
        }
        if (number_option(argc, argv, &i, "--depth", 0, 10, &depth, &bad))
            continue;
        if (fen != start_fen)
            return usage_error("perft", "more than one FEN (quote the FEN: it has spaces)");
        fen = argv[i];
    }
    if (bad)
        return EXIT_USAGE;
    seebatch_board board;
    seebatch_error error;
    if (seebatch_board_from_fen(&board, fen, &error) != SEEBATCH_OK)
        return usage_error("perft", "%s", error.message);
    printf("%llu\n", (unsigned long long)seebatch_perft(&board, (int)depth));
    return EXIT_OK;
}
