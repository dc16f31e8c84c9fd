#include "engine_boards.h"

#include <string.h>

enum { BB = 8 }; /* bytes per bitboard */

/* How each kind of engine keeps its position: words are indices into
 * engine_board.words (pieces and colours, from the kind's base words) and
 * pin_words. */
typedef struct engine_description {
    const char *name;
    uint32_t kind, squares, has_colors;
    int pieces_base, colors_base; /* the words view.pieces and view.colors point at */
    int piece_word[2][6];         /* from pieces_base; BY_TYPE: [0] only */
    int color_word[2];            /* from colors_base */
    int blockers_word[2], pinners_word[2];
    unsigned code[2][6], empty_code;
} engine_description;

static const engine_description engines[ENGINE_KINDS] = {
    [ENGINE_STOCKFISH] = {"stockfish",
                          SEEBATCH_LAYOUT_BY_TYPE,
                          SEEBATCH_RANK_1_FIRST,
                          1,
                          /* byTypeBB[8] from ALL_PIECES: pieces at PAWN */ 1,
                          8,
                          {{0, 1, 2, 3, 4, 5}, {0, 1, 2, 3, 4, 5}},
                          {0, 1},
                          /* StateInfo: blockersForKing[2], pinners[2] */
                          {0, 1},
                          {2, 3},
                          {{1, 2, 3, 4, 5, 6}, {9, 10, 11, 12, 13, 14}},
                          0},
    [ENGINE_OWN_ORDER] = {"own order",
                          SEEBATCH_LAYOUT_BY_TYPE,
                          SEEBATCH_RANK_1_FIRST,
                          1,
                          /* knight first, pawn last, 16 bytes apart; black's colour first */
                          0,
                          20,
                          {{10, 0, 2, 4, 6, 8}, {10, 0, 2, 4, 6, 8}},
                          {3, 0},
                          /* pinners first */ {2, 3},
                          {0, 1},
                          {{1, 2, 3, 4, 5, 6}, {17, 18, 19, 20, 21, 22}},
                          0},
    [ENGINE_TWELVE_A8] = {"twelve a8",
                          SEEBATCH_LAYOUT_BY_PIECE,
                          SEEBATCH_RANK_8_FIRST,
                          1,
                          /* pieces[2 * type + colour], occupancies[3] */ 0,
                          12,
                          {{0, 2, 4, 6, 8, 10}, {1, 3, 5, 7, 9, 11}},
                          {0, 1},
                          /* a spare word, blockers, pinners */ {1, 2},
                          {3, 4},
                          {{0, 2, 4, 6, 8, 10}, {1, 3, 5, 7, 9, 11}},
                          12},
    [ENGINE_TWELVE_BARE] = {"twelve bare",
                            SEEBATCH_LAYOUT_BY_PIECE,
                            SEEBATCH_RANK_1_FIRST,
                            0,
                            /* a spare word, then pieces[6 * colour + type] */ 1,
                            12,
                            {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}},
                            {0, 0},
                            {0, 1},
                            {2, 3},
                            {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}},
                            12},
    [ENGINE_BY_COLOR] = {"by colour",
                         SEEBATCH_LAYOUT_BY_PIECE,
                         SEEBATCH_RANK_1_FIRST,
                         1,
                         /* pieces[6 * colour + type], occupancies[3] */ 0,
                         12,
                         {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}},
                         {0, 1},
                         {4, 5},
                         {2, 3},
                         {{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12}},
                         0},
    [ENGINE_NESTED_A8] = {"nested a8",
                          SEEBATCH_LAYOUT_BY_PIECE,
                          SEEBATCH_RANK_8_FIRST,
                          1,
                          /* colour[2] of {occupied, pawn .. king}: one base for all */ 0,
                          0,
                          {{1, 2, 3, 4, 5, 6}, {8, 9, 10, 11, 12, 13}},
                          {0, 7},
                          {0, 1},
                          {2, 3},
                          {{1, 2, 3, 4, 5, 6}, {9, 10, 11, 12, 13, 14}},
                          0},
    [ENGINE_TWELVE_A1] = {"twelve a1",
                          SEEBATCH_LAYOUT_BY_PIECE,
                          SEEBATCH_RANK_1_FIRST,
                          1,
                          /* pieces[2 * type + colour], occupancies[2] */ 0,
                          12,
                          {{0, 2, 4, 6, 8, 10}, {1, 3, 5, 7, 9, 11}},
                          {0, 1},
                          {0, 1},
                          {2, 3},
                          {{1, 3, 5, 7, 9, 11}, {2, 4, 6, 8, 10, 12}},
                          0},
    [ENGINE_BY_COLOR_A8] = {"by colour a8",
                            SEEBATCH_LAYOUT_BY_PIECE,
                            SEEBATCH_RANK_8_FIRST,
                            1,
                            /* pieces[6 * colour + type], occupancies[3] */ 0,
                            12,
                            {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}},
                            {0, 1},
                            {3, 2},
                            {1, 0},
                            {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}},
                            12},
};

const char *engine_kind_name(engine_kind kind) { return engines[kind].name; }

static seebatch_layout layout_of(const engine_description *e)
{
    seebatch_layout layout = {0};
    layout.kind = e->kind;
    layout.squares = e->squares;
    layout.has_colors = e->has_colors;
    for (int color = 0; color < 2; color++) {
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            layout.pieces[color][type] = e->piece_word[color][type] * BB;
        layout.colors[color] = e->color_word[color] * BB;
        layout.blockers[color] = e->blockers_word[color] * BB;
        layout.pinners[color] = e->pinners_word[color] * BB;
    }
    return layout;
}

seebatch_status engine_view_rules(engine_kind kind, const seebatch_config *config,
                                  seebatch_view_rules *rules, seebatch_error *error)
{
    const engine_description *e = &engines[kind];
    int8_t type_of_code[SEEBATCH_PIECE_CODES];
    memset(type_of_code, -1, sizeof type_of_code);
    for (int color = 0; color < 2; color++)
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            type_of_code[e->code[color][type]] = (int8_t)type;
    seebatch_status status =
        seebatch_view_rules_init(rules, config, type_of_code, SEEBATCH_PIECE_CODES, error);
    if (status != SEEBATCH_OK)
        return status;
    /* Stockfish's too, described anew: the library must recognise it. */
    seebatch_layout layout = layout_of(e);
    return seebatch_view_rules_set_layout(rules, &layout, error);
}

/* A bitboard in the engine's numbering. */
static uint64_t engine_bits(const engine_board *engine, uint64_t bits)
{
    return engine->flip ? __builtin_bswap64(bits) : bits;
}

void engine_board_of(engine_kind kind, const seebatch_board *board, const seebatch_pins *pins,
                     engine_board *out)
{
    const engine_description *e = &engines[kind];
    /* What the engine keeps between its bitboards is never read: fill it
     * with bits a wrong offset would show. */
    memset(out, 0xA5, sizeof *out);
    out->kind = kind;
    out->flip = e->squares == SEEBATCH_RANK_8_FIRST ? 56 : 0;
    for (unsigned square = 0; square < 64; square++) {
        unsigned code = e->empty_code;
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            if ((board->pieces[type] >> square) & 1)
                code = e->code[(board->colors[SEEBATCH_BLACK] >> square) & 1][type];
        out->mailbox[square ^ out->flip] = (uint8_t)code;
    }
    uint64_t *pieces = &out->words[e->pieces_base], *colors = &out->words[e->colors_base];
    for (int color = 0; color < 2; color++) {
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
            uint64_t bits = board->pieces[type];
            if (e->kind == SEEBATCH_LAYOUT_BY_PIECE)
                bits &= board->colors[color];
            pieces[e->piece_word[color][type]] = engine_bits(out, bits);
        }
        if (e->has_colors)
            colors[e->color_word[color]] = engine_bits(out, board->colors[color]);
        out->pin_words[e->blockers_word[color]] = engine_bits(out, pins->blockers[color]);
        out->pin_words[e->pinners_word[color]] = engine_bits(out, pins->pinners[color]);
    }
    out->view = (seebatch_view){pieces, colors};
}

seebatch_move engine_move(const engine_board *engine, seebatch_move move)
{
    return seebatch_move_make(seebatch_move_from(move) ^ engine->flip,
                              seebatch_move_to(move) ^ engine->flip, seebatch_move_kind(move));
}
