/* The two ways in's system calls (see_system.h) on Windows: CreateProcess
 * in a job with anonymous pipes, a writer thread and a watchdog thread
 * beside a blocking reader (anonymous pipes cannot wait with a timeout),
 * LoadLibrary, and the guard: an unhandled-exception filter, a SIGABRT
 * handler, an exit handler and a watchdog thread. */
#include "see_system.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "see_text.h"

enum { SEE_CHUNK = 1 << 16, SEE_WATCH_MS = 50 };

struct see_child {
    HANDLE process, job; /* job NULL where none could be made */
    HANDLE input;        /* our end of its standard input; NULL once closed */
    HANDLE output;       /* our end of its standard output */
    char written[SEE_CHUNK], read[SEE_CHUNK];
};

static void system_failure(see_failure *why, const char *what, DWORD error)
{
    char reason[256] = "";
    FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, error, 0,
                   reason, sizeof reason, NULL);
    reason[strcspn(reason, "\r\n")] = '\0';
    snprintf(why->message, sizeof why->message, "%s: %s (error %lu)%s", what, reason,
             (unsigned long)error,
             error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND ? ": not found" : "");
}

/* The process and every process it started. */
static void stop_child(see_child *child)
{
    if (!child->job || !TerminateJobObject(child->job, 1))
        TerminateProcess(child->process, 1);
}

/* The program in a job that ends with it (or with this process), so that
 * stopping it stops what it started; where no job can be had, alone. */
static bool create_in_job(char *line, STARTUPINFOA *start, see_child *c, DWORD *error)
{
    PROCESS_INFORMATION started;
    if (!CreateProcessA(NULL, line, NULL, NULL, TRUE, CREATE_SUSPENDED, NULL, NULL, start,
                        &started)) {
        *error = GetLastError();
        return false;
    }
    c->process = started.hProcess;
    c->job = CreateJobObjectA(NULL, NULL);
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits;
    memset(&limits, 0, sizeof limits);
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (c->job && (!SetInformationJobObject(c->job, JobObjectExtendedLimitInformation, &limits,
                                            sizeof limits) ||
                   !AssignProcessToJobObject(c->job, c->process))) {
        CloseHandle(c->job);
        c->job = NULL;
    }
    ResumeThread(started.hThread);
    CloseHandle(started.hThread);
    return true;
}

bool see_child_start(const char *command, see_child **child, see_failure *why)
{
    SECURITY_ATTRIBUTES inherited = {sizeof inherited, NULL, TRUE};
    HANDLE their_input, their_output, their_errors = NULL;
    see_child *c = calloc(1, sizeof *c);
    char *line = malloc(strlen(command) + 1);
    if (!c || !line || !CreatePipe(&their_input, &c->input, &inherited, 0)) {
        free(c);
        free(line);
        snprintf(why->message, sizeof why->message, "cannot make a pipe for the program");
        return false;
    }
    CreatePipe(&c->output, &their_output, &inherited, 0);
    SetHandleInformation(c->input, HANDLE_FLAG_INHERIT, 0);
    SetHandleInformation(c->output, HANDLE_FLAG_INHERIT, 0);
    DuplicateHandle(GetCurrentProcess(), GetStdHandle(STD_ERROR_HANDLE), GetCurrentProcess(),
                    &their_errors, 0, TRUE, DUPLICATE_SAME_ACCESS);
    STARTUPINFOA start = {.cb = sizeof start, .dwFlags = STARTF_USESTDHANDLES};
    start.hStdInput = their_input;
    start.hStdOutput = their_output;
    start.hStdError = their_errors;
    memcpy(line, command, strlen(command) + 1);
    DWORD error = 0;
    bool started = create_in_job(line, &start, c, &error);
    free(line);
    CloseHandle(their_input);
    CloseHandle(their_output);
    if (their_errors)
        CloseHandle(their_errors);
    if (!started) {
        system_failure(why, "cannot start the program", error);
        CloseHandle(c->input);
        CloseHandle(c->output);
        free(c);
        return false;
    }
    *child = c;
    return true;
}

/* ------------------------------------------------------------------------ */
/* The exchange: a writer thread, a watchdog, the reader here               */
/* ------------------------------------------------------------------------ */

typedef struct exchange_state {
    see_child *child;
    const see_exchange *exchange;
    volatile LONG moved;   /* counts the reads and writes, for the watchdog */
    volatile LONG stalled; /* the watchdog stopped the program */
    HANDLE over;           /* set when the exchange is over */
} exchange_state;

static DWORD WINAPI write_all(void *argument)
{
    exchange_state *s = argument;
    size_t size;
    while ((size = s->exchange->produce(s->exchange->writer, s->child->written, SEE_CHUNK))) {
        for (size_t at = 0; at < size;) {
            DWORD wrote = 0;
            if (!WriteFile(s->child->input, s->child->written + at, (DWORD)(size - at), &wrote,
                           NULL))
                return 0; /* it no longer reads: its answers, or its end, tell the rest */
            at += wrote;
            InterlockedIncrement(&s->moved);
        }
    }
    return 0;
}

static DWORD WINAPI watch_exchange(void *argument)
{
    exchange_state *s = argument;
    LONG seen = s->moved;
    ULONGLONG since = GetTickCount64();
    ULONGLONG limit = (ULONGLONG)(s->exchange->timeout_seconds * 1000);
    while (WaitForSingleObject(s->over, SEE_WATCH_MS) == WAIT_TIMEOUT) {
        LONG now = s->moved;
        if (now != seen) {
            seen = now;
            since = GetTickCount64();
        } else if (GetTickCount64() - since >= limit) {
            InterlockedExchange(&s->stalled, 1);
            stop_child(s->child);
            break;
        }
    }
    return 0;
}

/* Reads until take is done or faults, or the output ends. */
static see_exchange_end read_all(exchange_state *s)
{
    for (;;) {
        DWORD got = 0;
        if (!ReadFile(s->child->output, s->child->read, SEE_CHUNK, &got, NULL) || got == 0)
            return s->stalled ? SEE_EXCHANGE_STALLED : SEE_EXCHANGE_CLOSED;
        InterlockedIncrement(&s->moved);
        see_taken taken = s->exchange->take(s->exchange->reader, s->child->read, got);
        if (taken != SEE_TAKE_MORE)
            return taken == SEE_TAKE_DONE ? SEE_EXCHANGE_DONE : SEE_EXCHANGE_FAULT;
    }
}

see_exchange_end see_child_exchange(see_child *child, const see_exchange *exchange,
                                    see_failure *why)
{
    exchange_state s = {child, exchange, 0, 0, CreateEventA(NULL, TRUE, FALSE, NULL)};
    HANDLE watchdog = s.over ? CreateThread(NULL, 0, watch_exchange, &s, 0, NULL) : NULL;
    HANDLE writer = NULL;
    if (watchdog && exchange->produce && child->input)
        writer = CreateThread(NULL, 0, write_all, &s, 0, NULL);
    if (!watchdog || (exchange->produce && child->input && !writer)) {
        system_failure(why, "cannot start a thread for the program", GetLastError());
        stop_child(child);
    }
    see_exchange_end end = watchdog ? read_all(&s) : SEE_EXCHANGE_BROKEN;
    if (writer) {
        /* A fault stops the program, so that a writer it blocks ends; after
         * the last answer the writer ends by itself, or the watchdog sees. */
        if (end == SEE_EXCHANGE_FAULT)
            stop_child(child);
        WaitForSingleObject(writer, INFINITE);
        CloseHandle(writer);
        end = end == SEE_EXCHANGE_DONE && s.stalled ? SEE_EXCHANGE_STALLED : end;
    }
    if (s.over) {
        SetEvent(s.over);
        if (watchdog) {
            WaitForSingleObject(watchdog, INFINITE);
            CloseHandle(watchdog);
        }
        CloseHandle(s.over);
    }
    return end;
}

void see_child_close_input(see_child *child)
{
    if (child->input)
        CloseHandle(child->input);
    child->input = NULL;
}

/* ------------------------------------------------------------------------ */
/* The end                                                                  */
/* ------------------------------------------------------------------------ */

static const char *exception_name(DWORD code)
{
    static const struct {
        DWORD code;
        const char *name;
    } names[] = {{0xC0000005, "access violation"},
                 {0xC00000FD, "stack overflow"},
                 {0xC0000094, "integer division by zero"},
                 {0xC0000095, "integer overflow"},
                 {0xC000001D, "illegal instruction"},
                 {0xC0000096, "privileged instruction"},
                 {0xC0000409, "stack buffer overrun or fast fail"},
                 {0xC0000006, "in-page error"},
                 {0x80000003, "breakpoint"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == code)
            return names[i].name;
    return "unnamed";
}

void see_child_end(see_child *child, bool stop, double timeout_seconds, see_ending *ending)
{
    memset(ending, 0, sizeof *ending);
    see_child_close_input(child);
    DWORD wait = stop ? 0 : (DWORD)(timeout_seconds * 1000);
    if (WaitForSingleObject(child->process, wait) != WAIT_OBJECT_0) {
        stop_child(child);
        WaitForSingleObject(child->process, INFINITE);
        ending->stopped = true;
        snprintf(ending->how, sizeof ending->how, "stopped");
    } else {
        DWORD code = 0;
        GetExitCodeProcess(child->process, &code);
        ending->clean = code == 0;
        if (code >= 0x80000000)
            snprintf(ending->how, sizeof ending->how, "exception 0x%08lX, %s", (unsigned long)code,
                     exception_name(code));
        else
            snprintf(ending->how, sizeof ending->how, "exit status %lu", (unsigned long)code);
    }
    CloseHandle(child->output);
    CloseHandle(child->process);
    if (child->job)
        CloseHandle(child->job);
    free(child);
}

/* ------------------------------------------------------------------------ */
/* A library                                                                */
/* ------------------------------------------------------------------------ */

see_library *see_library_open(const char *path, see_failure *why)
{
    /* LoadLibrary wants backslashes. */
    char local[4096];
    snprintf(local, sizeof local, "%s", path);
    for (char *c = local; *c; c++)
        *c = *c == '/' ? '\\' : *c;
    HMODULE library = LoadLibraryA(local);
    if (!library) {
        char what[4200];
        snprintf(what, sizeof what, "cannot load %s", path);
        system_failure(why, what, GetLastError());
    }
    return (see_library *)library;
}

void *see_library_symbol(see_library *library, const char *name)
{
    FARPROC found = GetProcAddress((HMODULE)library, name);
    void *address;
    memcpy(&address, &found, sizeof address);
    return address;
}

void see_library_close(see_library *library) { FreeLibrary((HMODULE)library); }

/* ------------------------------------------------------------------------ */
/* The guard                                                                */
/* ------------------------------------------------------------------------ */

static struct {
    int users;
    _Atomic(see_guarded *) watched;
    LPTOP_LEVEL_EXCEPTION_FILTER before;
    void (*abort_before)(int);
    HANDLE watchdog, stop;
    bool exit_handler;
} guard;

/* Writes the guard's line for the call watched and ends the process. */
static void name_and_end(see_guarded *call, const char *what)
{
    char line[SEE_TEXT_FEN_MAX + 512];
    size_t length = see_text_guard_line(line, sizeof line, call, what);
    DWORD written = 0;
    WriteFile(GetStdHandle(STD_ERROR_HANDLE), line, (DWORD)length, &written, NULL);
    TerminateProcess(GetCurrentProcess(), ENGINE_SEE_EXIT_STATUS);
}

static LONG WINAPI crashed(EXCEPTION_POINTERS *exception)
{
    see_guarded *call = atomic_load(&guard.watched);
    if (!call)
        return guard.before ? guard.before(exception) : EXCEPTION_CONTINUE_SEARCH;
    DWORD code = exception->ExceptionRecord->ExceptionCode;
    char what[96];
    snprintf(what, sizeof what, "crashed (exception 0x%08lX, %s)", (unsigned long)code,
             exception_name(code));
    name_and_end(call, what);
    return EXCEPTION_EXECUTE_HANDLER;
}

static void aborted(int number)
{
    see_guarded *call = atomic_load(&guard.watched);
    if (call)
        name_and_end(call, "crashed (SIGABRT)");
    signal(number, SIG_DFL);
    raise(number);
}

static void exited(void)
{
    see_guarded *call = atomic_load(&guard.watched);
    if (call)
        name_and_end(call, "ended the process (exit)");
}

static DWORD WINAPI watch(void *unused)
{
    (void)unused;
    see_guarded *seen = NULL;
    uint64_t number = 0;
    ULONGLONG since = GetTickCount64();
    while (WaitForSingleObject(guard.stop, SEE_WATCH_MS) == WAIT_TIMEOUT) {
        see_guarded *call = atomic_load(&guard.watched);
        uint64_t now_number = call ? atomic_load(&call->number) : 0;
        if (call != seen || now_number != number) {
            seen = call;
            number = now_number;
            since = GetTickCount64();
        } else if (call && GetTickCount64() - since >= call->timeout_seconds * 1000) {
            char what[64];
            snprintf(what, sizeof what, "did not return within %g s", call->timeout_seconds);
            name_and_end(call, what);
        }
    }
    return 0;
}

bool see_guard_start(see_failure *why)
{
    if (guard.users++ > 0)
        return true;
    guard.stop = CreateEventA(NULL, TRUE, FALSE, NULL);
    guard.watchdog = guard.stop ? CreateThread(NULL, 0, watch, NULL, 0, NULL) : NULL;
    if (!guard.watchdog) {
        system_failure(why, "cannot start the plug-in's watchdog", GetLastError());
        if (guard.stop)
            CloseHandle(guard.stop);
        guard.users--;
        return false;
    }
    guard.before = SetUnhandledExceptionFilter(crashed);
    guard.abort_before = signal(SIGABRT, aborted);
    if (!guard.exit_handler)
        guard.exit_handler = atexit(exited) == 0;
    return true;
}

void see_guard_stop(void)
{
    if (guard.users == 0 || --guard.users > 0)
        return;
    SetUnhandledExceptionFilter(guard.before);
    signal(SIGABRT, guard.abort_before == SIG_ERR ? SIG_DFL : guard.abort_before);
    SetEvent(guard.stop);
    WaitForSingleObject(guard.watchdog, INFINITE);
    CloseHandle(guard.watchdog);
    CloseHandle(guard.stop);
}

void see_guard_enter(see_guarded *call) { atomic_store(&guard.watched, call); }

void see_guard_leave(void) { atomic_store(&guard.watched, NULL); }
