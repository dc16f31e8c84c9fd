/*
 * Training data for the filter's chain tests, made here rather than taken
 * from elsewhere: whole games of random legal moves (the library's move
 * generator; a seeded generator, so the same seed gives the same bytes),
 * written both as a chained .binpack and as the same entries in .plain text.
 *
 * The games are made to reach what chains and rules depend on: captures,
 * checks, promotions, castling and en passant are preferred when legal;
 * scores wander, jump, fall to 0 and to VALUE_NONE (32002); results are
 * wins, losses and draws. Chains break inside games, and chunks end inside
 * games too, some of them right between a large score and a 0 in a game
 * not drawn (where the placeholder rule needs the chunk before).
 *
 * usage: make_training_games SEED GAMES OUT.binpack OUT.plain
 * prints what it made (counts of each feature) on stdout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_writer.h"
#include "training/formats/chain_moves.h"
#include "training/formats/plain.h"
#include "platform/files.h"

enum { VALUE_NONE = 32002 };

/* What was written, counted as it was written: the counts `seebatch stats`
 * must find. A game is a run of entries with rising plies and one result
 * (from white's view): a game played here, or the rest of one after its
 * result was changed. */
typedef struct stats {
    long games, entries, chunks, chains, captures, checks, promotions, castlings, en_passants,
        value_nones, zeros, planted_boundaries, result_holds, white_wins, game_draws, black_wins,
        wins, draws, losses;
} stats;

typedef struct maker {
    uint64_t rng;
    binpack_writer writer;
    FILE *binpack, *plain;
    stats counts;
} maker;

static uint64_t next_random(maker *m)
{
    m->rng ^= m->rng >> 12; /* xorshift64* */
    m->rng ^= m->rng << 25;
    m->rng ^= m->rng >> 27;
    return m->rng * 0x2545F4914F6CDD1Du;
}

static int below(maker *m, int n) { return (int)(next_random(m) % (uint64_t)n); }

static void fail(const char *what)
{
    fprintf(stderr, "make_training_games: %s\n", what);
    exit(2);
}

/* How much a move is preferred: the rare kinds much more than quiet moves. */
static int weight(const seebatch_board *board, seebatch_move move)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind != SEEBATCH_MOVE_NORMAL)
        return 40; /* promotion, castling, en passant */
    if (move_captures(board, move))
        return 6;
    return (board->pieces[SEEBATCH_PAWN] >> seebatch_move_from(move)) & 1u ? 3 : 1;
}

static seebatch_move choose(maker *m, const seebatch_board *board, const seebatch_move *moves,
                            size_t count)
{
    int total = 0;
    for (size_t i = 0; i < count; i++)
        total += weight(board, moves[i]);
    int pick = below(m, total);
    for (size_t i = 0; i < count; i++)
        if ((pick -= weight(board, moves[i])) < 0)
            return moves[i];
    return moves[count - 1];
}

/* The next score, from the side to move's view: mostly a walk, sometimes a
 * jump, a 0 or VALUE_NONE. */
static int16_t next_score(maker *m, int16_t previous)
{
    int roll = below(m, 100);
    if (roll < 5)
        return VALUE_NONE;
    if (roll < 20)
        return 0;
    if (roll < 25)
        return (int16_t)((below(m, 2) ? 1 : -1) * (300 + below(m, 1700)));
    if (roll < 26)
        return (int16_t)(below(m, 2) ? 32000 : -32000);
    int base = previous == VALUE_NONE ? 0 : -previous; /* the other side's view */
    int score = base + below(m, 161) - 80;
    return (int16_t)(score > 3000 ? 3000 : score < -3000 ? -3000 : score);
}

static void flush_chunk(maker *m)
{
    if (m->writer.size) {
        m->counts.chunks++;
        if (!seebatch_binpack_flush_chunk(&m->writer, m->binpack))
            fail("cannot write the binpack");
    }
}

static void count_entry(maker *m, const training_entry *e)
{
    unsigned kind = seebatch_move_kind(e->move);
    m->counts.entries++;
    m->counts.captures += move_captures(&e->board, e->move);
    m->counts.checks += seebatch_side_in_check(&e->board);
    m->counts.promotions +=
        kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN;
    m->counts.castlings += kind == SEEBATCH_MOVE_CASTLING;
    m->counts.en_passants += kind == SEEBATCH_MOVE_EN_PASSANT;
    m->counts.value_nones += e->score == VALUE_NONE;
    m->counts.zeros += e->score == 0;
    m->counts.wins += e->result > 0;
    m->counts.draws += e->result == 0;
    m->counts.losses += e->result < 0;
}

/* A game begins (or its result changes): counted under its result. */
static void count_game(maker *m, int white_result)
{
    m->counts.games++;
    m->counts.white_wins += white_result > 0;
    m->counts.game_draws += white_result == 0;
    m->counts.black_wins += white_result < 0;
}

/* Writes an entry to both files: it continues the open chain unless
 * new_chain says to start one. */
static void write_entry(maker *m, const training_entry *e, const training_entry *previous,
                        bool new_chain)
{
    if (new_chain || !previous || m->writer.count_at == SIZE_MAX) {
        seebatch_binpack_start_chain(&m->writer, e, NULL);
        m->counts.chains++;
    } else {
        if (!seebatch_binpack_continues(previous, e))
            fail("an entry does not continue its chain");
        seebatch_binpack_append_entry(&m->writer, e);
    }
    if (m->writer.out_of_memory)
        fail("out of memory");
    char block[PLAIN_BLOCK_MAX];
    size_t length = seebatch_plain_format(e, block);
    if (fwrite(block, 1, length, m->plain) != length)
        fail("cannot write the plain text");
    count_entry(m, e);
}

/* What a planted boundary still has to write: a 0 opening a chunk; a
 * VALUE_NONE opening it and a 0 after it; or a VALUE_NONE alone in its
 * chunk and a 0 opening the next (the large score then comes from two
 * chunks before). */
enum {
    PLANT_NOTHING,
    PLANT_ZERO_AT_BOUNDARY,
    PLANT_NONE_AT_BOUNDARY,
    PLANT_ZERO_AFTER_NONE,
    PLANT_NONE_ALONE
};

/* The score of the entry at ply: planted (a large one before a chunk
 * boundary, then at the boundary a 0, or a VALUE_NONE and then a 0), else
 * the next of the walk; *boundary says to end the chunk before the entry. */
static int16_t planted_score(maker *m, int ply, int16_t score, int *plant, bool *boundary)
{
    int state = *plant;
    *plant = state == PLANT_NONE_AT_BOUNDARY ? PLANT_ZERO_AFTER_NONE
             : state == PLANT_NONE_ALONE     ? PLANT_ZERO_AT_BOUNDARY
                                             : PLANT_NOTHING;
    *boundary = state == PLANT_ZERO_AT_BOUNDARY || state == PLANT_NONE_AT_BOUNDARY ||
                state == PLANT_NONE_ALONE;
    if (state == PLANT_NONE_AT_BOUNDARY || state == PLANT_NONE_ALONE)
        return VALUE_NONE;
    if (state != PLANT_NOTHING)
        return 0;
    if (ply > 0 && below(m, 50) == 0) {
        static const int plants[4] = {PLANT_ZERO_AT_BOUNDARY, PLANT_ZERO_AT_BOUNDARY,
                                      PLANT_NONE_AT_BOUNDARY, PLANT_NONE_ALONE};
        *plant = plants[below(m, 4)];
        m->counts.planted_boundaries++;
        return (int16_t)((below(m, 2) ? 1 : -1) * (101 + below(m, 900)));
    }
    *boundary = ply > 0 && below(m, 60) == 0;
    return next_score(m, score);
}

static void play_game(maker *m)
{
    training_entry e, previous;
    if (seebatch_board_from_fen(&e.board,
                                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                NULL) != SEEBATCH_OK)
        fail("the start position does not parse");
    int white_result = below(m, 3) - 1, length = 8 + below(m, 200), plant = 0;
    int16_t score = (int16_t)(below(m, 101) - 50);
    count_game(m, white_result);
    for (int ply = 0; ply < length; ply++) {
        /* Now and then the result changes between two plies, so that the
         * entry's result is not the previous one's negated: the position
         * follows, but binpack's chain, which negates it, cannot go on. */
        bool result_holds = ply > 0 && below(m, 70) == 0;
        if (result_holds) {
            white_result = (white_result + 2 + below(m, 2)) % 3 - 1; /* one of the other two */
            count_game(m, white_result);
            m->counts.result_holds++;
        }
        seebatch_move moves[SEEBATCH_MAX_MOVES];
        size_t count = seebatch_generate_moves(&e.board, moves);
        if (count == 0)
            break;
        e.board.fullmove_number = fullmove_of_ply((uint16_t)ply);
        e.move = choose(m, &e.board, moves, count);
        e.ply = (uint16_t)ply;
        e.result = (int8_t)(e.board.side_to_move == SEEBATCH_WHITE ? white_result : -white_result);
        bool boundary;
        score = planted_score(m, ply, score, &plant, &boundary);
        e.score = score;
        if (boundary)
            flush_chunk(m);
        write_entry(m, &e, ply ? &previous : NULL, boundary || result_holds || below(m, 40) == 0);
        previous = e;
        chain_play(&e.board, e.move);
    }
    if (below(m, 4) == 0)
        flush_chunk(m);
}

int main(int argc, char **argv)
{
    seebatch_standard_streams_binary(); /* its counts are read by the tests */
    if (argc != 5) {
        fprintf(stderr, "usage: make_training_games SEED GAMES OUT.binpack OUT.plain\n");
        return 2;
    }
    maker m = {strtoull(argv[1], NULL, 10) * 2 + 1, {0}, NULL, NULL, {0}};
    long games = strtol(argv[2], NULL, 10);
    seebatch_binpack_writer_init(&m.writer);
    m.binpack = fopen(argv[3], "wb");
    m.plain = fopen(argv[4], "wb");
    if (!m.binpack || !m.plain)
        fail("cannot create the output files");
    for (long g = 0; g < games; g++)
        play_game(&m);
    flush_chunk(&m);
    seebatch_binpack_writer_free(&m.writer);
    if (fclose(m.binpack) != 0 || fclose(m.plain) != 0)
        fail("cannot write the output files");
    const stats *c = &m.counts;
    printf("games %ld entries %ld chunks %ld chains %ld captures %ld checks %ld promotions %ld "
           "castlings %ld en_passants %ld value_nones %ld zeros %ld planted_boundaries %ld "
           "result_holds %ld white_wins %ld game_draws %ld black_wins %ld wins %ld draws %ld "
           "losses %ld\n",
           c->games, c->entries, c->chunks, c->chains, c->captures, c->checks, c->promotions,
           c->castlings, c->en_passants, c->value_nones, c->zeros, c->planted_boundaries,
           c->result_holds, c->white_wins, c->game_draws, c->black_wins, c->wins, c->draws,
           c->losses);
    return 0;
}
