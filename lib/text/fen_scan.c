/*
 * The one-pass FEN reader (fen_scan.h). The placement's end (its first space)
 * and any two digits side by side are found 16 bytes at a time; then each
 * byte, with two table lookups and no branch, writes its code into a mailbox
 * of 8 rows of 16 bytes (the text's ranks, rank 8 first) and moves on by its
 * width, a slash to the next row. The rules of the field are checked on the
 * mailbox at once: a rank of the wrong width leaves a byte in the wrong
 * column (columns 8-15 hold only the slash after each rank). The pieces' bitboards are read out
 * of the mailbox with SSE2 where there is SSE2. The short fields after the
 * placement are read byte by byte against their one plain spelling.
 */
#include "fen_scan.h"
#include "fen_scan_wide.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "board/bitboard.h"
#include "board/castling.h"
#include "board/position_status.h"
#include "machine/cpu_features.h"

/* A mailbox byte: bit t for a piece of type t (pawn 0 .. king 5), BLACK for
 * a black one; DIGIT where a run of empty squares starts; SLASH after each
 * rank but the last, END after the last. Empty squares stay 0. */
enum {
    BLACK = 0x40,
    DIGIT = 0x80,
    SLASH = 0x3f,
    END = 0x7f,
    ROW = 16,
    MAILBOX = 8 * ROW,
    LAST_INDEX = 7 * ROW + 8, /* where a well-formed placement ends */
};

/* A placement byte's mailbox code (0 for a byte the field never holds). */
/* clang-format off */
static const uint8_t placement_code[256] = {
    ['P'] = 1,         ['N'] = 2,         ['B'] = 4,          ['R'] = 8,
    ['Q'] = 16,        ['K'] = 32,        ['p'] = BLACK | 1,  ['n'] = BLACK | 2,
    ['b'] = BLACK | 4, ['r'] = BLACK | 8, ['q'] = BLACK | 16, ['k'] = BLACK | 32,
    ['1'] = DIGIT,     ['2'] = DIGIT,     ['3'] = DIGIT,      ['4'] = DIGIT,
    ['5'] = DIGIT,     ['6'] = DIGIT,     ['7'] = DIGIT,      ['8'] = DIGIT,
    ['/'] = SLASH,
};
/* clang-format on */

/* How far a placement byte moves the mailbox index: a square, a run of empty
 * squares, or to the next row. A byte the field never holds moves it
 * FOREIGN, wider than any rank, so no well-formed mailbox can result: the
 * loop needs no test. */
enum { FOREIGN = 9 };
#define W4(a, b, c, d) a, b, c, d
/* clang-format off */
#define W16 W4(FOREIGN, FOREIGN, FOREIGN, FOREIGN), W4(FOREIGN, FOREIGN, FOREIGN, FOREIGN), \
            W4(FOREIGN, FOREIGN, FOREIGN, FOREIGN), W4(FOREIGN, FOREIGN, FOREIGN, FOREIGN)
static const uint8_t placement_width[256] = {
    W16, W16,                                                 /* 0x00-0x1f */
    W4(9, 9, 9, 9), W4(9, 9, 9, 9), W4(9, 9, 9, 9), W4(9, 9, 9, ROW - 8), /* 0x20-0x2f: '/' */
    W4(9, 1, 2, 3), W4(4, 5, 6, 7), W4(8, 9, 9, 9), W4(9, 9, 9, 9), /* 0x30-0x3f: '1'-'8' */
    W4(9, 9, 1, 9), W4(9, 9, 9, 9), W4(9, 9, 9, 1), W4(9, 9, 1, 9), /* 0x40-0x4f: B K N */
    W4(1, 1, 1, 9), W4(9, 9, 9, 9), W4(9, 9, 9, 9), W4(9, 9, 9, 9), /* 0x50-0x5f: P Q R */
    W4(9, 9, 1, 9), W4(9, 9, 9, 9), W4(9, 9, 9, 1), W4(9, 9, 1, 9), /* 0x60-0x6f: b k n */
    W4(1, 1, 1, 9), W4(9, 9, 9, 9), W4(9, 9, 9, 9), W4(9, 9, 9, 9), /* 0x70-0x7f: p q r */
    W16, W16, W16, W16, W16, W16, W16, W16,                   /* 0x80-0xff */
};
/* clang-format on */

/* The side a letter names, plus 1 (0: none). */
static const uint8_t side_letter[256] = {['w'] = SEEBATCH_WHITE + 1, ['b'] = SEEBATCH_BLACK + 1};

/* The castling right a letter names, as seebatch.h numbers them. */
static const uint8_t castling_right[256] = {['K'] = 1, ['Q'] = 2, ['k'] = 4, ['q'] = 8};

/* Columns 8-15 of every row: the slash (the end after the last rank), then
 * nothing. A byte of a rank written there, or a slash anywhere else, breaks it. */
static bool seebatch_ranks_well_formed(const uint8_t mailbox[MAILBOX])
{
    uint64_t wrong = 0;
    for (int row = 0; row < 8; row++) {
        uint64_t tail;
        memcpy(&tail, mailbox + row * ROW + 8, sizeof tail);
        wrong |= tail ^ (row < 7 ? SLASH : END); /* little-endian: column 8 is the low byte */
    }
    return wrong == 0;
}

/* Reads the mailbox's pieces into the board: planes[t] for type t, planes[6]
 * the black pieces, each with the text's first rank in the low byte (so a
 * byte swap gives seebatch's numbering, a1 = bit 0). */
static void seebatch_read_mailbox(const uint8_t mailbox[MAILBOX], seebatch_board *board)
{
    bitboard planes[7] = {0};
#if defined(__SSE2__)
    __m128i ranks[4];
    for (int pair = 0; pair < 4; pair++)
        ranks[pair] = _mm_unpacklo_epi64(
            _mm_loadl_epi64((const __m128i *)(const void *)(mailbox + 2 * pair * ROW)),
            _mm_loadl_epi64((const __m128i *)(const void *)(mailbox + (2 * pair + 1) * ROW)));
    for (int bit = 0; bit < 7; bit++)
        for (int pair = 0; pair < 4; pair++)
            planes[bit] |=
                (bitboard)(unsigned)_mm_movemask_epi8(_mm_slli_epi16(ranks[pair], 7 - bit))
                << (16 * pair);
#else
    for (unsigned index = 0; index < 64; index++)
        for (int bit = 0; bit < 7; bit++)
            planes[bit] |= (bitboard)((mailbox[(index / 8) * ROW + index % 8] >> bit) & 1u)
                           << index;
#endif
    bitboard occupied = 0;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
        board->pieces[type] = __builtin_bswap64(planes[type]);
        occupied |= board->pieces[type];
    }
    board->colors[SEEBATCH_BLACK] = __builtin_bswap64(planes[6]);
    board->colors[SEEBATCH_WHITE] = occupied & ~board->colors[SEEBATCH_BLACK];
}

/* Where the placement ends (the first space) in text[0..length), or 0 when
 * there is none or two digits stand side by side before it. */
static size_t seebatch_placement_end(const char *text, size_t length)
{
#if defined(__SSE2__)
    /* 16 bytes at a time, windows 15 apart (so every pair of neighbours lies
     * in one), the last moved back to end at the text's end. */
    if (length < 16)
        return 0; /* shorter than any FEN: the full parser says why */
    const __m128i space = _mm_set1_epi8(' '), one = _mm_set1_epi8('1'), seven = _mm_set1_epi8(7);
    unsigned pairs = 0;
    for (size_t start = 0;; start += 15) {
        if (start + 16 > length)
            start = length - 16;
        __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(text + start));
        unsigned spaces = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, space));
        __m128i offset = _mm_sub_epi8(bytes, one); /* '1'-'8' become 0-7 */
        unsigned digits =
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(offset, seven), offset));
        unsigned before = spaces ? (spaces & (0u - spaces)) - 1 : 0xffffu;
        pairs |= digits & (digits >> 1) & (before >> 1);
        if (spaces)
            return pairs ? 0 : start + (size_t)__builtin_ctz(spaces);
        if (start + 16 == length)
            return 0;
    }
#else
    bool previous_digit = false;
    for (size_t i = 0; i < length; i++) {
        bool digit = text[i] >= '1' && text[i] <= '8';
        if (text[i] == ' ')
            return i;
        if (digit && previous_digit)
            return 0;
        previous_digit = digit;
    }
    return 0;
#endif
}

/* Reads the placement into the board; returns where the field ends, or 0
 * when it is not 8 ranks of 8 squares with no two digits in a row and at
 * most one king a colour. */
static size_t seebatch_scan_placement(const char *text, size_t length, seebatch_board *board)
{
    size_t end = seebatch_placement_end(text, length);
    /* The index moves at most FOREIGN a byte, so it stays inside; only the
     * 8 rows are read, the rest is room for a bad text. */
    uint8_t mailbox[MAILBOX + FOREIGN * 256];
    memset(mailbox, 0, MAILBOX);
    size_t index = 0, i = 0;
    for (; i + 2 <= end; i += 2) {
        unsigned char first = (unsigned char)text[i], second = (unsigned char)text[i + 1];
        mailbox[index] = placement_code[first];
        index += placement_width[first];
        mailbox[index] = placement_code[second];
        index += placement_width[second];
    }
    if (i < end) {
        mailbox[index] = placement_code[(unsigned char)text[i]];
        index += placement_width[(unsigned char)text[i]];
    }
    if (index != LAST_INDEX)
        return 0;
    mailbox[index] = END;
    if (!seebatch_ranks_well_formed(mailbox))
        return 0;
    seebatch_read_mailbox(mailbox, board);
    /* A slash among the squares shows in every type plane; no piece is both
     * a pawn and a knight. */
    bitboard kings = board->pieces[SEEBATCH_KING];
    if ((board->pieces[SEEBATCH_PAWN] & board->pieces[SEEBATCH_KNIGHT]) ||
        more_than_one(kings & board->colors[SEEBATCH_WHITE]) ||
        more_than_one(kings & board->colors[SEEBATCH_BLACK]))
        return 0;
    return end;
}

/* The byte at i, or NUL past the end (which no field accepts). */
static unsigned char seebatch_byte_at(const char *text, size_t length, size_t i)
{
    return i < length ? (unsigned char)text[i] : 0;
}

/* One to five digits worth at most 65535 from i; returns where they end, or
 * 0. A longer run (leading zeros, say) is the full parser's. */
static size_t seebatch_scan_counter(const char *text, size_t length, size_t i, uint16_t *counter)
{
    size_t start = i;
    unsigned value = 0;
    for (; i < length && i - start < 5 && (unsigned)(text[i] - '0') < 10u; i++)
        value = value * 10 + (unsigned)(text[i] - '0');
    if (i == start || value > 65535u)
        return 0;
    *counter = (uint16_t)value;
    return i;
}

/* Castling from i: '-' or letters of KQkq in that order, none twice (a
 * rook's file, Shredder-FEN's, is the full parser's). Returns where the
 * field ends, or 0. */
static size_t seebatch_scan_castling(const char *text, size_t length, size_t i, uint8_t *castling)
{
    if (seebatch_byte_at(text, length, i) == '-')
        return i + 1;
    unsigned rights = 0, last = 0, right;
    while ((right = castling_right[seebatch_byte_at(text, length, i)]) > last) {
        rights |= right;
        last = right;
        i++;
    }
    *castling = (uint8_t)rights;
    return rights ? i : 0;
}

/* En passant from i: '-' or a square on the rank the side to move's
 * opponent passed over. Returns where the field ends, or 0. */
static size_t seebatch_scan_en_passant(const char *text, size_t length, size_t i,
                                       seebatch_board *board)
{
    unsigned char file = seebatch_byte_at(text, length, i),
                  rank = seebatch_byte_at(text, length, i + 1);
    if (file == '-')
        return i + 1;
    unsigned char expected = (unsigned char)('6' - 3 * board->side_to_move); /* '6' or '3' */
    if (file < 'a' || file > 'h' || rank != expected)
        return 0;
    board->en_passant = (uint8_t)((rank - '1') * 8 + (file - 'a'));
    return i + 2;
}

/* X-FEN's KQkq: each right's rook the outermost on its side of the king.
 * Out of line: a held right's rook is on its corner in nearly every FEN. */
static __attribute__((noinline)) void seebatch_scan_outermost_rooks(seebatch_board *board)
{
    castling_take_outermost(board);
}

/* Fields 2 to 6 from i, the space after the placement (both placement
 * readers return where their field ends only at a space). Returns where
 * they end, or 0: the text's end, or a byte after the fourth field or a
 * counter that is not a space (whether it may follow is the caller's). */
static size_t seebatch_scan_tail(seebatch_board *board, const char *text, size_t length, size_t i)
{
    /* The side by table, not by comparing with 'w' then 'b': the lines of a
     * game alternate sides, which those branches would mispredict. */
    unsigned side = side_letter[seebatch_byte_at(text, length, i + 1)];
    if (side == 0 || seebatch_byte_at(text, length, i + 2) != ' ')
        return 0;
    board->side_to_move = (uint8_t)(side - 1);
    /* Most positions of a game have no castling right and no en passant
     * square: " - - " at once (two loads), the board already says so. */
    if (length - i >= 8 && memcmp(text + i + 2, " - - ", 5) == 0) {
        i += 6;
    } else {
        i = seebatch_scan_castling(text, length, i + 3, &board->castling);
        if (i == 0 || seebatch_byte_at(text, length, i) != ' ')
            return 0;
        if (board->castling && !castling_rooks_on_corners(board))
            seebatch_scan_outermost_rooks(board);
        i = seebatch_scan_en_passant(text, length, i + 1, board);
    }
    uint16_t *counters[2] = {&board->halfmove_clock, &board->fullmove_number};
    for (int c = 0; c < 2 && i != 0 && i < length && text[i] == ' '; c++)
        i = seebatch_scan_counter(text, length, i + 1, counters[c]);
    return i;
}

/* The fields after the placement before they are read: what no field sets
 * stays so. */
static inline void seebatch_start_fields(seebatch_board *board)
{
    board->side_to_move = SEEBATCH_WHITE;
    board->en_passant = SEEBATCH_NO_SQUARE;
    board->castling = 0;
    board->reserved = 0;
    board->halfmove_clock = 0;
    board->fullmove_number = 1;
}

/* The whole board so: no piece. */
static void seebatch_start_board(seebatch_board *board)
{
    memset(board->pieces, 0, sizeof board->pieces);
    memset(board->colors, 0, sizeof board->colors);
    seebatch_start_fields(board);
}

bool seebatch_fen_scan_one_pass(seebatch_board *board, const char *text, size_t length)
{
    seebatch_start_board(board);
    size_t end = length <= 255 ? seebatch_scan_placement(text, length, board) : 0;
    return end != 0 && seebatch_scan_tail(board, text, length, end) == length;
}

bool seebatch_fen_wide_runs(void)
{
#if SEEBATCH_HAVE_AVX2
    return seebatch_cpu_has_avx2();
#else
    return false;
#endif
}

/* seebatch_plain_fen_read_as's reading: the board of a text refused is
 * left part read. */
static inline __attribute__((always_inline)) size_t
seebatch_plain_fen_read_fields(seebatch_board *board, const char *text, size_t length,
                               bool *possible, bool wide_first)
{
    bool wide = length <= 255 && wide_first;
    seebatch_start_fields(board);
    bool material_possible = true;
    size_t end = wide ? seebatch_fen_placement_wide(text, length, board,
                                                    possible ? &material_possible : NULL)
                      : 0;
    if (end == 0) {
        end = length <= 255 ? seebatch_scan_placement(text, length, board) : 0;
        if (end != 0 && possible)
            material_possible = seebatch_material_possible(board);
    }
    end = end != 0 ? seebatch_scan_tail(board, text, length, end) : 0;
    if (end == 0 || (end < length && text[end] != ';'))
        return 0;
    if (possible)
        *possible = material_possible && seebatch_fields_possible(board);
    return end;
}

/* seebatch_plain_fen_read with the wide placement reader first or not.
 * Both placement readers write every bitboard of a placement they accept,
 * so only the other fields start as no field sets them; a text refused
 * leaves the board as seebatch_start_board makes it. */
static inline __attribute__((always_inline)) size_t
seebatch_plain_fen_read_as(seebatch_board *board, const char *text, size_t length, bool *possible,
                           bool wide_first)
{
    size_t end = seebatch_plain_fen_read_fields(board, text, length, possible, wide_first);
    if (end == 0)
        seebatch_start_board(board);
    return end;
}

size_t seebatch_plain_fen_read(seebatch_board *board, const char *text, size_t length,
                               bool *possible)
{
    return seebatch_plain_fen_read_as(board, text, length, possible, seebatch_fen_wide_runs());
}

size_t seebatch_plain_fen_read_by(seebatch_board *board, const char *text, size_t length,
                                  bool *possible, bool wide)
{
    return seebatch_plain_fen_read_as(board, text, length, possible,
                                      wide && seebatch_fen_wide_runs());
}

bool seebatch_board_from_plain_fen(seebatch_board *board, const char *text, size_t length)
{
    return length != 0 && seebatch_plain_fen_read(board, text, length, NULL) == length;
}
