#include "engine_boards.h"

#include <string.h>

enum { BB = 8 };       /* bytes per bitboard */
enum { NO_CODE = -1 }; /* a piece code that is no piece */

const char *engine_kind_name(engine_kind kind)
{
    static const char *const names[ENGINE_KINDS] = {"stockfish", "own order", "twelve a8",
                                                    "twelve bare"};
    return names[kind];
}

/* Each kind's piece code for a colour and type, and for an empty square. */
static unsigned code_of(engine_kind kind, int color, int type)
{
    switch (kind) {
    case ENGINE_STOCKFISH:
        return (unsigned)(type + 1 + 8 * color); /* W_PAWN = 1 .. B_KING = 14 */
    case ENGINE_OWN_ORDER:
        return (unsigned)(type + 1 + 16 * color);
    case ENGINE_TWELVE_A8:
        return (unsigned)(2 * type + color);
    default:
        return (unsigned)(6 * color + type);
    }
}

static unsigned empty_code(engine_kind kind)
{
    return kind == ENGINE_TWELVE_A8 || kind == ENGINE_TWELVE_BARE ? 12u : 0u;
}

/* Where ENGINE_OWN_ORDER keeps each type: knight first, pawn last. */
static int own_order_slot(int type) { return type == SEEBATCH_PAWN ? 5 : type - 1; }

static seebatch_layout layout_of(engine_kind kind)
{
    seebatch_layout layout = {0};
    layout.kind = kind == ENGINE_OWN_ORDER ? SEEBATCH_LAYOUT_BY_TYPE : SEEBATCH_LAYOUT_BY_PIECE;
    layout.squares = kind == ENGINE_TWELVE_A8 ? SEEBATCH_RANK_8_FIRST : SEEBATCH_RANK_1_FIRST;
    layout.has_colors = kind != ENGINE_TWELVE_BARE;
    for (int color = 0; color < 2; color++) {
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
            int word = kind == ENGINE_OWN_ORDER   ? 2 * own_order_slot(type)
                       : kind == ENGINE_TWELVE_A8 ? 2 * type + color
                                                  : 6 * color + type;
            layout.pieces[color][type] = word * BB;
        }
        /* Own order: black's colour bitboard first, three words apart;
         * twelve a8: occupancies[3] after the twelve, from view.colors. */
        layout.colors[color] = kind == ENGINE_OWN_ORDER ? (3 - 3 * color) * BB : color * BB;
        /* Pin words, in orders of their own: own order keeps the pinners
         * (of each colour's pieces) first; twelve a8 one spare word, then
         * blockers, then pinners; twelve bare blockers then pinners. */
        int blockers = kind == ENGINE_OWN_ORDER ? 2 + color : kind == ENGINE_TWELVE_A8 ? 1 + color
                                                                                         : color;
        int pinners = kind == ENGINE_OWN_ORDER ? color : kind == ENGINE_TWELVE_A8 ? 3 + color
                                                                                  : 2 + color;
        layout.blockers[color] = blockers * BB;
        layout.pinners[color] = pinners * BB;
    }
    return layout;
}

seebatch_status engine_view_rules(engine_kind kind, const seebatch_config *config,
                                  seebatch_view_rules *rules, seebatch_error *error)
{
    int8_t type_of_code[SEEBATCH_PIECE_CODES];
    memset(type_of_code, NO_CODE, sizeof type_of_code);
    for (int color = 0; color < 2; color++)
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            type_of_code[code_of(kind, color, type)] = (int8_t)type;
    seebatch_status status =
        seebatch_view_rules_init(rules, config, type_of_code, SEEBATCH_PIECE_CODES, error);
    if (status != SEEBATCH_OK || kind == ENGINE_STOCKFISH)
        return status;
    seebatch_layout layout = layout_of(kind);
    return seebatch_view_rules_set_layout(rules, &layout, error);
}

/* A bitboard in the engine's numbering. */
static uint64_t engine_bits(const engine_board *engine, uint64_t bits)
{
    return engine->flip ? __builtin_bswap64(bits) : bits;
}

static void place_pins(engine_board *out, const seebatch_pins *pins)
{
    if (out->kind == ENGINE_STOCKFISH) {
        /* StateInfo: blockersForKing[2], then pinners by the pinning side. */
        for (int color = 0; color < 2; color++) {
            out->pin_words[color] = pins->blockers[color];
            out->pin_words[2 + color] = pins->pinners[color ^ 1];
        }
        return;
    }
    seebatch_layout layout = layout_of(out->kind);
    for (int color = 0; color < 2; color++) {
        out->pin_words[layout.blockers[color] / BB] = engine_bits(out, pins->blockers[color]);
        out->pin_words[layout.pinners[color] / BB] = engine_bits(out, pins->pinners[color]);
    }
}

static void place_bitboards(engine_board *out, const seebatch_board *board)
{
    if (out->kind == ENGINE_STOCKFISH) {
        out->words[0] = board->colors[0] | board->colors[1]; /* byTypeBB[ALL_PIECES] */
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            out->words[1 + type] = board->pieces[type];
        out->words[8] = board->colors[0];
        out->words[9] = board->colors[1];
        out->view = (seebatch_view){&out->words[1], &out->words[8]};
        return;
    }
    seebatch_layout layout = layout_of(out->kind);
    const uint64_t *colors = out->kind == ENGINE_OWN_ORDER ? &out->words[20] : &out->words[12];
    for (int color = 0; color < 2; color++) {
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
            uint64_t bits = board->pieces[type];
            if (layout.kind == SEEBATCH_LAYOUT_BY_PIECE)
                bits &= board->colors[color];
            out->words[layout.pieces[color][type] / BB] = engine_bits(out, bits);
        }
        if (layout.has_colors)
            out->words[(colors - out->words) + layout.colors[color] / BB] =
                engine_bits(out, board->colors[color]);
    }
    if (out->kind == ENGINE_TWELVE_A8)
        out->words[14] = engine_bits(out, board->colors[0] | board->colors[1]);
    out->view = (seebatch_view){out->words, colors};
}

void engine_board_of(engine_kind kind, const seebatch_board *board, const seebatch_pins *pins,
                     engine_board *out)
{
    /* What the engine keeps between its bitboards is never read: fill it
     * with bits a wrong offset would show. */
    memset(out, 0xA5, sizeof *out);
    out->kind = kind;
    out->flip = kind == ENGINE_TWELVE_A8 ? 56 : 0;
    for (unsigned square = 0; square < 64; square++) {
        unsigned code = empty_code(kind);
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            if ((board->pieces[type] >> square) & 1)
                code = code_of(kind, (board->colors[SEEBATCH_BLACK] >> square) & 1, type);
        out->mailbox[square ^ out->flip] = (uint8_t)code;
    }
    place_bitboards(out, board);
    place_pins(out, pins);
}

seebatch_move engine_move(const engine_board *engine, seebatch_move move)
{
    return seebatch_move_make(seebatch_move_from(move) ^ engine->flip,
                              seebatch_move_to(move) ^ engine->flip, seebatch_move_kind(move));
}
