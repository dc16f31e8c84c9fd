/*
 * A test program run again as a child of itself, with one environment
 * variable set or removed, its standard error read back: posix_spawn on
 * POSIX, CreateProcess on Windows. Under an emulator (a cross build's
 * tests: SEEBATCH_EMULATOR, from CMake) a POSIX child runs under it too; a
 * Windows process under Wine starts Windows children itself.
 */
#ifndef SEEBATCH_TEST_SELF_CHILD_H
#define SEEBATCH_TEST_SELF_CHILD_H

/* Runs this program with `name` set to value (NULL: removed) and the
 * arguments given (NULL-terminated, at most 8, the program's name not
 * among them). Every line the child writes to stderr is passed on to this
 * stderr; *watched counts those containing `watch`. Returns the child's
 * exit status (128 + the signal that ended it), or -1 when it cannot be
 * started. */
int run_self_child(const char *name, const char *value, const char *const *arguments,
                   const char *watch, int *watched);

#endif
