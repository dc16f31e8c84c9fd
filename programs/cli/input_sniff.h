/* Recognising binpack input by its content, not its name. */
#ifndef SEEBATCH_CLI_INPUT_SNIFF_H
#define SEEBATCH_CLI_INPUT_SNIFF_H

#include <stdbool.h>
#include <stdio.h>

/* Reads the first four bytes of input to see whether they are "BINP", the
 * magic of a binpack chunk, without losing them: a seekable file is put
 * back where it was; a pipe is wrapped in a stream that returns the bytes
 * read first and then the rest of the pipe. Returns the stream to read from
 * (input itself, or the wrapper, which the caller closes with fclose; that
 * leaves input open), or NULL when out of memory. */
FILE *sniff_binpack(FILE *input, bool *binpack);

#endif
