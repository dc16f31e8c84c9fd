#define _POSIX_C_SOURCE 200809L
#include "parallel_lines.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

enum { CHUNK_LINES = 4096, CHUNK_BYTES = 1 << 20 };

/* A run of input lines copied out of the reader, and what processing them wrote. */
typedef struct chunk {
    text_buffer text; /* the lines' bytes, back to back */
    line lines[CHUNK_LINES]; /* their texts in `text` */
    size_t count;
    unsigned long long bytes; /* of the input, line ends included (for progress) */
    text_buffer out, errors;
    bool all_good;
} chunk;

static bool is_blank(const line *input)
{
    for (size_t i = 0; i < input->length; i++)
        if (input->text[i] != ' ' && input->text[i] != '\t')
            return false;
    return true;
}

/* Fills the chunk from the reader; returns false when the input is exhausted.
 * The chunk's text is made big enough for its lines once (its byte budget
 * and one more line), so each line is copied with no test of room and its
 * text pointer set as it comes. */
static bool read_chunk(line_reader *reader, chunk *c)
{
    c->count = 0;
    c->text.length = 0;
    char *text = text_buffer_reserve(&c->text, CHUNK_BYTES + LINE_MAX_BYTES);
    size_t length = 0;
    unsigned long long consumed = line_reader_consumed(reader);
    line input;
    while (c->count < CHUNK_LINES && length < CHUNK_BYTES && line_reader_next(reader, &input)) {
        if (!input.too_long) {
            memcpy(text + length, input.text, input.length);
            input.text = text + length;
            length += input.length;
        }
        c->lines[c->count++] = input;
    }
    c->text.length = length;
    c->bytes = line_reader_consumed(reader) - consumed;
    return c->count > 0;
}

static void process_chunk(chunk *c, const line_job *job, void *worker_state)
{
    c->all_good = true;
    for (size_t i = 0; i < c->count; i++) {
        const line *input = &c->lines[i];
        if (input->too_long) {
            text_buffer_printf(&c->errors, "line %lu: longer than %d bytes\n", input->number,
                               LINE_MAX_BYTES);
            c->all_good = false;
        } else if (!is_blank(input) && !job->process(input, worker_state, &c->out, &c->errors)) {
            c->all_good = false;
        }
    }
    if (job->finish_chunk)
        job->finish_chunk(worker_state, &c->out);
}

/*
 * The pipeline: the main thread reads chunks into free slots and writes done
 * slots in input order; worker threads take filled slots in order and
 * process them. Chunk number n lives in slot n % slot_count, so at most
 * slot_count chunks are in memory and reading overlaps processing.
 */
typedef enum slot_state { SLOT_FREE, SLOT_FILLED, SLOT_TAKEN, SLOT_DONE } slot_state;

typedef struct pipeline {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    chunk *slots;
    slot_state *states;
    size_t slot_count;
    size_t taken;  /* chunks workers have taken */
    size_t filled; /* chunks read */
    bool input_done;
    const line_job *job;
} pipeline;

typedef struct worker {
    pipeline *pipe;
    void *state;
} worker;

/* Takes the next filled chunk, or returns false when there will be none. */
static bool take_chunk(pipeline *pipe, size_t *number)
{
    pthread_mutex_lock(&pipe->lock);
    while (pipe->taken == pipe->filled && !pipe->input_done)
        pthread_cond_wait(&pipe->changed, &pipe->lock);
    bool got = pipe->taken < pipe->filled;
    if (got) {
        *number = pipe->taken++;
        pipe->states[*number % pipe->slot_count] = SLOT_TAKEN;
    }
    pthread_mutex_unlock(&pipe->lock);
    return got;
}

static void set_state(pipeline *pipe, size_t number, slot_state state)
{
    pthread_mutex_lock(&pipe->lock);
    pipe->states[number % pipe->slot_count] = state;
    if (number >= pipe->filled) /* a new chunk: only the reading thread gets here */
        pipe->filled = number + 1;
    pthread_cond_broadcast(&pipe->changed);
    pthread_mutex_unlock(&pipe->lock);
}

static void *work(void *argument)
{
    worker *self = argument;
    pipeline *pipe = self->pipe;
    size_t number;
    while (take_chunk(pipe, &number)) {
        process_chunk(&pipe->slots[number % pipe->slot_count], pipe->job, self->state);
        set_state(pipe, number, SLOT_DONE);
    }
    return NULL;
}

static void wait_until_done(pipeline *pipe, size_t number)
{
    pthread_mutex_lock(&pipe->lock);
    while (pipe->states[number % pipe->slot_count] != SLOT_DONE)
        pthread_cond_wait(&pipe->changed, &pipe->lock);
    pthread_mutex_unlock(&pipe->lock);
}

static void finish_input(pipeline *pipe)
{
    pthread_mutex_lock(&pipe->lock);
    pipe->input_done = true;
    pthread_cond_broadcast(&pipe->changed);
    pthread_mutex_unlock(&pipe->lock);
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

/* Writes a processed chunk; returns false when the output failed. Bad
 * lines clear *all_good. */
static bool write_chunk(chunk *c, FILE *output, bool *all_good)
{
    bool written = text_buffer_flush(&c->out, output);
    write_error_lines(c->errors.bytes, c->errors.length);
    c->errors.length = 0;
    *all_good = *all_good && c->all_good;
    return written;
}

/* Reads chunks into the free slots ahead of the writer. */
static void fill_slots(pipeline *pipe, line_reader *reader, size_t written, int workers_running)
{
    while (!pipe->input_done && pipe->filled - written < pipe->slot_count) {
        size_t number = pipe->filled;
        chunk *c = &pipe->slots[number % pipe->slot_count];
        if (!read_chunk(reader, c)) {
            finish_input(pipe);
            break;
        }
        if (workers_running == 0) /* no thread could be made: work here */
            process_chunk(c, pipe->job, pipe->job->worker_states[0]);
        set_state(pipe, number, workers_running ? SLOT_FILLED : SLOT_DONE);
    }
}

/* Reads, hands out and writes every chunk. A failed write ends the run at
 * once: reading on would only compute what cannot be kept. The workers
 * finish the chunks already read and stop. */
static line_job_result run_pipeline(pipeline *pipe, line_reader *reader, int workers_running)
{
    bool all_good = true;
    size_t written = 0;
    for (;;) {
        fill_slots(pipe, reader, written, workers_running);
        if (written == pipe->filled && pipe->input_done)
            break;
        wait_until_done(pipe, written);
        chunk *c = &pipe->slots[written % pipe->slot_count];
        if (!write_chunk(c, pipe->job->output, &all_good)) {
            finish_input(pipe);
            return LINES_UNWRITABLE;
        }
        progress_add(pipe->job->progress, c->count, c->bytes);
        set_state(pipe, written++, SLOT_FREE);
    }
    return all_good ? LINES_ALL_GOOD : LINES_SOME_BAD;
}

line_job_result run_line_job(const line_job *job)
{
    int threads = job->threads;
    pipeline pipe = {.slot_count = 2 * (size_t)threads, .job = job};
    pthread_mutex_init(&pipe.lock, NULL);
    pthread_cond_init(&pipe.changed, NULL);
    pipe.slots = allocate(pipe.slot_count, sizeof *pipe.slots);
    pipe.states = allocate(pipe.slot_count, sizeof *pipe.states);
    worker *workers = allocate((size_t)threads, sizeof *workers);
    pthread_t *ids = allocate((size_t)threads, sizeof *ids);
    line_reader *reader = allocate(1, sizeof *reader);
    line_reader_init(reader, job->input);

    int running = 0;
    for (int t = 0; t < threads; t++) {
        workers[t] = (worker){&pipe, job->worker_states[t]};
        if (pthread_create(&ids[running], NULL, work, &workers[t]) == 0)
            running++;
    }
    line_job_result result = run_pipeline(&pipe, reader, running);
    for (int t = 0; t < running; t++)
        pthread_join(ids[t], NULL);

    int read_error = reader->read_error;
    for (size_t i = 0; i < pipe.slot_count; i++) {
        text_buffer_free(&pipe.slots[i].text);
        text_buffer_free(&pipe.slots[i].out);
        text_buffer_free(&pipe.slots[i].errors);
    }
    free(pipe.slots);
    free(pipe.states);
    free(workers);
    free(ids);
    free(reader);
    pthread_mutex_destroy(&pipe.lock);
    pthread_cond_destroy(&pipe.changed);
    if (read_error && result != LINES_UNWRITABLE) {
        report(job->name, "cannot read %s: %s", job->input_name, strerror(read_error));
        return LINES_UNREADABLE;
    }
    return result;
}
