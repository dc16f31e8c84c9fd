/* The view exchanges with the portable attack lookups (magics), for any CPU. */
#include "board/lookups_portable.h"

#define VIEW_TABLE seebatch_view_portable
#include "instances.h"
