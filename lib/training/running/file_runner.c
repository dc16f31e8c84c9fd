/* The one runner over a file's portions (file_runner.h): the calling thread
 * reads portions into a ring of slots and delivers them in order; a pool of
 * workers runs their parts as they come. */
#include "file_runner.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/chain_start.h"
#include "portion_reading.h"
#include "training/training_internal.h"

/* Workers, at most. */
enum { RUNNER_THREADS_MAX = 256 };

/* A portion read, its parts and how its reading ended. */
typedef struct runner_slot {
    file_portion portion;
    read_outcome read;
    bool has_portion;   /* read.portion, and it was published (its parts are runs) */
    bool no_memory;     /* its parts' states could not be made */
    runner_part *parts; /* part_capacity of them, their states kept */
    size_t part_count, part_capacity;
    size_t parts_left; /* not yet run (guarded by the runner's lock) */
} runner_slot;

/* A part to run and the slot it is of. */
typedef struct runner_task {
    runner_slot *slot;
    runner_part *part;
} runner_task;

typedef struct runner {
    runner_job *job;
    portion_reader reader;
    runner_slot *slots;
    size_t slot_count;
    uint64_t read, delivered; /* slots read and delivered, counted from the start */
    bool input_over;          /* nothing more will be read */
    runner_slot *pending;     /* read, its cut not decided until the next read says more */
    uint64_t entries;         /* delivered */
    /* The pool: workers take tasks from the queue in order. */
    unsigned workers;
    pthread_t *threads;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    runner_task *queue; /* a ring of queue_capacity */
    size_t queue_capacity, queue_head, queue_length;
    size_t running; /* tasks taken and not finished */
    bool stopping;
} runner;

/* ------------------------------------------------------------------------ */
/* The pool                                                                 */
/* ------------------------------------------------------------------------ */

static void *seebatch_runner_worker(void *argument)
{
    runner *r = argument;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->queue_length && !r->stopping)
            pthread_cond_wait(&r->changed, &r->lock);
        if (!r->queue_length)
            break;
        runner_task task = r->queue[r->queue_head];
        r->queue_head = (r->queue_head + 1) % r->queue_capacity;
        r->queue_length--;
        r->running++;
        pthread_mutex_unlock(&r->lock);
        r->job->work.run(r->job->work.context, task.part);
        pthread_mutex_lock(&r->lock);
        r->running--;
        task.slot->parts_left--;
        pthread_cond_broadcast(&r->changed);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* Starts up to job->threads workers (fewer when the system refuses some:
 * with none, the calling thread runs every part). */
static void seebatch_runner_start_pool(runner *r)
{
    unsigned wanted = r->job->threads > RUNNER_THREADS_MAX ? RUNNER_THREADS_MAX : r->job->threads;
    if (wanted < 2)
        return;
    r->threads = malloc(wanted * sizeof *r->threads);
    r->queue_capacity = r->slot_count * wanted;
    r->queue = malloc(r->queue_capacity * sizeof *r->queue);
    if (!r->threads || !r->queue)
        return;
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->changed, NULL);
    while (r->workers < wanted &&
           pthread_create(&r->threads[r->workers], NULL, seebatch_runner_worker, r) == 0)
        r->workers++;
    if (!r->workers) {
        pthread_cond_destroy(&r->changed);
        pthread_mutex_destroy(&r->lock);
    }
}

/* Ends the pool: tasks not taken are dropped, those running finish. */
static void seebatch_runner_end_pool(runner *r)
{
    if (r->workers) {
        pthread_mutex_lock(&r->lock);
        r->stopping = true;
        r->queue_length = 0;
        pthread_cond_broadcast(&r->changed);
        pthread_mutex_unlock(&r->lock);
        for (unsigned w = 0; w < r->workers; w++)
            pthread_join(r->threads[w], NULL);
        pthread_cond_destroy(&r->changed);
        pthread_mutex_destroy(&r->lock);
    }
    free(r->threads);
    free(r->queue);
}

/* ------------------------------------------------------------------------ */
/* Publishing a portion: its parts made and handed to the pool               */
/* ------------------------------------------------------------------------ */

/* Parts for up to `want` of the slot, their states made like the first's;
 * returns how many it has (fewer when memory runs out). */
static size_t seebatch_runner_reserve_parts(runner *r, runner_slot *slot, size_t want)
{
    const runner_work *work = &r->job->work;
    if (want > slot->part_capacity) {
        runner_part *grown = realloc(slot->parts, want * sizeof *grown);
        if (grown) {
            memset(grown + slot->part_capacity, 0, (want - slot->part_capacity) * sizeof *grown);
            slot->parts = grown;
            for (; slot->part_capacity < want; slot->part_capacity++) {
                runner_part *part = &slot->parts[slot->part_capacity];
                part->state = work->state_new ? work->state_new(work->context) : NULL;
                if (work->state_new && !part->state)
                    break;
            }
        }
    }
    return want < slot->part_capacity ? want : slot->part_capacity;
}

static void seebatch_runner_set_part(runner_slot *slot, runner_part *part, size_t start, size_t end)
{
    const file_portion *portion = &slot->portion;
    part->portion = portion;
    part->start = start;
    part->end = end;
    part->entries = portion->kind == PORTION_ENTRIES ? portion->entry_count + portion->skipped
                    : portion->kind == PORTION_LINES ? portion->line_count
                                                     : 0;
    part->in_order = part->faulted = part->out_of_memory = false;
    part->fault_byte = 0;
    part->reason[0] = '\0';
}

/* The slot's portion cut in up to `parts` parts (a chunk, where the work
 * allows it), each started where a chain seems to start. */
static void seebatch_runner_cut(runner *r, runner_slot *slot, size_t parts)
{
    size_t starts[RUNNER_THREADS_MAX];
    size_t count = 1;
    starts[0] = 0;
    if (parts > 1 && slot->portion.kind == PORTION_CHUNK && r->job->work.cuttable)
        count = seebatch_binpack_cut_payload(
            slot->portion.bytes, slot->portion.size,
            parts > RUNNER_THREADS_MAX ? RUNNER_THREADS_MAX : parts, starts);
    count = seebatch_runner_reserve_parts(r, slot, count);
    slot->no_memory = count == 0;
    for (size_t k = 0; k < count; k++)
        seebatch_runner_set_part(slot, &slot->parts[k], starts[k],
                                 k + 1 < count ? starts[k + 1] : slot->portion.size);
    slot->part_count = count;
}

/* Makes the slot's parts (up to `parts`) and runs them: on the pool, or
 * here when there is none. */
static void seebatch_runner_publish(runner *r, runner_slot *slot, size_t parts)
{
    slot->has_portion = slot->read.portion;
    slot->part_count = 0;
    if (slot->has_portion)
        seebatch_runner_cut(r, slot, parts);
    if (!r->workers) {
        for (size_t k = 0; k < slot->part_count; k++) {
            slot->parts[k].in_order = true;
            r->job->work.run(r->job->work.context, &slot->parts[k]);
        }
        slot->parts_left = 0;
        return;
    }
    pthread_mutex_lock(&r->lock);
    slot->parts_left = slot->part_count;
    for (size_t k = 0; k < slot->part_count; k++) {
        size_t at = (r->queue_head + r->queue_length++) % r->queue_capacity;
        r->queue[at] = (runner_task){slot, &slot->parts[k]};
    }
    pthread_cond_broadcast(&r->changed);
    pthread_mutex_unlock(&r->lock);
}

/* The parts the last chunk is cut in: one for each worker with nothing
 * to do once the tasks queued and running end (at least one). */
static size_t seebatch_runner_idle_parts(runner *r)
{
    pthread_mutex_lock(&r->lock);
    size_t busy = r->queue_length + r->running;
    pthread_mutex_unlock(&r->lock);
    return busy + 1 < r->workers ? r->workers - busy : 1;
}

/* ------------------------------------------------------------------------ */
/* Reading ahead                                                            */
/* ------------------------------------------------------------------------ */

/* Reads the next portion into the next slot and publishes what may be. A
 * chunk waits for the read after it: when that read ends the input, the
 * chunk is the last and is cut for the workers left idle. */
static void seebatch_runner_read_next(runner *r)
{
    runner_slot *slot = &r->slots[r->read++ % r->slot_count];
    slot->read = seebatch_read_portion(&r->reader, &slot->portion);
    slot->has_portion = false;
    r->input_over = slot->read.end != READ_ON;
    bool delays = r->workers && r->job->work.cuttable && slot->portion.kind == PORTION_CHUNK;
    if (r->pending) {
        runner_slot *pending = r->pending;
        r->pending = NULL;
        bool last = !slot->read.portion && r->input_over;
        seebatch_runner_publish(r, pending, last ? seebatch_runner_idle_parts(r) : 1);
    }
    if (delays && slot->read.portion && !r->input_over)
        r->pending = slot;
    else
        seebatch_runner_publish(r, slot,
                                r->input_over && delays ? seebatch_runner_idle_parts(r) : 1);
}

/* ------------------------------------------------------------------------ */
/* Delivering in order                                                      */
/* ------------------------------------------------------------------------ */

static void seebatch_runner_wait_for(runner *r, runner_slot *slot)
{
    if (!r->workers)
        return;
    pthread_mutex_lock(&r->lock);
    while (slot->parts_left)
        pthread_cond_wait(&r->changed, &r->lock);
    pthread_mutex_unlock(&r->lock);
}

/* A chunk cut at a guess that was no chain start (a part before a cut did
 * not decode to exactly its end) is run again whole, here. */
static void seebatch_runner_settle_cut(runner *r, runner_slot *slot)
{
    bool whole = true;
    for (size_t k = 0; k + 1 < slot->part_count; k++)
        whole = whole && !slot->parts[k].faulted && !slot->parts[k].out_of_memory;
    if (whole)
        return;
    seebatch_runner_set_part(slot, &slot->parts[0], 0, slot->portion.size);
    slot->part_count = 1;
    r->job->work.run(r->job->work.context, &slot->parts[0]);
}

/* The fault that ends the input at this slot, if any, named at entry
 * r->entries + 1: returns RUNNER_DONE when there is none. */
static runner_result seebatch_runner_fault_of(runner *r, const runner_slot *slot)
{
    runner_job *job = r->job;
    const runner_part *last = slot->part_count ? &slot->parts[slot->part_count - 1] : NULL;
    if (slot->no_memory || slot->read.end == READ_NO_MEMORY || (last && last->out_of_memory))
        return RUNNER_NO_MEMORY;
    const char *why = NULL;
    uint64_t byte = 0, line = 0;
    if (slot->read.end == READ_FAULT) { /* a truncated chunk: where decoding stopped, if first */
        why = slot->read.reason;
        byte =
            slot->read.after_decoding && last && last->faulted ? last->fault_byte : slot->read.byte;
        line = slot->read.line;
        job->read_failed = slot->read.read_failed;
    } else if (last && last->faulted) {
        why = last->reason;
        byte = last->fault_byte;
    }
    if (!why)
        return RUNNER_DONE;
    job->fault_byte = byte;
    job->fault_line = line;
    job->fault_entry = job->source.format == SEEBATCH_FILE_LINES ? 0 : r->entries + 1;
    snprintf(job->reason, sizeof job->reason, "%.159s", why);
    return RUNNER_FAULT;
}

/* Delivers the oldest slot once its parts are run; returns RUNNER_DONE to
 * go on, else how the run ends. */
static runner_result seebatch_runner_deliver(runner *r)
{
    runner_job *job = r->job;
    runner_slot *slot = &r->slots[r->delivered % r->slot_count];
    seebatch_runner_wait_for(r, slot);
    if (slot->has_portion && !slot->no_memory) {
        if (slot->part_count > 1)
            seebatch_runner_settle_cut(r, slot);
        if (job->work.deliver(job->work.context, slot->parts, slot->part_count, r->entries))
            return RUNNER_STOPPED;
        uint64_t entries = 0;
        for (size_t k = 0; k < slot->part_count; k++)
            entries += slot->parts[k].entries;
        r->entries += entries;
        job->chunks += slot->portion.kind == PORTION_CHUNK;
        if (job->progress)
            job->progress(job->progress_context, entries, slot->portion.input_bytes);
    }
    r->delivered++;
    return seebatch_runner_fault_of(r, slot);
}

/* ------------------------------------------------------------------------ */
/* The run                                                                  */
/* ------------------------------------------------------------------------ */

static bool seebatch_runner_make(runner *r, runner_job *job)
{
    memset(r, 0, sizeof *r);
    r->job = job;
    unsigned threads = job->threads > RUNNER_THREADS_MAX ? RUNNER_THREADS_MAX : job->threads;
    /* Two portions a worker, and the one read ahead: reading overlaps the work. */
    r->slot_count = threads > 1 ? 2 * (size_t)threads + 2 : 1;
    r->slots = calloc(r->slot_count, sizeof *r->slots);
    if (!r->slots || !seebatch_portion_reader_start(&r->reader, &job->source))
        return false;
    seebatch_runner_start_pool(r);
    return true;
}

static void seebatch_runner_free(runner *r)
{
    seebatch_runner_end_pool(r);
    for (size_t i = 0; r->slots && i < r->slot_count; i++) {
        runner_slot *slot = &r->slots[i];
        for (size_t k = 0; k < slot->part_capacity; k++)
            if (r->job->work.state_free)
                r->job->work.state_free(r->job->work.context, slot->parts[k].state);
        free(slot->parts);
        seebatch_file_portion_free(&slot->portion);
    }
    free(r->slots);
    seebatch_portion_reader_end(&r->reader);
}

runner_result seebatch_run_portions(runner_job *job)
{
    job->entries = job->chunks = 0;
    job->fault_byte = job->fault_line = job->fault_entry = 0;
    job->reason[0] = '\0';
    job->read_failed = false;
    runner r;
    runner_result result = seebatch_runner_make(&r, job) ? RUNNER_DONE : RUNNER_NO_MEMORY;
    while (result == RUNNER_DONE) {
        while (!r.input_over && r.read - r.delivered < r.slot_count)
            seebatch_runner_read_next(&r);
        if (r.delivered == r.read)
            break;
        result = seebatch_runner_deliver(&r);
    }
    job->entries = r.entries;
    seebatch_runner_free(&r);
    return result;
}

seebatch_status seebatch_runner_fault_error(const runner_job *job, seebatch_error *error)
{
    char text[SEEBATCH_MESSAGE_SIZE];
    if (job->source.format == SEEBATCH_FILE_LINES)
        snprintf(text, sizeof text, "line %llu: %s", (unsigned long long)job->fault_line,
                 job->reason);
    else {
        seebatch_training_fault_text(text, sizeof text, job->fault_line != 0,
                                     job->fault_line ? job->fault_line : job->fault_byte,
                                     job->fault_entry, job->reason);
        if (!job->read_failed)
            seebatch_training_note_unread(text, sizeof text, job->source.input, job->fault_byte,
                                          job->source.format);
    }
    return seebatch_fail_about(error, job->read_failed ? TRAINING_FILE_FAULT : TRAINING_DATA_FAULT,
                               job->source.name, "%s", text);
}
