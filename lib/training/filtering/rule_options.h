/*
 * The options that say which entries `seebatch filter` drops (its rules, the
 * seed of the random ones) and under which SEE configuration, read from an
 * argument list. The tool and the training filter (Python's Filter) take
 * the same options through these functions; each says what is wrong in a
 * message rather than printing it, so that each caller reports it its own
 * way (the tool on stderr, the library in its fault).
 */
#ifndef SEEBATCH_RULE_OPTIONS_H
#define SEEBATCH_RULE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "filter_rules.h"
#include "seebatch.h"
#include "seebatch_training.h"

/* The public seebatch_option_parse (seebatch_training.h), by its short names. */
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

/* seebatch_parse_config_option, the configuration options, is public
 * (seebatch_training.h). */
typedef seebatch_option_words option_words;

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
