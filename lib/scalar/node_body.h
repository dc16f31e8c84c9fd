/*
 * A node's captures: the moves of one board in one call, a threshold a
 * move (seebatch_values_ge with thresholds) or exact values
 * (seebatch_values), the call an engine's move picker makes. What the
 * moves share is made once a call: the board's type planes (each move's two
 * piece types in a few operations, with no branch), its pins (given, or
 * worked out once) and the rules' values. Each move is then decided by the values of its two
 * pieces where they suffice (Stockfish's two early exits, or for the exact
 * value a king's capture), and the others are played out by the one
 * exchange walk (lib/exchange/walk.h) in Stockfish's shape, which is
 * seebatch_board's: see_ge_on and value_after, inlined in the loop, with
 * no call a move. Special moves and promotions go to the fallback
 * (walk_fallback.c), and under SEEBATCH_STOP_WHEN_AHEAD every move.
 *
 * Included by walk_portable.c and walk_pext.c after walk_body.h: NODE_SEE_GE
 * and NODE_VALUES name that file's two entry points.
 */

/* The type code on a square of the node's board (pawn 0 .. king 5, 7 when
 * empty, worth 0), from its type planes. Built with BMI1 (the pext walk's
 * options), a bit each with bextr, which reads a plane where it lies, so
 * the planes take no register in the loop. */
#ifdef __BMI__
WALK_INLINE unsigned node_type_at(const type_planes *planes, unsigned square)
{
    return (unsigned)(_bextr_u64(planes->bit[0], square, 1) +
                      2 * _bextr_u64(planes->bit[1], square, 1) +
                      4 * _bextr_u64(planes->bit[2], square, 1));
}
#else
WALK_INLINE unsigned node_type_at(const type_planes *planes, unsigned square)
{
    return type_in_planes(planes, square);
}
#endif

/* What a node's loop is compiled for: exact values or thresholds, where
 * pins come from, and whether moves onto a last rank go to the fallback
 * (SEEBATCH_PROMOTIONS). Constants of each loop. */
typedef struct node_loop {
    bool exact;
    walk_pins_mode mode;
    bool promotions;
} node_loop;

/* The answer of a move the walk does not play: its value when `exact`,
 * else whether it reaches `threshold`. Out of line: rare, and its
 * registers would crowd the loop's. */
__attribute__((noinline, cold)) static int32_t
seebatch_node_fall_back(const seebatch_rules *rules, const seebatch_board *board,
                        const seebatch_pins *given, seebatch_move move, int32_t threshold,
                        bool exact)
{
    if (walk_scores_nothing(rules, move))
        return exact ? 0 : 0 >= threshold;
    walk_board b;
    walk_board_set(&b, board, given);
    return exact ? seebatch_walk_fallback_value(rules, &b, move)
                 : seebatch_walk_fallback_see_ge(rules, &b, move, threshold);
}

/* Where a node's exchanges play: the board and its pins as the exchange
 * walk reads them, given, or worked out once a call (each colour's half
 * inline: most colours have no slider on a line with their king, and
 * their half is a few loads). */
typedef struct node_position {
    exchange_position at;
    seebatch_pins found;
} node_position;

WALK_INLINE void node_position_start(node_position *p, const seebatch_rules *rules,
                                     const seebatch_batch *node, const walk_pins_mode mode)
{
    const seebatch_board *board = node->boards;
    p->at = (exchange_position){rules, board->pieces, board->colors, node->pins, NULL, NULL};
    if (mode == WALK_PINS_FOUND) {
        pins_of_side(board, SEEBATCH_WHITE, &p->found);
        pins_of_side(board, SEEBATCH_BLACK, &p->found);
        p->at.pin_base = &p->found;
    }
}

/* Whether a move is one the walk plays (walk_plays). */
WALK_INLINE bool node_plays(const node_loop loop, bitboard promoting, unsigned move)
{
    return loop.promotions ? walk_plays(promoting, (seebatch_move)move) : move < 4096;
}

/* The node's threshold tests: each move decided by the values of its two
 * pieces where they suffice (Stockfish's two early exits), else played out
 * by the threshold walk. */
WALK_INLINE void node_see_ge(const seebatch_rules *rules, const seebatch_batch *node,
                             node_position *p, const int32_t *thresholds, uint8_t *passed,
                             const node_loop loop)
{
    const seebatch_move *moves = node->moves;
    const int32_t *value = rules->value;
    const bitboard promoting = walk_promoting_squares(rules->flags);
    const seebatch_board *board = node->boards;
    type_planes planes = type_planes_of(board, ~occupied_squares(board));
    __asm__("" : : "r"(&planes) : "memory"); /* kept in memory: bextr reads it there */
    const exchange_kind kind = {VIEW_STOCKFISH, loop.mode != WALK_PINS_OFF};
    const size_t count = node->count;
    for (size_t i = 0; i < count; i++) {
        unsigned move = moves[i];
        if (__builtin_expect(!node_plays(loop, promoting, move), 0)) {
            passed[i] = (uint8_t)seebatch_node_fall_back(rules, board, p->at.pin_base,
                                                         (seebatch_move)move, thresholds[i], false);
            continue;
        }
        unsigned victim = node_type_at(&planes, move & 63);
        /* In 64 bits: any threshold minus a value fits. */
        int64_t surplus = (int64_t)value[victim] - thresholds[i];
        int64_t shortfall = value[node_type_at(&planes, move >> 6)] - surplus;
        bool answer;
        if (surplus < 0)
            answer = false; /* not even if nothing is taken back */
        else if (shortfall <= 0)
            answer = true; /* even if the mover is taken back; a king (worth 0) never is */
        else
            answer = see_ge_on(kind, &p->at, move, (int32_t)shortfall);
        passed[i] = answer;
    }
}

/* The node's exact values: a king's capture is worth its victim (rule 4),
 * and every other move is played out by the window walk, which returns the
 * victim's value at once where the opponent cannot take back. */
WALK_INLINE void node_values(const seebatch_rules *rules, const seebatch_batch *node,
                             node_position *p, int32_t *values, const node_loop loop)
{
    const seebatch_move *moves = node->moves;
    const int32_t *value = rules->value;
    const bitboard promoting = walk_promoting_squares(rules->flags);
    const seebatch_board *board = node->boards;
    const type_planes planes = type_planes_of(board, ~occupied_squares(board));
    const exchange_kind kind = {VIEW_STOCKFISH, loop.mode != WALK_PINS_OFF};
    for (size_t i = 0; i < node->count; i++) {
        unsigned move = moves[i];
        if (__builtin_expect(!node_plays(loop, promoting, move), 0)) {
            values[i] =
                seebatch_node_fall_back(rules, board, p->at.pin_base, (seebatch_move)move, 0, true);
            continue;
        }
        unsigned victim = node_type_at(&planes, move & 63);
        unsigned mover = node_type_at(&planes, move >> 6);
        values[i] = mover == SEEBATCH_KING
                        ? value[victim]
                        : value_after(kind, &p->at, move, value[victim], value[mover], false);
    }
}

/* The node's moves: answers are values[i] = SEE when loop.exact, else
 * passed[i] = SEE >= thresholds[i]. */
WALK_INLINE void node_moves(const seebatch_rules *rules, const seebatch_batch *node,
                            const int32_t *thresholds, void *answers, const node_loop loop)
{
    node_position p;
    node_position_start(&p, rules, node, loop.mode);
    if (loop.exact) {
        node_values(rules, node, &p, answers, loop);
        return;
    }
    node_see_ge(rules, node, &p, thresholds, answers, loop);
}

/* The loop for the rules' flags and the node's pins. */
WALK_INLINE void node_by_flags(const seebatch_rules *rules, const seebatch_batch *node,
                               const int32_t *thresholds, void *answers, const bool exact)
{
    uint32_t flags = rules->flags;
    bool promotions = flags & SEEBATCH_PROMOTIONS;
    if (!(flags & SEEBATCH_PINS)) {
        if (promotions)
            node_moves(rules, node, thresholds, answers, (node_loop){exact, WALK_PINS_OFF, true});
        else
            node_moves(rules, node, thresholds, answers, (node_loop){exact, WALK_PINS_OFF, false});
    } else if (node->pins) {
        if (promotions)
            node_moves(rules, node, thresholds, answers, (node_loop){exact, WALK_PINS_GIVEN, true});
        else
            node_moves(rules, node, thresholds, answers,
                       (node_loop){exact, WALK_PINS_GIVEN, false});
    } else {
        if (promotions)
            node_moves(rules, node, thresholds, answers, (node_loop){exact, WALK_PINS_FOUND, true});
        else
            node_moves(rules, node, thresholds, answers,
                       (node_loop){exact, WALK_PINS_FOUND, false});
    }
}

/* A node's captures as a batch the fallback takes whole (rule 8). */
WALK_INLINE see_batch node_batch(const seebatch_rules *rules, const seebatch_batch *node)
{
    return (see_batch){node->boards, NULL, node->moves, node->count, rules, node->pins};
}

void NODE_SEE_GE(const seebatch_rules *rules, const seebatch_batch *node, const int32_t *thresholds,
                 uint8_t *passed)
{
    if (node->count == 0) /* a batch of no moves may name no board */
        return;
    if (__builtin_expect(rules->flags & SEEBATCH_STOP_WHEN_AHEAD, 0)) {
        see_batch whole = node_batch(rules, node);
        seebatch_walk_stopping_when_ahead(&whole, 0, thresholds, NULL, passed);
        return;
    }
    node_by_flags(rules, node, thresholds, passed, false);
}

void NODE_VALUES(const seebatch_rules *rules, const seebatch_batch *node, int32_t *values)
{
    if (node->count == 0) /* a batch of no moves may name no board */
        return;
    if (__builtin_expect(rules->flags & SEEBATCH_STOP_WHEN_AHEAD, 0)) {
        see_batch whole = node_batch(rules, node);
        seebatch_walk_stopping_when_ahead(&whole, 0, NULL, values, NULL);
        return;
    }
    node_by_flags(rules, node, NULL, values, true);
}
