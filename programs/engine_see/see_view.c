/* seebatch's view in a plug-in's shape (see_view.h). */
#include "see_view.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* Stockfish's StateInfo (current master, 192 bytes), the pins at byte 88. */
typedef struct view_state {
    uint64_t before_pins[11];
    seebatch_pins pins;
    uint64_t after_pins[9];
} view_state;

/* Stockfish's Position (current master, 1056 bytes): the
 * mailbox at 0, byTypeBB (all pieces, then pawn .. king) at 64, byColorBB at
 * 128, the StateInfo pointer at 608. The board seebatch read (for moves,
 * never for SEE) and the view (its rules, which an engine keeps in a global)
 * lie in the bytes Stockfish's see_ge does not read; the view beside st, in
 * its cache line. */
typedef struct view_position {
    uint8_t board[64];
    uint64_t by_type[8];
    uint64_t by_color[2];
    seebatch_board parsed;
    uint8_t unread[600 - 144 - sizeof(seebatch_board)];
    const see_view *view;
    const view_state *st;
    uint8_t unread_rest[1056 - 616];
    view_state state;
} view_position;

/* Stockfish's piece codes: W_PAWN = 1 .. W_KING = 6, B_PAWN = 9 .. B_KING =
 * 14, 0 empty. */
static const int8_t type_of_code[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};

bool see_view_start(see_view *view, const seebatch_config *config, seebatch_error *error)
{
    view->pins = (config->flags & SEEBATCH_PINS) != 0;
    return seebatch_view_rules_init(&view->rules, config, type_of_code, 16, error) == SEEBATCH_OK;
}

/* position's mailbox and bitboards from its parsed board. */
static void lay_out(view_position *position)
{
    const seebatch_board *board = &position->parsed;
    for (int square = 0; square < 64; square++) {
        uint64_t bit = 1ull << square;
        uint8_t code = 0;
        for (int type = 0; type < 6; type++)
            if (board->pieces[type] & bit)
                code = (uint8_t)(type + 1 + (board->colors[SEEBATCH_BLACK] & bit ? 8 : 0));
        position->board[square] = code;
    }
    position->by_type[0] = board->colors[0] | board->colors[1];
    for (int type = 0; type < 6; type++)
        position->by_type[type + 1] = board->pieces[type];
    position->by_type[7] = 0;
    position->by_color[0] = board->colors[0];
    position->by_color[1] = board->colors[1];
}

void *see_view_position(const see_view *view, const char *fen, seebatch_error *error)
{
    view_position *position = calloc(1, sizeof *position);
    if (!position) {
        error->status = SEEBATCH_ERROR_ARGUMENT;
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    if (seebatch_board_from_fen(&position->parsed, fen, error) != SEEBATCH_OK) {
        free(position);
        return NULL;
    }
    lay_out(position);
    if (view->pins)
        seebatch_pins_compute(&position->parsed, &position->state.pins);
    position->view = view;
    position->st = &position->state;
    return position;
}

int see_view_move(const void *position, const char *uci, uint32_t *move, seebatch_error *error)
{
    const seebatch_board *board = &((const view_position *)position)->parsed;
    seebatch_move parsed;
    if (seebatch_move_parse(board, uci, &parsed, error) != SEEBATCH_OK)
        return 1;
    if (!seebatch_move_is_legal(board, parsed)) {
        error->status = SEEBATCH_ERROR_MOVE;
        snprintf(error->message, sizeof error->message, "%s is not a legal move", uci);
        return 1;
    }
    *move = parsed;
    return 0;
}

int see_view_see_ge(void *position, uint32_t move, int32_t threshold)
{
    const view_position *p = position;
    const seebatch_view_rules *rules = &p->view->rules;
    const seebatch_view view = {&p->by_type[1], p->by_color};
    seebatch_move m = (seebatch_move)move;
    if (seebatch_move_kind(m) != SEEBATCH_MOVE_NORMAL) {
        if (rules->rules.flags & SEEBATCH_NORMAL_MOVES_ONLY)
            return 0 >= threshold;
        return seebatch_view_see_ge_move(rules, &view, &p->st->pins, m, threshold);
    }
    return seebatch_view_see_ge(rules, &view, &p->st->pins, m, p->board[seebatch_move_from(m)],
                                p->board[seebatch_move_to(m)], threshold);
}

void see_view_position_free(void *position) { free(position); }

static void *timed_position(void *context, const char *fen)
{
    seebatch_error error;
    return see_view_position(context, fen, &error);
}

static int timed_move(void *context, void *position, const char *uci, uint32_t *move)
{
    (void)context;
    seebatch_error error;
    return see_view_move(position, uci, move, &error);
}

static void timed_position_free(void *context, void *position)
{
    (void)context;
    see_view_position_free(position);
}

timed_see see_view_timed(see_view *view)
{
    return (timed_see){"seebatch's view", view,           timed_position, timed_move,
                       see_view_see_ge,   timed_position_free, NULL};
}
