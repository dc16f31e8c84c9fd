/*
 * The engine pair's attack tables (lib/board/attacks.h): its own static arrays,
 * filled at run time by the first rules made or pins asked for
 * (attack_tables_fill.c), so that the pair carries no megabytes of data as
 * source; the pext tables too where the compiler targets BMI2 (target.h).
 * Defined before attacks.h, which otherwise declares the library's constant
 * tables.
 */
#ifndef SEEBATCH_PAIR_TABLES_H
#define SEEBATCH_PAIR_TABLES_H

#include "target.h"

#define SEEBATCH_TABLE static
#define SEEBATCH_PEXT_TABLES SEEBATCH_PAIR_PEXT
static void seebatch_attack_tables_fill(void);
#define seebatch_tables_ready() seebatch_attack_tables_fill()

#include "board/attacks.h"

#endif
