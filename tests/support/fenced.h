/*
 * Memory between two inaccessible pages, for tests that prove a function
 * never reads or writes outside the array it is given: put the array right
 * against a fence and any byte touched past it ends the process.
 */
#ifndef SEEBATCH_TEST_FENCED_H
#define SEEBATCH_TEST_FENCED_H

#include <stddef.h>

/* A page-aligned region of `size` usable bytes between two inaccessible pages. */
typedef struct fenced {
    unsigned char *start; /* first usable byte, right after a fence; NULL if mmap failed */
    size_t size;
    unsigned char *mapping;
    size_t mapping_size;
} fenced;

/* Maps a fenced region of at least `size` usable bytes. */
fenced fence(size_t size);

/* Unmaps it (nothing if the mapping failed). */
void unfence(fenced *f);

/* `count` elements of `size` bytes ending right at the end fence. */
void *at_end(fenced *f, size_t count, size_t size);

/* The first usable byte, right after the start fence. */
void *at_start(fenced *f);

#endif
