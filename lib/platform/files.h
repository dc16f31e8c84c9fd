/*
 * What the libraries ask of the operating system about files, in one place:
 * files_posix.c (Linux, macOS, any POSIX system) and files_windows.c (the
 * Windows calls: CreateFile, GetFileInformationByHandle, ReplaceFile,
 * MoveFileEx). CMake compiles one of the two. Used by the output files
 * (output_file.c), which is how the training writer, the filter and the
 * tool reach them. Paths are the ones
 * fopen takes (on Windows: the ANSI code page). Every call reports a
 * failure as an errno value, as the C library does.
 */
#ifndef SEEBATCH_PLATFORM_FILES_H
#define SEEBATCH_PLATFORM_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Whether path names the file the stream reads or writes (the same file,
 * whatever the name: a symbolic link to it, a hard link): device and inode
 * on POSIX, volume serial number and file index on Windows. False when path
 * names nothing or the stream no file (a pipe). */
bool seebatch_file_is_stream_file(const char *path, FILE *stream);

/* Whether the two streams read or write one file on a disk (a regular
 * file: device and inode, volume and file index, as above), such as a
 * standard output redirected to an input, its size in bytes then in *size
 * (looked at without a byte read). False when either is a pipe, a terminal
 * or a device: /dev/null (NUL) read and written at once is no harm. */
bool seebatch_file_streams_share(FILE *a, FILE *b, uint64_t *size);

typedef enum seebatch_path_kind {
    SEEBATCH_PATH_ABSENT,  /* nothing there (or nothing that can be looked at) */
    SEEBATCH_PATH_REGULAR,   /* a file on a disk, which can be replaced */
    SEEBATCH_PATH_DIRECTORY, /* which can be neither read nor written as a file */
    SEEBATCH_PATH_OTHER      /* a device (/dev/null, NUL), a FIFO */
} seebatch_path_kind;

/* What path names, links followed. */
seebatch_path_kind seebatch_path_kind_of(const char *path);

/* A copy of path, or for a symbolic link the path of the file it names
 * (links followed to the last, which may name a file not made yet), so that
 * replacing it keeps the link; NULL with errno set where it cannot be
 * (out of memory; on POSIX a chain of links that loops or cannot be read). */
char *seebatch_path_resolved(const char *path);

/* Where the file name in path starts (after its last directory separator:
 * '/', and on Windows '\\' and a drive's ':'). */
size_t seebatch_path_name_start(const char *path);

/* 0 when the existing file at path may be written, else the errno of the
 * refusal (EACCES). */
int seebatch_path_writable(const char *path);

/* Creates the file path, which must not exist yet (else EEXIST), for
 * writing in binary, its descriptor kept from child processes; with the
 * permissions of the existing file `like` where the system copies them at
 * creation (POSIX), else those of a new file. Returns the stream, or NULL
 * with errno set. */
FILE *seebatch_file_create_new(const char *path, const char *like);

/* Puts the file `replacement` in the place of `target`, in one step that
 * leaves either the old file or the new one there (rename; ReplaceFile,
 * which keeps the target's attributes and access rules, or MoveFileEx
 * where there is no target yet). Returns 0 or an errno value. */
int seebatch_file_replace(const char *replacement, const char *target);

/* Removes the file; 0 or an errno value. */
int seebatch_file_remove(const char *path);

/* Puts the standard streams in binary mode, so that every byte passes
 * unchanged as on POSIX: Windows' text mode turns "\n" into "\r\n" on the
 * way out, and drops "\r" and stops at Ctrl+Z on the way in. Nothing to do
 * on POSIX. For programs (the tool, the tests' programs), never the library. */
void seebatch_standard_streams_binary(void);

/* A number that differs between processes and between calls, for naming
 * temporary files. */
uint64_t seebatch_file_name_noise(void);

#endif
