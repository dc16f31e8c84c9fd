/* What a file holds: the public rule (seebatch_file_format_of,
 * seebatch_training.h) and the words that say a file holds no training
 * data, the library's messages' and the tool's. */
#ifndef SEEBATCH_FORMATS_DATA_FORMAT_H
#define SEEBATCH_FORMATS_DATA_FORMAT_H

#include "seebatch_training.h"

/* Why a file of lines is no training data, the words a message puts after
 * its name ("is no training data (no "BINP" ...)"). */
extern const char seebatch_not_training_data[];

#endif
