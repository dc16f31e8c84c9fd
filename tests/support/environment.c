#define _POSIX_C_SOURCE 200112L /* setenv, unsetenv under -std=c11 */
#include "environment.h"

#include <stdlib.h>

#if defined(_WIN32)

void test_setenv(const char *name, const char *value) { _putenv_s(name, value); }

void test_unsetenv(const char *name) { _putenv_s(name, ""); }

#else

void test_setenv(const char *name, const char *value) { setenv(name, value, 1); }

void test_unsetenv(const char *name) { unsetenv(name); }

#endif
