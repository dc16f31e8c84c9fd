/* The scalar backend's walk with pext attack lookups (BMI2): the same body
 * as walk_portable.c. Built with the AVX2 kernel's options, which include
 * BMI2, as the views' pext exchanges are, and chosen only where the CPU
 * runs them and runs pext fast (scalar_backend.c). */
#include "board/lookups_pext.h"

#define WALK_BACKEND seebatch_scalar_walk_pext
#define WALK_NAME "scalar (pext)"
#define WALK_EACH seebatch_scalar_walk_pext_each
#include "walk_body.h"

#define NODE_SEE_GE seebatch_node_see_ge_pext
#define NODE_VALUES seebatch_node_values_pext
#include "node_body.h"
