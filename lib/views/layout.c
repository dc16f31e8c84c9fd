/* Layouts for views: Stockfish's, checking one, and the shape of exchange
 * that reads it. */
#include <string.h>

#include "errors.h"
#include "views.h"

seebatch_layout seebatch_layout_stockfish(void)
{
    enum { BB = (int32_t)sizeof(uint64_t) };
    seebatch_layout layout;
    memset(&layout, 0, sizeof layout); /* not {0}: the engine pair compiles as C++ too */
    layout.kind = SEEBATCH_LAYOUT_BY_TYPE;
    layout.squares = SEEBATCH_RANK_1_FIRST;
    for (int32_t type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        layout.pieces[0][type] = layout.pieces[1][type] = type * BB;
    layout.has_colors = 1;
    /* StateInfo: blockersForKing[WHITE], [BLACK], then pinners[WHITE],
     * [BLACK]: seebatch_pins. */
    for (int32_t color = 0; color < 2; color++) {
        layout.colors[color] = color * BB;
        layout.blockers[color] = color * BB;
        layout.pinners[color] = (2 + color) * BB;
    }
    return layout;
}

/* Whether a checked layout (seebatch_view_layout_check) is Stockfish's, which
 * is BY_TYPE: a BY_TYPE layout that passed the check has colours, and reads
 * only pieces[0]. Field by field: a memcmp would also compare the unread
 * pieces[1]. */
static bool seebatch_is_stockfish_layout(const seebatch_layout *layout)
{
    seebatch_layout stockfish = seebatch_layout_stockfish();
    if (layout->kind != stockfish.kind || layout->squares != stockfish.squares)
        return false;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        if (layout->pieces[0][type] != stockfish.pieces[0][type])
            return false;
    for (int color = 0; color < 2; color++)
        if (layout->colors[color] != stockfish.colors[color] ||
            layout->blockers[color] != stockfish.blockers[color] ||
            layout->pinners[color] != stockfish.pinners[color])
            return false;
    return true;
}

/* Whether a BY_PIECE layout with colours has every offset at `stride_color`
 * * colour + `stride_type` * type bitboards, and its colours at 0 and 1. */
static bool seebatch_twelve_at(const seebatch_layout *layout, int32_t stride_color,
                               int32_t stride_type)
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
    if (seebatch_is_stockfish_layout(layout))
        return VIEW_STOCKFISH;
    bool from_a8 = layout->squares == SEEBATCH_RANK_8_FIRST;
    if (seebatch_twelve_at(layout, 1, 2))
        return from_a8 ? VIEW_TWELVE_BY_TYPE_A8 : VIEW_TWELVE_BY_TYPE;
    if (seebatch_twelve_at(layout, 6, 1))
        return from_a8 ? VIEW_TWELVE_BY_COLOR_A8 : VIEW_TWELVE_BY_COLOR;
    if (layout->kind == SEEBATCH_LAYOUT_BY_TYPE)
        return VIEW_BY_TYPE;
    return layout->has_colors ? VIEW_BY_PIECE : VIEW_BY_PIECE_NO_COLORS;
}

/* Two of `count` offsets at the same place name one bitboard twice. */
static seebatch_status seebatch_check_distinct(const int32_t *offsets, int count, const char *field,
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

seebatch_status seebatch_view_layout_check(const seebatch_layout *layout, seebatch_error *error)
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
        seebatch_check_distinct(&layout->pieces[0][0], by_piece ? 12 : 6,
                                by_piece ? "pieces (colour * 6 + type)" : "pieces[0]", error);
    if (status == SEEBATCH_OK && layout->has_colors)
        status = seebatch_check_distinct(layout->colors, 2, "colors", error);
    /* An engine that keeps no pins leaves their four offsets 0. */
    bool pins = layout->blockers[0] | layout->blockers[1] | layout->pinners[0] | layout->pinners[1];
    if (status == SEEBATCH_OK && pins)
        status = seebatch_check_distinct(layout->blockers, 2, "blockers", error);
    if (status == SEEBATCH_OK && pins)
        status = seebatch_check_distinct(layout->pinners, 2, "pinners", error);
    return status;
}
