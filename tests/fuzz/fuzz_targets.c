#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include "fuzz_targets.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_reader.h"
#include "training/formats/chain_start.h"
#include "seebatch_training.h"
#include "training/formats/binpack_writer.h"
#include "board/bitboard.h"
#include "training/formats/chain_moves.h"
#include "differential.h"
#include "text/fen_scan.h"
#include "fuzz_input.h"
#include "see_calls.h"
#include "text/uci_position.h"
#include "training/formats/plain.h"

enum { MAX_MOVES = SEEBATCH_MAX_MOVES, SENTINEL = 0x5EE };

/* One harness for the whole process: every kernel this machine runs and the
 * oracle, mismatches printed in the regression-file form. */
static differential *shared_check(void)
{
    static differential check;
    static bool ready;
    if (!ready) {
        differential_init(&check, true, stderr);
        ready = true;
    }
    return &check;
}

static void compare_backends(const seebatch_board *board, const seebatch_move *moves, size_t count,
                             const seebatch_config *config)
{
    FUZZ_REQUIRE(differential_compare_moves(shared_check(), board, moves, count, config) == 0,
                 "a backend or the oracle differs from the reference (MISMATCH above)");
}

/* passed[i] must say exactly whether reference[i] >= threshold. */
static void require_thresholds(const uint8_t *passed, const int32_t *reference, size_t count,
                               int32_t threshold, const char *function)
{
    for (size_t i = 0; i < count; i++)
        FUZZ_REQUIRE(passed[i] == (reference[i] >= threshold),
                     "%s lane %zu: %u for value %d and threshold %d", function, i, passed[i],
                     reference[i], threshold);
}

static void require_values(const int32_t *values, const int32_t *reference, size_t count,
                           const char *function)
{
    for (size_t i = 0; i < count; i++)
        FUZZ_REQUIRE(values[i] == reference[i], "%s lane %zu: %d, reference %d", function, i,
                     values[i], reference[i]);
}

void fuzz_check_see(const seebatch_board *board, const seebatch_move *moves, size_t count,
                    const seebatch_config *config)
{
    FUZZ_REQUIRE(count <= MAX_MOVES, "%zu moves", count);
    compare_backends(board, moves, count, config);

    int32_t reference[MAX_MOVES], values[MAX_MOVES];
    uint8_t passed[MAX_MOVES];
    seebatch_rules rules;
    seebatch_rules_init(&rules, config, NULL);
    see_batch whole = {board, NULL, moves, count, &rules, NULL};
    seebatch_reference_backend.values(&whole, reference);
    /* The header allows NULL arrays with count 0: use them then. */
    int32_t *values_out = count ? values : NULL;
    uint8_t *passed_out = count ? passed : NULL;

    values_under(config, &(seebatch_batch){board, 1, NULL, NULL, moves, count}, values_out);
    require_values(values, reference, count, "seebatch_values, one board");
    for (size_t i = 0; i < count; i++) {
        int32_t value = reference[i];
        FUZZ_REQUIRE(value_under(config, board, moves[i]) == value, "see_value %zu", i);
        FUZZ_REQUIRE(value_ge_under(config, board, moves[i], value), "see_ge(value) %zu", i);
        FUZZ_REQUIRE(!value_ge_under(config, board, moves[i], value + 1), "see_ge(value + 1) %zu",
                     i);
        FUZZ_REQUIRE(value_ge_under(config, board, moves[i], INT32_MIN), "see_ge(INT32_MIN) %zu",
                     i);
        FUZZ_REQUIRE(!value_ge_under(config, board, moves[i], INT32_MAX), "see_ge(INT32_MAX) %zu",
                     i);
    }
    const int32_t thresholds[4] = {0, count ? reference[count / 2] : 1, INT32_MIN, INT32_MAX};
    for (int t = 0; t < 4; t++) {
        values_ge_under(config, &(seebatch_batch){board, 1, NULL, NULL, moves, count},
                        thresholds[t], passed_out);
        require_thresholds(passed, reference, count, thresholds[t],
                           "seebatch_values_ge, one board");
    }

    /* Two copies of the board, the moves alternating between them. */
    seebatch_board boards[2] = {*board, *board};
    uint32_t board_of_move[MAX_MOVES];
    for (size_t i = 0; i < count; i++)
        board_of_move[i] = (uint32_t)(i & 1);
    const uint32_t *indices = count ? board_of_move : NULL;
    values_under(config, &(seebatch_batch){boards, 2, NULL, indices, moves, count}, values_out);
    require_values(values, reference, count, "seebatch_values, many boards");
    for (int t = 0; t < 4; t++) {
        values_ge_under(config, &(seebatch_batch){boards, 2, NULL, indices, moves, count},
                        thresholds[t], passed_out);
        require_thresholds(passed, reference, count, thresholds[t],
                           "seebatch_values_ge, many boards");
    }

    /* The checked calls take a batch of moves whose pieces can make them,
     * with the fast calls' values, and refuse one holding any other,
     * writing nothing. */
    bool possible[MAX_MOVES], all_possible = true;
    for (size_t i = 0; i < count; i++) {
        seebatch_move move = moves[i];
        possible[i] = possible_moves_only(board, &move, 1) == 1;
        all_possible &= possible[i];
    }
    seebatch_status expected = all_possible ? SEEBATCH_OK : SEEBATCH_ERROR_MOVE;
    seebatch_error error;
    for (size_t i = 0; i < count; i++)
        values[i] = SENTINEL;
    seebatch_status status = checked_values_under(
        config, &(seebatch_batch){board, 1, NULL, NULL, moves, count}, values_out, &error);
    FUZZ_REQUIRE(status == expected, "values_checked: %s", error.message);
    if (all_possible)
        require_values(values, reference, count, "checked seebatch_values, one board");
    for (size_t i = 0; !all_possible && i < count; i++)
        FUZZ_REQUIRE(values[i] == SENTINEL, "values_checked wrote %zu on failure", i);
    status = checked_values_under(config, &(seebatch_batch){boards, 2, NULL, indices, moves, count},
                                  values_out, &error);
    FUZZ_REQUIRE(status == expected, "values_multi_checked: %s", error.message);
    if (all_possible)
        require_values(values, reference, count, "checked seebatch_values, many boards");
    for (size_t i = 0; i < count; i++) {
        int32_t value = SENTINEL;
        status = checked_values_under(
            config, &(seebatch_batch){board, 1, NULL, NULL, &(seebatch_move){moves[i]}, 1}, &value,
            &error);
        FUZZ_REQUIRE(possible[i] ? status == SEEBATCH_OK && value == reference[i]
                                 : status == SEEBATCH_ERROR_MOVE && value == SENTINEL,
                     "value_checked %zu: %s", i, error.message);
    }
}

/* ------------------------------------------------------------------------ */
/* FEN                                                                      */
/* ------------------------------------------------------------------------ */

enum { FEN_TEXT_MAX = 1024 };

static bool same_board(const seebatch_board *a, const seebatch_board *b)
{
    return memcmp(a, b, sizeof *a) == 0; /* no padding: 8 bitboards, 4 bytes, 2 counters */
}

/* Writes the board's FEN, requires that it parses back to the same board and
 * formats to the same text again, and returns its length. */
static size_t require_fen_round_trip(const seebatch_board *board, char fen[SEEBATCH_FEN_MAX])
{
    size_t length = seebatch_board_to_fen(board, fen, SEEBATCH_FEN_MAX);
    FUZZ_REQUIRE(length > 0 && length == strlen(fen),
                 "no FEN written for a board with one king a side");
    seebatch_board again;
    seebatch_error error;
    FUZZ_REQUIRE(seebatch_board_from_fen(&again, fen, &error) == SEEBATCH_OK, "\"%s\": %s", fen,
                 error.message);
    FUZZ_REQUIRE(same_board(board, &again), "\"%s\" parses to another board", fen);
    char fen_again[SEEBATCH_FEN_MAX];
    seebatch_board_to_fen(&again, fen_again, sizeof fen_again);
    FUZZ_REQUIRE(strcmp(fen, fen_again) == 0, "\"%s\" formats back as \"%s\"", fen, fen_again);
    /* One byte short: nothing but an empty string. */
    char small[SEEBATCH_FEN_MAX];
    memset(small, 'x', sizeof small);
    FUZZ_REQUIRE(seebatch_board_to_fen(board, small, length) == 0 && small[0] == '\0',
                 "a %zu-byte buffer for a %zu-character FEN", length, length);
    return length;
}

/* Every legal move meets the SEE preconditions, writes as UCI text that
 * parses back to it, and leaves a board that is consistent and has a FEN. */
static void check_legal_moves(const seebatch_board *board)
{
    seebatch_move moves[MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    FUZZ_REQUIRE(count <= MAX_MOVES, "%zu moves", count);
    for (size_t i = 0; i < count; i++) {
        char uci[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(moves[i], uci);
        seebatch_error error;
        FUZZ_REQUIRE(seebatch_move_check(board, moves[i], &error) == SEEBATCH_OK,
                     "legal move %s (kind %u): %s", uci, seebatch_move_kind(moves[i]),
                     error.message);
        seebatch_move parsed = 0;
        FUZZ_REQUIRE(seebatch_move_parse(board, uci, &parsed, &error) == SEEBATCH_OK &&
                         parsed == moves[i],
                     "legal move %s (kind %u) parses as kind %u: %s", uci,
                     seebatch_move_kind(moves[i]), seebatch_move_kind(parsed), error.message);
        seebatch_board child = *board;
        seebatch_board_play(&child, moves[i]);
        FUZZ_REQUIRE(seebatch_board_validate(&child, &error) == SEEBATCH_OK, "after %s: %s", uci,
                     error.message);
        char fen[SEEBATCH_FEN_MAX];
        require_fen_round_trip(&child, fen);
    }
}

/* The one-pass reader (fen_scan.h) changes nothing: the public parser gives
 * what the full parser alone gives (for a FEN: a UCI position command is the
 * UCI reader's, fuzz_uci's work), and whatever the reader accepts of the raw
 * bytes (no NUL after them) the full parser reads as the same board. */
static void check_fen_reader(const char *text, const uint8_t *data, size_t size,
                             const seebatch_board *board, seebatch_status status,
                             const seebatch_error *error)
{
    size_t length = strlen(text);
    seebatch_board full;
    seebatch_error full_error;
    if (length <= 255 && !seebatch_is_uci_position(text, length)) {
        seebatch_status full_status = seebatch_fen_parse_fully(&full, text, length, &full_error);
        FUZZ_REQUIRE(full_status == status && strcmp(full_error.message, error->message) == 0,
                     "\"%s\" against the full parser's \"%s\"", error->message, full_error.message);
        FUZZ_REQUIRE(status != SEEBATCH_OK || same_board(board, &full),
                     "the full parser reads \"%s\" as another board", text);
    }
    seebatch_board scanned;
    if (!seebatch_board_from_plain_fen(&scanned, (const char *)data, size))
        return;
    FUZZ_REQUIRE(size <= 255 && !memchr(data, '\0', size), "the reader accepts %zu bytes", size);
    FUZZ_REQUIRE(seebatch_fen_parse_fully(&full, (const char *)data, size, &full_error) ==
                         SEEBATCH_OK &&
                     same_board(&scanned, &full),
                 "the reader accepts what the full parser reads otherwise: %s", full_error.message);
}

void fuzz_fen(const uint8_t *data, size_t size)
{
    char text[FEN_TEXT_MAX + 1];
    size_t length = size < FEN_TEXT_MAX ? size : FEN_TEXT_MAX;
    memcpy(text, data, length);
    text[length] = '\0';

    seebatch_board board;
    seebatch_error error;
    seebatch_status status = seebatch_board_from_fen(&board, text, &error);
    check_fen_reader(text, data, size, &board, status, &error);
    if (status != SEEBATCH_OK) {
        FUZZ_REQUIRE(status == SEEBATCH_ERROR_FEN && error.status == status, "status %d", status);
        FUZZ_REQUIRE(fuzz_message_is_one_line(error.message), "message \"%s\"", error.message);
        return;
    }
    FUZZ_REQUIRE(strlen(text) <= 255, "accepted %zu bytes", strlen(text));
    FUZZ_REQUIRE(error.status == SEEBATCH_OK && error.message[0] == '\0',
                 "success leaves a message");
    FUZZ_REQUIRE(seebatch_board_validate(&board, &error) == SEEBATCH_OK, "%s", error.message);
    char fen[SEEBATCH_FEN_MAX];
    require_fen_round_trip(&board, fen);
    check_legal_moves(&board);

    seebatch_move captures[MAX_MOVES];
    size_t count = seebatch_generate_captures(&board, captures);
    seebatch_config config = seebatch_config_classic();
    config.flags = fuzz_flags((uint32_t)length); /* varies with the input */
    fuzz_check_see(&board, captures, count, &config);
}

/* ------------------------------------------------------------------------ */
/* UCI                                                                      */
/* ------------------------------------------------------------------------ */

enum { UCI_TEXT_MAX = 16 };

void fuzz_uci(const uint8_t *data, size_t size)
{
    fuzz_bytes in = fuzz_bytes_of(data, size);
    seebatch_board board;
    fuzz_take_board(&in, &board);
    bool broken = fuzz_corrupt_board(&in, &board);
    char text[UCI_TEXT_MAX + 1];
    size_t length = fuzz_bytes_left(&in) < UCI_TEXT_MAX ? fuzz_bytes_left(&in) : UCI_TEXT_MAX;
    memcpy(text, in.data + in.used, length);
    text[length] = '\0';

    seebatch_move move = SENTINEL;
    seebatch_error error;
    seebatch_status status = seebatch_move_parse(&board, text, &move, &error);
    if (status != SEEBATCH_OK) {
        FUZZ_REQUIRE(status == SEEBATCH_ERROR_MOVE || (broken && status == SEEBATCH_ERROR_BOARD),
                     "status %d", status);
        FUZZ_REQUIRE(move == SENTINEL, "move written on failure");
        FUZZ_REQUIRE(fuzz_message_is_one_line(error.message), "message \"%s\"", error.message);
        return;
    }
    FUZZ_REQUIRE(!broken, "\"%s\" parsed on an inconsistent board", text);
    FUZZ_REQUIRE(seebatch_move_check(&board, move, &error) == SEEBATCH_OK, "\"%s\": %s", text,
                 error.message);
    char written[SEEBATCH_UCI_MAX];
    size_t written_length = seebatch_move_to_uci(move, written);
    /* The same text, but for the case of a promotion letter (written lowercase)
     * and castling's two forms (e1h1 read, e1g1 written). */
    bool same = (written_length == strlen(text) && memcmp(written, text, 4) == 0 &&
                 (written_length == 4 || (text[4] | 0x20) == written[4])) ||
                seebatch_move_kind(move) == SEEBATCH_MOVE_CASTLING;
    FUZZ_REQUIRE(same, "\"%s\" writes back as \"%s\"", text, written);
    seebatch_move again = SENTINEL;
    FUZZ_REQUIRE(seebatch_move_parse(&board, written, &again, &error) == SEEBATCH_OK &&
                     again == move,
                 "\"%s\" does not parse back to the same move", written);
    seebatch_config config = seebatch_config_classic();
    config.flags = fuzz_flags(seebatch_move_from(move));
    fuzz_check_see(&board, &move, 1, &config);
}

/* ------------------------------------------------------------------------ */
/* SEE                                                                      */
/* ------------------------------------------------------------------------ */

/* Nothing written and the status expected, from every checked entry point. */
static void require_rejected(const seebatch_board *board, const seebatch_move *moves, size_t count,
                             const seebatch_config *config, seebatch_status expected,
                             const char *why)
{
    int32_t values[MAX_MOVES + 1];
    for (size_t i = 0; i <= count; i++)
        values[i] = SENTINEL;
    /* The check looks only at the boards the moves name: none without moves. */
    if (expected == SEEBATCH_ERROR_BOARD && count == 0)
        expected = SEEBATCH_OK;
    seebatch_error error;
    seebatch_batch one = {board, 1, NULL, NULL, moves, count};
    seebatch_status status = checked_values_under(config, &one, values, &error);
    FUZZ_REQUIRE(status == expected, "checked values, one board (%s): status %d", why, status);
    FUZZ_REQUIRE(status == SEEBATCH_OK || fuzz_message_is_one_line(error.message), "message \"%s\"",
                 error.message);
    uint32_t board_of_move[MAX_MOVES];
    for (size_t i = 0; i < count; i++)
        board_of_move[i] = 0;
    seebatch_batch many = {board, 1, NULL, board_of_move, moves, count};
    status = checked_values_under(config, &many, values, &error);
    FUZZ_REQUIRE(status == expected, "checked values, many boards (%s): status %d", why, status);
    for (size_t i = 0; i < count; i++)
        FUZZ_REQUIRE(values[i] == SENTINEL, "output %zu written on failure (%s)", i, why);
}

static void check_broken_board(const seebatch_board *board, const seebatch_move *moves,
                               size_t count, const seebatch_config *config)
{
    seebatch_error error;
    FUZZ_REQUIRE(seebatch_board_validate(board, &error) == SEEBATCH_ERROR_BOARD,
                 "a broken board validates");
    FUZZ_REQUIRE(fuzz_message_is_one_line(error.message), "message \"%s\"", error.message);
    char fen[SEEBATCH_FEN_MAX] = "x";
    FUZZ_REQUIRE(seebatch_board_to_fen(board, fen, sizeof fen) == 0 && fen[0] == '\0',
                 "FEN \"%s\" written for a broken board", fen);
    for (size_t i = 0; i < count; i++)
        FUZZ_REQUIRE(seebatch_move_check(board, moves[i], NULL) == SEEBATCH_ERROR_BOARD,
                     "move %zu passes on a broken board", i);
    /* Even an empty one-board batch names its broken board. */
    require_rejected(board, moves, count, config, SEEBATCH_ERROR_BOARD, "broken board");
    require_rejected(board, NULL, 0, config, SEEBATCH_ERROR_BOARD, "broken board, no moves");
}

/* The header promises that breaking a precondition of the unchecked
 * functions gives an unspecified value but no access outside the arrays
 * passed: every kernel runs on the moves as decoded, good or bad, on the
 * board, broken or not. The sanitizers judge; the values are not compared.
 * The output arrays have exactly `count` elements, so ASan sees a write past
 * them. */
static void run_kernels_on_anything(const seebatch_board *board, const seebatch_move *moves,
                                    size_t count, const seebatch_config *config)
{
    if (count == 0)
        return;
    const differential *check = shared_check();
    const see_backend *kernels[DIFFERENTIAL_MAX_KERNELS + 1] = {&seebatch_reference_backend};
    size_t kernel_count = 1;
    for (size_t k = 0; k < check->kernel_count; k++)
        kernels[kernel_count++] = check->kernels[k];
    seebatch_move *exact_moves = malloc(count * sizeof *exact_moves);
    int32_t *values = malloc(count * sizeof *values);
    uint8_t *passed = malloc(count);
    FUZZ_REQUIRE(exact_moves && values && passed, "out of memory");
    memcpy(exact_moves, moves, count * sizeof *moves);
    seebatch_rules rules;
    seebatch_rules_init(&rules, config, NULL);
    see_batch batch = {board, NULL, exact_moves, count, &rules, NULL};
    for (size_t k = 0; k < kernel_count; k++) {
        kernels[k]->values(&batch, values);
        kernels[k]->see_ge(&batch, 0, passed);
        kernels[k]->see_ge(&batch, INT32_MIN, passed);
    }
    free(exact_moves);
    free(values);
    free(passed);
}

void fuzz_see(const uint8_t *data, size_t size)
{
    fuzz_bytes in = fuzz_bytes_of(data, size);
    seebatch_config config;
    fuzz_take_config(&in, &config);
    seebatch_board board;
    fuzz_take_board(&in, &board);
    seebatch_board consistent = board;
    bool broken = fuzz_corrupt_board(&in, &board);

    seebatch_move moves[MAX_MOVES], good[MAX_MOVES];
    size_t count = 0, good_count = 0;
    while (fuzz_bytes_left(&in) > 0 && count < MAX_MOVES)
        moves[count++] = fuzz_take_move(&in, &consistent);
    run_kernels_on_anything(&board, moves, count, &config);
    if (broken) {
        check_broken_board(&board, moves, count, &config);
        return;
    }

    for (size_t i = 0; i < count; i++) {
        seebatch_error error;
        seebatch_status status = seebatch_move_check(&board, moves[i], &error);
        if (status == SEEBATCH_OK) {
            good[good_count++] = moves[i];
            continue;
        }
        FUZZ_REQUIRE(status == SEEBATCH_ERROR_MOVE, "move_check status %d", status);
        FUZZ_REQUIRE(fuzz_message_is_one_line(error.message), "message \"%s\"", error.message);
        int32_t value = SENTINEL;
        status = checked_values_under(
            &config, &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){moves[i]}, 1},
            &value, &error);
        FUZZ_REQUIRE(status == SEEBATCH_ERROR_MOVE && value == SENTINEL,
                     "value_checked accepts move %zu that move_check rejects", i);
        FUZZ_REQUIRE(strstr(error.message, "move 0") != NULL, "message \"%s\"", error.message);
    }
    /* A batch with one bad move anywhere is rejected whole. */
    if (good_count < count)
        require_rejected(&board, moves, count, &config, SEEBATCH_ERROR_MOVE, "a bad move");
    fuzz_check_see(&board, good_count ? good : NULL, good_count, &config);

    seebatch_move captures[MAX_MOVES];
    size_t capture_count = seebatch_generate_captures(&board, captures);
    for (size_t i = 0; i < capture_count; i++)
        FUZZ_REQUIRE(seebatch_move_check(&board, captures[i], NULL) == SEEBATCH_OK,
                     "generated capture %zu breaks the preconditions", i);
    fuzz_check_see(&board, captures, capture_count, &config);
}

/* ------------------------------------------------------------------------ */
/* Binpack                                                                  */
/* ------------------------------------------------------------------------ */

enum { BINPACK_ENTRIES_MAX = 4096 };

static void require_same_entry(const training_entry *got, const training_entry *want, size_t i)
{
    char a[PLAIN_BLOCK_MAX], b[PLAIN_BLOCK_MAX];
    seebatch_plain_format(got, a);
    seebatch_plain_format(want, b);
    FUZZ_REQUIRE(strcmp(a, b) == 0 && got->board.halfmove_clock == want->board.halfmove_clock,
                 "entry %zu written again decodes as\n%s instead of\n%s", i, a, b);
}

/* Decodes a payload; returns the entries (at most max) and whether it faulted. */
static size_t decode_payload(const uint8_t *data, size_t size, training_entry *entries, size_t max,
                             bool *continues, bool *faulted)
{
    binpack_chunk_decoder decoder;
    seebatch_binpack_decoder_start(&decoder, data, size, 1000);
    binpack_fault fault;
    binpack_source source;
    training_entry entry;
    binpack_step step;
    size_t n = 0;
    while (n < max &&
           (step = seebatch_binpack_next(&decoder, &entry, &source, &fault)) == BINPACK_ENTRY) {
        seebatch_error error;
        FUZZ_REQUIRE(seebatch_board_validate(&entry.board, &error) == SEEBATCH_OK,
                     "entry %zu: board: %s", n, error.message);
        FUZZ_REQUIRE(seebatch_move_check(&entry.board, entry.move, &error) == SEEBATCH_OK,
                     "entry %zu: move: %s", n, error.message);
        (void)value_under(&(seebatch_config){{100, 325, 325, 500, 1000}, 0}, &entry.board,
                          entry.move);
        continues[n] = !source.stem;
        entries[n++] = entry;
    }
    *faulted = n < max && step == BINPACK_FAULT;
    if (*faulted)
        FUZZ_REQUIRE(fault.byte_offset >= 1000 && fault.byte_offset <= 1000 + size &&
                         fault.message[0],
                     "fault at %llu outside the payload of %zu bytes",
                     (unsigned long long)fault.byte_offset, size);
    return n;
}

/* The block decoder on the portable path (blocks of 7) decodes what the
 * one-by-one decoder did: the same entries, the same end; and a guessed
 * chain start lies in the payload, at or after where the guess began. */
static void require_same_blocks(const uint8_t *data, size_t size, const training_entry *entries,
                                size_t n, bool faulted)
{
    binpack_chunk_decoder decoder;
    seebatch_binpack_decoder_start(&decoder, data, size, 1000);
    decoder.pdep = false;
    training_entry block[7];
    binpack_fault fault;
    binpack_step stop = BINPACK_ENTRY;
    size_t done = 0;
    while (done < n && stop == BINPACK_ENTRY) {
        size_t count = seebatch_binpack_next_block(&decoder, block, NULL, 7, &stop, &fault);
        for (size_t i = 0; i < count && done < n; i++, done++)
            require_same_entry(&block[i], &entries[done], done);
    }
    FUZZ_REQUIRE(done == n, "blocks decode %zu entries where one by one gave %zu", done, n);
    if (n < BINPACK_ENTRIES_MAX && stop == BINPACK_ENTRY) {
        size_t more = seebatch_binpack_next_block(&decoder, block, NULL, 1, &stop, &fault);
        FUZZ_REQUIRE(more == 0, "blocks decode more entries than the %zu one by one gave", n);
    }
    FUZZ_REQUIRE(n == BINPACK_ENTRIES_MAX || (stop == BINPACK_FAULT) == faulted,
                 "blocks end %s where one by one %s", stop == BINPACK_FAULT ? "faulted" : "cleanly",
                 faulted ? "faulted" : "ended cleanly");
    size_t from = size / 2, guess = seebatch_binpack_guess_chain_start(data, size, from);
    FUZZ_REQUIRE(guess == size || (guess >= from && guess < size), "guess %zu outside %zu..%zu",
                 guess, from, size);
}

/* A brief against the entry it lists. */
static void require_brief(const binpack_brief *brief, const seebatch_board *board,
                          const training_entry *want, size_t i)
{
    unsigned facts = (seebatch_side_in_check(&want->board) ? BRIEF_IN_CHECK : 0u) |
                     (move_captures(&want->board, want->move) ? BRIEF_CAPTURES : 0u);
    FUZZ_REQUIRE(brief->move == want->move && brief->score == want->score &&
                     brief->ply == want->ply && brief->result == want->result &&
                     (brief->facts & 3u) == facts,
                 "brief %zu differs from the entry", i);
    if (brief->facts & BRIEF_BOARD) {
        training_entry got = binpack_brief_entry(brief, board);
        require_same_entry(&got, want, i);
    }
}

/* Decoding in brief (blocks of 5, pdep where the CPU has it fast) gives
 * the entries one by one decoding gave: each brief's move, score, ply and
 * result, its check and capture facts as the whole entry says, its board
 * where kept, plain entries that are neither notable nor after one; the
 * same end. */
static void require_same_briefs(const uint8_t *data, size_t size, const training_entry *entries,
                                size_t n, bool faulted)
{
    binpack_chunk_decoder decoder;
    seebatch_binpack_decoder_start(&decoder, data, size, 1000);
    binpack_brief briefs[5];
    seebatch_board boards[5];
    binpack_fault fault;
    binpack_step stop = BINPACK_ENTRY;
    size_t done = 0;
    brief_list list = {briefs, boards, 0};
    while (done < n && stop == BINPACK_ENTRY) {
        size_t count = seebatch_binpack_next_briefs(&decoder, &list, 5, &stop, &fault);
        size_t listed = list.listed;
        size_t at = done;
        for (size_t k = 0; k < listed && at < n; k++) {
            require_brief(&briefs[k], &boards[k], &entries[at], at);
            for (size_t p = 1; p <= briefs[k].plain && at + p < n; p++)
                FUZZ_REQUIRE(!seebatch_side_in_check(&entries[at + p].board) &&
                                 !move_captures(&entries[at + p].board, entries[at + p].move),
                             "plain entry %zu is in check or takes", at + p);
            at += 1 + briefs[k].plain;
        }
        FUZZ_REQUIRE(at == done + count || at >= n, "briefs cover %zu entries of %zu decoded",
                     at - done, count);
        done += count;
    }
    FUZZ_REQUIRE(done == n, "briefs decode %zu entries where one by one gave %zu", done, n);
    FUZZ_REQUIRE(n == BINPACK_ENTRIES_MAX || stop != BINPACK_ENTRY ||
                     seebatch_binpack_next_briefs(&decoder, &list, 1, &stop, &fault) == 0,
                 "briefs decode more entries than the %zu one by one gave", n);
    FUZZ_REQUIRE(n == BINPACK_ENTRIES_MAX || (stop == BINPACK_FAULT) == faulted,
                 "briefs end %s where one by one %s", stop == BINPACK_FAULT ? "faulted" : "cleanly",
                 faulted ? "faulted" : "ended cleanly");
}

/* Decoding that keeps nothing (blocks of 3) counts the entries one by one
 * decoding gave and ends as it did (past the cap one by one stopped at, it
 * may go on). */
static void require_same_skipping(const uint8_t *data, size_t size, size_t n, bool faulted)
{
    binpack_chunk_decoder decoder;
    seebatch_binpack_decoder_start(&decoder, data, size, 1000);
    binpack_fault fault;
    binpack_step stop = BINPACK_ENTRY;
    size_t done = 0;
    bool capped = n == BINPACK_ENTRIES_MAX;
    while (stop == BINPACK_ENTRY && (!capped || done < n))
        done += seebatch_binpack_skip_block(&decoder, 3, &stop, &fault);
    FUZZ_REQUIRE(capped ? done >= n : done == n,
                 "skipping decodes %zu entries where one by one gave %zu", done, n);
    FUZZ_REQUIRE(
        capped || (stop == BINPACK_FAULT) == faulted, "skipping ends %s where one by one %s",
        stop == BINPACK_FAULT ? "faulted" : "cleanly", faulted ? "faulted" : "ended cleanly");
}

void fuzz_binpack(const uint8_t *data, size_t size)
{
    static training_entry entries[BINPACK_ENTRIES_MAX], again[BINPACK_ENTRIES_MAX];
    static bool continues[BINPACK_ENTRIES_MAX], continues_again[BINPACK_ENTRIES_MAX];
    bool faulted;
    size_t n = decode_payload(data, size, entries, BINPACK_ENTRIES_MAX, continues, &faulted);
    require_same_blocks(data, size, entries, n, faulted);
    require_same_briefs(data, size, entries, n, faulted);
    require_same_skipping(data, size, n, faulted);
    binpack_writer writer;
    seebatch_binpack_writer_init(&writer);
    for (size_t i = 0; i < n; i++) {
        if (continues[i])
            seebatch_binpack_append_entry(&writer, &entries[i]);
        else
            seebatch_binpack_start_chain(&writer, &entries[i], NULL);
    }
    seebatch_binpack_close_chain(&writer);
    FUZZ_REQUIRE(!writer.out_of_memory, "out of memory");
    size_t m = decode_payload(writer.payload, writer.size, again, BINPACK_ENTRIES_MAX,
                              continues_again, &faulted);
    FUZZ_REQUIRE(m == n && !faulted, "%zu entries written again decode as %zu%s", n, m,
                 faulted ? " and a fault" : "");
    for (size_t i = 0; i < n && i < m; i++)
        require_same_entry(&again[i], &entries[i], i);
    seebatch_binpack_writer_free(&writer);
}

/* ------------------------------------------------------------------------ */
/* .plain text                                                              */
/* ------------------------------------------------------------------------ */

/* A stream reading the size bytes at data (size > 0): fmemopen, or on
 * Windows, which has none, a temporary file removed when closed. */
#if defined(_WIN32)
#include <windows.h>

static FILE *memory_stream(const uint8_t *data, size_t size)
{
    char directory[MAX_PATH], name[MAX_PATH];
    if (!GetTempPathA(sizeof directory, directory) || !GetTempFileNameA(directory, "sbf", 0, name))
        return NULL;
    FILE *file = fopen(name, "w+bD"); /* D: removed when closed */
    if (file && (fwrite(data, 1, size, file) != size || fseek(file, 0, SEEK_SET) != 0)) {
        fclose(file);
        return NULL;
    }
    return file;
}
#else
static FILE *memory_stream(const uint8_t *data, size_t size)
{
    return fmemopen((void *)data, size, "rb");
}
#endif

/* The first entry of a block of text, read by a reader of its own. */
static bool read_back(const char *text, size_t length, training_entry *entry)
{
    static plain_reader reader; /* 16 KiB: not on the stack */
    FILE *file = memory_stream((const uint8_t *)text, length);
    FUZZ_REQUIRE(file != NULL, "no stream over the bytes");
    reader = plain_reader_start(file);
    char message[SEEBATCH_MESSAGE_SIZE + 128];
    plain_step step = seebatch_plain_next(&reader, entry, message, sizeof message);
    fclose(file);
    return step == PLAIN_ENTRY;
}

static void require_sound_entry(const training_entry *entry, size_t index)
{
    FUZZ_REQUIRE(seebatch_board_validate(&entry->board, NULL) == SEEBATCH_OK,
                 "entry %zu: an inconsistent board", index);
    FUZZ_REQUIRE(seebatch_move_is_legal(&entry->board, entry->move),
                 "entry %zu: its move is not legal", index);
    char block[PLAIN_BLOCK_MAX];
    size_t length = seebatch_plain_format(entry, block);
    training_entry again;
    FUZZ_REQUIRE(read_back(block, length, &again), "entry %zu written again does not read:\n%s",
                 index, block);
    /* The text, not the fields: the rule-50 counter is written in 8 bits, as
     * Stockfish writes it, so a larger one read here comes back smaller. */
    char second[PLAIN_BLOCK_MAX];
    seebatch_plain_format(&again, second);
    FUZZ_REQUIRE(strcmp(block, second) == 0, "entry %zu written again reads as\n%s instead of\n%s",
                 index, second, block);
}

void fuzz_plain(const uint8_t *data, size_t size)
{
    if (size == 0) /* fmemopen takes no empty buffer */
        return;
    size_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    static plain_reader reader;
    FILE *file = memory_stream(data, size);
    FUZZ_REQUIRE(file != NULL, "no stream over the bytes");
    reader = plain_reader_start(file);
    long offset = 0;
    size_t steps = 0, entries = 0;
    for (;; steps++) {
        FUZZ_REQUIRE(steps <= lines, "%zu steps over %zu lines: the reader does not move on", steps,
                     lines);
        training_entry entry;
        char message[SEEBATCH_MESSAGE_SIZE + 128];
        plain_step step = seebatch_plain_next(&reader, &entry, message, sizeof message);
        long now = plain_reader_offset(&reader);
        FUZZ_REQUIRE(now >= offset && now <= (long)size, "offset %ld after %ld, of %zu bytes", now,
                     offset, size);
        offset = now;
        if (step == PLAIN_END)
            break;
        if (step == PLAIN_BAD) {
            FUZZ_REQUIRE(reader.fault_line >= 1 && reader.fault_line <= lines,
                         "a fault at line %lu of %zu", reader.fault_line, lines);
            FUZZ_REQUIRE(message[0] && !strchr(message, '\n'), "the message \"%s\"", message);
            continue;
        }
        require_sound_entry(&entry, entries++);
    }
    fclose(file);
}
