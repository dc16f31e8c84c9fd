#include "binpack_blocks.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct entry_block {
    seebatch_training_entry entries[ENTRY_BLOCK];
    size_t count;
    bool last;       /* no block follows */
    size_t end_byte; /* how far into the payload its entries reach (for progress) */
} entry_block;

/* Who consumes the blocks. */
typedef struct block_consumer {
    entry_consumer entries;
    void *state;
} block_consumer;

static void consume_block(const block_consumer *consumer, const entry_block *block)
{
    if (block->count)
        consumer->entries(block->entries, block->count, consumer->state);
}

/* Fills a block; marks it last at the end of the payload or a fault (a
 * reader that could not go on for want of memory is a fault too). */
static void decode_block(seebatch_payload_reader *reader, entry_block *block, bool *faulted,
                         decode_fault *fault)
{
    seebatch_status status =
        seebatch_payload_read(reader, ENTRY_BLOCK, block->entries, &block->count, NULL);
    block->last = status != SEEBATCH_OK || seebatch_payload_reader_at_end(reader);
    block->end_byte = seebatch_payload_reader_offset(reader);
    if (status == SEEBATCH_OK)
        return;
    seebatch_training_place place;
    const char *why = seebatch_payload_reader_fault(reader, &place);
    *faulted = true;
    fault->byte_offset = place.byte_offset;
    snprintf(fault->reason, sizeof fault->reason, "%s", why ? why : "out of memory");
}

/* Counts a consumed block in the progress: its entries, and the bytes
 * since the one before (the last block of a payload takes the rest, and
 * the chunk's 8-byte header, so a whole file counts its size). */
static void count_progress(progress_meter *progress, const entry_block *block, size_t *counted)
{
    size_t end = block->end_byte < *counted ? *counted : block->end_byte;
    progress_add(progress, block->count, end - *counted + (block->last ? 8 : 0));
    *counted = end;
}

/* Two blocks passed between the decoding thread and the consuming one. */
struct block_pair {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    entry_block blocks[2];
    bool full[2];
    seebatch_payload_reader *reader;
    block_consumer consumer;
    bool faulted;
    decode_fault fault;
};

static void *decode_all_blocks(void *argument)
{
    block_pair *pair = argument;
    for (size_t b = 0;; b++) {
        entry_block *block = &pair->blocks[b % 2];
        pthread_mutex_lock(&pair->lock);
        while (pair->full[b % 2])
            pthread_cond_wait(&pair->changed, &pair->lock);
        pthread_mutex_unlock(&pair->lock);
        decode_block(pair->reader, block, &pair->faulted, &pair->fault);
        pthread_mutex_lock(&pair->lock);
        pair->full[b % 2] = true;
        pthread_cond_broadcast(&pair->changed);
        pthread_mutex_unlock(&pair->lock);
        if (block->last)
            return NULL;
    }
}

static size_t consume_all_blocks(block_pair *pair, progress_meter *progress)
{
    size_t total = 0, counted = 0;
    for (size_t b = 0;; b++) {
        entry_block *block = &pair->blocks[b % 2];
        pthread_mutex_lock(&pair->lock);
        while (!pair->full[b % 2])
            pthread_cond_wait(&pair->changed, &pair->lock);
        pthread_mutex_unlock(&pair->lock);
        consume_block(&pair->consumer, block);
        total += block->count;
        count_progress(progress, block, &counted);
        bool last = block->last;
        pthread_mutex_lock(&pair->lock);
        pair->full[b % 2] = false;
        pthread_cond_broadcast(&pair->changed);
        pthread_mutex_unlock(&pair->lock);
        if (last)
            return total;
    }
}

/* The decoding's blocks and reader, made on first use; NULL when memory
 * runs out (then nothing is kept). */
static block_pair *blocks_of(block_decoding *decoding)
{
    if (decoding->blocks)
        return decoding->blocks;
    block_pair *pair = calloc(1, sizeof *pair); /* two blocks: too big for the stack */
    if (pair && seebatch_payload_reader_new(&pair->reader, NULL) != SEEBATCH_OK) {
        free(pair);
        pair = NULL;
    }
    decoding->blocks = pair;
    return pair;
}

size_t decode_in_blocks(const uint8_t *data, size_t size, uint64_t file_offset,
                        block_decoding *decoding, entry_consumer consume, void *state)
{
    block_pair *pair = blocks_of(decoding);
    decoding->faulted = false;
    if (!pair) {
        decoding->fault.byte_offset = file_offset;
        snprintf(decoding->fault.reason, sizeof decoding->fault.reason, "out of memory");
        decoding->faulted = true;
        return 0;
    }
    pair->faulted = false;
    pair->consumer = (block_consumer){consume, state};
    pair->full[0] = pair->full[1] = false;
    seebatch_payload_reader_start(pair->reader, data, size, file_offset);
    pthread_mutex_init(&pair->lock, NULL);
    pthread_cond_init(&pair->changed, NULL);
    pthread_t thread;
    size_t total = 0, counted = 0;
    if (decoding->helper && pthread_create(&thread, NULL, decode_all_blocks, pair) == 0) {
        total = consume_all_blocks(pair, decoding->progress);
        pthread_join(thread, NULL);
    } else {
        entry_block *block = &pair->blocks[0];
        do {
            decode_block(pair->reader, block, &pair->faulted, &pair->fault);
            consume_block(&pair->consumer, block);
            total += block->count;
            count_progress(decoding->progress, block, &counted);
        } while (!block->last);
    }
    decoding->faulted = pair->faulted;
    decoding->chains = seebatch_payload_reader_chains(pair->reader);
    if (pair->faulted)
        decoding->fault = pair->fault;
    pthread_cond_destroy(&pair->changed);
    pthread_mutex_destroy(&pair->lock);
    return total;
}

void free_blocks(block_pair *blocks)
{
    if (blocks)
        seebatch_payload_reader_free(blocks->reader);
    free(blocks);
}
