/*
 * The binpack and plain formats on hand-made games: chains written entry by
 * entry decode to the same entries (castling both ways, en passant,
 * promotions, black to move, scores far apart); stems keep the special
 * nibbles; the plain block is Stockfish's; and every cut or flipped byte of
 * a valid payload decodes to a prefix of its entries or a fault inside the
 * payload, never a crash (the sanitizer builds watch).
 */
#include <string.h>

#include "training/formats/binpack_reader.h"
#include "training/formats/binpack_writer.h"
#include "training/formats/chain_moves.h"
#include "check.h"
#include "training/formats/plain.h"

enum { GAME_MAX = 64 };

typedef struct game {
    training_entry entries[GAME_MAX];
    size_t count;
} game;

/* Plays UCI moves from a FEN as one game, scores and results made up. */
static game play_game(const char *fen, const char *const *moves, size_t count, uint16_t ply)
{
    game g = {.count = 0};
    seebatch_board board;
    seebatch_error error;
    CHECK(seebatch_board_from_fen(&board, fen, &error) == SEEBATCH_OK, "%s: %s", fen,
          error.message);
    for (size_t i = 0; i < count && i < GAME_MAX; i++) {
        training_entry *e = &g.entries[g.count++];
        e->board = board;
        e->board.fullmove_number = fullmove_of_ply(ply);
        CHECK(seebatch_move_parse(&board, moves[i], &e->move, &error) == SEEBATCH_OK, "%s",
              moves[i]);
        CHECK(seebatch_move_is_legal(&board, e->move), "%s is legal", moves[i]);
        e->score = (int16_t)(i % 3 == 0 ? -32000 + 977 * (int)i : 13 * (int)i - 40);
        e->ply = ply++;
        e->result = (int8_t)((i % 2) ? -1 : 1);
        chain_play(&board, e->move);
    }
    return g;
}

static void check_same_entry(const training_entry *got, const training_entry *want, size_t index)
{
    char a[PLAIN_BLOCK_MAX], b[PLAIN_BLOCK_MAX];
    seebatch_plain_format(got, a);
    seebatch_plain_format(want, b);
    CHECK(strcmp(a, b) == 0, "entry %zu:\n%s\nexpected\n%s", index, a, b);
}

/* Writes games with the entry-by-entry writer into one chunk payload. */
static size_t write_games(const game *games, size_t count, uint8_t *out, size_t capacity)
{
    FILE *stream = tmpfile();
    binpack_writer writer;
    seebatch_binpack_writer_init(&writer);
    for (size_t g = 0; g < count; g++)
        for (size_t i = 0; i < games[g].count; i++)
            CHECK(seebatch_binpack_write_entry(&writer, &games[g].entries[i], stream), "write");
    CHECK(seebatch_binpack_flush_chunk(&writer, stream), "flush");
    seebatch_binpack_writer_free(&writer);
    rewind(stream);
    size_t size = fread(out, 1, capacity, stream);
    fclose(stream);
    return size;
}

/* Every entry the reader gives is a position with one king per side, damaged
 * input or not (issue 20: a flipped bit gave entries with no black king). */
static void check_kings(const training_entry *entry, size_t index)
{
    const seebatch_board *b = &entry->board;
    for (unsigned color = 0; color < 2; color++)
        CHECK_EQ(__builtin_popcountll(b->pieces[SEEBATCH_KING] & b->colors[color]), 1,
                 "entry %zu: kings of colour %u", index, color);
}

/* Decodes a payload; returns the entries read before the end or a fault
 * (whose message goes to *message when message is not NULL). */
static size_t decode_all_with(const uint8_t *data, size_t size, training_entry *out,
                              size_t capacity, binpack_step *last, char *message)
{
    binpack_chunk_decoder decoder;
    seebatch_binpack_decoder_start(&decoder, data, size, 8);
    binpack_fault fault;
    size_t n = 0;
    training_entry entry;
    while ((*last = seebatch_binpack_next(&decoder, &entry, NULL, &fault)) == BINPACK_ENTRY) {
        check_kings(&entry, n);
        if (n < capacity)
            out[n] = entry;
        n++;
    }
    if (*last == BINPACK_FAULT) {
        CHECK(fault.byte_offset >= 8 && fault.byte_offset <= 8 + size && fault.message[0],
              "fault at %llu in a payload of %zu bytes", (unsigned long long)fault.byte_offset,
              size);
        if (message)
            strcpy(message, fault.message);
    }
    return n;
}

static size_t decode_all(const uint8_t *data, size_t size, training_entry *out, size_t capacity,
                         binpack_step *last)
{
    return decode_all_with(data, size, out, capacity, last, NULL);
}

/* Movetext numbers a piece's target squares whether a king stands there or
 * not, so a chain can encode a king walking into check and the rook taking
 * it. The reader must stop at the capture, not give an entry with no king. */
static void test_chain_that_takes_a_king(void)
{
    static const char *const fens[] = {"4k3/4r3/8/8/8/8/8/3K4 w - - 0 1",
                                       "4k3/4r3/8/8/8/8/8/4K3 b - - 1 1"};
    static const char *const moves[] = {"d1e1", "e7e1"};
    game g = {.count = 2};
    for (size_t i = 0; i < 2; i++) {
        training_entry *e = &g.entries[i];
        memset(e, 0, sizeof *e);
        CHECK(seebatch_board_from_fen(&e->board, fens[i], NULL) == SEEBATCH_OK, "%s", fens[i]);
        CHECK(seebatch_move_parse(&e->board, moves[i], &e->move, NULL) == SEEBATCH_OK, "%s",
              moves[i]);
        e->ply = (uint16_t)i;
        e->board.fullmove_number = fullmove_of_ply(e->ply);
    }
    static uint8_t file[1 << 10];
    size_t size = write_games(&g, 1, file, sizeof file);
    training_entry out[2];
    binpack_step last;
    char message[256] = "";
    size_t n = decode_all_with(file + 8, size - 8, out, 2, &last, message);
    CHECK_EQ(n, 1, "the entry before the capture is read");
    CHECK(last == BINPACK_FAULT && strstr(message, "takes a king"),
          "the capture of a king is a fault: %s", message);
}

/* Castling both ways, en passant both ways (g2g4 h4g3, b7b5 a5b6). */
static const char *const castling_game[] = {"a2a3", "h7h6", "e1g1", "e8c8", "f1e1", "h6h5",
                                            "a3a4", "h5h4", "g2g4", "h4g3", "h2g3", "d6d2",
                                            "a4a5", "b7b5", "a5b6", "a7b6"};
/* A capturing promotion, an underpromotion for each side, checks. */
static const char *const promotion_game[] = {"b7a8q", "h2h1n", "a8b8", "h1f2",
                                             "c7c8r", "f2d3",  "e1d1", "d3b2"};

static game sample_games[3];
static size_t sample_count;

static void make_samples(void)
{
    sample_games[0] = play_game("r3k2r/ppp2ppp/3q4/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
                                castling_game, sizeof castling_game / sizeof castling_game[0], 20);
    sample_games[1] = play_game("r7/1PP4k/8/8/8/8/7p/4K3 w - - 0 1", promotion_game,
                                sizeof promotion_game / sizeof promotion_game[0], 101);
    static const char *const black_first[] = {"d7d5", "e4d5", "c7c5", "d5c6"};
    sample_games[2] =
        play_game("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", black_first, 4, 1);
    sample_count = 3;
}

static void test_chains_round_trip(void)
{
    static uint8_t file[1 << 16];
    size_t size = write_games(sample_games, sample_count, file, sizeof file);
    CHECK(size > 8 && memcmp(file, "BINP", 4) == 0, "a chunk of %zu bytes", size);
    training_entry decoded[3 * GAME_MAX];
    binpack_step last;
    size_t n = decode_all(file + 8, size - 8, decoded, 3 * GAME_MAX, &last);
    size_t expected = 0, k = 0;
    for (size_t g = 0; g < sample_count; g++)
        expected += sample_games[g].count;
    CHECK_EQ(n, expected, "entries decoded");
    CHECK(last == BINPACK_END, "ends cleanly");
    for (size_t g = 0; g < sample_count; g++)
        for (size_t i = 0; i < sample_games[g].count && k < n; i++, k++)
            check_same_entry(&decoded[k], &sample_games[g].entries[i], k);
    /* Three chains, one stem each: 3 * 34 bytes of stems and counts. */
    size_t chains = 0;
    for (size_t i = 1; i < n; i++)
        chains += !seebatch_binpack_continues(&decoded[i - 1], &decoded[i]);
    CHECK_EQ(chains + 1, sample_count, "chains");
}

static void test_stems(void)
{
    /* En passant square e3 (pawn nibble 12 on e4), castling rooks, black king to move. */
    training_entry e;
    memset(&e, 0, sizeof e);
    seebatch_error error;
    CHECK(seebatch_board_from_fen(&e.board, "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 7 30", &error) ==
              SEEBATCH_OK,
          "fen");
    CHECK(seebatch_move_parse(&e.board, "d4e3", &e.move, &error) == SEEBATCH_OK, "move");
    e.score = -1234;
    e.board.halfmove_clock =
        263; /* stored in 16 bits, written in 8 as Stockfish's converter does */
    e.ply = 59;
    e.result = -1;
    e.board.fullmove_number = fullmove_of_ply(59);
    uint8_t stem[32];
    seebatch_binpack_pack_stem(&e, stem);
    training_entry back;
    binpack_fault fault;
    CHECK(seebatch_binpack_unpack_stem(stem, &back, &fault), "unpack: %s", fault.message);
    check_same_entry(&back, &e, 0);
    char block[PLAIN_BLOCK_MAX];
    seebatch_plain_format(&back, block);
    CHECK(strcmp(block, "fen r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 7 30\nmove d4e3\nscore -1234\n"
                        "ply 59\nresult -1\ne\n") == 0,
          "plain block:\n%s", block);
    CHECK_EQ(back.board.halfmove_clock, 263, "the stem keeps 16 bits");
    /* The converter's fullmove number is (ply + 1) / 2. */
    CHECK_EQ(fullmove_of_ply(0), 0, "ply 0");
    CHECK_EQ(fullmove_of_ply(1), 1, "ply 1");
    CHECK_EQ(fullmove_of_ply(2), 1, "ply 2");
    CHECK_EQ(fullmove_of_ply(34), 17, "ply 34");
    /* A castling rook nibble off the corners is refused. */
    uint8_t bad[32];
    memcpy(bad, stem, 32);
    bad[8 + 1] = (uint8_t)((bad[9] & 0x0F) | (13 << 4)); /* the 4th piece (d4) as a castling rook */
    CHECK(!seebatch_binpack_unpack_stem(bad, &back, &fault) &&
              strstr(fault.message, "castling rook"),
          "refused: %s", fault.message);
}

/* Every prefix and every one-byte change of a valid payload: no crash, and
 * a prefix decodes the entries it fully holds, in order. */
static void test_damage(void)
{
    static uint8_t file[1 << 16];
    size_t size = write_games(sample_games, sample_count, file, sizeof file);
    const uint8_t *payload = file + 8;
    size_t length = size - 8;
    training_entry whole[3 * GAME_MAX], part[3 * GAME_MAX];
    binpack_step last;
    size_t total = decode_all(payload, length, whole, 3 * GAME_MAX, &last);
    for (size_t cut = 0; cut < length; cut++) {
        size_t n = decode_all(payload, cut, part, 3 * GAME_MAX, &last);
        CHECK(n < total, "cut at %zu: %zu entries of %zu", cut, n, total);
        for (size_t i = 0; i < n && i < total; i++)
            CHECK(memcmp(&part[i].board, &whole[i].board, sizeof part[i].board) == 0 &&
                      part[i].move == whole[i].move,
                  "cut at %zu, entry %zu", cut, i);
    }
    static uint8_t damaged[1 << 16];
    for (size_t at = 0; at < length; at++)
        for (unsigned flip = 1; flip < 256; flip <<= 1) {
            memcpy(damaged, payload, length);
            damaged[at] ^= (uint8_t)flip;
            decode_all(damaged, length, part, 3 * GAME_MAX, &last);
        }
}

/* The en passant square after a double push is kept as the data code keeps
 * it: only when a pawn can take there without exposing its king. */
static void test_en_passant_rule(void)
{
    static const struct {
        const char *fen, *push;
        unsigned expected;
    } cases[] = {
        {"4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", "d2d4", 19},               /* e4 takes on d3 */
        {"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2d4", SEEBATCH_NO_SQUARE}, /* no pawn to take */
        {"8/8/8/8/k3p2R/8/3P4/4K3 w - - 0 1", "d2d4",
         SEEBATCH_NO_SQUARE},                              /* both pawns leave rank 4: Rh4 checks */
        {"8/8/8/8/k3p3/8/3P4/4K2R w - - 0 1", "d2d4", 19}, /* the rook is elsewhere */
        {"4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1", "c7c5", 42}, /* d5 takes on c6 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seebatch_board board;
        seebatch_move move;
        CHECK(seebatch_board_from_fen(&board, cases[i].fen, NULL) == SEEBATCH_OK, "%s",
              cases[i].fen);
        CHECK(seebatch_move_parse(&board, cases[i].push, &move, NULL) == SEEBATCH_OK, "%s",
              cases[i].push);
        chain_play(&board, move);
        CHECK_EQ(board.en_passant, cases[i].expected, "case %zu: %s then %s", i, cases[i].fen,
                 cases[i].push);
    }
}

/* An en passant square read from text (a plain entry's FEN, a .bin board)
 * is kept as the data code keeps it: not where the square, or the one the
 * pawn came from, holds a piece, though a pawn beside the pushed one could
 * take there otherwise. */
static void test_en_passant_squares_blocked(void)
{
    static const struct {
        const char *fen;
        bool possible;
    } cases[] = {
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", true},    /* e5 takes on d6 */
        {"4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", false}, /* a knight on d6 */
        {"4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", false}, /* one on d7, the pawn's square before */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seebatch_board board;
        CHECK(seebatch_board_from_fen(&board, cases[i].fen, NULL) == SEEBATCH_OK, "%s",
              cases[i].fen);
        CHECK_EQ(seebatch_en_passant_possible(&board, board.en_passant), cases[i].possible,
                 "case %zu: %s", i, cases[i].fen);
    }
}

int main(void)
{
    make_samples();
    test_chains_round_trip();
    test_stems();
    test_damage();
    test_chain_that_takes_a_king();
    test_en_passant_rule();
    test_en_passant_squares_blocked();
    return check_finish("test_training_formats");
}
