/* The tool's platform (platform.h) on Windows, with its own calls: the
 * standard streams in binary mode (_setmode), a console control handler in
 * place of signals, the process's affinity mask, and for a pipe's first bytes a pipe of our own
 * that a thread fills: the bytes looked at, then the rest of the input. */
#include "platform.h"

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "options.h"
#include "tool_only.h"

void platform_start_streams(void) { seebatch_standard_streams_binary(); }

/* ------------------------------------------------------------------------ */
/* The temporary removed when the run is interrupted                        */
/* ------------------------------------------------------------------------ */

static char pending_temporary[4096];
static volatile LONG temporary_pending;

/* Runs on a thread of its own when the console is interrupted or closed;
 * FALSE lets the next handler (the default: ending the process) act. The
 * temporary was created shared for deletion, so it goes even while open. */
static BOOL WINAPI remove_pending_temporary(DWORD event)
{
    (void)event;
    if (InterlockedCompareExchange(&temporary_pending, 0, 1) == 1)
        DeleteFileA(pending_temporary);
    return FALSE;
}

void platform_remove_if_interrupted(const char *temporary)
{
    if (!temporary || strlen(temporary) >= sizeof pending_temporary)
        return;
    memcpy(pending_temporary, temporary, strlen(temporary) + 1);
    InterlockedExchange(&temporary_pending, 1);
    SetConsoleCtrlHandler(remove_pending_temporary, TRUE);
}

void platform_forget_temporary(void) { InterlockedExchange(&temporary_pending, 0); }

/* ------------------------------------------------------------------------ */
/* Looking at the first bytes of a pipe without losing them                 */
/* ------------------------------------------------------------------------ */

enum { RELAY_CHUNK = 1 << 16 };

struct look_ahead {
    FILE *rest;
    const char *subcommand, *name;
    char bytes[PLATFORM_REPLAY_MAX];
    size_t count;
    int write_end;
    HANDLE thread;
    FILE *stream; /* the pipe's read end */
};

static bool write_all(int fd, const char *bytes, size_t size)
{
    while (size) {
        int wrote = _write(fd, bytes, size > RELAY_CHUNK ? RELAY_CHUNK : (unsigned)size);
        if (wrote <= 0)
            return false;
        bytes += wrote;
        size -= (size_t)wrote;
    }
    return true;
}

/* The thread: the bytes looked at, then the input to its end. A reader
 * that stops early closes the read end and the copy stops there. An input
 * that cannot be read ends the run as the tool ends it when the input
 * fails (exit 2, the output's temporary removed): the pipe could only say
 * that the input ended. */
static DWORD WINAPI relay(void *argument)
{
    look_ahead *r = argument;
    static char buffer[RELAY_CHUNK];
    bool open = write_all(r->write_end, r->bytes, r->count);
    while (open) {
        size_t got = fread(buffer, 1, sizeof buffer, r->rest);
        if (got == 0)
            break;
        open = write_all(r->write_end, buffer, got);
    }
    if (open && ferror(r->rest)) {
        report(r->subcommand, "cannot read %s: %s", r->name, strerror(errno));
        remove_pending_temporary(0);
        fflush(stderr);
        ExitProcess(EXIT_USAGE);
    }
    _close(r->write_end);
    return 0;
}

static FILE *start_relay(look_ahead *r)
{
    int ends[2];
    if (_pipe(ends, RELAY_CHUNK, _O_BINARY | _O_NOINHERIT) != 0)
        return NULL;
    r->write_end = ends[1];
    r->stream = _fdopen(ends[0], "rb");
    if (!r->stream) {
        _close(ends[0]);
        _close(ends[1]);
        return NULL;
    }
    r->thread = CreateThread(NULL, 0, relay, r, 0, NULL);
    if (!r->thread) {
        fclose(r->stream);
        _close(ends[1]);
        return NULL;
    }
    return r->stream;
}

FILE *platform_replay(const char *subcommand, const char *name, FILE *rest, const char *bytes,
                      size_t count, look_ahead **held)
{
    look_ahead *r = count <= PLATFORM_REPLAY_MAX ? calloc(1, sizeof *r) : NULL;
    FILE *stream = NULL;
    if (r) {
        *r = (look_ahead){rest, subcommand, name, {0}, count, -1, NULL, NULL};
        memcpy(r->bytes, bytes, count);
        stream = start_relay(r);
    }
    return platform_replay_made(r, stream, held);
}

void platform_look_ahead_close(look_ahead *held)
{
    fclose(held->stream);
    /* The thread ends once its next write finds the read end closed; one
     * still waiting for input it will never pass on ends with the process,
     * and keeps what it uses. */
    if (WaitForSingleObject(held->thread, 1000) != WAIT_OBJECT_0) {
        CloseHandle(held->thread);
        return;
    }
    CloseHandle(held->thread);
    free(held);
}

bool platform_is_directory(const char *path)
{
    DWORD attributes = GetFileAttributesA(path);
    return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY);
}

int platform_cores_allowed(void)
{
    DWORD_PTR process, system;
    int count = 0;
    if (GetProcessAffinityMask(GetCurrentProcess(), &process, &system))
        for (; process; process &= process - 1)
            count++;
    /* A process spread over processor groups has no mask (0): every core
     * of every group, as Windows then schedules it. */
    if (count == 0)
        count = (int)GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
    return count > 0 ? count : 1;
}
