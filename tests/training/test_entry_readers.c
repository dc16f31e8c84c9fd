/* The public calls the `seebatch` tool reads and counts training entries
 * through (include/seebatch_training.h), as a C user would call them:
 * seebatch_training_entry_facts on hand-made entries whose facts are known.
 * Usage: test_entry_readers */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "seebatch_training.h"

/* The entry of a FEN and a UCI move; false (and a failed CHECK) if either
 * does not parse. */
static bool make_entry(seebatch_training_entry *entry, const char *fen, const char *uci,
                       uint16_t ply, int8_t result)
{
    memset(entry, 0, sizeof *entry);
    seebatch_error error;
    bool made = seebatch_board_from_fen(&entry->board, fen, &error) == SEEBATCH_OK &&
                seebatch_move_parse(&entry->board, uci, &entry->move, &error) == SEEBATCH_OK;
    CHECK(made, "%s %s: %s", fen, uci, error.message);
    entry->ply = ply;
    entry->result = result;
    return made;
}

/* The entry after `before`'s move, as a game goes on: one ply on, the
 * result seen from the other side. */
static bool follow(seebatch_training_entry *entry, const seebatch_training_entry *before,
                   const char *uci)
{
    *entry = *before;
    seebatch_board_play(&entry->board, before->move);
    entry->ply = (uint16_t)(before->ply + 1);
    entry->result = (int8_t)-before->result;
    seebatch_error error;
    bool parsed = seebatch_move_parse(&entry->board, uci, &entry->move, &error) == SEEBATCH_OK;
    CHECK(parsed, "%s after the entry before: %s", uci, error.message);
    return parsed;
}

enum { ALL_FACTS = SEEBATCH_ENTRY_CAPTURES | SEEBATCH_ENTRY_IN_CHECK | SEEBATCH_ENTRY_CONTINUES };

static void test_entry_facts(void)
{
    seebatch_training_entry e[8];
    bool made =
        make_entry(&e[0], "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5",
                   2, 1) &&
        follow(&e[1], &e[0], "d8d5") &&             /* continues, and takes back */
        make_entry(&e[2], "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", "e8d8", 40, 0) && /* in check */
        make_entry(&e[3], "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 3, -1) && /* en passant */
        make_entry(&e[4], "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 0, 1) && /* castling */
        follow(&e[5], &e[4], "e8c8") &&                                             /* continues */
        follow(&e[6], &e[5], "a1a8") && /* continues, but see below */
        follow(&e[7], &e[6], "c8b7");   /* continues, in check by the rook on a8 */
    if (!made)
        return;
    e[6].result = e[5].result; /* the same side's result: no game goes on so ... */
    e[7].result = (int8_t)-e[6].result; /* ... but entry 7 goes on from entry 6 */
    static const uint8_t expected[8] = {SEEBATCH_ENTRY_CAPTURES,
                                        SEEBATCH_ENTRY_CAPTURES | SEEBATCH_ENTRY_CONTINUES,
                                        SEEBATCH_ENTRY_IN_CHECK,
                                        SEEBATCH_ENTRY_CAPTURES,
                                        0,
                                        SEEBATCH_ENTRY_CONTINUES,
                                        0,
                                        SEEBATCH_ENTRY_IN_CHECK | SEEBATCH_ENTRY_CONTINUES};
    uint8_t facts[8];
    memset(facts, 0xAA, sizeof facts);
    seebatch_training_entry_facts(8, e, NULL, ALL_FACTS, facts);
    for (int i = 0; i < 8; i++)
        CHECK_EQ(facts[i], expected[i], "the facts of entry %d", i);

    /* Only the bits asked are tested; the others are 0. */
    for (unsigned asked = 0; asked <= ALL_FACTS; asked++) {
        seebatch_training_entry_facts(8, e, NULL, asked, facts);
        for (int i = 0; i < 8; i++)
            CHECK_EQ(facts[i], expected[i] & asked, "entry %d, asked %u", i, asked);
    }

    /* previous stands before entries[0]: entry 1 continues entry 0 from
     * there, and entry 2 (its own game) continues no previous given. */
    seebatch_training_entry_facts(1, &e[1], &e[0], ALL_FACTS, facts);
    CHECK_EQ(facts[0], expected[1], "entry 1 after previous entry 0");
    seebatch_training_entry_facts(1, &e[1], NULL, ALL_FACTS, facts);
    CHECK_EQ(facts[0], SEEBATCH_ENTRY_CAPTURES, "entry 1 with no previous");
    seebatch_training_entry_facts(1, &e[2], &e[1], ALL_FACTS, facts);
    CHECK_EQ(facts[0], SEEBATCH_ENTRY_IN_CHECK, "entry 2 after entry 1");

    memset(facts, 0xAA, 1);
    seebatch_training_entry_facts(0, e, NULL, ALL_FACTS, facts); /* count 0: nothing written */
    CHECK_EQ(facts[0], 0xAA, "count 0 writes nothing");
}

int main(void)
{
    test_entry_facts();
    return check_finish("test_entry_readers");
}
