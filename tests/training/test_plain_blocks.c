/* Bad blocks of plain text skipped by a reader told to skip them
 * (seebatch_training_reader_skip), through the public header only: a block
 * lacking its move, score, ply or result; a number out of range, empty or with
 * letters after it; and, after a bad line, the rest of its block read to
 * its "e" line past a line too long to be read whole and an "e" followed
 * by a NUL byte (which ends no block). Each is told to skip with its reason
 * and the number the entry would have, and the good blocks around them are
 * read. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "error_checks.h"
#include "seebatch_training.h"

#define START "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nmove e2e4\n"

/* The skips told: their reasons and the entry numbers. */
typedef struct skips {
    int count;
    char messages[10][SEEBATCH_MESSAGE_SIZE];
    unsigned long long entries[10];
} skips;

static int note_skip(void *context, const seebatch_training_place *place, const char *message)
{
    skips *s = context;
    if (s->count < 10) {
        snprintf(s->messages[s->count], sizeof s->messages[0], "%s", message);
        s->entries[s->count] = (unsigned long long)place->entry;
    }
    s->count++;
    return 1;
}

/* The text as a stream (a temporary file: memory streams are not C11). */
static FILE *stream_of(const char *text, size_t size)
{
    FILE *stream = tmpfile();
    CHECK(stream && fwrite(text, 1, size, stream) == size && fseek(stream, 0, SEEK_SET) == 0,
          "a temporary stream");
    return stream;
}

int main(void)
{
    char long_line[700];
    memset(long_line, 'x', sizeof long_line - 1);
    long_line[sizeof long_line - 1] = '\0';
    char text[4096];
    int size =
        snprintf(text, sizeof text,
                 START "score 10\nply 0\nresult 0\ne\n"           /* 1: good */
                 START "ply 0\nresult 0\ne\n"                     /* 2 */
                 START "score 10\nresult 0\ne\n"                  /* 3 */
                 START "score 99999999999999999999\n%s\ne%c\ne\n" /* 4 */
                 START "score \nply 0\nresult 0\ne\n"             /* 5 */
                 START "score 10\nply 12x\nresult 0\ne\n"         /* 6 */
                 START "score 40000\nply 0\nresult 0\ne\n"        /* 7 */
                       "fen 8/8/8/8/8/8/8/K6k w - - 0 1\nscore 0\nply 0\nresult 0\ne\n" /* 8 */
                 START "score 10\nply 0\ne\n"                                           /* 9 */
                 START "score -20\nply 1\nresult 1\ne\n", /* 10: good */
                 long_line, '\0');
    /* snprintf writes the NUL of %c and goes on: size counts every byte. */
    CHECK(size > 0 && (size_t)size < sizeof text, "the text made");
    FILE *stream = stream_of(text, (size_t)size);
    if (!stream)
        return check_finish("test_plain_blocks");
    seebatch_training_reader *reader = NULL;
    seebatch_error error = spoiled();
    CHECK_EQ(
        seebatch_training_open_stream(stream, "blocks", SEEBATCH_TRAINING_PLAIN, &reader, &error),
        SEEBATCH_OK, "%s", error.message);
    skips told = {0};
    seebatch_training_reader_skip(reader, note_skip, &told);
    seebatch_training_entry entries[8];
    size_t count = 0;
    CHECK_EQ(seebatch_training_read_entries(reader, 8, entries, &count, &error), SEEBATCH_OK, "%s",
             error.message);
    CHECK_EQ(count, 2, "the good blocks read");
    CHECK(count == 2 && entries[0].score == 10 && entries[1].score == -20 && entries[1].ply == 1,
          "the good blocks' entries");
    static const char *const reasons[] = {
        "entry 2: the entry ending here lacks score",
        "entry 3: the entry ending here lacks ply",
        "entry 4: score needs a whole number -32768..32767, not \"99999999999999999999\"",
        "entry 5: score needs a whole number -32768..32767, not \"\"",
        "entry 6: ply needs a whole number 0..65535, not \"12x\"",
        "entry 7: score needs a whole number -32768..32767, not \"40000\"",
        "entry 8: the entry ending here lacks move",
        "entry 9: the entry ending here lacks result",
    };
    CHECK_EQ(told.count, 8, "the bad blocks told");
    for (int i = 0; i < 8 && i < told.count; i++) {
        CHECK(strstr(told.messages[i], reasons[i]) && strncmp(told.messages[i], "blocks: ", 8) == 0,
              "skip %d: \"%s\", not \"%s\"", i, told.messages[i], reasons[i]);
        CHECK_EQ(told.entries[i], (unsigned long long)i + 2, "skip %d: the entry's number", i);
    }
    seebatch_training_close(reader);
    fclose(stream);
    return check_finish("test_plain_blocks");
}
