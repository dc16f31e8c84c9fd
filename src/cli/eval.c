/*
 * seebatch eval: SEE of the moves of each input line.
 *
 * Input lines are "FEN" (every legal capture and promotion is evaluated) or
 * "FEN;move move ..." (those moves, in UCI notation). Output is one line per
 * move, "FEN;move;value", in input order. A bad line is reported on stderr
 * as "line N: what is wrong" and skipped whole; the exit status is then 1.
 */
#include <stdlib.h>
#include <string.h>

#include "line_reader.h"
#include "options.h"
#include "subcommands.h"
#include "text_buffer.h"

static const char eval_help[] =
    "usage: seebatch eval [options] [FILE]\n"
    "\n"
    "Reads positions from FILE (or standard input when FILE is absent or \"-\"),\n"
    "one per line, as\n"
    "  FEN                     every legal capture and promotion is evaluated\n"
    "  FEN;move move ...       the given moves (UCI: e2e4, e7e8q, castling e1g1)\n"
    "and prints one line per move, in input order:\n"
    "  FEN;move;value\n"
    "where value is the static exchange evaluation of the move for the side that\n"
    "plays it. Given moves need not be legal, but a piece of the mover must stand\n"
    "on the from-square and none on the to-square. Blank lines are skipped; CRLF\n"
    "line ends are accepted; lines longer than 65536 bytes are rejected.\n"
    "\n"
    "Options:\n"
    "%s"
    "  -h, --help          this text\n"
    "\n"
    "A bad line prints \"line N: <what is wrong>\" on stderr; the other lines are\n"
    "still evaluated. Exit status: 0 all lines good, 1 some lines bad, 2 usage error.\n";

/* Appends a signed decimal number without printf's cost. */
static void append_number(text_buffer *out, long value)
{
    char digits[24];
    size_t n = sizeof digits;
    unsigned long magnitude = value < 0 ? 0ul - (unsigned long)value : (unsigned long)value;
    do {
        digits[--n] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (value < 0)
        digits[--n] = '-';
    text_buffer_append(out, digits + n, sizeof digits - n);
}

static void trim(const char **text, size_t *length)
{
    while (*length && (**text == ' ' || **text == '\t')) {
        ++*text;
        --*length;
    }
    while (*length && ((*text)[*length - 1] == ' ' || (*text)[*length - 1] == '\t'))
        --*length;
}

/* Parses the moves after ';' into moves[]; on error describes it in message. */
static bool parse_move_list(const seebatch_board *board, const char *text, size_t length,
                            seebatch_move *moves, size_t *count, char *message, size_t size)
{
    *count = 0;
    size_t i = 0;
    while (i < length) {
        while (i < length && (text[i] == ' ' || text[i] == '\t'))
            i++;
        size_t start = i;
        while (i < length && text[i] != ' ' && text[i] != '\t')
            i++;
        if (i == start)
            break;
        char token[16];
        size_t token_length = i - start;
        if (token_length >= sizeof token) {
            snprintf(message, size, "move %zu \"%.12s...\" is too long", *count + 1, text + start);
            return false;
        }
        if (*count == SEEBATCH_MAX_MOVES) {
            snprintf(message, size, "more than %d moves", SEEBATCH_MAX_MOVES);
            return false;
        }
        memcpy(token, text + start, token_length);
        token[token_length] = '\0';
        seebatch_error error;
        if (seebatch_move_parse(board, token, &moves[*count], &error) != SEEBATCH_OK) {
            snprintf(message, size, "move %zu: %s", *count + 1, error.message);
            return false;
        }
        ++*count;
    }
    if (*count == 0) {
        snprintf(message, size, "no moves after ';'");
        return false;
    }
    return true;
}

/* Evaluates one input line into out; on a bad line writes the reason to errors. */
static bool evaluate_line(const line *input, const seebatch_config *config, text_buffer *out,
                          text_buffer *errors)
{
    char message[SEEBATCH_MESSAGE_SIZE + 64];
    const char *fen = input->text;
    size_t fen_length = input->length;
    const char *separator = memchr(fen, ';', fen_length);
    if (separator)
        fen_length = (size_t)(separator - fen);
    trim(&fen, &fen_length);

    seebatch_board board;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = 0;
    char fen_text[257];
    seebatch_error error;
    if (memchr(input->text, '\0', input->length)) {
        snprintf(message, sizeof message, "contains a NUL byte");
    } else if (fen_length >= sizeof fen_text) {
        snprintf(message, sizeof message, "FEN is longer than 255 bytes");
    } else {
        memcpy(fen_text, fen, fen_length);
        fen_text[fen_length] = '\0';
        if (seebatch_board_from_fen(&board, fen_text, &error) != SEEBATCH_OK) {
            snprintf(message, sizeof message, "%s", error.message);
        } else if (!separator) {
            count = seebatch_generate_captures(&board, moves);
            message[0] = '\0';
        } else {
            const char *list = separator + 1;
            size_t list_length = input->length - (size_t)(list - input->text);
            if (parse_move_list(&board, list, list_length, moves, &count, message, sizeof message))
                message[0] = '\0';
        }
    }
    if (message[0]) {
        text_buffer_printf(errors, "line %lu: %s\n", input->number, message);
        return false;
    }

    int32_t values[SEEBATCH_MAX_MOVES];
    seebatch_see_values(&board, moves, count, config, values);
    for (size_t i = 0; i < count; i++) {
        char uci[SEEBATCH_UCI_MAX];
        text_buffer_append(out, fen, fen_length);
        text_buffer_append(out, ";", 1);
        text_buffer_append(out, uci, seebatch_move_to_uci(moves[i], uci));
        text_buffer_append(out, ";", 1);
        append_number(out, values[i]);
        text_buffer_append(out, "\n", 1);
    }
    return true;
}

static bool is_blank(const line *input)
{
    for (size_t i = 0; i < input->length; i++)
        if (input->text[i] != ' ' && input->text[i] != '\t')
            return false;
    return true;
}

int run_eval(int argc, char **argv)
{
    seebatch_config config = seebatch_config_classic();
    const char *path = NULL;
    bool bad = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf(eval_help, config_options_help);
            return EXIT_OK;
        }
        if (parse_config_option(argc, argv, &i, &config, &bad))
            continue;
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return usage_error("eval", "unknown option \"%s\"", argv[i]);
        if (path)
            return usage_error("eval", "more than one input file");
        path = argv[i];
    }
    if (bad)
        return EXIT_USAGE;

    FILE *input = open_input("eval", path);
    if (!input)
        return EXIT_USAGE;
    line_reader *reader = malloc(sizeof *reader);
    if (!reader) {
        fputs("seebatch eval: out of memory\n", stderr);
        return 3;
    }
    line_reader_init(reader, input);
    text_buffer out = {0}, errors = {0};
    int status = EXIT_OK;
    line current;
    while (line_reader_next(reader, &current)) {
        if (current.too_long) {
            text_buffer_printf(&errors, "line %lu: longer than %d bytes\n", current.number,
                               LINE_MAX_BYTES);
            status = EXIT_BAD_LINES;
        } else if (!is_blank(&current) && !evaluate_line(&current, &config, &out, &errors)) {
            status = EXIT_BAD_LINES;
        }
        if (out.length > 1 << 16)
            text_buffer_flush(&out, stdout);
        text_buffer_flush(&errors, stderr);
    }
    text_buffer_flush(&out, stdout);
    if (input != stdin)
        fclose(input);
    free(reader);
    text_buffer_free(&out);
    text_buffer_free(&errors);
    return status;
}
