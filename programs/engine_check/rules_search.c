/*
 * An engine's SEE rules from its answers (rules_search.h).
 */
#include "rules_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule_words.h"
#include "tool_only.h"

enum {
    /* pins x promotions none/move/all x stop when ahead x normal moves
     * only, but for the 4 that promote only the move and score it 0 under
     * normal moves only: exactly the 4 that promote nothing */
    FLAG_SETS = 20,
    PER_SIGNATURE = 500,  /* moves kept that split the flag sets alike */
    SIGNATURES = 1 << 13, /* room for the kinds of split seen */
    DEFAULT_MOVES = 20000,
    CHUNK_MOVES = 8192,    /* moves valued together, under each flag set */
    ASK_QUESTIONS = 32768, /* questions an ask, about */
    PROBES = 5
};

/* Moves whose value tells each flag apart. */
static const char *const probes[PROBES][2] = {
    /* pins: the knight e7, pinned to its king, may not retake */
    {"3k4/4n3/8/3p2B1/8/2N5/8/6K1 w - - 0 1", "c3d5"},
    /* promotions none against move or all; normal moves only */
    {"8/P7/8/8/8/7k/8/4K3 w - - 0 1", "a7a8q"},
    /* promotions all: a7xb8 promoting makes black's recapture a loss */
    {"1r1k4/P2n4/8/8/8/8/8/1R4K1 w - - 0 1", "b1b8"},
    /* stop when ahead: after e6xd5 black is ahead by more than a pawn */
    {"4k3/8/4p3/3p4/8/2N5/8/3RK3 w - - 0 1", "d1d5"},
    /* normal moves only: en passant */
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"},
};

typedef struct scored_move {
    uint32_t position; /* its FEN, search.fens[position] */
    char move[8];
    int32_t values[FLAG_SETS];
    size_t first, count; /* its answers, search.thresholds[first..] and answers[first..] */
} scored_move;

typedef struct search {
    const rules_search_settings *settings;
    seebatch_config configs[FLAG_SETS];
    seebatch_rules rules[FLAG_SETS];
    char (*fens)[SEEBATCH_FEN_MAX];
    size_t fen_count;
    scored_move *moves;
    size_t move_count, move_capacity;
    int32_t *thresholds, *answers;
    size_t answer_count, answer_capacity;
    uint32_t signature[SIGNATURES]; /* 0: free */
    uint16_t kept[SIGNATURES];
    size_t signatures; /* slots taken */
} search;

static void note_not_monotone(rules_found *found, const char *fen, const char *move,
                              int32_t zero_at, int32_t one_at)
{
    if (!found->not_monotone[0])
        snprintf(found->not_monotone, sizeof found->not_monotone, "%s;%s: 0 at %d, 1 at %d", fen,
                 move, (int)zero_at, (int)one_at);
}

/* The piece values read before, and the answers not monotone among them. */
static void take_piece_values(const piece_values *pieces, rules_found *found)
{
    memcpy(found->pieces, pieces->pieces, sizeof found->pieces);
    found->off_by_one = pieces->off_by_one;
    found->values_read = pieces->read;
    found->config = seebatch_config_classic();
    memcpy(found->config.values, pieces->values, sizeof found->config.values);
    for (int i = 0; i < 6; i++) {
        const value_probe *p = i < 5 ? &pieces->pieces[i] : &pieces->quiet;
        if (p->outcome == VALUE_NOT_MONOTONE)
            note_not_monotone(found, p->fen, p->move, p->zero_at, p->one_at);
    }
}

/* The flag sets, on the values read. */
static void make_configs(search *s, const seebatch_config *values)
{
    int count = 0;
    const uint32_t same_as_none = SEEBATCH_NORMAL_MOVES_ONLY | SEEBATCH_MOVE_PROMOTION_ONLY;
    for (uint32_t flags = 0; flags <= SEEBATCH_ALL_FLAGS && count < FLAG_SETS; flags++) {
        seebatch_config config = {{0}, flags};
        memcpy(config.values, values->values, sizeof config.values);
        if ((flags & same_as_none) != same_as_none &&
            seebatch_rules_init(&s->rules[count], &config, NULL) == SEEBATCH_OK)
            s->configs[count++] = config;
    }
}

/* Keeps a move valued under every flag set. */
static void keep_move(search *s, uint32_t position, seebatch_move move, const int32_t *values,
                      size_t stride)
{
    scored_move *m = &s->moves[s->move_count++];
    m->position = position;
    seebatch_move_to_uci(move, m->move);
    for (int c = 0; c < FLAG_SETS; c++)
        m->values[c] = values[(size_t)c * stride];
    m->first = m->count = 0;
}

static uint32_t add_fen(search *s, const seebatch_board *board)
{
    if (!seebatch_board_to_fen(board, s->fens[s->fen_count], SEEBATCH_FEN_MAX))
        seebatch_board_to_shredder_fen(board, s->fens[s->fen_count], SEEBATCH_FEN_MAX);
    return (uint32_t)s->fen_count++;
}

static void add_probes(search *s)
{
    for (int p = 0; p < PROBES; p++) {
        seebatch_board board;
        seebatch_move move;
        seebatch_board_from_fen(&board, probes[p][0], NULL);
        seebatch_move_parse(&board, probes[p][1], &move, NULL);
        int32_t values[FLAG_SETS];
        for (int c = 0; c < FLAG_SETS; c++)
            values[c] = seebatch_value(&s->rules[c], &board, NULL, move);
        keep_move(s, add_fen(s, &board), move, values, 1);
    }
}

/* Whether a split of the flag sets is still wanted: up to PER_SIGNATURE
 * moves each. */
static bool wanted(search *s, uint32_t signature)
{
    uint32_t slot = (signature * 2654435761u) >> (32 - 13);
    while (s->signature[slot] && s->signature[slot] != signature)
        slot = (slot + 1) & (SIGNATURES - 1);
    if (!s->signature[slot]) {
        if (s->signatures >= SIGNATURES / 2)
            return false;
        s->signature[slot] = signature;
        s->signatures++;
    }
    return s->kept[slot] < PER_SIGNATURE && ++s->kept[slot];
}

/* Moves of many positions, valued together under each flag set. */
typedef struct chunk {
    const seebatch_board *boards; /* the settings' */
    size_t first_board, board_count;
    seebatch_move moves[CHUNK_MOVES];
    uint32_t board_of_move[CHUNK_MOVES];
    size_t count;
    int32_t values[FLAG_SETS][CHUNK_MOVES];
} chunk;

/* The chunk's moves that split the flag sets in a way still wanted. */
static void keep_from_chunk(search *s, chunk *c, size_t limit)
{
    seebatch_batch batch = {c->boards + c->first_board, c->board_count, NULL,
                            c->board_of_move,           c->moves,       c->count};
    for (int f = 0; f < FLAG_SETS; f++)
        seebatch_values(&s->rules[f], &batch, c->values[f]);
    uint32_t position = UINT32_MAX, last_board = UINT32_MAX;
    for (size_t i = 0; i < c->count && s->move_count < limit; i++) {
        uint32_t signature = 0;
        for (int f = 1; f < FLAG_SETS; f++)
            signature |= (uint32_t)(c->values[f][i] != c->values[0][i]) << f;
        if (!signature || !wanted(s, signature))
            continue;
        if (c->board_of_move[i] != last_board) {
            last_board = c->board_of_move[i];
            position = add_fen(s, &batch.boards[last_board]);
        }
        keep_move(s, position, c->moves[i], &c->values[0][i], CHUNK_MOVES);
    }
    c->first_board += c->board_count;
    c->board_count = c->count = 0;
}

/* Moves of the real positions on which the flag sets disagree. */
static bool gather_moves(search *s, size_t limit)
{
    chunk *c = malloc(sizeof *c);
    if (!c)
        return false;
    c->boards = s->settings->boards;
    c->first_board = c->board_count = c->count = 0;
    for (size_t b = 0; b < s->settings->board_count && s->move_count < limit; b++) {
        seebatch_move legal[SEEBATCH_MAX_MOVES];
        const seebatch_board *board = &c->boards[b];
        size_t all = seebatch_generate_moves(board, legal);
        if (c->count + all > CHUNK_MOVES)
            keep_from_chunk(s, c, limit);
        uint64_t enemies = board->colors[board->side_to_move ^ 1];
        for (size_t i = 0; i < all; i++)
            if (seebatch_move_kind(legal[i]) != SEEBATCH_MOVE_NORMAL ||
                ((enemies >> seebatch_move_to(legal[i])) & 1)) {
                c->moves[c->count] = legal[i];
                c->board_of_move[c->count++] = (uint32_t)c->board_count;
            }
        c->board_count++;
    }
    if (c->count)
        keep_from_chunk(s, c, limit);
    free(c);
    return true;
}

/* Each move's thresholds: every value a flag set gives it, and one above. */
static void plan_questions(search *s, bool values)
{
    s->answer_count = 0;
    for (size_t i = 0; i < s->move_count; i++) {
        scored_move *m = &s->moves[i];
        m->first = s->answer_count;
        if (values) {
            s->thresholds[s->answer_count++] = 0;
        } else {
            for (int c = 0; c < FLAG_SETS; c++) {
                bool seen = false;
                for (size_t q = m->first; q < s->answer_count && !seen; q++)
                    seen = s->thresholds[q] == m->values[c];
                if (!seen) {
                    s->thresholds[s->answer_count++] = m->values[c];
                    s->thresholds[s->answer_count++] = m->values[c] + 1;
                }
            }
        }
        m->count = s->answer_count - m->first;
    }
}

/* Asks every planned question, ASK_QUESTIONS or so at a time. */
static check_status ask_planned(search *s, bool values, see_failure *why)
{
    see_question *questions = malloc((ASK_QUESTIONS + 2 * FLAG_SETS) * sizeof *questions);
    if (!questions)
        return CHECK_NO_MEMORY;
    const engine_see *engine = s->settings->engine;
    see_asking asking = values ? SEE_ASK_VALUES : SEE_ASK_THRESHOLDS;
    check_status status = CHECK_DONE;
    for (size_t i = 0, start = 0, count = 0; i < s->move_count && status == CHECK_DONE; i++) {
        const scored_move *m = &s->moves[i];
        for (size_t q = 0; q < m->count; q++) {
            questions[count] =
                (see_question){s->fens[m->position], "", s->thresholds[m->first + q]};
            memcpy(questions[count++].move, m->move, sizeof m->move);
        }
        if (count >= ASK_QUESTIONS || i + 1 == s->move_count) {
            if (!engine->ask(engine->context, asking, questions, count, s->answers + start, why))
                status = CHECK_ENGINE_FAILED;
            start += count;
            count = 0;
        }
    }
    free(questions);
    return status;
}

/* Does flag set c answer the move as the engine did? */
static bool agrees(const search *s, const scored_move *m, int c, bool values, bool shifted)
{
    if (values)
        return s->answers[m->first] == m->values[c];
    for (size_t q = m->first; q < m->first + m->count; q++) {
        bool expected =
            shifted ? m->values[c] > s->thresholds[q] : m->values[c] >= s->thresholds[q];
        if ((s->answers[q] != 0) != expected)
            return false;
    }
    return true;
}

/* A move's answers not monotone in the threshold, noted. */
static void look_for_not_monotone(const search *s, const scored_move *m, rules_found *found)
{
    for (size_t a = m->first; a < m->first + m->count; a++)
        for (size_t b = m->first; b < m->first + m->count; b++)
            if (s->thresholds[a] < s->thresholds[b] && !s->answers[a] && s->answers[b])
                note_not_monotone(found, s->fens[m->position], m->move, s->thresholds[a],
                                  s->thresholds[b]);
}

/* The first threshold asked of a move at which flag sets a and b answer
 * otherwise. */
static size_t telling_question(const search *s, const scored_move *m, int a, int b, bool shifted)
{
    size_t q = m->first;
    for (; q + 1 < m->first + m->count; q++) {
        int32_t t = s->thresholds[q];
        bool by_a = shifted ? m->values[a] > t : m->values[a] >= t;
        if (by_a != (shifted ? m->values[b] > t : m->values[b] >= t))
            break;
    }
    return q;
}

/* A move that tells the best (b) and the second (r) apart, as a line:
 * "FEN;move;threshold;answer;the best's;the second's", or asking values
 * "FEN;move;value;the best's;the second's". */
static void write_telling(const search *s, const scored_move *m, int b, int r, bool values,
                          rules_found *found)
{
    char *line = found->telling[found->telling_count++];
    size_t size = sizeof found->telling[0];
    const char *fen = s->fens[m->position];
    if (values) {
        snprintf(line, size, "%s;%s;%d;%d;%d", fen, m->move, (int)s->answers[m->first],
                 (int)m->values[b], (int)m->values[r]);
        return;
    }
    size_t q = telling_question(s, m, b, r, found->off_by_one);
    int32_t t = s->thresholds[q];
    bool shifted = found->off_by_one;
    snprintf(line, size, "%s;%s;%d;%d;%d;%d", fen, m->move, (int)t, s->answers[q] != 0,
             shifted ? m->values[b] > t : m->values[b] >= t,
             shifted ? m->values[r] > t : m->values[r] >= t);
}

/* The moves on which one of the two is answered as the engine did and the
 * other not: how many, and the first that sides with each. */
static void find_deciding(const search *s, int best, int second, bool values, rules_found *found)
{
    const scored_move *with_best = NULL, *with_second = NULL;
    for (size_t i = 0; i < s->move_count; i++) {
        const scored_move *m = &s->moves[i];
        bool by_best = agrees(s, m, best, values, found->off_by_one);
        if (by_best == agrees(s, m, second, values, found->off_by_one))
            continue;
        found->deciding++;
        if (by_best && !with_best)
            with_best = m;
        if (!by_best && !with_second)
            with_second = m;
    }
    found->close = found->runner_up - found->differing <= found->differing / 10 + 2;
    if (with_second)
        write_telling(s, with_second, best, second, values, found);
    if (with_best)
        write_telling(s, with_best, best, second, values, found);
}

/* The best flag set and the second: fewest moves answered otherwise, ties
 * to the fewest flags. */
static void choose(const search *s, bool values, rules_found *found)
{
    uint64_t differing[FLAG_SETS] = {0};
    for (size_t i = 0; i < s->move_count; i++) {
        for (int c = 0; c < FLAG_SETS; c++)
            differing[c] += !agrees(s, &s->moves[i], c, values, found->off_by_one);
        if (!values)
            look_for_not_monotone(s, &s->moves[i], found);
    }
    int best = -1, second = -1;
    for (int c = 0; c < FLAG_SETS; c++) {
        bool better = best < 0 || differing[c] < differing[best] ||
                      (differing[c] == differing[best] &&
                       rule_flag_count(&s->configs[c]) < rule_flag_count(&s->configs[best]));
        if (better) {
            second = best;
            best = c;
        } else if (second < 0 || differing[c] < differing[second] ||
                   (differing[c] == differing[second] &&
                    rule_flag_count(&s->configs[c]) < rule_flag_count(&s->configs[second]))) {
            second = c;
        }
    }
    found->config = s->configs[best];
    found->differing = differing[best];
    found->second = s->configs[second];
    found->runner_up = differing[second];
    find_deciding(s, best, second, values, found);
}

bool rules_search_made_up(const char *text)
{
    for (int i = 0; i < 6; i++)
        if (strstr(text, piece_value_fens[i]))
            return true;
    for (int p = 0; p < PROBES; p++)
        if (strstr(text, probes[p][0]))
            return true;
    return false;
}

static void free_search(search *s)
{
    free(s->fens);
    free(s->moves);
    free(s->thresholds);
    free(s->answers);
    free(s);
}

check_status rules_search(const rules_search_settings *settings, rules_found *found,
                          see_failure *why)
{
    memset(found, 0, sizeof *found);
    take_piece_values(settings->pieces, found);
    check_status status = CHECK_DONE;
    size_t limit = (settings->move_limit ? settings->move_limit : DEFAULT_MOVES) + PROBES;
    search *s = calloc(1, sizeof *s);
    if (!s)
        return CHECK_NO_MEMORY;
    s->settings = settings;
    s->fens = malloc(limit * sizeof *s->fens);
    s->moves = malloc(limit * sizeof *s->moves);
    s->thresholds = malloc(limit * 2 * FLAG_SETS * sizeof *s->thresholds);
    s->answers = malloc(limit * 2 * FLAG_SETS * sizeof *s->answers);
    make_configs(s, &found->config);
    if (!s->fens || !s->moves || !s->thresholds || !s->answers) {
        free_search(s);
        return CHECK_NO_MEMORY;
    }
    add_probes(s);
    bool values = settings->engine->answers_values;
    if (!gather_moves(s, limit))
        status = CHECK_NO_MEMORY;
    if (status == CHECK_DONE) {
        plan_questions(s, values);
        status = ask_planned(s, values, why);
    }
    if (status == CHECK_DONE) {
        found->moves = s->move_count;
        found->questions = s->answer_count;
        choose(s, values, found);
    }
    free_search(s);
    return status;
}
