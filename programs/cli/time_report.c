/* What `seebatch time` prints (time_report.h). */
#include "time_report.h"

#include <stdlib.h>
#include <string.h>

#include "options.h"

void time_rules_text(const seebatch_config *config, char *text, size_t size)
{
    seebatch_config stockfish = seebatch_config_stockfish(), classic = seebatch_config_classic();
    bool stockfish_flags = config->flags == stockfish.flags;
    const seebatch_config *preset = stockfish_flags ? &stockfish : &classic;
    size_t used =
        (size_t)snprintf(text, size, "--preset %s", stockfish_flags ? "stockfish" : "classic");
    if (memcmp(config->values, preset->values, sizeof config->values) != 0)
        used +=
            (size_t)snprintf(text + used, used < size ? size - used : 0, " --values %d,%d,%d,%d,%d",
                             (int)config->values[0], (int)config->values[1], (int)config->values[2],
                             (int)config->values[3], (int)config->values[4]);
    static const struct {
        uint32_t flag;
        const char *option;
    } flags[] = {{SEEBATCH_PINS, " --pins"},
                 {SEEBATCH_PROMOTIONS, " --promotions=all"},
                 {SEEBATCH_MOVE_PROMOTION_ONLY, " --promotions=move"},
                 {SEEBATCH_STOP_WHEN_AHEAD, " --stop-when-ahead"},
                 {SEEBATCH_NORMAL_MOVES_ONLY, " --normal-moves-only"}};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0] && !stockfish_flags; i++)
        if (config->flags & flags[i].flag)
            used +=
                (size_t)snprintf(text + used, used < size ? size - used : 0, "%s", flags[i].option);
    /* "--preset classic --values ..." says no more than "--values ...". */
    if (!stockfish_flags && strncmp(text, "--preset classic ", 17) == 0)
        memmove(text, text + 17, strlen(text + 17) + 1);
}

/* The median of row's figures in regime, or of the ratio other / row round
 * by round (other NULL: the figures themselves). */
static double median_of(const time_table *table, const time_row *row, const time_row *other,
                        int regime)
{
    double values[1024];
    int rounds = table->rounds < 1024 ? table->rounds : 1024;
    const double *own = row->ns + (size_t)regime * (size_t)table->rounds;
    for (int r = 0; r < rounds; r++)
        values[r] =
            other ? other->ns[(size_t)regime * (size_t)table->rounds + (size_t)r] / own[r] : own[r];
    return timing_median(values, (size_t)rounds);
}

/* The row of plug-in `index`. */
static const time_row *plugin_row(const time_table *table, size_t index)
{
    for (size_t i = 0; i < table->row_count; i++)
        if (!table->rows[i].view && table->rows[i].beside == index)
            return &table->rows[i];
    return NULL;
}

/* n with its thousands grouped ("109,311"), into text (32 bytes). */
static const char *grouped(size_t n, char *text)
{
    char digits[24];
    int length = snprintf(digits, sizeof digits, "%zu", n), used = 0;
    for (int i = 0; i < length; i++) {
        if (i > 0 && (length - i) % 3 == 0)
            text[used++] = ',';
        text[used++] = digits[i];
    }
    text[used] = '\0';
    return text;
}

/* A row's name, alone on its line when it is longer than the column. */
static void row_name(FILE *out, const char *name)
{
    if (strlen(name) > 36)
        print_output(out, "%s\n%-38s", name, "");
    else
        print_output(out, "%-38s", name);
}

static void text_row(FILE *out, const time_table *table, const time_row *row)
{
    const time_row *own = plugin_row(table, row->beside), *first = plugin_row(table, 0);
    row_name(out, row->view ? "  seebatch's view" : row->name);
    for (int regime = 0; regime < TIMING_REGIMES; regime++) {
        print_output(out, " %8.2f", median_of(table, row, NULL, regime));
        if (row->view)
            print_output(out, " %5.2fx", median_of(table, row, own, regime));
        else if (row != first)
            print_output(out, " %5.2fx", median_of(table, row, first, regime));
        else
            print_output(out, "       ");
    }
    char count[32], captures[32];
    if (row->view)
        print_output(out, "\n    (%s; answers unlike the plug-in's: %s of %s)", row->rules,
                     grouped(row->differences, count), grouped(table->captures, captures));
    print_output(out, "\n");
}

void time_report_text(FILE *out, const time_table *table)
{
    char positions[32], captures[32];
    print_output(out,
                 "seebatch time: %s positions, %s captures; thresholds as a search asks them "
                 "(the benchmark's, in each SEE's own values)\n"
                 "ns a call: the median of %d rounds, the SEEs in turn each round, each sample "
                 "at least %g s of CPU time\n"
                 "x: for a view, its plug-in's time over its own; for a plug-in after the first, "
                 "the first's time over its own\n",
                 grouped(table->positions, positions), grouped(table->captures, captures),
                 table->rounds, table->sample_seconds);
    print_output(out, "%-38s", "");
    for (int regime = 0; regime < TIMING_REGIMES; regime++)
        print_output(out, " %-15s", timing_regime_names[regime]);
    print_output(out, "\n");
    for (size_t i = 0; i < table->row_count; i++)
        text_row(out, table, &table->rows[i]);
}

static void json_row(FILE *out, const time_table *table, const time_row *row)
{
    print_output(out, "{\"name\":");
    print_json_string(out, row->name);
    print_output(out, ",\"view\":%s,\"plugin\":%zu,\"rules\":", row->view ? "true" : "false",
                 row->beside);
    print_json_string(out, row->rules);
    print_output(out, ",\"differences\":%zu,\"ns\":{", row->differences);
    for (int regime = 0; regime < TIMING_REGIMES; regime++) {
        print_output(out, "%s\"%s\":[", regime ? "," : "", timing_regime_names[regime]);
        for (int r = 0; r < table->rounds; r++)
            print_output(out, "%s%.3f", r ? "," : "",
                         row->ns[(size_t)regime * (size_t)table->rounds + (size_t)r]);
        print_output(out, "]");
    }
    print_output(out, "}}");
}

void time_report_json(FILE *out, const time_table *table)
{
    print_output(out,
                 "{\"positions\":%zu,\"captures\":%zu,\"rounds\":%d,\"sample_seconds\":%g,"
                 "\"sees\":[",
                 table->positions, table->captures, table->rounds, table->sample_seconds);
    for (size_t i = 0; i < table->row_count; i++) {
        print_output(out, i ? ",\n" : "\n");
        json_row(out, table, &table->rows[i]);
    }
    print_output(out, "\n]}\n");
}
