/*
 * seebatch suite: real captures with their exact values under the rules
 * named, for any engine's own tests (as perft suites are): drawn from the
 * embedded real positions in an order the seed shuffles, each stratum (a
 * move kind and which explanations of an engine's differences change its
 * value, suite_strata.h) given as many as the others before any gives more;
 * written as "FEN;move;value" lines or EPD records.
 */
#include <stdlib.h>
#include <string.h>

#include "exchange_features.h"
#include "options.h"
#include "real_positions.h"
#include "subcommands.h"
#include "suite_strata.h"

static const char suite_help[] =
    "usage: seebatch suite [config options] [--count N] [--format lines|epd] [--seed S]\n"
    "\n"
    "Writes N moves (default 1000) of the real positions embedded in the tool\n"
    "(109,311 positions of Stockfish self-play) with their exact SEE under the\n"
    "rules the options name (classic by default): captures, promotions, en\n"
    "passant and castling, drawn by stratum: the move's kind (a promotion by its\n"
    "piece and whether it captures), what its exchange holds (x-ray, pinned\n"
    "recapturer, promotion, en passant, king, early stop) and which of the\n"
    "explanations `seebatch check` gives an engine's differences change its\n"
    "value (and which of them agree), every stratum the positions hold given as\n"
    "many as the others before any gives more. An engine tests its SEE on them\n"
    "as on a perft suite: see_ge(move, value) holds and see_ge(move, value + 1)\n"
    "does not. The same options and seed (default 0) write the same bytes on\n"
    "every machine.\n"
    "\n"
    "Options:\n"
    "%s"
    "  --count N           how many moves (1..1000000)\n"
    "  --format F          lines: \"FEN;move;value\" (the default); epd: an EPD\n"
    "                      record a move, its opcodes: hmvc, fmvn, id, uci (the\n"
    "                      move), see (its value), see_ge_true (the value),\n"
    "                      see_ge_false (the value + 1), holds (what the exchange\n"
    "                      holds: xray pinned promotion en_passant king early_stop)\n"
    "  --seed S            the draw (0..2^63 - 1)\n"
    "  -h, --help          this text\n"
    "\n"
    "Exit status: 0 written, 2 usage error, 3 out of memory or unwritable output.\n";

/* A move drawn: its position's place in the shuffled order, its index
 * among the position's moves asked about, its stratum (suite_strata.h), its
 * value under the rules, what its exchange holds (EPD's holds). Each
 * stratum any real move falls in gets its moves before any stratum gets
 * more, so a rare one is not left to chance. */
typedef struct drawn {
    uint32_t rank, stratum;
    uint16_t index;
    seebatch_move move;
    int32_t value;
    unsigned features;
} drawn;

typedef struct suite {
    seebatch_config config;
    seebatch_board *boards;
    size_t board_count;
    uint32_t *order; /* positions shuffled */
    drawn *candidates; /* every move asked about, in the shuffled order */
    size_t candidate_count, candidate_room;
    drawn *moves;
    size_t count, wanted;
    suite_strata strata;
    size_t *in_stratum; /* candidates, a stratum each */
    size_t *quota;      /* the moves each stratum gives */
} suite;

/* The moves a position is asked about: captures, promotions, en passant,
 * castling, in seebatch_generate_moves' order. The capture generator gives
 * all but castling in that order (test_perft holds it to the legal moves),
 * faster; castling, which comes after every other move there, is read from
 * the legal moves only when the side to move has a right. */
static size_t moves_of(const seebatch_board *board, seebatch_move *moves)
{
    static const unsigned rights[2] = {
        SEEBATCH_CASTLE_WHITE_KINGSIDE | SEEBATCH_CASTLE_WHITE_QUEENSIDE,
        SEEBATCH_CASTLE_BLACK_KINGSIDE | SEEBATCH_CASTLE_BLACK_QUEENSIDE};
    size_t count = seebatch_generate_captures(board, moves);
    if (!(board->castling & rights[board->side_to_move]))
        return count;
    seebatch_move legal[SEEBATCH_MAX_MOVES];
    size_t all = seebatch_generate_moves(board, legal);
    for (size_t i = 0; i < all; i++)
        if (seebatch_move_kind(legal[i]) == SEEBATCH_MOVE_CASTLING)
            moves[count++] = legal[i];
    return count;
}

/* Every move asked about of every position, in the shuffled order, with
 * its stratum and value; false out of memory. */
static bool list_candidates(suite *s)
{
    seebatch_rules rules;
    seebatch_rules_init(&rules, &s->config, NULL);
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    walk_position position; /* made once a position, for its moves' walks */
    for (uint32_t rank = 0; rank < s->board_count; rank++) {
        const seebatch_board *board = &s->boards[s->order[rank]];
        size_t count = moves_of(board, moves);
        if (count)
            walk_position_init(&position, board);
        if (s->candidate_count + count > s->candidate_room) {
            size_t room = 2 * s->candidate_room + SEEBATCH_MAX_MOVES;
            drawn *grown = realloc(s->candidates, room * sizeof *grown);
            if (!grown)
                return false;
            s->candidates = grown;
            s->candidate_room = room;
        }
        for (size_t i = 0; i < count; i++) {
            drawn d = {rank, 0, (uint16_t)i, moves[i], 0, 0};
            d.value = seebatch_value(&rules, board, NULL, moves[i]);
            if (!suite_stratum(&s->strata, &position, moves[i], d.value, &d.stratum, &d.features))
                return false;
            s->candidates[s->candidate_count++] = d;
        }
    }
    return true;
}

/* How many candidates each stratum has; false out of memory. */
static bool count_strata(suite *s)
{
    size_t n = s->strata.count ? s->strata.count : 1;
    s->in_stratum = calloc(n, sizeof *s->in_stratum);
    s->quota = calloc(n, sizeof *s->quota);
    if (!s->in_stratum || !s->quota)
        return false;
    for (size_t c = 0; c < s->candidate_count; c++)
        s->in_stratum[s->candidates[c].stratum]++;
    return true;
}

/* Each stratum's quota, filled level by level: the highest level every
 * stratum can give up to (or all it has) within the count, then one more
 * from the first strata that have it. */
static void set_quotas(suite *s)
{
    size_t level = 0, total = 0;
    for (;;) {
        size_t next = 0;
        for (size_t k = 0; k < s->strata.count; k++)
            next += s->in_stratum[k] < level + 1 ? s->in_stratum[k] : level + 1;
        if (next > s->wanted || next == total)
            break;
        total = next;
        level++;
    }
    for (size_t k = 0; k < s->strata.count; k++) {
        s->quota[k] = s->in_stratum[k] < level ? s->in_stratum[k] : level;
        if (total < s->wanted && s->in_stratum[k] > level) {
            s->quota[k]++;
            total++;
        }
    }
}

/* The moves drawn: the candidates in the shuffled order, each while its
 * stratum is short of its quota. */
static void draw(suite *s)
{
    for (size_t c = 0; c < s->candidate_count && s->count < s->wanted; c++) {
        const drawn *d = &s->candidates[c];
        if (s->quota[d->stratum] > 0) {
            s->quota[d->stratum]--;
            s->moves[s->count++] = *d;
        }
    }
}

static int by_place(const void *a, const void *b)
{
    const drawn *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* The positions in the order the seed gives (Fisher-Yates, splitmix64). */
static void shuffle(suite *s, uint64_t seed)
{
    for (size_t i = 0; i < s->board_count; i++)
        s->order[i] = (uint32_t)i;
    uint64_t state = seed;
    for (size_t i = s->board_count; i > 1; i--) {
        size_t j = (size_t)(random_next(&state) % i);
        uint32_t kept = s->order[i - 1];
        s->order[i - 1] = s->order[j];
        s->order[j] = kept;
    }
}

/* One EPD record: the FEN's four fields, then the opcodes. */
static void write_epd(const suite *s, const drawn *d, size_t number, int32_t value)
{
    const seebatch_board *board = &s->boards[s->order[d->rank]];
    char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
    seebatch_board_to_fen(board, fen, sizeof fen);
    char *counters = strrchr(fen, ' ');
    *counters = '\0';
    *strrchr(fen, ' ') = '\0'; /* the four fields */
    seebatch_move_to_uci(d->move, uci);
    print_output(stdout,
                 "%s hmvc %u; fmvn %u; id \"seebatch suite %zu\"; uci %s; see %d; "
                 "see_ge_true %d; see_ge_false %d; holds \"",
                 fen, board->halfmove_clock, board->fullmove_number, number, uci, (int)value,
                 (int)value, (int)value + 1);
    const char *separator = "";
    for (int f = 0; f < EXCHANGE_FEATURE_COUNT; f++)
        if ((d->features >> f) & 1) {
            print_output(stdout, "%s%s", separator, exchange_feature_key(f));
            separator = " ";
        }
    print_output(stdout, "\";\n");
}

static void write_suite(const suite *s, bool epd)
{
    for (size_t i = 0; i < s->count && !ferror(stdout); i++) {
        const drawn *d = &s->moves[i];
        const seebatch_board *board = &s->boards[s->order[d->rank]];
        int32_t value = d->value;
        if (epd) {
            write_epd(s, d, i + 1, value);
            continue;
        }
        char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
        seebatch_board_to_fen(board, fen, sizeof fen);
        seebatch_move_to_uci(d->move, uci);
        print_output(stdout, "%s;%s;%d\n", fen, uci, (int)value);
    }
}

/* The options; EXIT_OK to go on (or after the help, *done). */
static int read_suite_options(int argc, char **argv, input_options *options, long long *count,
                              long long *seed, bool *epd)
{
    const number_option count_option = {"--count", 1, 1000000, count};
    const number_option seed_option = {"--seed", 0, (long long)(~0ull >> 1), seed};
    bool bad = false;
    for (int i = 0; i < argc; i++) {
        if (take_number_option("suite", argc, argv, &i, &count_option, &bad) ||
            take_number_option("suite", argc, argv, &i, &seed_option, &bad))
            continue;
        if (strcmp(argv[i], "--format") == 0) {
            const char *format = i + 1 < argc ? argv[++i] : "";
            if (strcmp(format, "lines") != 0 && strcmp(format, "epd") != 0)
                return usage_error("suite", "--format takes lines or epd, not \"%s\"", format);
            *epd = strcmp(format, "epd") == 0;
            continue;
        }
        argument_result result = take_input_argument("suite", argc, argv, &i, options);
        if (result != ARGUMENT_TAKEN)
            return leave_arguments(result, suite_help) == EXIT_OK ? -1 : EXIT_USAGE;
        if (options->path_count)
            return usage_error("suite", "unexpected argument \"%s\": suite reads no file",
                               options->paths[0]);
    }
    return bad ? EXIT_USAGE : EXIT_OK;
}

int run_suite(int argc, char **argv)
{
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    long long count = 1000, seed = 0;
    bool epd = false;
    int status = read_suite_options(argc, argv, &options, &count, &seed, &epd);
    if (status != EXIT_OK)
        return status < 0 ? EXIT_OK : status;
    suite s = {.config = options.config, .wanted = (size_t)count};
    suite_strata_init(&s.strata, &s.config);
    s.boards = real_positions_all(&s.board_count);
    s.order = malloc(s.board_count * sizeof *s.order);
    s.moves = malloc(s.wanted * sizeof *s.moves);
    if (!s.boards || !s.order || !s.moves) {
        report("suite", "out of memory");
        status = EXIT_RESOURCE_FAILURE;
    } else {
        shuffle(&s, (uint64_t)seed);
        if (list_candidates(&s) && count_strata(&s)) {
            set_quotas(&s);
            draw(&s);
            qsort(s.moves, s.count, sizeof *s.moves, by_place);
            write_suite(&s, epd);
        } else {
            report("suite", "out of memory");
            status = EXIT_RESOURCE_FAILURE;
        }
    }
    free(s.boards);
    free(s.order);
    free(s.moves);
    free(s.candidates);
    free(s.in_stratum);
    free(s.quota);
    suite_strata_free(&s.strata);
    return status;
}
