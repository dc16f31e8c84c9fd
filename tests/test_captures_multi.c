/* seebatch_generate_captures_multi: the flat list equals
 * seebatch_generate_captures board by board, whatever room it is given (a
 * call that runs out of room resumes where it stopped), and an inconsistent
 * board is named with every earlier board's moves kept. */
#include <string.h>

#include "check.h"
#include "position_generator.h"
#include "seebatch.h"

enum { BOARDS = 300, ROOM = BOARDS * SEEBATCH_MAX_MOVES };

static seebatch_board boards[BOARDS];
static seebatch_move expected_moves[ROOM], moves[ROOM];
static uint32_t expected_boards[ROOM], board_of_move[ROOM];

static size_t expected_list(void)
{
    size_t count = 0;
    for (uint32_t b = 0; b < BOARDS; b++) {
        size_t n = seebatch_generate_captures(&boards[b], expected_moves + count);
        for (size_t i = 0; i < n; i++)
            expected_boards[count + i] = b;
        count += n;
    }
    return count;
}

/* Fills the list in steps of `room` more entries at a time. */
static void in_steps(size_t room, size_t expected_count)
{
    seebatch_capture_list list = {moves, board_of_move, 0, 0, 0};
    seebatch_error error;
    int calls = 0;
    while (list.next_board < BOARDS && calls < 100000) {
        list.capacity = list.capacity + room > ROOM ? ROOM : list.capacity + room;
        CHECK_EQ(seebatch_generate_captures_multi(boards, BOARDS, &list, &error), SEEBATCH_OK, "%s",
                 error.message);
        calls++;
    }
    CHECK_EQ(list.count, expected_count, "room %zu", room);
    CHECK(memcmp(moves, expected_moves, expected_count * sizeof moves[0]) == 0, "moves, room %zu",
          room);
    CHECK(memcmp(board_of_move, expected_boards, expected_count * sizeof board_of_move[0]) == 0,
          "board indices, room %zu", room);
}

static void bad_board(size_t expected_count)
{
    uint8_t castling = boards[200].castling;
    boards[200].castling = 0;
    boards[200].reserved = 1; /* a rook file for a right not held */
    seebatch_capture_list list = {moves, board_of_move, ROOM, 0, 0};
    seebatch_error error;
    CHECK_EQ(seebatch_generate_captures_multi(boards, BOARDS, &list, &error), SEEBATCH_ERROR_BOARD,
             "inconsistent board 200");
    CHECK(strstr(error.message, "board 200: castling 0x00, reserved 0x01: right Q is not held"),
          "message \"%s\"", error.message);
    CHECK_EQ(list.next_board, 200, "stopped at the bad board");
    size_t before = 0;
    while (before < expected_count && expected_boards[before] < 200)
        before++;
    CHECK_EQ(list.count, before, "moves of boards 0..199 kept");
    boards[200].reserved = 0;
    boards[200].castling = castling;

    list = (seebatch_capture_list){moves, NULL, ROOM, 0, 0};
    CHECK_EQ(seebatch_generate_captures_multi(boards, BOARDS, &list, &error),
             SEEBATCH_ERROR_ARGUMENT, "NULL board_of_move");
    list = (seebatch_capture_list){moves, board_of_move, 4, 5, 0};
    CHECK_EQ(seebatch_generate_captures_multi(boards, BOARDS, &list, &error),
             SEEBATCH_ERROR_ARGUMENT, "count above capacity");
    CHECK(strcmp(error.message, "count 5 exceeds capacity 4") == 0, "\"%s\"", error.message);
}

/* Each refused argument named, the list left as it was. */
static void refusals(void)
{
    static const struct {
        bool no_list, no_boards, no_moves;
        size_t board_count;
        const char *message;
    } cases[] = {
        {true, false, false, 1, "list is NULL"},
        {false, true, false, 1, "boards is NULL"},
        {false, false, true, 1, "moves or board_of_move is NULL with capacity 4"},
        /* Refused before a board is read: the count alone is too many. */
        {false, false, false, (size_t)UINT32_MAX + 2,
         "4294967297 boards; board indices are 32 bits, so at most 2^32"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        seebatch_capture_list list = {cases[c].no_moves ? NULL : moves, board_of_move, 4, 0, 0};
        seebatch_error error;
        CHECK_EQ(seebatch_generate_captures_multi(cases[c].no_boards ? NULL : boards,
                                                  cases[c].board_count,
                                                  cases[c].no_list ? NULL : &list, &error),
                 SEEBATCH_ERROR_ARGUMENT, "case %zu", c);
        CHECK(strcmp(error.message, cases[c].message) == 0, "case %zu: \"%s\"", c, error.message);
        CHECK(list.count == 0 && list.next_board == 0, "case %zu: the list untouched", c);
    }
    seebatch_capture_list empty = {NULL, NULL, 0, 0, 0};
    CHECK_EQ(seebatch_generate_captures_multi(NULL, 0, &empty, NULL), SEEBATCH_OK,
             "no boards and no room: nothing to do");
}

int main(void)
{
    position_generator generator;
    position_generator_init(&generator, 15);
    for (int b = 0; b < BOARDS; b++)
        position_generator_next(&generator, &boards[b]);
    size_t expected_count = expected_list();
    CHECK(expected_count > BOARDS, "generated positions have captures (%zu)", expected_count);
    in_steps(ROOM, expected_count);
    in_steps(1, expected_count);
    in_steps(7, expected_count);
    in_steps(SEEBATCH_MAX_MOVES, expected_count);
    bad_board(expected_count);
    refusals();
    return check_finish("test_captures_multi");
}
