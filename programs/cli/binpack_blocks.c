#include "binpack_blocks.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct entry_block {
    training_entry entries[ENTRY_BLOCK];
    binpack_source sources[ENTRY_BLOCK];
    size_t count;
    bool last; /* no block follows */
} entry_block;

/* Fills a block; marks it last at the end of the payload or a fault. */
static void decode_block(binpack_chunk_decoder *decoder, entry_block *block, bool *faulted,
                         binpack_fault *fault)
{
    binpack_step stop;
    block->count = seebatch_binpack_next_block(decoder, block->entries, block->sources, ENTRY_BLOCK,
                                               &stop, fault);
    block->last = stop != BINPACK_ENTRY;
    if (block->last)
        *faulted = stop == BINPACK_FAULT;
}

/* Two blocks passed between the decoding thread and the consuming one. */
struct block_pair {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    entry_block blocks[2];
    bool full[2];
    binpack_chunk_decoder decoder;
    bool faulted;
    binpack_fault fault;
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
        decode_block(&pair->decoder, block, &pair->faulted, &pair->fault);
        pthread_mutex_lock(&pair->lock);
        pair->full[b % 2] = true;
        pthread_cond_broadcast(&pair->changed);
        pthread_mutex_unlock(&pair->lock);
        if (block->last)
            return NULL;
    }
}

static size_t consume_all_blocks(block_pair *pair, entry_consumer consume, void *state)
{
    size_t total = 0;
    for (size_t b = 0;; b++) {
        entry_block *block = &pair->blocks[b % 2];
        pthread_mutex_lock(&pair->lock);
        while (!pair->full[b % 2])
            pthread_cond_wait(&pair->changed, &pair->lock);
        pthread_mutex_unlock(&pair->lock);
        if (block->count)
            consume(block->entries, block->sources, block->count, state);
        total += block->count;
        bool last = block->last;
        pthread_mutex_lock(&pair->lock);
        pair->full[b % 2] = false;
        pthread_cond_broadcast(&pair->changed);
        pthread_mutex_unlock(&pair->lock);
        if (last)
            return total;
    }
}

size_t decode_in_blocks(const uint8_t *data, size_t size, uint64_t file_offset,
                        block_decoding *decoding, entry_consumer consume, void *state)
{
    if (!decoding->blocks)
        decoding->blocks = malloc(sizeof *decoding->blocks); /* two blocks: too big for the stack */
    block_pair *pair = decoding->blocks;
    decoding->faulted = false;
    if (!pair) {
        decoding->fault.byte_offset = file_offset;
        snprintf(decoding->fault.message, sizeof decoding->fault.message, "out of memory");
        decoding->faulted = true;
        return 0;
    }
    pair->faulted = false;
    pair->full[0] = pair->full[1] = false;
    seebatch_binpack_decoder_start(&pair->decoder, data, size, file_offset);
    pthread_mutex_init(&pair->lock, NULL);
    pthread_cond_init(&pair->changed, NULL);
    pthread_t thread;
    size_t total = 0;
    if (decoding->helper && pthread_create(&thread, NULL, decode_all_blocks, pair) == 0) {
        total = consume_all_blocks(pair, consume, state);
        pthread_join(thread, NULL);
    } else {
        entry_block *block = &pair->blocks[0];
        do {
            decode_block(&pair->decoder, block, &pair->faulted, &pair->fault);
            if (block->count)
                consume(block->entries, block->sources, block->count, state);
            total += block->count;
        } while (!block->last);
    }
    decoding->faulted = pair->faulted;
    if (pair->faulted)
        decoding->fault = pair->fault;
    pthread_cond_destroy(&pair->changed);
    pthread_mutex_destroy(&pair->lock);
    return total;
}

void free_blocks(block_pair *blocks) { free(blocks); }
