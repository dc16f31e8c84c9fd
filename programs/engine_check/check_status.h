/* How a step of the check of an engine's SEE ended: the tool's exit
 * status follows (3 for memory, 4 for the engine). */
#ifndef SEEBATCH_CHECK_STATUS_H
#define SEEBATCH_CHECK_STATUS_H

typedef enum check_status {
    CHECK_DONE = 0,
    CHECK_ENGINE_FAILED = 1, /* the SEE under test failed: its see_failure says how */
    CHECK_NO_MEMORY = 2
} check_status;

#endif
