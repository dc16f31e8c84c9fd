#include "auto_choice.h"

#include "auto/dispatch.h"

const char *bench_auto_kernel_in_order(bool threshold, bool pins_given)
{
    seebatch_auto_here here;
    seebatch_auto_choice_here(&here, NULL);
    unsigned shape = seebatch_shape_index(threshold ? CALL_THRESHOLD : CALL_VALUES,
                                          BOARDS_IN_ORDER, pins_given, true);
    return seebatch_choice_kernel_names[here.choice.shapes.kernel[shape]];
}
