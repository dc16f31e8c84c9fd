/*
 * The plan in words: what `seebatch --version` (seebatch_machine_report)
 * says of the backend, for a user rather than for the code. How it was
 * chosen (auto learning, auto's first guess fixed, or one backend forced);
 * auto's first guess for each group of call shapes (values or a threshold,
 * on one board or many) and whether auto learns the group; and why that
 * guess, from the measured table. No internal codes (a choice line's
 * letters) and no issue numbers: nothing a user cannot look up.
 */
#ifndef SEEBATCH_PLAN_WORDS_H
#define SEEBATCH_PLAN_WORDS_H

#include <stdint.h>

/* Takes one line of the account, without its '\n'. */
typedef void plan_line(void *context, const char *text);

/* The account of this plan on this machine, line by line. Reads
 * SEEBATCH_BACKEND only to say whether it forced the backend. */
void seebatch_plan_words(uint64_t plan, plan_line *line, void *context);

#endif
