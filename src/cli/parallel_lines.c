#define _POSIX_C_SOURCE 200809L
#include "parallel_lines.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "options.h"

enum { CHUNK_LINES = 4096, CHUNK_BYTES = 1 << 20 };

/* A run of input lines copied out of the reader, and what processing them wrote. */
typedef struct chunk {
    text_buffer text;        /* the lines' bytes, back to back */
    size_t offsets[CHUNK_LINES];
    line lines[CHUNK_LINES]; /* text pointers are set after reading */
    size_t count;
    text_buffer out, errors;
    bool all_good;
    const line_job *job;
    void *worker_state;
} chunk;

static bool is_blank(const line *input)
{
    for (size_t i = 0; i < input->length; i++)
        if (input->text[i] != ' ' && input->text[i] != '\t')
            return false;
    return true;
}

/* Fills the chunk from the reader; returns false when the input is exhausted. */
static bool read_chunk(line_reader *reader, chunk *c)
{
    c->count = 0;
    c->text.length = 0;
    line input;
    while (c->count < CHUNK_LINES && c->text.length < CHUNK_BYTES && line_reader_next(reader, &input)) {
        c->offsets[c->count] = c->text.length;
        if (!input.too_long)
            text_buffer_append(&c->text, input.text, input.length);
        c->lines[c->count++] = input;
    }
    for (size_t i = 0; i < c->count; i++)
        if (!c->lines[i].too_long)
            c->lines[i].text = c->text.bytes + c->offsets[i];
    return c->count > 0;
}

static void *process_chunk(void *argument)
{
    chunk *c = argument;
    c->all_good = true;
    for (size_t i = 0; i < c->count; i++) {
        const line *input = &c->lines[i];
        if (input->too_long) {
            text_buffer_printf(&c->errors, "line %lu: longer than %d bytes\n", input->number,
                               LINE_MAX_BYTES);
            c->all_good = false;
        } else if (!is_blank(input) && !c->job->process(input, c->worker_state, &c->out, &c->errors)) {
            c->all_good = false;
        }
    }
    return NULL;
}

typedef struct progress {
    bool shown;
    off_t total_bytes; /* 0 when the input is not a regular file */
    struct timespec start, last;
} progress;

static double seconds_between(struct timespec a, struct timespec b)
{
    return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
}

static void progress_init(progress *p, FILE *input)
{
    struct stat info;
    p->shown = isatty(STDERR_FILENO);
    p->total_bytes = fstat(fileno(input), &info) == 0 && S_ISREG(info.st_mode) ? info.st_size : 0;
    clock_gettime(CLOCK_MONOTONIC, &p->start);
    p->last = p->start;
}

/* Redraws the progress line at most four times a second, after the first second. */
static void progress_update(progress *p, const char *name, unsigned long lines, FILE *input)
{
    if (!p->shown)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (seconds_between(p->start, now) < 1.0 || seconds_between(p->last, now) < 0.25)
        return;
    p->last = now;
    double rate = lines / seconds_between(p->start, now);
    long position = ftell(input);
    if (p->total_bytes > 0 && position >= 0)
        fprintf(stderr, "\rseebatch %s: %3.0f%%  %lu lines  %.0f lines/s ", name,
                100.0 * (double)position / (double)p->total_bytes, lines, rate);
    else
        fprintf(stderr, "\rseebatch %s: %lu lines  %.0f lines/s ", name, lines, rate);
}

static void progress_finish(const progress *p)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (p->shown && seconds_between(p->start, now) >= 1.0)
        fputs("\r\033[K", stderr);
}

/* Processes the filled chunks, chunk 0 on this thread and the others on
 * threads of their own (or here too, if no thread can be made). */
static void process_round(chunk *chunks, int filled, pthread_t *ids)
{
    int spawned = 1;
    for (; spawned < filled; spawned++)
        if (pthread_create(&ids[spawned], NULL, process_chunk, &chunks[spawned]) != 0)
            break;
    process_chunk(&chunks[0]);
    for (int i = 1; i < filled; i++) {
        if (i < spawned)
            pthread_join(ids[i], NULL);
        else
            process_chunk(&chunks[i]);
    }
}

/* Writes the chunks' output in input order; returns whether all lines were good. */
static bool write_round(chunk *chunks, int filled, FILE *output, unsigned long *lines)
{
    bool all_good = true;
    for (int i = 0; i < filled; i++) {
        text_buffer_flush(&chunks[i].out, output);
        text_buffer_flush(&chunks[i].errors, stderr);
        all_good = all_good && chunks[i].all_good;
        *lines += chunks[i].count;
    }
    return all_good;
}

static void *allocate(size_t count, size_t size)
{
    void *memory = calloc(count, size);
    if (!memory) {
        fputs("seebatch: out of memory\n", stderr);
        exit(EXIT_RESOURCE_FAILURE);
    }
    return memory;
}

line_job_result run_line_job(const line_job *job)
{
    int threads = job->threads;
    line_reader *reader = allocate(1, sizeof *reader);
    chunk *chunks = allocate((size_t)threads, sizeof *chunks);
    pthread_t *ids = allocate((size_t)threads, sizeof *ids);
    line_reader_init(reader, job->input);
    progress meter;
    progress_init(&meter, job->input);
    bool all_good = true;
    unsigned long lines = 0;
    for (;;) {
        int filled = 0;
        while (filled < threads && read_chunk(reader, &chunks[filled])) {
            chunks[filled].job = job;
            chunks[filled].worker_state = job->worker_states[filled];
            filled++;
        }
        if (filled == 0)
            break;
        process_round(chunks, filled, ids);
        all_good = write_round(chunks, filled, job->output, &lines) && all_good;
        progress_update(&meter, job->name, lines, job->input);
    }
    progress_finish(&meter);
    int read_error = reader->read_error;
    for (int i = 0; i < threads; i++) {
        text_buffer_free(&chunks[i].text);
        text_buffer_free(&chunks[i].out);
        text_buffer_free(&chunks[i].errors);
    }
    free(chunks);
    free(ids);
    free(reader);
    if (read_error) {
        fprintf(stderr, "seebatch %s: cannot read the input: %s\n", job->name, strerror(read_error));
        return LINES_UNREADABLE;
    }
    return all_good ? LINES_ALL_GOOD : LINES_SOME_BAD;
}
