/*
 * The views' tables as a contract (issue 36): every field of a layout is
 * read, and read as what it says. For each engine of the harness (one per
 * layout shape) and each field, a layout with that field moved (two
 * offsets swapped, the colours swapped, the numbering flipped) must change
 * the answer of some capture on random dense boards; where the moved
 * layout still spells a consistent board (seebatch_view_check), every
 * answer whose mover and victim it spells as before must be the engine
 * path's on that board.
 */
#include <string.h>

#include "check.h"
#include "engine_boards.h"
#include "random_boards.h"
#include "seebatch.h"
#include "seebatch_view.h"

enum { BOARDS = 150 };

typedef struct contract_case {
    seebatch_board boards[BOARDS];
    seebatch_pins pins[BOARDS];
    seebatch_config config;
} contract_case;

/* The type on a square, or -1. */
static int type_on(const seebatch_board *board, unsigned square)
{
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        if ((board->pieces[type] >> square) & 1)
            return type;
    return -1;
}

/* Compares the view under `moved` with the view under `rules` on every
 * normal move of every board; returns how many answers differ, and checks
 * the moved view against the engine path on the board it spells. */
static long differences(const contract_case *c, engine_kind kind, const seebatch_view_rules *rules,
                        const seebatch_view_rules *moved, const char *field)
{
    long differ = 0;
    for (int b = 0; b < BOARDS; b++) {
        engine_board engine;
        engine_board_of(kind, &c->boards[b], &c->pins[b], &engine);
        seebatch_board spelled;
        seebatch_error error;
        bool consistent = seebatch_view_check(moved, &engine.view, engine.pin_words, &spelled,
                                              &error) == SEEBATCH_OK;
        seebatch_rules plain;
        seebatch_rules_init(&plain, &c->config, NULL);
        seebatch_move moves[SEEBATCH_MAX_MOVES];
        size_t count = random_board_moves(&c->boards[b], moves, SEEBATCH_MAX_MOVES);
        for (size_t i = 0; i < count; i++) {
            if (seebatch_move_kind(moves[i]) != SEEBATCH_MOVE_NORMAL)
                continue;
            seebatch_move move = engine_move(&engine, moves[i]);
            unsigned mover = engine.mailbox[seebatch_move_from(move)];
            unsigned victim = engine.mailbox[seebatch_move_to(move)];
            int32_t now =
                seebatch_view_see_value(rules, &engine.view, engine.pin_words, move, mover, victim);
            int32_t then =
                seebatch_view_see_value(moved, &engine.view, engine.pin_words, move, mover, victim);
            differ += now != then;
            /* The mailbox still names the original pieces: compare where
             * the moved layout spells the same ones on both squares. */
            bool same_pieces = type_on(&spelled, seebatch_move_from(move)) ==
                                   type_on(&c->boards[b], seebatch_move_from(moves[i])) &&
                               type_on(&spelled, seebatch_move_to(move)) ==
                                   type_on(&c->boards[b], seebatch_move_to(moves[i]));
            if (consistent && same_pieces &&
                seebatch_move_check(&spelled, move, NULL) == SEEBATCH_OK)
                CHECK_EQ(then, seebatch_value(&plain, &spelled, NULL, move),
                         "%s, %s moved: board %d move %u", engine_kind_name(kind), field, b,
                         (unsigned)move);
        }
    }
    return differ;
}

static void swap_offsets(int32_t *a, int32_t *b)
{
    int32_t t = *a;
    *a = *b;
    *b = t;
}

/* One field moved: the answers change somewhere, and stay right. */
static void field_is_read(const contract_case *c, engine_kind kind,
                          const seebatch_view_rules *rules, const seebatch_layout *layout,
                          const char *field)
{
    seebatch_view_rules moved = *rules;
    seebatch_error error;
    CHECK_EQ(seebatch_view_rules_set_layout(&moved, layout, &error), SEEBATCH_OK, "%s: %s", field,
             error.message);
    CHECK(differences(c, kind, rules, &moved, field) > 0, "%s: %s is never read",
          engine_kind_name(kind), field);
}

static void every_field_is_read(const contract_case *c, engine_kind kind)
{
    seebatch_view_rules rules;
    seebatch_error error;
    CHECK_EQ(engine_view_rules(kind, &c->config, &rules, &error), SEEBATCH_OK, "%s", error.message);
    const seebatch_layout base = rules.layout;
    char field[64];
    int colors = base.kind == SEEBATCH_LAYOUT_BY_PIECE ? 2 : 1;
    for (int color = 0; color < colors; color++)
        for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
            seebatch_layout layout = base;
            swap_offsets(&layout.pieces[color][type], &layout.pieces[color][(type + 1) % 6]);
            snprintf(field, sizeof field, "pieces[%d][%d]", color, type);
            field_is_read(c, kind, &rules, &layout, field);
        }
    seebatch_layout layout = base;
    if (base.has_colors) {
        swap_offsets(&layout.colors[0], &layout.colors[1]);
        field_is_read(c, kind, &rules, &layout, "colors");
    }
    layout = base;
    swap_offsets(&layout.blockers[0], &layout.blockers[1]);
    field_is_read(c, kind, &rules, &layout, "blockers");
    layout = base;
    swap_offsets(&layout.pinners[0], &layout.pinners[1]);
    field_is_read(c, kind, &rules, &layout, "pinners");
    layout = base;
    layout.squares ^= 1;
    field_is_read(c, kind, &rules, &layout, "squares");
}

int main(void)
{
    static contract_case c;
    uint64_t state = 36;
    for (int b = 0; b < BOARDS; b++) {
        random_dense_board(&state, &c.boards[b]);
        seebatch_pins_compute(&c.boards[b], &c.pins[b]);
    }
    c.config = seebatch_config_classic();
    c.config.flags |= SEEBATCH_PINS;
    for (int kind = 0; kind < ENGINE_KINDS; kind++)
        every_field_is_read(&c, (engine_kind)kind);
    return check_finish("test_view_layout_contract");
}
