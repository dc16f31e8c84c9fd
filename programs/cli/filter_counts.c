#include "filter_counts.h"

#include "tool_only.h"

bool print_rule_counts(FILE *stream, const char *command, const seebatch_training_filter *filter,
                       const seebatch_filter_counts *counts, bool explain)
{
    uint64_t read = counts->entries, kept = counts->kept;
    fprintf(stream, "seebatch %s: %llu entries read, %llu kept, %llu dropped\n", command,
            (unsigned long long)read, (unsigned long long)kept, (unsigned long long)(read - kept));
    for (int rule = 0; rule < 16; rule++) {
        char name[96];
        if (!seebatch_training_filter_rule(filter, rule, name, sizeof name))
            continue;
        fprintf(stream, "  %s: %llu dropped", name, (unsigned long long)counts->matched[rule]);
        if (explain)
            fprintf(stream, ", %llu by it alone", (unsigned long long)counts->alone[rule]);
        fputc('\n', stream);
    }
    return fflush(stream) == 0 && !ferror(stream);
}

bool print_moveless_note(FILE *stream, const seebatch_training_filter *filter, uint64_t read,
                         uint64_t moveless)
{
    if (!(seebatch_training_filter_reads(filter) & SEEBATCH_FILTER_READS_MOVE) || moveless == 0)
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
