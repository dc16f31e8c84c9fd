/*
 * selfplay: plays Stockfish against itself over UCI and prints every position
 * reached as FEN, for the benchmark's real positions
 * (programs/generators/make_real_positions.sh runs it).
 *
 * Each game starts with a few random legal plies from the start position, so
 * that games differ, then both sides play the engine's best move at a fixed
 * node count on one thread, which Stockfish makes deterministic. The random
 * plies come from a fixed-seed generator, so the same seed, engine version
 * and node count give the same positions.
 *
 * Usage: selfplay ENGINE GAMES SEED NODES RANDOM_PLIES MAX_PLIES
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "random.h"

enum { LINE_MAX_BYTES = 8192, MOVES_MAX = 600 };

typedef struct engine {
    FILE *in;  /* what we write: the engine's standard input */
    FILE *out; /* what it prints */
    char line[LINE_MAX_BYTES];
} engine;

static void die(const char *what)
{
    fprintf(stderr, "selfplay: %s\n", what);
    exit(2);
}

static void start(engine *e, const char *path)
{
    int to_engine[2], from_engine[2];
    if (pipe(to_engine) != 0 || pipe(from_engine) != 0)
        die("cannot make pipes");
    pid_t pid = fork();
    if (pid < 0)
        die("cannot fork");
    if (pid == 0) {
        dup2(to_engine[0], 0);
        dup2(from_engine[1], 1);
        close(to_engine[1]);
        close(from_engine[0]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(to_engine[0]);
    close(from_engine[1]);
    e->in = fdopen(to_engine[1], "w");
    e->out = fdopen(from_engine[0], "r");
    if (!e->in || !e->out)
        die("cannot open the engine's pipes");
}

static void say(engine *e, const char *text)
{
    fprintf(e->in, "%s\n", text);
    fflush(e->in);
}

/* Reads lines until one starts with `prefix`; it is left in e->line. */
static void read_until(engine *e, const char *prefix)
{
    size_t length = strlen(prefix);
    while (fgets(e->line, sizeof e->line, e->out))
        if (strncmp(e->line, prefix, length) == 0)
            return;
    die("the engine stopped or printed something unexpected");
}

/* A random legal move from "go perft 1" ("e2e4: 1" per move); 0 if none. */
static int random_move(engine *e, uint64_t *random_state, char move[8])
{
    static char legal[256][8];
    int count = 0;
    say(e, "go perft 1");
    while (fgets(e->line, sizeof e->line, e->out) && strncmp(e->line, "Nodes searched", 14) != 0) {
        char *colon = strstr(e->line, ": 1");
        if (colon && colon - e->line < 8 && count < 256) {
            memcpy(legal[count], e->line, (size_t)(colon - e->line));
            legal[count++][colon - e->line] = '\0';
        }
    }
    if (count == 0)
        return 0;
    strcpy(move, legal[random_next(random_state) % (uint64_t)count]);
    return 1;
}

/* The engine's best move at the node count; 0 when the game is over. */
static int best_move(engine *e, const char *go, char move[8])
{
    say(e, go);
    read_until(e, "bestmove");
    if (sscanf(e->line, "bestmove %7s", move) != 1 || strcmp(move, "(none)") == 0)
        return 0;
    return 1;
}

static void play_game(engine *e, uint64_t *random_state, const char *go, int random_plies,
                      int max_plies)
{
    static char position[16 + MOVES_MAX * 6];
    say(e, "ucinewgame");
    strcpy(position, "position startpos moves");
    for (int ply = 0; ply < max_plies && ply < MOVES_MAX; ply++) {
        say(e, position);
        say(e, "d");
        read_until(e, "Fen: ");
        if (ply >= random_plies)
            fputs(e->line + 5, stdout);
        char move[8];
        int found =
            ply < random_plies ? random_move(e, random_state, move) : best_move(e, go, move);
        if (!found)
            return;
        strcat(position, " ");
        strcat(position, move);
    }
}

int main(int argc, char **argv)
{
    if (argc != 7)
        die("usage: selfplay ENGINE GAMES SEED NODES RANDOM_PLIES MAX_PLIES");
    long games = atol(argv[2]);
    uint64_t random_state = strtoull(argv[3], NULL, 10);
    char go[64];
    snprintf(go, sizeof go, "go nodes %ld", atol(argv[4]));
    int random_plies = atoi(argv[5]), max_plies = atoi(argv[6]);

    signal(SIGPIPE, SIG_IGN);
    engine e;
    start(&e, argv[1]);
    say(&e, "uci");
    read_until(&e, "uciok");
    say(&e, "setoption name Threads value 1");
    say(&e, "setoption name Hash value 16");
    say(&e, "isready");
    read_until(&e, "readyok");
    for (long game = 0; game < games; game++)
        play_game(&e, &random_state, go, random_plies, max_plies);
    say(&e, "quit");
    wait(NULL);
    return ferror(stdout) ? 2 : 0;
}
