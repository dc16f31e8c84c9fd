/*
 * An exchange as a swap list on the plain board (exchange_walk.h).
 */
#include "exchange_walk.h"

#include <stddef.h>
#include <string.h>

#include "plain_board.h"

enum { MAX_CAPTURES = EXCHANGE_STEPS_MAX }; /* a capture a step of the line */

/* Where a board of the walk differs from the position's: the squares
 * changed, and those of them holding a piece (not emptied). */
typedef struct board_marks {
    uint64_t changed, refilled;
} board_marks;

typedef struct walk {
    plain_board board;         /* as it stands: changed through put() alone */
    const plain_board *before; /* as it stood before the move: the position's */
    /* FAULT_XRAY_MOVER_LINES alone (else unset): what blocks the diagonals
     * and the ranks and files, each as it stood when a piece moving along
     * them last left. */
    plain_board diagonal_sight, straight_sight;
    board_marks marks, diagonal_marks, straight_marks; /* board's, the sights' */
    attacker_memo *memo;                               /* the position's */
    const plain_board *sight; /* what blocks lines: board, or before when x-rays are missing */
    const plain_pins *pins;   /* rule 5's, the position's */
    bool use_pins;            /* the rules have rule 5 */
    int to;
    int32_t value[6]; /* by type, as victims; the king's 0 */
    int32_t on_to[6]; /* by type, once on `to`: what a capture there risks */
    unsigned faults;
    int32_t promoted_risk; /* FAULT_PROMOTED_RISKS_PAWN: more risked by the move's promotion */
    bool recorded;         /* the record's attackers kept (not for a value alone) */
    int ghost, ghost_piece; /* FAULT_FROM_SQUARE_TOGGLED: the mover toggled back in (-1: none) */
    int32_t swap[MAX_CAPTURES]; /* swap[d]: the balance of the side that made capture d */
} walk;

static const char *const fault_names[FAULT_KINDS] = {
    "x-rays missing",
    "a king capturing into attack",
    "the queen tried before the rook",
    "the pawn taken en passant left on its square",
    "en passant taking nothing (the victim looked for on the destination)",
    "the exchange broken off once the capturer is ahead",
    "the swap list pruned where a side is behind either way (the value exact in sign alone)",
    "the same-type capturer taken a8 first (the highest rank first)",
    ("x-rays looked for only along the mover's lines (a pawn's push or en passant leaves its "
     "file shut)"),
    "rule 4 judged with the king off its square (a slider behind it defends)",
    "a pushed pawn toggled back in as a recapturer (attadef ^= fromSet)",
    "a promoted piece risking itself and the pawn (the pawn counted lost twice)",
    "a pinned piece capturing along its pin (rule 5 otherwise)",
};

const char *exchange_fault_name(unsigned fault)
{
    for (int i = 0; i < FAULT_KINDS; i++)
        if (fault == 1u << i)
            return fault_names[i];
    return fault == FAULT_NONE ? "none" : "?";
}

static int32_t value_of(const walk *w, int piece)
{
    return piece == PLAIN_EMPTY ? 0 : w->value[plain_type(piece)];
}

/* What the piece on `to` is worth to the side that takes it. */
static int32_t on_to_value(const walk *w)
{
    int piece = w->board.square[w->to];
    return piece == PLAIN_EMPTY ? 0 : w->on_to[plain_type(piece)] + w->promoted_risk;
}

/* Do `to` and `s` lie one way from `king` on one line? */
static bool along(int king, int s, int to)
{
    int df = s % 8 - king % 8, dr = s / 8 - king / 8;
    int tf = to % 8 - king % 8, tr = to / 8 - king / 8;
    bool on_line = df == 0 || dr == 0 || df == dr || df == -dr;
    return on_line && df * tr == dr * tf && df * tf >= 0 && dr * tr >= 0;
}

/* Rule 5: is the piece on `s` held by its pin? Under
 * FAULT_PINNED_ALONG_PIN it may still capture along it. */
static bool held_by_pin(const walk *w, int color, int s)
{
    if (!w->pins->blocker[color][s])
        return false;
    if (!(w->faults & FAULT_PINNED_ALONG_PIN))
        return true;
    for (int k = 0; k < 64; k++)
        if (w->before->square[k] == plain_piece(SEEBATCH_KING, color))
            return !along(k, s, w->to);
    return true;
}

/* The piece on a square, the mover toggled back in included. */
static int piece_at(const walk *w, int square)
{
    return square == w->ghost ? w->ghost_piece : w->board.square[square];
}

/* Where the order of rule 2 puts a type (lower first). */
static int order_of(const walk *w, int type)
{
    if ((w->faults & FAULT_QUEEN_BEFORE_ROOK) && (type == SEEBATCH_ROOK || type == SEEBATCH_QUEEN))
        return type == SEEBATCH_ROOK ? SEEBATCH_QUEEN : SEEBATCH_ROOK;
    return type;
}

/* Rule 2's tie-break within a type: the lower first. */
static int square_order(const walk *w, int square)
{
    return w->faults & FAULT_SQUARE_ORDER_A8 ? square ^ 56 : square;
}

static bool on_rank_or_file(int a, int b) { return a / 8 == b / 8 || a % 8 == b % 8; }

/* The marks of `blocking`, a board of the walk or the position's own. */
static board_marks marks_of(const walk *w, const plain_board *blocking)
{
    if (blocking == &w->board)
        return w->marks;
    if (blocking == &w->diagonal_sight)
        return w->diagonal_marks;
    if (blocking == &w->straight_sight)
        return w->straight_marks;
    return (board_marks){0, 0}; /* before */
}

/* The search itself (a quarter of them), its answer kept under `key`. */
static int attackers_searched(const walk *w, const plain_board *blocking, int color, int *squares,
                              const attacker_key *key)
{
    int count = plain_attackers_seen(&w->board, blocking, w->to, color, squares);
    attacker_memo_keep(w->memo, key, squares, count);
    return count;
}

/* The attackers of `to` on the board as it stands, lines seen through
 * `blocking`, remembered in the position's memo. While no square but `to`
 * of either board holds a piece other than the position's, each is the
 * position's with its changed squares emptied and its piece on `to` put:
 * the key (the two boards' changed squares; `to`, the colour, the two
 * pieces on `to`) says all plain_attackers_seen reads. */
static inline int attackers_remembered(const walk *w, const plain_board *blocking, int color,
                                       int *squares)
{
    board_marks on = w->marks, through = marks_of(w, blocking);
    if ((on.refilled | through.refilled) & ~(1ull << w->to))
        return plain_attackers_seen(&w->board, blocking, w->to, color, squares);
    attacker_key key = {on.changed, through.changed,
                        (uint32_t)w->to | (uint32_t)color << 6 |
                            (uint32_t)(w->board.square[w->to] + 8) << 7 |
                            (uint32_t)(blocking->square[w->to] + 8) << 11};
    int count = attacker_memo_find(w->memo, &key, squares);
    return count >= 0 ? count : attackers_searched(w, blocking, color, squares, &key);
}

/* FAULT_XRAY_MOVER_LINES: a piece on a rank or file of `to` seen through
 * the straight sight, any other through the diagonal one. */
static int attackers_by_lines(const walk *w, int color, int *squares)
{
    int diagonal[16], straight[16], count = 0;
    int diagonals = attackers_remembered(w, &w->diagonal_sight, color, diagonal);
    int lines = attackers_remembered(w, &w->straight_sight, color, straight);
    for (int i = 0; i < diagonals; i++)
        if (!on_rank_or_file(diagonal[i], w->to))
            squares[count++] = diagonal[i];
    for (int i = 0; i < lines; i++)
        if (on_rank_or_file(straight[i], w->to))
            squares[count++] = straight[i];
    return count;
}

static inline int attackers(const walk *w, int color, int *squares)
{
    if (w->faults & FAULT_XRAY_MOVER_LINES)
        return attackers_by_lines(w, color, squares);
    return attackers_remembered(w, w->sight, color, squares);
}

static uint64_t attacker_set(const walk *w)
{
    uint64_t set = 0;
    if (!w->recorded)
        return 0;
    int squares[64];
    for (int color = PLAIN_WHITE; color <= PLAIN_BLACK; color++)
        for (int i = 0, count = attackers(w, color, squares); i < count; i++)
            set |= 1ull << squares[i];
    return set;
}

/* A piece of `type` has left its square: under FAULT_XRAY_MOVER_LINES the
 * lines it moves along are looked down again. */
static void piece_left(walk *w, int type)
{
    if (!(w->faults & FAULT_XRAY_MOVER_LINES))
        return;
    if (type == SEEBATCH_PAWN || type == SEEBATCH_BISHOP || type == SEEBATCH_QUEEN) {
        w->diagonal_sight = w->board;
        w->diagonal_marks = w->marks;
    }
    if (type == SEEBATCH_ROOK || type == SEEBATCH_QUEEN) {
        w->straight_sight = w->board;
        w->straight_marks = w->marks;
    }
}

/* The square `color` captures with next (rules 2 and 5), or -1. */
static int next_attacker(const walk *w, int color)
{
    int squares[65];
    int count = attackers(w, color, squares);
    if (w->ghost >= 0 && plain_color(w->ghost_piece) == color)
        squares[count++] = w->ghost;
    int best = -1;
    for (int i = 0; i < count; i++) {
        int s = squares[i];
        /* Rule 5 asks whether a pinner stands only for a blocker (most
         * attackers are none). */
        if (w->use_pins && held_by_pin(w, color, s) &&
            plain_pinned_down(&w->board, w->pins, w->to, color))
            continue;
        int order = order_of(w, plain_type(piece_at(w, s)));
        int best_order = best < 0 ? 99 : order_of(w, plain_type(piece_at(w, best)));
        if (order < best_order ||
            (order == best_order && square_order(w, s) < square_order(w, best)))
            best = s;
    }
    return best;
}

/* The piece rule 5 held back when `color` chose `chosen`: the one it would
 * capture with were pins ignored, when that is another (else -1). Looked
 * for only while a pinner of `color`'s pieces stands (else none is held),
 * and only for a record (a value alone has no line). */
static int held_back(walk *w, int color, int chosen)
{
    if (!w->recorded || !w->use_pins || !plain_pinned_down(&w->board, w->pins, w->to, color))
        return -1;
    w->use_pins = false;
    int free_choice = next_attacker(w, color);
    w->use_pins = true;
    return free_choice != chosen ? free_choice : -1;
}

/* Step d of the line, once made: the piece that made it (steps[d].mover,
 * set by the caller) came from `from`, took `taken` (plain, or empty) and
 * is now on `to`; its side's balance is swap[d]. */
static void record_step(const walk *w, exchange_record *record, int d, int from, int taken)
{
    if (!w->recorded)
        return; /* a value alone keeps no line */
    exchange_step *step = &record->line.steps[d];
    int arrived = w->board.square[w->to];
    step->from = (int8_t)from;
    step->taken = (int8_t)(taken == PLAIN_EMPTY ? -1 : plain_type(taken));
    step->promoted = -1;
    step->held = step->held_type = -1;
    step->balance = d % 2 == 0 ? w->swap[d] : -w->swap[d];
    if (step->mover != plain_type(arrived))
        step->promoted = (int8_t)plain_type(arrived);
    record->line.step_count = d + 1;
}

/* Puts `piece` on `square` of the board as it stands, keeping the memo's
 * key. */
static void put(walk *w, int square, int piece)
{
    uint64_t bit = 1ull << square;
    bool differs = piece != w->before->square[square];
    w->board.square[square] = piece;
    board_marks *marks = &w->marks;
    marks->changed = differs ? marks->changed | bit : marks->changed & ~bit;
    marks->refilled =
        differs && piece != PLAIN_EMPTY ? marks->refilled | bit : marks->refilled & ~bit;
}

/* The first move played: its gain, the piece it puts on `to`. */
static int32_t play_first(walk *w, seebatch_move move, const seebatch_config *config,
                          exchange_record *record)
{
    unsigned kind = seebatch_move_kind(move);
    int from = (int)seebatch_move_from(move);
    int moving = w->board.square[from], color = plain_color(moving);
    int taken = w->board.square[w->to];
    int32_t gain = value_of(w, taken);
    if (kind == SEEBATCH_MOVE_EN_PASSANT && !(w->faults & FAULT_EN_PASSANT_NO_VICTIM)) {
        int victim = color == PLAIN_WHITE ? w->to - 8 : w->to + 8;
        taken = w->board.square[victim];
        gain = value_of(w, taken);
        if (!(w->faults & FAULT_EN_PASSANT_VICTIM_STAYS))
            put(w, victim, PLAIN_EMPTY);
    }
    int arriving = moving;
    bool promotes = config->flags & (SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY);
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        record->promotes = true;
        if (promotes) {
            int named = (int)seebatch_promotion_piece(move);
            arriving = plain_piece(named, color);
            gain += w->value[named] - w->value[SEEBATCH_PAWN];
        }
    }
    put(w, w->to, arriving);
    put(w, from, PLAIN_EMPTY);
    piece_left(w, plain_type(moving));
    if ((w->faults & FAULT_PROMOTED_RISKS_PAWN) && arriving != moving)
        w->promoted_risk = w->value[SEEBATCH_PAWN];
    w->swap[0] = gain;
    record->line.steps[0].mover = (int8_t)plain_type(moving);
    record_step(w, record, 0, from, taken);
    return gain;
}

/* One capture by `side` from `from`: its balance in swap[d], and the piece
 * now on `to`. The mover toggled back in puts its square back into the
 * occupancy as it takes part (chessprogramming.org's occ ^= fromSet). */
static int capture(walk *w, const seebatch_config *config, int from, int d, exchange_record *record)
{
    int piece = piece_at(w, from), side = plain_color(piece), taken = w->board.square[w->to];
    record->line.steps[d].mover = (int8_t)plain_type(piece);
    w->swap[d] = on_to_value(w) - w->swap[d - 1];
    w->promoted_risk = 0; /* the promoted piece taken */
    if ((config->flags & SEEBATCH_PROMOTIONS) && plain_type(piece) == SEEBATCH_PAWN &&
        w->to / 8 == plain_last_rank(side)) {
        piece = plain_piece(SEEBATCH_QUEEN, side);
        w->swap[d] += w->value[SEEBATCH_QUEEN] - w->value[SEEBATCH_PAWN];
        record->promotes = true;
    }
    put(w, w->to, piece);
    put(w, from, from == w->ghost ? w->ghost_piece : PLAIN_EMPTY);
    if (from == w->ghost)
        w->ghost = -1;
    piece_left(w, plain_type(piece));
    record_step(w, record, d, from, taken);
    return piece;
}

/* Rule 4: may the king on `from` not capture? The mover toggled back in
 * defends as any piece does. */
static bool king_held_back(walk *w, int side, int from)
{
    int squares[64];
    if (w->faults & FAULT_KING_INTO_ATTACK)
        return false;
    bool ghost = w->ghost >= 0 && plain_color(w->ghost_piece) != side;
    if (!(w->faults & FAULT_KING_OFF_SQUARE))
        return ghost || attackers(w, side ^ 1, squares) > 0;
    int king = w->board.square[from];
    put(w, from, PLAIN_EMPTY);
    bool defended = ghost || attackers(w, side ^ 1, squares) > 0;
    put(w, from, king);
    return defended;
}

/* Where and why the captures end (exchange_line's end, end_square and
 * end_type: the piece on `square`, or none for -1). */
static void record_end(const walk *w, exchange_record *record, exchange_end end, int square)
{
    record->line.end = end;
    record->line.end_square = square;
    record->line.end_type = square >= 0 ? plain_type(piece_at(w, square)) : -1;
}

/* Rule 8's break-off after capture d, or a fault's own: the end it makes
 * (the fault's bit in the line's cut_fault), or -1 for none. */
static int cut_after(const walk *w, const seebatch_config *config, int d, exchange_line *line)
{
    if ((config->flags & SEEBATCH_STOP_WHEN_AHEAD) && w->swap[d] - on_to_value(w) > 0)
        return END_BROKEN_OFF;
    if (!(w->faults & FAULT_STOPS_ONCE_AHEAD) || w->swap[d] <= 0)
        return -1;
    line->cut_fault = FAULT_STOPS_ONCE_AHEAD;
    return END_FAULT_CUT;
}

/* The captures after the first move, to the end: returns how many, and in
 * *cut the capture after which rule 8 breaks off (-1: none). The line
 * records each capture and why the captures counted end. */
static int play_captures(walk *w, const seebatch_config *config, int side, int *cut,
                         exchange_record *record)
{
    int d = 0, cut_end = -1;
    *cut = -1;
    while (d + 1 < MAX_CAPTURES) {
        /* The swap algorithm's prune, before it looks for a capturer: the
         * side to capture is behind if it stands pat (swap[d] > 0 for the
         * other) and behind after capturing the piece on `to` too. */
        if (*cut < 0 && (w->faults & FAULT_SWAP_PRUNED) && w->swap[d] > 0 &&
            on_to_value(w) - w->swap[d] < 0) {
            *cut = d;
            cut_end = END_FAULT_CUT;
            record->line.cut_fault = FAULT_SWAP_PRUNED;
        }
        record->attackers |= attacker_set(w);
        int from = next_attacker(w, side), held = held_back(w, side, from);
        if (from < 0) {
            record_end(w, record, held >= 0 ? END_PINNED : END_NO_CAPTURE, held);
            break;
        }
        bool king = plain_type(piece_at(w, from)) == SEEBATCH_KING;
        if (king && king_held_back(w, side, from)) {
            record_end(w, record, END_KING_HELD, from);
            break; /* rule 4 */
        }
        int held_type = held >= 0 ? plain_type(piece_at(w, held)) : -1;
        capture(w, config, from, ++d, record);
        record->line.steps[d].held = (int8_t)held;
        record->line.steps[d].held_type = (int8_t)held_type;
        if (king) {
            record_end(w, record, END_KING_TAKES, -1);
            break;
        }
        int end = *cut < 0 ? cut_after(w, config, d, &record->line) : -1;
        if (end >= 0) {
            *cut = d;
            cut_end = end;
        }
        side ^= 1;
    }
    record->attackers |= attacker_set(w);
    if (*cut >= 0 && *cut < d) /* a cut before the last capture; at it, the walk's end says why */
        record_end(w, record, (exchange_end)cut_end, -1);
    return d;
}

/* The negamax of swap[0..last]: the value, and the captures the best line
 * plays (the side to capture goes on only when it gains by it); in
 * *going_on, when that side declines a capture, the first mover's balance
 * had it gone on. */
static int32_t best_of(walk *w, int last, int *best_line, int32_t *going_on)
{
    int32_t result[MAX_CAPTURES];
    result[last] = w->swap[last];
    for (int d = last - 1; d >= 0; d--)
        result[d] = result[d + 1] > -w->swap[d] ? -result[d + 1] : w->swap[d];
    int d = 1;
    while (d <= last && result[d] > -w->swap[d - 1])
        d++;
    *best_line = d - 1;
    *going_on = d > last ? 0 : d % 2 == 0 ? result[d] : -result[d];
    return result[0];
}

void walk_position_init(walk_position *position, const seebatch_board *board)
{
    position->board = board;
    plain_board_load(&position->plain, board);
    plain_pins_find(&position->plain, &position->pins);
    attacker_memo_clear(&position->memo);
}

static void start(walk *w, walk_position *position, seebatch_move move, const exchange_rules *rules)
{
    w->board = position->plain;
    w->before = &position->plain;
    w->marks = w->diagonal_marks = w->straight_marks = (board_marks){0, 0};
    w->memo = &position->memo;
    if (rules->faults & FAULT_XRAY_MOVER_LINES)
        w->diagonal_sight = w->straight_sight = w->board;
    w->sight = rules->faults & FAULT_NO_XRAY ? w->before : &w->board;
    w->to = (int)seebatch_move_to(move);
    w->faults = rules->faults;
    w->promoted_risk = 0;
    w->ghost = -1;
    for (int type = SEEBATCH_PAWN; type < SEEBATCH_KING; type++) {
        w->value[type] = rules->config.values[type];
        w->on_to[type] = rules->swap_priced ? rules->swap_values[type] : w->value[type];
    }
    w->value[SEEBATCH_KING] = w->on_to[SEEBATCH_KING] = 0;
    w->use_pins = (rules->config.flags & SEEBATCH_PINS) || (rules->faults & FAULT_PINNED_ALONG_PIN);
    w->pins = &position->pins;
}

/* FAULT_FROM_SQUARE_TOGGLED: a move whose piece did not attack `to` (a
 * quiet pawn move) has it toggled back in. */
static void toggle_in(walk *w, int from)
{
    int squares[64], mover = w->board.square[from];
    bool attacked = false;
    for (int i = 0, count = attackers(w, plain_color(mover), squares); i < count; i++)
        attacked = attacked || squares[i] == from;
    if (!attacked) {
        w->ghost = from;
        w->ghost_piece = mover;
    }
}

/* The line's own facts, before the walk: the move, the side, the values a
 * piece on `to` risks (what rule 8 weighs). */
static void start_line(const seebatch_board *board, seebatch_move move,
                       const exchange_rules *rules, exchange_line *line)
{
    line->move = move;
    line->to = (int)seebatch_move_to(move);
    line->mover_color = (board->colors[SEEBATCH_BLACK] >> seebatch_move_from(move)) & 1
                            ? SEEBATCH_BLACK
                            : SEEBATCH_WHITE;
    for (int type = SEEBATCH_PAWN; type < SEEBATCH_KING; type++)
        line->values[type] = rules->swap_priced ? rules->swap_values[type] : rules->config.values[type];
    line->values[SEEBATCH_KING] = 0;
    line->end_square = -1;
}

/* The walk; the record's attackers and held-back pieces kept when
 * `recorded`. */
static void walk_exchange(walk_position *position, seebatch_move move, const exchange_rules *rules,
                          bool recorded, exchange_record *record)
{
    /* For a value alone (most walks) the line is neither kept nor read: only
     * the record's part before the steps (its bulk and its last) is cleared. */
    if (recorded) {
        memset(record, 0, sizeof *record);
        start_line(position->board, move, rules, &record->line);
    } else {
        memset(record, 0, offsetof(exchange_record, line.steps));
    }
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING) {
        record->line.end = END_NOT_PLAYED;
        return;
    }
    walk w;
    start(&w, position, move, rules);
    w.recorded = recorded;
    record->walked = true;
    record->first_attackers = attacker_set(&w);
    int from = (int)seebatch_move_from(move), mover = w.board.square[from];
    if (w.faults & FAULT_FROM_SQUARE_TOGGLED)
        toggle_in(&w, from);
    w.swap[0] = play_first(&w, move, &rules->config, record);
    int cut = -1;
    if (plain_type(mover) != SEEBATCH_KING) /* rule 4: a king moving first is never taken */
        record->captures = play_captures(&w, &rules->config, plain_color(mover) ^ 1, &cut, record);
    else
        record_end(&w, record, END_KING_FIRST, -1);
    record->line.counted = cut >= 0 ? cut : record->captures;
    record->value = best_of(&w, record->line.counted, &record->best_line, &record->line.going_on);
    if (kind != SEEBATCH_MOVE_NORMAL && (rules->config.flags & SEEBATCH_NORMAL_MOVES_ONLY)) {
        record->value = 0; /* scored 0 unplayed: nothing stops early */
        record->best_line = record->captures;
        record_end(&w, record, END_NOT_PLAYED, -1);
    }
}

void exchange_walk_at(walk_position *position, seebatch_move move, const exchange_rules *rules,
                      exchange_record *record)
{
    walk_exchange(position, move, rules, true, record);
}

int32_t exchange_value_at(walk_position *position, seebatch_move move, const exchange_rules *rules)
{
    exchange_record record;
    walk_exchange(position, move, rules, false, &record);
    return record.value;
}

void exchange_walk_rules(const seebatch_board *board, seebatch_move move,
                         const exchange_rules *rules, exchange_record *record)
{
    walk_position position;
    walk_position_init(&position, board);
    exchange_walk_at(&position, move, rules, record);
}

void exchange_walk(const seebatch_board *board, seebatch_move move, const seebatch_config *config,
                   unsigned fault, exchange_record *record)
{
    exchange_rules rules = {*config, fault, false, {0}};
    exchange_walk_rules(board, move, &rules, record);
}

int32_t exchange_value_rules(const seebatch_board *board, seebatch_move move,
                             const exchange_rules *rules)
{
    walk_position position;
    walk_position_init(&position, board);
    return exchange_value_at(&position, move, rules);
}

int32_t exchange_value(const seebatch_board *board, seebatch_move move,
                       const seebatch_config *config, unsigned fault)
{
    exchange_rules rules = {*config, fault, false, {0}};
    return exchange_value_rules(board, move, &rules);
}
