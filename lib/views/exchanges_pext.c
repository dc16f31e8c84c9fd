/* The view exchanges with pext attack lookups (BMI2): the same bodies as
 * exchanges_portable.c. Built with the AVX2 kernel's options, which include
 * BMI2, and chosen only where that kernel's CPU check passes (choice.c). */
#include "board/lookups_pext.h"

#define VIEW_TABLE seebatch_view_pext
#include "instances.h"
