#include "differential.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "oracle.h"
#include "rules.h"
#include "scalar/scalar.h"
#include "view_exchange.h"

enum { REPORTS_IN_FULL = 20 };

void differential_init(differential *check, bool use_oracle, FILE *report)
{
    memset(check, 0, sizeof *check);
    const char *names[DIFFERENTIAL_MAX_KERNELS];
    size_t count = seebatch_backends_available(names, DIFFERENTIAL_MAX_KERNELS);
    for (size_t i = 0; i < count && i < DIFFERENTIAL_MAX_KERNELS; i++) {
        const see_backend *kernel = seebatch_find_runnable_backend(names[i]);
        if (kernel && kernel != &seebatch_scalar_backend)
            check->kernels[check->kernel_count++] = kernel;
    }
    seebatch_view_exchanges(0, check->view_exchanges[0]);
    check->view_exchange_count = seebatch_view_exchanges(SEEBATCH_PINS, check->view_exchanges[1]);
    check->use_oracle = use_oracle;
    check->report = report;
    check->reports_left = REPORTS_IN_FULL;
}

void differential_describe(const differential *check, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "scalar (reference)");
    for (size_t k = 0; k < check->kernel_count && used < size; k++)
        used += (size_t)snprintf(out + used, size - used, ", %s", check->kernels[k]->name);
    if (check->use_oracle && used < size)
        snprintf(out + used, size - used, ", oracle");
}

static void report_mismatch(differential *check, const see_batch *batch, size_t i, const char *what,
                            int32_t reference, long long other)
{
    check->mismatches++;
    if (!check->report || check->reports_left == 0)
        return;
    check->reports_left--;
    char text[512];
    differential_format_case(board_of(batch, i), batch->moves[i], batch->config, text, sizeof text);
    fprintf(check->report, "MISMATCH %s: reference %" PRId32 ", got %lld (lane %zu of %zu)\n  %s\n",
            what, reference, other, i, batch->count, text);
}

/* A kernel's threshold test at t must say exactly which reference values are >= t. */
static void compare_thresholds(differential *check, const see_backend *kernel,
                               const see_batch *batch, const int32_t *reference, int32_t threshold)
{
    uint8_t passed[DIFFERENTIAL_MAX_BATCH];
    kernel->see_ge(batch, threshold, passed);
    check->lanes += batch->count;
    for (size_t i = 0; i < batch->count; i++)
        if (passed[i] != (reference[i] >= threshold)) {
            char what[96];
            snprintf(what, sizeof what, "%s see_ge(t=%" PRId32 ")", kernel->name, threshold);
            report_mismatch(check, batch, i, what, reference[i], passed[i]);
        }
}

/* Thresholds that split the batch's values in different places: 0, and
 * just at and above the value of a lane that rotates with the batch. */
static void compare_threshold_tests(differential *check, const see_backend *kernel,
                                    const see_batch *batch, const int32_t *reference)
{
    compare_thresholds(check, kernel, batch, reference, 0);
    if (batch->count > 0) {
        int32_t pivot = reference[(size_t)(check->lanes / 7) % batch->count];
        compare_thresholds(check, kernel, batch, reference, pivot);
        compare_thresholds(check, kernel, batch, reference, pivot + 1);
    }
}

static void compare_values(differential *check, const see_backend *kernel, const see_batch *batch,
                           const int32_t *reference)
{
    int32_t values[DIFFERENTIAL_MAX_BATCH];
    kernel->values(batch, values);
    check->lanes += batch->count;
    for (size_t i = 0; i < batch->count; i++)
        if (values[i] != reference[i]) {
            char what[64];
            snprintf(what, sizeof what, "%s value", kernel->name);
            report_mismatch(check, batch, i, what, reference[i], values[i]);
        }
}

/* One move of the engine path, pins supplied and not: the exact value and
 * the threshold test at the value and just above it. */
static void compare_engine_move(differential *check, const see_batch *batch, size_t i,
                                const seebatch_rules *rules, const seebatch_pins *pins,
                                int32_t reference)
{
    const seebatch_board *board = board_of(batch, i);
    seebatch_move move = batch->moves[i];
    int32_t with_pins = seebatch_engine_see_value(rules, board, pins, move);
    int32_t without = seebatch_engine_see_value(rules, board, NULL, move);
    if (with_pins != reference)
        report_mismatch(check, batch, i, "engine value (pins given)", reference, with_pins);
    if (without != reference)
        report_mismatch(check, batch, i, "engine value", reference, without);
    int32_t thresholds[3] = {reference, reference + 1, 0};
    for (int t = 0; t < 3; t++) {
        bool passed =
            seebatch_engine_see_ge(rules, board, t == 1 ? NULL : pins, move, thresholds[t]);
        if (passed != (reference >= thresholds[t])) {
            char what[64];
            snprintf(what, sizeof what, "engine see_ge(t=%" PRId32 ")", thresholds[t]);
            report_mismatch(check, batch, i, what, reference, passed);
        }
    }
    check->lanes += 5;
}

/* Stockfish's piece codes (white pawn 1 .. king 6, black 9 .. 14; 0 empty),
 * so views are checked on a mailbox whose codes are not seebatch's types. */
static const int8_t engine_type_of_code[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};

/* A board as an engine would hold it for a view: a mailbox of those codes,
 * and pinners indexed by the pinning side. */
typedef struct engine_position {
    uint8_t mailbox[64];
    seebatch_view_pins pins;
    seebatch_view view;
} engine_position;

static void engine_position_of(const seebatch_board *board, const seebatch_pins *pins,
                               engine_position *out)
{
    for (unsigned square = 0; square < 64; square++) {
        int type = piece_type_or_none(board, square);
        out->mailbox[square] = type < 0 ? 0 : (uint8_t)(type + 1 + 8 * color_on(board, square));
    }
    for (unsigned color = 0; color < 2; color++) {
        out->pins.blockers[color] = pins->blockers[color];
        out->pins.pinners[color] = pins->pinners[color ^ 1];
    }
    out->view = (seebatch_view){board->pieces, board->colors};
}

/* A normal move through a view, at the thresholds that bracket its value and
 * at the ends of the range. */
static void compare_view_move(differential *check, const see_batch *batch, size_t i,
                              const seebatch_view_rules *rules, const engine_position *position,
                              int32_t reference)
{
    seebatch_move move = batch->moves[i];
    if (!normal_move_without_promotion(&rules->rules, move))
        return;
    if (rules->rules.flags & SEEBATCH_STOP_WHEN_AHEAD)
        return; /* the view learns this rule in the view rework */
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    int32_t thresholds[5] = {reference, reference + 1, 0, INT32_MIN, INT32_MAX};
    bool pins = rules->rules.flags & SEEBATCH_PINS;
    for (size_t e = 0; e < check->view_exchange_count; e++) {
        seebatch_view_rules with = *rules;
        with.exchange = check->view_exchanges[pins][e];
        for (int t = 0; t < 5; t++) {
            bool passed =
                seebatch_view_see_ge(&with, &position->view, &position->pins, from, to,
                                     position->mailbox[from], position->mailbox[to], thresholds[t]);
            if (passed != (reference >= thresholds[t])) {
                char what[64];
                snprintf(what, sizeof what, "view see_ge(exchange %zu, t=%" PRId32 ")", e,
                         thresholds[t]);
                report_mismatch(check, batch, i, what, reference, passed);
            }
        }
        check->lanes += 5;
    }
}

/* The engine path on every move, and its per-move thresholds on each run of
 * moves of one board, with thresholds that split the run around its values. */
static void compare_engine_path(differential *check, const see_batch *batch,
                                const int32_t *reference)
{
    seebatch_rules rules;
    rules_of(batch->config, &rules);
    seebatch_view_rules view_rules;
    seebatch_view_rules_init(&view_rules, batch->config, engine_type_of_code, 16, NULL);
    int32_t thresholds[DIFFERENTIAL_MAX_BATCH];
    uint8_t passed[DIFFERENTIAL_MAX_BATCH];
    for (size_t first = 0, end; first < batch->count; first = end) {
        const seebatch_board *board = board_of(batch, first);
        for (end = first; end < batch->count && board_of(batch, end) == board; end++)
            ;
        seebatch_pins pins;
        seebatch_pins_compute(board, &pins);
        engine_position position;
        engine_position_of(board, &pins, &position);
        for (size_t i = first; i < end; i++) {
            compare_engine_move(check, batch, i, &rules, &pins, reference[i]);
            compare_view_move(check, batch, i, &view_rules, &position, reference[i]);
            thresholds[i] = reference[i] + (int32_t)(i % 3) - 1;
        }
        seebatch_engine_see_ge_each(&rules, board, (first & 1) ? NULL : &pins, batch->moves + first,
                                    end - first, thresholds + first, passed + first);
        for (size_t i = first; i < end; i++)
            if (passed[i] != (reference[i] >= thresholds[i])) {
                char what[64];
                snprintf(what, sizeof what, "engine see_ge_each(t=%" PRId32 ")", thresholds[i]);
                report_mismatch(check, batch, i, what, reference[i], passed[i]);
            }
        check->lanes += end - first;
    }
}

unsigned long differential_compare(differential *check, const see_batch *batch)
{
    unsigned long long before = check->mismatches;
    int32_t reference[DIFFERENTIAL_MAX_BATCH];
    seebatch_scalar_backend.values(batch, reference);
    /* The reference's own threshold test is a second path through it. */
    compare_threshold_tests(check, &seebatch_scalar_backend, batch, reference);
    for (size_t k = 0; k < check->kernel_count; k++) {
        compare_values(check, check->kernels[k], batch, reference);
        compare_threshold_tests(check, check->kernels[k], batch, reference);
    }
    compare_engine_path(check, batch, reference);
    if (check->use_oracle) {
        for (size_t i = 0; i < batch->count; i++) {
            int32_t oracle = oracle_see_value(board_of(batch, i), batch->moves[i], batch->config);
            if (oracle != reference[i])
                report_mismatch(check, batch, i, "oracle value", reference[i], oracle);
        }
        check->oracle_lanes += batch->count;
    }
    return (unsigned long)(check->mismatches - before);
}

unsigned long differential_compare_moves(differential *check, const seebatch_board *board,
                                         const seebatch_move *moves, size_t count,
                                         const seebatch_config *config)
{
    unsigned long mismatches = 0;
    for (size_t start = 0; start < count; start += DIFFERENTIAL_MAX_BATCH) {
        size_t left = count - start;
        see_batch batch = {board, NULL, moves + start,
                           left < DIFFERENTIAL_MAX_BATCH ? left : DIFFERENTIAL_MAX_BATCH, config};
        mismatches += differential_compare(check, &batch);
    }
    return mismatches;
}

/* ---- the regression-file form ---- */

/* The FEN, or the bitboards of a board FEN cannot write; which one depends
 * on the board only, never on the room left (a short buffer gets the start
 * of the same text). Returns the length the whole text needs. */
static size_t format_board(const seebatch_board *board, char *out, size_t size)
{
    char fen[SEEBATCH_FEN_MAX];
    size_t length = seebatch_board_to_fen(board, fen, sizeof fen);
    if (length > 0)
        return (size_t)snprintf(out, size, "%s", fen);
    const uint64_t *parts[8] = {&board->pieces[0], &board->pieces[1], &board->pieces[2],
                                &board->pieces[3], &board->pieces[4], &board->pieces[5],
                                &board->colors[0], &board->colors[1]};
    length = (size_t)snprintf(out, size, "bitboards ");
    for (int i = 0; i < 8 && length < size; i++)
        length +=
            (size_t)snprintf(out + length, size - length, "%s%" PRIx64, i ? "/" : "", *parts[i]);
    return length;
}

const char *differential_format_case(const seebatch_board *board, seebatch_move move,
                                     const seebatch_config *config, char *out, size_t size)
{
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(move, uci);
    size_t length = format_board(board, out, size);
    if (length < size)
        snprintf(out + length, size - length,
                 ";%s;%u;%" PRId32 ",%" PRId32 ",%" PRId32 ",%" PRId32 ",%" PRId32 ";%" PRIu32, uci,
                 seebatch_move_kind(move), config->values[0], config->values[1], config->values[2],
                 config->values[3], config->values[4], config->flags);
    return out;
}

/* A whole decimal number in [minimum, maximum] ending at `end` (or the string's end). */
static bool parse_whole(const char *text, char end, long minimum, long maximum, long *value,
                        const char **after)
{
    char *stop;
    if (!(text[0] >= '0' && text[0] <= '9') &&
        !(text[0] == '-' && text[1] >= '0' && text[1] <= '9'))
        return false;
    *value = strtol(text, &stop, 10);
    if (*stop != end || *value < minimum || *value > maximum)
        return false;
    *after = end ? stop + 1 : stop;
    return true;
}

static bool parse_bitboards(const char *text, seebatch_board *board)
{
    memset(board, 0, sizeof *board);
    uint64_t *parts[8] = {&board->pieces[0], &board->pieces[1], &board->pieces[2],
                          &board->pieces[3], &board->pieces[4], &board->pieces[5],
                          &board->colors[0], &board->colors[1]};
    for (int i = 0; i < 8; i++) {
        char *end;
        *parts[i] = strtoull(text, &end, 16);
        if (end == text || *end != (i < 7 ? '/' : '\0'))
            return false;
        text = end + 1;
    }
    board->en_passant = SEEBATCH_NO_SQUARE;
    board->fullmove_number = 1;
    return true;
}

static bool parse_square(const char *text, unsigned *square)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return false;
    *square = (unsigned)(text[0] - 'a') + 8u * (unsigned)(text[1] - '1');
    return true;
}

/* Splits line at ';' into exactly five fields (copied into storage). */
static bool split_fields(const char *line, char *storage, size_t size, char *fields[5])
{
    if (strlen(line) >= size)
        return false;
    strcpy(storage, line);
    char *cursor = storage;
    for (int i = 0; i < 5; i++) {
        fields[i] = cursor;
        char *separator = strchr(cursor, ';');
        if ((separator == NULL) != (i == 4))
            return false;
        if (separator) {
            *separator = '\0';
            cursor = separator + 1;
        }
    }
    return true;
}

bool differential_parse_case(const char *line, differential_case *out, char *message, size_t size)
{
    char storage[512];
    char *fields[5];
    if (!split_fields(line, storage, sizeof storage, fields)) {
        snprintf(message, size, "expected BOARD;MOVE;KIND;P,N,B,R,Q;FLAGS");
        return false;
    }
    seebatch_error error;
    if (strncmp(fields[0], "bitboards ", 10) == 0) {
        if (!parse_bitboards(fields[0] + 10, &out->board)) {
            snprintf(message, size, "malformed bitboards \"%.60s\"", fields[0]);
            return false;
        }
    } else if (seebatch_board_from_fen(&out->board, fields[0], &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    unsigned from, to;
    long kind, number;
    const char *cursor;
    size_t move_length = strlen(fields[1]);
    if ((move_length != 4 && move_length != 5) || !parse_square(fields[1], &from) ||
        !parse_square(fields[1] + 2, &to) ||
        !parse_whole(fields[2], '\0', 0, SEEBATCH_MOVE_CASTLING, &kind, &cursor)) {
        snprintf(message, size, "malformed move \"%.8s\" or kind \"%.8s\"", fields[1], fields[2]);
        return false;
    }
    out->move = seebatch_move_make(from, to, (unsigned)kind);
    cursor = fields[3];
    for (int piece = 0; piece < 5; piece++) {
        if (!parse_whole(cursor, piece < 4 ? ',' : '\0', 0, SEEBATCH_VALUE_MAX, &number, &cursor)) {
            snprintf(message, size, "malformed values \"%.40s\"", fields[3]);
            return false;
        }
        out->config.values[piece] = (int32_t)number;
    }
    if (!parse_whole(fields[4], '\0', 0, SEEBATCH_ALL_FLAGS, &number, &cursor)) {
        snprintf(message, size, "malformed flags \"%.12s\"", fields[4]);
        return false;
    }
    out->config.flags = (uint32_t)number;
    if (seebatch_config_validate(&out->config, &error) != SEEBATCH_OK) {
        snprintf(message, size, "flags %ld: %s", number, error.message);
        return false;
    }
    if (seebatch_move_check(&out->board, out->move, &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    return true;
}
