/*
 * The binpack decoder's paths agree entry by entry: each copy of the coding
 * this build holds and this CPU runs (chain_coding.h: avx2, popcnt, plain),
 * by pdep where it has it and by halving. The n-th set square by halving
 * agrees with a plain walk over the squares on random bitboards, and every
 * chunk of a file decoded one entry at a time by the plain copy is
 * compared with blocks of assorted sizes on each path (entries, where they
 * came from, where and why decoding stopped). Each entry inside a
 * chain is also encoded again by the writer from the entry before it (the
 * writer counts a move's index with popcount below the square, no nth
 * square): its bits must be the ones it was read from. And the guess of
 * where a chain starts (seebatch_binpack_guess_chain_start), from offsets spread over each
 * chunk, is the first stem at or after the offset (or the end). Every
 * entry is packed as a stem on each path: the same 32 bytes. Decoding in brief
 * (seebatch_binpack_next_briefs), on both paths and in blocks of assorted sizes, gives each
 * entry's move, score, ply, result and source for the entries it lists, its in-check and
 * capture facts as seebatch_side_in_check and move_captures judge the whole entry,
 * and its board wherever the contract keeps it (a stem, a notable entry,
 * the entry after one); the others are plain, counted with their bits in
 * the brief before them; it stops where and why the whole entries stop.
 * Decoding that keeps nothing (seebatch_binpack_skip_block) counts the
 * same entries and stops at the same fault.
 *
 * A damaged file (decoder_paths.sh damages copies of the games) is compared
 * the same way, up to the fault and the fault itself, on every path: the
 * copies' fault branches are each reached; the chunks that stopped at a
 * fault are counted on the last line. Its entries are not encoded again
 * (damaged bits may decode to an entry the writer writes otherwise).
 *
 * usage: decoder_paths [--damaged] FILE.binpack   (exit 77 when FILE is absent, or when
 *                                      this build and CPU have one path only)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_reader.h"
#include "training/formats/chain_start.h"
#include "seebatch_training.h"
#include "training/formats/binpack_stem.h"
#include "training/formats/binpack_writer.h"
#include "training/formats/chain_coding_choice.h"
#include "training/formats/chain_moves.h"
#include "machine/cpu_features.h"

static int failures;

static void fail(const char *what, unsigned long long where)
{
    if (failures++ < 10)
        fprintf(stderr, "decoder_paths: FAIL: %s (at %llu)\n", what, where);
}

static unsigned walk_nth(bitboard set, unsigned n)
{
    for (unsigned square = 0; square < 64; square++)
        if (((set >> square) & 1u) && n-- == 0)
            return square;
    return 64;
}

static void check_nth_square(void)
{
    uint64_t state = 0x9E3779B97F4A7C15ull;
    for (int round = 0; round < 200000; round++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        bitboard set = state & (round % 3 ? state >> 11 : ~0ull) & (round % 5 ? ~0ull : state << 3);
        if (!set)
            continue;
        unsigned n = (unsigned)(state >> 58) % (unsigned)popcount(set);
        unsigned expected = walk_nth(set, n);
        if (nth_square(set, n) != expected)
            fail("nth square by halving", (unsigned long long)set);
    }
}

/* Field by field: memcmp would compare the padding after stem, which no
 * decoder writes (it differed once the decoders' helpers were not inlined). */
static bool same_source(const binpack_source *a, const binpack_source *b)
{
    return a->stem == b->stem && a->stem_at == b->stem_at && a->bit_start == b->bit_start &&
           a->bit_end == b->bit_end;
}

static bool same_entry(const training_entry *a, const training_entry *b)
{
    return memcmp(a->board.pieces, b->board.pieces, sizeof a->board.pieces) == 0 &&
           memcmp(a->board.colors, b->board.colors, sizeof a->board.colors) == 0 &&
           a->board.side_to_move == b->board.side_to_move &&
           a->board.castling == b->board.castling && a->board.en_passant == b->board.en_passant &&
           a->board.halfmove_clock == b->board.halfmove_clock &&
           a->board.fullmove_number == b->board.fullmove_number && a->move == b->move &&
           a->score == b->score && a->ply == b->ply && a->result == b->result;
}

/* The bits [start, end) of data, high bit first, compared with the open
 * chain's movetext in a writer. */
static bool same_bits(const uint8_t *data, uint64_t start, uint64_t end, const binpack_writer *w)
{
    if (w->bits != end - start)
        return false;
    for (uint64_t i = 0; i < end - start; i++) {
        uint64_t bit = start + i;
        unsigned a = (data[bit >> 3] >> (7 - (bit & 7))) & 1u;
        unsigned b = (w->payload[w->movetext_at + (i >> 3)] >> (7 - (i & 7))) & 1u;
        if (a != b)
            return false;
    }
    return true;
}

enum { MAX_ENTRIES = 1 << 22, MAX_PATHS = 8 };

/* A way of decoding: a copy of the coding, by pdep or by halving. */
typedef struct path {
    const chain_coding *coding;
    bool pdep;
} path;

/* The first is the plain copy by halving, the reference. */
static size_t paths_here(path paths[MAX_PATHS])
{
    size_t count = 0;
    paths[count++] = (path){seebatch_chain_codings[seebatch_chain_coding_count - 1], false};
    for (size_t i = 0; i + 1 < seebatch_chain_coding_count; i++) {
        const chain_coding *coding = seebatch_chain_codings[i];
        if (!seebatch_cpu_runs_here(coding->needs))
            continue;
        paths[count++] = (path){coding, false};
        if (coding->has_pdep)
            paths[count++] = (path){coding, true};
    }
    return count;
}

static void start_decoder(binpack_chunk_decoder *decoder, const uint8_t *data, size_t size,
                          uint64_t offset, path way)
{
    seebatch_binpack_decoder_start(decoder, data, size, offset);
    decoder->coding = way.coding;
    decoder->pdep = way.pdep;
}

static void start_writer(binpack_writer *writer, path way)
{
    seebatch_binpack_writer_init(writer);
    writer->coding = way.coding;
    writer->pdep = way.pdep;
}

typedef struct decoded {
    training_entry *entries;
    binpack_source *sources;
    size_t count;
    binpack_step last;
    binpack_fault fault;
} decoded;

/* The whole payload, max entries per call (1: seebatch_binpack_next). */
static void decode(const uint8_t *data, size_t size, uint64_t offset, path way, size_t max,
                   decoded *out)
{
    binpack_chunk_decoder decoder;
    start_decoder(&decoder, data, size, offset, way);
    out->count = 0;
    memset(&out->fault, 0, sizeof out->fault);
    for (size_t call = 0;; call++) {
        size_t room = MAX_ENTRIES - out->count, want = max == 1 ? 1 : 1 + call * 37 % max;
        if (room == 0)
            return;
        if (want > room)
            want = room;
        if (max == 1) {
            out->last = seebatch_binpack_next(&decoder, &out->entries[out->count],
                                              &out->sources[out->count], &out->fault);
            out->count += out->last == BINPACK_ENTRY;
        } else {
            out->count += seebatch_binpack_next_block(&decoder, &out->entries[out->count],
                                                      &out->sources[out->count], want, &out->last,
                                                      &out->fault);
        }
        if (out->last != BINPACK_ENTRY)
            return;
    }
}

/* The guess from offsets spread over the payload is the first stem at or
 * after each (sources hold every stem of a payload decoded to its end). */
static void check_guesses(const uint8_t *data, size_t size, uint64_t offset, const decoded *all)
{
    if (all->last != BINPACK_END)
        return;
    for (size_t step = 1; step <= 64; step++) {
        size_t from = 1 + (size - 1) * step / 65, expected = size; /* the guess starts after 0 */
        for (size_t i = 0; i < all->count; i++)
            if (all->sources[i].stem && all->sources[i].stem_at >= from) {
                expected = all->sources[i].stem_at;
                break;
            }
        if (seebatch_binpack_guess_chain_start(data, size, from) != expected)
            fail("a guessed chain start is not the first stem after the offset", offset + from);
    }
}

/* An entry the writer lets through without a round trip
 * (seebatch_binpack_stem_holds_plainly) packs and reads back as it is;
 * the entry itself, and variants the stem cannot hold (a king gone, a ply
 * past 14 bits, the move of the side not to move, a castling right) or
 * that are no game position are told apart by that check or by the round
 * trip alike. */
static void check_plain_holds(const training_entry *entry, uint64_t offset)
{
    training_entry variants[5] = {*entry, *entry, *entry, *entry, *entry};
    seebatch_board *board = &variants[1].board;
    bitboard white_king = board->pieces[SEEBATCH_KING] & board->colors[SEEBATCH_WHITE];
    board->pieces[SEEBATCH_KING] &= ~white_king;
    board->colors[SEEBATCH_WHITE] &= ~white_king;
    variants[2].ply = 16384;
    variants[3].board.side_to_move ^= 1u;
    /* A right whose rook is not on h1 (or that is not white's). */
    variants[4].board.castling = SEEBATCH_CASTLE_WHITE_KINGSIDE;
    if ((variants[4].board.pieces[SEEBATCH_ROOK] & variants[4].board.colors[SEEBATCH_WHITE]) >> 7 &
        1u) {
        variants[4].board.pieces[SEEBATCH_ROOK] &= ~(1ull << 7);
        variants[4].board.colors[SEEBATCH_WHITE] &= ~(1ull << 7);
    }
    for (int v = 0; v < 5; v++) {
        if (!seebatch_binpack_stem_holds_plainly(&variants[v]))
            continue;
        uint8_t stem[32];
        training_entry back;
        binpack_fault fault;
        seebatch_binpack_pack_stem(&variants[v], stem);
        const seebatch_board *a = &variants[v].board, *b = &back.board;
        if (!seebatch_binpack_unpack_stem(stem, &back, &fault) ||
            memcmp(a->pieces, b->pieces, sizeof a->pieces) != 0 ||
            memcmp(a->colors, b->colors, sizeof a->colors) != 0 ||
            a->side_to_move != b->side_to_move || a->halfmove_clock != b->halfmove_clock ||
            variants[v].move != back.move || variants[v].score != back.score ||
            variants[v].ply != back.ply || variants[v].result != back.result)
            fail("an entry held plainly by a stem does not read back as it is", offset);
    }
    if (seebatch_binpack_stem_holds_plainly(&variants[1]) ||
        seebatch_binpack_stem_holds_plainly(&variants[2]) ||
        seebatch_binpack_stem_holds_plainly(&variants[4]))
        fail("a stem is said to hold plainly what it cannot", offset);
}

/* The first stem at or after from (size when none). */
static size_t first_stem_from(const decoded *all, size_t from, size_t size)
{
    for (size_t i = 0; i < all->count; i++)
        if (all->sources[i].stem && all->sources[i].stem_at >= from)
            return all->sources[i].stem_at;
    return size;
}

/* The payload cut for 1 to 8 threads: parts starting at 0 and then at the
 * first stem from each share of the payload (after the start before it),
 * as many as such stems are found; none past the end. */
static void check_cuts(const uint8_t *data, size_t size, uint64_t offset, const decoded *all)
{
    if (all->last != BINPACK_END)
        return;
    for (size_t parts = 1; parts <= 8; parts++) {
        size_t starts[8], expected[8] = {0}, count = 1;
        for (size_t k = 1; k < parts; k++) {
            size_t from = size / parts * k;
            size_t stem = first_stem_from(
                all, from > expected[count - 1] ? from : expected[count - 1] + 1, size);
            if (stem >= size)
                break;
            expected[count++] = stem;
        }
        size_t got = seebatch_binpack_cut_payload(data, size, parts, starts);
        if (got != count || memcmp(starts, expected, count * sizeof *starts) != 0)
            fail("a payload is cut otherwise than at the first stem of each share", offset);
    }
}

/* The path's material count and move numbering of an entry are the
 * reference's. */
static void check_counting(const training_entry *entry, uint64_t offset, const path *paths,
                           size_t way)
{
    static const int32_t values[5] = {208, 781, 825, 1276, 2538};
    if (paths[way].coding->material(&entry->board, values) !=
        paths[0].coding->material(&entry->board, values))
        fail("a board's material differs from the plain count", offset);
    chain_numbering mine, reference;
    bool reaches = paths[way].coding->number_move(&entry->board, entry->move, &mine);
    if (reaches != paths[0].coding->number_move(&entry->board, entry->move, &reference) ||
        memcmp(&mine, &reference, sizeof mine) != 0 || !reaches)
        fail("a move is numbered otherwise than by the plain copy", offset);
}

/* Each entry packed as a stem on the path gives the reference's bytes, and
 * each chain entry appended by the path's writer the bits it was read from;
 * its material and numbering are the reference's. */
static void check_encoding(const uint8_t *data, uint64_t offset, const decoded *one,
                           const path *paths, size_t way)
{
    binpack_writer writer;
    start_writer(&writer, paths[way]);
    for (size_t i = 0; i < one->count; i++) {
        binpack_writer reference, other;
        start_writer(&reference, paths[0]);
        start_writer(&other, paths[way]);
        seebatch_binpack_start_chain(&reference, &one->entries[i], NULL);
        seebatch_binpack_start_chain(&other, &one->entries[i], NULL);
        check_counting(&one->entries[i], offset, paths, way);
        if (memcmp(reference.payload, other.payload, 32) != 0)
            fail("a stem packed on a path differs from the plain one", offset);
        seebatch_binpack_writer_free(&reference);
        seebatch_binpack_writer_free(&other);
        const binpack_source *source = &one->sources[i];
        if (source->stem)
            continue;
        seebatch_binpack_writer_free(&writer);
        seebatch_binpack_start_chain(&writer, &one->entries[i - 1], NULL);
        seebatch_binpack_append_entry(&writer, &one->entries[i]);
        if (!same_bits(data, source->bit_start, source->bit_end, &writer))
            fail("an entry encoded again gives other bits", source->bit_start);
    }
    seebatch_binpack_writer_free(&writer);
}

/* The payload one entry at a time by the reference (into one), and in
 * blocks on the path: the same entries, sources and end. */
static void compare_chunk(const uint8_t *data, size_t size, uint64_t offset, const decoded *one,
                          decoded *block, path way)
{
    decode(data, size, offset, way, 5000, block);
    if (one->count != block->count || one->last != block->last)
        fail("entry counts or ends differ", offset);
    if (one->last == BINPACK_FAULT && (one->fault.byte_offset != block->fault.byte_offset ||
                                       strcmp(one->fault.message, block->fault.message) != 0))
        fail("faults differ", offset);
    size_t count = one->count < block->count ? one->count : block->count;
    for (size_t i = 0; i < count; i++)
        if (!same_entry(&one->entries[i], &block->entries[i]) ||
            !same_source(&one->sources[i], &block->sources[i]))
            fail("an entry differs between the paths", offset);
}

enum { BRIEF_BLOCK = 600 };

/* Whether the decoder must keep the entry's board in brief: in check,
 * taking, or a move of another kind than normal. */
static bool notable_entry(const training_entry *entry)
{
    return seebatch_side_in_check(&entry->board) || move_captures(&entry->board, entry->move) ||
           seebatch_move_kind(entry->move) != SEEBATCH_MOVE_NORMAL;
}

/* Whether entry i is listed for what it is (not for being first). */
static bool listed_entry(const decoded *whole, size_t i)
{
    return whole->sources[i].stem || notable_entry(&whole->entries[i]) ||
           (i > 0 && notable_entry(&whole->entries[i - 1]));
}

/* A brief against entry i and its plain entries against the ones after. */
static void check_brief(const binpack_brief *brief, const seebatch_board *board,
                        const decoded *whole, size_t i, bool first, uint64_t offset)
{
    const training_entry *entry = &whole->entries[i];
    binpack_source source = binpack_brief_source(brief);
    unsigned facts = (seebatch_side_in_check(&entry->board) ? BRIEF_IN_CHECK : 0u) |
                     (move_captures(&entry->board, entry->move) ? BRIEF_CAPTURES : 0u);
    bool keeps = listed_entry(whole, i);
    if (!keeps && !first)
        fail("a brief lists an entry that is neither first nor notable nor after one", offset);
    if (brief->move != entry->move || brief->score != entry->score || brief->ply != entry->ply ||
        brief->result != entry->result || !same_source(&source, &whole->sources[i]))
        fail("a brief's move, score, ply, result or source differs from the entry's", offset);
    if ((brief->facts & (BRIEF_IN_CHECK | BRIEF_CAPTURES)) != facts)
        fail("a brief's check or capture differs from the entry's", offset);
    if (((brief->facts & BRIEF_BOARD) != 0) != keeps)
        fail("a brief keeps its board where the contract says otherwise", offset);
    training_entry again = binpack_brief_entry(brief, board);
    if (keeps && !same_entry(&again, entry))
        fail("a brief's kept board differs from the entry's", offset);
    for (size_t k = 1; k <= brief->plain && i + k < whole->count; k++) {
        uint64_t follows = k == 1 ? brief->end : whole->sources[i + k - 1].bit_end;
        if (listed_entry(whole, i + k) || whole->sources[i + k].bit_start != follows)
            fail("a plain entry is one the briefs list, or its bits do not follow", offset);
    }
    if (brief->plain && i + brief->plain < whole->count &&
        brief->plain_end != whole->sources[i + brief->plain].bit_end)
        fail("a brief's plain entries end elsewhere", offset);
}

/* The payload in brief on one path against the whole entries. */
static void compare_briefs(const uint8_t *data, size_t size, uint64_t offset, path way,
                           const decoded *whole)
{
    static binpack_brief briefs[BRIEF_BLOCK];
    static seebatch_board boards[BRIEF_BLOCK];
    binpack_chunk_decoder decoder;
    start_decoder(&decoder, data, size, offset, way);
    size_t done = 0;
    brief_list list = {briefs, boards, 0};
    binpack_step last = BINPACK_ENTRY;
    binpack_fault fault = {0, ""};
    for (size_t call = 0; last == BINPACK_ENTRY; call++) {
        size_t want = 1 + call * 53 % BRIEF_BLOCK;
        size_t got = seebatch_binpack_next_briefs(&decoder, &list, want, &last, &fault);
        size_t listed = list.listed;
        size_t covered = 0;
        for (size_t k = 0; k < listed && done + covered < whole->count; k++) {
            check_brief(&briefs[k], &boards[k], whole, done + covered, k == 0, offset);
            covered += 1 + briefs[k].plain;
        }
        if (covered != got || (got && !listed))
            fail("in brief the listed and plain entries are not the entries decoded", offset);
        done += got;
        if (done > whole->count)
            break;
    }
    if (done != whole->count || last != whole->last)
        fail("in brief the entry count or the end differs", offset);
    if (last == BINPACK_FAULT && (fault.byte_offset != whole->fault.byte_offset ||
                                  strcmp(fault.message, whole->fault.message) != 0))
        fail("in brief the fault differs", offset);
}

/* The payload decoded keeping nothing (seebatch_binpack_skip_block), in
 * blocks of assorted sizes: as many entries, the same end and fault. */
static void compare_skipping(const uint8_t *data, size_t size, uint64_t offset, path way,
                             const decoded *whole)
{
    binpack_chunk_decoder decoder;
    start_decoder(&decoder, data, size, offset, way);
    size_t done = 0;
    binpack_step last = BINPACK_ENTRY;
    binpack_fault fault = {0, ""};
    for (size_t call = 0; last == BINPACK_ENTRY && done <= whole->count; call++)
        done += seebatch_binpack_skip_block(&decoder, 1 + call * 41 % 700, &last, &fault);
    if (done != whole->count || last != whole->last)
        fail("skipping, the entry count or the end differs", offset);
    if (last == BINPACK_FAULT && (fault.byte_offset != whole->fault.byte_offset ||
                                  strcmp(fault.message, whole->fault.message) != 0))
        fail("skipping, the fault differs", offset);
}

int main(int argc, char **argv)
{
    bool damaged = argc == 3 && strcmp(argv[1], "--damaged") == 0;
    if (argc != 2 && !damaged) {
        fprintf(stderr, "usage: decoder_paths [--damaged] FILE.binpack\n");
        return 2;
    }
    const char *name = argv[argc - 1];
    path paths[MAX_PATHS];
    size_t path_count = paths_here(paths);
    check_nth_square();
    FILE *file = fopen(name, "rb");
    if (!file) {
        printf("decoder_paths: SKIP: %s is absent: it is nnue-pytorch's .pgo/small.binpack, never "
               "committed: copy it to ../shared/data (docs/checking.md)\n",
               name);
        return 77;
    }
    decoded one = {malloc(MAX_ENTRIES * sizeof *one.entries),
                   malloc(MAX_ENTRIES * sizeof *one.sources),
                   0,
                   BINPACK_END,
                   {0, ""}};
    decoded block = {malloc(MAX_ENTRIES * sizeof *block.entries),
                     malloc(MAX_ENTRIES * sizeof *block.sources),
                     0,
                     BINPACK_END,
                     {0, ""}};
    if (!one.entries || !one.sources || !block.entries || !block.sources)
        return 3;
    binpack_file_reader reader = {file, 0, NULL, 0};
    const uint8_t *data;
    size_t size, entries = 0, chunks = 0, faults = 0;
    uint64_t offset;
    binpack_fault fault;
    binpack_chunk_status status;
    while ((status = seebatch_binpack_read_chunk(&reader, &data, &size, &offset, &fault)) ==
               BINPACK_CHUNK_READ ||
           status == BINPACK_CHUNK_TRUNCATED) {
        decode(data, size, offset, paths[0], 1, &one);
        check_guesses(data, size, offset, &one);
        check_cuts(data, size, offset, &one);
        for (size_t i = 0; i < one.count; i++)
            check_plain_holds(&one.entries[i], offset);
        for (size_t way = 0; way < path_count; way++) {
            compare_chunk(data, size, offset, &one, &block, paths[way]);
            if (!damaged)
                check_encoding(data, offset, &one, paths, way);
            if (one.count < MAX_ENTRIES) {
                compare_briefs(data, size, offset, paths[way], &one);
                compare_skipping(data, size, offset, paths[way], &one);
            }
        }
        entries += one.count;
        faults += one.last == BINPACK_FAULT;
        chunks++;
    }
    seebatch_binpack_file_reader_free(&reader);
    fclose(file);
    printf("decoder_paths: %zu entries in %zu chunks, paths compared:", entries, chunks);
    for (size_t way = 0; way < path_count; way++)
        printf(" %s%s", paths[way].coding->name, paths[way].pdep ? "+pdep" : "");
    printf(", %d failures; %zu chunks stopped at a fault\n", failures, faults);
    free(one.entries), free(one.sources), free(block.entries), free(block.sources);
    if (failures)
        return 1;
    if (path_count == 1)
        printf("decoder_paths: SKIP: one path only (this build or CPU has no other copy)\n");
    return entries == 0 ? 1 : path_count > 1 ? 0 : 77;
}
