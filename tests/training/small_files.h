/* The small files the training tests make and read back
 * (test_output_files.c, test_output_file_faults.c, test_read_errors.c,
 * test_filter_file_faults.c): a path in a directory, a file of some text,
 * its whole text or bytes again, and the temporaries left in a directory. */
#ifndef SEEBATCH_SMALL_FILES_H
#define SEEBATCH_SMALL_FILES_H

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* path = directory/name. */
static inline void join(char *path, size_t size, const char *directory, const char *name)
{
    snprintf(path, size, "%s/%s", directory, name);
}

/* The file at path holding text alone: whether it was written whole. */
static inline bool put(const char *path, const char *text)
{
    FILE *file = fopen(path, "wb");
    bool written = file && fputs(text, file) >= 0;
    written = (file ? fclose(file) == 0 : false) && written;
    CHECK(written, "cannot write %s", path);
    return written;
}

/* The whole of a small file, or "" when it cannot be read. */
static inline const char *contents(const char *path, char *out, size_t size)
{
    FILE *file = fopen(path, "rb");
    size_t got = file ? fread(out, 1, size - 1, file) : 0;
    out[got] = '\0';
    if (file)
        fclose(file);
    return out;
}

/* How many names in the directory hold part (temporaries: ".NAME."). */
static inline int files_named(const char *directory, const char *part)
{
    int found = 0;
    DIR *listing = opendir(directory);
    for (struct dirent *e; listing && (e = readdir(listing));)
        found += strstr(e->d_name, part) != NULL;
    if (listing)
        closedir(listing);
    return found;
}

/* A file's bytes (NULL, size 0, when it cannot be read or memory runs out). */
typedef struct bytes {
    unsigned char *data;
    size_t size;
} bytes;

static inline bytes read_bytes(const char *path)
{
    bytes b = {NULL, 0};
    FILE *file = fopen(path, "rb");
    if (!file)
        return b;
    unsigned char block[65536];
    for (size_t got; (got = fread(block, 1, sizeof block, file)) > 0;) {
        unsigned char *grown = realloc(b.data, b.size + got);
        if (!grown)
            break;
        memcpy(grown + b.size, block, got);
        b.data = grown;
        b.size += got;
    }
    fclose(file);
    return b;
}

static inline bool same_bytes(bytes a, bytes b)
{
    return a.size == b.size && (a.size == 0 || memcmp(a.data, b.data, a.size) == 0);
}

#endif
