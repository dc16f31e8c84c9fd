/*
 * The options that say which entries `seebatch filter` drops (its rules, the
 * seed of the random ones) and under which SEE configuration, read from an
 * argument list. The tool and the training filter (Python's Filter) take
 * the same options through these functions; each says what is wrong in a
 * message rather than printing it, so that each caller reports it its own
 * way (the tool on stderr, the library in its fault). Internal: the tool
 * reaches them through lib/tool_only.h.
 */
#ifndef SEEBATCH_RULE_OPTIONS_H
#define SEEBATCH_RULE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "filter_rules.h"
#include "seebatch.h"

/* Options read among a caller's own (the tool's): argv[*index] is the
 * option; *index moves past its value. attached (or NULL) says whether
 * argv[i] was split off the argument before it ("--promotions=move"). */
typedef struct seebatch_option_words {
    int argc;
    char **argv;
    int *index;
    int (*attached)(char **argv, int index);
} seebatch_option_words;
/* Short names inside the library. */
typedef seebatch_option_words option_words;

typedef enum seebatch_option_parse {
    SEEBATCH_OPTION_NOT_MINE = 0, /* none of these options: *index unchanged */
    SEEBATCH_OPTION_TAKEN = 1,    /* applied; *index is at its last argument */
    SEEBATCH_OPTION_BAD = 2       /* one of these options, with a bad or missing value */
} seebatch_option_parse;
typedef seebatch_option_parse option_parse;
#define OPTION_NOT_MINE SEEBATCH_OPTION_NOT_MINE
#define OPTION_TAKEN SEEBATCH_OPTION_TAKEN
#define OPTION_BAD SEEBATCH_OPTION_BAD

/* Parses a whole decimal number in [minimum, maximum]: digits, perhaps after
 * a '-', nothing before or after them. */
bool seebatch_parse_number(const char *text, long long minimum, long long maximum,
                           long long *value);

/* The message for an option `name` that takes a whole number in [minimum,
 * maximum] but was given `text`, or nothing (text NULL: the option ended the
 * command line). */
void seebatch_number_option_message(char *message, size_t size, const char *name, long long minimum,
                                    long long maximum, const char *text);

/* A configuration option (--preset NAME, --values P,N,B,R,Q, --pins,
 * --promotions[=none|move|all], --stop-when-ahead), as "--name VALUE" or
 * "--name=VALUE", applied to *config in order: the options of every tool
 * subcommand that computes SEE, and of seebatch_training_filter_new.
 * SEEBATCH_OPTION_BAD writes why into message (message_size bytes), *config
 * unchanged by this option. */
seebatch_option_parse seebatch_parse_config_option(const seebatch_option_words *words,
                                                   seebatch_config *config, char *message,
                                                   size_t message_size);

/* How many arguments from argv[index] one option of
 * seebatch_training_filter_new takes (1, or 2 with a value apart), 0 when
 * argv[index] is none: for the tool, reading those options among its own
 * (a value is checked by seebatch_training_filter_new). */
int seebatch_training_rule_words(int argc, const char *const *argv, int index);

/* A rule option (`seebatch filter --help` lists them), as "--name
 * VALUE" or "--name=VALUE": turns the rule on (or sets the seed). */
option_parse seebatch_parse_rule_option(int argc, char **argv, int *index, filter_rules *rules,
                                        char *message, size_t message_size);

/* A rule as its option reads ("--skip-see-ge 0", "--random-skip 3 (seed
 * 11)"), for counts and messages. */
void seebatch_describe_rule(const filter_rules *rules, int rule, char *out, size_t size);

/* Whether the options given make sense together, once all are read: false,
 * with message, for --seed without a random rule (the seed would change
 * nothing, so it is most likely a rule left out by mistake). */
bool seebatch_check_rule_options(const filter_rules *rules, char *message, size_t message_size);

#endif
