/*
 * The scalar backend's batch walk, move after move: each move decided by
 * the values of its two pieces where they suffice (their types read from
 * the board's type planes, made once per run of moves on it), else, where
 * the opponent can take back at all, played out by the
 * exchange walk (lib/exchange/walk.h) in the shape of Stockfish's layout,
 * which is seebatch_board's: Stockfish's null-window walk for the threshold
 * test, the window walk for the exact value. The
 * moves the walk does not play (walk_plays) go to the fallback
 * (walk_fallback.c).
 *
 * Included once by each file that defines a way of looking up attacks
 * (walk_portable.c, walk_pext.c), which names its backend WALK_BACKEND, its
 * name WALK_NAME and its threshold test a threshold a move WALK_EACH; the
 * other functions are that file's own. Not to be built
 * with AVX-512 code generation: the compiler then keeps the walk's
 * bitboards in mask registers, and the walk slows down.
 */
#include <string.h>

#include "exchange/walk.h"
#include "scalar.h"
#include "walk.h"

/* What the batch loop reads of the batch, once: a store of an answer could
 * change the batch as far as the compiler knows, and it would be read
 * again. */
typedef struct walk_input {
    const seebatch_rules *rules;
    int32_t threshold;         /* the threshold test's, one for all */
    const int32_t *thresholds; /* or one a move (see_ge_each) */
    const int32_t *value;      /* the rules' */
    /* value[t] - threshold for the threshold test at one threshold (64
     * bits: any threshold minus a value fits): the victim's look is one
     * load. Set for that test only. */
    int64_t surplus[8];
    bitboard promoting; /* walk_promoting_squares */
    const seebatch_board *boards;
    const seebatch_pins *given;
    const seebatch_move *moves;
    /* The board of move i is boards[board_of_move[i & index_mask]]: with
     * no board_of_move, index 0 of a zero and a mask of 0, so the loop
     * reads the index without a branch. */
    const uint32_t *board_of_move;
    size_t index_mask;
} walk_input;

/* A move whose exchange goes on past its first look (walk_look): the
 * position after it with every attacker found, for its turns. */
typedef struct walk_pending {
    exchange_state s; /* swap: the shortfall, or for the exact value the victim's value */
    int32_t standing; /* the exact value: the mover's value */
    const seebatch_board *board;
    uint32_t index; /* its board's */
    uint16_t move;
    uint8_t side; /* the mover's colour */
} walk_pending;

/* The board the walk's moves are looked at on: its type planes made once
 * per run of moves on it. */
typedef struct walk_cursor {
    uint64_t index; /* UINT64_MAX before the first */
    const seebatch_board *board;
    type_planes planes;
} walk_cursor;

/* The type code on a square of the cursor's board: pawn 0 .. king 5, 7
 * when empty (worth 0). */
WALK_INLINE unsigned walk_type_at(const walk_cursor *c, unsigned square)
{
    return type_in_planes(&c->planes, square);
}

/* Where the walk's pins come from: none (the rules' pins off), given with
 * the batch, or worked out by the walk. A constant of each loop, so the
 * loop given pins holds no code to work them out. */
typedef enum walk_pins_mode { WALK_PINS_OFF, WALK_PINS_GIVEN, WALK_PINS_FOUND } walk_pins_mode;

/* The batch loop goes block by block (WALK_BLOCK moves). A block whose
 * boards come in board order (each move's board at most one past the
 * last's) is walked as it is: the hardware's own prefetch brings the boards
 * in. A block whose moves jump from board to board (issue 57) asks for
 * the boards WALK_AHEAD moves on, WALK_FETCHES at a time, so that their
 * lines arrive from memory while the moves between are walked: asked for
 * together, the lookups of their addresses (a page walk each, where the
 * boards are many) overlap. Board order then pays one comparison a block,
 * and a one-board batch none. */
enum { WALK_BLOCK = 64, WALK_AHEAD = 16, WALK_FETCHES = 8 };

/* Whether the moves from `first` to `end` jump over the boards. */
WALK_INLINE bool walk_scattered(const walk_input *in, size_t first, size_t end)
{
    return in->board_of_move[end - 1] - in->board_of_move[first] >= end - first;
}

/* Asks for the lines of move i's board, and its pins when given. */
WALK_INLINE void walk_fetch(const walk_input *in, size_t i, const walk_pins_mode mode)
{
    uint32_t index = in->board_of_move[i];
    const char *board = (const char *)&in->boards[index];
    __builtin_prefetch(board);
    __builtin_prefetch(board + sizeof(bitboard) * 8 - 1); /* its bitboards may span two */
    if (mode == WALK_PINS_GIVEN)
        __builtin_prefetch(&in->given[index]);
}

/* Asks for the boards of WALK_FETCHES moves from `first` on, of `count`:
 * together, so that the lookups of their addresses overlap. */
WALK_INLINE void walk_fetch_some(const walk_input *in, size_t first, size_t count,
                                 const walk_pins_mode mode)
{
    if (first + WALK_FETCHES <= count) {
        /* The usual case, a fixed count the compiler unrolls. */
        for (size_t k = 0; k < WALK_FETCHES; k++)
            walk_fetch(in, first + k, mode);
        return;
    }
    for (size_t k = first; k < count; k++)
        walk_fetch(in, k, mode);
}

/* The cursor on move i's board. */
WALK_INLINE void walk_cursor_to(walk_cursor *c, const walk_input *in, size_t i)
{
    uint32_t index = in->board_of_move[i & in->index_mask];
    if (index != c->index) {
        c->index = index;
        c->board = &in->boards[index];
        c->planes = type_planes_of(c->board, ~occupied_squares(c->board));
    }
}

/* The position after a normal move with every attacker of its target:
 * pending's s, but for swap. */
WALK_INLINE void walk_attackers(const seebatch_board *board, unsigned move, exchange_state *s)
{
    view_reader r = reader_of(NULL, board->pieces, board->colors, NULL, VIEW_STOCKFISH);
    unsigned from = move >> 6, to = move & 63;
    r.target = target_of(to);
    s->occupied = occupied_squares(board) ^ seebatch_square_bit(from) ^ seebatch_square_bit(to);
    s->attackers = all_attackers(&r, s->occupied);
}

/* What a look answers: the exact value, or the threshold test at the
 * batch's one threshold or at the move's own (see_ge_each). */
typedef enum walk_answers { WALK_VALUES, WALK_THRESHOLD, WALK_THRESHOLDS } walk_answers;

/* The surplus of a victim of type `victim` over move i's threshold. */
WALK_INLINE int64_t walk_surplus(const walk_input *in, size_t i, unsigned victim,
                                 const walk_answers kind)
{
    if (kind == WALK_THRESHOLDS)
        return (int64_t)in->value[victim] - in->thresholds[i];
    return in->surplus[victim];
}

/* The first look at move i, which walk_plays (its kind bits clear): its
 * answer (passed, or the value under WALK_VALUES) where the values of its
 * two pieces decide it, or where the opponent cannot take back at all;
 * else pending (returns true). */
WALK_INLINE bool walk_look(const walk_input *in, const walk_cursor *c, size_t i,
                           const walk_answers kind, int32_t *answer, walk_pending *pending)
{
    unsigned move = in->moves[i];
    unsigned mover = walk_type_at(c, move >> 6);
    if (kind == WALK_VALUES) {
        *answer = in->value[walk_type_at(c, move & 63)];
        if (mover == SEEBATCH_KING)
            return false; /* a king is never taken back (rule 4) */
        pending->s.swap = *answer;
        pending->standing = in->value[mover];
    } else {
        int64_t surplus = walk_surplus(in, i, walk_type_at(c, move & 63), kind);
        *answer = 0;
        if (surplus < 0)
            return false; /* not even if nothing is taken back */
        int64_t shortfall = in->value[mover] - surplus;
        *answer = 1;
        if (shortfall <= 0)
            return false; /* even if the mover is taken back; a king (worth 0) never is */
        pending->s.swap = (int32_t)shortfall;
    }
    walk_attackers(c->board, move, &pending->s);
    pending->board = c->board;
    pending->index = (uint32_t)c->index;
    pending->move = (uint16_t)move;
    /* Pending only if the opponent has an attacker; else the look stands. */
    pending->side = color_on(c->board, move >> 6);
    return (pending->s.attackers & c->board->colors[pending->side ^ 1]) != 0;
}

/* The last board whose pins were worked out, for the walks of its moves. */
typedef struct walk_pins {
    uint64_t index; /* UINT64_MAX before the first */
    seebatch_pins pins;
} walk_pins;

/* The pins of a pending move's board: given, or worked out once a run. */
WALK_INLINE const seebatch_pins *walk_pins_of(const walk_input *in, walk_pins *known,
                                              uint32_t index, const walk_pins_mode mode)
{
    if (mode == WALK_PINS_GIVEN)
        return &in->given[index];
    if (index != known->index) {
        known->index = index;
        pins_of_side(&in->boards[index], SEEBATCH_WHITE, &known->pins);
        pins_of_side(&in->boards[index], SEEBATCH_BLACK, &known->pins);
    }
    return &known->pins;
}

/* A pending move's exchange played out: its answer. */
WALK_INLINE int32_t walk_turns(const walk_input *in, walk_pins *known, walk_pending *p, bool exact,
                               const walk_pins_mode mode)
{
    const seebatch_board *board = p->board;
    const bool pinned = mode != WALK_PINS_OFF;
    const void *pins = pinned ? walk_pins_of(in, known, p->index, mode) : NULL;
    view_reader r = reader_of(in->rules, board->pieces, board->colors, pins, VIEW_STOCKFISH);
    const exchange_kind kind = {VIEW_STOCKFISH, pinned};
    unsigned side = p->side;
    r.target = target_of(p->move & 63);
    if (exact) {
        value_window w = {p->s.swap, INT32_MIN, INT32_MAX, p->standing};
        return play_out(&r, kind, &p->s, side ^ 1, &w, false);
    }
    return see_ge_turns(&r, kind, &p->s, side, board->colors[side ^ 1], board->colors[side]);
}

/* An answer into values[i] when `exact`, else passed[i]. */
WALK_INLINE void walk_answer(void *answers, size_t i, bool exact, int32_t answer)
{
    if (exact)
        ((int32_t *)answers)[i] = answer;
    else
        ((uint8_t *)answers)[i] = (uint8_t)answer;
}

/* A move the walk does not play, by the fallback, into answers[at]. Out
 * of line: it is rare, and its registers would crowd the walk's. */
__attribute__((noinline, cold)) static void seebatch_walk_fall_back(const walk_input *in,
                                                                    const walk_cursor *c,
                                                                    seebatch_move move, bool exact,
                                                                    void *answers, size_t at)
{
    int32_t threshold = in->thresholds ? in->thresholds[at] : in->threshold;
    int32_t answer;
    if (walk_scores_nothing(in->rules, move)) {
        answer = exact ? 0 : 0 >= threshold;
    } else {
        /* Pins it works out are its own: the walk keeps its apart. */
        walk_board board;
        walk_board_set(&board, c->board, in->given ? &in->given[c->index] : NULL);
        answer = exact ? seebatch_walk_fallback_value(in->rules, &board, move)
                       : seebatch_walk_fallback_see_ge(in->rules, &board, move, threshold);
    }
    walk_answer(answers, at, exact, answer);
}

/* What one of the batch loops is compiled for: the answers, where pins
 * come from, whether moves onto a last rank go to the fallback
 * (SEEBATCH_PROMOTIONS), whether it asks for boards ahead (a scattered
 * block), and whether every move is on the cursor's board (a one-board
 * batch: a node's captures). Constants of each loop, which tests no flag. */
typedef struct walk_loop {
    walk_answers kind;
    walk_pins_mode mode;
    bool promotions;
    bool fetching;
    bool one_board;
} walk_loop;

/* What the batch loop carries from block to block. */
typedef struct walk_run {
    walk_cursor cursor;
    walk_pins known;
    void *answers;
    size_t count; /* the batch's moves */
} walk_run;

/* Moves i to end of the batch. */
WALK_INLINE void walk_moves(const walk_input *in, walk_run *run, size_t i, size_t end,
                            const walk_loop loop)
{
    const bool exact = loop.kind == WALK_VALUES;
    for (; i < end; i++) {
        if (loop.fetching && i % WALK_FETCHES == 0)
            walk_fetch_some(in, i + WALK_AHEAD, run->count, loop.mode);
        if (!loop.one_board)
            walk_cursor_to(&run->cursor, in, i);
        unsigned move = in->moves[i];
        bool played =
            loop.promotions ? walk_plays(in->promoting, (seebatch_move)move) : move < 4096;
        if (__builtin_expect(!played, 0)) {
            seebatch_walk_fall_back(in, &run->cursor, (seebatch_move)move, exact, run->answers, i);
            continue;
        }
        int32_t answer;
        walk_pending p;
        if (walk_look(in, &run->cursor, i, loop.kind, &answer, &p))
            answer = walk_turns(in, &run->known, &p, exact, loop.mode);
        walk_answer(run->answers, i, exact, answer);
    }
}

/* What a call asks the walk for: passed[i] at one threshold or at
 * thresholds[i] (WALK_THRESHOLDS), or values[i], into answers. */
typedef struct walk_asked {
    int32_t threshold;
    const int32_t *thresholds;
    void *answers;
} walk_asked;

/* Every move of the batch: answers are values[i] = SEE under WALK_VALUES,
 * else passed[i] = SEE >= threshold, or >= thresholds[i] under
 * WALK_THRESHOLDS; the rules' pins honoured unless `mode` is off, and
 * moves onto a last rank sent to the fallback when `promotions`
 * (SEEBATCH_PROMOTIONS). Each of the eighteen is its own three loops
 * (walk_moves, for one board, and for blocks in board order and scattered
 * ones). */
WALK_INLINE void walk_batch(const see_batch *batch, const walk_asked asked, const walk_answers kind,
                            const walk_pins_mode mode, const bool promotions)
{
    const int32_t threshold = asked.threshold;
    static const uint32_t first_board = 0;
    walk_input in;
    in.rules = batch->rules;
    in.threshold = threshold;
    in.thresholds = asked.thresholds;
    in.value = batch->rules->value;
    if (kind == WALK_THRESHOLD)
        for (unsigned t = 0; t < 8; t++)
            in.surplus[t] = (int64_t)in.value[t] - threshold;
    in.promoting = walk_promoting_squares(batch->rules->flags);
    in.boards = batch->boards;
    in.given = batch->pins;
    in.moves = batch->moves;
    in.board_of_move = batch->board_of_move ? batch->board_of_move : &first_board;
    in.index_mask = batch->board_of_move ? SIZE_MAX : 0;
    /* Only the indices need a start: the rest is written before it is read. */
    walk_run run;
    run.cursor.index = UINT64_MAX;
    run.known.index = UINT64_MAX;
    run.answers = asked.answers;
    run.count = batch->count;
    if (!batch->board_of_move) {
        if (batch->count == 0)
            return;
        walk_cursor_to(&run.cursor, &in, 0);
        walk_moves(&in, &run, 0, batch->count, (walk_loop){kind, mode, promotions, false, true});
        return;
    }
    const walk_loop in_order = {kind, mode, promotions, false, false};
    const walk_loop scattered = {kind, mode, promotions, true, false};
    bool fetched = false; /* the block's first moves asked for by the last */
    for (size_t first = 0; first < batch->count; first += WALK_BLOCK) {
        size_t end = batch->count - first > WALK_BLOCK ? first + WALK_BLOCK : batch->count;
        if (!walk_scattered(&in, first, end)) {
            walk_moves(&in, &run, first, end, in_order);
            fetched = false;
            continue;
        }
        for (size_t i = first; !fetched && i < first + WALK_AHEAD && i < end; i++)
            walk_fetch(&in, i, mode);
        walk_moves(&in, &run, first, end, scattered);
        fetched = true;
    }
}

/* The loop for the rules' flags and the batch's pins. */
#define WALK_BY_FLAGS(flags, given, kind, ...)                                                     \
    do {                                                                                           \
        bool promotions = (flags)&SEEBATCH_PROMOTIONS;                                             \
        walk_pins_mode mode = WALK_PINS_OFF;                                                       \
        if ((flags)&SEEBATCH_PINS)                                                                 \
            mode = (given) ? WALK_PINS_GIVEN : WALK_PINS_FOUND;                                    \
        if (mode == WALK_PINS_GIVEN && promotions)                                                 \
            walk_batch(__VA_ARGS__, kind, WALK_PINS_GIVEN, true);                                  \
        else if (mode == WALK_PINS_GIVEN)                                                          \
            walk_batch(__VA_ARGS__, kind, WALK_PINS_GIVEN, false);                                 \
        else if (mode == WALK_PINS_FOUND && promotions)                                            \
            walk_batch(__VA_ARGS__, kind, WALK_PINS_FOUND, true);                                  \
        else if (mode == WALK_PINS_FOUND)                                                          \
            walk_batch(__VA_ARGS__, kind, WALK_PINS_FOUND, false);                                 \
        else if (promotions)                                                                       \
            walk_batch(__VA_ARGS__, kind, WALK_PINS_OFF, true);                                    \
        else                                                                                       \
            walk_batch(__VA_ARGS__, kind, WALK_PINS_OFF, false);                                   \
    } while (0)

static void seebatch_walk_values(const see_batch *batch, int32_t *values)
{
    uint32_t flags = batch->rules->flags;
    if (flags & SEEBATCH_STOP_WHEN_AHEAD)
        seebatch_walk_stopping_when_ahead(batch, 0, NULL, values, NULL);
    else
        WALK_BY_FLAGS(flags, batch->pins, WALK_VALUES, batch, ((walk_asked){0, NULL, values}));
}

static void seebatch_walk_see_ge(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    uint32_t flags = batch->rules->flags;
    if (flags & SEEBATCH_STOP_WHEN_AHEAD)
        seebatch_walk_stopping_when_ahead(batch, threshold, NULL, NULL, passed);
    else
        WALK_BY_FLAGS(flags, batch->pins, WALK_THRESHOLD, batch,
                      ((walk_asked){threshold, NULL, passed}));
}

void WALK_EACH(const see_batch *batch, const int32_t *thresholds, uint8_t *passed)
{
    uint32_t flags = batch->rules->flags;
    if (flags & SEEBATCH_STOP_WHEN_AHEAD)
        seebatch_walk_stopping_when_ahead(batch, 0, thresholds, NULL, passed);
    else
        WALK_BY_FLAGS(flags, batch->pins, WALK_THRESHOLDS, batch,
                      ((walk_asked){0, thresholds, passed}));
}

const see_backend WALK_BACKEND = {WALK_NAME, seebatch_walk_values,          seebatch_walk_see_ge,
                                  0,         seebatch_batch_sound_portable, false};
