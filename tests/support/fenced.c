#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS under -std=c11 */
#include "fenced.h"

#include <sys/mman.h>
#include <unistd.h>

fenced fence(size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t usable = (size + page - 1) / page * page;
    if (usable == 0)
        usable = page;
    fenced f = {NULL, usable, NULL, usable + 2 * page};
    void *mapping =
        mmap(NULL, f.mapping_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED)
        return f;
    f.mapping = mapping;
    mprotect(f.mapping, page, PROT_NONE);
    mprotect(f.mapping + page + usable, page, PROT_NONE);
    f.start = f.mapping + page;
    return f;
}

void unfence(fenced *f)
{
    if (f->mapping)
        munmap(f->mapping, f->mapping_size);
    f->mapping = NULL;
    f->start = NULL;
}

void *at_end(fenced *f, size_t count, size_t size) { return f->start + f->size - count * size; }

void *at_start(fenced *f) { return f->start; }
