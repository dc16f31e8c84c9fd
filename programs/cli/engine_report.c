/*
 * The report of the check of an engine's SEE (engine_report.h).
 */
#include "engine_report.h"

#include <stdlib.h>
#include <string.h>

#include "exchange_line.h"
#include "options.h" /* print_output */
#include "rule_words.h"

static const char *plural(unsigned long long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

static unsigned long long total_moves(const check_counts *counts)
{
    unsigned long long total = 0;
    for (int k = 0; k < CHECK_KINDS; k++)
        total += counts->moves[k];
    return total;
}

/* "normal 12, promotion 3" over the kinds with a count. */
static void print_kinds(FILE *out, const uint64_t *by_kind)
{
    const char *separator = "";
    for (int k = 0; k < CHECK_KINDS; k++)
        if (by_kind[k]) {
            print_output(out, "%s%s %llu", separator, check_kind_name(k),
                         (unsigned long long)by_kind[k]);
            separator = ", ";
        }
}

/* How the rules were found: the moves scored and answered otherwise, the
 * moves that decided it, and when the next best is close, the moves that
 * tell the two apart and how to read them. */
static void print_rules_found_text(const rules_found *f, bool values, FILE *out)
{
    char second[RULE_WORDS_MAX];
    rule_words(&f->second, second);
    print_output(out,
                 "  found on %llu moves that rule sets answer otherwise (real ones, and a few "
                 "made up): %llu answered otherwise than your SEE under these rules, %llu under "
                 "the next best (%s); %llu %s decided it (one of the two answers as your SEE "
                 "does, the other not)\n",
                 (unsigned long long)f->moves, (unsigned long long)f->differing,
                 (unsigned long long)f->runner_up, second, (unsigned long long)f->deciding,
                 plural(f->deciding, "move", "moves"));
    if (!f->close)
        return;
    if (f->telling_count == 0) {
        print_output(out, "  a tie: no move scored tells the two apart; the one with fewer "
                          "flags is taken\n");
        return;
    }
    print_output(out,
                 "  close (the next best answers at most a tenth more moves otherwise, plus 2): "
                 "%s, as FEN;move;%s;these rules';the next best's:\n",
                 f->telling_count == 1 ? "the move that tells them apart"
                                       : "moves that tell them apart",
                 values ? "your SEE's value" : "threshold;your SEE's answer");
    for (int i = 0; i < f->telling_count; i++)
        print_output(out, "  %s\n", f->telling[i]);
    if (f->telling_count == 2)
        print_output(out, "  your SEE sides with the next best on the first and with these "
                          "rules on the second: it follows neither all through; read your code "
                          "on both, and the differences below (under these rules) show where it "
                          "leaves them\n");
    else
        print_output(out, "  your SEE sides with these rules on it: ask it such moves to be "
                          "sure\n");
}

static void print_rules_text(const engine_report *r, FILE *out)
{
    char words[RULE_WORDS_MAX];
    rule_words(&r->config, words);
    if (!r->found) {
        print_output(out, "rules: %s (as given)\n", words);
        return;
    }
    const rules_found *f = r->found;
    print_output(out, "rules: %s (found from its answers)\n", words);
    print_rules_found_text(f, r->see->answers_values, out); /* as the rule finder asked */
    static const char *const pieces[5] = {"pawn", "knight", "bishop", "rook", "queen"};
    for (int i = 0; i < 5; i++)
        if (f->pieces[i].outcome != VALUE_FOUND)
            print_output(out, "  the %s's value could not be read (%s)\n", pieces[i],
                         f->pieces[i].outcome == VALUE_NOT_MONOTONE ? "answers not monotone"
                                                                    : "beyond +-2097152");
    if (f->off_by_one)
        print_output(out, "  see_ge answers SEE > threshold, not >= (off by one): the values "
                          "above are read so\n");
    if (f->not_monotone[0])
        print_output(out, "  answers not monotone in the threshold: %s\n", f->not_monotone);
}

/* The explanations taken (or, with `whole` >= 0, the parts of that whole),
 * most differences first: their indices. */
static int by_count(const engine_report *r, int whole, int *order)
{
    const difference_classes *classes = r->classes;
    int count = 0;
    for (int x = 0; x < classes->explanations.count; x++) {
        bool wanted = whole < 0 ? (classes->chosen >> x) & 1
                                : classes->explanations.item[x].whole == whole;
        if (!wanted || !r->counts->explained[x])
            continue;
        int at = count++;
        while (at > 0 && r->counts->explained[order[at - 1]] < r->counts->explained[x]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = x;
    }
    return count;
}

/* What explains the classed differences (explanations held to the moves
 * the engine got right, difference_classes.h), and what gives some of
 * their answers without being its rule. */
static void print_explained_text(const engine_report *r, FILE *out)
{
    const difference_classes *classes = r->classes;
    int order[EXPLANATIONS_MAX], parts[EXPLANATIONS_MAX];
    int count = by_count(r, -1, order);
    print_output(out, "  explained by (the most first):");
    for (int i = 0; i < count; i++)
        print_output(out, " %s %llu;", classes->explanations.item[order[i]].name,
                     (unsigned long long)r->counts->explained[order[i]]);
    print_output(out, " nothing %llu\n", (unsigned long long)r->counts->unexplained);
    for (int i = 0; i < count; i++)
        for (int p = 0, n = by_count(r, order[i], parts); p < n; p++)
            print_output(out, "%s %s %llu%s", p ? "" : "  of which, a part alone:",
                         classes->explanations.item[parts[p]].name,
                         (unsigned long long)r->counts->explained[parts[p]],
                         p + 1 < n ? ";" : "\n");
    const char *separator = "  giving some of these answers but not its rule (each answers "
                            "otherwise on a move your SEE gets right):";
    for (int x = 0; x < classes->explanations.count; x++)
        if (classes->evidence[x].agreeing && !((classes->held >> x) & 1)) {
            print_output(out, "%s %s %llu", separator, classes->explanations.item[x].name,
                         (unsigned long long)classes->evidence[x].agreeing);
            separator = ";";
        }
    if (*separator == ';')
        print_output(out, "\n");
}

/* What the classed differences hold and what explains them. */
static void print_classes_text(const engine_report *r, FILE *out)
{
    const check_counts *c = r->counts;
    print_output(out,
                 "  what the exchanges hold (%llu classed):", (unsigned long long)c->classified);
    for (int f = 0; f < EXCHANGE_FEATURE_COUNT; f++)
        if (c->features[f])
            print_output(out, " %s %llu;", exchange_feature_name(f),
                         (unsigned long long)c->features[f]);
    print_output(out, "\n");
    print_explained_text(r, out);
}

/* ------------------------------------------------------------------------ */
/* An example's exchanges: the reference's line, and each explanation's      */
/* ------------------------------------------------------------------------ */

/* An example's board and move, read back from its regression line. */
static bool example_move(const check_example *e, seebatch_board *board, seebatch_move *move)
{
    seebatch_error error;
    return seebatch_board_from_fen(board, e->fen, &error) == SEEBATCH_OK &&
           seebatch_move_parse(board, e->move, move, &error) == SEEBATCH_OK;
}

/* The explanations an example names, in the order it names them (those
 * taken, each followed by the parts of it that agree alone): their
 * indices, how many. */
static int example_explanations(const engine_report *r, const check_example *e, int *list)
{
    int order[EXPLANATIONS_MAX], parts[EXPLANATIONS_MAX], count = 0;
    uint64_t listed = 0;
    int taken = difference_classes_order(r->classes, e->explained, order);
    for (int i = 0; i < taken; i++) {
        parts[0] = order[i];
        int n = 1 + difference_classes_parts(r->classes, e->explained, order[i], parts + 1);
        for (int p = 0; p < n && count < EXPLANATIONS_MAX; p++)
            if (!((listed >> parts[p]) & 1)) {
                listed |= 1ull << parts[p];
                list[count++] = parts[p];
            }
    }
    return count;
}

/* The exchange an explanation plays on an example's move: its rules walked,
 * or the reference's on a kind of move it leaves alone; false for one with
 * no exchange of its own (a move passed unexamined or scored 0, see_ge off
 * by one). */
static bool explanation_exchange(const explanation *x, const seebatch_board *board,
                                 seebatch_move move, const exchange_record *reference,
                                 exchange_record *record)
{
    if (!(x->kinds & move_kind_bit(move))) {
        *record = *reference;
        return true;
    }
    if (x->way != EXPLAINED_BY_LIBRARY && x->way != EXPLAINED_BY_WALK)
        return false;
    exchange_walk_rules(board, move, &x->rules, record);
    return true;
}

/* Where an explanation's line parts from the reference's, in words. */
static void parting_words(const exchange_record *reference, const exchange_record *other,
                          char *words, size_t size)
{
    int step = exchange_parting(&reference->line, &other->line);
    if (step > 0)
        snprintf(words, size, "parts at capture %d", step);
    else if (step == 0)
        snprintf(words, size, "parts at the move itself");
    else if (other->line.end == END_NOT_PLAYED)
        words[0] = '\0'; /* its line says so */
    else
        snprintf(words, size, "%s",
                 reference->best_line == other->best_line && reference->line.end == other->line.end
                     ? "the same line"
                     : "the same captures, another stop");
}

/* One exchange shown: "reference", or an explanation's name and where its
 * line parts from the reference's (its name alone, and no text, for one
 * with no exchange of its own). */
typedef struct example_exchange {
    char label[EXPLANATION_NAME_MAX + 64];
    int explanation; /* -1: the reference */
    char text[EXCHANGE_TEXT_MAX];
} example_exchange;

/* The example's exchanges: the reference's first, then each explanation's
 * it names; how many (none when its line does not read back). */
static size_t example_exchanges(const engine_report *r, const check_example *e,
                                example_exchange *lines)
{
    seebatch_board board;
    seebatch_move move;
    if (!example_move(e, &board, &move))
        return 0;
    exchange_record reference, other;
    exchange_walk(&board, move, &r->config, FAULT_NONE, &reference);
    snprintf(lines[0].label, sizeof lines[0].label, "reference");
    lines[0].explanation = -1;
    exchange_text(&reference, lines[0].text, sizeof lines[0].text);
    int named[EXPLANATIONS_MAX];
    int count = e->classified ? example_explanations(r, e, named) : 0;
    for (int i = 0; i < count; i++) {
        const explanation *x = &r->classes->explanations.item[named[i]];
        example_exchange *line = &lines[1 + i];
        char words[64] = "";
        line->explanation = named[i];
        line->text[0] = '\0';
        if (explanation_exchange(x, &board, move, &reference, &other)) {
            parting_words(&reference, &other, words, sizeof words);
            exchange_text(&other, line->text, sizeof line->text);
        }
        snprintf(line->label, sizeof line->label, words[0] ? "%s (%s)" : "%s%s", x->name, words);
    }
    return 1 + (size_t)count;
}

/* Under an example's explanation: each exchange, a line of its own. */
static void print_example_exchanges(const engine_report *r, const check_example *e, FILE *out)
{
    example_exchange *lines = malloc((EXPLANATIONS_MAX + 1) * sizeof *lines);
    size_t count = lines ? example_exchanges(r, e, lines) : 0;
    for (size_t i = 0; i < count; i++)
        print_output(out, "     %s%s%s\n", lines[i].label, lines[i].text[0] ? ": " : "",
                     lines[i].text);
    free(lines);
}

/* ,"exchange":"...","explained_exchanges":{"NAME":"...",...} */
static void print_json_exchanges(const engine_report *r, const check_example *e, FILE *out)
{
    example_exchange *lines = malloc((EXPLANATIONS_MAX + 1) * sizeof *lines);
    size_t count = lines ? example_exchanges(r, e, lines) : 0;
    if (count > 0) {
        print_output(out, ",\"exchange\":");
        print_json_string(out, lines[0].text);
        print_output(out, ",\"explained_exchanges\":{");
        const char *separator = "";
        for (size_t i = 1; i < count; i++) {
            if (!lines[i].text[0])
                continue; /* no exchange of its own */
            print_output(out, "%s", separator);
            separator = ",";
            print_json_string(out, r->classes->explanations.item[lines[i].explanation].name);
            print_output(out, ":");
            print_json_string(out, lines[i].text);
        }
        print_output(out, "}");
    }
    free(lines);
}

static void print_example_text(const engine_report *r, const check_example *e, size_t n, FILE *out)
{
    print_output(out, "  %zu. SEE %d", n, (int)e->value);
    if (e->engine_value_known)
        print_output(out, ", the engine's %d", (int)e->engine_value);
    if (!e->classified) {
        print_output(out, "\n");
        print_example_exchanges(r, e, out);
        return;
    }
    print_output(out, "; holds");
    const char *separator = " ";
    for (int f = 0; f < EXCHANGE_FEATURE_COUNT; f++)
        if ((e->features >> f) & 1) {
            print_output(out, "%s%s", separator, exchange_feature_name(f));
            separator = ", ";
        }
    print_output(out, "%s; explained by", *separator == ' ' ? " nothing special" : "");
    int order[EXPLANATIONS_MAX], parts[EXPLANATIONS_MAX];
    int count = difference_classes_order(r->classes, e->explained, order);
    for (int i = 0; i < count; i++) {
        print_output(out, "%s%s", i ? ", " : " ", r->classes->explanations.item[order[i]].name);
        int n = difference_classes_parts(r->classes, e->explained, order[i], parts);
        for (int p = 0; p < n; p++)
            print_output(out, "%s%s", p ? ", " : "; here ",
                         r->classes->explanations.item[parts[p]].name);
    }
    print_output(out, "%s\n", count ? "" : " nothing");
    print_example_exchanges(r, e, out);
}

static void print_differences_text(const engine_report *r, FILE *out)
{
    const check_counts *c = r->counts;
    unsigned long long differing = check_counts_differing(c);
    if (differing == 0) {
        print_output(out, "differences: none\n");
        return;
    }
    print_output(out, "differences: %llu %s (", differing, plural(differing, "move", "moves"));
    print_kinds(out, c->differing);
    print_output(out, ")");
    if (r->see->answers_thresholds)
        print_output(out, "; %llu threshold %s wrong", (unsigned long long)c->differing_questions,
                     plural(c->differing_questions, "answer", "answers"));
    if (r->see->answers_values)
        print_output(out, "; %llu %s wrong", (unsigned long long)c->values_differing,
                     plural(c->values_differing, "value", "values"));
    if (r->see->answers_thresholds && r->see->answers_values)
        print_output(out, "; see_ge not its own value >= threshold on %llu",
                     (unsigned long long)c->inconsistent);
    if (c->not_monotone)
        print_output(out,
                     "; answers not monotone in the threshold (0 at the value, 1 above) on %llu",
                     (unsigned long long)c->not_monotone);
    print_output(out, "\n");
    print_classes_text(r, out);
    print_output(out,
                 "%zu, the first of each class first, as regression lines "
                 "(FEN;move;threshold;expected;got):\n",
                 r->example_count);
    for (size_t i = 0; i < r->example_count; i++) {
        const check_example *e = &r->examples[i];
        print_output(out, "%s;%s;%d;%d;%d\n", e->fen, e->move, (int)e->threshold, e->expected,
                     e->got);
    }
    print_output(out, "the same, explained:\n");
    for (size_t i = 0; i < r->example_count; i++)
        print_example_text(r, &r->examples[i], i + 1, out);
}

void engine_report_text(const engine_report *r, FILE *out)
{
    const check_counts *c = r->counts;
    const char *asked = r->see->answers_thresholds && r->see->answers_values
                            ? "thresholds and values"
                        : r->see->answers_values ? "values"
                                                 : "thresholds";
    print_output(out, "SEE under test: %s (%s, asked %s)\n", r->engine, r->way, asked);
    print_rules_text(r, out);
    if (r->not_a_see) {
        print_output(out,
                     "not a SEE: %s\nnot checked further: its answers are no SEE's, so "
                     "no difference from the reference would mean anything\n",
                     r->not_a_see);
        return;
    }
    unsigned long long moves = total_moves(c);
    print_output(out, "checked: %s: %llu %s, %llu %s (", r->input, (unsigned long long)c->positions,
                 plural(c->positions, "position", "positions"), moves,
                 plural(moves, "move", "moves"));
    print_kinds(out, c->moves);
    unsigned long long answers = c->questions + c->follow_ups;
    print_output(out,
                 "), %llu questions; %llu answers in %.2f s, %.0f a second (this process's CPU "
                 "time %.2f s, %.0f a second)\n",
                 (unsigned long long)c->questions, answers, r->seconds,
                 r->seconds > 0 ? (double)answers / r->seconds : 0.0, r->cpu_seconds,
                 r->cpu_seconds > 0 ? (double)answers / r->cpu_seconds : 0.0);
    print_differences_text(r, out);
}

/* {"normal":N,...} */
static void print_json_kinds(FILE *out, const uint64_t *by_kind)
{
    for (int k = 0; k < CHECK_KINDS; k++)
        print_output(out, "%s\"%s\":%llu", k ? "," : "{", check_kind_key(k),
                     (unsigned long long)by_kind[k]);
    print_output(out, "}");
}

static void print_json_rules(const engine_report *r, FILE *out)
{
    char words[RULE_WORDS_MAX];
    rule_words(&r->config, words);
    print_output(out, "\"rules\":");
    print_json_string(out, words);
    print_output(out, ",\"rules_given\":%s", r->found ? "false" : "true");
    if (!r->found)
        return;
    const rules_found *f = r->found;
    rule_words(&f->second, words);
    print_output(out, ",\"rules_found\":{\"moves\":%llu,\"differing\":%llu,\"next_best\":",
                 (unsigned long long)f->moves, (unsigned long long)f->differing);
    print_json_string(out, words);
    print_output(out,
                 ",\"next_best_differing\":%llu,\"pieces_read\":%s,\"off_by_one\":%s,"
                 "\"deciding\":%llu,\"close\":%s,\"telling\":[",
                 (unsigned long long)f->runner_up, f->values_read ? "true" : "false",
                 f->off_by_one ? "true" : "false", (unsigned long long)f->deciding,
                 f->close ? "true" : "false");
    for (int i = 0; i < f->telling_count; i++) {
        print_output(out, "%s", i ? "," : "");
        print_json_string(out, f->telling[i]);
    }
    print_output(out, "],\"not_monotone\":");
    if (f->not_monotone[0])
        print_json_string(out, f->not_monotone);
    else
        print_output(out, "null");
    print_output(out, "}");
}

/* Bits of `set` as a JSON array of names. */
static void print_json_names(FILE *out, uint32_t set, int count,
                             const char *(*name)(const void *, int), const void *context)
{
    const char *separator = "[";
    for (int i = 0; i < count; i++)
        if ((set >> i) & 1) {
            print_output(out, "%s", separator);
            print_json_string(out, name(context, i));
            separator = ",";
        }
    print_output(out, "%s", *separator == '[' ? "[]" : "]");
}

static const char *feature_name(const void *context, int i)
{
    (void)context;
    return exchange_feature_name(i);
}

/* Explanations (indices) as a JSON array of names. */
static void print_json_explanations(const difference_classes *classes, const int *order,
                                    int count, FILE *out)
{
    print_output(out, "[");
    for (int i = 0; i < count; i++) {
        print_output(out, "%s", i ? "," : "");
        print_json_string(out, classes->explanations.item[order[i]].name);
    }
    print_output(out, "]");
}

/* The explanations of an example, the most specific first, and the parts
 * of a whole among them that alone agree. */
static void print_json_explained(const difference_classes *classes, uint64_t explained, FILE *out)
{
    int order[EXPLANATIONS_MAX], parts[EXPLANATIONS_MAX], part_count = 0;
    int count = difference_classes_order(classes, explained, order);
    print_json_explanations(classes, order, count, out);
    for (int i = 0; i < count; i++)
        part_count += difference_classes_parts(classes, explained, order[i], parts + part_count);
    print_output(out, ",\"here\":");
    print_json_explanations(classes, parts, part_count, out);
}

static void print_json_example(const engine_report *r, const check_example *e, FILE *out)
{
    char line[SEEBATCH_FEN_MAX + 64];
    snprintf(line, sizeof line, "%s;%s;%d;%d;%d", e->fen, e->move, (int)e->threshold, e->expected,
             e->got);
    print_output(out, "{\"line\":");
    print_json_string(out, line);
    print_output(out, ",\"fen\":");
    print_json_string(out, e->fen);
    print_output(out,
                 ",\"move\":\"%s\",\"threshold\":%d,\"expected\":%d,\"got\":%d,\"see\":%d,"
                 "\"engine_see\":",
                 e->move, (int)e->threshold, e->expected, e->got, (int)e->value);
    if (e->engine_value_known)
        print_output(out, "%d", (int)e->engine_value);
    else
        print_output(out, "null");
    if (e->classified) {
        print_output(out, ",\"holds\":");
        print_json_names(out, e->features, EXCHANGE_FEATURE_COUNT, feature_name, NULL);
        print_output(out, ",\"explained_by\":");
        print_json_explained(r->classes, e->explained, out);
    }
    print_json_exchanges(r, e, out);
    print_output(out, "}");
}

/* Explanations that give some differences' answers but answer otherwise
 * where the engine answers as the reference does: each with a move. */
static void print_json_not_held(const difference_classes *classes, FILE *out)
{
    const char *separator = "";
    for (int x = 0; x < classes->explanations.count; x++) {
        const explanation_evidence *evidence = &classes->evidence[x];
        if (!evidence->agreeing || ((classes->held >> x) & 1))
            continue;
        print_output(out, "%s{\"explanation\":", separator);
        print_json_string(out, classes->explanations.item[x].name);
        print_output(out, ",\"agreeing\":%llu,\"answers_otherwise_on\":",
                     (unsigned long long)evidence->agreeing);
        print_json_string(out, evidence->first_contradiction);
        print_output(out, "}");
        separator = ",";
    }
}

static void print_json_differences(const engine_report *r, FILE *out)
{
    const check_counts *c = r->counts;
    print_output(out, ",\"differences\":{\"moves\":%llu,\"by_kind\":",
                 (unsigned long long)check_counts_differing(c));
    print_json_kinds(out, c->differing);
    print_output(out,
                 ",\"threshold_answers\":%llu,\"values\":%llu,\"inconsistent\":%llu,"
                 "\"not_monotone\":%llu,\"classified\":%llu,\"holding\":{",
                 (unsigned long long)c->differing_questions,
                 (unsigned long long)c->values_differing, (unsigned long long)c->inconsistent,
                 (unsigned long long)c->not_monotone, (unsigned long long)c->classified);
    for (int f = 0; f < EXCHANGE_FEATURE_COUNT; f++)
        print_output(out, "%s\"%s\":%llu", f ? "," : "", exchange_feature_name(f),
                     (unsigned long long)c->features[f]);
    print_output(out, "},\"explained_by\":{");
    int order[EXPLANATIONS_MAX];
    for (int i = 0, count = by_count(r, -1, order); i < count; i++) {
        print_json_string(out, r->classes->explanations.item[order[i]].name);
        print_output(out, ":%llu,", (unsigned long long)c->explained[order[i]]);
    }
    print_output(out, "\"nothing\":%llu},\"parts_alone\":{", (unsigned long long)c->unexplained);
    int parts[EXPLANATIONS_MAX];
    const char *separator = "";
    for (int i = 0, count = by_count(r, -1, order); i < count; i++)
        for (int p = 0, n = by_count(r, order[i], parts); p < n; p++, separator = ",") {
            print_output(out, "%s", separator);
            print_json_string(out, r->classes->explanations.item[parts[p]].name);
            print_output(out, ":%llu", (unsigned long long)c->explained[parts[p]]);
        }
    print_output(out, "},\"not_its_rule\":[");
    print_json_not_held(r->classes, out);
    print_output(out, "],\"examples\":[");
    for (size_t i = 0; i < r->example_count; i++) {
        print_output(out, "%s", i ? "," : "");
        print_json_example(r, &r->examples[i], out);
    }
    print_output(out, "]}");
}

void engine_report_json(const engine_report *r, FILE *out)
{
    const check_counts *c = r->counts;
    print_output(out, "{\"engine\":");
    print_json_string(out, r->engine);
    print_output(out, ",\"way\":\"%s\",\"thresholds\":%s,\"values\":%s,", r->way,
                 r->see->answers_thresholds ? "true" : "false",
                 r->see->answers_values ? "true" : "false");
    print_json_rules(r, out);
    print_output(out, ",\"not_a_see\":");
    if (r->not_a_see)
        print_json_string(out, r->not_a_see);
    else
        print_output(out, "null");
    print_output(out, ",\"input\":");
    print_json_string(out, r->input);
    print_output(out, ",\"positions\":%llu,\"moves\":", (unsigned long long)c->positions);
    print_json_kinds(out, c->moves);
    print_output(out, ",\"questions\":%llu,\"answers\":%llu,\"seconds\":%.3f,\"cpu_seconds\":%.3f",
                 (unsigned long long)c->questions,
                 (unsigned long long)(c->questions + c->follow_ups), r->seconds, r->cpu_seconds);
    print_json_differences(r, out);
    print_output(out, "}\n");
}
