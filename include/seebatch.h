/*
 * seebatch: Static Exchange Evaluation (SEE) for chess, many captures at once.
 *
 * This header is the whole public API. Every function documents its inputs,
 * preconditions, errors and thread-safety where it is declared.
 *
 * ---------------------------------------------------------------------------
 * The SEE contract (every backend returns exactly this, bit for bit)
 * ---------------------------------------------------------------------------
 * Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
 *
 * SEE(move) is the material the side that moves wins or loses in the exchange
 * of captures on the move's destination square `to`, both sides playing best:
 *
 *  1. The move is played; it is forced. The gain so far is the value of the
 *     piece standing on `to` (0 for a quiet move; a pawn for en passant, and
 *     that pawn leaves its own square). A castling move has SEE 0 and nothing
 *     else is examined.
 *  2. The sides then alternate, the opponent first. The side to move may
 *     capture on `to` with its least valuable attacker, or stop. Attackers are
 *     tried in the order pawn, knight, bishop, rook, queen, king; among
 *     attackers of one type the one on the lowest square index goes first.
 *  3. Attackers are computed from the current occupancy, so a slider standing
 *     behind a piece that has left (an x-ray) joins as soon as its line opens,
 *     for either side. A pawn attacks `to` only diagonally forward.
 *  4. King rule: a king captures only if the other side has no attacker of
 *     `to` at that moment (occupancy as it stands, the king still on its own
 *     square; pieces kept back by PINS count as attackers here). Otherwise
 *     that side has no capture and the exchange ends. A king capture always
 *     ends the exchange. If the first mover is a king, SEE is the victim's
 *     value.
 *  5. SEEBATCH_PINS (off by default) is Stockfish's rule, a deliberate
 *     simplification. On the original board, for each side X with exactly one
 *     king, every enemy bishop or queen on a diagonal of X's king and every
 *     enemy rook or queen on its rank or file is a sniper (as if the board
 *     were empty). With all snipers lifted off the board, a sniper with exactly
 *     one piece (of either colour) between it and the king makes that piece a
 *     blocker of X; if the blocker is X's own, the sniper is a pinner of X.
 *     While at least one pinner of X is still on the board (not the piece
 *     captured on `to`, not a piece that has moved to `to`), none of X's
 *     blockers may capture on `to`. Pins are never recomputed during the
 *     exchange, and the first move is never checked for pins or legality.
 *  6. Promotions, in one of three settings (the two flags are never set
 *     together: seebatch_config_validate rejects that):
 *     - neither flag (the default): a promoting pawn is valued as a pawn
 *       throughout, on the first move too;
 *     - SEEBATCH_MOVE_PROMOTION_ONLY: only the judged move's own promotion
 *       counts. When the first move is a promotion its side gains
 *       value(named piece) - value(pawn) and the named piece stands on `to`
 *       (so the next capture wins it); every later pawn capture onto the
 *       last rank stays a pawn (it gains the piece standing there and is
 *       then worth a pawn);
 *     - SEEBATCH_PROMOTIONS: every pawn that arrives on its last rank
 *       promotes, the first move to the piece the move names and every later
 *       pawn capture to a queen; its side gains value(new piece) -
 *       value(pawn), and the new piece stands on `to`.
 *  7. Each side stops when continuing cannot improve its result (negamax of
 *     the list of balances, which rule 8 may cut short). SEE is the result
 *     for the side that moved first.
 *  8. SEEBATCH_STOP_WHEN_AHEAD (off by default) breaks the exchange off as
 *     the swap lists of Crafty and Berserk (up to version 5) do, whose
 *     values differ from the full negamax. From the opponent's reply on
 *     (never after the first move), after each capture: if the side that
 *     made it is ahead on balance by more than the value of the piece it now
 *     has standing on `to` (its material balance over the whole exchange so
 *     far, from its own point of view and including the first move's gain,
 *     minus that value, is > 0; a pawn promoted under SEEBATCH_PROMOTIONS
 *     stands as its new piece), the exchange ends there: its opponent is
 *     taken to stop. The capture itself stays optional for the side that
 *     made it (rule 7 still lets that side stop before it). A king's
 *     capture ends the exchange anyway (rule 4).
 *
 * SEEBATCH_NORMAL_MOVES_ONLY scores every en passant, promotion and castling
 * move 0, as Stockfish does (before any promotion rule applies).
 * seebatch_see_ge(m, t) always equals
 * seebatch_see_value(m) >= t.
 *
 * Any consistent board is valid input (see seebatch_board_validate): legal
 * chess or not, with no kings, nine queens or pawns on the back rank. On
 * every consistent board every backend returns identical values.
 */
#ifndef SEEBATCH_H
#define SEEBATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the functions of the public API: the library is compiled with
 * hidden visibility, so the shared library exports these and nothing else
 * (tests/packaging checks the list against this header). */
#if defined(__GNUC__)
#define SEEBATCH_API __attribute__((visibility("default")))
#else
#define SEEBATCH_API
#endif

/* The one place the version is written; CMake reads it from here. */
#define SEEBATCH_VERSION_MAJOR 0
#define SEEBATCH_VERSION_MINOR 2
#define SEEBATCH_VERSION_PATCH 0
#define SEEBATCH_VERSION_STRING "0.2.0"

/* The library's version, "MAJOR.MINOR.PATCH". Thread-safe. */
SEEBATCH_API const char *seebatch_version(void);

/* ------------------------------------------------------------------------ */
/* Board                                                                    */
/* ------------------------------------------------------------------------ */

enum { SEEBATCH_WHITE = 0, SEEBATCH_BLACK = 1 };

enum {
    SEEBATCH_PAWN = 0,
    SEEBATCH_KNIGHT = 1,
    SEEBATCH_BISHOP = 2,
    SEEBATCH_ROOK = 3,
    SEEBATCH_QUEEN = 4,
    SEEBATCH_KING = 5,
    SEEBATCH_PIECE_TYPES = 6
};

/* Value of seebatch_board.en_passant when there is no en passant square. */
#define SEEBATCH_NO_SQUARE 64

/* Castling rights, bits of seebatch_board.castling. */
enum {
    SEEBATCH_CASTLE_WHITE_KINGSIDE = 1,
    SEEBATCH_CASTLE_WHITE_QUEENSIDE = 2,
    SEEBATCH_CASTLE_BLACK_KINGSIDE = 4,
    SEEBATCH_CASTLE_BLACK_QUEENSIDE = 8
};

/*
 * A position as an engine keeps it: one bitboard per piece type (both colours
 * together) and one per colour, bit i standing for square i. An engine fills
 * it from its own bitboards at no cost; seebatch_board_from_fen fills it from
 * text.
 *
 * A board is consistent when the six piece bitboards are pairwise disjoint,
 * the two colour bitboards are disjoint, their unions are equal,
 * side_to_move is 0 or 1, en_passant is SEEBATCH_NO_SQUARE or a square on
 * the sixth rank when white is to move and the third when black is (as FEN
 * requires), castling uses only the four bits above and reserved is 0. SEE
 * needs only pieces[] and colors[]; the other fields serve move generation
 * and FEN.
 */
typedef struct seebatch_board {
    uint64_t pieces[SEEBATCH_PIECE_TYPES]; /* indexed by SEEBATCH_PAWN.. */
    uint64_t colors[2];                    /* indexed by SEEBATCH_WHITE.. */
    uint8_t side_to_move;
    uint8_t en_passant; /* square passed over by a double push, or NO_SQUARE */
    uint8_t castling;   /* SEEBATCH_CASTLE_* bits */
    uint8_t reserved;   /* must be 0 */
    uint16_t halfmove_clock;
    uint16_t fullmove_number;
} seebatch_board;

/*
 * An empty board, consistent as it stands: no pieces, white to move, no en
 * passant square (SEEBATCH_NO_SQUARE, not 0: 0 is a1), no castling rights,
 * move 1. An engine starts here and ORs in its bitboards, rather than from
 * `= {0}`, which leaves en_passant on a1 and fails validation:
 *
 *     seebatch_board board = SEEBATCH_BOARD_EMPTY;
 *     board.pieces[SEEBATCH_PAWN] = my_pawns;  ...  board.side_to_move = us;
 *
 * seebatch_board_clear does the same to an existing board.
 */
#define SEEBATCH_BOARD_EMPTY                                                                       \
    {                                                                                              \
        {0, 0, 0, 0, 0, 0}, {0, 0}, SEEBATCH_WHITE, SEEBATCH_NO_SQUARE, 0, 0, 0, 1                 \
    }

/* Sets *board to SEEBATCH_BOARD_EMPTY. Thread-safe for distinct boards. */
SEEBATCH_API void seebatch_board_clear(seebatch_board *board);

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */
/* ------------------------------------------------------------------------ */

typedef enum seebatch_status {
    SEEBATCH_OK = 0,
    SEEBATCH_ERROR_ARGUMENT = 1, /* NULL pointer, index or size out of range */
    SEEBATCH_ERROR_FEN = 2,      /* FEN text malformed or impossible */
    SEEBATCH_ERROR_BOARD = 3,    /* board not consistent */
    SEEBATCH_ERROR_MOVE = 4,     /* move malformed or violates preconditions */
    SEEBATCH_ERROR_CONFIG = 5,   /* piece value out of range, unknown flag, two promotion rules */
    SEEBATCH_ERROR_BACKEND = 6   /* unknown backend or view exchange, or not runnable here */
} seebatch_status;

#define SEEBATCH_MESSAGE_SIZE 256

/*
 * Filled by functions that can fail. Every such function accepts NULL for the
 * error when the caller wants only the status. On failure `message` holds one
 * line of English naming what is wrong and where (field, character, move
 * index); on success `status` is SEEBATCH_OK and `message` is empty.
 */
typedef struct seebatch_error {
    seebatch_status status;
    char message[SEEBATCH_MESSAGE_SIZE];
} seebatch_error;

/* A short name for a status ("ok", "bad FEN", ...). Thread-safe. */
SEEBATCH_API const char *seebatch_status_name(seebatch_status status);

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

/*
 * A move in 16 bits: to-square in bits 0-5, from-square in bits 6-11, kind in
 * bits 12-15. Castling is written as the king's move (e1g1). It is the only
 * move anywhere in the API, the views' included. The squares lie where
 * Stockfish's Move keeps them, so its normal moves (type NORMAL, bits 12-15
 * clear) are seebatch_moves as they stand: an engine with that encoding
 * passes its move with no operation at all.
 */
typedef uint16_t seebatch_move;

enum {
    SEEBATCH_MOVE_NORMAL = 0,
    SEEBATCH_MOVE_PROMOTE_KNIGHT = 1,
    SEEBATCH_MOVE_PROMOTE_BISHOP = 2,
    SEEBATCH_MOVE_PROMOTE_ROOK = 3,
    SEEBATCH_MOVE_PROMOTE_QUEEN = 4,
    SEEBATCH_MOVE_EN_PASSANT = 5,
    SEEBATCH_MOVE_CASTLING = 6
};

static inline seebatch_move seebatch_move_make(unsigned from, unsigned to, unsigned kind)
{
    return (seebatch_move)((to & 63u) | ((from & 63u) << 6) | ((kind & 15u) << 12));
}
static inline unsigned seebatch_move_from(seebatch_move move) { return (move >> 6) & 63u; }
static inline unsigned seebatch_move_to(seebatch_move move) { return move & 63u; }
static inline unsigned seebatch_move_kind(seebatch_move move) { return (unsigned)move >> 12; }

/* The piece type a promotion names (SEEBATCH_KNIGHT..QUEEN), for promotion kinds. */
static inline unsigned seebatch_promotion_piece(seebatch_move move)
{
    return seebatch_move_kind(move); /* kinds 1..4 are types 1..4 by design */
}

/*
 * The preconditions every SEE entry point puts on a move, checked: from and
 * to differ; a piece stands on from; no piece of the mover's colour stands on
 * to; a promotion is made by a pawn onto its last rank (rank 8 for white, 1
 * for black) and a pawn's normal move never ends there; en passant is made
 * by a pawn onto an empty square of the sixth rank (white) or third rank
 * (black) with an enemy pawn behind it; castling is made by a king onto an
 * empty square. The board must be consistent.
 * Errors: SEEBATCH_ERROR_BOARD, SEEBATCH_ERROR_MOVE.
 */
SEEBATCH_API seebatch_status seebatch_move_check(const seebatch_board *board, seebatch_move move,
                                                 seebatch_error *error);

/* ------------------------------------------------------------------------ */
/* Configuration                                                            */
/* ------------------------------------------------------------------------ */

enum {
    SEEBATCH_PINS = 1,                /* contract rule 5 */
    SEEBATCH_PROMOTIONS = 2,          /* contract rule 6: every pawn promotes */
    SEEBATCH_NORMAL_MOVES_ONLY = 4,   /* en passant, promotion, castling score 0 */
    SEEBATCH_MOVE_PROMOTION_ONLY = 8, /* contract rule 6: only the judged move promotes */
    SEEBATCH_STOP_WHEN_AHEAD = 16,    /* contract rule 8: the exchange breaks off early */
    SEEBATCH_ALL_FLAGS = 31           /* every bit a flag uses (not a valid set: rule 6) */
};

/* Piece values must lie in [0, SEEBATCH_VALUE_MAX], so no sum can overflow. */
#define SEEBATCH_VALUE_MAX 4000000

/*
 * Piece values (pawn, knight, bishop, rook, queen; the king has none: it is
 * never captured) and flags. Values need not be ordered: the order in which
 * attackers are tried is fixed by piece type (rule 2), not by value.
 */
typedef struct seebatch_config {
    int32_t values[5];
    uint32_t flags;
} seebatch_config;

/* P=100 N=325 B=325 R=500 Q=1000, no flags. */
SEEBATCH_API seebatch_config seebatch_config_classic(void);

/* P=208 N=781 B=825 R=1276 Q=2538, PINS and NORMAL_MOVES_ONLY: under it
 * seebatch_see_ge equals Stockfish's Position::see_ge for every move, in
 * Stockfish 16.1 and later (15.1 and 16 value a pawn at 126 inside see_ge:
 * the same flags with their values reproduce them). */
SEEBATCH_API seebatch_config seebatch_config_stockfish(void);

/* Fills *config with the preset named "classic" or "stockfish". Errors:
 * SEEBATCH_ERROR_CONFIG for any other name. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_config_preset(const char *name, seebatch_config *config,
                                                    seebatch_error *error);

/* Checks every value is in [0, SEEBATCH_VALUE_MAX], only known flags are
 * set, and at most one promotion rule (SEEBATCH_PROMOTIONS or
 * SEEBATCH_MOVE_PROMOTION_ONLY). Errors: SEEBATCH_ERROR_CONFIG naming the
 * piece, the flag bits or both promotion flags. */
SEEBATCH_API seebatch_status seebatch_config_validate(const seebatch_config *config,
                                                      seebatch_error *error);

/* ------------------------------------------------------------------------ */
/* FEN, UCI, validation                                                     */
/* ------------------------------------------------------------------------ */

/* Longest FEN seebatch_board_to_fen writes, with its terminating NUL. */
#define SEEBATCH_FEN_MAX 100

/*
 * Parses Forsyth-Edwards Notation. The piece placement, side to move,
 * castling and en passant fields are required; the halfmove clock and
 * fullmove number may be omitted (they default to 0 and 1). Fields are
 * separated by single or repeated spaces or tabs; leading and trailing white
 * space is ignored; anything after the sixth field is an error.
 *
 * An EPD record is taken too: the four position fields, then operations
 * (an opcode, its operands, a ';'), e.g. "... b KQkq - bm Nf6; hmvc 3;".
 * Opcodes hmvc and fmvn give the halfmove clock and fullmove number (0 and 1
 * where absent); the others are read and ignored. A record whose operations
 * are malformed is rejected naming the column ("EPD, column C: ...").
 *
 * Rejected, with a message naming the field and the character position: a
 * rank with other than 8 squares, other than 8 ranks, an unknown character,
 * a colour other than w/b, a castling field with unknown, repeated or
 * disordered letters, an en passant square not on the sixth rank (white to
 * move) or third rank (black to move), a counter that is not a decimal number
 * or exceeds 65535, more than one king of a colour, and input longer than
 * 255 bytes. Pawns on the first or last rank, missing kings and castling
 * rights with no rook behind them are accepted: SEE is defined on any
 * consistent board, and move generation on such boards is documented below.
 *
 * On success *board is consistent. On failure *board is left unspecified.
 * Errors: SEEBATCH_ERROR_ARGUMENT (NULL), SEEBATCH_ERROR_FEN. Thread-safe.
 */
SEEBATCH_API seebatch_status seebatch_board_from_fen(seebatch_board *board, const char *fen,
                                                     seebatch_error *error);

/*
 * Writes the FEN of a consistent board into buffer (size bytes, at least
 * SEEBATCH_FEN_MAX is always enough) and returns its length without the NUL.
 * Returns 0 and writes "" (when size > 0) if the board is not consistent,
 * has more than one king of a colour (seebatch_board_from_fen would reject
 * the text) or the buffer is too small. Thread-safe.
 */
SEEBATCH_API size_t seebatch_board_to_fen(const seebatch_board *board, char *buffer, size_t size);

/*
 * Checks that the board is consistent (see seebatch_board). Errors:
 * SEEBATCH_ERROR_BOARD naming the first violation and a square where there is
 * one ("square e4 is in both the knight and bishop bitboards").
 */
SEEBATCH_API seebatch_status seebatch_board_validate(const seebatch_board *board,
                                                     seebatch_error *error);

/* Longest UCI move text, with its NUL ("e7e8q"). */
#define SEEBATCH_UCI_MAX 6

/*
 * Parses a UCI move ("e2e4", "e7e8q", castling as the king's move "e1g1")
 * against a consistent board, deciding its kind from the board: en passant
 * when a pawn moves diagonally onto the en passant square, castling when a
 * king standing on e1 (white) or e8 (black) moves two files along its rank, a promotion when a suffix n/b/r/q is
 * given. The result satisfies seebatch_move_check; legality is not checked
 * (see seebatch_move_is_legal).
 * Errors: SEEBATCH_ERROR_MOVE naming the problem (bad syntax, empty
 * from-square, own piece on the to-square, promotion letter on a non-pawn,
 * missing promotion letter for a pawn reaching its last rank).
 */
SEEBATCH_API seebatch_status seebatch_move_parse(const seebatch_board *board, const char *text,
                                                 seebatch_move *move, seebatch_error *error);

/* Writes "e2e4"/"e7e8q" into out (at least SEEBATCH_UCI_MAX bytes) and
 * returns the length. Thread-safe. */
SEEBATCH_API size_t seebatch_move_to_uci(seebatch_move move, char *out);

/* ------------------------------------------------------------------------ */
/* Move generation                                                          */
/* ------------------------------------------------------------------------ */

/* No position has more legal moves than this (218 is the known maximum; the
 * bound also covers the unusual consistent boards this library accepts). */
#define SEEBATCH_MAX_MOVES 512

/*
 * Legal moves of the side to move. On boards that are not legal chess the
 * rule is: a move is legal when after it no king of the mover is attacked
 * (a side with no king is never in check); castling needs the right, the
 * king and rook on their original squares, empty squares between, and the
 * king's start, path and destination unattacked.
 * Precondition: the board is consistent (unchecked). Writes at most
 * SEEBATCH_MAX_MOVES moves and returns their count. Thread-safe.
 */
SEEBATCH_API size_t seebatch_generate_moves(const seebatch_board *board, seebatch_move *moves);

/* The legal captures (en passant and capture-promotions included) and the
 * legal quiet promotions: the moves SEE is usually asked about. Same
 * preconditions and rules as seebatch_generate_moves. */
SEEBATCH_API size_t seebatch_generate_captures(const seebatch_board *board, seebatch_move *moves);

/* Whether move is among seebatch_generate_moves(board). Thread-safe. */
SEEBATCH_API bool seebatch_move_is_legal(const seebatch_board *board, seebatch_move move);

/* Plays a legal move (unchecked precondition) on *board, updating side to
 * move, castling rights, en passant square and counters. */
SEEBATCH_API void seebatch_board_play(seebatch_board *board, seebatch_move move);

/* Number of leaf nodes of the legal move tree of the given depth (perft).
 * depth 0 gives 1. Precondition: consistent board. Thread-safe. */
SEEBATCH_API uint64_t seebatch_perft(const seebatch_board *board, int depth);

/* ------------------------------------------------------------------------ */
/* Many positions per call (data sets, bindings to other languages)         */
/* ------------------------------------------------------------------------ */

/* A bad row of seebatch_boards_from_fens: its index (from 0) and why. */
typedef struct seebatch_row_error {
    size_t row;
    seebatch_error error;
} seebatch_row_error;

/* Where seebatch_boards_from_fens reports rows it could not parse. */
typedef struct seebatch_fen_rows_report {
    uint8_t *statuses;          /* count entries (a seebatch_status per row), or NULL */
    seebatch_row_error *errors; /* room for the first error_capacity bad rows, or NULL */
    size_t error_capacity;
    size_t bad_rows; /* written: how many rows were bad */
} seebatch_fen_rows_report;

/*
 * Parses `count` FENs from text (length bytes, no NUL needed), one per row:
 * each '\n' ends a row and text after the last '\n' is one more row, so
 * "a\nb" and "a\nb\n" both hold two rows and "\n" holds one empty row. A
 * '\r' ending a row is dropped. Each row is parsed as seebatch_board_from_fen
 * parses it (EPD records included) and its message is the same; a NUL byte inside a row is an error.
 * A bad row gets the empty board (consistent, with no moves) in boards[row],
 * its status in report->statuses and its message in report->errors (the
 * first error_capacity of them); the other rows are still parsed.
 * report->bad_rows counts the bad rows.
 * Returns SEEBATCH_OK when every row was read, good or bad. Errors, with
 * nothing written: SEEBATCH_ERROR_ARGUMENT for a NULL pointer or a text that
 * does not hold exactly count rows (the message says how many it holds).
 * Thread-safe; no allocation.
 */
SEEBATCH_API seebatch_status seebatch_boards_from_fens(const char *text, size_t length,
                                                       size_t count, seebatch_board *boards,
                                                       seebatch_fen_rows_report *report,
                                                       seebatch_error *error);

/*
 * The rows text (length bytes) holds as seebatch_boards_from_fens counts them:
 * each '\n' ends a row and bytes after the last '\n' are one more row (so
 * "a\nb" and "a\nb\n" hold two, "" none, "\n" one empty row; a "\r\n"
 * ending counts once). The count to pass it for a file read whole. 0 for a
 * NULL text. Thread-safe; no allocation.
 */
SEEBATCH_API size_t seebatch_count_rows(const char *text, size_t length);

/* The output of seebatch_generate_captures_multi, kept between calls. */
typedef struct seebatch_capture_list {
    seebatch_move *moves;    /* capacity entries */
    uint32_t *board_of_move; /* capacity entries: index of each move's board */
    size_t capacity;
    size_t count;      /* moves written so far (start at 0) */
    size_t next_board; /* the first board not yet done (start at 0) */
} seebatch_capture_list;

/*
 * Appends to list the moves seebatch_generate_captures gives for each board
 * from boards[list->next_board] on, with the board's index, advancing
 * list->count and list->next_board, until every board is done or the next
 * board's captures do not all fit in the room left. The caller then gives
 * more room (larger arrays holding what was written, a larger capacity) and
 * calls again; list->next_board < board_count says more remain. The result
 * is what seebatch_see_values_multi takes. Each board is validated first
 * (seebatch_board_validate).
 * Errors: SEEBATCH_ERROR_ARGUMENT (NULL pointers, count above capacity, more
 * than 2^32 boards), SEEBATCH_ERROR_BOARD ("board N: ..." for the first
 * inconsistent board; list->next_board is N and every earlier board's moves
 * are kept). Thread-safe (on distinct lists); no allocation.
 */
SEEBATCH_API seebatch_status seebatch_generate_captures_multi(const seebatch_board *boards,
                                                              size_t board_count,
                                                              seebatch_capture_list *list,
                                                              seebatch_error *error);

/* ------------------------------------------------------------------------ */
/* SEE, unchecked hot path                                                  */
/* ------------------------------------------------------------------------ */
/*
 * Preconditions of every function in this section, not checked: the board is
 * consistent, every move satisfies seebatch_move_check, the configuration
 * satisfies seebatch_config_validate, and the pointers hold `count` elements
 * (they may be NULL when count is 0). A board that is not consistent or a
 * move that breaks seebatch_move_check gives an unspecified value but never
 * reads or writes outside the arrays passed. A board_of_move index out of
 * range or a piece value outside 0..SEEBATCH_VALUE_MAX is undefined
 * behaviour: use the checked functions on untrusted input.
 *
 * Thread-safety: all are safe to call from many threads at once. They
 * allocate nothing. The first call (from any function) chooses the backend;
 * see "Backends".
 */

/* SEE of one move: the exact value of the exchange for the side that moves. */
SEEBATCH_API int32_t seebatch_see_value(const seebatch_board *board, seebatch_move move,
                                        const seebatch_config *config);

/* seebatch_see_value(board, move, config) >= threshold, usually much faster. */
SEEBATCH_API bool seebatch_see_ge(const seebatch_board *board, seebatch_move move,
                                  int32_t threshold, const seebatch_config *config);

/* values[i] = SEE of moves[i], all moves on one board (an engine scoring every
 * capture of a node). Work that every move shares is done once. */
SEEBATCH_API void seebatch_see_values(const seebatch_board *board, const seebatch_move *moves,
                                      size_t count, const seebatch_config *config, int32_t *values);

/* passed[i] = (SEE of moves[i] >= threshold) as 0 or 1, all on one board. */
SEEBATCH_API void seebatch_see_ge_batch(const seebatch_board *board, const seebatch_move *moves,
                                        size_t count, int32_t threshold,
                                        const seebatch_config *config, uint8_t *passed);

/* values[i] = SEE of moves[i] on boards[board_of_move[i]]: a batch mixing many
 * positions (data-set work). Extra precondition: every board_of_move[i] is
 * below board_count. */
SEEBATCH_API void seebatch_see_values_multi(const seebatch_board *boards, size_t board_count,
                                            const uint32_t *board_of_move,
                                            const seebatch_move *moves, size_t count,
                                            const seebatch_config *config, int32_t *values);

/* passed[i] = (SEE of moves[i] on boards[board_of_move[i]] >= threshold). */
SEEBATCH_API void seebatch_see_ge_multi(const seebatch_board *boards, size_t board_count,
                                        const uint32_t *board_of_move, const seebatch_move *moves,
                                        size_t count, int32_t threshold,
                                        const seebatch_config *config, uint8_t *passed);

/* ------------------------------------------------------------------------ */
/* SEE, the engine path                                                     */
/* ------------------------------------------------------------------------ */
/*
 * What a search calls: one move at a time, mostly as a threshold test with a
 * threshold of its own per move, on a board and pins the engine already
 * holds. The configuration is prepared once (seebatch_rules_init), so a call
 * goes straight to the exchange: no dispatch, no conversion, no batch.
 *
 *     seebatch_rules rules;                       // once, at start-up
 *     seebatch_rules_init(&rules, &config, NULL);
 *     ...
 *     if (!seebatch_engine_see_ge(&rules, &board, &pins, move, -score / 18))
 *         continue;                               // in the move picker
 *
 * The preconditions of the unchecked hot path above apply; in addition
 * `rules` comes from seebatch_rules_init and `pins`, when given, equals what
 * seebatch_pins_compute gives for the board (the _checked variants verify
 * both). Thread-safe; nothing is allocated.
 */

/*
 * Pins (contract rule 5) as an engine keeps them, and the one pins type of
 * the API (engine path, many-board calls, views, checked calls). The fields
 * are Stockfish's StateInfo's, in its order and indexing, so a view can read
 * that memory in place: blockers[X] holds the pieces of either colour that
 * stand alone between X's king and an enemy slider (blockersForKing[X]);
 * pinners[X] holds X's OWN sliders that pin an enemy piece to the enemy king
 * (pinners[X]: indexed by the pinning side). So the sliders that keep X's
 * blockers in place are pinners[!X]. For a side X without exactly one king,
 * blockers[X] and pinners[!X] are empty.
 */
typedef struct seebatch_pins {
    uint64_t blockers[2];
    uint64_t pinners[2];
} seebatch_pins;

/* Computes the pins of both sides of a consistent board. Thread-safe. */
SEEBATCH_API void seebatch_pins_compute(const seebatch_board *board, seebatch_pins *pins);

/* As seebatch_see_values_multi and seebatch_see_ge_multi, with each board's
 * pins given by a caller that holds them already (an engine's state, a data
 * pipeline that made them once): pins[b] are boards[b]'s, as
 * seebatch_pins_compute gives them, and are read only under SEEBATCH_PINS.
 * The batch then never works pins out, nor tests in lanes where they may
 * matter. Extra precondition: pins has board_count entries (NULL is taken as
 * "not given"). */
SEEBATCH_API void seebatch_see_values_multi_pinned(const seebatch_board *boards,
                                                   const seebatch_pins *pins, size_t board_count,
                                                   const uint32_t *board_of_move,
                                                   const seebatch_move *moves, size_t count,
                                                   const seebatch_config *config, int32_t *values);

SEEBATCH_API void seebatch_see_ge_multi_pinned(const seebatch_board *boards,
                                               const seebatch_pins *pins, size_t board_count,
                                               const uint32_t *board_of_move,
                                               const seebatch_move *moves, size_t count,
                                               int32_t threshold, const seebatch_config *config,
                                               uint8_t *passed);

/*
 * A configuration in the form the exchange reads it. Fill it with
 * seebatch_rules_init and do not change it; its fields are the library's.
 */
typedef struct seebatch_rules {
    int32_t value[8]; /* by piece type; the king and codes 6 and 7 are worth 0 */
    uint32_t flags;
} seebatch_rules;

/* Prepares `config` (validated first). Errors: SEEBATCH_ERROR_ARGUMENT for
 * NULL, SEEBATCH_ERROR_CONFIG as seebatch_config_validate; *rules is then
 * unchanged. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_rules_init(seebatch_rules *rules,
                                                 const seebatch_config *config,
                                                 seebatch_error *error);

/* seebatch_see_value(board, move) >= threshold. pins: the board's pins, or
 * NULL to have them computed when the exchange needs them (only with
 * SEEBATCH_PINS, and at most once per call). */
SEEBATCH_API bool seebatch_engine_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                                         const seebatch_pins *pins, seebatch_move move,
                                         int32_t threshold);

/* The exact SEE of one move; pins as for seebatch_engine_see_ge. */
SEEBATCH_API int32_t seebatch_engine_see_value(const seebatch_rules *rules,
                                               const seebatch_board *board,
                                               const seebatch_pins *pins, seebatch_move move);

/* passed[i] = (SEE of moves[i] >= thresholds[i]) as 0 or 1, all moves on one
 * board, each with its own threshold (a move picker scoring a node's
 * captures). With pins NULL they are computed at most once for the batch,
 * and only if a move needs them. Batches of 8 moves or more run in the lanes
 * of the backend in use; shorter ones (nearly every node) move by move. */
SEEBATCH_API void seebatch_engine_see_ge_each(const seebatch_rules *rules,
                                              const seebatch_board *board,
                                              const seebatch_pins *pins, const seebatch_move *moves,
                                              size_t count, const int32_t *thresholds,
                                              uint8_t *passed);

/* ------------------------------------------------------------------------ */
/* SEE on the engine's own position                                         */
/* ------------------------------------------------------------------------ */
/*
 * An engine that keeps bitboards and a mailbox need fill no seebatch_board: a
 * view points at its arrays where they lie, and the two early exits (the
 * values of the captured piece and of the mover decide about a third of a
 * search's calls) read the engine's mailbox with its own piece codes, inline
 * in the caller, so the library is called only when captures must be played
 * out. In Stockfish (W_PAWN = 1 .. W_KING = 6, B_PAWN = 9 .. B_KING = 14):
 *
 *     // once, at start-up: what each of the engine's piece codes is
 *     int8_t types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};
 *     seebatch_view_rules_init(&rules, &config, types, 16, NULL);
 *     // Position::see_ge, for a normal move (its Move is a seebatch_move as it is)
 *     seebatch_view view = {&byTypeBB[PAWN], byColorBB};
 *     return seebatch_view_see_ge(&rules, &view, st->blockersForKing, m, board[from],
 *                                 board[to], threshold);
 *
 * Layouts. seebatch_view_rules_init expects Stockfish's layout: six piece
 * bitboards (both colours), pawn to king, consecutive, two colour bitboards,
 * white's first, and pins as StateInfo holds them (seebatch_pins). Any
 * other layout is described once by a seebatch_layout
 * (seebatch_view_rules_set_layout): bitboards by piece type or by coloured
 * piece (twelve), in any order and at any stride, colour bitboards or none,
 * squares counted from a1 or from a8. The view still reads the engine's
 * memory in place: nothing is copied per call.
 *
 * Squares are the engine's own numbers. seebatch counts a1 = 0, b1 = 1 ..
 * h1 = 7, a2 = 8 .. h8 = 63 (rank 1 first); an engine counting a8 = 0 ..
 * h1 = 63 says SEEBATCH_RANK_8_FIRST in its layout and passes its own
 * numbers; files may run either way (h1 = 0 as well as a1 = 0). The one
 * rule that depends on numbering, rule 2's "lowest square first" among
 * attackers of one type, then counts in the engine's numbers, as the
 * engine's own lowest-bit scans do: a view answers for the board its bits
 * spell in seebatch's numbering, mirrored with its colours swapped when
 * rank 8 comes first (seebatch_view_check returns that board).
 *
 * seebatch_view_see_ge and seebatch_view_see_value answer normal moves, as
 * seebatch_engine_see_ge and seebatch_engine_see_value do, under every rule
 * of the configuration. Promotions, en passant and castling go through
 * seebatch_view_see_ge_move and seebatch_view_see_value_move, which take a
 * seebatch_move and are slower (they gather the board), or the engine
 * answers them itself (under SEEBATCH_NORMAL_MOVES_ONLY their SEE is 0).
 * A promotion the rules do not count (neither SEEBATCH_PROMOTIONS nor
 * SEEBATCH_MOVE_PROMOTION_ONLY) is a normal move of a pawn and may be passed
 * as one. Thread-safe; nothing is allocated.
 */

/* Codes an engine may give its pieces: 0 .. SEEBATCH_PIECE_CODES - 1. */
#define SEEBATCH_PIECE_CODES 32

/*
 * The engine's position: the base addresses its layout's offsets count from.
 * In Stockfish's layout (the default) `pieces` points at its six piece
 * bitboards, pawn to king, and `colors` at white's and black's. The board
 * they describe is consistent (see seebatch_board). Its pointers stay valid
 * while the engine's arrays do, so an engine can make a view once per
 * position object. Filled in this order: {pieces, colors}.
 */
typedef struct seebatch_view {
    const uint64_t *pieces;
    const uint64_t *colors;
} seebatch_view;

/* seebatch_layout.kind */
enum {
    SEEBATCH_LAYOUT_BY_TYPE = 0, /* a bitboard per piece type (both colours), one per colour */
    SEEBATCH_LAYOUT_BY_PIECE = 1 /* a bitboard per coloured piece (twelve), colour ones optional */
};

/* seebatch_layout.squares */
enum {
    SEEBATCH_RANK_1_FIRST = 0, /* a1 = 0 .. h8 = 63, as seebatch counts */
    SEEBATCH_RANK_8_FIRST = 1  /* a8 = 0 .. h1 = 63 */
};

/*
 * Where an engine keeps what a view reads, as byte offsets from the view's
 * base pointers (any order, any stride, even negative). Colour 0 is white,
 * type 0 the pawn .. 5 the king, whatever the engine's own numbering.
 *
 * - BY_TYPE: pieces[0][t] is the offset from view.pieces of the bitboard of
 *   every piece of type t (pieces[1] is not read); colors[c] from view.colors
 *   of colour c's pieces; has_colors must be 1.
 * - BY_PIECE: pieces[c][t] is the offset from view.pieces of colour c's
 *   pieces of type t. With has_colors 1, colors[c] is the offset from
 *   view.colors of colour c's pieces; with 0 they are formed from the twelve
 *   (six ORs per colour and call) and view.colors is not read.
 * - Pins (read only under SEEBATCH_PINS), offsets from the views' pins
 *   pointer: blockers[X] of the pieces of either colour standing alone
 *   between X's king and an enemy slider (seebatch_pins.blockers[X],
 *   Stockfish's blockersForKing[X]); pinners[X] of X's own sliders that pin
 *   an enemy piece (seebatch_pins.pinners[X], Stockfish's pinners[X]). An
 *   engine that keeps no pins leaves the four 0; its rules cannot have
 *   SEEBATCH_PINS then, as the views' pins must be given under that flag.
 *
 * A twelve-bitboard engine in the style of many C engines:
 *
 *     struct board { uint64_t pieces[12]; uint64_t occupancies[3]; ... };
 *     // pieces[2 * type + colour], squares a8 = 0 .. h1 = 63
 *     seebatch_layout layout = {0};
 *     layout.kind = SEEBATCH_LAYOUT_BY_PIECE;
 *     layout.squares = SEEBATCH_RANK_8_FIRST;
 *     for (int c = 0; c < 2; c++) {
 *         for (int t = 0; t < 6; t++)
 *             layout.pieces[c][t] = (int32_t)((2 * t + c) * sizeof(uint64_t));
 *         layout.colors[c] = (int32_t)(c * sizeof(uint64_t));
 *     }
 *     layout.has_colors = 1;
 *     seebatch_view_rules_set_layout(&rules, &layout, &error);
 *     ...
 *     seebatch_view view = {b->pieces, b->occupancies};
 */
typedef struct seebatch_layout {
    uint32_t kind;    /* SEEBATCH_LAYOUT_BY_TYPE or SEEBATCH_LAYOUT_BY_PIECE */
    uint32_t squares; /* SEEBATCH_RANK_1_FIRST or SEEBATCH_RANK_8_FIRST */
    int32_t pieces[2][6];
    uint32_t has_colors;
    int32_t colors[2];
    int32_t blockers[2];
    int32_t pinners[2];
} seebatch_layout;

/* Stockfish's layout, the default: BY_TYPE, rank 1 first, pieces at 0, 8 ..
 * 40, colours at 0 and 8, pins as seebatch_pins. Thread-safe. */
SEEBATCH_API seebatch_layout seebatch_layout_stockfish(void);

/* The exchange a view runs after the early exits (the library's choice for
 * this CPU and layout): whether the mover of the normal move `move` (a
 * seebatch_move of kind SEEBATCH_MOVE_NORMAL), which falls `shortfall` > 0
 * short of the threshold if it is taken back and nothing more happens, ends
 * at or above it. `pieces` and `colors` are the view's. Six arguments, all
 * in registers: the call needs no stack frame. */
typedef bool seebatch_view_exchange_fn(const seebatch_rules *rules, const uint64_t *pieces,
                                       const uint64_t *colors, const void *pins, unsigned move,
                                       int32_t shortfall);

/* The exact SEE of the normal move `move` on a view, whose mailbox holds
 * mover_code on its from-square and victim_code on its to-square. */
typedef int32_t seebatch_view_value_fn(const seebatch_rules *rules, const uint64_t *pieces,
                                       const uint64_t *colors, const void *pins, unsigned move,
                                       unsigned mover_code, unsigned victim_code);

/* Rules for views: the values by the engine's piece codes (for the early
 * exits) beside the rules the exchange reads, the exchanges for this CPU and
 * layout, and the layout. Fill with seebatch_view_rules_init (and
 * seebatch_view_rules_set_layout); the fields are the library's. */
typedef struct seebatch_view_rules {
    seebatch_rules rules;
    seebatch_view_exchange_fn *exchange;
    seebatch_view_value_fn *value;
    int32_t code_value[SEEBATCH_PIECE_CODES];  /* what a victim of each code is worth */
    int32_t code_risk[SEEBATCH_PIECE_CODES];   /* what a mover of each code may lose at most */
    uint32_t king_codes;                       /* bit c: code c is a king's */
    seebatch_layout layout;                    /* with white as the colour moving up the numbers */
    seebatch_view_exchange_fn *plain_exchange; /* the layout's own, behind any rule's wrapper */
    seebatch_view_value_fn *plain_value;
    const void *exchange_set; /* the lookups chosen at init, for later layouts */
} seebatch_view_rules;

/* Prepares `config` (validated first) for an engine whose piece code c is of
 * type type_of_code[c] (SEEBATCH_PAWN..SEEBATCH_KING, or -1 for a code that is
 * no piece, such as an empty square's), for c < code_count; codes from
 * code_count on are no piece. The layout is Stockfish's (to read another,
 * seebatch_view_rules_set_layout). Errors: SEEBATCH_ERROR_ARGUMENT for NULL
 * (with code_count > 0), code_count over SEEBATCH_PIECE_CODES or a type out
 * of range, naming the code; SEEBATCH_ERROR_CONFIG as
 * seebatch_config_validate.
 * The exchange is chosen here, once, by the environment variable
 * SEEBATCH_VIEW_EXCHANGE:
 *   auto (or unset, or empty): pext slider lookups where the CPU has BMI2
 *     and AVX2 (what the avx2 backend runs), runs pext fast (Intel; AMD and
 *     Hygon from family 19h, Zen 3, on) and the backend in use runs those
 *     instructions too (one registry chooses both, and a view never takes
 *     instructions the backend in use does not: a forced
 *     SEEBATCH_BACKEND=scalar gives the portable one); else the
 *     portable magic lookups. AMD before Zen 3 microcodes pext at tens to
 *     hundreds of cycles: there a view keeps the magics, never slower;
 *   pext: the pext lookups, whatever the backend and however slow;
 *   portable: the magic lookups.
 * SEEBATCH_ERROR_BACKEND, naming the variable and its value: a value not in
 * that list, or pext on a CPU or build that cannot run it. On error *rules
 * is unchanged. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_view_rules_init(seebatch_view_rules *rules,
                                                      const seebatch_config *config,
                                                      const int8_t *type_of_code, size_t code_count,
                                                      seebatch_error *error);

/* Makes views under `rules` read `layout` (checked first), choosing the
 * exchanges for it. Errors: SEEBATCH_ERROR_ARGUMENT for NULL, an unknown kind
 * or squares value, has_colors other than 0 or 1 (or 0 with BY_TYPE), or two
 * pieces (types, colours, pin sets) at the same offset, naming the fields.
 * On error *rules is unchanged. Thread-safe for distinct rules. */
SEEBATCH_API seebatch_status seebatch_view_rules_set_layout(seebatch_view_rules *rules,
                                                            const seebatch_layout *layout,
                                                            seebatch_error *error);

/* seebatch_engine_see_ge for the normal move `move` (kind
 * SEEBATCH_MOVE_NORMAL, squares in the engine's numbering) on the view with
 * these pins, whose mailbox holds mover_code on its from-square and
 * victim_code on its to-square (codes below SEEBATCH_PIECE_CODES; the
 * victim's may be an empty square's). `pins` points at the engine's pins as
 * the layout places them: under the default layout, a seebatch_pins (or
 * Stockfish's StateInfo::blockersForKing, which is laid out as one). Inline,
 * so the early exits cost no call. */
static inline bool seebatch_view_see_ge(const seebatch_view_rules *rules, const seebatch_view *view,
                                        const void *pins, seebatch_move move, unsigned mover_code,
                                        unsigned victim_code, int32_t threshold)
{
    /* 64 bits: any int32 threshold, no overflow. */
    int64_t surplus = (int64_t)rules->code_value[victim_code] - threshold;
    if (surplus < 0)
        return false; /* not even if nothing is taken back */
    int64_t shortfall = rules->code_risk[mover_code] - surplus;
    if (shortfall <= 0)
        return true; /* even if the mover is taken back */
    return rules->exchange(&rules->rules, view->pieces, view->colors, pins, move,
                           (int32_t)shortfall);
}

/* seebatch_engine_see_value for the normal move `move` on the view, as
 * seebatch_view_see_ge takes it. */
static inline int32_t seebatch_view_see_value(const seebatch_view_rules *rules,
                                              const seebatch_view *view, const void *pins,
                                              seebatch_move move, unsigned mover_code,
                                              unsigned victim_code)
{
    return rules->value(&rules->rules, view->pieces, view->colors, pins, move, mover_code,
                        victim_code);
}

/* One move of seebatch_view_see_ge_each: the normal move as
 * seebatch_view_see_ge takes it, with its threshold. A move the rules score
 * 0 (a special move under SEEBATCH_NORMAL_MOVES_ONLY) may be given with both
 * codes an empty square's: its answer is then 0 >= threshold, as the rule's. */
typedef struct seebatch_view_move {
    seebatch_move move;
    uint8_t mover_code, victim_code;
    int32_t threshold;
} seebatch_view_move;

/* passed[i] = seebatch_view_see_ge for moves[i] as 0 or 1, every move on one
 * view: a move picker answering a node's threshold tests in one call. */
SEEBATCH_API void seebatch_view_see_ge_each(const seebatch_view_rules *rules,
                                            const seebatch_view *view, const void *pins,
                                            const seebatch_view_move *moves, size_t count,
                                            uint8_t *passed);

/* seebatch_engine_see_ge for any move, special kinds included, on the view
 * (squares in the engine's numbering). It gathers the view's board first:
 * for the rare kinds, not the hot path. Preconditions: the view's board is
 * consistent and the move satisfies seebatch_move_check on it. */
SEEBATCH_API bool seebatch_view_see_ge_move(const seebatch_view_rules *rules,
                                            const seebatch_view *view, const void *pins,
                                            seebatch_move move, int32_t threshold);

/* seebatch_engine_see_value for any move, as seebatch_view_see_ge_move. */
SEEBATCH_API int32_t seebatch_view_see_value_move(const seebatch_view_rules *rules,
                                                  const seebatch_view *view, const void *pins,
                                                  seebatch_move move);

/* Checks a view against its rules' layout, for an engine wiring one up: the
 * board it describes is consistent and, under SEEBATCH_PINS with pins given,
 * the pins equal seebatch_pins_compute's. Fills *board (may be NULL) with
 * that board in seebatch's numbering (rank 1 first; with SEEBATCH_RANK_8_FIRST
 * the ranks are mirrored and the colours swapped, which leaves every SEE
 * value unchanged). Errors: SEEBATCH_ERROR_ARGUMENT (NULL, or pins that
 * differ, naming the field, colour and a square), SEEBATCH_ERROR_BOARD as
 * seebatch_board_validate. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_view_check(const seebatch_view_rules *rules,
                                                 const seebatch_view *view, const void *pins,
                                                 seebatch_board *board, seebatch_error *error);

/* ------------------------------------------------------------------------ */
/* SEE, checked                                                             */
/* ------------------------------------------------------------------------ */
/*
 * The same computations with every precondition checked first: NULL pointers
 * (SEEBATCH_ERROR_ARGUMENT), the board (SEEBATCH_ERROR_BOARD), the
 * configuration (SEEBATCH_ERROR_CONFIG), each move and board index
 * (SEEBATCH_ERROR_MOVE / ARGUMENT, the message naming the index i). The
 * many-board functions check the boards the moves name, not the others, so
 * a batch over a large array of boards costs what its moves need. On
 * failure nothing is written to the outputs. Thread-safe; no allocation.
 */
SEEBATCH_API seebatch_status seebatch_see_value_checked(const seebatch_board *board,
                                                        seebatch_move move,
                                                        const seebatch_config *config,
                                                        int32_t *value, seebatch_error *error);

SEEBATCH_API seebatch_status seebatch_see_values_checked(const seebatch_board *board,
                                                         const seebatch_move *moves, size_t count,
                                                         const seebatch_config *config,
                                                         int32_t *values, seebatch_error *error);

SEEBATCH_API seebatch_status seebatch_see_values_multi_checked(
    const seebatch_board *boards, size_t board_count, const uint32_t *board_of_move,
    const seebatch_move *moves, size_t count, const seebatch_config *config, int32_t *values,
    seebatch_error *error);

/* The threshold tests, checked as above; *passed / passed[i] as the
 * unchecked functions give them. */
SEEBATCH_API seebatch_status seebatch_see_ge_checked(const seebatch_board *board,
                                                     seebatch_move move, int32_t threshold,
                                                     const seebatch_config *config, bool *passed,
                                                     seebatch_error *error);

SEEBATCH_API seebatch_status seebatch_see_ge_batch_checked(const seebatch_board *board,
                                                           const seebatch_move *moves, size_t count,
                                                           int32_t threshold,
                                                           const seebatch_config *config,
                                                           uint8_t *passed, seebatch_error *error);

SEEBATCH_API seebatch_status seebatch_see_ge_multi_checked(
    const seebatch_board *boards, size_t board_count, const uint32_t *board_of_move,
    const seebatch_move *moves, size_t count, int32_t threshold, const seebatch_config *config,
    uint8_t *passed, seebatch_error *error);

/* The pinned many-board calls, checked as above and, for each board a move
 * names, its given pins equal to seebatch_pins_compute's (else
 * SEEBATCH_ERROR_ARGUMENT naming the board, the field, the colour and a
 * square that differs); pins may be NULL (not given). */
SEEBATCH_API seebatch_status seebatch_see_values_multi_pinned_checked(
    const seebatch_board *boards, const seebatch_pins *pins, size_t board_count,
    const uint32_t *board_of_move, const seebatch_move *moves, size_t count,
    const seebatch_config *config, int32_t *values, seebatch_error *error);

SEEBATCH_API seebatch_status seebatch_see_ge_multi_pinned_checked(
    const seebatch_board *boards, const seebatch_pins *pins, size_t board_count,
    const uint32_t *board_of_move, const seebatch_move *moves, size_t count, int32_t threshold,
    const seebatch_config *config, uint8_t *passed, seebatch_error *error);

/* The engine path, checked: rules made by seebatch_rules_init and unchanged
 * (else SEEBATCH_ERROR_CONFIG), the board, each move, and given pins equal
 * to seebatch_pins_compute's (else SEEBATCH_ERROR_ARGUMENT naming the field,
 * colour and a square that differs); thresholds may be NULL only when count
 * is 0. */
SEEBATCH_API seebatch_status seebatch_engine_see_ge_checked(const seebatch_rules *rules,
                                                            const seebatch_board *board,
                                                            const seebatch_pins *pins,
                                                            seebatch_move move, int32_t threshold,
                                                            bool *passed, seebatch_error *error);

SEEBATCH_API seebatch_status seebatch_engine_see_value_checked(const seebatch_rules *rules,
                                                               const seebatch_board *board,
                                                               const seebatch_pins *pins,
                                                               seebatch_move move, int32_t *value,
                                                               seebatch_error *error);

SEEBATCH_API seebatch_status seebatch_engine_see_ge_each_checked(
    const seebatch_rules *rules, const seebatch_board *board, const seebatch_pins *pins,
    const seebatch_move *moves, size_t count, const int32_t *thresholds, uint8_t *passed,
    seebatch_error *error);

/* ------------------------------------------------------------------------ */
/* Backends                                                                 */
/* ------------------------------------------------------------------------ */
/*
 * A backend is one implementation of the SEE kernels ("scalar", "avx2",
 * "avx512").
 * All return identical results; they differ only in speed. A SIMD backend
 * evaluates one move per lane, which pays off only from a few moves on: calls
 * with fewer moves (single-move calls, and batches under 3 moves for avx2 and
 * avx512) are evaluated by the scalar kernel whichever backend is in use.
 *
 * On first use the library picks, among the backends this CPU and OS can run
 * (cpuid and xgetbv), the one measured fastest on this kind of CPU on the
 * benchmark's many-board rows (a table by vendor, family and model, in
 * docs/design.md), else the widest, unless the environment variable
 * SEEBATCH_BACKEND names one: "auto" (the same as unset), "scalar", "avx2",
 * "avx512". If it names a backend this build lacks or this machine cannot
 * run, the SEE functions use the scalar backend and, as the library never
 * prints, seebatch_backend_init is where the caller learns of the error.
 */

/* Chooses the backend now (from SEEBATCH_BACKEND or detection) unless one is
 * already chosen, and reports an error in SEEBATCH_BACKEND. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_backend_init(seebatch_error *error);

/* Forces a backend by name ("auto" re-runs detection, ignoring the
 * environment). Errors: SEEBATCH_ERROR_BACKEND for an unknown name or one the
 * CPU cannot run; the backend in use is then unchanged. Thread-safe: calls
 * already running finish on the backend they started with. */
SEEBATCH_API seebatch_status seebatch_backend_set(const char *name, seebatch_error *error);

/* The name of the backend in use (choosing it first if none is). */
SEEBATCH_API const char *seebatch_backend_name(void);

/* Writes up to `capacity` names of the backends this machine can run, widest
 * first ("scalar" last; auto may pick another than the first, see above), and
 * returns how many there are. "scalar" is always among them. Thread-safe. */
SEEBATCH_API size_t seebatch_backends_available(const char **names, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* SEEBATCH_H */
