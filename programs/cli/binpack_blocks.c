#include "binpack_blocks.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct entry_block {
    union { /* whole entries, or briefs */
        struct {
            training_entry entries[ENTRY_BLOCK];
            binpack_source sources[ENTRY_BLOCK];
        };
        struct {
            binpack_brief briefs[ENTRY_BLOCK];
            seebatch_board boards[ENTRY_BLOCK];
        };
    };
    size_t count;
    size_t listed;   /* in brief: the briefs (binpack_brief.plain counts the rest) */
    bool last;       /* no block follows */
    size_t end_byte; /* how far into the payload its entries reach (for progress) */
} entry_block;

/* Fills a block; marks it last at the end of the payload or a fault. */
/* Who consumes the blocks: whole entries (and their sources when
 * sources is true) or briefs. */
typedef struct block_consumer {
    entry_consumer entries;
    brief_consumer briefs;
    void *state;
    bool sources;
} block_consumer;

static void consume_block(const block_consumer *consumer, const entry_block *block)
{
    if (!block->count || (!consumer->briefs && !consumer->entries))
        return;
    if (consumer->briefs)
        consumer->briefs(block->briefs, block->boards, block->listed, consumer->state);
    else
        consumer->entries(block->entries, consumer->sources ? block->sources : NULL, block->count,
                          consumer->state);
}

static void decode_block(binpack_chunk_decoder *decoder, entry_block *block, bool *faulted,
                         binpack_fault *fault, const block_consumer *consumer)
{
    binpack_step stop;
    if (!consumer->briefs && !consumer->entries)
        block->count = seebatch_binpack_skip_block(decoder, ENTRY_BLOCK, &stop, fault);
    else if (consumer->briefs) {
        brief_list list = {block->briefs, block->boards, 0};
        block->count = seebatch_binpack_next_briefs(decoder, &list, ENTRY_BLOCK, &stop, fault);
        block->listed = list.listed;
    } else
        block->count = seebatch_binpack_next_block(decoder, block->entries,
                                                   consumer->sources ? block->sources : NULL,
                                                   ENTRY_BLOCK, &stop, fault);
    block->last = stop != BINPACK_ENTRY;
    if (block->last) {
        *faulted = stop == BINPACK_FAULT;
        block->end_byte = decoder->size;
        return;
    }
    /* The next stem, or the movetext reached: the bytes the block took. */
    size_t movetext = (size_t)(decoder->bit / 8);
    block->end_byte = decoder->next_stem > movetext ? decoder->next_stem : movetext;
    if (block->end_byte > decoder->size)
        block->end_byte = decoder->size;
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
    binpack_chunk_decoder decoder;
    block_consumer consumer;
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
        decode_block(&pair->decoder, block, &pair->faulted, &pair->fault, &pair->consumer);
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

static size_t decode_for(const uint8_t *data, size_t size, uint64_t file_offset,
                         block_decoding *decoding, const block_consumer *consumer)
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
    pair->consumer = *consumer;
    pair->full[0] = pair->full[1] = false;
    seebatch_binpack_decoder_start(&pair->decoder, data, size, file_offset);
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
            decode_block(&pair->decoder, block, &pair->faulted, &pair->fault, &pair->consumer);
            consume_block(&pair->consumer, block);
            total += block->count;
            count_progress(decoding->progress, block, &counted);
        } while (!block->last);
    }
    decoding->faulted = pair->faulted;
    if (pair->faulted)
        decoding->fault = pair->fault;
    pthread_cond_destroy(&pair->changed);
    pthread_mutex_destroy(&pair->lock);
    return total;
}

size_t decode_in_blocks(const uint8_t *data, size_t size, uint64_t file_offset,
                        block_decoding *decoding, entry_consumer consume, void *state)
{
    block_consumer consumer = {consume, NULL, state, !decoding->without_sources};
    return decode_for(data, size, file_offset, decoding, &consumer);
}

size_t decode_briefs_in_blocks(const uint8_t *data, size_t size, uint64_t file_offset,
                               block_decoding *decoding, brief_consumer consume, void *state)
{
    block_consumer consumer = {NULL, consume, state, true};
    return decode_for(data, size, file_offset, decoding, &consumer);
}

void free_blocks(block_pair *blocks) { free(blocks); }
