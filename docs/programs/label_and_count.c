/* A whole training file labelled and counted on threads, from C
 * (docs/training-data.md, "From Python and C"): seebatch_training_run with
 * the library's two works, seebatch_label_work (the SEE of each entry's
 * move, the values `seebatch eval --preset stockfish FILE` prints) and
 * seebatch_count_work (what `seebatch stats FILE` counts). ctest compiles
 * and runs it (tests/packaging/docs_whole_file.sh), held to the tool.
 *   cc label_and_count.c $(pkg-config --cflags --libs seebatch) -o label
 *   ./label data.binpack > labels.txt */
#include <stdio.h>
#include <seebatch_training.h>

/* Each piece's values, in file order, on the calling thread; before counts
 * the entries of the file before the piece. */
static int print_labels(void *context, const int32_t *values, size_t count, uint64_t before)
{
    (void)context;
    for (size_t i = 0; i < count; i++)
        printf("%llu %d\n", (unsigned long long)(before + i + 1), values[i]);
    return 0; /* go on */
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: label FILE\n");
        return 2;
    }
    seebatch_rules rules;
    seebatch_config config = seebatch_config_stockfish();
    seebatch_rules_init(&rules, &config, NULL);
    seebatch_labelling labelling = {&rules, print_labels, NULL};
    seebatch_run run = {.input = argv[1], .threads = 2, .work = seebatch_label_work(&labelling)};
    seebatch_error error;
    if (seebatch_training_run(&run, &error) != SEEBATCH_OK) {
        fprintf(stderr, "%s\n", error.message); /* a fault: the entries before it are labelled */
        return 1;
    }
    seebatch_counts counts = {0};
    seebatch_run count = {.input = argv[1], .threads = 2, .work = seebatch_count_work(&counts)};
    if (seebatch_training_run(&count, &error) != SEEBATCH_OK) {
        fprintf(stderr, "%s\n", error.message);
        return 1;
    }
    fprintf(stderr, "%llu entries, %llu games, %llu captures\n", (unsigned long long)counts.entries,
            (unsigned long long)counts.games, (unsigned long long)counts.captures);
    return 0;
}
