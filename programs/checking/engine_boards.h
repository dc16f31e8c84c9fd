/*
 * A board as engines keep it, in the layouts views read, for checking views
 * against the reference: the engine's own arrays (its order, its stride, its
 * piece codes, its square numbering), built from a seebatch_board and its
 * pins.
 */
#ifndef SEEBATCH_ENGINE_BOARDS_H
#define SEEBATCH_ENGINE_BOARDS_H

#include "seebatch.h"
#include "seebatch_view.h"

typedef enum engine_kind {
    ENGINE_STOCKFISH,   /* byTypeBB[8] from ALL_PIECES, byColorBB[2], StateInfo pins; a1 = 0 */
    ENGINE_OWN_ORDER,   /* by type, knight first and pawn last, 16 bytes apart; black first */
    ENGINE_TWELVE_A8,   /* pieces[2 * type + colour], occupancies[3]; a8 = 0 */
    ENGINE_TWELVE_BARE, /* pieces[6 * colour + type] after a spare word, no colours; a1 = 0 */
    ENGINE_BY_COLOR,    /* pieces[6 * colour + type], occupancies[3]; a1 = 0 */
    ENGINE_NESTED_A8,   /* colour[2] of {occupied, pawn .. king}, one base; a8 = 0 */
    ENGINE_TWELVE_A1,   /* pieces[2 * type + colour], occupancies[2]; a1 = 0 */
    ENGINE_BY_COLOR_A8, /* pieces[6 * colour + type], occupancies[3]; a8 = 0 */
    ENGINE_KINDS
} engine_kind;

/* One engine's position. */
typedef struct engine_board {
    engine_kind kind;
    uint64_t words[32]; /* its bitboards, and whatever else it keeps between them */
    uint64_t pin_words[6];
    uint8_t mailbox[64]; /* its piece codes, by its square numbers */
    unsigned flip;       /* its square = seebatch's ^ flip (56 when it counts from a8) */
    seebatch_view view;
} engine_board;

/* The kind's name, for messages. */
const char *engine_kind_name(engine_kind kind);

/* View rules for the kind: its piece codes and its layout. Returns the
 * status of seebatch_view_rules_init and _set_layout. */
seebatch_status engine_view_rules(engine_kind kind, const seebatch_config *config,
                                  seebatch_view_rules *rules, seebatch_error *error);

/* The board and its pins as an engine of the kind holds them. */
void engine_board_of(engine_kind kind, const seebatch_board *board, const seebatch_pins *pins,
                     engine_board *out);

/* The move in the engine's square numbering. */
seebatch_move engine_move(const engine_board *engine, seebatch_move move);

#endif
