/*
 * Views as a contract: engines pass their own memory, so the layouts are
 * tested the way engines use them, with raw arrays in the engine's order
 * (a StateInfo-shaped struct, twelve-bitboard arrays) filled by index, never
 * through seebatch's structs. A struct of the header whose fields moved, or a
 * layout read at the wrong offset, fails here. Also: the offsets of the
 * public structs, seebatch_view_rules_set_layout's and seebatch_view_check's
 * errors, and the tie-break an engine counting from a8 gets.
 * The differential harness compares views in four layouts with the
 * reference on millions of moves; these tests pin down the interface.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "see_calls.h"
#include "engine_boards.h"
#include "random_boards.h"
#include "seebatch.h"
#include "seebatch_view.h"
#ifndef SEEBATCH_TEST_ON_PAIR
#include "views/views.h"
#endif

static seebatch_error last_error;

static seebatch_board board_from(const char *fen)
{
    seebatch_board board;
    CHECK_EQ(seebatch_board_from_fen(&board, fen, &last_error), SEEBATCH_OK, "%s: %s", fen,
             last_error.message);
    return board;
}

/* White's bishop on e2 is pinned by the rook on e8: with pins the knight's
 * capture on d3 wins a pawn, without it loses the knight for a pawn. */
static const char pinned_recapture[] = "4r1k1/8/8/2n5/8/3P4/4B3/4K3 b - - 0 1";

/* ---- the public structs' layout ------------------------------------------ */

static void public_structs_keep_their_offsets(void)
{
    /* Engines fill a view positionally ({pieces, colors}) and pass their
     * StateInfo's blockersForKing[2], pinners[2] as seebatch_pins. */
    CHECK_EQ(offsetof(seebatch_view, pieces), 0, "view.pieces first");
    CHECK_EQ(offsetof(seebatch_view, colors), sizeof(const uint64_t *), "view.colors second");
    CHECK_EQ(sizeof(seebatch_pins), 4 * sizeof(uint64_t), "pins: four bitboards");
    CHECK_EQ(offsetof(seebatch_pins, blockers), 0, "blockers first");
    CHECK_EQ(offsetof(seebatch_pins, pinners), 2 * sizeof(uint64_t), "then pinners");
    seebatch_layout stockfish = seebatch_layout_stockfish();
    CHECK(stockfish.kind == SEEBATCH_LAYOUT_BY_TYPE && stockfish.squares == SEEBATCH_RANK_1_FIRST &&
              stockfish.has_colors == 1,
          "Stockfish's layout: by type, from a1, with colours");
    for (int t = 0; t < 6; t++)
        CHECK_EQ(stockfish.pieces[0][t], 8 * t, "type %d", t);
    CHECK(stockfish.colors[0] == 0 && stockfish.colors[1] == 8, "colours");
    CHECK(stockfish.blockers[0] == 0 && stockfish.blockers[1] == 8, "blockersForKing");
    /* pinners[X] of the layout: X's own sliders that pin, StateInfo's pinners[X]. */
    CHECK(stockfish.pinners[0] == 16 && stockfish.pinners[1] == 24, "pinners by the pinning side");
}

/* ---- engines' own memory ------------------------------------------------- */

/* Stockfish's Position and StateInfo, as far as a view reads them. */
typedef struct stockfish_state {
    uint64_t key, checkers;
    uint64_t blockers_for_king[2]; /* [colour of the king] */
    uint64_t pinners[2];           /* [colour of the pinning slider] */
    uint64_t check_squares[7];
} stockfish_state;

typedef struct stockfish_position {
    int board[64];
    uint64_t by_type[8]; /* ALL_PIECES, PAWN .. KING, unused */
    uint64_t by_color[2];
    stockfish_state st;
} stockfish_position;

static void stockfish_position_of(const seebatch_board *board, stockfish_position *out)
{
    memset(out, 0x5A, sizeof *out); /* what a view must not read */
    seebatch_pins pins;
    seebatch_pins_compute(board, &pins);
    out->by_type[0] = board->colors[0] | board->colors[1];
    for (int square = 0; square < 64; square++)
        out->board[square] = 0;
    for (int type = 0; type < 6; type++) {
        out->by_type[1 + type] = board->pieces[type];
        for (int square = 0; square < 64; square++)
            if ((board->pieces[type] >> square) & 1)
                out->board[square] = type + 1 + 8 * (int)((board->colors[1] >> square) & 1);
    }
    for (int color = 0; color < 2; color++) {
        out->by_color[color] = board->colors[color];
        out->st.blockers_for_king[color] = pins.blockers[color];
        out->st.pinners[color] = pins.pinners[color]; /* both by the pinning side */
    }
}

/* A C engine's twelve bitboards, pieces[2 * type + colour], its occupancies
 * (white, black, both) and a mailbox, squares counted from a8. */
typedef struct twelve_a8_board {
    uint64_t pieces[12];
    uint64_t occupancies[3];
    int squares[64]; /* 2 * type + colour, 12 for an empty square */
} twelve_a8_board;

static void twelve_a8_of(const seebatch_board *board, twelve_a8_board *out)
{
    memset(out, 0x5A, sizeof *out);
    for (int square = 0; square < 64; square++)
        out->squares[square ^ 56] = 12;
    for (int color = 0; color < 2; color++) {
        for (int type = 0; type < 6; type++) {
            uint64_t bits = board->pieces[type] & board->colors[color];
            out->pieces[2 * type + color] = __builtin_bswap64(bits); /* a8 = 0 */
            for (int square = 0; square < 64; square++)
                if ((bits >> square) & 1)
                    out->squares[square ^ 56] = 2 * type + color;
        }
        out->occupancies[color] = __builtin_bswap64(board->colors[color]);
    }
    out->occupancies[2] = out->occupancies[0] | out->occupancies[1];
}

static seebatch_layout twelve_a8_layout(void)
{
    seebatch_layout layout = {0};
    layout.kind = SEEBATCH_LAYOUT_BY_PIECE;
    layout.squares = SEEBATCH_RANK_8_FIRST;
    layout.has_colors = 1;
    for (int color = 0; color < 2; color++) {
        for (int type = 0; type < 6; type++)
            layout.pieces[color][type] =
                (int32_t)(offsetof(twelve_a8_board, pieces[2 * type + color]) -
                          offsetof(twelve_a8_board, pieces));
        layout.colors[color] = (int32_t)(color * sizeof(uint64_t));
    }
    return layout;
}

/* The board a twelve_a8 engine's bits spell in seebatch's numbering: as
 * stored, the colours swapped (its white pawns move down the numbers). */
static seebatch_board spelled_a8(const twelve_a8_board *engine)
{
    seebatch_board board = SEEBATCH_BOARD_EMPTY;
    for (int type = 0; type < 6; type++)
        board.pieces[type] = engine->pieces[2 * type] | engine->pieces[2 * type + 1];
    board.colors[SEEBATCH_WHITE] = engine->occupancies[1];
    board.colors[SEEBATCH_BLACK] = engine->occupancies[0];
    return board;
}

/* Codes: Stockfish's and the twelve engine's. */
static const int8_t stockfish_types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};
static const int8_t twelve_types[13] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, -1};

static bool normal(seebatch_move move) { return seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL; }

/* Stockfish's memory, pins from its StateInfo: the view answers what the
 * engine path answers; and it reads the pins, whose effect shows on the
 * pinned recapture. */
static void stockfish_memory(const seebatch_config *config, const seebatch_board *board,
                             int *pins_mattered)
{
    seebatch_rules rules;
    seebatch_view_rules view_rules;
    CHECK_EQ(seebatch_rules_init(&rules, config, &last_error), SEEBATCH_OK, "%s",
             last_error.message);
    CHECK_EQ(seebatch_view_rules_init(&view_rules, config, stockfish_types, 16, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    stockfish_position position;
    stockfish_position_of(board, &position);
    seebatch_view view = {&position.by_type[1], position.by_color};
    const void *pins = position.st.blockers_for_king;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    seebatch_view_move batch[SEEBATCH_MAX_MOVES];
    uint8_t expected[SEEBATCH_MAX_MOVES], passed[SEEBATCH_MAX_MOVES];
    size_t count = random_board_moves(board, moves, SEEBATCH_MAX_MOVES), batched = 0;
    for (size_t i = 0; i < count; i++) {
        unsigned from = seebatch_move_from(moves[i]), to = seebatch_move_to(moves[i]);
        int32_t value = seebatch_value(&rules, board, NULL, moves[i]);
        CHECK_EQ(seebatch_view_see_value_move(&view_rules, &view, pins, moves[i]), value,
                 "move %zu", i);
        if (!normal(moves[i]))
            continue;
        unsigned mover = (unsigned)position.board[from], victim = (unsigned)position.board[to];
        CHECK_EQ(seebatch_view_see_value(&view_rules, &view, pins,
                                         seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), mover,
                                         victim),
                 value, "move %zu", i);
        for (int32_t t = value - 1; t <= value + 1; t++)
            CHECK_EQ(seebatch_view_see_ge(&view_rules, &view, pins,
                                          seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), mover,
                                          victim, t),
                     value >= t, "move %zu threshold %d", i, (int)t);
        batch[batched] =
            (seebatch_view_move){seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), (uint8_t)mover,
                                 (uint8_t)victim, value + (int32_t)(i % 3) - 1};
        expected[batched] = value >= batch[batched].threshold;
        batched++;
        seebatch_config unpinned = *config;
        unpinned.flags &= ~(uint32_t)SEEBATCH_PINS;
        seebatch_rules without;
        seebatch_rules_init(&without, &unpinned, NULL);
        *pins_mattered += value != seebatch_value(&without, board, NULL, moves[i]);
    }
    /* The node's tests in one call, each at its own threshold. */
    seebatch_view_see_ge_each(&view_rules, &view, pins, batch, batched, passed);
    for (size_t i = 0; i < batched; i++)
        CHECK_EQ(passed[i], expected[i], "see_ge_each, normal move %zu", i);
}

/* The twelve engine's memory, from a8: the view answers for the board its
 * bits spell, every move kind. */
static void twelve_a8_memory(const seebatch_config *config, const seebatch_board *board)
{
    seebatch_view_rules view_rules;
    CHECK_EQ(seebatch_view_rules_init(&view_rules, config, twelve_types, 13, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    seebatch_layout layout = twelve_a8_layout();
    CHECK_EQ(seebatch_view_rules_set_layout(&view_rules, &layout, &last_error), SEEBATCH_OK, "%s",
             last_error.message);
    twelve_a8_board engine;
    twelve_a8_of(board, &engine);
    seebatch_board spelled = spelled_a8(&engine), checked;
    seebatch_view view = {engine.pieces, engine.occupancies};
    CHECK_EQ(seebatch_view_check(&view_rules, &view, NULL, &checked, &last_error), SEEBATCH_OK,
             "%s", last_error.message);
    CHECK(memcmp(checked.pieces, spelled.pieces, sizeof spelled.pieces) == 0 &&
              memcmp(checked.colors, spelled.colors, sizeof spelled.colors) == 0,
          "seebatch_view_check returns the board the bits spell");
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = random_board_moves(board, moves, SEEBATCH_MAX_MOVES);
    for (size_t i = 0; i < count; i++) {
        unsigned from = seebatch_move_from(moves[i]) ^ 56, to = seebatch_move_to(moves[i]) ^ 56;
        seebatch_move engine_move = seebatch_move_make(from, to, seebatch_move_kind(moves[i]));
        int32_t value = value_under(config, &spelled, engine_move);
        CHECK_EQ(seebatch_view_see_value_move(&view_rules, &view, NULL, engine_move), value,
                 "move %zu", i);
        if (!normal(moves[i]))
            continue;
        unsigned mover = (unsigned)engine.squares[from], victim = (unsigned)engine.squares[to];
        CHECK_EQ(seebatch_view_see_value(&view_rules, &view, NULL,
                                         seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), mover,
                                         victim),
                 value, "move %zu", i);
        CHECK_EQ(seebatch_view_see_ge(&view_rules, &view, NULL,
                                      seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), mover,
                                      victim, value),
                 1, "move %zu at its value", i);
        CHECK_EQ(seebatch_view_see_ge(&view_rules, &view, NULL,
                                      seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), mover,
                                      victim, value + 1),
                 0, "move %zu above its value", i);
    }
}

static void engines_memory_read_in_place(void)
{
    seebatch_config pinned = seebatch_config_classic();
    pinned.flags |= SEEBATCH_PINS;
    seebatch_config configs[3] = {seebatch_config_stockfish(), pinned, seebatch_config_classic()};
    int pins_mattered = 0;
    uint64_t state = 77;
    for (int b = 0; b < scaled(600); b++) {
        seebatch_board board = board_from(pinned_recapture);
        if (b > 0)
            random_dense_board(&state, &board);
        for (int c = 0; c < 3; c++) {
            stockfish_memory(&configs[c], &board, &pins_mattered);
            /* That engine keeps no pins: rules with SEEBATCH_PINS need them. */
            seebatch_config unpinned = configs[c];
            unpinned.flags &= ~(uint32_t)SEEBATCH_PINS;
            twelve_a8_memory(&unpinned, &board);
        }
    }
    CHECK(pins_mattered > 0, "some answers depend on the pins read from StateInfo");
}

/* ---- an engine counting from a8: the tie-break is in its numbers --------- */

/* Black's rook f2 to f7: white's rooks f1 (through f2) and g7 attack f7.
 * Lowest square first, f1 takes; g7 still guards, so the king e8 cannot
 * take back: -100 (all values 100). Counted from a8 the rooks' numbers are
 * g7 = 14 < f1 = 61: g7 takes first, which lets black's rook h7 in, and the
 * exchange comes out even: 0. A view of such an engine gives 0, as the
 * engine's own lowest-bit scans would. */
static void rank_8_first_ties_count_in_engine_numbers(void)
{
    seebatch_board board = board_from("1n2k3/1p4Rr/8/3bB3/2B3K1/8/5r2/5R2 b - - 0 1");
    seebatch_config config = {{100, 100, 100, 100, 100}, 0};
    seebatch_move move;
    CHECK_EQ(seebatch_move_parse(&board, "f2f7", &move, &last_error), SEEBATCH_OK, "f2f7");
    CHECK_EQ(value_under(&config, &board, move), -100, "counted from a1");
    seebatch_view_rules rules;
    seebatch_view_rules_init(&rules, &config, twelve_types, 13, NULL);
    seebatch_layout layout = twelve_a8_layout();
    seebatch_view_rules_set_layout(&rules, &layout, NULL);
    twelve_a8_board engine;
    twelve_a8_of(&board, &engine);
    seebatch_view view = {engine.pieces, engine.occupancies};
    unsigned from = seebatch_move_from(move) ^ 56, to = seebatch_move_to(move) ^ 56;
    CHECK_EQ(seebatch_view_see_value(&rules, &view, NULL,
                                     seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL),
                                     (unsigned)engine.squares[from], (unsigned)engine.squares[to]),
             0, "counted from a8");
}

/* ---- the harness's engines cover every shape of exchange ----------------- */

/* Not on the engine pair (test_views_pair, SEEBATCH_TEST_ON_PAIR): which
 * exchange the rules took is the pair's internal (views/views.h's shapes);
 * engine_pair_agrees compares its answers with the library's on every
 * engine of the harness, so on every shape. */
#ifndef SEEBATCH_TEST_ON_PAIR
/* The differential harness reads boards in the layouts of engine_boards.c;
 * each must take the exchange built for its shape, so that every shape is
 * compared with the reference there. */
static void harness_engines_cover_every_shape(void)
{
    static const view_shape expected[ENGINE_KINDS] = {
        [ENGINE_STOCKFISH] = VIEW_STOCKFISH,
        [ENGINE_OWN_ORDER] = VIEW_BY_TYPE,
        [ENGINE_TWELVE_A8] = VIEW_TWELVE_BY_TYPE_A8,
        [ENGINE_TWELVE_BARE] = VIEW_BY_PIECE_NO_COLORS,
        [ENGINE_BY_COLOR] = VIEW_TWELVE_BY_COLOR,
        [ENGINE_NESTED_A8] = VIEW_BY_PIECE,
        [ENGINE_TWELVE_A1] = VIEW_TWELVE_BY_TYPE,
        [ENGINE_BY_COLOR_A8] = VIEW_TWELVE_BY_COLOR_A8};
    bool covered[VIEW_SHAPES] = {false};
    seebatch_config config = seebatch_config_classic();
    for (int kind = 0; kind < ENGINE_KINDS; kind++) {
        seebatch_view_rules rules;
        CHECK_EQ(engine_view_rules((engine_kind)kind, &config, &rules, &last_error), SEEBATCH_OK,
                 "%s", last_error.message);
        view_shape shape = seebatch_view_shape_of(&rules.layout);
        CHECK_EQ(shape, expected[kind], "engine %s", engine_kind_name((engine_kind)kind));
        covered[shape] = true;
    }
    for (int shape = 0; shape < VIEW_SHAPES; shape++)
        CHECK(covered[shape], "no engine of the harness has shape %d", shape);
}
#endif

/* ---- layouts one field away from a built-in shape ------------------------ */

/* Compares, on every move random_board_moves makes of the board, the view
 * of an engine whose memory spells `spelled` in its own numbering (moves
 * given in that numbering: squares ^ flip) with the reference on `spelled`. */
typedef struct engine_memory {
    const seebatch_layout *layout;
    seebatch_view view;
    seebatch_board spelled;
    unsigned flip; /* 56 for an engine counting from a8, else 0 */
} engine_memory;

/* The code twelve_types gives the piece on a square: 2 * type + colour, 12 for none. */
static unsigned twelve_code(const seebatch_board *board, unsigned square)
{
    for (unsigned type = 0; type < 6; type++)
        if ((board->pieces[type] >> square) & 1)
            return 2 * type + (unsigned)((board->colors[SEEBATCH_BLACK] >> square) & 1);
    return 12;
}

static void view_agrees_with_reference(const engine_memory *memory, const seebatch_board *board,
                                       const char *what)
{
    seebatch_config config = seebatch_config_classic();
    seebatch_view_rules rules;
    CHECK_EQ(seebatch_view_rules_init(&rules, &config, twelve_types, 13, &last_error), SEEBATCH_OK,
             "%s", last_error.message);
    CHECK_EQ(seebatch_view_rules_set_layout(&rules, memory->layout, &last_error), SEEBATCH_OK,
             "%s: %s", what, last_error.message);
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = random_board_moves(board, moves, SEEBATCH_MAX_MOVES);
    for (size_t i = 0; i < count; i++) {
        unsigned from = seebatch_move_from(moves[i]) ^ memory->flip;
        unsigned to = seebatch_move_to(moves[i]) ^ memory->flip;
        seebatch_move move = seebatch_move_make(from, to, seebatch_move_kind(moves[i]));
        int32_t value = value_under(&config, &memory->spelled, move);
        CHECK_EQ(seebatch_view_see_value_move(&rules, &memory->view, NULL, move), value,
                 "%s, move %zu", what, i);
        if (!normal(moves[i]))
            continue;
        /* The shape's own exchanges: what an engine's search calls. */
        unsigned mover = twelve_code(board, seebatch_move_from(moves[i]));
        unsigned victim = twelve_code(board, seebatch_move_to(moves[i]));
        const seebatch_view *view = &memory->view;
        CHECK_EQ(seebatch_view_see_value(&rules, view, NULL,
                                         seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), mover,
                                         victim),
                 value, "%s, move %zu, exact value", what, i);
        CHECK_EQ(seebatch_view_see_ge(&rules, view, NULL,
                                      seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), mover,
                                      victim, value),
                 1, "%s, move %zu at its value", what, i);
        CHECK_EQ(seebatch_view_see_ge(&rules, view, NULL,
                                      seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL), mover,
                                      victim, value + 1),
                 0, "%s, move %zu above its value", what, i);
    }
}

/* Twelve bitboards at a built-in shape's strides, but the colour
 * bitboards where the engine keeps them (black first; one of them, or
 * both, beyond words the view must not read): the view reads them there,
 * not at 0 and 8. */
static void twelve_with_colours_elsewhere(const seebatch_board *board)
{
    static const struct {
        int32_t stride_color, stride_type;
    } strides[2] = {{1, 2}, {6, 1}};
    static const int32_t places[4][2] = {
        {1, 0}, {2, 3}, {2, 1}, {0, 2}}; /* white's, black's word */
    for (int s = 0; s < 2; s++)
        for (int p = 0; p < 4; p++) {
            uint64_t pieces[12], colors[4];
            seebatch_layout layout = {0};
            layout.kind = SEEBATCH_LAYOUT_BY_PIECE;
            layout.squares = SEEBATCH_RANK_1_FIRST;
            layout.has_colors = 1;
            for (int color = 0; color < 2; color++)
                for (int type = 0; type < 6; type++) {
                    int index = strides[s].stride_color * color + strides[s].stride_type * type;
                    layout.pieces[color][type] = index * 8;
                    pieces[index] = board->pieces[type] & board->colors[color];
                }
            for (int word = 0; word < 4; word++)
                colors[word] = 0x5A5A5A5A5A5A5A5Aull;
            for (int color = 0; color < 2; color++) {
                colors[places[p][color]] = board->colors[color];
                layout.colors[color] = places[p][color] * 8;
            }
            char what[64];
            snprintf(what, sizeof what, "twelve %s, colours at words %d and %d",
                     s ? "by colour" : "by type", (int)places[p][0], (int)places[p][1]);
            engine_memory memory = {&layout, {pieces, colors}, *board, 0};
            view_agrees_with_reference(&memory, board, what);
        }
}

/* Stockfish's offsets, but squares counted from a8: its white pawns move
 * down the numbers, which the built-in Stockfish exchange does not know. */
static void stockfish_offsets_from_a8(const seebatch_board *board)
{
    seebatch_layout layout = seebatch_layout_stockfish();
    layout.squares = SEEBATCH_RANK_8_FIRST;
    uint64_t by_type[6], by_color[2];
    seebatch_board spelled = SEEBATCH_BOARD_EMPTY;
    for (int type = 0; type < 6; type++)
        spelled.pieces[type] = by_type[type] = __builtin_bswap64(board->pieces[type]);
    for (int color = 0; color < 2; color++) {
        by_color[color] = __builtin_bswap64(board->colors[color]);
        spelled.colors[color ^ 1] = by_color[color]; /* its white is seebatch's black */
    }
    engine_memory memory = {&layout, {by_type, by_color}, spelled, 56};
    view_agrees_with_reference(&memory, board, "Stockfish's offsets from a8");
}

static void layouts_near_built_in_shapes(void)
{
    uint64_t state = 1234;
    for (int b = 0; b < scaled(300); b++) {
        seebatch_board board = board_from(pinned_recapture);
        if (b > 0)
            random_dense_board(&state, &board);
        twelve_with_colours_elsewhere(&board);
        stockfish_offsets_from_a8(&board);
    }
}

/* ---- errors -------------------------------------------------------------- */

static void set_layout_rejects_bad_layouts(void)
{
    seebatch_config config = seebatch_config_classic();
    seebatch_view_rules rules;
    seebatch_view_rules_init(&rules, &config, twelve_types, 13, NULL);
    seebatch_view_rules untouched = rules;
    seebatch_layout good = twelve_a8_layout();
    struct {
        const char *what, *message;
        seebatch_layout layout;
    } cases[7];
    for (int i = 0; i < 7; i++)
        cases[i].layout = good;
    cases[0].what = "kind 2", cases[0].message = "kind is 2", cases[0].layout.kind = 2;
    cases[1].what = "squares 3", cases[1].message = "squares is 3", cases[1].layout.squares = 3;
    cases[2].what = "has_colors 2", cases[2].message = "has_colors is 2";
    cases[2].layout.has_colors = 2;
    cases[3].what = "BY_TYPE without colours", cases[3].message = "BY_TYPE needs 1";
    cases[3].layout.kind = SEEBATCH_LAYOUT_BY_TYPE, cases[3].layout.has_colors = 0;
    cases[4].what = "black's knights on white's pawns", cases[4].message = "pieces";
    cases[4].layout.pieces[1][1] = cases[4].layout.pieces[0][0];
    cases[5].what = "one colour bitboard", cases[5].message = "colors 0 and 1";
    cases[5].layout.colors[1] = cases[5].layout.colors[0];
    cases[6].what = "one pinners bitboard", cases[6].message = "pinners 0 and 1";
    cases[6].layout.blockers[1] = 16, cases[6].layout.pinners[0] = cases[6].layout.pinners[1] = 8;
    for (int i = 0; i < 7; i++) {
        CHECK_EQ(seebatch_view_rules_set_layout(&rules, &cases[i].layout, &last_error),
                 SEEBATCH_ERROR_ARGUMENT, "%s", cases[i].what);
        CHECK(strstr(last_error.message, cases[i].message) != NULL, "%s: message \"%s\"",
              cases[i].what, last_error.message);
        CHECK(memcmp(&rules, &untouched, sizeof rules) == 0, "%s: rules unchanged", cases[i].what);
    }
    CHECK_EQ(seebatch_view_rules_set_layout(&rules, NULL, &last_error), SEEBATCH_ERROR_ARGUMENT,
             "NULL layout");
    CHECK_EQ(seebatch_view_rules_set_layout(NULL, &good, &last_error), SEEBATCH_ERROR_ARGUMENT,
             "NULL rules");
    /* BY_TYPE reads pieces[0] only: pieces[1] may repeat it. */
    seebatch_layout by_type = seebatch_layout_stockfish();
    CHECK_EQ(seebatch_view_rules_set_layout(&rules, &by_type, &last_error), SEEBATCH_OK, "%s",
             last_error.message);
}

static void view_check_names_what_is_wrong(void)
{
    seebatch_config config = seebatch_config_classic();
    config.flags |= SEEBATCH_PINS;
    seebatch_board board = board_from(pinned_recapture);

    /* Twelve with colours: a colour bitboard that disagrees with its six. */
    seebatch_view_rules twelve;
    seebatch_view_rules_init(&twelve, &config, twelve_types, 13, NULL);
    seebatch_layout layout = twelve_a8_layout();
    seebatch_view_rules_set_layout(&twelve, &layout, NULL);
    twelve_a8_board engine;
    twelve_a8_of(&board, &engine);
    engine.occupancies[0] ^= 1; /* a8, as the engine counts, in white's bitboard */
    seebatch_view view = {engine.pieces, engine.occupancies};
    CHECK_EQ(seebatch_view_check(&twelve, &view, NULL, NULL, &last_error), SEEBATCH_ERROR_BOARD,
             "colour bitboard and pieces disagree");
    CHECK(strstr(last_error.message, "white colour bitboard holds square 0") != NULL, "message: %s",
          last_error.message);

    /* Stockfish's memory: a square in two type bitboards, then wrong pins. */
    seebatch_view_rules stockfish;
    seebatch_view_rules_init(&stockfish, &config, stockfish_types, 16, NULL);
    stockfish_position position;
    stockfish_position_of(&board, &position);
    seebatch_view sf_view = {&position.by_type[1], position.by_color};
    CHECK_EQ(
        seebatch_view_check(&stockfish, &sf_view, position.st.blockers_for_king, NULL, &last_error),
        SEEBATCH_OK, "%s", last_error.message);
    position.by_type[2] |= position.by_type[1] & position.by_color[0]; /* knights on pawns */
    CHECK_EQ(
        seebatch_view_check(&stockfish, &sf_view, position.st.blockers_for_king, NULL, &last_error),
        SEEBATCH_ERROR_BOARD, "pawn and knight bitboards overlap");
    stockfish_position_of(&board, &position);
    /* pinners indexed by the pinned side, not by the pinning side */
    uint64_t swapped = position.st.pinners[0];
    position.st.pinners[0] = position.st.pinners[1];
    position.st.pinners[1] = swapped;
    CHECK_EQ(
        seebatch_view_check(&stockfish, &sf_view, position.st.blockers_for_king, NULL, &last_error),
        SEEBATCH_ERROR_ARGUMENT, "pinners indexed the wrong way");
    CHECK(strstr(last_error.message, "pinners[") != NULL, "message: %s", last_error.message);
    CHECK_EQ(seebatch_view_check(NULL, &sf_view, NULL, NULL, &last_error), SEEBATCH_ERROR_ARGUMENT,
             "NULL rules");
    CHECK(strcmp(last_error.message, "rules is NULL") == 0, "message: %s", last_error.message);
    CHECK_EQ(seebatch_view_check(&stockfish, NULL, NULL, NULL, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "NULL view");
    CHECK(strcmp(last_error.message, "view is NULL") == 0, "message: %s", last_error.message);
    /* Stockfish's layout has colour bitboards: both pointers are read. */
    seebatch_view no_pieces = {NULL, position.by_color}, no_colors = {&position.by_type[1], NULL};
    const seebatch_view *halves[] = {&no_pieces, &no_colors};
    for (size_t i = 0; i < 2; i++) {
        CHECK_EQ(seebatch_view_check(&stockfish, halves[i], NULL, NULL, &last_error),
                 SEEBATCH_ERROR_ARGUMENT, "a NULL view pointer (%zu)", i);
        CHECK(strcmp(last_error.message, "a view pointer is NULL") == 0, "message: %s",
              last_error.message);
    }
}

int main(void)
{
    public_structs_keep_their_offsets();
    engines_memory_read_in_place();
    rank_8_first_ties_count_in_engine_numbers();
#ifndef SEEBATCH_TEST_ON_PAIR
    harness_engines_cover_every_shape();
#endif
    layouts_near_built_in_shapes();
    set_layout_rejects_bad_layouts();
    view_check_names_what_is_wrong();
    return check_finish("test_views");
}
