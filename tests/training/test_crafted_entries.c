/* Training entries written byte by byte (.bin, binpack), read through the
 * public reader: what the library's writer never makes (it refuses such
 * entries) but a file from elsewhere may hold. Each is refused at its
 * entry, with the reason.
 * Usage: test_crafted_entries DIRECTORY (for the files it writes). */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "seebatch_training.h"

enum { ENTRY_BYTES = 40, BOARD_BITS = 256 };

/* A .bin position's bits, lowest bit of each byte first, as Stockfish
 * packs them. */
typedef struct bits {
    uint8_t bytes[ENTRY_BYTES];
    unsigned at;
} bits;

static void put(bits *b, unsigned value, unsigned count)
{
    for (unsigned i = 0; i < count; i++, b->at++)
        if (b->at < BOARD_BITS && (value >> i & 1u))
            b->bytes[b->at / 8] |= (uint8_t)(1u << (b->at % 8));
}

/* The first error reading the one entry of the bytes (.bin, or a binpack
 * chunk); "" when it reads. */
/* What a fault of a .bin file of one entry leaves unread (issue 83): the
 * entry, from its first byte. */
#define ONE_ENTRY_UNREAD "; not read: 40 of the file's 40 bytes (1 entry)"

static void read_one(const char *path, const uint8_t *bytes, size_t size, char *message)
{
    FILE *file = fopen(path, "wb");
    CHECK(file && fwrite(bytes, 1, size, file) == size && fclose(file) == 0, "writing %s", path);
    seebatch_board boards[1];
    uint16_t moves[1], plies[1];
    int16_t scores[1];
    int8_t results[1];
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    seebatch_training_reader *reader = NULL;
    seebatch_error error = {SEEBATCH_OK, ""};
    size_t count = 0;
    if (seebatch_training_open(path, &reader, &error) == SEEBATCH_OK)
        seebatch_training_read(reader, 1, &arrays, &count, &error);
    strcpy(message, error.message);
    if (error.status != SEEBATCH_OK)
        CHECK_EQ(count, 0, "no entry read with \"%s\"", error.message);
    seebatch_training_close(reader);
    remove(path);
}

/* A board whose squares fit in 256 bits (white's king on a1, black's on h8,
 * 39 pawns from a8 on: 231 bits) but whose castling, en passant and
 * counters (28 bits more) do not: the reader does not guess them. */
static void counters_past_256_bits(const char *path)
{
    bits b = {{0}, 0};
    put(&b, 0, 1);  /* white to move */
    put(&b, 0, 6);  /* white's king on a1 */
    put(&b, 63, 6); /* black's on h8 */
    for (unsigned square = 0; square < 62; square++)
        if (square < 39) {
            put(&b, 1, 4); /* a pawn */
            put(&b, 0, 1); /* white */
        } else {
            put(&b, 0, 1); /* empty */
        }
    CHECK_EQ(b.at, 231, "the squares' bits");
    char message[SEEBATCH_MESSAGE_SIZE];
    read_one(path, b.bytes, ENTRY_BYTES, message);
    CHECK(
        strcmp(
            message,
            "byte 0, entry 1: the board does not decode: it runs past 256 bits" ONE_ENTRY_UNREAD) ==
            0,
        "counters past 256 bits: \"%s\"", message);
}

/* The opening position with Stockfish's castling move e1h1 (the king
 * takes its rook): its bishop and knight stand between. */
static void castling_through_pieces(const char *path)
{
    static const uint8_t opening[32] = {
        /* rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, as the
         * library's writer packs it at ply 10 */
        0x08, 0xfe, 0xce, 0x9a, 0xeb, 0xbc, 0x31, 0xc6, 0x18, 0x63, 0x8c,
        0x00, 0x00, 0x00, 0x00, 0x21, 0x84, 0x10, 0x42, 0x08, 0x67, 0x94,
        0x54, 0xc6, 0x79, 0x40, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00};
    uint8_t bytes[ENTRY_BYTES] = {0};
    memcpy(bytes, opening, sizeof opening);
    unsigned castling = 3u << 14 | 4u << 6 | 7u; /* e1 takes h1 */
    bytes[34] = (uint8_t)castling;
    bytes[35] = (uint8_t)(castling >> 8);
    char message[SEEBATCH_MESSAGE_SIZE];
    read_one(path, bytes, ENTRY_BYTES, message);
    CHECK(strcmp(message, "byte 0, entry 1: the move e1g1 is impossible here: the king or rook "
                          "away or pieces between" ONE_ENTRY_UNREAD) == 0,
          "castling through pieces: \"%s\"", message);
    /* The same bytes with e2e4 read. */
    unsigned push = 12u << 6 | 28u;
    bytes[34] = (uint8_t)push;
    bytes[35] = (uint8_t)(push >> 8);
    read_one(path, bytes, ENTRY_BYTES, message);
    CHECK(message[0] == '\0', "the opening with e2e4: \"%s\"", message);
}

/* The bytes the library writes for one entry in format (the board of fen
 * with the move uci, ply 1), up to size of them: how many were read back. */
static size_t written(const char *path, seebatch_file_format format, const char *fen,
                      const char *uci, uint8_t *bytes, size_t size)
{
    seebatch_board boards[1];
    seebatch_move move = 0;
    CHECK(seebatch_board_from_fen(boards, fen, NULL) == SEEBATCH_OK &&
              seebatch_move_parse(boards, uci, &move, NULL) == SEEBATCH_OK,
          "%s, %s", fen, uci);
    uint16_t moves[1] = {move}, plies[1] = {1};
    int16_t scores[1] = {0};
    int8_t results[1] = {0};
    seebatch_training_arrays arrays = {boards, moves, scores, plies, results};
    seebatch_training_writer *writer = NULL;
    seebatch_error error = {SEEBATCH_OK, ""};
    CHECK(seebatch_training_create(path, format, 0, &writer, &error) == SEEBATCH_OK &&
              seebatch_training_write(writer, 1, &arrays, NULL, &error) == SEEBATCH_OK &&
              seebatch_training_finish(writer, &error) == SEEBATCH_OK,
          "writing %s: %s", fen, error.message);
    FILE *file = fopen(path, "rb");
    size_t got = file ? fread(bytes, 1, size, file) : 0;
    if (file)
        fclose(file);
    remove(path);
    return got;
}

/* A binpack of one entry, white castling short, as the library writes it;
 * then its stem's move (bytes 24 and 25, big-endian: 2 bits of kind, 6 of
 * from, 6 of to, the rook's square for castling) sent to g1, no rook's
 * square. */
static void castling_to_no_corner(const char *path)
{
    uint8_t bytes[64];
    size_t size = written(path, SEEBATCH_FILE_BINPACK, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1",
                          bytes, sizeof bytes);
    enum { MOVE = 8 + 24 }; /* after the chunk's header */
    CHECK(size == 8 + 34 && bytes[MOVE] == (2u << 6 | 4u) && bytes[MOVE + 1] == 7u << 2,
          "castling kept as e1 takes h1: %zu bytes", size);
    char message[SEEBATCH_MESSAGE_SIZE];
    read_one(path, bytes, size, message);
    CHECK(message[0] == '\0', "as written: \"%s\"", message);
    bytes[MOVE + 1] = 6u << 2;
    read_one(path, bytes, size, message);
    CHECK(strcmp(message, "byte 8, entry 1: a castling move from square 4 to 6; not read: 34 of "
                          "the file's 42 bytes") == 0,
          "castling to g1: \"%s\"", message);
}

/* Stockfish's castling move e1h1 where white's king is not on e1 (a bishop
 * is), and where no rook is on h1 (a bishop is): both refused, as written
 * (with the bishop's move) both read. */
static void castling_with_king_or_rook_away(const char *path)
{
    static const char *const boards[2][2] = {{"4k3/8/8/8/8/8/8/3KB2R w - - 0 1", "e1f2"},
                                             {"4k3/8/8/8/8/8/8/4K2B w - - 0 1", "h1g2"}};
    for (int i = 0; i < 2; i++) {
        uint8_t bytes[ENTRY_BYTES];
        if (written(path, SEEBATCH_FILE_BIN, boards[i][0], boards[i][1], bytes, sizeof bytes) !=
            ENTRY_BYTES)
            continue;
        char message[SEEBATCH_MESSAGE_SIZE];
        read_one(path, bytes, ENTRY_BYTES, message);
        CHECK(message[0] == '\0', "%s as written: \"%s\"", boards[i][0], message);
        unsigned castling = 3u << 14 | 4u << 6 | 7u; /* e1 takes h1 */
        bytes[34] = (uint8_t)castling;
        bytes[35] = (uint8_t)(castling >> 8);
        read_one(path, bytes, ENTRY_BYTES, message);
        CHECK(strcmp(message, "byte 0, entry 1: the move e1g1 is impossible here: the king or "
                              "rook away or pieces between" ONE_ENTRY_UNREAD) == 0,
              "%s, castling: \"%s\"", boards[i][0], message);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_crafted_entries DIRECTORY\n");
        return 2;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/crafted.bin", argv[1]);
    counters_past_256_bits(path);
    castling_through_pieces(path);
    castling_with_king_or_rook_away(path);
    snprintf(path, sizeof path, "%s/crafted.binpack", argv[1]);
    castling_to_no_corner(path);
    return check_finish("test_crafted_entries");
}
