/*
 * The engine pair's choice of view exchanges: the portable lookups, the
 * only ones it carries (it reads no SEEBATCH_VIEW_EXCHANGE and asks the CPU
 * nothing). It takes the place of lib/views/choice.c's.
 */
#include "errors.h"
#include "views/views.h"

static seebatch_status seebatch_view_set_here(const view_exchange_set **set,
                                              seebatch_error *error)
{
    *set = &seebatch_view_portable;
    return seebatch_succeed(error);
}
