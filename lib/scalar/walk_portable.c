/* The scalar backend's walk with the portable attack lookups (magics), for
 * any CPU. */
#include "board/lookups_portable.h"

#define WALK_BACKEND seebatch_scalar_walk_portable
#define WALK_NAME "scalar (portable)"
#define WALK_EACH seebatch_scalar_walk_portable_each
#include "walk_body.h"

#define NODE_SEE_GE seebatch_node_see_ge_portable
#define NODE_VALUES seebatch_node_values_portable
#include "node_body.h"
