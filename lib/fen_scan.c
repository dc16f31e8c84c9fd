/*
 * The one-pass FEN reader (fen_scan.h). The placement is read with one table
 * lookup a byte and no branch but the loop's: each byte writes its code into
 * a mailbox of 8 rows of 16 bytes (the text's ranks, rank 8 first) and moves
 * on by its width, a slash to the next row. The rules of the field are then
 * checked on the mailbox at once: a rank of the wrong width leaves a byte in
 * the wrong column (columns 8-15 hold only the slash after each rank), and
 * two digits in a row show in one flag. The pieces' bitboards are read out
 * of the mailbox with SSE2 where there is SSE2. The short fields after the
 * placement are read byte by byte against their one plain spelling.
 */
#include "fen_scan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bitboard.h"

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

/* A placement byte's mailbox code; 0 (a blank, anything unknown, '0', '9',
 * non-ASCII) ends the field. */
static const uint8_t placement_code[256] = {
    ['P'] = 1,         ['N'] = 2,         ['B'] = 4,          ['R'] = 8,
    ['Q'] = 16,        ['K'] = 32,        ['p'] = BLACK | 1,  ['n'] = BLACK | 2,
    ['b'] = BLACK | 4, ['r'] = BLACK | 8, ['q'] = BLACK | 16, ['k'] = BLACK | 32,
    ['1'] = DIGIT,     ['2'] = DIGIT,     ['3'] = DIGIT,      ['4'] = DIGIT,
    ['5'] = DIGIT,     ['6'] = DIGIT,     ['7'] = DIGIT,      ['8'] = DIGIT,
    ['/'] = SLASH,
};

/* How far a placement byte moves the mailbox index: a square, a run of empty
 * squares, or to the next row. */
static const uint32_t placement_width[256] = {
    ['P'] = 1, ['N'] = 1, ['B'] = 1, ['R'] = 1, ['Q'] = 1, ['K'] = 1, ['p'] = 1, ['n'] = 1,
    ['b'] = 1, ['r'] = 1, ['q'] = 1, ['k'] = 1, ['1'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4,
    ['5'] = 5, ['6'] = 6, ['7'] = 7, ['8'] = 8, ['/'] = ROW - 8,
};

/* The castling right a letter names, as seebatch.h numbers them. */
static const uint8_t castling_right[256] = {['K'] = 1, ['Q'] = 2, ['k'] = 4, ['q'] = 8};

/* Columns 8-15 of every row: the slash (the end after the last rank), then
 * nothing. A byte of a rank written there, or a slash anywhere else, breaks it. */
static bool ranks_well_formed(const uint8_t mailbox[MAILBOX])
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
static void read_mailbox(const uint8_t mailbox[MAILBOX], seebatch_board *board)
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
            planes[bit] |= (bitboard)(unsigned)_mm_movemask_epi8(_mm_slli_epi16(ranks[pair], 7 - bit))
                           << (16 * pair);
#else
    for (unsigned index = 0; index < 64; index++)
        for (int bit = 0; bit < 7; bit++)
            planes[bit] |= (bitboard)((mailbox[(index / 8) * ROW + index % 8] >> bit) & 1u) << index;
#endif
    bitboard occupied = 0;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
        board->pieces[type] = __builtin_bswap64(planes[type]);
        occupied |= board->pieces[type];
    }
    board->colors[SEEBATCH_BLACK] = __builtin_bswap64(planes[6]);
    board->colors[SEEBATCH_WHITE] = occupied & ~board->colors[SEEBATCH_BLACK];
}

/* Whether two digits stand side by side in text[0..length), bytes the
 * placement table accepted (digits are its only bytes 0x30-0x3f), 15 or more
 * of them. Words of 8 bytes 7 apart, so every pair lies within one word. */
static bool digits_side_by_side(const char *text, size_t length)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t pairs = 0;
    for (size_t start = 0;; start += 7) {
        if (start + 8 > length)
            start = length - 8;
        uint64_t word;
        memcpy(&word, text + start, sizeof word);
        uint64_t nibble = ((word >> 4) & (ones * 0x0f)) ^ (ones * 3); /* 0 for a digit */
        uint64_t digits = ~((((nibble & ~highs) + ~highs) | nibble) & highs) & highs;
        pairs |= digits & (digits >> 8);
        if (start + 8 == length)
            return pairs != 0;
    }
}

/* Reads the placement into the board; returns where the field ends, or 0
 * when it is not 8 ranks of 8 squares with no two digits in a row and at
 * most one king a colour. */
static size_t scan_placement(const char *text, size_t length, seebatch_board *board)
{
    /* Every byte of text moves the index at most 8 on, so the index stays
     * inside; only the 8 rows are read, the rest is room for a bad text. */
    uint8_t mailbox[MAILBOX + 8 * 256];
    memset(mailbox, 0, MAILBOX);
    unsigned index = 0;
    size_t i = 0;
    for (; i < length; i++) {
        unsigned char byte = (unsigned char)text[i];
        uint8_t code = placement_code[byte];
        if (!code)
            break;
        mailbox[index] = code;
        index += placement_width[byte];
    }
    if (index != LAST_INDEX)
        return 0;
    mailbox[index] = END;
    if (!ranks_well_formed(mailbox) || digits_side_by_side(text, i))
        return 0;
    read_mailbox(mailbox, board);
    /* A slash among the squares shows in every type plane; no piece is both
     * a pawn and a knight. */
    bitboard kings = board->pieces[SEEBATCH_KING];
    if ((board->pieces[SEEBATCH_PAWN] & board->pieces[SEEBATCH_KNIGHT]) ||
        more_than_one(kings & board->colors[SEEBATCH_WHITE]) ||
        more_than_one(kings & board->colors[SEEBATCH_BLACK]))
        return 0;
    return i;
}

/* The byte at i, or NUL past the end (which no field accepts). */
static unsigned char byte_at(const char *text, size_t length, size_t i)
{
    return i < length ? (unsigned char)text[i] : 0;
}

/* One to five digits worth at most 65535 from i; returns where they end, or
 * 0. A longer run (leading zeros, say) is the full parser's. */
static size_t scan_counter(const char *text, size_t length, size_t i, uint16_t *counter)
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

/* Castling from i: '-' or letters of KQkq in that order, none twice.
 * Returns where the field ends, or 0. */
static size_t scan_castling(const char *text, size_t length, size_t i, uint8_t *castling)
{
    if (byte_at(text, length, i) == '-')
        return i + 1;
    unsigned rights = 0, last = 0, right;
    while ((right = castling_right[byte_at(text, length, i)]) > last) {
        rights |= right;
        last = right;
        i++;
    }
    *castling = (uint8_t)rights;
    return rights ? i : 0;
}

/* En passant from i: '-' or a square on the rank the side to move's
 * opponent passed over. Returns where the field ends, or 0. */
static size_t scan_en_passant(const char *text, size_t length, size_t i, seebatch_board *board)
{
    unsigned char file = byte_at(text, length, i), rank = byte_at(text, length, i + 1);
    if (file == '-')
        return i + 1;
    unsigned char expected = board->side_to_move == SEEBATCH_WHITE ? '6' : '3';
    if (file < 'a' || file > 'h' || rank != expected)
        return 0;
    board->en_passant = (uint8_t)((rank - '1') * 8 + (file - 'a'));
    return i + 2;
}

/* Fields 2 to 6 from i, the space after the placement. */
static bool scan_tail(seebatch_board *board, const char *text, size_t length, size_t i)
{
    unsigned char side = byte_at(text, length, i + 1);
    if (byte_at(text, length, i) != ' ' || (side != 'w' && side != 'b') ||
        byte_at(text, length, i + 2) != ' ')
        return false;
    board->side_to_move = side == 'w' ? SEEBATCH_WHITE : SEEBATCH_BLACK;
    i = scan_castling(text, length, i + 3, &board->castling);
    if (i == 0 || byte_at(text, length, i) != ' ')
        return false;
    i = scan_en_passant(text, length, i + 1, board);
    uint16_t *counters[2] = {&board->halfmove_clock, &board->fullmove_number};
    for (int c = 0; c < 2 && i != 0 && i < length; c++) {
        if (text[i] != ' ')
            return false;
        i = scan_counter(text, length, i + 1, counters[c]);
    }
    return i == length;
}

bool seebatch_fen_scan(seebatch_board *board, const char *text, size_t length)
{
    memset(board, 0, sizeof *board);
    board->en_passant = SEEBATCH_NO_SQUARE;
    board->fullmove_number = 1;
    size_t end = length <= 255 ? scan_placement(text, length, board) : 0;
    return end != 0 && scan_tail(board, text, length, end);
}
