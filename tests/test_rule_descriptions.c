/*
 * A filter rule described as its option reads (seebatch_describe_rule, the
 * tool's counts: "--random-skip 3 (seed 11)"), into buffers of every size:
 * a buffer too short gets the description's start, NUL-terminated, and
 * nothing past its size.
 */
#include <string.h>

#include "check.h"
#include "training/filtering/rule_options.h"

enum { ROOM = 96, GUARD = 0x5a };

/* The rule described into `size` bytes of a guarded buffer: the start of
 * `whole`, and the bytes after it untouched. */
static void described_in(const filter_rules *rules, int rule, const char *whole, size_t size)
{
    char out[ROOM + 16];
    memset(out, GUARD, sizeof out);
    seebatch_describe_rule(rules, rule, out, size);
    size_t kept = strlen(whole) < size ? strlen(whole) : size - 1;
    CHECK(strncmp(out, whole, kept) == 0 && out[kept] == '\0', "rule %d in %zu bytes: \"%.*s\"",
          rule, size, (int)kept, out);
    for (size_t i = size; i < sizeof out; i++)
        if (out[i] != (char)GUARD) {
            CHECK(false, "rule %d in %zu bytes: byte %zu written", rule, size, i);
            break;
        }
}

int main(void)
{
    filter_rules rules;
    memset(&rules, 0, sizeof rules);
    rules.active = 1u << RULE_CAPTURE | 1u << RULE_SEE_GE | 1u << RULE_RANDOM;
    rules.see_threshold = -25;
    rules.random_skip = 3;
    rules.seed = 11;
    static const struct {
        int rule;
        const char *whole;
    } cases[] = {{RULE_CAPTURE, "--skip-capture"},
                 {RULE_SEE_GE, "--skip-see-ge -25"},
                 {RULE_RANDOM, "--random-skip 3 (seed 11)"}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char out[ROOM];
        seebatch_describe_rule(&rules, cases[c].rule, out, sizeof out);
        CHECK(strcmp(out, cases[c].whole) == 0, "rule %d: \"%s\"", cases[c].rule, out);
        for (size_t size = 1; size <= strlen(cases[c].whole) + 1; size++)
            described_in(&rules, cases[c].rule, cases[c].whole, size);
    }
    return check_finish("test_rule_descriptions");
}
