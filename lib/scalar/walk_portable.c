/* The scalar backend's walk with the portable attack lookups (magics), for
 * any CPU. */
#include "exchange/lookups_portable.h"

#define WALK_BACKEND seebatch_scalar_walk_portable
#define WALK_NAME "scalar (portable)"
#include "walk_body.h"
