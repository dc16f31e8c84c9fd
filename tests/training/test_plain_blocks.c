/* Bad blocks of plain text passed over by a run told to skip them
 * (seebatch_run.skip), through the public header only: a block
 * lacking its move, score, ply or result; a number out of range, empty or with
 * letters after it; and, after a bad line, the rest of its block read to
 * its "e" line past a line too long to be read whole and an "e" followed
 * by a NUL byte (which ends no block). Each is told to skip with its reason
 * and the number the entry would have, and the good blocks around them are
 * given to the work with their numbers, on one thread and on two. */
#include <stdio.h>
#include <stdlib.h>
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

/* The entries the work was given, in file order: their scores and numbers. */
typedef struct given {
    int count;
    int scores[4];
    unsigned long long numbers[4];
} given;

/* A portion's own: the first numbers of its blocks' entries and their scores. */
typedef struct noted {
    int count;
    int scores[4];
    unsigned long long firsts[4];
} noted;

static void *note_new(void *context)
{
    (void)context;
    return calloc(1, sizeof(noted));
}

static void note_free(void *context, void *state)
{
    (void)context;
    free(state);
}

static void note_block(void *context, const seebatch_portion *portion)
{
    (void)context;
    noted *mine = portion->state;
    if (portion->begins)
        mine->count = 0;
    for (size_t i = 0; i < portion->count && mine->count < 4; i++, mine->count++) {
        mine->scores[mine->count] = portion->entries[i].score;
        mine->firsts[mine->count] = portion->first + i;
    }
}

static int note_deliver(void *context, const seebatch_portion *portion)
{
    given *got = context;
    const noted *mine = portion->state;
    for (int i = 0; i < mine->count && got->count < 4; i++, got->count++) {
        got->scores[got->count] = mine->scores[i];
        got->numbers[got->count] = portion->before + mine->firsts[i] + 1;
    }
    return 0;
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
    for (unsigned threads = 1; threads <= 2; threads++) {
        FILE *stream = stream_of(text, (size_t)size);
        if (!stream)
            return check_finish("test_plain_blocks");
        skips told = {0};
        given got = {0};
        seebatch_run run;
        memset(&run, 0, sizeof run);
        run.input = "blocks";
        run.input_stream = stream;
        run.format = SEEBATCH_FILE_PLAIN;
        run.threads = threads;
        run.work = (seebatch_work){&got, note_new, note_free, note_block, note_deliver};
        run.skip = note_skip;
        run.skip_context = &told;
        seebatch_error error = spoiled();
        CHECK_EQ(seebatch_training_run(&run, &error), SEEBATCH_OK, "%s", error.message);
        CHECK_EQ(got.count, 2, "the good blocks given");
        CHECK(got.count == 2 && got.scores[0] == 10 && got.scores[1] == -20 &&
                  got.numbers[0] == 1 && got.numbers[1] == 10,
              "the good blocks' entries and numbers: %llu, %llu", got.numbers[0], got.numbers[1]);
        CHECK_EQ(run.entries, 10, "every entry delivered, those skipped counted");
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
            CHECK(strstr(told.messages[i], reasons[i]) &&
                      strncmp(told.messages[i], "blocks: ", 8) == 0,
                  "skip %d: \"%s\", not \"%s\"", i, told.messages[i], reasons[i]);
            CHECK_EQ(told.entries[i], (unsigned long long)i + 2, "skip %d: the entry's number", i);
        }
        fclose(stream);
    }
    return check_finish("test_plain_blocks");
}
