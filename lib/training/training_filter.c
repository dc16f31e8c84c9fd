/* the training filter (seebatch_training.h, training_filter.h): the rules
 * of `seebatch filter`, read from the same options by the same code
 * (filtering/), judged on the caller's arrays. */
#include "training_filter.h"

#include <stdlib.h>
#include <string.h>

#include "training/filtering/chunk_filter.h"
#include "training/filtering/filter_rules.h"
#include "training/filtering/rule_options.h"
#include "training_internal.h"

/* More arguments than any set of rule options needs. */
enum { FILTER_ARGUMENTS_MAX = 64 };

/* struct seebatch_training_filter: chunk_filter.h, beside the chunk driver it serves too. */

/* Reads the options into *rules and *config; SEEBATCH_ERROR_CONFIG at the
 * first argument that is not one or has a bad value. */
static seebatch_status seebatch_read_rule_options(size_t argc, char **arguments,
                                                  filter_rules *rules, seebatch_config *config,
                                                  seebatch_error *error)
{
    char message[SEEBATCH_MESSAGE_SIZE - 64];
    for (int index = 0; index < (int)argc; index++) {
        int at = index;
        /* The arguments are not split: "--promotions=move" comes whole. */
        const option_words words = {(int)argc, arguments, &index, NULL};
        option_parse parsed = seebatch_parse_config_option(&words, config, message, sizeof message);
        if (parsed == OPTION_NOT_MINE)
            parsed = seebatch_parse_rule_option((int)argc, arguments, &index, rules, message,
                                                sizeof message);
        if (parsed != OPTION_TAKEN)
            return seebatch_fail(
                error, SEEBATCH_ERROR_CONFIG, "rule argument %d, \"%.40s\": %s", at, arguments[at],
                parsed == OPTION_BAD ? message
                                     : "not a rule or configuration option of seebatch filter");
    }
    if (!seebatch_check_rule_options(rules, message, sizeof message))
        return seebatch_fail(error, SEEBATCH_ERROR_CONFIG, "%s", message);
    return seebatch_succeed(error);
}

/* The arguments as the option readers take them (NULL-terminated, not
 * const: they only read them); SEEBATCH_ERROR_ARGUMENT for too many or a
 * NULL one. */
static seebatch_status seebatch_copy_arguments(size_t argc, const char *const *argv,
                                               char **arguments, seebatch_error *error)
{
    if (argc > FILTER_ARGUMENTS_MAX)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%zu rule arguments; at most %d", argc,
                             FILTER_ARGUMENTS_MAX);
    for (size_t i = 0; i < argc; i++) {
        if (!argv[i])
            return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "rule argument %zu is NULL", i);
        arguments[i] = (char *)argv[i];
    }
    arguments[argc] = NULL;
    return SEEBATCH_OK;
}

seebatch_status seebatch_training_filter_new(size_t argc, const char *const *argv,
                                             seebatch_training_filter **filter,
                                             seebatch_error *error)
{
    if (!filter || (argc && !argv)) {
        if (filter)
            *filter = NULL;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "filter or argv is NULL");
    }
    *filter = NULL;
    char *arguments[FILTER_ARGUMENTS_MAX + 1];
    seebatch_status status = seebatch_copy_arguments(argc, argv, arguments, error);
    if (status != SEEBATCH_OK)
        return status;
    seebatch_training_filter *made = calloc(1, sizeof *made);
    if (!made)
        return seebatch_fail(error, TRAINING_MEMORY_FAULT, "out of memory");
    seebatch_config config = seebatch_config_classic(); /* the tool's default */
    status = seebatch_read_rule_options(argc, arguments, &made->rules, &config, error);
    if (status != SEEBATCH_OK) {
        free(made);
        return status;
    }
    seebatch_rules_init(&made->rules.see, &config, NULL);
    made->history = filter_history_start();
    *filter = made;
    return SEEBATCH_OK;
}

/* Judges entries[0, count) (at most FILTER_SEE_GROUP), checked, with the
 * rules' one driver (seebatch_judge_entries) into keep. */
static void seebatch_judge_group(seebatch_training_filter *filter, const training_entry *entries,
                                 size_t count, uint8_t *keep)
{
    unsigned matched[FILTER_SEE_GROUP];
    seebatch_judge_entries(&filter->rules, &filter->history, entries, count, matched);
    for (size_t i = 0; i < count; i++) {
        keep[i] = matched[i] == 0;
        filter->kept += keep[i];
        count_matches(&filter->counts, matched[i]);
    }
    filter->entries += count;
}

void seebatch_training_filter_judge(seebatch_training_filter *filter, const training_entry *entries,
                                    size_t count, uint8_t *keep)
{
    for (size_t at = 0; at < count; at += FILTER_SEE_GROUP)
        seebatch_judge_group(filter, entries + at,
                             count - at < FILTER_SEE_GROUP ? count - at : FILTER_SEE_GROUP,
                             keep + at);
}

/* For an entry with no move (0: an EPD line without one), a move no rule
 * on the move matches: staying on a square no enemy piece holds, it takes
 * nothing, promotes nothing, castles not. */
static seebatch_move seebatch_no_move(const seebatch_board *board)
{
    uint64_t free_squares = ~board->colors[board->side_to_move ^ 1u];
    unsigned square = free_squares ? (unsigned)__builtin_ctzll(free_squares) : 0;
    return (seebatch_move)(square | square << 6);
}

seebatch_status seebatch_training_filter_keep(seebatch_training_filter *filter, size_t count,
                                              const seebatch_training_arrays *in, uint8_t *keep,
                                              seebatch_error *error)
{
    if (!filter || (count && (!in || !keep)))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "filter, in or keep is NULL");
    training_entry entries[FILTER_SEE_GROUP];
    for (size_t at = 0; at < count; at += FILTER_SEE_GROUP) {
        size_t group = count - at < FILTER_SEE_GROUP ? count - at : FILTER_SEE_GROUP;
        for (size_t i = 0; i < group; i++) {
            training_load(in, at + i, &entries[i]);
            bool moveless = entries[i].move == 0;
            uint64_t number = filter->entries + i + 1;
            /* What SEE and the rules need; storing is the writer's check. */
            seebatch_status status = filter->entries_checked
                                         ? SEEBATCH_OK
                                         : seebatch_check_entry(&entries[i], number, true, error);
            if (moveless)
                entries[i].move = seebatch_no_move(&entries[i].board);
            if (status != SEEBATCH_OK) {
                /* The entries before the one refused are judged. */
                seebatch_judge_group(filter, entries, i, keep + at);
                filter->place = training_entry_place(number);
                return status;
            }
        }
        seebatch_judge_group(filter, entries, group, keep + at);
    }
    return seebatch_succeed(error);
}

seebatch_training_place seebatch_training_filter_place(const seebatch_training_filter *filter)
{
    return filter->place;
}

void seebatch_training_filter_counts(const seebatch_training_filter *filter,
                                     seebatch_filter_counts *counts)
{
    memset(counts, 0, sizeof *counts);
    counts->entries = filter->entries;
    counts->kept = filter->kept;
    for (int r = 0; r < RULE_COUNT; r++) {
        counts->matched[r] = filter->counts.matched[r];
        counts->alone[r] = filter->counts.alone[r];
    }
}

void seebatch_training_filter_free(seebatch_training_filter *filter) { free(filter); }

unsigned seebatch_training_filter_reads(const seebatch_training_filter *filter)
{
    if (!filter)
        return 0;
    const unsigned on_the_move =
        (1u << RULE_CAPTURE) | (1u << RULE_SEE_GE) | (1u << RULE_PROMOTION) | (1u << RULE_CASTLING);
    unsigned active = filter->rules.active;
    return ((active & on_the_move) ? SEEBATCH_FILTER_READS_MOVE : 0u) |
           ((active & RULES_NEEDING_TRAINING_DATA) ? SEEBATCH_FILTER_READS_SCORE : 0u) |
           ((active & RULES_DRAWING) ? SEEBATCH_FILTER_DRAWS : 0u) |
           (filter->rules.seed_given ? SEEBATCH_FILTER_SEEDED : 0u);
}

int seebatch_training_filter_rule(const seebatch_training_filter *filter, int rule, char *out,
                                  size_t size)
{
    bool on = filter && rule >= 0 && rule < RULE_COUNT && (filter->rules.active & (1u << rule));
    if (on)
        seebatch_describe_rule(&filter->rules, rule, out, size);
    else if (out && size)
        out[0] = '\0';
    return on;
}
