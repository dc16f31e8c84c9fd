#define _POSIX_C_SOURCE 200809L
#include "self_child.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The child's stderr, line by line, passed on and counted. */
static void read_errors(FILE *errors, const char *watch, int *watched)
{
    char line[512];
    *watched = 0;
    while (fgets(line, sizeof line, errors)) {
        fputs(line, stderr); /* a sanitizer report or a failed CHECK stays visible */
        *watched += strstr(line, watch) != NULL;
    }
    fclose(errors);
}

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#include <windows.h>

/* The command line: this program's path and the arguments, each quoted
 * (the tests' arguments hold no quote). */
static void command_line(char *line, size_t size, const char *const *arguments)
{
    char self[MAX_PATH];
    GetModuleFileNameA(NULL, self, sizeof self);
    size_t used = (size_t)snprintf(line, size, "\"%s\"", self);
    for (size_t i = 0; arguments[i] && used < size; i++)
        used += (size_t)snprintf(line + used, size - used, " \"%s\"", arguments[i]);
}

int run_self_child(const char *name, const char *value, const char *const *arguments,
                   const char *watch, int *watched)
{
    SECURITY_ATTRIBUTES inherited = {sizeof inherited, NULL, TRUE};
    HANDLE read_end, write_end;
    if (!CreatePipe(&read_end, &write_end, &inherited, 0))
        return -1;
    SetHandleInformation(read_end, HANDLE_FLAG_INHERIT, 0);
    char line[4096];
    command_line(line, sizeof line, arguments);
    STARTUPINFOA start = {.cb = sizeof start, .dwFlags = STARTF_USESTDHANDLES};
    start.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    start.hStdOutput = GetStdHandle(STD_OUTPUT_HANDLE);
    start.hStdError = write_end;
    PROCESS_INFORMATION child;
    /* The child takes this process's environment, changed for it and back. */
    char before[256];
    DWORD had = GetEnvironmentVariableA(name, before, sizeof before);
    SetEnvironmentVariableA(name, value);
    BOOL started = CreateProcessA(NULL, line, NULL, NULL, TRUE, 0, NULL, NULL, &start, &child);
    SetEnvironmentVariableA(name, had && had < sizeof before ? before : NULL);
    CloseHandle(write_end);
    if (!started) {
        CloseHandle(read_end);
        return -1;
    }
    read_errors(_fdopen(_open_osfhandle((intptr_t)read_end, _O_RDONLY), "r"), watch, watched);
    WaitForSingleObject(child.hProcess, INFINITE);
    DWORD status = 0;
    GetExitCodeProcess(child.hProcess, &status);
    CloseHandle(child.hProcess);
    CloseHandle(child.hThread);
    return (int)status;
}

#else
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* This process's environment without `name`, and name=value when value. */
static void child_environment(char **environment, size_t capacity, const char *name,
                              const char *value, char *setting, size_t setting_size)
{
    size_t n = 0, length = strlen(name);
    for (char **e = environ; *e && n + 2 < capacity; e++)
        if (strncmp(*e, name, length) != 0 || (*e)[length] != '=')
            environment[n++] = *e;
    if (value) {
        snprintf(setting, setting_size, "%s=%s", name, value);
        environment[n++] = setting;
    }
    environment[n] = NULL;
}

/* argv: the emulator's words and this program's path under an emulator,
 * else the program's name; then the arguments. Returns the program to run. */
static const char *child_arguments(char **argv, char *emulator, size_t emulator_size, char *self,
                                   size_t self_size, const char *const *arguments)
{
    size_t a = 0;
    const char *program = "/proc/self/exe";
    const char *words = getenv("SEEBATCH_EMULATOR");
    if (words && *words) {
        ssize_t length = readlink("/proc/self/exe", self, self_size - 1);
        if (length <= 0)
            return NULL;
        self[length] = '\0';
        snprintf(emulator, emulator_size, "%s", words);
        for (char *word = strtok(emulator, " "); word && a < 6; word = strtok(NULL, " "))
            argv[a++] = word;
        program = argv[0];
        argv[a++] = self;
    } else {
        argv[a++] = "test";
    }
    for (size_t i = 0; arguments[i] && i < 8; i++)
        argv[a++] = (char *)arguments[i];
    argv[a] = NULL;
    return program;
}

int run_self_child(const char *name, const char *value, const char *const *arguments,
                   const char *watch, int *watched)
{
    char setting[256], self[4096], emulator[512], *environment[256], *argv[16];
    child_environment(environment, 256, name, value, setting, sizeof setting);
    const char *program = child_arguments(argv, emulator, sizeof emulator, self, sizeof self,
                                          arguments);
    int pipe_ends[2];
    if (!program || pipe(pipe_ends) != 0)
        return -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipe_ends[0]);
    pid_t child;
    int spawned = posix_spawnp(&child, program, &actions, NULL, argv, environment);
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_ends[1]);
    if (spawned != 0) {
        close(pipe_ends[0]);
        return -1;
    }
    read_errors(fdopen(pipe_ends[0], "r"), watch, watched);
    int status;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

#endif
