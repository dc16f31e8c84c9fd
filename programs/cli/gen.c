/* seebatch gen and seebatch perft: positions out, node counts out. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "numbers.h"
#include "options.h"
#include "position_generator.h"
#include "subcommands.h"
#include "tool_only.h"

static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static const char gen_help[] =
    "usage: seebatch gen [--count N] [--seed S]\n"
    "\n"
    "Prints N positions (default 10), one FEN per line, from deterministic random\n"
    "legal games (start position and a few openings) biased toward captures and\n"
    "balanced material. Every position has at least one legal capture. The same\n"
    "seed (default 1) prints the same positions on every machine.\n";

static const char perft_help[] =
    "usage: seebatch perft [--depth D] [--divide] [FEN]\n"
    "\n"
    "Prints the number of leaf nodes of the legal move tree of depth D (default 4,\n"
    "at most 10) from FEN (default: the start position; Chess960 in X-FEN or\n"
    "Shredder-FEN). A position whose side not to move is in check is refused: no\n"
    "game reaches it.\n"
    "\n"
    "  --divide    first a line \"MOVE: N\" for each legal move of the position\n"
    "              (UCI: castling e1g1 in standard chess, the king taking its\n"
    "              rook in Chess960; sorted by that text),\n"
    "              N the leaf nodes under it at depth D - 1, then a blank line\n"
    "              and \"Nodes searched: TOTAL\", as Stockfish's \"go perft D\"\n"
    "              prints them (D at least 1)\n";

/* A bare number where the subcommand takes none is most likely the value of
 * an option written without the option's name. */
static bool is_whole_number(const char *text)
{
    long long ignored;
    return read_whole_number(text, -(long long)(~0ull >> 1) - 1, (long long)(~0ull >> 1), &ignored);
}

static bool wants_help(const char *argument)
{
    return strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0;
}

int run_gen(int argc, char **argv)
{
    long long count = 10, seed = 1;
    const number_option count_option = {"--count", 0, 1000000000000ll, &count};
    const number_option seed_option = {"--seed", 0, (long long)(~0ull >> 1), &seed};
    bool bad = false;
    for (int i = 0; i < argc; i++) {
        if (wants_help(argv[i])) {
            print_output(stdout, "%s", gen_help);
            return EXIT_OK;
        }
        if (take_number_option("gen", argc, argv, &i, &count_option, &bad) ||
            take_number_option("gen", argc, argv, &i, &seed_option, &bad))
            continue;
        if (argv[i][0] == '-' && argv[i][1] != '\0' && !isdigit((unsigned char)argv[i][1]))
            return usage_error("gen", "unknown option \"%s\"", argv[i]);
        if (!take_positional("gen", argv, i))
            return EXIT_USAGE;
        if (is_whole_number(argv[i]))
            return usage_error("gen",
                               "\"%s\" is not an option; the number of positions is "
                               "given as --count %s",
                               argv[i], argv[i]);
        return usage_error("gen", "unexpected argument \"%s\": gen takes only options", argv[i]);
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
        if (puts(fen) == EOF || ferror(stdout)) {
            remember_write_error();
            break; /* the output is gone: main reports it (exit 3) */
        }
    }
    return EXIT_OK;
}

/* One root move and the leaf nodes under it, for --divide. */
typedef struct divided_move {
    char uci[SEEBATCH_UCI_MAX + 1];
    uint64_t nodes;
} divided_move;

static int by_uci(const void *a, const void *b)
{
    return strcmp(((const divided_move *)a)->uci, ((const divided_move *)b)->uci);
}

/* perft --divide: each root move's count, sorted by its text, then the total. */
static int print_divided(const seebatch_board *board, int depth)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    divided_move *divided = malloc((count ? count : 1) * sizeof *divided);
    if (!divided) {
        report("perft", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    uint64_t total = 0;
    for (size_t i = 0; i < count; i++) {
        seebatch_board after = *board;
        seebatch_board_play(&after, moves[i]);
        divided[i].uci[seebatch_move_to_uci(moves[i], divided[i].uci)] = '\0';
        divided[i].nodes = seebatch_perft_nodes(&after, depth - 1);
        total += divided[i].nodes;
    }
    qsort(divided, count, sizeof *divided, by_uci);
    for (size_t i = 0; i < count; i++)
        print_output(stdout, "%s: %llu\n", divided[i].uci, (unsigned long long)divided[i].nodes);
    print_output(stdout, "\nNodes searched: %llu\n", (unsigned long long)total);
    free(divided);
    return EXIT_OK;
}

/* Whether the side to move could take the other king: the side not to move
 * is in check, which no game reaches, so the position has no legal move tree. */
static bool other_king_in_check(const seebatch_board *board)
{
    seebatch_move captures[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_captures(board, captures);
    unsigned other = board->side_to_move ^ 1u;
    uint64_t king = board->pieces[SEEBATCH_KING] & board->colors[other];
    for (size_t i = 0; i < count; i++)
        if (king >> seebatch_move_to(captures[i]) & 1)
            return true;
    return false;
}

int run_perft(int argc, char **argv)
{
    long long depth = 4;
    const number_option depth_option = {"--depth", 0, 10, &depth};
    const char *fen = start_fen;
    bool bad = false, divide = false;
    for (int i = 0; i < argc; i++) {
        if (wants_help(argv[i])) {
            print_output(stdout, "%s", perft_help);
            return EXIT_OK;
        }
        if (take_number_option("perft", argc, argv, &i, &depth_option, &bad))
            continue;
        if (strcmp(argv[i], "--divide") == 0) {
            divide = true;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0' && !isdigit((unsigned char)argv[i][1]))
            return usage_error("perft", "unknown option \"%s\"", argv[i]);
        if (!take_positional("perft", argv, i))
            return EXIT_USAGE;
        if (fen != start_fen)
            return usage_error("perft", "more than one FEN (quote the FEN: it has spaces)");
        fen = argv[i];
    }
    if (bad)
        return EXIT_USAGE;
    seebatch_board board;
    seebatch_error error;
    if (is_whole_number(fen))
        return usage_error("perft", "\"%s\" is not a FEN; the depth is given as --depth %s", fen,
                           fen);
    if (seebatch_board_from_fen(&board, fen, &error) != SEEBATCH_OK)
        return usage_error("perft", "%s", error.message);
    if (other_king_in_check(&board))
        return usage_error("perft",
                           "%s is in check with %s to move: no game reaches such a "
                           "position, so it has no legal move tree",
                           board.side_to_move == SEEBATCH_WHITE ? "black" : "white",
                           board.side_to_move == SEEBATCH_WHITE ? "white" : "black");
    if (divide && depth == 0)
        return usage_error("perft", "--divide splits the count by the first move: it needs "
                                    "--depth 1 or more");
    if (divide)
        return print_divided(&board, (int)depth);
    print_output(stdout, "%llu\n", (unsigned long long)seebatch_perft_nodes(&board, (int)depth));
    return EXIT_OK;
}
