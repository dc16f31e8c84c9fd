/* Setting and removing environment variables in a test, on POSIX
 * (setenv, unsetenv) and on Windows (_putenv_s, where an empty value
 * removes the variable: the library reads unset and empty alike). */
#ifndef SEEBATCH_TEST_ENVIRONMENT_H
#define SEEBATCH_TEST_ENVIRONMENT_H

void test_setenv(const char *name, const char *value);
void test_unsetenv(const char *name);

#endif
