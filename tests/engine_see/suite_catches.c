/*
 * A 1,000-line suite (seebatch suite, under the rules the engines made of a
 * function follow) catches every fault planted in them: each classic SEE
 * fault and engine choice of exchange_walk.h (but rule 4 judged with the
 * king off its square, which changes no real move), see_ge off by one, special
 * moves passed unexamined or scored 0 (each kind), a piece valued
 * otherwise in the swap, chessprogramming.org's swap algorithm, and each
 * rule one change away: the check of the planted engine on the suite's
 * moves alone finds a difference. (The suite's strata, suite_strata.h, hold
 * a move of every pattern of the explanations' values, and each of these
 * is some explanation's rule.)
 * Usage: suite_catches SUITE (its lines "FEN;move;value", written with
 *        --values 100,300,300,500,900 --pins --promotions=move)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine_check.h"
#include "function_see.h"
#include "rule_words.h"

static const seebatch_config rules = {{100, 300, 300, 500, 900},
                                      SEEBATCH_PINS | SEEBATCH_MOVE_PROMOTION_ONLY};

typedef struct suite_moves {
    seebatch_board *boards;
    seebatch_move *moves;
    size_t count;
} suite_moves;

/* What is planted: function_see's settings, and its kinds passed or scored 0
 * and its swap values (NULL: the victims'). */
typedef struct planted {
    const char *what;
    function_see_settings settings;
    unsigned passes, zeroes;
    const int32_t *swap_values;
} planted;

/* The suite's lines read: false (and why printed) when one is not a move. */
static bool read_suite(const char *path, suite_moves *suite)
{
    FILE *file = fopen(path, "r");
    if (!file) {
        perror(path);
        return false;
    }
    char line[512];
    size_t room = 0;
    while (fgets(line, sizeof line, file)) {
        char *move = strchr(line, ';');
        if (!move)
            break;
        *move++ = '\0';
        if (suite->count == room) {
            room = room ? 2 * room : 1024;
            suite->boards = realloc(suite->boards, room * sizeof *suite->boards);
            suite->moves = realloc(suite->moves, room * sizeof *suite->moves);
            if (!suite->boards || !suite->moves)
                exit(3);
        }
        seebatch_game game;
        memset(&game, 0, sizeof game);
        game.moves = &suite->moves[suite->count];
        game.capacity = 1;
        seebatch_error error;
        if (seebatch_board_from_fen(&game.board, line, NULL) != SEEBATCH_OK ||
            seebatch_game_play(&game, move, strcspn(move, ";"), &error) != SEEBATCH_OK ||
            game.count != 1) {
            fprintf(stderr, "%s: line %zu is not a FEN and a move\n", path, suite->count + 1);
            fclose(file);
            return false;
        }
        seebatch_board_from_fen(&suite->boards[suite->count++], line, NULL);
    }
    fclose(file);
    return true;
}

/* The differences the check of the planted engine finds on the suite. */
static uint64_t differences_on(const suite_moves *suite, const planted *plant)
{
    engine_see engine;
    function_see_open_planted(&plant->settings, plant->passes, plant->zeroes, plant->swap_values,
                              &engine);
    engine_check_settings settings = {&engine, rules, 0, 0, 0};
    engine_check *check = engine_check_new(&settings);
    if (!check)
        exit(3);
    check_status status = CHECK_DONE;
    for (size_t i = 0; i < suite->count && status == CHECK_DONE; i++)
        status = engine_check_position(check, &suite->boards[i], &suite->moves[i], 1);
    if (status == CHECK_DONE)
        status = engine_check_finish(check);
    CHECK_EQ(status, CHECK_DONE, "%s: %s", plant->what, engine_check_failure(check)->message);
    uint64_t differing = check_counts_differing(engine_check_counts(check));
    engine_check_free(check);
    see_failure why;
    engine.close(engine.context, &why);
    return differing;
}

static void caught(const suite_moves *suite, const planted *plant)
{
    uint64_t differing = differences_on(suite, plant);
    printf("%s: %llu differences\n", plant->what, (unsigned long long)differing);
    CHECK(differing > 0, "%s: not caught by the suite", plant->what);
}

static function_see_settings following(seebatch_config config)
{
    return (function_see_settings){config, FAULT_NONE, false, false, true, false, 0};
}

static void faults_caught(const suite_moves *suite)
{
    for (int f = 0; f < FAULT_KINDS; f++) {
        if (1u << f == FAULT_KING_OFF_SQUARE)
            continue; /* no real move under these rules shows it (test_engine_check
                         finds it on random dense boards): none to draw */
        planted plant = {exchange_fault_name(1u << f), following(rules), 0, 0, NULL};
        plant.settings.fault = 1u << f;
        caught(suite, &plant);
    }
    planted swap = {"chessprogramming.org's swap algorithm", following((seebatch_config){
        {100, 300, 300, 500, 900}, 0}), 0, 0, NULL};
    swap.settings.fault = FAULT_SWAP_PRUNED | FAULT_FROM_SQUARE_TOGGLED |
                          FAULT_EN_PASSANT_VICTIM_STAYS | FAULT_KING_OFF_SQUARE;
    caught(suite, &swap);
    planted off = {"see_ge off by one", following(rules), 0, 0, NULL};
    off.settings.off_by_one = true;
    caught(suite, &off);
}

static void choices_caught(const suite_moves *suite)
{
    static const char *const kind_names[4] = {"normal", "promotions", "en passant", "castling"};
    for (int k = 1; k < 4; k++) {
        char what[64];
        snprintf(what, sizeof what, "%s passed unexamined", kind_names[k]);
        caught(suite, &(planted){what, following(rules), 1u << k, 0, NULL});
        if (k == 3)
            continue; /* castling is worth 0 */
        snprintf(what, sizeof what, "%s scored 0", kind_names[k]);
        caught(suite, &(planted){what, following(rules), 0, 1u << k, NULL});
    }
    static const int32_t rook_as_queen[5] = {100, 300, 300, 900, 900};
    caught(suite, &(planted){"the rook valued 900 in the swap", following(rules), 0, 0,
                             rook_as_queen});
    rule_change changes[RULE_CHANGES_MAX];
    size_t count = rule_changes(&rules, changes);
    for (size_t i = 0; i < count; i++)
        caught(suite, &(planted){changes[i].words, following(changes[i].config), 0, 0, NULL});
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: suite_catches SUITE\n");
        return 2;
    }
    suite_moves suite = {0};
    if (!read_suite(argv[1], &suite))
        return 1;
    CHECK_EQ(suite.count, (size_t)1000, "the suite's moves");
    faults_caught(&suite);
    choices_caught(&suite);
    free(suite.boards);
    free(suite.moves);
    return check_finish("suite_catches");
}
