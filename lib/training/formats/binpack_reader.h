/*
 * Reading Stockfish's .binpack training data.
 *
 * A file is a sequence of chunks: "BINP", a little-endian 32-bit payload
 * size, the payload. A payload is a sequence of chains; a chain is a stem
 * (one entry in 32 bytes: a 24-byte position, a 2-byte move, then score,
 * ply with result, rule-50 counter, 2 bytes each, big-endian, signed values
 * folded so the sign is the lowest bit), a big-endian 16-bit count of the
 * entries that follow, and their movetext: per entry the move (a piece
 * index and a destination index, chain_moves.h) and the score as the
 * difference from the previous entry's score seen from this side, in blocks
 * of 4 bits with a continuation bit. Each following entry is the previous
 * one after its move: ply + 1, result negated. Movetext bits run from the
 * high bit of each byte; a chain ends at a byte boundary.
 *
 * The chunk decoder works on a payload in memory and never reads outside
 * it; a fault names the byte offset in the file.
 */
#ifndef SEEBATCH_FORMATS_BINPACK_READER_H
#define SEEBATCH_FORMATS_BINPACK_READER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "binpack_decoder.h"
#include "training_entry.h"

/* Starts decoding a payload that begins at file_offset in its file. */
void seebatch_binpack_decoder_start(binpack_chunk_decoder *decoder, const uint8_t *data,
                                    size_t size, uint64_t file_offset);

/* The next entry of the payload (and, if source is not NULL, where it was);
 * BINPACK_END after the last; BINPACK_FAULT with *fault filled when the
 * payload does not decode (the decoder is then finished: do not call again). */
binpack_step seebatch_binpack_next(binpack_chunk_decoder *decoder, training_entry *entry,
                                   binpack_source *source, binpack_fault *fault);

/* Up to max entries (max >= 1) at once, as seebatch_binpack_next gives
 * them one by one (sources may be NULL): returns how many were decoded and
 * sets *stop to BINPACK_ENTRY when max were (more may follow), else to the
 * step that ended the block (BINPACK_END, or BINPACK_FAULT with *fault). */
size_t seebatch_binpack_next_block(binpack_chunk_decoder *decoder, training_entry *entries,
                                   binpack_source *sources, size_t max, binpack_step *stop,
                                   binpack_fault *fault);

/* seebatch_binpack_next_block keeping nothing: the entries are decoded
 * (and checked) and counted only. */
size_t seebatch_binpack_skip_block(binpack_chunk_decoder *decoder, size_t max, binpack_step *stop,
                                   binpack_fault *fault);

/* Where the entries decoded in brief are listed: briefs and boards (room
 * for max each, the caller's), and how many were listed. */
typedef struct brief_list {
    binpack_brief *briefs;
    seebatch_board *boards;
    size_t listed; /* out */
} brief_list;

/* seebatch_binpack_next_block in brief: decodes up to max entries
 * (returns how many, *stop as there) and lists some of them, list->listed
 * briefs in list->briefs[0, listed): the first entry decoded, every stem,
 * every notable entry (in check, taking, or a promotion, castling or en
 * passant) and every entry after a notable one, each with its board in
 * list->boards[k] (BRIEF_BOARD) unless it was listed only for being first.
 * Every other entry is plain: counted in the brief listed before it
 * (plain, plain_end) and nothing more. A payload of more than
 * BINPACK_MAX_CHUNK bytes is refused (a fault at its start). */
size_t seebatch_binpack_next_briefs(binpack_chunk_decoder *decoder, brief_list *list, size_t max,
                                    binpack_step *stop, binpack_fault *fault);

/* Decodes one 32-byte stem. Returns false with fault->message filled (the
 * offset is left to the caller) when the bytes are no entry. */
bool seebatch_binpack_unpack_stem(const uint8_t *bytes, training_entry *entry,
                                  binpack_fault *fault);

/* Reads chunk after chunk from a stream. */
typedef struct binpack_file_reader {
    FILE *file;
    uint64_t offset;  /* file offset of the next header */
    uint8_t *payload; /* the current payload (owned) */
    size_t capacity;
} binpack_file_reader;

typedef enum binpack_chunk_status {
    BINPACK_CHUNK_READ,      /* a whole chunk */
    BINPACK_CHUNK_TRUNCATED, /* the file ends inside it: what is there was read, *fault says so */
    BINPACK_CHUNK_NONE,      /* the file ended cleanly */
    BINPACK_CHUNK_BAD,       /* a header that is no header, or unreadable: *fault */
    BINPACK_CHUNK_NO_MEMORY
} binpack_chunk_status;

/* The one check of a chunk's header: "BINP", then a payload size (32
 * bits, little-endian) of at most BINPACK_MAX_CHUNK, into *size; false
 * with fault->message saying why (its offset left to the caller). */
bool seebatch_binpack_header_size(const uint8_t header[BINPACK_HEADER_SIZE], uint32_t *size,
                                  binpack_fault *fault);

/* The same for a caller moving chunks undecoded (the tool's `interleave`),
 * its fault as an error (training_chunks.c). Errors: a NULL argument,
 * bytes that are no such header. */
seebatch_status seebatch_binpack_chunk_size(const uint8_t header[8], uint32_t *payload_size,
                                            seebatch_error *error);

/* Reads the next chunk: *data, *size and *file_offset (of the payload)
 * describe it until the next call. */
binpack_chunk_status seebatch_binpack_read_chunk(binpack_file_reader *reader, const uint8_t **data,
                                                 size_t *size, uint64_t *file_offset,
                                                 binpack_fault *fault);

void seebatch_binpack_file_reader_free(binpack_file_reader *reader);

/* The fault of a chunk the file ends inside (BINPACK_CHUNK_TRUNCATED), once
 * what is there has been decoded: the truncation is the reason, named at
 * the byte where decoding stopped (decoding, the decoder's fault, or NULL
 * when it decoded to the end of what is there) or else where the file
 * ends. out may be decoding. */
void seebatch_binpack_truncation_fault(const binpack_fault *decoding,
                                       const binpack_fault *truncation, binpack_fault *out);

#endif
