/* libseebatch_training's filter: the rules of `seebatch filter`, read from
 * the same options by the same code (programs/filtering/), judged on the
 * caller's arrays. */
#include <stdlib.h>
#include <string.h>

#include "filter_rules.h"
#include "rule_options.h"
#include "training_internal.h"

/* More arguments than any set of rule options needs. */
enum { FILTER_ARGUMENTS_MAX = 64 };

struct seebatch_training_filter {
    filter_rules rules;
    filter_history history; /* of the entries judged so far */
    uint64_t entries;
};

/* Reads the options into *rules and *config; false with *fault filled at
 * the first argument that is not one or has a bad value. */
static bool read_rule_options(size_t argc, char **arguments, filter_rules *rules,
                              seebatch_config *config, seebatch_training_fault *fault)
{
    char message[SEEBATCH_MESSAGE_SIZE - 64];
    for (int index = 0; index < (int)argc; index++) {
        int at = index;
        /* The arguments are not split: "--promotions=move" comes whole. */
        option_parse parsed = parse_config_option((int)argc, arguments, &index, config, NULL,
                                                  message, sizeof message);
        if (parsed == OPTION_NOT_MINE)
            parsed =
                parse_rule_option((int)argc, arguments, &index, rules, message, sizeof message);
        if (parsed != OPTION_TAKEN) {
            training_fail(fault, 0, 0, "rule argument %d, \"%.40s\": %s", at, arguments[at],
                          parsed == OPTION_BAD
                              ? message
                              : "not a rule or configuration option of seebatch filter");
            return false;
        }
    }
    if (!check_rule_options(rules, message, sizeof message)) {
        training_fail(fault, 0, 0, "%s", message);
        return false;
    }
    return true;
}

seebatch_training_filter *seebatch_training_filter_new(size_t argc, const char *const *argv,
                                                       seebatch_training_fault *fault)
{
    memset(fault, 0, sizeof *fault);
    char *arguments[FILTER_ARGUMENTS_MAX + 1];
    if (argc > FILTER_ARGUMENTS_MAX) {
        training_fail(fault, 0, 0, "%zu rule arguments; at most %d", argc, FILTER_ARGUMENTS_MAX);
        return NULL;
    }
    for (size_t i = 0; i < argc; i++) {
        if (!argv[i]) {
            training_fail(fault, 0, 0, "rule argument %zu is NULL", i);
            return NULL;
        }
        arguments[i] = (char *)argv[i]; /* the option readers only read them */
    }
    arguments[argc] = NULL;
    seebatch_training_filter *filter = calloc(1, sizeof *filter);
    if (!filter) {
        training_fail(fault, 0, 0, "out of memory");
        return NULL;
    }
    seebatch_config config = seebatch_config_classic(); /* the tool's default */
    if (!read_rule_options(argc, arguments, &filter->rules, &config, fault)) {
        free(filter);
        return NULL;
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
        if (!training_check_entry(&entry, filter->entries + 1, true, fault))
            return -1;
        keep[i] = matching_rules(&filter->rules, &filter->history, &entry) == 0;
        filter->entries++;
    }
    return 0;
}

void seebatch_training_filter_free(seebatch_training_filter *filter) { free(filter); }
