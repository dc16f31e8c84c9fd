/* The attribute that has the compiler check a printf-like function's format
 * against its arguments. mingw-w64 builds with __USE_MINGW_ANSI_STDIO (the
 * C99 printf, where %zu works; the Microsoft runtime's misreads it), so the
 * checks there follow GNU's printf, not Microsoft's; MSVC has no such check. */
#ifndef SEEBATCH_PRINTF_LIKE_H
#define SEEBATCH_PRINTF_LIKE_H

#if defined(__MINGW32__)
#define SEEBATCH_PRINTF_LIKE(string, first) __attribute__((format(gnu_printf, string, first)))
#elif defined(__GNUC__)
#define SEEBATCH_PRINTF_LIKE(string, first) __attribute__((format(printf, string, first)))
#else
#define SEEBATCH_PRINTF_LIKE(string, first)
#endif

#endif
