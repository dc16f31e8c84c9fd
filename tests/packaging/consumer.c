/* A program outside the project, built against an installed seebatch: the
 * public API only. Prints every capture of the seed trace with its SEE and
 * exits 0 only if d3e5 is -225 under the classic values. */
#include <stdio.h>
#include <string.h>

#include <seebatch.h>
#include <seebatch_view.h>

int main(void)
{
    static const char fen[] = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";

    /* Header and library must be the same release. */
    if (strcmp(seebatch_version(), SEEBATCH_VERSION_STRING) != 0) {
        fprintf(stderr, "header %s, library %s\n", SEEBATCH_VERSION_STRING, seebatch_version());
        return 1;
    }

    seebatch_board board;
    seebatch_error error;
    if (seebatch_board_from_fen(&board, fen, &error) != SEEBATCH_OK) {
        fprintf(stderr, "%s\n", error.message);
        return 1;
    }
    seebatch_config config = seebatch_config_classic();
    seebatch_rules rules;
    if (seebatch_rules_init(&rules, &config, &error) != SEEBATCH_OK) {
        fprintf(stderr, "%s\n", error.message);
        return 1;
    }

    seebatch_move captures[SEEBATCH_MAX_MOVES];
    int32_t values[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_captures(&board, captures);
    seebatch_batch batch = {&board, 1, NULL, NULL, captures, count};
    seebatch_values(&rules, &batch, values);

    int found = 0;
    for (size_t i = 0; i < count; i++) {
        char uci[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(captures[i], uci);
        printf("%s %d\n", uci, (int)values[i]);
        if (strcmp(uci, "d3e5") == 0)
            found = values[i] == -225 ? 1 : -1;
    }
    if (found != 1) {
        fprintf(stderr, found ? "d3e5: SEE is not -225\n" : "d3e5: not generated\n");
        return 1;
    }
    seebatch_layout layout = seebatch_layout_stockfish(); /* the views' header is installed */
    printf("seebatch %s (%s backend, views %s): ok\n", seebatch_version(), seebatch_backend_name(),
           layout.kind == SEEBATCH_LAYOUT_BY_TYPE ? "by type" : "?");
    return 0;
}
