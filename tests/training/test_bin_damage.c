/* Damaged .bin entries read through the public reader: the games (a
 * binpack made by make_training_games) written as .bin, then copies with a
 * few bytes of one entry overwritten, at places and with patterns that vary
 * over the copies (the kings, the pieces, the castling and en passant
 * bits, the counters, the move, the result). Each copy either reads whole
 * (the damage decoded as another entry) or stops at a fault placed at the
 * damaged entry (its byte and its number), with every entry before it as
 * the undamaged file gives it and a message "byte B, entry E: what is wrong". Enough
 * copies must stop that the decoder's checks are met.
 * Usage: test_bin_damage DIRECTORY GAMES.binpack */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "seebatch_training.h"

enum { ENTRY_BYTES = 40, MAX_ENTRIES = 1 << 16 };

typedef struct entries {
    seebatch_board *boards;
    uint16_t *moves, *plies;
    int16_t *scores;
    int8_t *results;
    seebatch_training_arrays arrays;
    size_t count;
    seebatch_training_place fault; /* {0, 0}: read to the end */
    char message[SEEBATCH_MESSAGE_SIZE];
} entries;

static bool make_entries(entries *e)
{
    memset(e, 0, sizeof *e);
    e->boards = malloc(MAX_ENTRIES * sizeof *e->boards);
    e->moves = malloc(MAX_ENTRIES * sizeof *e->moves);
    e->plies = malloc(MAX_ENTRIES * sizeof *e->plies);
    e->scores = malloc(MAX_ENTRIES * sizeof *e->scores);
    e->results = malloc(MAX_ENTRIES * sizeof *e->results);
    e->arrays = (seebatch_training_arrays){e->boards, e->moves, e->scores, e->plies, e->results};
    return e->boards && e->moves && e->plies && e->scores && e->results;
}

static void free_entries(entries *e)
{
    free(e->boards), free(e->moves), free(e->plies), free(e->scores), free(e->results);
}

/* Every entry of path (up to MAX_ENTRIES), and the fault that ended it. */
static seebatch_status read_all(const char *path, entries *e)
{
    seebatch_error error = {SEEBATCH_OK, ""};
    seebatch_training_reader *reader = NULL;
    seebatch_status status = seebatch_training_open(path, &reader, &error);
    e->count = 0;
    e->fault = (seebatch_training_place){0, 0};
    while (status == SEEBATCH_OK && e->count < MAX_ENTRIES && !seebatch_training_at_end(reader)) {
        seebatch_training_arrays at = {e->boards + e->count, e->moves + e->count,
                                       e->scores + e->count, e->plies + e->count,
                                       e->results + e->count};
        size_t got = 0, want = MAX_ENTRIES - e->count;
        status = seebatch_training_read(reader, want < 1000 ? want : 1000, &at, &got, &error);
        e->count += got;
    }
    if (reader)
        e->fault = seebatch_training_reader_place(reader);
    seebatch_training_close(reader);
    snprintf(e->message, sizeof e->message, "%s", error.message);
    return status;
}

static bool same_entry(const entries *a, const entries *b, size_t i)
{
    return memcmp(&a->boards[i], &b->boards[i], sizeof a->boards[i]) == 0 &&
           a->moves[i] == b->moves[i] && a->scores[i] == b->scores[i] &&
           a->plies[i] == b->plies[i] && a->results[i] == b->results[i];
}

/* The games as .bin in path; how many entries. */
static size_t write_bin(const char *games, const char *path, entries *e)
{
    CHECK(read_all(games, e) == SEEBATCH_OK && e->count > 100, "%s: %s (%zu entries)", games,
          e->message, e->count);
    seebatch_error error = {SEEBATCH_OK, ""};
    seebatch_training_writer *writer = NULL;
    CHECK(seebatch_training_create(path, SEEBATCH_FILE_BIN, 0, &writer, &error) ==
                  SEEBATCH_OK &&
              seebatch_training_write(writer, e->count, &e->arrays, NULL, &error) == SEEBATCH_OK &&
              seebatch_training_finish(writer, &error) == SEEBATCH_OK,
          "%s: %s", path, error.message);
    return e->count;
}

/* Castling moves whose squares Stockfish's encoding never gives (the king
 * takes its rook: from e1 or e8, to a corner of the same rank), put in the
 * move of the first entry (bytes 34 and 35, little-endian, type 3 in the top
 * two bits): each copy stops at that entry, naming the squares. */
static void castling_codes_refused(unsigned char *bytes, size_t count, const char *damaged,
                                   entries *read)
{
    static const unsigned squares[][2] = {
        {5, 7},   /* from f1, not the king's square */
        {4, 63},  /* to h8, another rank */
        {60, 61}, /* to f8, no corner */
        {4, 5},   /* to f1, no corner */
    };
    unsigned char kept[2];
    memcpy(kept, bytes + 34, 2);
    for (size_t c = 0; c < sizeof squares / sizeof squares[0]; c++) {
        unsigned packed = 3u << 14 | squares[c][0] << 6 | squares[c][1];
        bytes[34] = (unsigned char)(packed & 0xFF);
        bytes[35] = (unsigned char)(packed >> 8);
        FILE *out = fopen(damaged, "wb");
        CHECK(out && fwrite(bytes, ENTRY_BYTES, count, out) == count && fclose(out) == 0,
              "%s written", damaged);
        char expected[96];
        snprintf(expected, sizeof expected, "byte 0, entry 1: a castling move from square %u to %u",
                 squares[c][0], squares[c][1]);
        seebatch_status status = read_all(damaged, read);
        CHECK(status != SEEBATCH_OK && read->count == 0 && read->fault.entry == 1 &&
                  strstr(read->message, expected) != NULL,
              "castling %u to %u: \"%s\" (%zu entries), not \"%s\"", squares[c][0], squares[c][1],
              read->message, read->count, expected);
    }
    memcpy(bytes + 34, kept, 2);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_bin_damage DIRECTORY GAMES.binpack\n");
        return 2;
    }
    char good[4200], damaged[4200];
    snprintf(good, sizeof good, "%s/good.bin", argv[1]);
    snprintf(damaged, sizeof damaged, "%s/damaged.bin", argv[1]);
    entries right, read;
    if (!make_entries(&right) || !make_entries(&read))
        return 3;
    size_t count = write_bin(argv[2], good, &right);
    CHECK(read_all(good, &right) == SEEBATCH_OK && right.count == count,
          "%s reads back whole: %s (%zu of %zu)", good, right.message, right.count, count);
    FILE *file = fopen(good, "rb");
    unsigned char *bytes = malloc(count * ENTRY_BYTES);
    CHECK(file && bytes && fread(bytes, ENTRY_BYTES, count, file) == count, "%s read", good);
    if (file)
        fclose(file);
    if (bytes)
        castling_codes_refused(bytes, count, damaged, &read);
    /* Patterns over a few bytes: all ones, all zeros, alternating bits. */
    static const unsigned char patterns[][3] = {{0xFF, 0xFF, 0xFF}, {0, 0, 0}, {0x55, 0xAA, 0x55},
                                                {0x0F, 0xF0, 0x3C}, {0x81, 0x42, 0x24}};
    int copies = 0, faults = 0;
    for (size_t k = 0; bytes && k < (size_t)scaled(600); k++, copies++) {
        size_t entry = (k * 7919) % count, at = k % ENTRY_BYTES;
        size_t length = 1 + k % 3 <= ENTRY_BYTES - at ? 1 + k % 3 : ENTRY_BYTES - at;
        unsigned char *place = bytes + entry * ENTRY_BYTES + at, kept[3];
        memcpy(kept, place, length);
        memcpy(place, patterns[k / ENTRY_BYTES % 5], length);
        FILE *out = fopen(damaged, "wb");
        CHECK(out && fwrite(bytes, ENTRY_BYTES, count, out) == count && fclose(out) == 0,
              "%s written", damaged);
        memcpy(place, kept, length);
        seebatch_status status = read_all(damaged, &read);
        size_t same = 0;
        while (same < read.count && same < count && same_entry(&read, &right, same))
            same++;
        if (status == SEEBATCH_OK) {
            CHECK(read.count == count && same >= entry,
                  "copy %zu (entry %zu, byte %zu): read whole but %zu entries, %zu as before",
                  k, entry, at, read.count, same);
            continue;
        }
        faults++;
        CHECK(read.fault.entry == entry + 1 && read.fault.byte_offset == entry * ENTRY_BYTES,
              "copy %zu (entry %zu, byte %zu): the fault at byte %llu, entry %llu: %s", k, entry,
              at, (unsigned long long)read.fault.byte_offset,
              (unsigned long long)read.fault.entry, read.message);
        CHECK(read.count == entry && same == entry,
              "copy %zu: %zu entries before the fault (%zu as before), not %zu", k, read.count,
              same, entry);
        char place_text[64];
        int length_of_place = snprintf(place_text, sizeof place_text, "byte %zu, entry %zu: ",
                                       entry * ENTRY_BYTES, entry + 1);
        CHECK(strncmp(read.message, place_text, (size_t)length_of_place) == 0 &&
                  strlen(read.message) > (size_t)length_of_place + 10,
              "copy %zu: \"%s\" is not \"%swhat is wrong\"", k, read.message, place_text);
    }
    printf("test_bin_damage: %zu entries; %d damaged copies, %d stopped at the damaged entry\n",
           count, copies, faults);
    CHECK(faults >= copies / 4, "the decoder's checks are met: %d faults in %d copies", faults,
          copies);
    free(bytes);
    free_entries(&right);
    free_entries(&read);
    remove(good);
    remove(damaged);
    return check_finish("test_bin_damage");
}
