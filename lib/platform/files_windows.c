/* The files of the platform (files.h) on Windows, with its own calls: a
 * file's identity from GetFileInformationByHandle, a new file from
 * CreateFile (CREATE_NEW, handle not inherited) opened in binary, the
 * replacement by ReplaceFile (which keeps the target's attributes and
 * access rules) or MoveFileEx where no target exists. */
#include "platform/files.h"

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

/* The errno value nearest a Windows error. */
static int seebatch_errno_of(DWORD error)
{
    switch (error) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
    case ERROR_BAD_NETPATH:
        return ENOENT;
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
        return EEXIST;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
    case ERROR_WRITE_PROTECT:
        return EACCES;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
        return ENOSPC;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
        return ENOMEM;
    case ERROR_FILENAME_EXCED_RANGE:
        return ENAMETOOLONG;
    case ERROR_NOT_SAME_DEVICE:
        return EXDEV;
    default:
        return EIO;
    }
}

/* A handle on what path names, for looking at it only (links followed,
 * directories too); INVALID_HANDLE_VALUE when it cannot be opened. */
static HANDLE seebatch_open_to_look(const char *path)
{
    return CreateFileA(path, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                       OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
}

/* Which file a handle is open on, as GetFileInformationByHandle says. */
static bool seebatch_file_index(HANDLE handle, uint64_t *volume, uint64_t *index)
{
    BY_HANDLE_FILE_INFORMATION info;
    if (!GetFileInformationByHandle(handle, &info))
        return false;
    *volume = info.dwVolumeSerialNumber;
    *index = (uint64_t)info.nFileIndexHigh << 32 | info.nFileIndexLow;
    return true;
}

/* The same by GetFileInformationByHandleEx's FILE_ID_INFO (128-bit ids):
 * where the first fails, as Wine's does for a standard input it was given
 * from a Unix shell (whose volume it then gives as 0). */
static bool seebatch_file_id(HANDLE handle, FILE_ID_INFO *id)
{
    return GetFileInformationByHandleEx(handle, FileIdInfo, id, sizeof *id) != 0;
}

static bool seebatch_same_file(HANDLE a, HANDLE b)
{
    uint64_t volume_a, volume_b, index_a, index_b;
    if (seebatch_file_index(a, &volume_a, &index_a) && seebatch_file_index(b, &volume_b, &index_b))
        return volume_a == volume_b && index_a == index_b;
    FILE_ID_INFO id_a, id_b;
    if (!seebatch_file_id(a, &id_a) || !seebatch_file_id(b, &id_b))
        return false;
    /* A volume not known (0) matches any: refusing an output by mistake is
     * better than writing over an input. */
    bool volumes = id_a.VolumeSerialNumber == id_b.VolumeSerialNumber ||
                   !id_a.VolumeSerialNumber || !id_b.VolumeSerialNumber;
    return volumes && memcmp(&id_a.FileId, &id_b.FileId, sizeof id_a.FileId) == 0;
}

/* The handle of the file on a disk the stream reads or writes, else
 * INVALID_HANDLE_VALUE (a pipe, the console, NUL). */
static HANDLE seebatch_disk_file_of(FILE *stream)
{
    int fd = _fileno(stream);
    HANDLE handle = fd >= 0 ? (HANDLE)_get_osfhandle(fd) : INVALID_HANDLE_VALUE;
    return handle != INVALID_HANDLE_VALUE && GetFileType(handle) == FILE_TYPE_DISK
               ? handle
               : INVALID_HANDLE_VALUE;
}

bool seebatch_file_streams_share(FILE *a, FILE *b, uint64_t *size)
{
    HANDLE first = seebatch_disk_file_of(a), second = seebatch_disk_file_of(b);
    LARGE_INTEGER bytes;
    if (first == INVALID_HANDLE_VALUE || second == INVALID_HANDLE_VALUE ||
        !seebatch_same_file(first, second) || !GetFileSizeEx(first, &bytes))
        return false;
    *size = (uint64_t)bytes.QuadPart;
    return true;
}

bool seebatch_file_is_stream_file(const char *path, FILE *stream)
{
    HANDLE open = seebatch_disk_file_of(stream);
    if (open == INVALID_HANDLE_VALUE)
        return false;
    HANDLE named = seebatch_open_to_look(path);
    if (named == INVALID_HANDLE_VALUE)
        return false;
    bool same = seebatch_same_file(named, open);
    CloseHandle(named);
    return same;
}

seebatch_path_kind seebatch_path_kind_of(const char *path)
{
    HANDLE handle = seebatch_open_to_look(path);
    if (handle == INVALID_HANDLE_VALUE) {
        DWORD error = GetLastError();
        /* A file another process holds shut is still a file to replace. */
        return error == ERROR_SHARING_VIOLATION ? SEEBATCH_PATH_REGULAR : SEEBATCH_PATH_ABSENT;
    }
    BY_HANDLE_FILE_INFORMATION info;
    seebatch_path_kind kind = SEEBATCH_PATH_OTHER;
    if (GetFileType(handle) == FILE_TYPE_DISK && GetFileInformationByHandle(handle, &info))
        kind = (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) ? SEEBATCH_PATH_DIRECTORY
                                                                  : SEEBATCH_PATH_REGULAR;
    CloseHandle(handle);
    return kind;
}

/* A copy of the n bytes at text, NUL-terminated; NULL when out of memory. */
static char *seebatch_copy_of(const char *text, size_t n)
{
    char *copy = malloc(n + 1);
    if (copy) {
        memcpy(copy, text, n);
        copy[n] = '\0';
    }
    return copy;
}

/* The final path of a link, as GetFinalPathNameByHandle gives it, without
 * its "\\?\" prefix ("\\?\UNC\server\share" as "\\server\share"), which
 * the ANSI calls do not take; NULL when it cannot be had. */
static char *seebatch_link_target(const char *path)
{
    HANDLE handle = seebatch_open_to_look(path);
    if (handle == INVALID_HANDLE_VALUE)
        return NULL;
    char final[MAX_PATH + 8];
    DWORD length = GetFinalPathNameByHandleA(handle, final, sizeof final, FILE_NAME_NORMALIZED);
    CloseHandle(handle);
    if (length == 0 || length >= sizeof final)
        return NULL;
    if (strncmp(final, "\\\\?\\UNC\\", 8) == 0) {
        final[6] = '\\';
        return seebatch_copy_of(final + 6, length - 6);
    }
    if (strncmp(final, "\\\\?\\", 4) == 0)
        return seebatch_copy_of(final + 4, length - 4);
    return seebatch_copy_of(final, length);
}

char *seebatch_path_resolved(const char *path)
{
    DWORD attributes = GetFileAttributesA(path);
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
        char *target = seebatch_link_target(path);
        if (target)
            return target;
    }
    return seebatch_copy_of(path, strlen(path));
}

size_t seebatch_path_name_start(const char *path)
{
    size_t start = 0;
    for (size_t i = 0; path[i]; i++)
        if (path[i] == '/' || path[i] == '\\' || (i == 1 && path[i] == ':'))
            start = i + 1;
    return start;
}

int seebatch_path_writable(const char *path)
{
    HANDLE handle = CreateFileA(path, GENERIC_WRITE,
                                FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                                OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    if (handle != INVALID_HANDLE_VALUE) {
        CloseHandle(handle);
        return 0;
    }
    DWORD error = GetLastError();
    return error == ERROR_ACCESS_DENIED || error == ERROR_WRITE_PROTECT ? EACCES : 0;
}

FILE *seebatch_file_create_new(const char *path, const char *like)
{
    (void)like; /* ReplaceFile keeps the replaced file's attributes and access rules */
    /* No SECURITY_ATTRIBUTES: the handle is not inherited by child processes. */
    /* Shared for deletion: an interrupted run removes it while it is open. */
    HANDLE handle = CreateFileA(path, GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, NULL,
                                CREATE_NEW, FILE_ATTRIBUTE_NORMAL, NULL);
    if (handle == INVALID_HANDLE_VALUE) {
        errno = seebatch_errno_of(GetLastError());
        return NULL;
    }
    int fd = _open_osfhandle((intptr_t)handle, _O_WRONLY | _O_BINARY);
    FILE *stream = fd >= 0 ? _fdopen(fd, "wb") : NULL;
    if (!stream) {
        if (fd >= 0)
            _close(fd);
        else
            CloseHandle(handle);
        DeleteFileA(path);
        errno = ENOMEM;
    }
    return stream;
}

/* ReplaceFile with both names made full (GetFullPathName): Wine 8's
 * refuses a relative one (ERROR_DIRECTORY). */
static bool seebatch_replace_by_full_names(const char *replacement, const char *target)
{
    char full_replacement[MAX_PATH], full_target[MAX_PATH];
    DWORD a = GetFullPathNameA(replacement, MAX_PATH, full_replacement, NULL);
    DWORD b = GetFullPathNameA(target, MAX_PATH, full_target, NULL);
    if (a == 0 || a >= MAX_PATH || b == 0 || b >= MAX_PATH)
        return ReplaceFileA(target, replacement, NULL, REPLACEFILE_IGNORE_MERGE_ERRORS, NULL, NULL);
    return ReplaceFileA(full_target, full_replacement, NULL, REPLACEFILE_IGNORE_MERGE_ERRORS, NULL,
                        NULL);
}

int seebatch_file_replace(const char *replacement, const char *target)
{
    if (seebatch_replace_by_full_names(replacement, target))
        return 0;
    DWORD error = GetLastError();
    /* ReplaceFile needs a target; without one, or where it cannot keep the
     * target's attributes (some file systems), a move in one step. */
    if (error != ERROR_FILE_NOT_FOUND && error != ERROR_UNABLE_TO_REMOVE_REPLACED &&
        error != ERROR_UNABLE_TO_MOVE_REPLACEMENT && error != ERROR_INVALID_PARAMETER)
        return seebatch_errno_of(error);
    if (MoveFileExA(replacement, target, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        return 0;
    return seebatch_errno_of(GetLastError());
}

int seebatch_file_remove(const char *path)
{
    return DeleteFileA(path) ? 0 : seebatch_errno_of(GetLastError());
}

uint64_t seebatch_file_name_noise(void)
{
    LARGE_INTEGER counter;
    QueryPerformanceCounter(&counter);
    return ((uint64_t)counter.QuadPart * 0x9E3779B97F4A7C15u) ^
           ((uint64_t)GetCurrentProcessId() << 20);
}

void seebatch_standard_streams_binary(void)
{
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
}
