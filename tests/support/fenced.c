#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS under -std=c11 */
#include "fenced.h"

/* The system's pages: size, mapping, protection and release (mmap and
 * mprotect; VirtualAlloc and VirtualProtect on Windows). */
#if defined(_WIN32)
#include <windows.h>

static size_t page_size(void)
{
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    return info.dwPageSize;
}

static unsigned char *map_pages(size_t size)
{
    return VirtualAlloc(NULL, size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
}

static void close_page(unsigned char *page, size_t size)
{
    DWORD before;
    VirtualProtect(page, size, PAGE_NOACCESS, &before);
}

static void unmap_pages(unsigned char *pages, size_t size)
{
    (void)size;
    VirtualFree(pages, 0, MEM_RELEASE);
}

#else
#include <sys/mman.h>
#include <unistd.h>

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

static unsigned char *map_pages(size_t size)
{
    void *mapping = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return mapping == MAP_FAILED ? NULL : mapping;
}

static void close_page(unsigned char *page, size_t size) { mprotect(page, size, PROT_NONE); }

static void unmap_pages(unsigned char *pages, size_t size) { munmap(pages, size); }

#endif

fenced fence(size_t size)
{
    size_t page = page_size();
    size_t usable = (size + page - 1) / page * page;
    if (usable == 0)
        usable = page;
    fenced f = {NULL, usable, NULL, usable + 2 * page};
    f.mapping = map_pages(f.mapping_size);
    if (!f.mapping)
        return f;
    close_page(f.mapping, page);
    close_page(f.mapping + page + usable, page);
    f.start = f.mapping + page;
    return f;
}

void unfence(fenced *f)
{
    if (f->mapping)
        unmap_pages(f->mapping, f->mapping_size);
    f->mapping = NULL;
    f->start = NULL;
}

void *at_end(fenced *f, size_t count, size_t size) { return f->start + f->size - count * size; }

void *at_start(fenced *f) { return f->start; }
