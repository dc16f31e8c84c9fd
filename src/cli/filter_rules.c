#include "filter_rules.h"

#include <string.h>

#include "chain_moves.h"
#include "options.h"

static const char *const rule_names[RULE_COUNT] = {
    "--skip-in-check", "--skip-capture", "--skip-see-ge", "--skip-promotion", "--skip-castling"};

const char rule_options_help[] =
    "  --skip-in-check     drop entries whose side to move is in check\n"
    "  --skip-capture      drop entries whose move takes a piece (en passant too)\n"
    "  --skip-see-ge T     drop entries whose move takes a piece and has SEE >= T\n"
    "                      (under the configuration options below)\n"
    "  --skip-promotion    drop entries whose move promotes\n"
    "  --skip-castling     drop entries whose move castles\n";

bool parse_rule_option(int argc, char **argv, int *index, filter_rules *rules, bool *bad)
{
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        size_t length = strlen(rule_names[rule]);
        const char *argument = argv[*index];
        bool joined = rule == RULE_SEE_GE && strncmp(argument, rule_names[rule], length) == 0 &&
                      argument[length] == '='; /* --skip-see-ge=T */
        if (!joined && strcmp(argument, rule_names[rule]) != 0)
            continue;
        rules->active |= 1u << rule;
        if (rule == RULE_SEE_GE) {
            const char *text = joined ? argument + length + 1
                             : *index + 1 < argc ? argv[++*index] : NULL;
            long long threshold;
            if (!parse_number(text, INT32_MIN, INT32_MAX, &threshold)) {
                fprintf(stderr, "seebatch filter: --skip-see-ge needs a whole number, not \"%s\"\n",
                        text ? text : "");
                *bad = true;
            }
            rules->see_threshold = (int32_t)threshold;
        }
        return true;
    }
    return false;
}

unsigned matching_rules(const filter_rules *rules, const training_entry *entry)
{
    unsigned active = rules->active, matched = 0;
    seebatch_move move = entry->move;
    unsigned kind = seebatch_move_kind(move);
    if ((active & (1u << RULE_IN_CHECK)) && seebatch_side_in_check(&entry->board))
        matched |= 1u << RULE_IN_CHECK;
    if (active & ((1u << RULE_CAPTURE) | (1u << RULE_SEE_GE))) {
        if (seebatch_move_captures(&entry->board, move)) {
            matched |= active & (1u << RULE_CAPTURE);
            if ((active & (1u << RULE_SEE_GE)) &&
                seebatch_engine_see_ge(&rules->see, &entry->board, NULL, move, rules->see_threshold))
                matched |= 1u << RULE_SEE_GE;
        }
    }
    if ((active & (1u << RULE_PROMOTION)) && kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT &&
        kind <= SEEBATCH_MOVE_PROMOTE_QUEEN)
        matched |= 1u << RULE_PROMOTION;
    if ((active & (1u << RULE_CASTLING)) && kind == SEEBATCH_MOVE_CASTLING)
        matched |= 1u << RULE_CASTLING;
    return matched;
}

void print_rule_counts(FILE *stream, const filter_rules *rules, uint64_t read, uint64_t kept,
                       const uint64_t matched[RULE_COUNT])
{
    fprintf(stream, "seebatch filter: %llu entries read, %llu kept, %llu dropped\n",
            (unsigned long long)read, (unsigned long long)kept, (unsigned long long)(read - kept));
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        if (!(rules->active & (1u << rule)))
            continue;
        if (rule == RULE_SEE_GE)
            fprintf(stream, "  %s %ld: %llu dropped\n", rule_names[rule], (long)rules->see_threshold,
                    (unsigned long long)matched[rule]);
        else
            fprintf(stream, "  %s: %llu dropped\n", rule_names[rule], (unsigned long long)matched[rule]);
    }
}
