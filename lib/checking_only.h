/*
 * The differential harness's door into the library's internals
 * (programs/checking): the kernels it holds to the reference, past the
 * public calls and dispatch. Never installed; the harness's files include
 * no other header of lib/ (tests/design/tool_door.sh), and
 * tests/design/door_names.py counts every name it takes through here
 * (tests/design/checking_door_names.txt, at most 10).
 */
#ifndef SEEBATCH_CHECKING_ONLY_H
#define SEEBATCH_CHECKING_ONLY_H

#include "auto/dispatch.h" /* why: the backends this machine runs, found by name */
#include "kernel.h"        /* why: a kernel's batch calls, and the reference */
#include "scalar/scalar.h" /* why: the scalar backend, walk by walk */
#include "views/choice.h"  /* why: the view exchanges, chosen as an engine's are */

#endif
