/* The two ways in's system calls (see_system.h) on POSIX: posix_spawn of
 * /bin/sh in a process group of its own, a poll loop over non-blocking
 * pipes, dlopen, and the guard: signal handlers on an alternate stack, an
 * exit handler and a watchdog thread. */
#define _GNU_SOURCE
#include "see_system.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "see_text.h"

extern char **environ;

enum { SEE_CHUNK = 1 << 16 };

struct see_child {
    pid_t pid;
    int input;  /* our end of its standard input, non-blocking; -1 once closed */
    int output; /* our end of its standard output */
    char written[SEE_CHUNK], read[SEE_CHUNK];
};

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static void system_failure(see_failure *why, const char *what)
{
    snprintf(why->message, sizeof why->message, "%s: %s", what, strerror(errno));
}

/* Two pipes, every end closed on exec (dup2 gives the child its own). */
static bool make_pipes(int input[2], int output[2], see_failure *why)
{
    if (pipe(input) != 0) {
        system_failure(why, "cannot make a pipe");
        return false;
    }
    if (pipe(output) != 0) {
        system_failure(why, "cannot make a pipe");
        close(input[0]);
        close(input[1]);
        return false;
    }
    int ends[4] = {input[0], input[1], output[0], output[1]};
    for (int i = 0; i < 4; i++)
        fcntl(ends[i], F_SETFD, FD_CLOEXEC);
    fcntl(input[1], F_SETFL, fcntl(input[1], F_GETFL) | O_NONBLOCK);
    return true;
}

/* sh -c command with the pipes as its standard input and output, in a
 * process group of its own (so that stopping it stops what it started),
 * every signal unblocked and SIGPIPE at its default. */
static int spawn_shell(const char *command, const int input[2], const int output[2], pid_t *pid)
{
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO);
    posix_spawnattr_init(&attributes);
    sigset_t none, pipe_signal;
    sigemptyset(&none);
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &pipe_signal);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                              POSIX_SPAWN_SETSIGDEF);
    char *argv[] = {"sh", "-c", (char *)command, NULL};
    int status = posix_spawn(pid, "/bin/sh", &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return status;
}

bool see_child_start(const char *command, see_child **child, see_failure *why)
{
    see_child *c = malloc(sizeof *c);
    int input[2], output[2];
    if (!c) {
        snprintf(why->message, sizeof why->message, "out of memory");
        return false;
    }
    if (!make_pipes(input, output, why)) {
        free(c);
        return false;
    }
    int status = spawn_shell(command, input, output, &c->pid);
    close(input[0]);
    close(output[1]);
    if (status != 0) {
        snprintf(why->message, sizeof why->message, "cannot start /bin/sh: %s", strerror(status));
        close(input[1]);
        close(output[0]);
        free(c);
        return false;
    }
    c->input = input[1];
    c->output = output[0];
    *child = c;
    return true;
}

/* ------------------------------------------------------------------------ */
/* The exchange: one thread, poll                                           */
/* ------------------------------------------------------------------------ */

typedef struct exchange_state {
    see_child *child;
    const see_exchange *exchange;
    size_t start, end; /* child->written[start..end) not yet written */
    bool writing, reading;
    double moved; /* when a byte last moved */
} exchange_state;

/* Writes what it can; false when the program no longer reads (EPIPE: its
 * answers, or its end, tell the rest). SIGPIPE is blocked meanwhile. */
static void write_some(exchange_state *s)
{
    ssize_t n = write(s->child->input, s->child->written + s->start, s->end - s->start);
    if (n > 0) {
        s->start += (size_t)n;
        s->moved = seconds_now();
    } else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        s->writing = false;
    }
}

/* Reads once: the exchange's end when this read ends it, else -1. */
static int read_some(exchange_state *s, see_failure *why)
{
    ssize_t n = read(s->child->output, s->child->read, sizeof s->child->read);
    if (n == 0)
        return SEE_EXCHANGE_CLOSED;
    if (n < 0) {
        if (errno == EINTR || errno == EAGAIN)
            return -1;
        system_failure(why, "cannot read the program's output");
        return SEE_EXCHANGE_BROKEN;
    }
    s->moved = seconds_now();
    see_taken taken = s->exchange->take(s->exchange->reader, s->child->read, (size_t)n);
    if (taken == SEE_TAKE_FAULT)
        return SEE_EXCHANGE_FAULT;
    s->reading = taken == SEE_TAKE_MORE;
    return -1;
}

/* The next chunk to write, when the last one is gone. */
static void refill(exchange_state *s)
{
    if (!s->writing || s->start < s->end)
        return;
    s->start = 0;
    s->end = s->exchange->produce(s->exchange->writer, s->child->written, SEE_CHUNK);
    s->writing = s->end > 0;
}

/* One turn of the loop: the exchange's end, or -1 to go on. */
static int exchange_turn(exchange_state *s, see_failure *why)
{
    refill(s);
    if (!s->writing && !s->reading)
        return SEE_EXCHANGE_DONE;
    double left = s->exchange->timeout_seconds - (seconds_now() - s->moved);
    if (left <= 0)
        return SEE_EXCHANGE_STALLED;
    struct pollfd fds[2] = {{s->child->output, POLLIN, 0}, {s->child->input, POLLOUT, 0}};
    int wait = left > 1 ? 1000 : (int)(left * 1000) + 1;
    int polled = poll(s->reading ? fds : fds + 1, (nfds_t)(s->reading + s->writing), wait);
    if (polled < 0 && errno != EINTR) {
        system_failure(why, "cannot wait for the program");
        return SEE_EXCHANGE_BROKEN;
    }
    if (polled <= 0)
        return -1;
    if (s->writing && fds[1].revents)
        write_some(s);
    if (s->reading && fds[0].revents)
        return read_some(s, why);
    return -1;
}

see_exchange_end see_child_exchange(see_child *child, const see_exchange *exchange,
                                    see_failure *why)
{
    exchange_state s = {child, exchange,     0, 0, exchange->produce && child->input >= 0,
                        true,  seconds_now()};
    /* A write to a program that has closed its input raises SIGPIPE, which
     * would end this process: blocked here, and one raised taken back. */
    sigset_t pipe_signal, before, pending;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &before);
    sigpending(&pending);
    bool was_pending = sigismember(&pending, SIGPIPE);
    int end;
    while ((end = exchange_turn(&s, why)) < 0)
        continue;
    sigpending(&pending);
    if (!was_pending && sigismember(&pending, SIGPIPE)) {
        struct timespec zero = {0, 0};
        sigtimedwait(&pipe_signal, NULL, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    return (see_exchange_end)end;
}

void see_child_close_input(see_child *child)
{
    if (child->input >= 0)
        close(child->input);
    child->input = -1;
}

/* ------------------------------------------------------------------------ */
/* The end                                                                  */
/* ------------------------------------------------------------------------ */

static const char *signal_name(int number)
{
    static const struct {
        int number;
        const char *name;
    } names[] = {{SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
                 {SIGILL, "SIGILL"},   {SIGABRT, "SIGABRT"}, {SIGKILL, "SIGKILL"},
                 {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},   {SIGHUP, "SIGHUP"},
                 {SIGPIPE, "SIGPIPE"}, {SIGQUIT, "SIGQUIT"}, {SIGTRAP, "SIGTRAP"},
                 {SIGALRM, "SIGALRM"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].number == number)
            return names[i].name;
    return "unnamed";
}

static void describe_status(int status, see_ending *ending)
{
    if (WIFSIGNALED(status)) {
        snprintf(ending->how, sizeof ending->how, "signal %d, %s", WTERMSIG(status),
                 signal_name(WTERMSIG(status)));
        return;
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    ending->clean = code == 0;
    /* A shell that ran the program rather than becoming it tells of its
     * signal by 128 + its number. */
    const char *name = code > 128 ? signal_name(code - 128) : "unnamed";
    if (strcmp(name, "unnamed") != 0)
        snprintf(ending->how, sizeof ending->how, "exit status %d: signal %d, %s", code, code - 128,
                 name);
    else
        snprintf(ending->how, sizeof ending->how, "exit status %d%s", code,
                 code == 127   ? ": the command was not found"
                 : code == 126 ? ": the command could not be run"
                               : "");
}

/* Waits up to timeout for pid to end: true with its status. */
static bool wait_for(pid_t pid, double timeout_seconds, int *status)
{
    double until = seconds_now() + timeout_seconds;
    struct timespec pause = {0, 1000000};
    for (;;) {
        pid_t ended = waitpid(pid, status, WNOHANG);
        if (ended == pid || (ended < 0 && errno != EINTR))
            return ended == pid;
        if (seconds_now() >= until)
            return false;
        nanosleep(&pause, NULL);
        if (pause.tv_nsec < 50000000)
            pause.tv_nsec *= 2;
    }
}

void see_child_end(see_child *child, bool stop, double timeout_seconds, see_ending *ending)
{
    memset(ending, 0, sizeof *ending);
    see_child_close_input(child);
    int status = 0;
    bool ended = !stop && wait_for(child->pid, timeout_seconds, &status);
    if (!ended) {
        kill(-child->pid, SIGKILL);
        kill(child->pid, SIGKILL);
        while (waitpid(child->pid, &status, 0) < 0 && errno == EINTR)
            continue;
        ending->stopped = true;
        snprintf(ending->how, sizeof ending->how, "stopped");
    } else {
        describe_status(status, ending);
    }
    close(child->output);
    free(child);
}

/* ------------------------------------------------------------------------ */
/* A library                                                                */
/* ------------------------------------------------------------------------ */

see_library *see_library_open(const char *path, see_failure *why)
{
    /* A name with no slash is a file here, not one for dlopen to search. */
    char local[4096];
    snprintf(local, sizeof local, "%s%s", strchr(path, '/') ? "" : "./", path);
    dlerror();
    void *library = dlopen(local, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(why->message, sizeof why->message, "cannot load %s: %s", path,
                 reason ? reason : "unknown reason");
    }
    return library;
}

void *see_library_symbol(see_library *library, const char *name)
{
    return dlsym((void *)library, name);
}

void see_library_close(see_library *library) { dlclose((void *)library); }

/* ------------------------------------------------------------------------ */
/* The guard                                                                */
/* ------------------------------------------------------------------------ */

/* The guard is the process's: signal handlers are. Its state is touched
 * by see_guard_start and _stop on the asking thread, read by handlers and
 * the watchdog. */
static struct {
    int users;
    _Atomic(see_guarded *) watched;
    struct sigaction before[5];
    stack_t stack, stack_before;
    pthread_t watchdog;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stopping, exit_handler;
} guard = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static const int guarded_signals[5] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

/* Writes the guard's line for the call watched and ends the process. */
static void name_and_end(see_guarded *call, const char *what)
{
    char line[SEE_TEXT_FEN_MAX + 512];
    size_t length = see_text_guard_line(line, sizeof line, call, what);
    ssize_t written = write(STDERR_FILENO, line, length);
    (void)written;
    _exit(ENGINE_SEE_EXIT_STATUS);
}

static void crashed(int number)
{
    see_guarded *call = atomic_load(&guard.watched);
    if (!call) {
        /* Not inside a plug-in: the signal's own action, as if unguarded. */
        signal(number, SIG_DFL);
        raise(number);
        return;
    }
    char what[48] = "crashed (";
    size_t used = sizeof "crashed (" - 1;
    see_text_append(what, sizeof what, &used, signal_name(number));
    see_text_append(what, sizeof what, &used, ")");
    name_and_end(call, what);
}

static void exited(void)
{
    see_guarded *call = atomic_load(&guard.watched);
    if (call)
        name_and_end(call, "ended the process (exit)");
}

/* Every 50 ms: the question watched, and how long it has been the same. */
static void *watch(void *unused)
{
    (void)unused;
    see_guarded *seen = NULL;
    uint64_t number = 0;
    double since = seconds_now();
    pthread_mutex_lock(&guard.lock);
    while (!guard.stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 50000000;
        until.tv_sec += until.tv_nsec / 1000000000;
        until.tv_nsec %= 1000000000;
        pthread_cond_timedwait(&guard.wake, &guard.lock, &until);
        see_guarded *call = atomic_load(&guard.watched);
        uint64_t now_number = call ? atomic_load(&call->number) : 0;
        if (call != seen || now_number != number) {
            seen = call;
            number = now_number;
            since = seconds_now();
        } else if (call && seconds_now() - since >= call->timeout_seconds) {
            char what[64];
            snprintf(what, sizeof what, "did not return within %g s", call->timeout_seconds);
            name_and_end(call, what);
        }
    }
    pthread_mutex_unlock(&guard.lock);
    return NULL;
}

static void install_handlers(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = crashed;
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 5; i++)
        sigaction(guarded_signals[i], &action, &guard.before[i]);
    if (!guard.exit_handler)
        guard.exit_handler = atexit(exited) == 0;
}

bool see_guard_start(see_failure *why)
{
    if (guard.users++ > 0)
        return true;
    guard.stack.ss_size = 1 << 16;
    guard.stack.ss_sp = malloc(guard.stack.ss_size);
    guard.stopping = false;
    int status = guard.stack.ss_sp ? pthread_create(&guard.watchdog, NULL, watch, NULL) : ENOMEM;
    if (status != 0) {
        snprintf(why->message, sizeof why->message, "cannot start the plug-in's watchdog: %s",
                 strerror(status));
        free(guard.stack.ss_sp);
        guard.users--;
        return false;
    }
    install_handlers();
    return true;
}

void see_guard_stop(void)
{
    if (guard.users == 0 || --guard.users > 0)
        return;
    for (int i = 0; i < 5; i++)
        sigaction(guarded_signals[i], &guard.before[i], NULL);
    pthread_mutex_lock(&guard.lock);
    guard.stopping = true;
    pthread_cond_signal(&guard.wake);
    pthread_mutex_unlock(&guard.lock);
    pthread_join(guard.watchdog, NULL);
    free(guard.stack.ss_sp);
}

void see_guard_enter(see_guarded *call)
{
    /* The alternate stack on the asking thread, so that a plug-in that
     * runs out of stack is named too. */
    guard.stack.ss_flags = 0;
    sigaltstack(&guard.stack, &guard.stack_before);
    atomic_store(&guard.watched, call);
}

void see_guard_leave(void)
{
    atomic_store(&guard.watched, NULL);
    sigaltstack(&guard.stack_before, NULL);
}
