/*
 * The fast reader of well-formed FEN text: one pass, a table per character
 * class, no library string calls. It accepts only the plainest spelling of a
 * FEN (fields separated by one space, no blank before or after, counters of
 * at most five digits) and otherwise gives up without a word: the caller then
 * runs the full parser (fen.c), which accepts every other valid spelling and
 * names what is wrong in an invalid one. Whatever this reader accepts, the
 * full parser accepts too and reads as the same board, so the pair behaves
 * exactly as the full parser alone (tests/test_fen_scan.c compares them).
 * Where the CPU runs it, a wide reader (fen_scan_wide.c) reads the placement
 * first, 32 bytes at a time; whatever it does not take, the one-pass reader
 * decides, so it changes no result, only the time.
 */
#ifndef SEEBATCH_FEN_SCAN_H
#define SEEBATCH_FEN_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* The reader is public: seebatch_board_from_plain_fen (seebatch.h), which
 * reads text[0..length) (no NUL needed, none read past length) or gives up
 * without a word. An EPD opcode tail after field 4 is not plain: it is left
 * to the full parser. */

/* The same reader for position lines (position_line.c), "FEN" or
 * "FEN;moves": the length of the plain FEN that starts text[0..length) and
 * ends it or stands before a ';', *board read; or 0. When possible is not
 * NULL, it is set to whether the board is a game's position at a glance
 * (seebatch_position_plainly_possible, asked where the reader counts pieces
 * cheaply): false asks seebatch_position_status, which says why or that it
 * is one after all. */
size_t seebatch_plain_fen_read(seebatch_board *board, const char *text, size_t length,
                               bool *possible);

/* The same by the one-pass reader alone, whatever the CPU: what
 * seebatch_board_from_plain_fen does where seebatch_fen_wide_runs is
 * false. */
bool seebatch_fen_scan_one_pass(seebatch_board *board, const char *text, size_t length);

/* seebatch_plain_fen_read with the wide placement reader first (wide, where
 * seebatch_fen_wide_runs) or the one-pass reader alone: the tests hold each
 * way to the other on any CPU that runs both, as the kernels are held by
 * backend. */
size_t seebatch_plain_fen_read_by(seebatch_board *board, const char *text, size_t length,
                                  bool *possible, bool wide);

/* Whether this build and CPU run seebatch_fen_placement_wide (an AVX2 build
 * on a CPU the AVX2 kernel runs on): seebatch_plain_fen_read then reads the
 * placement with it first. It uses no pext, so it runs as fast where the
 * CPU microcodes pext (AMD before Zen 3). */
bool seebatch_fen_wide_runs(void);

/* The longest FEN (or EPD record) text seebatch_board_from_fen takes. */
#define SEEBATCH_FEN_INPUT_MAX 255

/* The full parser of fen.c on text[0..length), length at most 255, with no
 * NUL inside: what seebatch_board_from_fen does when the reader above gives
 * up, and the reference the tests hold the reader to. */
seebatch_status seebatch_fen_parse_fully(seebatch_board *board, const char *text, size_t length,
                                         seebatch_error *error);

#pragma GCC visibility pop

#endif
