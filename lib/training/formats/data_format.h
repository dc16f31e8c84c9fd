/* What a file holds: the rule seebatch_training.h states (first bytes,
 * then name), applied to what a reader looked at, and the words that say a
 * file holds no training data, the library's messages' and the tool's. */
#ifndef SEEBATCH_FORMATS_DATA_FORMAT_H
#define SEEBATCH_FORMATS_DATA_FORMAT_H

#include "seebatch_training.h"

/* Why a file of lines is no training data, the words a message puts after
 * its name ("is no training data (no "BINP" ...)"). */
extern const char seebatch_not_training_data[];

/* How many first bytes seebatch_file_format_of looks at. */
enum { SEEBATCH_FILE_FORMAT_LOOK_BYTES = 4 };

/* What a file holds by the rule, from its first `got` bytes at start (start
 * may be NULL when got is 0) and its path (NULL: no name). Never
 * SEEBATCH_FILE_UNKNOWN. Pure. */
seebatch_file_format seebatch_file_format_of(const char *path, const char *start, size_t got);

#endif
