#include "filter_counts.h"

#include "tool_only.h"

bool print_rule_counts(FILE *stream, const char *command, const filter_rules *rules, uint64_t read,
                       const filter_tally *tally, bool explain)
{
    const uint64_t kept = tally->kept;
    const rule_counts *counts = &tally->counts;
    fprintf(stream, "seebatch %s: %llu entries read, %llu kept, %llu dropped\n", command,
            (unsigned long long)read, (unsigned long long)kept, (unsigned long long)(read - kept));
    for (int rule = 0; rule < RULE_COUNT; rule++) {
        if (!(rules->active & (1u << rule)))
            continue;
        char name[96];
        seebatch_describe_rule(rules, rule, name, sizeof name);
        fprintf(stream, "  %s: %llu dropped", name, (unsigned long long)counts->matched[rule]);
        if (explain)
            fprintf(stream, ", %llu by it alone", (unsigned long long)counts->alone[rule]);
        fputc('\n', stream);
    }
    return fflush(stream) == 0 && !ferror(stream);
}

bool print_moveless_note(FILE *stream, const filter_rules *rules, uint64_t read, uint64_t moveless)
{
    const unsigned on_the_move = (1u << RULE_CAPTURE) | (1u << RULE_SEE_GE) |
                                 (1u << RULE_PROMOTION) | (1u << RULE_CASTLING);
    if (!(rules->active & on_the_move) || moveless == 0)
        return true;
    if (moveless == read)
        fputs("  no entry has a move (lines \"FEN\" with no \";move\"): the rules on the move "
              "(capture, SEE, promotion, castling) judged none\n",
              stream);
    else
        fprintf(stream,
                "  %llu entries have no move (lines \"FEN\" with no \";move\"): the rules on the "
                "move (capture, SEE, promotion, castling) judged none of them\n",
                (unsigned long long)moveless);
    return fflush(stream) == 0 && !ferror(stream);
}
