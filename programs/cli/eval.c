/*
 * seebatch eval: SEE of the moves of each input line, for labelling data.
 *
 * Input lines are "FEN" (every legal capture and promotion is evaluated) or
 * "FEN;move move ..." (those moves, in UCI notation). Output is one record
 * per move, in input order. A bad line is reported on stderr as
 * "line N: what is wrong" and skipped whole; the exit status is then 1.
 */
#include <stdlib.h>
#include <string.h>

#include "eval_block.h"
#include "eval_exchange.h"
#include "game_lines.h"
#include "tool_only.h"
#include "input_source.h"
#include "name_fields.h"
#include "auto_report.h"
#include "options.h"
#include "portion_work.h"
#include "position_words.h"
#include "subcommand_input.h"
#include "subcommands.h"

static const char eval_help[] =
    "usage: seebatch eval [options] [FILE...]\n"
    "\n"
    "Reads positions from each FILE in turn (standard input when none is given\n"
    "or for \"-\"), one per line, as\n"
    "  FEN                     every legal capture and promotion is evaluated\n"
    "  FEN;move move ...       the given moves (UCI: e2e4, e7e8q, castling e1g1\n"
    "                          or the king taking its rook, e1h1)\n"
    "  EPD record              four FEN fields, then operations (bm Nf6; id \"x\";):\n"
    "                          every capture, halfmove and fullmove from the\n"
    "                          hmvc and fmvn opcodes (0 and 1 where absent)\n"
    "  position startpos|fen FEN [moves m1 m2 ...]\n"
    "                          a UCI command: every capture of the position\n"
    "                          after the moves\n"
    "and prints one record per move, in input order. The value is the static\n"
    "exchange evaluation of the move for the side whose piece moves. Given moves\n"
    "need not be legal, nor played by the side to move, but their pieces must be\n"
    "able to make them (no slider through a piece, no pawn backwards, castling\n"
    "with the right and the rook in place). A position that writes no record\n"
    "(no capture) is counted in a note on stderr at the end.\n"
    "A line gives at most " MAX_MOVES_TEXT " moves. Blank lines are skipped; CRLF line ends\n"
    "are accepted; lines longer than 65536 bytes are rejected.\n"
    "\n"
    "Options:\n"
    "%s"
    "  --format FORMAT     text: FEN;move;value (the default)\n"
    "                      csv:  a header fen,move,value then one row per move\n"
    "                      jsonl: {\"fen\":...,\"move\":...,\"value\":...} per line\n"
    "  --input-format F    lines, or training data: binpack, plain or bin. By default\n"
    "                      the input says: \"BINP\" (binpack) or \"fen \" (plain) at\n"
    "                      its start, whatever its name, standard input too; else\n"
    "                      a .binpack, .plain or .epd name; else lines. With\n"
    "                      training data the move of each entry is evaluated\n"
    "  --all-captures      training data only: every legal capture and promotion\n"
    "                      of each entry's position instead of its move\n"
    "  --line-numbers      each record starts with the number of its input line\n"
    "                      (lines) or entry (training data, from 1 in each file):\n"
    "                      a first field, a \"line\" or \"entry\" column or key\n"
    "                      (csv: \"number\" for inputs of both kinds), so records\n"
    "                      join back to their input (a position with no capture\n"
    "                      writes none); with several FILEs the file's name comes\n"
    "                      first (a \"file\" column or key), as grep -n gives it\n"
    "  --exchange          each record ends with the line the move's exchange\n"
    "                      plays under the rules, a last field (csv and jsonl:\n"
    "                      \"exchange\"): each move's squares, the pieces moving\n"
    "                      and taken, the mover's balance after it, then \" | \"\n"
    "                      where the best line stops, and why (\"d3e5 Nxp +100,\n"
    "                      d7e5 nxN -225 | white stops (going on ends at -400)\n"
    "                      / played on: e2e5 Rxn +100, ...\")\n"
    "  --games             each line is a game, every move scored as played on the\n"
    "                      position it was played in (each must be legal there):\n"
    "                      \"position startpos|fen F moves ...\", \"FEN;m1 m2 ...\",\n"
    "                      or pgn-extract -Wuci's move line after its [Tag \"...\"]\n"
    "                      lines (from the FEN tag, else the start position).\n"
    "                      Records GAME;PLY;move;value;capture (1 or 0; csv and\n"
    "                      jsonl: game, ply, move, value, capture), games from 1\n"
    "                      in each FILE, its name first with several; one thread.\n"
    "                      A game stops at a move that cannot be played: its\n"
    "                      plies before it are scored, the bad ply named (exit\n"
    "                      status 1); raw PGN is named, with its conversion\n"
    "                      (pgn-extract -Wuci, Debian's /usr/games/pgn-extract)\n"
    "  --tags T1,T2,...    --games: each record carries these PGN tags of its\n"
    "                      game after its number (\"\" where it has none; text\n"
    "                      shows a ';' in a tag as '?'; jsonl as "
    "\"tags\":{...})\n" KEEP_IMPOSSIBLE_HELP "%s" AUTO_REPORT_HELP
    "  -h, --help          this text\n"
    "\n"
    "A bad line prints \"seebatch eval: FILE: line N: <what is wrong>\" on stderr;\n"
    "the other lines are still evaluated (so are the other blocks of a plain\n"
    "file; a binpack that does not decode ends the run there, the files after\n"
    "it unread).\n"
    "\n"
    "Exit status: 0 all input good, 1 some input bad, 2 usage error or\n"
    "unreadable input, 3 out of memory or unwritable output.\n";

typedef struct eval_settings {
    seebatch_rules rules; /* the configuration, prepared */
    output_format format;
    bool all_captures;    /* training data: every capture, not the entry's move */
    bool line_numbers;    /* each record starts with its line's or entry's number */
    bool keep_impossible; /* positions no game reaches evaluated, not refused */
    bool games;           /* each line a game, its moves scored as played */
    game_settings game;   /* for games */
    const char *file;     /* before the number, with several inputs: file_field's */
    size_t file_length;
    bool exchange;          /* --exchange: each record with its exchange's line */
    seebatch_config config; /* the rules' configuration, for the exchanges */
} eval_settings;

/* How many positions were evaluated, and how many of them gave no move to
 * score (no capture or promotion): no record says so. */
typedef struct position_counts {
    unsigned long long positions, without_moves;
} position_counts;

/* The counters of a portion (portion_work's): its positions, and those that
 * gave no record. */
enum { COUNT_POSITIONS, COUNT_WITHOUT_MOVES };

/* A portion's own block and counts; the settings are shared, read-only. */
typedef struct eval_worker {
    const eval_settings *settings;
    eval_block *block;
    position_counts counts;
} eval_worker;

/* The line's position joins the worker's block; its records are written
 * when the block is flushed (full, or at the end of the chunk). */
static bool evaluate_line(const line *input, void *state, text_buffer *out, text_buffer *errors)
{
    eval_worker *worker = state;
    eval_block *block = worker->block;
    eval_block_make_room(block, out);
    seebatch_board *board = &block->boards[block->board_count];
    seebatch_move *moves = block->moves + block->move_count;
    worker->counts.positions++;
    /* The board and the moves go straight into the block (no copy across);
     * a line without moves gets its captures there. */
    seebatch_position_line position;
    position.board = board;
    position.moves = moves;
    position.keep_impossible = worker->settings->keep_impossible;
    if (!read_position_line(input, &position, errors)) {
        worker->counts.positions--;
        return false;
    }
    size_t count =
        position.has_moves ? position.move_count : seebatch_generate_captures(board, moves);
    worker->counts.without_moves += count == 0;
    const char *fen = position.fen;
    if (fen == position.written_fen) /* a UCI command's FEN: kept till the block is flushed */
        fen = memcpy(block->written_fens[block->board_count], fen, position.fen_length);
    /* Made after the reading: no value kept across its call. */
    const eval_settings *settings = worker->settings;
    record_number number = {settings->line_numbers ? NUMBER_LINE : NUMBER_NONE, input->number,
                            settings->file, settings->file_length};
    eval_block_add(block, fen, position.fen_length, number, count);
    return true;
}

static void finish_chunk(void *state, text_buffer *out)
{
    eval_block_flush(((eval_worker *)state)->block, out);
}

/* A portion's worker and its block (too big for the stack). */
static void *new_worker(const void *shared)
{
    const eval_settings *settings = shared;
    eval_worker *worker = malloc(sizeof *worker);
    eval_block *block = calloc(1, sizeof *block);
    if (!worker || !block) {
        free(worker);
        free(block);
        return NULL;
    }
    block->rules = &settings->rules;
    block->format = settings->format;
    block->exchange = settings->exchange ? &settings->config : NULL;
    *worker = (eval_worker){settings, block, {0, 0}};
    return worker;
}

/* A portion's counts into the counters, the worker's made fresh for the next. */
static void collect_worker(void *state, uint64_t *counters)
{
    eval_worker *worker = state;
    counters[COUNT_POSITIONS] += worker->counts.positions;
    counters[COUNT_WITHOUT_MOVES] += worker->counts.without_moves;
    worker->counts = (position_counts){0, 0};
}

static void free_worker(void *state)
{
    eval_worker *worker = state;
    if (worker)
        free(worker->block);
    free(worker);
}

static bool parse_format(const char *text, output_format *format)
{
    static const char *const names[] = {"text", "csv", "jsonl"};
    for (int i = 0; i < 3; i++)
        if (text && strcmp(text, names[i]) == 0) {
            *format = (output_format)i;
            return true;
        }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Training data (binpack, plain)                                           */
/* ------------------------------------------------------------------------ */

/* The records of one entry: its move, or every capture of its position;
 * returns how many. */
static size_t evaluate_entry(const eval_settings *settings, const seebatch_training_entry *entry,
                             const record_number *number, text_buffer *out)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    char fen[SEEBATCH_FEN_MAX];
    size_t fen_length = seebatch_training_fen(&entry->board, entry->ply, fen, sizeof fen);
    moves[0] = entry->move;
    size_t count = settings->all_captures ? seebatch_generate_captures(&entry->board, moves) : 1;
    int32_t values[SEEBATCH_MAX_MOVES];
    seebatch_batch batch = {&entry->board, 1, NULL, NULL, moves, count};
    seebatch_values(&settings->rules, &batch, values);
    position_records records = {fen, fen_length, number, moves, values, count};
    if (settings->exchange)
        append_exchange_records(out, settings->format, &records, &entry->board, &settings->config);
    else
        append_position_records(out, settings->format, &records);
    return count;
}

static void evaluate_entries(const seebatch_training_entry *entries, size_t count, uint64_t first,
                             const void *state, portion_result *result)
{
    const eval_settings *settings = state;
    record_number number = {settings->line_numbers ? NUMBER_ENTRY_MARK : NUMBER_NONE, first,
                            settings->file, settings->file_length};
    result->counters[COUNT_POSITIONS] += count;
    for (size_t i = 0; i < count; i++, number.value++)
        result->counters[COUNT_WITHOUT_MOVES] +=
            evaluate_entry(settings, &entries[i], &number, &result->text) == 0;
}

/* The csv header: with --line-numbers its first column says what the
 * numbers count, "line" or "entry", or "number" for inputs of both kinds;
 * games: the game's number, the tags asked for, the ply. */
static void print_csv_header(const eval_settings *settings, const input_set *inputs)
{
    bool file_column = inputs->count > 1 && (settings->line_numbers || settings->games);
    print_output(stdout, "%s", file_column ? "file," : "");
    if (settings->games) {
        print_output(stdout, "game,");
        for (size_t t = 0; t < settings->game.tag_count; t++) {
            const char *name = settings->game.tags[t];
            char *field = malloc(name_field_room(strlen(name)));
            if (field)
                print_output(stdout, "%.*s,", (int)(put_csv_name(field, name) - field), field);
            free(field);
        }
        print_output(stdout, "ply,move,value,capture%s\n", settings->exchange ? ",exchange" : "");
        return;
    }
    if (settings->line_numbers) {
        bool lines = false, entries = false;
        for (int i = 0; i < inputs->count; i++) {
            lines |= inputs->sources[i].format == SEEBATCH_FILE_LINES;
            entries |= inputs->sources[i].format != SEEBATCH_FILE_LINES;
        }
        print_output(stdout, "%s", lines && entries ? "number," : lines ? "line," : "entry,");
    }
    print_output(stdout, "fen,move,value%s\n", settings->exchange ? ",exchange" : "");
}

/* A game line: the game reader's (read on one thread, in order). */
static void *game_state(const void *shared) { return (void *)shared; }

/* Games are read on one thread, in order: a move line's tags come before it. */
static int evaluate_games(const input_options *options, const input_source *input,
                          progress_meter *progress, game_reader *reader)
{
    (void)options;
    portion_work work = {.name = "eval",
                         .input = input,
                         .threads = 1,
                         .progress = progress,
                         .shared = reader,
                         .process = read_game_line,
                         .too_long = game_reader_line_too_long,
                         .state_new = game_state};
    return run_portion_work(&work);
}

static int evaluate_input(const eval_settings *settings, const input_options *options,
                          const input_source *input, progress_meter *progress,
                          position_counts *counts)
{
    portion_work work = {.name = "eval",
                         .input = input,
                         .threads = (int)options->threads,
                         .progress = progress,
                         .shared = settings};
    if (input->format == SEEBATCH_FILE_LINES) {
        work.process = evaluate_line;
        work.finish = finish_chunk;
        work.state_new = new_worker;
        work.state_free = free_worker;
        work.collect = collect_worker;
    } else {
        work.consume = evaluate_entries;
        work.numbered = settings->line_numbers;
    }
    int status = run_portion_work(&work);
    counts->positions += work.counters[COUNT_POSITIONS];
    counts->without_moves += work.counters[COUNT_WITHOUT_MOVES];
    return status;
}

/* The input's name as the field records start with (eval_records.h), its
 * separator or key included, in text (room: name_field_room + 10). */
static size_t file_field(char *text, output_format format, const char *name)
{
    char *p = text;
    if (format == FORMAT_JSONL) {
        memcpy(p, "\"file\":", 7);
        p = put_json_name(p + 7, name);
    } else {
        p = format == FORMAT_CSV ? put_csv_name(p, name) : put_text_name(p, name);
    }
    *p++ = format == FORMAT_TEXT ? ';' : ',';
    return (size_t)(p - text);
}

/* The note that ends a run whose input gave positions (or games) with no
 * move to score: they wrote no record, which nothing else would say. */
static void note_without_moves(const position_counts *counts, const char *what, const char *why)
{
    if (counts->without_moves == 0)
        return;
    report("eval", "%llu of %llu %s %s: no record written for %s", counts->without_moves,
           counts->positions, what, why, counts->without_moves == 1 ? "it" : "them");
}

/* The notes of a run of games: those with no move; those that stopped at
 * a move that cannot be played (each named above, or counted among the
 * messages not shown), with the plies scored before it: written, though the
 * game was not read whole; those of raw PGN. */
static void note_game_counts(game_counts games)
{
    position_counts as_positions = {games.games, games.without_moves};
    note_without_moves(&as_positions, "games", "had no move");
    if (games.stopped)
        report("eval",
               "%llu of %llu games stopped at a ply that cannot be played: scored up to it "
               "(%llu plies), none after",
               games.stopped, games.games, games.scored_before_stops);
    if (games.raw_pgn)
        report("eval",
               "%llu of %llu games were raw PGN, not UCI moves: convert them with "
               "pgn-extract -Wuci",
               games.raw_pgn, games.games);
}

/* Every input in turn, as one stream; a fault that ends a binpack ends the
 * run. With several inputs and --line-numbers or --games, records name
 * their file. */
static int evaluate_inputs(const eval_settings *shared, const input_options *options,
                           const input_set *inputs)
{
    eval_settings each = *shared, *settings = &each;
    char *file = NULL;
    game_reader *reader = settings->games ? game_reader_new(&settings->game) : NULL;
    if (settings->games && !reader) {
        report("eval", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    if (settings->format == FORMAT_CSV)
        print_csv_header(settings, inputs);
    int status = EXIT_OK;
    position_counts counts = {0, 0};
    progress_meter progress;
    start_job_progress(&progress, "eval", options, inputs);
    for (int i = 0; i < inputs->count; i++) {
        const input_source *input = &inputs->sources[i];
        if ((settings->line_numbers || settings->games) && inputs->count > 1) {
            free(file);
            file = malloc(name_field_room(strlen(input->name)) + 10);
            if (!file) {
                report("eval", "out of memory");
                status = EXIT_RESOURCE_FAILURE;
                break;
            }
            each.file = file;
            each.file_length = file_field(file, settings->format, input->name);
        }
        start_input_messages("eval", input);
        progress_input(&progress, input->stream);
        int input_status;
        if (reader) {
            /* the game's number follows the file's field: no separator after it */
            game_reader_start_input(reader, each.file, each.file_length);
            input_status = evaluate_games(options, input, &progress, reader);
        } else {
            input_status = evaluate_input(settings, options, input, &progress, &counts);
        }
        status = worse_status(status, input_status);
        if (!run_goes_on("eval", inputs, i, input_status))
            break;
    }
    progress_end(&progress);
    if (reader) {
        note_game_counts(game_reader_counts(reader));
    } else {
        note_without_moves(&counts, "positions", "gave no capture or promotion");
    }
    game_reader_free(reader);
    free(file);
    return status;
}

/* Reads --tags' list, names separated by commas, into the game settings:
 * the names stay in argv's string, each comma made its end. */
static bool take_tags(char *list, game_settings *game)
{
    game->tag_count = 0;
    for (char *name = list; name; game->tag_count++) {
        char *comma = strchr(name, ',');
        if (comma)
            *comma = '\0';
        if (!*name || game->tag_count == GAME_TAGS_MAX)
            return false;
        game->tags[game->tag_count] = name;
        name = comma ? comma + 1 : NULL;
    }
    return game->tag_count > 0;
}

/* Options that do not go together, or with the inputs' formats. */
static int refuse_mixtures(const eval_settings *settings, const input_set *inputs)
{
    if (settings->games && settings->line_numbers)
        return usage_error("eval", "--games numbers each game; --line-numbers is for positions");
    if (settings->games && settings->all_captures)
        return usage_error("eval", "--all-captures is for training data, --games for games");
    for (int i = 0; i < inputs->count; i++) {
        bool lines = inputs->sources[i].format == SEEBATCH_FILE_LINES;
        if (settings->all_captures && lines)
            return usage_error("eval",
                               "--all-captures is for training data; %s holds lines, where "
                               "a line \"FEN\" already gives every capture",
                               inputs->sources[i].name);
        if (settings->games && !lines)
            return usage_error("eval", "--games reads lines of games; %s holds training data",
                               inputs->sources[i].name);
    }
    return EXIT_OK;
}

/* The options of eval into settings, options and the input format; an
 * exit status when they end the command (help, a usage error), else -1. */
static int parse_eval_arguments(int argc, char **argv, eval_settings *settings,
                                input_options *options, seebatch_file_format *input_format)
{
    bool tags_given = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0) {
            if (!parse_format(i + 1 < argc ? argv[++i] : NULL, &settings->format))
                return usage_error("eval", "--format needs text, csv or jsonl");
            continue;
        }
        if (strcmp(argv[i], "--input-format") == 0) {
            *input_format = seebatch_file_format_named(i + 1 < argc ? argv[++i] : NULL);
            if (*input_format == SEEBATCH_FILE_UNKNOWN)
                return usage_error("eval", "--input-format needs lines, binpack, plain or bin");
            continue;
        }
        if (strcmp(argv[i], "--tags") == 0) {
            tags_given = true;
            if (!take_tags(i + 1 < argc ? argv[++i] : NULL, &settings->game))
                return usage_error("eval",
                                   "--tags needs tag names separated by commas, at "
                                   "most %d: White,Black",
                                   GAME_TAGS_MAX);
            continue;
        }
        bool *flag = strcmp(argv[i], "--all-captures") == 0         ? &settings->all_captures
                     : strcmp(argv[i], "--line-numbers") == 0       ? &settings->line_numbers
                     : strcmp(argv[i], KEEP_IMPOSSIBLE_OPTION) == 0 ? &settings->keep_impossible
                     : strcmp(argv[i], "--games") == 0              ? &settings->games
                     : strcmp(argv[i], "--exchange") == 0           ? &settings->exchange
                                                                    : NULL;
        if (flag) {
            *flag = true;
            continue;
        }
        argument_result result = take_input_argument("eval", argc, argv, &i, options);
        if (result != ARGUMENT_TAKEN)
            return leave_arguments(result, eval_help);
    }
    if (tags_given && !settings->games)
        return usage_error("eval", "--tags names the tags of games: give --games too");
    return -1;
}

int run_eval(int argc, char **argv)
{
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    eval_settings settings = {{{0}, 0},
                              FORMAT_TEXT,
                              false,
                              false,
                              false,
                              false,
                              {NULL, FORMAT_TEXT, false, NULL, {NULL}, 0},
                              NULL,
                              0,
                              false,
                              {{0}, 0}};
    seebatch_file_format input_format = SEEBATCH_FILE_UNKNOWN;
    int status = parse_eval_arguments(argc, argv, &settings, &options, &input_format);
    if (status >= 0)
        return status;
    seebatch_rules_init(&settings.rules, &options.config, NULL);
    settings.config = options.config;
    settings.game.rules = &settings.rules;
    settings.game.exchange = settings.exchange ? &settings.config : NULL;
    settings.game.format = settings.format;
    settings.game.keep_impossible = settings.keep_impossible;
    if (settings.games && input_format == SEEBATCH_FILE_UNKNOWN)
        input_format = SEEBATCH_FILE_LINES; /* a game file's name says nothing of it */
    input_set inputs;
    status = open_subcommand_inputs("eval", &options, input_format, NULL, &inputs);
    if (status != EXIT_OK)
        return status;
    status = refuse_mixtures(&settings, &inputs);
    if (status == EXIT_OK)
        status = evaluate_inputs(&settings, &options, &inputs);
    close_inputs(&inputs);
    return status;
}
