/* The adapter between libseebatch_training and the tool's rule code
 * (programs/cli/filter_rules.c): the one place that knows how that code is
 * called, so a change there is met here only. */
#include <stdlib.h>
#include <string.h>

#include "filter_rules.h"
#include "options.h"
#include "training_internal.h"

/* More arguments than any set of rule options needs. */
enum { FILTER_ARGUMENTS_MAX = 64 };

struct seebatch_training_filter {
    filter_rules rules;
    filter_history history; /* of the entries judged so far */
    uint64_t entries;
};

seebatch_training_filter *seebatch_training_filter_new(size_t argc, const char *const *argv,
                                                       seebatch_training_fault *fault)
{
    memset(fault, 0, sizeof *fault);
    char *arguments[FILTER_ARGUMENTS_MAX + 1];
    if (argc > FILTER_ARGUMENTS_MAX) {
        training_fail(fault, 0, 0, "%zu rule arguments; at most %d", argc, FILTER_ARGUMENTS_MAX);
        return NULL;
    }
    for (size_t i = 0; i < argc; i++)
        arguments[i] = (char *)argv[i]; /* parse_rule_option reads them only */
    arguments[argc] = NULL;
    seebatch_training_filter *filter = calloc(1, sizeof *filter);
    if (!filter) {
        training_fail(fault, 0, 0, "out of memory");
        return NULL;
    }
    seebatch_config config = seebatch_config_classic(); /* the tool's default */
    for (int index = 0; index < (int)argc; index++) {
        bool bad = false;
        int at = index;
        bool known = parse_config_option("filter", (int)argc, arguments, &index, &config, &bad) ||
                     parse_rule_option((int)argc, arguments, &index, &filter->rules, &bad);
        if (!known || bad) {
            training_fail(fault, 0, 0, "rule argument %d, \"%s\": %s", at, arguments[at],
                          bad ? "a bad value (seebatch filter --help lists the rules)"
                              : "not a rule or configuration option of seebatch filter");
            free(filter);
            return NULL;
        }
    }
    seebatch_rules_init(&filter->rules.see, &config, NULL);
    filter->history = filter_history_start();
    return filter;
}

int seebatch_training_filter_keep(seebatch_training_filter *filter, size_t count,
                                  const seebatch_training_arrays *in, uint8_t *keep,
                                  seebatch_training_fault *fault)
{
    memset(fault, 0, sizeof *fault);
    training_entry entry;
    for (size_t i = 0; i < count; i++) {
        training_load(in, i, &entry);
        if (!training_check_entry(&entry, filter->entries, true, fault))
            return -1;
        keep[i] = matching_rules(&filter->rules, &filter->history, &entry) == 0;
        filter->entries++;
    }
    return 0;
}

void seebatch_training_filter_free(seebatch_training_filter *filter) { free(filter); }
