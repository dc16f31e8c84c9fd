/* What the public SEE entry points share (see_api.c, see_checked.c). */
#ifndef SEEBATCH_SEE_API_H
#define SEEBATCH_SEE_API_H

#include "kernel.h"

/* The kernel for a batch of this length: the one in use, unless the batch is
 * too short for its lanes to pay off. */
const see_backend *seebatch_backend_for(size_t count);

#endif
