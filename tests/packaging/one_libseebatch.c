/* One process, one libseebatch: the training library's SEE is the process's
 * libseebatch's, not a private copy with its own backend choice. This
 * program counts the calls to seebatch_value_ge that reach libseebatch and
 * passes them on: on ELF systems by defining the function itself
 * (exported: built with ENABLE_EXPORTS) and finding libseebatch's with
 * dlsym RTLD_NEXT; on Windows by taking the training DLL's import of it
 * from libseebatch.dll (its import address table) for the counting one.
 * The filter's --skip-see-ge rule must reach it once per capture; a
 * training library holding its own copy of the SEE code calls that copy,
 * and the count stays 0 (on Windows it has no such import, a failure). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include <seebatch.h>
#include <seebatch_training.h>

static int calls;

typedef bool see_ge_fn(const seebatch_rules *, const seebatch_board *, const seebatch_pins *,
                       seebatch_move, int32_t);

#if defined(_WIN32)
#include <windows.h>

static see_ge_fn *real_value_ge;

static bool counting_value_ge(const seebatch_rules *rules, const seebatch_board *board,
                              const seebatch_pins *pins, seebatch_move move, int32_t threshold)
{
    calls++;
    return real_value_ge(rules, board, pins, move, threshold);
}

/* The slot of the training DLL's import address table that holds
 * libseebatch.dll's seebatch_value_ge, or NULL. */
static ULONG_PTR *imported_value_ge(void)
{
    BYTE *base = (BYTE *)GetModuleHandleA("libseebatch_training.dll");
    if (!base)
        return NULL;
    IMAGE_NT_HEADERS *headers = (IMAGE_NT_HEADERS *)(base + ((IMAGE_DOS_HEADER *)base)->e_lfanew);
    IMAGE_DATA_DIRECTORY imports = headers->OptionalHeader.DataDirectory[IMAGE_DIRECTORY_ENTRY_IMPORT];
    for (IMAGE_IMPORT_DESCRIPTOR *d = (IMAGE_IMPORT_DESCRIPTOR *)(base + imports.VirtualAddress);
         d->Name; d++) {
        if (_stricmp((const char *)(base + d->Name), "libseebatch.dll") != 0)
            continue;
        IMAGE_THUNK_DATA *names = (IMAGE_THUNK_DATA *)(base + d->OriginalFirstThunk);
        IMAGE_THUNK_DATA *slots = (IMAGE_THUNK_DATA *)(base + d->FirstThunk);
        for (; names->u1.AddressOfData; names++, slots++)
            if (!IMAGE_SNAP_BY_ORDINAL(names->u1.Ordinal) &&
                strcmp((const char *)((IMAGE_IMPORT_BY_NAME *)(base + names->u1.AddressOfData))->Name,
                       "seebatch_value_ge") == 0)
                return &slots->u1.Function;
    }
    return NULL;
}

static bool count_calls(void)
{
    ULONG_PTR *slot = imported_value_ge();
    DWORD before;
    if (!slot || !VirtualProtect(slot, sizeof *slot, PAGE_READWRITE, &before))
        return false;
    real_value_ge = (see_ge_fn *)*slot;
    *slot = (ULONG_PTR)counting_value_ge;
    VirtualProtect(slot, sizeof *slot, before, &before);
    return true;
}

#else
#include <dlfcn.h>

bool seebatch_value_ge(const seebatch_rules *rules, const seebatch_board *board,
                       const seebatch_pins *pins, seebatch_move move, int32_t threshold)
{
    calls++;
    see_ge_fn *real = (see_ge_fn *)dlsym(RTLD_NEXT, "seebatch_value_ge");
    return real && real(rules, board, pins, move, threshold);
}

static bool count_calls(void) { return true; }
#endif

int main(void)
{
    if (!count_calls()) {
        fprintf(stderr, "one_libseebatch: the training library takes no seebatch_value_ge "
                        "from libseebatch.dll\n");
        return 1;
    }
    seebatch_error error;
    seebatch_board boards[2];
    seebatch_move moves[2];
    int16_t scores[2] = {0, 0};
    uint16_t plies[2] = {10, 11};
    int8_t results[2] = {0, 0};
    /* A pawn takes a pawn defended by a pawn (SEE 0), and a queen takes a
     * defended pawn (SEE below 0): --skip-see-ge 0 keeps the second only. */
    const char *fens[2] = {"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1",
                           "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1"};
    const char *ucis[2] = {"e4d5", "d2d5"};
    for (int i = 0; i < 2; i++)
        if (seebatch_board_from_fen(&boards[i], fens[i], &error) != SEEBATCH_OK ||
            seebatch_move_parse(&boards[i], ucis[i], &moves[i], &error) != SEEBATCH_OK) {
            fprintf(stderr, "one_libseebatch: %s\n", error.message);
            return 1;
        }
    const char *rules[2] = {"--skip-see-ge", "0"};
    seebatch_training_filter *filter;
    if (seebatch_training_filter_new(2, rules, &filter, &error) != SEEBATCH_OK) {
        fprintf(stderr, "one_libseebatch: %s\n", error.message);
        return 1;
    }
    seebatch_training_arrays in = {boards, moves, scores, plies, results};
    uint8_t keep[2] = {7, 7};
    seebatch_status status = seebatch_training_filter_keep(filter, 2, &in, keep, &error);
    seebatch_training_filter_free(filter);
    if (status != SEEBATCH_OK) {
        fprintf(stderr, "one_libseebatch: %s\n", error.message);
        return 1;
    }
    printf("one_libseebatch: keep %d %d, libseebatch's SEE called %d times\n", keep[0], keep[1],
           calls);
    if (keep[0] != 0 || keep[1] != 1) {
        fprintf(stderr, "one_libseebatch: --skip-see-ge 0 kept the wrong entries\n");
        return 1;
    }
    if (calls != 2) {
        fprintf(stderr,
                "one_libseebatch: the training library's SEE is not libseebatch's "
                "(%d calls reached it, 2 expected)\n",
                calls);
        return 1;
    }
    return 0;
}
