/*
 * A whole board read through a view's layout, for what the exchanges do not
 * play (special kinds, promotions under SEEBATCH_PROMOTIONS, rule 8's
 * threshold test), played by the engine path, and for seebatch_view_check.
 */
#include "errors.h"
#include "board/pins.h"
#include "views.h"

void seebatch_view_gather_from(const seebatch_rules *rules, const uint64_t *pieces,
                               const uint64_t *colors, const void *engine_pins,
                               seebatch_board *board, seebatch_pins *pins)
{
    const seebatch_layout *layout = &view_rules_of(rules)->layout;
    /* The colour whose pawns move up the numbers is seebatch's white. */
    unsigned swap = layout->squares == SEEBATCH_RANK_8_FIRST;
    const seebatch_board empty =
        SEEBATCH_BOARD_EMPTY; /* no compound literal: the pair builds as C++ */
    *board = empty;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
        if (layout->kind == SEEBATCH_LAYOUT_BY_TYPE) {
            board->pieces[type] = load_at(pieces, layout->pieces[0][type]);
            continue;
        }
        for (unsigned color = 0; color < 2; color++) {
            bitboard own = load_at(pieces, layout->pieces[color][type]);
            board->pieces[type] |= own;
            board->colors[color ^ swap] |= own;
        }
    }
    if (layout->has_colors)
        for (unsigned color = 0; color < 2; color++)
            board->colors[color ^ swap] = load_at(colors, layout->colors[color]);
    if (!engine_pins)
        return;
    for (unsigned color = 0; color < 2; color++) {
        pins->blockers[color ^ swap] = load_at(engine_pins, layout->blockers[color]);
        pins->pinners[color ^ swap] = load_at(engine_pins, layout->pinners[color]);
    }
}

static void seebatch_gather_view(const seebatch_view_rules *rules, const seebatch_view *view,
                                 const void *engine_pins, seebatch_board *board,
                                 seebatch_pins *pins)
{
    seebatch_view_gather_from(&rules->rules, view->pieces, view->colors, engine_pins, board, pins);
}

/* The pins the engine path should use: the engine's under SEEBATCH_PINS,
 * or NULL (worked out when needed, or not read at all). */
static const seebatch_pins *seebatch_pins_in_use(const seebatch_rules *rules,
                                                 const void *engine_pins,
                                                 const seebatch_pins *gathered)
{
    return (rules->flags & SEEBATCH_PINS) && engine_pins ? gathered : NULL;
}

bool seebatch_view_see_ge_gathered(const seebatch_rules *rules, const uint64_t *pieces,
                                   const uint64_t *colors, const void *pins, unsigned move,
                                   int32_t shortfall)
{
    seebatch_board board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_view_gather_from(rules, pieces, colors, engine_pins, &board, &gathered);
    unsigned from = seebatch_move_from((seebatch_move)move),
             to = seebatch_move_to((seebatch_move)move);
    /* The threshold back from the inline exits' shortfall = risk - surplus,
     * surplus = victim - threshold; the same values, by type, as by code. */
    int mover = piece_type_on(&board, from);
    int32_t victim =
        (occupied_squares(&board) >> to) & 1 ? rules->value[piece_type_on(&board, to)] : 0;
    int32_t promotion = rules->value[SEEBATCH_QUEEN] - rules->value[SEEBATCH_PAWN];
    int64_t risk = (int64_t)rules->value[mover] +
                   ((rules->flags & SEEBATCH_PROMOTIONS) && promotion > 0 ? promotion : 0);
    int64_t threshold = (int64_t)victim - risk + shortfall;
    return seebatch_value_ge(rules, &board, seebatch_pins_in_use(rules, engine_pins, &gathered),
                             (seebatch_move)move, (int32_t)threshold);
}

int32_t seebatch_view_value_gathered(const seebatch_rules *rules, const uint64_t *pieces,
                                     const uint64_t *colors, const void *pins, unsigned move,
                                     unsigned mover_code, unsigned victim_code)
{
    seebatch_board board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_view_gather_from(rules, pieces, colors, engine_pins, &board, &gathered);
    (void)mover_code, (void)victim_code; /* the gathered board holds the pieces */
    return seebatch_value(rules, &board, seebatch_pins_in_use(rules, engine_pins, &gathered),
                          (seebatch_move)move);
}

bool seebatch_view_see_ge_move(const seebatch_view_rules *rules, const seebatch_view *view,
                               const void *pins, seebatch_move move, int32_t threshold)
{
    seebatch_board board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->rules.flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_gather_view(rules, view, engine_pins, &board, &gathered);
    return seebatch_value_ge(&rules->rules, &board,
                             seebatch_pins_in_use(&rules->rules, engine_pins, &gathered), move,
                             threshold);
}

int32_t seebatch_view_see_value_move(const seebatch_view_rules *rules, const seebatch_view *view,
                                     const void *pins, seebatch_move move)
{
    seebatch_board board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->rules.flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_gather_view(rules, view, engine_pins, &board, &gathered);
    return seebatch_value(&rules->rules, &board,
                          seebatch_pins_in_use(&rules->rules, engine_pins, &gathered), move);
}

/* With both the twelve and the colour bitboards, each colour's must be the
 * union of its six: the exchange reads both. */
static seebatch_status seebatch_check_colors_agree(const seebatch_view_rules *rules,
                                                   const seebatch_view *view, seebatch_error *error)
{
    const seebatch_layout *layout = &rules->layout;
    if (layout->kind != SEEBATCH_LAYOUT_BY_PIECE || !layout->has_colors)
        return seebatch_succeed(error);
    for (int color = 0; color < 2; color++) {
        bitboard own = 0;
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            own |= load_at(view->pieces, layout->pieces[color][type]);
        bitboard given = load_at(view->colors, layout->colors[color]);
        if (own != given) {
            char name[3];
            unsigned square = lowest_square(own ^ given);
            return seebatch_fail(error, SEEBATCH_ERROR_BOARD,
                                 "view: the %s colour bitboard %s square %u (%s in seebatch's "
                                 "numbering), but the %s pieces' bitboards %s",
                                 seebatch_color_names[color],
                                 (given >> square) & 1 ? "holds" : "lacks", square,
                                 seebatch_square_name(square, name), seebatch_color_names[color],
                                 (own >> square) & 1 ? "hold it" : "do not");
        }
    }
    return seebatch_succeed(error);
}

seebatch_status seebatch_view_check(const seebatch_view_rules *rules, const seebatch_view *view,
                                    const void *pins, seebatch_board *board, seebatch_error *error)
{
    if (!rules || !view || !view->pieces || (rules->layout.has_colors && !view->colors))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             !rules  ? "rules"
                             : !view ? "view"
                                     : "a view pointer");
    seebatch_board gathered_board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->rules.flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_gather_view(rules, view, engine_pins, &gathered_board, &gathered);
    if (board)
        *board = gathered_board;
    seebatch_status status = seebatch_check_colors_agree(rules, view, error);
    if (status != SEEBATCH_OK)
        return status;
    seebatch_error board_error;
    if (seebatch_board_validate(&gathered_board, &board_error) != SEEBATCH_OK)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "view: %s", board_error.message);
    return engine_pins ? seebatch_check_pins(&gathered_board, &gathered, error)
                       : seebatch_succeed(error);
}
