/* Saving what seebatch calibrate found as the profile auto reads (calibration.h). */
#include "calibration.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "errors.h"
#include "output_file.h"
#include "platform/files.h"

/* Makes every directory above the file at path that is missing; 0 or errno. */
static int seebatch_calibration_directories(const char *path)
{
    char above[CALIBRATION_PATH_TEXT];
    snprintf(above, sizeof above, "%s", path);
    for (char *at = above + 1; *at; at++) {
        if (*at != '/' && *at != '\\')
            continue;
        char kept = *at;
        *at = '\0';
        int failed = seebatch_directory_make(above);
        *at = kept;
        if (failed)
            return failed;
    }
    return 0;
}

seebatch_status seebatch_calibration_save(const seebatch_calibration *found, seebatch_error *error)
{
    const char *path = found->profile_path;
    char shown[CALIBRATION_PATH_TEXT + 4];
    seebatch_printable(path, SIZE_MAX, CALIBRATION_PATH_TEXT, shown);
    if (!*path)
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "no profile path: SEEBATCH_PROFILE is \"none\", or there is no home "
                             "directory to keep the default one in; nothing was saved");
    /* SEEBATCH_PROFILE's directory is the user's to make; the default's is ours. */
    int failed = found->path_named ? 0 : seebatch_calibration_directories(path);
    output_file out;
    if (!failed)
        failed = seebatch_output_file_open(&out, path);
    if (failed)
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "cannot save the profile %s: %s; nothing was saved", shown,
                             strerror(failed));
    fwrite(found->profile, 1, strlen(found->profile), out.stream);
    if (fflush(out.stream) != 0 || ferror(out.stream)) {
        failed = errno ? errno : EIO;
        seebatch_output_file_discard(&out);
    } else {
        failed = seebatch_output_file_commit(&out);
    }
    if (failed)
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "cannot save the profile %s: %s; the file is as it was", shown,
                             strerror(failed));
    return seebatch_succeed(error);
}
