#include "binpack_reader.h"

#include <stdlib.h>
#include <string.h>

#include "attacks.h"
#include "binpack_fields.h"
#include "chain_moves.h"
#include "cpu_features.h"
#include "errors.h" /* seebatch_square_name */

/* Records a fault at a byte offset; false, for `return seebatch_fault_at(...)`. */
static bool seebatch_fault_at(binpack_fault *fault, uint64_t offset, const char *message)
{
    fault->byte_offset = offset;
    snprintf(fault->message, sizeof fault->message, "%s", message);
    return false;
}

/* ------------------------------------------------------------------------ */
/* Stems                                                                    */
/* ------------------------------------------------------------------------ */

/* The special nibbles: a pawn that just made a double push, a rook that can
 * still castle, the black king when black is to move. */
enum {
    NIBBLE_EN_PASSANT_PAWN = 12,
    NIBBLE_WHITE_CASTLING_ROOK,
    NIBBLE_BLACK_CASTLING_ROOK,
    NIBBLE_BLACK_KING_TO_MOVE
};

static bool seebatch_place_special(seebatch_board *board, unsigned nibble, unsigned square,
                          binpack_fault *fault)
{
    char name[3];
    bitboard bit = seebatch_square_bit(square);
    if (nibble == NIBBLE_EN_PASSANT_PAWN) {
        unsigned rank = rank_of(square);
        if ((rank != 3 && rank != 4) || board->en_passant != SEEBATCH_NO_SQUARE) {
            snprintf(
                fault->message, sizeof fault->message,
                "a double-pushed pawn on %s, which is not the 4th or 5th rank or not the only one",
                seebatch_square_name(square, name));
            return false;
        }
        unsigned color = rank == 3 ? SEEBATCH_WHITE : SEEBATCH_BLACK;
        board->pieces[SEEBATCH_PAWN] |= bit;
        board->colors[color] |= bit;
        board->en_passant = (uint8_t)(color == SEEBATCH_WHITE ? square - 8 : square + 8);
        return true;
    }
    if (nibble == NIBBLE_BLACK_KING_TO_MOVE) {
        board->pieces[SEEBATCH_KING] |= bit;
        board->colors[SEEBATCH_BLACK] |= bit;
        board->side_to_move = SEEBATCH_BLACK;
        return true;
    }
    unsigned color = nibble == NIBBLE_WHITE_CASTLING_ROOK ? SEEBATCH_WHITE : SEEBATCH_BLACK;
    unsigned corner = color == SEEBATCH_WHITE ? 0 : 56;
    if (square != corner && square != corner + 7) {
        snprintf(fault->message, sizeof fault->message,
                 "a castling rook on %s, which is not a corner of its side",
                 seebatch_square_name(square, name));
        return false;
    }
    board->pieces[SEEBATCH_ROOK] |= bit;
    board->colors[color] |= bit;
    unsigned shift = color == SEEBATCH_WHITE ? 0 : 2;
    board->castling |= (uint8_t)((square == corner ? SEEBATCH_CASTLE_WHITE_QUEENSIDE
                                                   : SEEBATCH_CASTLE_WHITE_KINGSIDE)
                                 << shift);
    return true;
}

/* The nibble of the index-th occupied square (low nibble first). */
static inline unsigned nibble_at(const uint8_t *bytes, unsigned index)
{
    return (bytes[8 + index / 2] >> (index % 2 * 4)) & 15u;
}

/* Places the pieces whose nibble is a type and a colour (below 12); the
 * special nibbles are left to place_special. */
static void seebatch_place_plain_pieces(const uint8_t *bytes, bitboard occupied, seebatch_board *board)
{
    unsigned index = 0;
    for (bitboard rest = occupied; rest; rest &= rest - 1, index++) {
        unsigned nibble = nibble_at(bytes, index);
        if (nibble < 12) {
            board->pieces[nibble / 2] |= lowest_bit(rest);
            board->colors[nibble % 2] |= lowest_bit(rest);
        }
    }
}

#if defined(__x86_64__)
#include <emmintrin.h>

/* The same where pdep is fast, a nibble value at a time rather than a piece
 * at a time: the 32 nibbles spread to bytes (SSE2), compared with the
 * value, and the indexes that match (a 32-bit mask) put on the occupied
 * squares by pdep (assembly, as in chain_moves.h). */
static void seebatch_place_plain_pieces_pdep(const uint8_t *bytes, bitboard occupied, unsigned count,
                                    seebatch_board *board)
{
    __m128i packed = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 8));
    __m128i low = _mm_and_si128(packed, _mm_set1_epi8(15));
    __m128i high = _mm_and_si128(_mm_srli_epi16(packed, 4), _mm_set1_epi8(15));
    __m128i first = _mm_unpacklo_epi8(low, high), second = _mm_unpackhi_epi8(low, high);
    uint64_t present = count >= 32 ? 0xFFFFFFFFu : (1u << count) - 1u;
    for (int value = 0; value < 12; value++) {
        __m128i wanted = _mm_set1_epi8((char)value);
        uint64_t indexes =
            ((uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(first, wanted)) |
             (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(second, wanted)) << 16) &
            present;
        bitboard squares;
        __asm__("pdep %2, %1, %0" : "=r"(squares) : "r"(indexes), "rm"(occupied));
        board->pieces[value / 2] |= squares;
        board->colors[value % 2] |= squares;
    }
}
#endif

static bool seebatch_unpack_position(const uint8_t *bytes, seebatch_board *board, binpack_fault *fault,
                            bool pdep)
{
    bitboard occupied = 0;
    for (int i = 0; i < 8; i++)
        occupied = occupied << 8 | bytes[i];
    memset(board, 0, sizeof *board);
    board->en_passant = SEEBATCH_NO_SQUARE;
    int count = popcount(occupied);
    if (count > 32) {
        snprintf(fault->message, sizeof fault->message,
                 "the position has %d pieces; at most 32 fit in an entry", count);
        return false;
    }
#if defined(__x86_64__)
    if (pdep)
        seebatch_place_plain_pieces_pdep(bytes, occupied, (unsigned)count, board);
    else
#endif
        seebatch_place_plain_pieces(bytes, occupied, board);
    (void)pdep;
    /* The special nibbles in square order: the first that is wrong is named. */
    for (bitboard rest = occupied & ~(board->colors[0] | board->colors[1]); rest;
         rest &= rest - 1) {
        unsigned square = lowest_square(rest);
        unsigned index = (unsigned)popcount(occupied & (lowest_bit(rest) - 1));
        if (!seebatch_place_special(board, nibble_at(bytes, index), square, fault))
            return false;
    }
    if (board->en_passant != SEEBATCH_NO_SQUARE &&
        rank_of(board->en_passant) != (board->side_to_move == SEEBATCH_WHITE ? 5u : 2u)) {
        snprintf(fault->message, sizeof fault->message,
                 "a pawn that just made a double push belongs to the side to move");
        return false;
    }
    return true;
}

/* Binpack's move: 2 bits of kind (normal, promotion, castling, en passant),
 * from, to (for castling the rook's square), 2 bits of promotion piece. */
static bool seebatch_unpack_move(uint16_t packed, const seebatch_board *board, seebatch_move *move,
                        binpack_fault *fault)
{
    unsigned from = (packed >> 8) & 63u, to = (packed >> 2) & 63u;
    unsigned kind = SEEBATCH_MOVE_NORMAL;
    switch (packed >> 14) {
    case 1:
        kind = SEEBATCH_MOVE_PROMOTE_KNIGHT + (packed & 3u);
        break;
    case 2:
        kind = SEEBATCH_MOVE_CASTLING;
        if ((from != 4 && from != 60) || rank_of(to) != rank_of(from) ||
            (file_of(to) != 0 && file_of(to) != 7)) {
            snprintf(fault->message, sizeof fault->message, "a castling move from square %u to %u",
                     from, to);
            return false;
        }
        to = to > from ? from + 2 : from - 2;
        break;
    case 3:
        kind = SEEBATCH_MOVE_EN_PASSANT;
        break;
    }
    *move = seebatch_move_make(from, to, kind);
    seebatch_error error;
    bool ours = (board->colors[board->side_to_move] >> from) & 1u;
    if (kind == SEEBATCH_MOVE_CASTLING && !seebatch_castling_fits(board, *move)) {
        snprintf(fault->message, sizeof fault->message,
                 "a castling move with the king or rook away or pieces between");
        return false;
    }
    if (!ours || seebatch_move_check(board, *move, &error) != SEEBATCH_OK) {
        char uci[SEEBATCH_UCI_MAX];
        seebatch_move_to_uci(*move, uci);
        snprintf(fault->message, sizeof fault->message, "the move %s is impossible here: %.100s",
                 uci, ours ? error.message : "no piece of the side to move on its square");
        return false;
    }
    return true;
}

/* A stem starts a chain of game positions, so it must be a position of a
 * game: one king per side, no pawn on a back rank, the side that just moved
 * not in check. A flipped bit in a stem's occupancy or nibbles mostly breaks
 * one of these (a king lost, a pawn moved to rank 8); the chain played from
 * such a stem would be nonsense written out as entries. */
static bool seebatch_is_game_position(const seebatch_board *board, binpack_fault *fault)
{
    static const char *const sides[2] = {"white", "black"};
    for (unsigned color = 0; color < 2; color++) {
        int kings = popcount(board->pieces[SEEBATCH_KING] & board->colors[color]);
        if (kings != 1) {
            snprintf(fault->message, sizeof fault->message,
                     "the stem is no chess position: %s has %d kings", sides[color], kings);
            return false;
        }
    }
    const bitboard back_ranks = 0xFF000000000000FFull;
    if (board->pieces[SEEBATCH_PAWN] & back_ranks) {
        char name[3];
        snprintf(
            fault->message, sizeof fault->message,
            "the stem is no chess position: a pawn on %s, a back rank",
            seebatch_square_name(lowest_square(board->pieces[SEEBATCH_PAWN] & back_ranks), name));
        return false;
    }
    unsigned moved = board->side_to_move ^ 1u;
    bitboard occupied = board->colors[0] | board->colors[1];
    unsigned king = lowest_square(board->pieces[SEEBATCH_KING] & board->colors[moved]);
    if (attackers_to(board, king, occupied) & board->colors[board->side_to_move]) {
        snprintf(fault->message, sizeof fault->message,
                 "the stem is no chess position: %s, who just moved, is in check", sides[moved]);
        return false;
    }
    return true;
}

/* seebatch_binpack_unpack_stem, the pieces placed by pdep when `pdep`. */
static bool seebatch_unpack_stem(const uint8_t *bytes, training_entry *entry, binpack_fault *fault,
                        bool pdep)
{
    if (!seebatch_unpack_position(bytes, &entry->board, fault, pdep) ||
        !seebatch_is_game_position(&entry->board, fault))
        return false;
    if (!seebatch_unpack_move(read_be16(bytes + 24), &entry->board, &entry->move, fault))
        return false;
    entry->score = unfold(read_be16(bytes + 26));
    uint16_t ply_and_result = read_be16(bytes + 28);
    entry->ply = ply_and_result & 0x3FFFu;
    int result = unfold((uint16_t)(ply_and_result >> 14));
    if (result < -1 || result > 1) {
        snprintf(fault->message, sizeof fault->message, "the game result field is %d", result);
        return false;
    }
    entry->result = (int8_t)result;
    entry->board.halfmove_clock = read_be16(bytes + 30);
    entry->board.fullmove_number = fullmove_of_ply(entry->ply);
    return true;
}

bool seebatch_binpack_unpack_stem(const uint8_t *bytes, training_entry *entry, binpack_fault *fault)
{
    return seebatch_unpack_stem(bytes, entry, fault, false);
}

/* ------------------------------------------------------------------------ */
/* Movetext                                                                 */
/* ------------------------------------------------------------------------ */

/* The next 57 bits from bit on (high bit first), the bits past the payload
 * read as 0. One unaligned load when 8 bytes are there. */
static inline uint64_t peek_bits(const uint8_t *data, size_t size, uint64_t bit)
{
    size_t byte = (size_t)(bit >> 3);
    uint64_t window = 0;
    if (byte + 8 <= size) {
        memcpy(&window, data + byte, 8);
        window = __builtin_bswap64(window);
    } else {
        for (size_t i = 0; i < 8; i++)
            window = window << 8 | (byte + i < size ? data[byte + i] : 0u);
    }
    return window << (bit & 7);
}

/* The bits of one movetext entry, taken from one window read at its first
 * bit: the longest entry (piece and move indexes of at most 6 bits each, a
 * score of at most 20) fits in the window's 57. Whether the bits were in the
 * payload is checked once, when the entry is done. */
typedef struct bit_cursor {
    uint64_t window;
    unsigned used;
} bit_cursor;

static inline unsigned seebatch_take_bits(bit_cursor *c, unsigned count)
{
    unsigned value = (unsigned)((c->window << c->used) >> 1 >> (63 - count));
    c->used += count;
    return value;
}

/* Each decoder below returns NULL, or what is wrong. */
static inline __attribute__((always_inline)) const char *
decode_king_move(bit_cursor *c, const seebatch_board *board, unsigned from, bitboard targets,
                 unsigned castlings, bool pdep, seebatch_move *move)
{
    unsigned count = (unsigned)popcount(targets);
    unsigned id = seebatch_take_bits(c, index_bits(count + castlings));
    if (id >= count + castlings)
        return "a king move index beyond the king's moves";
    if (id < count) {
        *move = seebatch_move_make(from, nth_square_by(targets, id, pdep),
                                   SEEBATCH_MOVE_NORMAL);
        return NULL;
    }
    unsigned us = board->side_to_move, queenside = us == SEEBATCH_WHITE ? 2u : 8u;
    bool long_castle = id == count && (board->castling & queenside);
    *move = seebatch_move_make(from, long_castle ? from - 2 : from + 2, SEEBATCH_MOVE_CASTLING);
    if (!seebatch_castling_fits(board, *move))
        return "a castling move with the king or rook away or pieces between";
    return NULL;
}

static inline __attribute__((always_inline)) const char *
decode_move(bit_cursor *c, const seebatch_board *board, const uint8_t *types, bool pdep,
            seebatch_move *move, int *moved_type)
{
    unsigned us = board->side_to_move;
    bitboard ours = board->colors[us];
    unsigned pieces = (unsigned)popcount(ours);
    unsigned index = seebatch_take_bits(c, index_bits(pieces));
    if (index >= pieces)
        return "a piece index beyond the side to move's pieces";
    unsigned from = nth_square_by(ours, index, pdep);
    int type = types[from];
    *moved_type = type;
    unsigned castlings;
    bitboard targets = seebatch_chain_destinations(board, from, type, &castlings);
    if (type == SEEBATCH_KING)
        return decode_king_move(c, board, from, targets, castlings, pdep, move);
    unsigned count = (unsigned)popcount(targets);
    bool promotes = type == SEEBATCH_PAWN && rank_of(from) == (us == SEEBATCH_WHITE ? 6u : 1u);
    unsigned choices = promotes ? count * 4 : count;
    unsigned id = seebatch_take_bits(c, index_bits(choices));
    if (id >= choices)
        return "a move index beyond the piece's moves";
    unsigned to = nth_square_by(targets, promotes ? id / 4 : id, pdep);
    unsigned kind = SEEBATCH_MOVE_NORMAL;
    if (promotes)
        kind = SEEBATCH_MOVE_PROMOTE_KNIGHT + id % 4;
    else if (type == SEEBATCH_PAWN && to == board->en_passant)
        kind = SEEBATCH_MOVE_EN_PASSANT;
    *move = seebatch_move_make(from, to, kind);
    return NULL;
}

/* A score difference of several blocks: the folded value, or above 0xFFFF
 * when it would take more than 16 bits. */
static unsigned seebatch_decode_long_score(bit_cursor *c)
{
    unsigned folded = 0;
    for (unsigned shift = 0;; shift += BINPACK_SCORE_BLOCK) {
        if (shift >= 16)
            return 0x10000u;
        unsigned block = seebatch_take_bits(c, BINPACK_SCORE_BLOCK + 1);
        folded |= (block & 15u) << shift;
        if (!(block >> BINPACK_SCORE_BLOCK))
            return folded;
    }
}

/* The score: up to four blocks, each a continue bit then 4 bits of the
 * folded difference from the previous entry's score, seen from this side. */
static inline __attribute__((always_inline)) const char *
decode_score(bit_cursor *c, int16_t last_score, int16_t *score)
{
    unsigned folded = seebatch_take_bits(c, BINPACK_SCORE_BLOCK + 1);
    /* Most differences fit in one block. */
    if (folded >> BINPACK_SCORE_BLOCK) {
        c->used -= BINPACK_SCORE_BLOCK + 1;
        folded = seebatch_decode_long_score(c);
        if (folded > 0xFFFFu)
            return "a score difference longer than 16 bits";
    }
    *score = wrap16(last_score + unfold((uint16_t)folded));
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Chunks                                                                   */
/* ------------------------------------------------------------------------ */

void seebatch_binpack_decoder_start(binpack_chunk_decoder *decoder, const uint8_t *data,
                                    size_t size, uint64_t file_offset)
{
    memset(decoder, 0, sizeof *decoder);
    decoder->data = data;
    decoder->size = size;
    decoder->file_offset = file_offset;
    decoder->pdep = seebatch_cpu_has_fast_pext();
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    decoder->popcnt = __builtin_cpu_supports("popcnt");
#endif
}

/* The piece type on each occupied square of a stem's board. */
static void seebatch_fill_types(const seebatch_board *board, uint8_t types[64])
{
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        for (bitboard set = board->pieces[type]; set; set &= set - 1)
            types[lowest_square(set)] = (uint8_t)type;
}

/* Plays a move on a chain's board and its types: the piece taken and the
 * piece moved are read from the types, not from the bitboards. Castling, en
 * passant and promotions (about one move in a hundred) take this path;
 * play_in_chain has the rest inline. */
static __attribute__((noinline)) void seebatch_play_special(seebatch_board *board, uint8_t *types,
                                                   seebatch_move move, int type)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    chain_play_known(board, move, type, types[to]);
    if (kind == SEEBATCH_MOVE_CASTLING) {
        types[to] = SEEBATCH_KING;
        types[to > from ? to - 1 : to + 1] = SEEBATCH_ROOK;
    } else if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        types[to] = (uint8_t)seebatch_promotion_piece(move);
    } else {
        types[to] = (uint8_t)type;
    }
}

/* What chain_play_known does for a plain move, with no branch on
 * whether it takes: the type on an empty destination is a stale one, and
 * clearing an empty square from its bitboard changes nothing. */
static inline __attribute__((always_inline)) void
play_in_chain(seebatch_board *board, uint8_t *types, seebatch_move move, int type)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    bool double_push = type == SEEBATCH_PAWN && (from ^ to) == 16;
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL) {
        seebatch_play_special(board, types, move, type);
        return;
    }
    unsigned us = board->side_to_move & 1u;
    bitboard to_bit = seebatch_square_bit(to), move_bits = seebatch_square_bit(from) | to_bit;
    bool takes = (board->colors[us ^ 1u] >> to) & 1u;
    if (board->castling)
        board->castling &= (uint8_t) ~(rights_lost_on(from) | rights_lost_on(to));
    board->pieces[types[to]] &= ~to_bit;
    board->colors[us ^ 1u] &= ~to_bit;
    board->pieces[type] ^= move_bits;
    board->colors[us] ^= move_bits;
    board->halfmove_clock =
        (type == SEEBATCH_PAWN || takes) ? 0 : (uint16_t)(board->halfmove_clock + 1);
    board->side_to_move = (uint8_t)(us ^ 1u);
    board->en_passant = SEEBATCH_NO_SQUARE;
    types[to] = (uint8_t)type;
    /* Kept only when the other side could take there (as the data code
     * does): never without one of its pawns beside the pushed one. */
    if (double_push &&
        (((to_bit << 1 & 0xFEFEFEFEFEFEFEFEull) | (to_bit >> 1 & 0x7F7F7F7F7F7F7F7Full)) &
         board->pieces[SEEBATCH_PAWN] & board->colors[us ^ 1u]) &&
        seebatch_en_passant_possible(board, (from + to) / 2))
        board->en_passant = (uint8_t)((from + to) / 2);
}

/* What a decoding loop writes: whole entries, briefs, or nothing (the
 * entries are only counted). Each has a loop of its own. */
typedef enum sink_mode { SINK_ENTRIES, SINK_BRIEFS, SINK_NOTHING } sink_mode;

/* Where decoded entries go: whole entries (and their sources when
 * sources is not NULL), or, when briefs are asked for, briefs and the
 * boards a consumer of briefs may need (seebatch_binpack_next_briefs). */
typedef struct entry_sink {
    /* restrict: no store through one aliases the decoder's state (an
     * entry's int8_t result may alias anything otherwise). */
    training_entry *restrict entries;
    binpack_source *restrict sources;
    binpack_brief *restrict briefs;
    seebatch_board *restrict boards;
    size_t listed; /* briefs written */
} entry_sink;

/* Puts the entry at index n of the sink. In brief the in-check and capture
 * tests are made here, on the board the decoder has just played; a brief
 * is written for the entries seebatch_binpack_next_briefs lists (with its
 * board where kept), and a plain entry is counted in the brief before it
 * (*notable: the entry before was notable, moved past this one). */
static inline __attribute__((always_inline)) void sink_put(entry_sink *sink, size_t n,
                                                           const training_entry *e,
                                                           binpack_source source, sink_mode mode,
                                                           bool *notable)
{
    if (mode == SINK_NOTHING)
        return;
    if (mode == SINK_ENTRIES) {
        sink->entries[n] = *e;
        if (sink->sources)
            sink->sources[n] = source;
        return;
    }
    unsigned facts = (seebatch_side_in_check(&e->board) ? BRIEF_IN_CHECK : 0u) |
                     (move_captures(&e->board, e->move) ? BRIEF_CAPTURES : 0u);
    bool notable_now = facts || seebatch_move_kind(e->move) != SEEBATCH_MOVE_NORMAL;
    bool keep_board = notable_now || *notable || source.stem;
    *notable = notable_now;
    if (!keep_board && sink->listed) {
        binpack_brief *last = &sink->briefs[sink->listed - 1];
        last->plain++;
        last->plain_end = (uint32_t)source.bit_end;
        return;
    }
    if (keep_board) {
        sink->boards[sink->listed] = e->board;
        facts |= BRIEF_BOARD;
    }
    if (source.stem)
        facts |= BRIEF_STEM;
    sink->briefs[sink->listed++] = (binpack_brief){
        e->move,
        (uint8_t)facts,
        e->result,
        e->score,
        e->ply,
        (uint32_t)(source.stem ? source.stem_at : source.bit_start),
        (uint32_t)(source.stem ? (source.stem_at + BINPACK_STEM_SIZE + 2) * 8 : source.bit_end),
        0,
        0};
}

/* The entries of the open chain, up to max (at least 1): the loop nearly
 * every entry takes, its state in locals and written back at the end.
 * Returns how many were decoded; *problem is set (and *fault filled) when
 * the movetext does not decode. */
static inline __attribute__((always_inline)) size_t
decode_chain(binpack_chunk_decoder *restrict d, entry_sink *sink, training_entry *restrict entries,
             binpack_source *restrict sources, size_t max, bool pdep, sink_mode mode,
             binpack_fault *restrict fault, const char **problem)
{
    training_entry e = d->entry;
    int moved_type = d->moved_type;
    uint64_t bit = d->bit, start = bit;
    const uint64_t end_bit = (uint64_t)d->size * 8;
    int16_t last_score = d->last_score;
    unsigned plies_left = d->plies_left;
    bool notable = d->notable;
    /* The sink in locals: a store of an entry's int8_t result may alias
     * anything, so its fields would be loaded again after every entry. */
    entry_sink out = *sink;
    out.entries = entries;
    out.sources = sources;
    size_t n = 0, todo = plies_left < max ? plies_left : max;
    const char *why = NULL;
    while (n < todo) {
        /* The previous entry becomes this one. */
        start = bit;
        play_in_chain(&e.board, d->types, e.move, moved_type);
        e.ply = (uint16_t)(e.ply + 1);
        e.board.fullmove_number = fullmove_of_ply(e.ply);
        e.result = (int8_t)-e.result;
        bit_cursor cursor = {peek_bits(d->data, d->size, bit), 0};
        why = decode_move(&cursor, &e.board, d->types, pdep, &e.move, &moved_type);
        /* Movetext numbers a piece's squares without asking whether a king
         * stands there: damaged bits can take one, and every entry after
         * would lack it. One test keeps every entry with both kings. */
        if (!why && (seebatch_square_bit(seebatch_move_to(e.move)) & e.board.pieces[SEEBATCH_KING]))
            why = "a move that takes a king: the movetext is damaged";
        if (!why)
            why = decode_score(&cursor, last_score, &e.score);
        if (bit + cursor.used > end_bit)
            why = "the chunk ends inside a chain's movetext";
        if (why)
            break;
        bit += cursor.used;
        last_score = wrap16(-e.score);
        sink_put(&out, n, &e, (binpack_source){false, 0, start, bit}, mode, &notable);
        n++;
    }
    sink->listed = out.listed;
    plies_left -= (unsigned)n;
    d->notable = notable;
    d->entry = e;
    d->moved_type = moved_type;
    d->bit = bit;
    d->last_score = last_score;
    d->plies_left = plies_left;
    if (!plies_left)
        d->next_stem = (size_t)((bit + 7) / 8);
    *problem = why;
    if (*problem)
        seebatch_fault_at(fault, d->file_offset + (start >> 3), *problem);
    return n;
}

static inline __attribute__((always_inline)) binpack_step next_stem(binpack_chunk_decoder *d,
                                                                    entry_sink *sink,
                                                                    size_t at_entry, sink_mode mode,
                                                                    binpack_fault *fault)
{
    size_t at = d->next_stem;
    if (at == d->size)
        return BINPACK_END;
    if (d->size - at < BINPACK_STEM_SIZE + 2) {
        seebatch_fault_at(fault, d->file_offset + at, "");
        snprintf(fault->message, sizeof fault->message,
                 "%zu bytes at the end of the chunk, too few for an entry", d->size - at);
        return BINPACK_FAULT;
    }
    if (!seebatch_unpack_stem(d->data + at, &d->entry, fault, d->pdep)) {
        fault->byte_offset = d->file_offset + at;
        return BINPACK_FAULT;
    }
    seebatch_fill_types(&d->entry.board, d->types);
    d->moved_type = d->types[seebatch_move_from(d->entry.move)];
    d->plies_left = read_be16(d->data + at + BINPACK_STEM_SIZE);
    d->bit = (uint64_t)(at + BINPACK_STEM_SIZE + 2) * 8;
    d->next_stem = at + BINPACK_STEM_SIZE + 2;
    d->last_score = wrap16(-d->entry.score);
    sink_put(sink, at_entry, &d->entry, (binpack_source){true, (uint32_t)at, 0, 0}, mode,
             &d->notable);
    return BINPACK_ENTRY;
}

/* The loop over a block: one call for many entries, the chains' entries
 * in a loop of their own (most entries are not stems), built once for
 * each way of finding the n-th set square. */
static inline __attribute__((always_inline)) size_t
next_entries_by(binpack_chunk_decoder *restrict d, entry_sink *sink, size_t max, binpack_step *stop,
                binpack_fault *restrict fault, bool pdep, sink_mode mode)
{
    size_t count = 0;
    binpack_step step = BINPACK_ENTRY;
    while (count < max) {
        if (d->plies_left) {
            const char *problem = NULL;
            bool whole = mode == SINK_ENTRIES;
            count += decode_chain(d, sink, whole ? sink->entries + count : NULL,
                                  whole && sink->sources ? sink->sources + count : NULL,
                                  max - count, pdep, mode, fault, &problem);
            if (problem) {
                step = BINPACK_FAULT;
                break;
            }
            continue;
        }
        step = next_stem(d, sink, count, mode, fault);
        if (step != BINPACK_ENTRY)
            break;
        count++;
    }
    *stop = step;
    return count;
}

typedef size_t decoding_loop(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                             binpack_step *stop, binpack_fault *fault);

/* The loops, one for each sink mode: where pdep is fast the CPU has BMI2
 * (and POPCNT), and that copy is built for them, its variable shifts one
 * instruction each (shlx, shrx) rather than two, the decoder's most
 * frequent operation after loads; the portable copy (POPCNT clones) finds
 * the n-th set square by pdep or by halving as the decoder says. */
#if defined(__x86_64__) && !defined(SEEBATCH_NO_CLONES)
#define SEEBATCH_BMI2_DECODER 1
__attribute__((target("popcnt,bmi2"))) static size_t seebatch_next_entries_bmi2(binpack_chunk_decoder *d,
                                                                       entry_sink *sink, size_t max,
                                                                       binpack_step *stop,
                                                                       binpack_fault *fault)
{
    return next_entries_by(d, sink, max, stop, fault, true, SINK_ENTRIES);
}

__attribute__((target("popcnt,bmi2"))) static size_t seebatch_next_briefs_bmi2(binpack_chunk_decoder *d,
                                                                      entry_sink *sink, size_t max,
                                                                      binpack_step *stop,
                                                                      binpack_fault *fault)
{
    return next_entries_by(d, sink, max, stop, fault, true, SINK_BRIEFS);
}

__attribute__((target("popcnt,bmi2"))) static size_t seebatch_next_nothing_bmi2(binpack_chunk_decoder *d,
                                                                       entry_sink *sink, size_t max,
                                                                       binpack_step *stop,
                                                                       binpack_fault *fault)
{
    return next_entries_by(d, sink, max, stop, fault, true, SINK_NOTHING);
}
#endif

SEEBATCH_POPCNT_CLONES
static size_t seebatch_next_entries_portable(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                                    binpack_step *stop, binpack_fault *fault)
{
    return d->pdep ? next_entries_by(d, sink, max, stop, fault, true, SINK_ENTRIES)
                   : next_entries_by(d, sink, max, stop, fault, false, SINK_ENTRIES);
}

SEEBATCH_POPCNT_CLONES
static size_t seebatch_next_briefs_portable(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                                   binpack_step *stop, binpack_fault *fault)
{
    return d->pdep ? next_entries_by(d, sink, max, stop, fault, true, SINK_BRIEFS)
                   : next_entries_by(d, sink, max, stop, fault, false, SINK_BRIEFS);
}

SEEBATCH_POPCNT_CLONES
static size_t seebatch_next_nothing_portable(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                                    binpack_step *stop, binpack_fault *fault)
{
    return d->pdep ? next_entries_by(d, sink, max, stop, fault, true, SINK_NOTHING)
                   : next_entries_by(d, sink, max, stop, fault, false, SINK_NOTHING);
}

static size_t seebatch_next_entries(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                           binpack_step *stop, binpack_fault *fault)
{
    sink_mode mode = sink->entries ? SINK_ENTRIES : sink->briefs ? SINK_BRIEFS : SINK_NOTHING;
    static decoding_loop *const portable[3] = {seebatch_next_entries_portable, seebatch_next_briefs_portable,
                                               seebatch_next_nothing_portable};
#ifdef SEEBATCH_BMI2_DECODER
    static decoding_loop *const bmi2[3] = {seebatch_next_entries_bmi2, seebatch_next_briefs_bmi2, seebatch_next_nothing_bmi2};
    if (d->pdep && d->popcnt)
        return bmi2[mode](d, sink, max, stop, fault);
#endif
    return portable[mode](d, sink, max, stop, fault);
}

binpack_step seebatch_binpack_next(binpack_chunk_decoder *decoder, training_entry *entry,
                                   binpack_source *source, binpack_fault *fault)
{
    binpack_step step;
    entry_sink sink = {entry, source, NULL, NULL, 0};
    seebatch_next_entries(decoder, &sink, 1, &step, fault);
    return step;
}

size_t seebatch_binpack_next_block(binpack_chunk_decoder *decoder, training_entry *entries,
                                   binpack_source *sources, size_t max, binpack_step *stop,
                                   binpack_fault *fault)
{
    entry_sink sink = {entries, sources, NULL, NULL, 0};
    return seebatch_next_entries(decoder, &sink, max, stop, fault);
}

size_t seebatch_binpack_skip_block(binpack_chunk_decoder *decoder, size_t max, binpack_step *stop,
                                   binpack_fault *fault)
{
    entry_sink sink = {NULL, NULL, NULL, NULL, 0};
    return seebatch_next_entries(decoder, &sink, max, stop, fault);
}

size_t seebatch_binpack_next_briefs(binpack_chunk_decoder *decoder, binpack_brief *briefs,
                                    seebatch_board *boards, size_t max, size_t *listed,
                                    binpack_step *stop, binpack_fault *fault)
{
    entry_sink sink = {NULL, NULL, briefs, boards, 0};
    *listed = 0;
    if (decoder->size > BINPACK_MAX_CHUNK) {
        *stop = BINPACK_FAULT;
        seebatch_fault_at(fault, decoder->file_offset, "a payload too large to be read in brief");
        return 0;
    }
    size_t count = seebatch_next_entries(decoder, &sink, max, stop, fault);
    *listed = sink.listed;
    return count;
}

/* ------------------------------------------------------------------------ */
/* Files                                                                    */
/* ------------------------------------------------------------------------ */

static binpack_chunk_status seebatch_bad_header(binpack_fault *fault, uint64_t offset, const char *message)
{
    seebatch_fault_at(fault, offset, message);
    return BINPACK_CHUNK_BAD;
}

binpack_chunk_status seebatch_binpack_read_chunk(binpack_file_reader *reader, const uint8_t **data,
                                                 size_t *size, uint64_t *file_offset,
                                                 binpack_fault *fault)
{
    uint8_t header[BINPACK_HEADER_SIZE];
    size_t got = fread(header, 1, sizeof header, reader->file);
    uint64_t at = reader->offset;
    if (got == 0 && !ferror(reader->file))
        return BINPACK_CHUNK_NONE;
    if (ferror(reader->file))
        return seebatch_bad_header(fault, at, "the file cannot be read");
    if (got < sizeof header)
        return seebatch_bad_header(fault, at, "the file ends inside a chunk header");
    if (memcmp(header, "BINP", 4) != 0)
        return seebatch_bad_header(fault, at, "no chunk header (\"BINP\") where a chunk should start");
    uint32_t length = (uint32_t)header[4] | (uint32_t)header[5] << 8 | (uint32_t)header[6] << 16 |
                      (uint32_t)header[7] << 24;
    if (length > BINPACK_MAX_CHUNK) {
        seebatch_fault_at(fault, at, "");
        snprintf(fault->message, sizeof fault->message,
                 "the chunk header claims %u bytes, more than the %u-byte limit", length,
                 (unsigned)BINPACK_MAX_CHUNK);
        return BINPACK_CHUNK_BAD;
    }
    if (length > reader->capacity) {
        uint8_t *grown = realloc(reader->payload, length);
        if (!grown)
            return BINPACK_CHUNK_NO_MEMORY;
        reader->payload = grown;
        reader->capacity = length;
    }
    got = length ? fread(reader->payload, 1, length, reader->file) : 0;
    *data = reader->payload;
    *size = got;
    *file_offset = at + BINPACK_HEADER_SIZE;
    reader->offset = at + BINPACK_HEADER_SIZE + got;
    if (got == length)
        return BINPACK_CHUNK_READ;
    seebatch_fault_at(fault, reader->offset, "");
    snprintf(fault->message, sizeof fault->message,
             "the file ends %zu bytes into a chunk whose header (at byte %llu) claims %u bytes",
             got, (unsigned long long)at, length);
    return ferror(reader->file) ? BINPACK_CHUNK_BAD : BINPACK_CHUNK_TRUNCATED;
}

void seebatch_binpack_file_reader_free(binpack_file_reader *reader)
{
    free(reader->payload);
    reader->payload = NULL;
    reader->capacity = 0;
}

void seebatch_binpack_truncation_fault(const binpack_fault *decoding,
                                       const binpack_fault *truncation, binpack_fault *out)
{
    uint64_t where = decoding ? decoding->byte_offset : truncation->byte_offset;
    *out = *truncation;
    out->byte_offset = where;
}
