/* The public calls the `seebatch` tool reads and counts training entries
 * through (include/seebatch_training.h), as a C user would call them:
 * seebatch_training_entry_facts on hand-made entries whose facts are known;
 * binpack chunks read from a stream and their payloads decoded by
 * seebatch_payload_reader, held to seebatch_training_read's entries and
 * faults on games written by the public writer (whole, truncated, damaged)
 * and on a real file when one is given.
 * Usage: test_entry_readers DIRECTORY [FILE.binpack] */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "seebatch_training.h"

/* The entry of a FEN and a UCI move; false (and a failed CHECK) if either
 * does not parse. */
static bool make_entry(seebatch_training_entry *entry, const char *fen, const char *uci,
                       uint16_t ply, int8_t result)
{
    memset(entry, 0, sizeof *entry);
    seebatch_error error;
    bool made = seebatch_board_from_fen(&entry->board, fen, &error) == SEEBATCH_OK &&
                seebatch_move_parse(&entry->board, uci, &entry->move, &error) == SEEBATCH_OK;
    CHECK(made, "%s %s: %s", fen, uci, error.message);
    entry->ply = ply;
    entry->result = result;
    return made;
}

/* The entry after `before`'s move, as a game goes on: one ply on, the
 * result seen from the other side. */
static bool follow(seebatch_training_entry *entry, const seebatch_training_entry *before,
                   const char *uci)
{
    *entry = *before;
    seebatch_board_play(&entry->board, before->move);
    entry->ply = (uint16_t)(before->ply + 1);
    entry->result = (int8_t)-before->result;
    seebatch_error error;
    bool parsed = seebatch_move_parse(&entry->board, uci, &entry->move, &error) == SEEBATCH_OK;
    CHECK(parsed, "%s after the entry before: %s", uci, error.message);
    return parsed;
}

enum { ALL_FACTS = SEEBATCH_ENTRY_CAPTURES | SEEBATCH_ENTRY_IN_CHECK | SEEBATCH_ENTRY_CONTINUES };

static void test_entry_facts(void)
{
    seebatch_training_entry e[8];
    bool made =
        make_entry(&e[0], "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5",
                   2, 1) &&
        follow(&e[1], &e[0], "d8d5") &&             /* continues, and takes back */
        make_entry(&e[2], "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", "e8d8", 40, 0) && /* in check */
        make_entry(&e[3], "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 3, -1) && /* en passant */
        make_entry(&e[4], "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 0, 1) && /* castling */
        follow(&e[5], &e[4], "e8c8") &&                                             /* continues */
        follow(&e[6], &e[5], "a1a8") && /* continues, but see below */
        follow(&e[7], &e[6], "c8b7");   /* continues, in check by the rook on a8 */
    if (!made)
        return;
    e[6].result = e[5].result; /* the same side's result: no game goes on so ... */
    e[7].result = (int8_t)-e[6].result; /* ... but entry 7 goes on from entry 6 */
    static const uint8_t expected[8] = {SEEBATCH_ENTRY_CAPTURES,
                                        SEEBATCH_ENTRY_CAPTURES | SEEBATCH_ENTRY_CONTINUES,
                                        SEEBATCH_ENTRY_IN_CHECK,
                                        SEEBATCH_ENTRY_CAPTURES,
                                        0,
                                        SEEBATCH_ENTRY_CONTINUES,
                                        0,
                                        SEEBATCH_ENTRY_IN_CHECK | SEEBATCH_ENTRY_CONTINUES};
    uint8_t facts[8];
    memset(facts, 0xAA, sizeof facts);
    seebatch_training_entry_facts(8, e, NULL, ALL_FACTS, facts);
    for (int i = 0; i < 8; i++)
        CHECK_EQ(facts[i], expected[i], "the facts of entry %d", i);

    /* Only the bits asked are tested; the others are 0. */
    for (unsigned asked = 0; asked <= ALL_FACTS; asked++) {
        seebatch_training_entry_facts(8, e, NULL, asked, facts);
        for (int i = 0; i < 8; i++)
            CHECK_EQ(facts[i], expected[i] & asked, "entry %d, asked %u", i, asked);
    }

    /* previous stands before entries[0]: entry 1 continues entry 0 from
     * there, and entry 2 (its own game) continues no previous given. */
    seebatch_training_entry_facts(1, &e[1], &e[0], ALL_FACTS, facts);
    CHECK_EQ(facts[0], expected[1], "entry 1 after previous entry 0");
    seebatch_training_entry_facts(1, &e[1], NULL, ALL_FACTS, facts);
    CHECK_EQ(facts[0], SEEBATCH_ENTRY_CAPTURES, "entry 1 with no previous");
    seebatch_training_entry_facts(1, &e[2], &e[1], ALL_FACTS, facts);
    CHECK_EQ(facts[0], SEEBATCH_ENTRY_IN_CHECK, "entry 2 after entry 1");

    memset(facts, 0xAA, 1);
    seebatch_training_entry_facts(0, e, NULL, ALL_FACTS, facts); /* count 0: nothing written */
    CHECK_EQ(facts[0], 0xAA, "count 0 writes nothing");
}

/* ------------------------------------------------------------------------ */
/* Payloads decoded by the caller                                           */
/* ------------------------------------------------------------------------ */

enum { MAX_ENTRIES = 1 << 19 }; /* small.binpack holds 434921 */

/* Entries, and where the reading that gave them stopped. */
typedef struct entry_list {
    seebatch_training_entry *entries;
    bool check_chains; /* the file is the writer's: a chain begins where no entry continues */
    size_t chain_mismatches; /* chunks whose chains are not those */
    size_t count;
    seebatch_training_place fault; /* {0, 0}: read to the end */
    char reason[SEEBATCH_MESSAGE_SIZE]; /* the fault's message */
} entry_list;

/* path by seebatch_training_read, the reference. */
static void read_reference(const char *path, entry_list *list)
{
    static seebatch_board boards[MAX_ENTRIES];
    static uint16_t moves[MAX_ENTRIES], plies[MAX_ENTRIES];
    static int16_t scores[MAX_ENTRIES];
    static int8_t results[MAX_ENTRIES];
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    seebatch_training_reader *reader;
    seebatch_error error;
    list->count = 0;
    list->fault = (seebatch_training_place){0, 0};
    list->reason[0] = '\0';
    if (seebatch_training_open(path, &reader, &error) != SEEBATCH_OK) {
        CHECK(false, "%s", error.message);
        return;
    }
    size_t got = 0;
    seebatch_status status = seebatch_training_read(reader, MAX_ENTRIES, &arrays, &got, &error);
    for (size_t i = 0; i < got; i++)
        list->entries[i] = (seebatch_training_entry){boards[i], moves[i], scores[i], plies[i],
                                                     results[i]};
    list->count = got;
    if (status != SEEBATCH_OK) {
        list->fault = seebatch_training_reader_place(reader);
        snprintf(list->reason, sizeof list->reason, "%s", error.message);
    }
    seebatch_training_close(reader);
}

/* path chunk by chunk from a stream, each payload copied and decoded by a
 * payload reader `step` entries at a time; a truncated chunk's fault placed
 * as seebatch_binpack_chunk says (the tool's rule). */
static void read_by_payloads(const char *path, size_t step, entry_list *list)
{
    FILE *stream = fopen(path, "rb");
    seebatch_binpack_chunks *chunks = NULL;
    seebatch_payload_reader *reader = NULL;
    seebatch_error error;
    list->count = 0;
    list->fault = (seebatch_training_place){0, 0};
    list->reason[0] = '\0';
    CHECK(stream && seebatch_binpack_chunks_open_stream(stream, &chunks, &error) == SEEBATCH_OK &&
              seebatch_payload_reader_new(&reader, &error) == SEEBATCH_OK,
          "%s: opened", path);
    static uint8_t payload[1 << 21];
    seebatch_binpack_chunk chunk = {.entries_before = 0};
    while (chunks && reader && !list->fault.entry) {
        chunk.entries_before = list->count;
        if (seebatch_binpack_chunks_next(chunks, &chunk, &error) != SEEBATCH_OK) {
            list->fault = (seebatch_training_place){chunk.byte_offset, list->count + 1};
            snprintf(list->reason, sizeof list->reason, "%s", error.message);
            break;
        }
        if (chunk.end || chunk.size > sizeof payload)
            break;
        memcpy(payload, chunk.payload, chunk.size); /* the caller's, as the tool holds them */
        seebatch_payload_reader_start(reader, payload, chunk.size, chunk.file_offset);
        size_t before = list->count, offset = 0;
        seebatch_status status = SEEBATCH_OK;
        while (status == SEEBATCH_OK && !seebatch_payload_reader_at_end(reader) &&
               list->count + step <= MAX_ENTRIES) {
            size_t got = 99;
            status = seebatch_payload_read(reader, step, list->entries + list->count, &got,
                                           &error);
            list->count += got;
            size_t now = seebatch_payload_reader_offset(reader);
            CHECK(now >= offset && now <= chunk.size, "offset %zu after %zu", now, offset);
            offset = now;
        }
        if (list->check_chains) {
            static uint8_t facts[MAX_ENTRIES];
            size_t entries = list->count - before, chains = 0;
            seebatch_training_entry_facts(entries, list->entries + before, NULL,
                                          SEEBATCH_ENTRY_CONTINUES, facts);
            for (size_t i = 0; i < entries; i++)
                chains += !(facts[i] & SEEBATCH_ENTRY_CONTINUES);
            list->chain_mismatches += seebatch_payload_reader_chains(reader) != chains;
        }
        seebatch_training_place place;
        const char *why = seebatch_payload_reader_fault(reader, &place);
        CHECK((status != SEEBATCH_OK) == (why != NULL), "a fault is told by the status and by "
                                                        "seebatch_payload_reader_fault alike");
        CHECK_EQ(seebatch_payload_reader_offset(reader), chunk.size, "the end takes the payload");
        if (why) {
            CHECK_EQ(place.entry, list->count - before + 1, "the fault's entry in the payload");
            char expected[SEEBATCH_MESSAGE_SIZE];
            CHECK(strcmp(error.message, seebatch_training_fault_text(
                                            expected, sizeof expected, 0, place.byte_offset,
                                            place.entry, why)) == 0,
                  "\"%s\" is \"%s\"", error.message, expected);
            /* Asked again: nothing more, the same fault. */
            size_t got = 99;
            CHECK(seebatch_payload_read(reader, step, list->entries, &got, NULL) != SEEBATCH_OK &&
                      got == 0,
                  "a read after the fault gives it again");
        }
        if (why || chunk.truncated) {
            uint64_t byte = why ? place.byte_offset : chunk.byte_offset;
            const char *reason = chunk.truncated ? chunk.reason : why;
            list->fault = (seebatch_training_place){byte, list->count + 1};
            char text[SEEBATCH_MESSAGE_SIZE];
            snprintf(list->reason, sizeof list->reason, "%s",
                     seebatch_training_fault_text(text, sizeof text, 0, byte, list->count + 1,
                                                  reason));
        }
    }
    seebatch_payload_reader_free(reader);
    seebatch_binpack_chunks_close(chunks); /* the stream stays open */
    CHECK(stream && fseek(stream, 0, SEEK_SET) == 0 && fgetc(stream) == 'B',
          "the stream is the caller's after seebatch_binpack_chunks_close");
    if (stream)
        fclose(stream);
}

static bool same_entry(const seebatch_training_entry *a, const seebatch_training_entry *b)
{
    return memcmp(&a->board, &b->board, sizeof a->board) == 0 && a->move == b->move &&
           a->score == b->score && a->ply == b->ply && a->result == b->result;
}

/* path read both ways, at several steps: the same entries and fault; the
 * chains where the writer of `written` chains (a chain goes on where an
 * entry continues the one before, as seebatch_training_entry_facts says). */
static void compare_readings(const char *path, bool written, entry_list *reference,
                             entry_list *list)
{
    read_reference(path, reference);
    static const size_t steps[] = {1, 7, 512, 100000};
    for (size_t s = 0; s < sizeof steps / sizeof *steps; s++) {
        list->check_chains = written;
        list->chain_mismatches = 0;
        read_by_payloads(path, steps[s], list);
        CHECK_EQ(list->chain_mismatches, 0, "%s: chunks whose chains are not the writer's", path);
        CHECK_EQ(list->count, reference->count, "%s, %zu at a time: entries", path, steps[s]);
        CHECK_EQ(list->fault.byte_offset, reference->fault.byte_offset, "%s: the fault's byte", path);
        CHECK_EQ(list->fault.entry, reference->fault.entry, "%s: the fault's entry", path);
        CHECK(strcmp(list->reason, reference->reason) == 0, "%s: \"%s\" is \"%s\"", path,
              list->reason, reference->reason);
        size_t differ = 0;
        for (size_t i = 0; i < list->count && i < reference->count; i++)
            differ += !same_entry(&list->entries[i], &reference->entries[i]);
        CHECK_EQ(differ, 0, "%s, %zu at a time: entries that differ", path, steps[s]);
    }
}

/* Games of random legal moves (a fixed generator), written by the public
 * writer in a format: for binpack, chains as the games go, a chunk or two. */
static size_t write_games(const char *path, seebatch_training_format format)
{
    seebatch_training_writer *writer;
    seebatch_error error;
    if (seebatch_training_create(path, format, 0, &writer, &error) !=
        SEEBATCH_OK) {
        CHECK(false, "%s", error.message);
        return 0;
    }
    uint64_t seed = 12345;
    size_t written = 0;
    for (int game = 0; game < 300; game++) {
        seebatch_board board;
        seebatch_board_from_fen(&board, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                NULL);
        int8_t result = (int8_t)(game % 3 - 1);
        for (uint16_t ply = 0; ply < 80; ply++) {
            seebatch_move moves[SEEBATCH_MAX_MOVES];
            size_t count = seebatch_generate_moves(&board, moves);
            if (count == 0 || board.halfmove_clock >= 100)
                break;
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            seebatch_move move = moves[(seed >> 33) % count];
            int16_t score = (int16_t)((int)(seed >> 40 & 1023) - 512);
            seebatch_training_arrays one = {&board, &move, &score, &ply, &result};
            if (seebatch_training_write(writer, 1, &one, NULL, &error) != SEEBATCH_OK) {
                CHECK(false, "%s", error.message);
                seebatch_training_abandon(writer);
                return 0;
            }
            written++;
            seebatch_board_play(&board, move);
            result = (int8_t)-result;
        }
    }
    CHECK(seebatch_training_finish(writer, &error) == SEEBATCH_OK, "%s", error.message);
    return written;
}

/* A copy of from with its bytes from `at` overwritten by pattern (or cut
 * there, pattern < 0). */
static bool damaged_copy(const char *from, const char *to, long at, int pattern)
{
    static uint8_t bytes[1 << 22];
    FILE *in = fopen(from, "rb");
    size_t size = in ? fread(bytes, 1, sizeof bytes, in) : 0;
    if (in)
        fclose(in);
    if ((size_t)at >= size)
        return false;
    if (pattern < 0)
        size = (size_t)at;
    else
        memset(bytes + at, pattern, size - (size_t)at < 6 ? size - (size_t)at : 6);
    FILE *out = fopen(to, "wb");
    bool done = out && fwrite(bytes, 1, size, out) == size;
    return out && fclose(out) == 0 && done;
}

static void test_payloads(const char *directory, const char *real_file)
{
    static seebatch_training_entry reference_entries[MAX_ENTRIES], entries[MAX_ENTRIES];
    entry_list reference = {reference_entries, false, 0, 0, {0, 0}, ""};
    entry_list list = {entries, false, 0, 0, {0, 0}, ""};
    char games[512], copy[512];
    snprintf(games, sizeof games, "%s/games.binpack", directory);
    snprintf(copy, sizeof copy, "%s/damaged.binpack", directory);
    size_t written = write_games(games, SEEBATCH_TRAINING_BINPACK);
    CHECK(written > 10000, "games written: %zu entries", written);
    compare_readings(games, true, &reference, &list);
    CHECK_EQ(list.count, written, "every entry written is read");
    CHECK_EQ(list.fault.entry, 0, "no fault in the games");

    /* Cut and damaged at places through the file: a truncated chunk, a
     * header cut, a stem or movetext the decoder refuses (or decodes as
     * other entries): both ways agree, and some copies do fault. */
    int faulted = 0;
    for (long at = 3; damaged_copy(games, copy, at, -1); at = at * 3 + 17) {
        compare_readings(copy, false, &reference, &list);
        faulted += list.fault.entry != 0;
        CHECK(list.fault.entry != 0, "the copy cut at %ld faults", at);
    }
    for (long at = 9; damaged_copy(games, copy, at, (int)(at * 37 % 256)); at = at * 2 + 5) {
        compare_readings(copy, false, &reference, &list);
        faulted += list.fault.entry != 0;
    }
    CHECK(faulted > 10, "%d damaged copies fault", faulted);

    if (!real_file)
        return;
    FILE *real = fopen(real_file, "rb");
    if (!real) {
        printf("test_entry_readers: %s is not there: the games alone were read\n", real_file);
        return;
    }
    fclose(real);
    compare_readings(real_file, false, &reference, &list);
    CHECK(list.count > 100000 && list.fault.entry == 0, "%s: %zu entries read whole", real_file,
          list.count);
}

static void test_payload_reader_errors(void)
{
    seebatch_payload_reader *reader = NULL;
    seebatch_error error;
    seebatch_training_entry entry;
    size_t count = 7;
    CHECK(seebatch_payload_reader_new(NULL, &error) == SEEBATCH_ERROR_ARGUMENT, "NULL reader");
    CHECK(seebatch_payload_reader_new(&reader, &error) == SEEBATCH_OK, "%s", error.message);
    CHECK(seebatch_payload_read(reader, 1, &entry, &count, &error) ==
                  SEEBATCH_ERROR_ARGUMENT &&
              count == 0 && strstr(error.message, "no payload"),
          "a reader given no payload: %s", error.message);
    CHECK(seebatch_payload_read(NULL, 1, &entry, &count, &error) == SEEBATCH_ERROR_ARGUMENT,
          "NULL reader");
    CHECK(seebatch_payload_read(reader, 1, NULL, &count, &error) == SEEBATCH_ERROR_ARGUMENT,
          "NULL entries");
    CHECK(seebatch_payload_read(reader, 1, &entry, NULL, &error) == SEEBATCH_ERROR_ARGUMENT,
          "NULL count");
    CHECK(seebatch_payload_reader_offset(reader) == 0 && seebatch_payload_reader_chains(reader) == 0,
          "a reader given no payload has no offset and no chains");
    seebatch_payload_reader_start(NULL, NULL, 0, 0); /* NULL reader: nothing, no crash */
    const uint8_t junk[5] = {1, 2, 3, 4, 5};
    seebatch_payload_reader_start(reader, junk, sizeof junk, 100);
    count = 7;
    CHECK(seebatch_payload_read(reader, 0, &entry, &count, &error) == SEEBATCH_OK && count == 0 &&
              !seebatch_payload_reader_at_end(reader) && !seebatch_payload_reader_fault(reader, NULL),
          "capacity 0 decodes nothing, so meets no fault yet");
    seebatch_payload_reader_start(reader, NULL, 0, 100);
    CHECK(seebatch_payload_read(reader, 1, &entry, &count, &error) == SEEBATCH_OK &&
              count == 0 && seebatch_payload_reader_at_end(reader),
          "an empty payload holds nothing");
    count = 7;
    CHECK(seebatch_payload_read(reader, 1, &entry, &count, &error) == SEEBATCH_OK && count == 0,
          "read again after its end: nothing, and no fault");
    seebatch_payload_reader_start(reader, junk, sizeof junk, 100);
    CHECK(seebatch_payload_read(reader, 1, &entry, &count, &error) ==
                  SEEBATCH_ERROR_ARGUMENT &&
              count == 0 && strncmp(error.message, "byte 10", 7) == 0,
          "five bytes are no stem: %s", error.message);
    const char *why = seebatch_payload_reader_fault(reader, NULL);
    CHECK(why && strstr(error.message, why), "the fault without its place: \"%s\" in \"%s\"",
          why ? why : "(none)", error.message);
    seebatch_training_place place = {1, 1};
    CHECK(seebatch_payload_reader_fault(NULL, &place) == NULL && place.entry == 0 &&
              place.byte_offset == 0,
          "NULL has no fault");
    CHECK(seebatch_payload_reader_fault(reader, &place) != NULL && place.entry == 1 &&
              place.byte_offset >= 100,
          "the fault's place: byte %llu, entry %llu", (unsigned long long)place.byte_offset,
          (unsigned long long)place.entry);
    seebatch_payload_reader_start(reader, NULL, 0, 0);
    CHECK(seebatch_payload_reader_fault(reader, &place) == NULL && place.entry == 0,
          "a new start forgets the fault");
    CHECK_EQ(seebatch_payload_reader_at_end(NULL), 0, "NULL is at no end");
    CHECK_EQ(seebatch_payload_reader_offset(NULL), 0, "NULL has no offset");
    CHECK_EQ(seebatch_payload_reader_chains(NULL), 0, "NULL has no chains");
    seebatch_payload_reader_free(reader);
    seebatch_payload_reader_free(NULL);
    seebatch_binpack_chunks *chunks = (seebatch_binpack_chunks *)&chunks;
    CHECK(seebatch_binpack_chunks_open_stream(NULL, &chunks, &error) == SEEBATCH_ERROR_ARGUMENT &&
              chunks == NULL,
          "NULL stream");
    CHECK(seebatch_binpack_chunks_open_stream(stdin, NULL, &error) == SEEBATCH_ERROR_ARGUMENT,
          "NULL chunks to open into");
}

/* ------------------------------------------------------------------------ */
/* Entries by the file reader, into structs, bad plain blocks skipped       */
/* ------------------------------------------------------------------------ */

/* What the skip hook was told. */
typedef struct skip_log {
    int answer; /* what the hook returns */
    size_t calls;
    uint64_t entries[64];
    char first[SEEBATCH_MESSAGE_SIZE + 64];
} skip_log;

static int log_skip(void *context, const seebatch_training_place *place, const char *message)
{
    skip_log *log = context;
    if (log->calls < 64)
        log->entries[log->calls] = place->entry;
    if (log->calls++ == 0)
        snprintf(log->first, sizeof log->first, "%s", message);
    return log->answer;
}

/* reader read to its end (or fault) `step` entries at a time into
 * entries; the status that ended it. */
static seebatch_status read_all_entries(seebatch_training_reader *reader, size_t step,
                                        seebatch_training_entry *entries, size_t *count,
                                        seebatch_error *error)
{
    seebatch_status status = SEEBATCH_OK;
    *count = 0;
    while (status == SEEBATCH_OK && !seebatch_training_at_end(reader) &&
           *count + step <= MAX_ENTRIES) {
        size_t got = 99;
        status = seebatch_training_read_entries(reader, step, entries + *count, &got, error);
        *count += got;
    }
    return status;
}

/* A file opened and read into structs, step entries a call, and closed:
 * the status, the entries and where the reader stood at the end. */
static seebatch_status read_file_entries(const char *path, size_t step,
                                         seebatch_training_entry *entries, size_t *count,
                                         seebatch_error *error, seebatch_training_place *place)
{
    seebatch_training_reader *reader;
    *count = 0;
    seebatch_status status = seebatch_training_open(path, &reader, error);
    CHECK(status == SEEBATCH_OK, "%s", error->message);
    if (status != SEEBATCH_OK)
        return status;
    status = read_all_entries(reader, step, entries, count, error);
    *place = seebatch_training_reader_place(reader);
    seebatch_training_close(reader);
    return status;
}

/* Entries read into structs against the arrays' of the same file. */
static void check_same_entries(const char *path, const seebatch_training_entry *entries,
                               size_t count, const entry_list *reference)
{
    size_t differ = 0;
    for (size_t i = 0; i < count && i < reference->count; i++)
        differ += !same_entry(&entries[i], &reference->entries[i]);
    CHECK_EQ(differ, 0, "%s: entries that differ between structs and arrays", path);
}

/* The same file read into structs and into arrays: the same entries. */
static void compare_struct_reading(const char *path, seebatch_training_entry *entries,
                                   entry_list *reference)
{
    read_reference(path, reference);
    size_t count;
    seebatch_error error;
    seebatch_training_place place;
    seebatch_status status = read_file_entries(path, 333, entries, &count, &error, &place);
    CHECK(status == SEEBATCH_OK && count == reference->count, "%s: %zu entries, %zu in arrays",
          path, count, reference->count);
    check_same_entries(path, entries, count, reference);
}

/* A faulty binpack read into structs and into arrays: the same entries,
 * and the same fault at the same place. Each public reading call has its
 * own copy of the binpack reader (the output is a constant of each), so the
 * struct reader's cut-chunk and damaged-chunk paths are held here, not by
 * the arrays' tests. Returns whether the reading faulted. */
static bool compare_struct_fault(const char *path, seebatch_training_entry *entries,
                                 entry_list *reference)
{
    read_reference(path, reference);
    size_t count;
    seebatch_error error;
    seebatch_training_place place = {0, 0};
    seebatch_status status = read_file_entries(path, 100, entries, &count, &error, &place);
    bool faulted = reference->fault.entry != 0;
    CHECK_EQ(status != SEEBATCH_OK, faulted, "%s: structs fault as arrays do", path);
    CHECK_EQ(count, reference->count, "%s: entries before the fault", path);
    CHECK_EQ(place.byte_offset, reference->fault.byte_offset, "%s: the fault's byte", path);
    CHECK_EQ(place.entry, reference->fault.entry, "%s: the fault's entry", path);
    CHECK(!faulted || strcmp(error.message, reference->reason) == 0, "%s: \"%s\" is \"%s\"",
          path, error.message, reference->reason);
    check_same_entries(path, entries, count, reference);
    return faulted;
}

/* A copy of a plain file with the move of some blocks made unreadable. */
static void damage_plain(const char *from, const char *to, const size_t *bad, size_t bad_count)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    char line[512];
    size_t block = 0, next = 0;
    while (in && out && fgets(line, sizeof line, in)) {
        bool damaged = next < bad_count && bad[next] == block;
        if (damaged && strncmp(line, "move ", 5) == 0)
            fputs("move zz", out), fputs(line + 5, out);
        else
            fputs(line, out);
        if (strcmp(line, "e\n") == 0) {
            next += damaged;
            block++;
        }
    }
    if (in)
        fclose(in);
    CHECK(out && fclose(out) == 0, "%s written", to);
}

static void test_struct_reader(const char *directory)
{
    static seebatch_training_entry reference_entries[MAX_ENTRIES], entries[MAX_ENTRIES];
    entry_list reference = {reference_entries, false, 0, 0, {0, 0}, ""};
    char path[512], damaged[512];
    static const seebatch_training_format formats[] = {SEEBATCH_TRAINING_PLAIN,
                                                       SEEBATCH_TRAINING_BIN};
    static const char *const names[] = {"games.plain", "games.bin"};
    for (int f = 0; f < 2; f++) {
        snprintf(path, sizeof path, "%s/%s", directory, names[f]);
        CHECK(write_games(path, formats[f]) > 10000, "%s written", path);
        compare_struct_reading(path, entries, &reference);
    }
    snprintf(path, sizeof path, "%s/games.binpack", directory);
    compare_struct_reading(path, entries, &reference);

    /* The binpack cut inside its chunk, at 200 places (some between two
     * entries, where the decoder alone would see a clean end), and damaged
     * in it: every cut faults, as arrays say. */
    snprintf(damaged, sizeof damaged, "%s/damaged.binpack", directory);
    int faulted = 0, cuts = 0;
    for (long at = 1000; cuts < 200 && damaged_copy(path, damaged, at, -1); at += 211, cuts++)
        faulted += compare_struct_fault(damaged, entries, &reference);
    CHECK_EQ(faulted, cuts, "cut copies that fault when read into structs");
    int damaged_faults = 0;
    for (long at = 9; damaged_copy(path, damaged, at, (int)(at * 37 % 256)); at = at * 2 + 5)
        damaged_faults += compare_struct_fault(damaged, entries, &reference);
    CHECK(damaged_faults > 5, "%d damaged copies fault when read into structs", damaged_faults);

    /* Plain with bad blocks: entry numbers 1, 6, 7, 8, 513, 514 and 2001. */
    snprintf(path, sizeof path, "%s/games.plain", directory);
    snprintf(damaged, sizeof damaged, "%s/damaged.plain", directory);
    static const size_t bad[] = {0, 5, 6, 7, 512, 513, 2000};
    enum { BAD = sizeof bad / sizeof *bad };
    damage_plain(path, damaged, bad, BAD);
    read_reference(path, &reference); /* the whole file's entries */
    static const size_t steps[] = {1, 5, 512, 4096};
    for (size_t s = 0; s < sizeof steps / sizeof *steps; s++) {
        seebatch_training_reader *reader;
        seebatch_error error;
        CHECK(seebatch_training_open(damaged, &reader, &error) == SEEBATCH_OK, "%s",
              error.message);
        skip_log log = {.answer = 1};
        seebatch_training_reader_skip(reader, log_skip, &log);
        size_t count;
        seebatch_status status = read_all_entries(reader, steps[s], entries, &count, &error);
        CHECK(status == SEEBATCH_OK, "skipped blocks end nothing: %s", error.message);
        CHECK_EQ(count, reference.count - BAD, "%zu at a time: the good entries", steps[s]);
        CHECK_EQ(log.calls, BAD, "each bad block told once");
        for (size_t b = 0; b < BAD && b < log.calls; b++)
            CHECK_EQ(log.entries[b], bad[b] + 1, "bad block %zu's number", b);
        char expected[600];
        snprintf(expected, sizeof expected, "%s: line 6, entry 1: move zz", damaged);
        CHECK(strncmp(log.first, expected, strlen(expected)) == 0, "\"%s\" starts \"%s\"",
              log.first, expected);
        size_t differ = 0, k = 0;
        for (size_t i = 0; i < reference.count && k < count; i++) {
            bool skipped = false;
            for (size_t b = 0; b < BAD; b++)
                skipped |= bad[b] == i;
            if (!skipped)
                differ += !same_entry(&entries[k++], &reference.entries[i]);
        }
        CHECK_EQ(differ, 0, "the entries between the bad blocks are the file's");
        seebatch_training_close(reader);
    }

    /* The hook returning 0, and no hook: the reading ends at the first bad
     * block, every entry before it given. */
    for (int answer = 0; answer < 2; answer++) {
        seebatch_training_reader *reader;
        seebatch_error error;
        seebatch_training_open(damaged, &reader, NULL);
        skip_log log = {.answer = 1};
        seebatch_training_reader_skip(reader, log_skip, &log);
        seebatch_training_entry first;
        size_t count;
        /* Skip the first bad block, then refuse the next (answer 0) or
         * take the hook away (answer 1). */
        CHECK(seebatch_training_read_entries(reader, 1, &first, &count, &error) == SEEBATCH_OK &&
                  count == 1 && log.calls == 1,
              "the first bad block passed over");
        log.answer = 0;
        if (answer)
            seebatch_training_reader_skip(reader, NULL, NULL);
        {
            seebatch_status status = read_all_entries(reader, 64, entries, &count, &error);
            CHECK(status == SEEBATCH_ERROR_ARGUMENT && count == 3, "ends at entry 6: %zu before",
                  count);
            CHECK_EQ(seebatch_training_reader_place(reader).entry, 6, "the fault's number");
            CHECK(strncmp(error.message, "line 36, entry 6: ", 18) == 0, "%s", error.message);
        }
        CHECK_EQ(log.calls, answer ? 1 : 2, "the hook asked again only while it was set");
        seebatch_training_close(reader);
    }

    /* From a stream, named as given, left open; a .bin that does not
     * decode ends the reading whatever the hook says. */
    FILE *stream = fopen(damaged, "rb");
    seebatch_training_reader *reader = NULL;
    seebatch_error error;
    CHECK(stream && seebatch_training_open_stream(stream, "the stream", SEEBATCH_TRAINING_PLAIN,
                                                  &reader, &error) == SEEBATCH_OK,
          "a stream opened");
    skip_log log = {.answer = 1};
    seebatch_training_reader_skip(reader, log_skip, &log);
    size_t count;
    CHECK(read_all_entries(reader, 100, entries, &count, &error) == SEEBATCH_OK &&
              count == reference.count - BAD,
          "the stream read");
    CHECK(strncmp(log.first, "the stream: line 6, entry 1: ", 29) == 0, "%s", log.first);
    seebatch_training_close(reader);
    CHECK(stream && fseek(stream, 0, SEEK_SET) == 0 && fgetc(stream) == 'f',
          "the stream is the caller's after seebatch_training_close");
    if (stream)
        fclose(stream);
    snprintf(path, sizeof path, "%s/games.bin", directory);
    snprintf(damaged, sizeof damaged, "%s/damaged.bin", directory);
    CHECK(damaged_copy(path, damaged, 40 * 100 + 3, 0xff), "%s", damaged);
    seebatch_training_open(damaged, &reader, NULL);
    log = (skip_log){.answer = 1};
    seebatch_training_reader_skip(reader, log_skip, &log);
    CHECK(read_all_entries(reader, 64, entries, &count, &error) == SEEBATCH_ERROR_ARGUMENT &&
              count == 100 && log.calls == 0 && strncmp(error.message, "byte 4000, entry 101", 20) == 0,
          "a .bin fault ends the reading: %zu entries, %s", count, error.message);
    seebatch_training_close(reader);

    /* Arguments. */
    reader = (seebatch_training_reader *)&reader;
    CHECK(seebatch_training_open_stream(NULL, "x", SEEBATCH_TRAINING_PLAIN, &reader, &error) ==
                  SEEBATCH_ERROR_ARGUMENT &&
              reader == NULL,
          "NULL stream");
    CHECK(seebatch_training_open_stream(stdin, NULL, SEEBATCH_TRAINING_PLAIN, &reader, &error) ==
              SEEBATCH_ERROR_ARGUMENT,
          "NULL name");
    CHECK(seebatch_training_open_stream(stdin, "x", (seebatch_training_format)7, &reader,
                                        &error) == SEEBATCH_ERROR_ARGUMENT &&
              reader == NULL,
          "no format");
    CHECK(seebatch_training_read_entries(NULL, 1, entries, &count, &error) ==
              SEEBATCH_ERROR_ARGUMENT,
          "NULL reader");
    seebatch_training_reader_skip(NULL, log_skip, &log); /* nothing */
    CHECK(seebatch_training_open_stream(stdin, "x", SEEBATCH_TRAINING_PLAIN, NULL, &error) ==
              SEEBATCH_ERROR_ARGUMENT,
          "NULL reader to open into");
    snprintf(path, sizeof path, "%s/games.plain", directory);
    read_reference(path, &reference);
    CHECK(seebatch_training_open(path, &reader, &error) == SEEBATCH_OK, "%s", error.message);
    static const seebatch_training_arrays no_arrays;
    count = 5;
    CHECK(seebatch_training_read_entries(reader, 1, NULL, &count, &error) ==
                  SEEBATCH_ERROR_ARGUMENT &&
              count == 0,
          "NULL entries: none read");
    CHECK(seebatch_training_read_entries(reader, 1, entries, NULL, &error) ==
              SEEBATCH_ERROR_ARGUMENT,
          "NULL count to read entries into");
    CHECK(seebatch_training_read(reader, 1, &no_arrays, NULL, &error) == SEEBATCH_ERROR_ARGUMENT,
          "NULL count to read arrays into");
    count = 5;
    CHECK(seebatch_training_read(reader, 1, NULL, &count, &error) == SEEBATCH_ERROR_ARGUMENT &&
              count == 0,
          "NULL arrays: none read");
    CHECK(seebatch_training_read(NULL, 1, &no_arrays, NULL, &error) == SEEBATCH_ERROR_ARGUMENT &&
              seebatch_training_read_entries(NULL, 1, entries, NULL, &error) ==
                  SEEBATCH_ERROR_ARGUMENT,
          "NULL reader and count");
    CHECK(seebatch_training_read_entries(reader, 1, entries, &count, &error) == SEEBATCH_OK &&
              count == 1 && same_entry(&entries[0], &reference.entries[0]),
          "the refused calls read nothing: the file's first entry comes next");
    seebatch_training_close(reader);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_entry_readers DIRECTORY [FILE.binpack]\n");
        return 2;
    }
    test_entry_facts();
    test_payload_reader_errors();
    test_payloads(argv[1], argc > 2 ? argv[2] : NULL);
    test_struct_reader(argv[1]);
    return check_finish("test_entry_readers");
}
