/* For the sources compiled against the engine pair (tests/engine_pair): the
 * pair's header stands where they include the library's. */
#include "seebatch_engine.h"
