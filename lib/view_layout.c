/*
 * Layouts for views: checking one, choosing the shape of exchange that
 * reads it, and reading a whole board through it for the moves the view
 * exchanges do not play (special kinds, promotions under
 * SEEBATCH_PROMOTIONS, rule 8's threshold test) and for seebatch_view_check.
 */
#include "view_layout.h"

#include "errors.h"
#include "pins.h"
#include "view_exchange.h"

seebatch_layout seebatch_layout_stockfish(void)
{
    enum { BB = (int32_t)sizeof(uint64_t) };
    seebatch_layout layout = {0};
    layout.kind = SEEBATCH_LAYOUT_BY_TYPE;
    layout.squares = SEEBATCH_RANK_1_FIRST;
    for (int32_t type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        layout.pieces[0][type] = layout.pieces[1][type] = type * BB;
    layout.has_colors = 1;
    /* StateInfo: blockersForKing[WHITE], [BLACK], then pinners by the
     * pinning side, so the sliders pinning white's pieces are black's. */
    for (int32_t color = 0; color < 2; color++) {
        layout.colors[color] = color * BB;
        layout.blockers[color] = color * BB;
        layout.pinners[color] = (2 + (color ^ 1)) * BB;
    }
    return layout;
}

static bool same_layout(const seebatch_layout *a, const seebatch_layout *b)
{
    /* Field by field: a memcmp would also compare BY_TYPE's unread pieces[1]. */
    if (a->kind != b->kind || a->squares != b->squares || a->has_colors != b->has_colors)
        return false;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        for (int color = 0; color < (a->kind == SEEBATCH_LAYOUT_BY_PIECE ? 2 : 1); color++)
            if (a->pieces[color][type] != b->pieces[color][type])
                return false;
    for (int color = 0; color < 2; color++)
        if (a->colors[color] != b->colors[color] || a->blockers[color] != b->blockers[color] ||
            a->pinners[color] != b->pinners[color])
            return false;
    return true;
}

/* Whether a BY_PIECE layout with colours has every offset at `stride_color`
 * * colour + `stride_type` * type bitboards, and its colours at 0 and 1. */
static bool twelve_at(const seebatch_layout *layout, int32_t stride_color, int32_t stride_type)
{
    enum { BB = (int32_t)sizeof(uint64_t) };
    if (layout->kind != SEEBATCH_LAYOUT_BY_PIECE || !layout->has_colors || layout->colors[0] != 0 ||
        layout->colors[1] != BB)
        return false;
    for (int32_t color = 0; color < 2; color++)
        for (int32_t type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            if (layout->pieces[color][type] != (stride_color * color + stride_type * type) * BB)
                return false;
    return true;
}

view_shape seebatch_view_shape_of(const seebatch_layout *layout)
{
    seebatch_layout stockfish = seebatch_layout_stockfish();
    if (same_layout(layout, &stockfish))
        return VIEW_STOCKFISH;
    bool from_a8 = layout->squares == SEEBATCH_RANK_8_FIRST;
    if (twelve_at(layout, 1, 2))
        return from_a8 ? VIEW_TWELVE_BY_TYPE_A8 : VIEW_TWELVE_BY_TYPE;
    if (twelve_at(layout, 6, 1))
        return from_a8 ? VIEW_TWELVE_BY_COLOR_A8 : VIEW_TWELVE_BY_COLOR;
    if (layout->kind == SEEBATCH_LAYOUT_BY_TYPE)
        return VIEW_BY_TYPE;
    return layout->has_colors ? VIEW_BY_PIECE : VIEW_BY_PIECE_NO_COLORS;
}

/* Two of `count` offsets at the same place name one bitboard twice. */
static seebatch_status check_distinct(const int32_t *offsets, int count, const char *field,
                                      seebatch_error *error)
{
    for (int i = 0; i < count; i++)
        for (int j = i + 1; j < count; j++)
            if (offsets[i] == offsets[j])
                return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                                     "layout: %s %d and %d are both at offset %d", field, i, j,
                                     (int)offsets[i]);
    return seebatch_succeed(error);
}

static seebatch_status check_layout(const seebatch_layout *layout, seebatch_error *error)
{
    if (layout->kind != SEEBATCH_LAYOUT_BY_TYPE && layout->kind != SEEBATCH_LAYOUT_BY_PIECE)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "layout: kind is %u, not SEEBATCH_LAYOUT_BY_TYPE (0) or _BY_PIECE (1)",
                             (unsigned)layout->kind);
    if (layout->squares != SEEBATCH_RANK_1_FIRST && layout->squares != SEEBATCH_RANK_8_FIRST)
        return seebatch_fail(
            error, SEEBATCH_ERROR_ARGUMENT,
            "layout: squares is %u, not SEEBATCH_RANK_1_FIRST (0) or SEEBATCH_RANK_8_FIRST (1)",
            (unsigned)layout->squares);
    if (layout->has_colors > 1 ||
        (layout->kind == SEEBATCH_LAYOUT_BY_TYPE && layout->has_colors != 1))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "layout: has_colors is %u; BY_TYPE needs 1, BY_PIECE 0 or 1",
                             (unsigned)layout->has_colors);
    /* pieces[2][6] is twelve consecutive offsets: BY_TYPE reads the first six. */
    bool by_piece = layout->kind == SEEBATCH_LAYOUT_BY_PIECE;
    seebatch_status status =
        check_distinct(&layout->pieces[0][0], by_piece ? 12 : 6,
                       by_piece ? "pieces (colour * 6 + type)" : "pieces[0]", error);
    if (status == SEEBATCH_OK && layout->has_colors)
        status = check_distinct(layout->colors, 2, "colors", error);
    /* An engine that keeps no pins leaves their four offsets 0. */
    bool pins = layout->blockers[0] | layout->blockers[1] | layout->pinners[0] | layout->pinners[1];
    if (status == SEEBATCH_OK && pins)
        status = check_distinct(layout->blockers, 2, "blockers", error);
    if (status == SEEBATCH_OK && pins)
        status = check_distinct(layout->pinners, 2, "pinners", error);
    return status;
}

seebatch_status seebatch_view_rules_set_layout(seebatch_view_rules *rules,
                                               const seebatch_layout *layout, seebatch_error *error)
{
    if (!rules || !layout)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             rules ? "layout" : "rules");
    seebatch_status status = check_layout(layout, error);
    if (status != SEEBATCH_OK)
        return status;
    rules->layout = *layout;
    seebatch_view_choose_exchanges(rules, rules->exchange_set);
    return seebatch_succeed(error);
}

void seebatch_view_gather_from(const seebatch_rules *rules, const uint64_t *pieces,
                               const uint64_t *colors, const void *engine_pins,
                               seebatch_board *board, seebatch_pins *pins)
{
    const seebatch_layout *layout = &view_rules_of(rules)->layout;
    /* The colour whose pawns move up the numbers is seebatch's white. */
    unsigned swap = layout->squares == SEEBATCH_RANK_8_FIRST;
    seebatch_board_clear(board);
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

void seebatch_view_gather(const seebatch_view_rules *rules, const seebatch_view *view,
                          const void *engine_pins, seebatch_board *board, seebatch_pins *pins)
{
    seebatch_view_gather_from(&rules->rules, view->pieces, view->colors, engine_pins, board, pins);
}

/* The pins the engine path should use: the engine's under SEEBATCH_PINS,
 * or NULL (worked out when needed, or not read at all). */
static const seebatch_pins *pins_in_use(const seebatch_rules *rules, const void *engine_pins,
                                        const seebatch_pins *gathered)
{
    return (rules->flags & SEEBATCH_PINS) && engine_pins ? gathered : NULL;
}

bool seebatch_view_walk_gathered(const seebatch_rules *rules, const uint64_t *pieces,
                                 const uint64_t *colors, const void *pins, unsigned squares,
                                 int32_t shortfall)
{
    seebatch_board board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_view_gather_from(rules, pieces, colors, engine_pins, &board, &gathered);
    unsigned from = squares >> 6, to = squares & 63;
    /* The threshold back from the inline exits' shortfall = risk - surplus,
     * surplus = victim - threshold; the same values, by type, as by code. */
    int mover = piece_type_on(&board, from);
    int32_t victim =
        (occupied_squares(&board) >> to) & 1 ? rules->value[piece_type_on(&board, to)] : 0;
    int32_t promotion = rules->value[SEEBATCH_QUEEN] - rules->value[SEEBATCH_PAWN];
    int64_t risk = (int64_t)rules->value[mover] +
                   ((rules->flags & SEEBATCH_PROMOTIONS) && promotion > 0 ? promotion : 0);
    int64_t threshold = (int64_t)victim - risk + shortfall;
    return seebatch_engine_see_ge(rules, &board, pins_in_use(rules, engine_pins, &gathered),
                                  seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL),
                                  (int32_t)threshold);
}

int32_t seebatch_view_value_gathered(const seebatch_rules *rules, const uint64_t *pieces,
                                     const uint64_t *colors, const void *pins, uint32_t move)
{
    seebatch_board board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_view_gather_from(rules, pieces, colors, engine_pins, &board, &gathered);
    return seebatch_engine_see_value(
        rules, &board, pins_in_use(rules, engine_pins, &gathered),
        seebatch_move_make((move >> 6) & 63, move & 63, SEEBATCH_MOVE_NORMAL));
}

bool seebatch_view_see_ge_move(const seebatch_view_rules *rules, const seebatch_view *view,
                               const void *pins, seebatch_move move, int32_t threshold)
{
    seebatch_board board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->rules.flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_view_gather(rules, view, engine_pins, &board, &gathered);
    return seebatch_engine_see_ge(
        &rules->rules, &board, pins_in_use(&rules->rules, engine_pins, &gathered), move, threshold);
}

int32_t seebatch_view_see_value_move(const seebatch_view_rules *rules, const seebatch_view *view,
                                     const void *pins, seebatch_move move)
{
    seebatch_board board;
    seebatch_pins gathered;
    const void *engine_pins = (rules->rules.flags & SEEBATCH_PINS) ? pins : NULL;
    seebatch_view_gather(rules, view, engine_pins, &board, &gathered);
    return seebatch_engine_see_value(&rules->rules, &board,
                                     pins_in_use(&rules->rules, engine_pins, &gathered), move);
}

/* With both the twelve and the colour bitboards, each colour's must be the
 * union of its six: the exchange reads both. */
static seebatch_status check_colors_agree(const seebatch_view_rules *rules,
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
    seebatch_view_gather(rules, view, engine_pins, &gathered_board, &gathered);
    if (board)
        *board = gathered_board;
    seebatch_status status = check_colors_agree(rules, view, error);
    if (status != SEEBATCH_OK)
        return status;
    seebatch_error board_error;
    if (seebatch_board_validate(&gathered_board, &board_error) != SEEBATCH_OK)
        return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "view: %s", board_error.message);
    return engine_pins ? seebatch_check_pins(&gathered_board, &gathered, error)
                       : seebatch_succeed(error);
}
