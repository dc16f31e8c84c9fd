#include "filter_rules.h"

#include <stddef.h>
#include <string.h>

#include "chain_moves.h"
#include "options.h"

/* A rule's option: its name, and for one that takes a number, the field it
 * fills and the range it accepts. */
typedef struct rule_option {
    const char *name;
    size_t field; /* offsetof in filter_rules of an int32_t, or 0: no argument */
    long long minimum, maximum;
} rule_option;

static const rule_option rule_options[RULE_COUNT] = {
    [RULE_IN_CHECK] = {"--skip-in-check", 0, 0, 0},
    [RULE_CAPTURE] = {"--skip-capture", 0, 0, 0},
    [RULE_SEE_GE] = {"--skip-see-ge", offsetof(filter_rules, see_threshold), INT32_MIN, INT32_MAX},
    [RULE_PROMOTION] = {"--skip-promotion", 0, 0, 0},
    [RULE_CASTLING] = {"--skip-castling", 0, 0, 0},
    [RULE_VALUE_NONE] = {"--skip-value-none", 0, 0, 0},
    [RULE_PLACEHOLDER] = {"--skip-placeholder", 0, 0, 0},
    [RULE_EARLY_PLY] = {"--skip-early-ply", offsetof(filter_rules, early_ply), 0, 65535},
    [RULE_FILTERED] = {"--skip-filtered", 0, 0, 0},
    [RULE_SIMPLE_EVAL] = {"--skip-simple-eval", offsetof(filter_rules, simple_eval), 0, 65536},
    [RULE_RANDOM] = {"--random-skip", offsetof(filter_rules, random_skip), 0, INT32_MAX},
    [RULE_WLD] = {"--wld-skip", 0, 0, 0},
};

const char rule_options_help[] =
    "  --skip-in-check     drop entries whose side to move is in check\n"
    "  --skip-capture      drop entries whose move takes a piece (en passant too)\n"
    "  --skip-see-ge T     drop entries whose move takes a piece and has SEE >= T\n"
    "                      (under the configuration options below)\n"
    "  --skip-promotion    drop entries whose move promotes\n"
    "  --skip-castling     drop entries whose move castles\n"
    "The rules of nnue-pytorch's data loader (make_skip_predicate):\n"
    "  --skip-value-none   drop entries whose score is 32002 (VALUE_NONE)\n"
    "  --skip-placeholder  drop a score of 0 standing in for a lost one: the\n"
    "                      game was not drawn, the ply is above the previous\n"
    "                      entry's, and the last score before it that was not\n"
    "                      32002 nor such a zero is above 100 or below -100\n"
    "  --skip-early-ply N  drop entries at ply N or lower (early_fen_skipping)\n"
    "  --skip-filtered     drop entries whose move lands on an enemy piece (en\n"
    "                      passant not counted) or whose side to move is in\n"
    "                      check (filtered)\n"
    "  --skip-simple-eval N  drop entries whose |material| is below N, with P208\n"
    "                      N781 B825 R1276 Q2538, the side to move's minus the\n"
    "                      other's, in 16 bits (simple_eval_skipping)\n"
    "  --random-skip N     drop each entry with probability N/(N+1)\n"
    "                      (random_fen_skipping)\n"
    "  --wld-skip          drop each entry with probability 1 - P(its result |\n"
    "                      score, ply) under the loader's win-rate model\n"
    "                      (wld_filtered)\n"
    "  --seed S            the random rules' seed, 0..2^63-1 (default 0): an\n"
    "                      entry's draw is a hash of S, the rule and the entry,\n"
    "                      so output is the same at any -j; nnue-pytorch's\n"
    "                      probabilities, not its random stream\n"
    "Every rule is judged on every entry. Exact definitions, and where in\n"
    "nnue-pytorch each comes from: docs/training-data.md.\n";

/* "--name V" or "--name=V": the value text, advancing *index; NULL when it
 * is missing. */
static const char *value_text(int argc, char **argv, int *index, size_t name_length)
{
    const char *argument = argv[*index];
    if (argument[name_length] == '=')
        return argument + name_length + 1;
    return *index + 1 < argc ? argv[++*index] : NULL;
}

static bool named(const char *argument, const char *name, bool takes_value)
{
    size_t length = strlen(name);
    return strncmp(argument, name, length) == 0 &&
           (argument[length] == '\0' || (takes_value && argument[length] == '='));
}

static bool parse_seed(int argc, char **argv, int *index, filter_rules *rules, bool *bad)
{
    const char *text = value_text(argc, argv, index, strlen("--seed"));
    long long seed;
    if (!parse_number(text, 0, INT64_MAX, &seed)) {
        fprintf(stderr, "seebatch filter: --seed needs a whole number 0..%lld, not \"%s\"\n",
                (long long)INT64_MAX, text ? text : "");
        *bad = true;
        return true;
    }
    rules->seed = (uint64_t)seed;
    return true;
}

bool parse_rule_option(int argc, char **argv, int *index, filter_rules *rules, bool *bad)
{
    if (named(argv[*index], "--seed", true))
        return parse_seed(argc, argv, index, rules, bad);
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        const rule_option *option = &rule_options[rule];
        if (!named(argv[*index], option->name, option->field != 0))
            continue;
        rules->active |= 1u << rule;
        if (option->field) {
            const char *text = value_text(argc, argv, index, strlen(option->name));
            long long value;
            if (!parse_number(text, option->minimum, option->maximum, &value)) {
                fprintf(stderr, "seebatch filter: %s needs a whole number %lld..%lld, not \"%s\"\n",
                        option->name, option->minimum, option->maximum, text ? text : "");
                *bad = true;
                return true;
            }
            int32_t stored = (int32_t)value;
            memcpy((char *)rules + option->field, &stored, sizeof stored);
        }
        return true;
    }
    return false;
}

/* The rules read from the move, judged only when one of them is on. */
static unsigned move_rules(const filter_rules *rules, const training_entry *entry)
{
    unsigned active = rules->active, matched = 0;
    seebatch_move move = entry->move;
    unsigned kind = seebatch_move_kind(move);
    if (seebatch_move_captures(&entry->board, move)) {
        matched |= active & (1u << RULE_CAPTURE);
        /* nnue-pytorch's capture test looks for a piece on the destination,
         * which an en passant move never has. */
        if (kind != SEEBATCH_MOVE_EN_PASSANT)
            matched |= active & (1u << RULE_FILTERED);
        if ((active & (1u << RULE_SEE_GE)) &&
            seebatch_engine_see_ge(&rules->see, &entry->board, NULL, move, rules->see_threshold))
            matched |= 1u << RULE_SEE_GE;
    }
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN)
        matched |= active & (1u << RULE_PROMOTION);
    if (kind == SEEBATCH_MOVE_CASTLING)
        matched |= active & (1u << RULE_CASTLING);
    return matched;
}

/* The random rules: a draw per rule and entry. */
static unsigned random_rules(const filter_rules *rules, const training_entry *entry)
{
    unsigned matched = 0;
    if (rules->active & (1u << RULE_RANDOM)) {
        double skip = (double)rules->random_skip / ((double)rules->random_skip + 1);
        if (trainer_draw(rules->seed, TRAINER_DRAW_RANDOM, entry) < skip)
            matched |= 1u << RULE_RANDOM;
    }
    if ((rules->active & (1u << RULE_WLD)) && trainer_draw(rules->seed, TRAINER_DRAW_WLD, entry) <
                                                  1.0 - trainer_result_probability(entry))
        matched |= 1u << RULE_WLD;
    return matched;
}

unsigned matching_rules(const filter_rules *rules, filter_history *history,
                        const training_entry *entry)
{
    unsigned active = rules->active, matched = 0;
    if (trainer_placeholder_step(history, entry))
        matched |= active & (1u << RULE_PLACEHOLDER);
    if (!active)
        return 0;
    if ((active & ((1u << RULE_IN_CHECK) | (1u << RULE_FILTERED))) &&
        seebatch_side_in_check(&entry->board))
        matched |= active & ((1u << RULE_IN_CHECK) | (1u << RULE_FILTERED));
    if (active & ((1u << RULE_CAPTURE) | (1u << RULE_SEE_GE) | (1u << RULE_PROMOTION) |
                  (1u << RULE_CASTLING) | (1u << RULE_FILTERED)))
        matched |= move_rules(rules, entry);
    if (entry->score == TRAINER_VALUE_NONE)
        matched |= active & (1u << RULE_VALUE_NONE);
    if ((int32_t)entry->ply <= rules->early_ply)
        matched |= active & (1u << RULE_EARLY_PLY);
    if (active & (1u << RULE_SIMPLE_EVAL)) {
        int32_t eval = trainer_simple_eval(&entry->board);
        if ((eval < 0 ? -eval : eval) < rules->simple_eval)
            matched |= 1u << RULE_SIMPLE_EVAL;
    }
    if (active & ((1u << RULE_RANDOM) | (1u << RULE_WLD)))
        matched |= random_rules(rules, entry);
    return matched;
}

static void print_rule_name(FILE *stream, const filter_rules *rules, int rule)
{
    const rule_option *option = &rule_options[rule];
    if (!option->field) {
        fprintf(stream, "  %s", option->name);
    } else {
        int32_t value;
        memcpy(&value, (const char *)rules + option->field, sizeof value);
        fprintf(stream, "  %s %ld", option->name, (long)value);
    }
    if (rule == RULE_RANDOM || rule == RULE_WLD)
        fprintf(stream, " (seed %llu)", (unsigned long long)rules->seed);
}

void print_rule_counts(FILE *stream, const filter_rules *rules, uint64_t read, uint64_t kept,
                       const rule_counts *counts, bool explain)
{
    fprintf(stream, "seebatch filter: %llu entries read, %llu kept, %llu dropped\n",
            (unsigned long long)read, (unsigned long long)kept, (unsigned long long)(read - kept));
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        if (!(rules->active & (1u << rule)))
            continue;
        print_rule_name(stream, rules, rule);
        fprintf(stream, ": %llu dropped", (unsigned long long)counts->matched[rule]);
        if (explain)
            fprintf(stream, ", %llu by it alone", (unsigned long long)counts->alone[rule]);
        fputc('\n', stream);
    }
}
