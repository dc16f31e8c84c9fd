/*
 * seebatch: Static Exchange Evaluation (SEE) for chess, many captures at once.
 * Start here: rules prepared once (seebatch_rules_init) answer one move
 * (seebatch_value, _value_ge) or a batch (seebatch_values, _values_ge);
 * seebatch_check proves their preconditions on untrusted input. An engine
 * reading its own bitboards in place uses the views (seebatch_view.h); code
 * written for 0.2 includes seebatch_deprecated.h. Every function documents
 * its inputs, errors and thread-safety where it is declared; "The SEE
 * contract" below is what every backend returns.
 */
#ifndef SEEBATCH_H
#define SEEBATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks what the library exports; nothing else is (hidden visibility). */
#if defined(_WIN32) && defined(SEEBATCH_BUILDING_LIBRARY)
#define SEEBATCH_API __declspec(dllexport)
#elif defined(__GNUC__) && !defined(_WIN32)
#define SEEBATCH_API __attribute__((visibility("default")))
#else
#define SEEBATCH_API
#endif

/* The one place the version is written (CMake reads it). */
#define SEEBATCH_VERSION_MAJOR 0
#define SEEBATCH_VERSION_MINOR 3
#define SEEBATCH_VERSION_PATCH 0
#define SEEBATCH_VERSION_STRING "0.3.0"

/* The library's version, "MAJOR.MINOR.PATCH". Thread-safe. */
SEEBATCH_API const char *seebatch_version(void);

/* ---- The types the SEE calls take ---- */

/* A position: piece and colour bitboards (defined under "Board" below). */
typedef struct seebatch_board seebatch_board;

/* A move in 16 bits, the API's only move: to-square in bits 0-5, from-square
 * in 6-11 (where Stockfish's Move keeps them: its normal moves pass as they
 * are), kind in 12-15 (SEEBATCH_MOVE_*). Castling is the king taking its own
 * rook (e1h1, e1a1; any files in Chess960), as Stockfish's castling is. */
typedef uint16_t seebatch_move;

typedef enum seebatch_status {
    SEEBATCH_OK = 0,
    SEEBATCH_ERROR_ARGUMENT = 1, /* NULL pointer, index or size out of range, wrong pins */
    SEEBATCH_ERROR_FEN = 2,      /* FEN text malformed or impossible */
    SEEBATCH_ERROR_BOARD = 3,    /* board not consistent, or not chess (seebatch_position_status) */
    SEEBATCH_ERROR_MOVE = 4,     /* move malformed or violates preconditions */
    SEEBATCH_ERROR_CONFIG = 5,   /* piece value out of range, unknown flag, two promotion rules */
    SEEBATCH_ERROR_BACKEND = 6   /* unknown backend or view exchange, or not runnable here */
} seebatch_status;

#define SEEBATCH_MESSAGE_SIZE 256

/* Filled by functions that can fail (NULL: the status alone). On failure,
 * `message` is one line naming what is wrong and where (field, character,
 * move index, "PATH: " first; a path too long for the rest whole is "..."
 * and its end); on success the status is SEEBATCH_OK and the message empty. */
typedef struct seebatch_error {
    seebatch_status status;
    char message[SEEBATCH_MESSAGE_SIZE];
} seebatch_error;

/* A short name for a status ("ok", "bad FEN", ...). Thread-safe. */
SEEBATCH_API const char *seebatch_status_name(seebatch_status status);

/* Piece values, pawn to queen (the king is never captured), in any order
 * (rule 2 orders attackers by type), and flags (SEEBATCH_PINS..). Presets:
 * seebatch_config_classic, seebatch_config_stockfish. */
typedef struct seebatch_config {
    int32_t values[5];
    uint32_t flags;
} seebatch_config;

/* A configuration as the exchange reads it: made by seebatch_rules_init,
 * never changed; its fields are the library's. */
typedef struct seebatch_rules {
    int32_t value[8]; /* by piece type; the king and codes 6 and 7 are worth 0 */
    uint32_t flags;
} seebatch_rules;

/*
 * Pins (contract rule 5), the API's one pins type, as Stockfish's StateInfo
 * holds them (so a view reads that memory in place): blockers[X], the pieces
 * of either colour standing alone between X's king and an enemy slider
 * (blockersForKing[X]); pinners[X], X's OWN sliders pinning an enemy piece
 * (StateInfo::pinners[X]), so X's blockers are held by pinners[!X]. Empty
 * for a side without exactly one king (0.1.0's pinners: docs/engine.md).
 */
typedef struct seebatch_pins {
    uint64_t blockers[2];
    uint64_t pinners[2];
} seebatch_pins;

/*
 * The moves a batch call answers and their boards, filled in this order:
 * - boards, board_count: the positions.
 * - pins: NULL to have a board's pins worked out where a move needs them
 *   (under SEEBATCH_PINS, once per board and call); else pins[b] are
 *   boards[b]'s as seebatch_pins_compute gives them, read only under
 *   SEEBATCH_PINS (an engine passes the pins it holds).
 * - board_of_move: NULL when every move is on boards[0] (a node's captures);
 *   else moves[i] is on boards[board_of_move[i]], each index below
 *   board_count (many positions: data sets).
 * - moves, count: the moves (moves may be NULL when count is 0).
 * One move is a batch of one: {&board, 1, pins, NULL, &move, 1}.
 */
typedef struct seebatch_batch {
    const seebatch_board *boards;
    size_t board_count;
    const seebatch_pins *pins;
    const uint32_t *board_of_move;
    const seebatch_move *moves;
    size_t count;
} seebatch_batch;

/* ---- SEE: the calls most users need ---- */
/*
 * Preconditions of the four fast calls, not checked (seebatch_check proves
 * them all): `rules` from seebatch_rules_init, unchanged; every board a move
 * is played on consistent (seebatch_board_validate); every move satisfying
 * seebatch_move_check on its board; given pins equal seebatch_pins_compute's;
 * every board index below board_count; the arrays as the batch says, the
 * outputs `count` long. A board not consistent or a move breaking
 * seebatch_move_check gives an unspecified value but never reads or writes
 * outside the arrays; a board index out of range or rules not made by
 * seebatch_rules_init is undefined behaviour.
 *
 * All are safe from many threads at once and allocate nothing. The first
 * call chooses the backend (see "Backends").
 */

/*
 * Checks `config` and prepares it for every SEE call, once, at start-up.
 *
 *     seebatch_rules rules;
 *     seebatch_config config = seebatch_config_stockfish();
 *     if (seebatch_rules_init(&rules, &config, &error) != SEEBATCH_OK)
 *         fprintf(stderr, "%s\n", error.message);
 *
 * Errors, *rules then unchanged: SEEBATCH_ERROR_ARGUMENT for NULL,
 * SEEBATCH_ERROR_CONFIG naming a piece value outside [0,
 * SEEBATCH_VALUE_MAX], unknown flag bits, or both promotion rules
 * (SEEBATCH_PROMOTIONS and SEEBATCH_MOVE_PROMOTION_ONLY). Thread-safe.
 */
SEEBATCH_API seebatch_status seebatch_rules_init(seebatch_rules *rules,
                                                 const seebatch_config *config,
                                                 seebatch_error *error);

/*
 * The SEE of one move on one board: the exact material the side that moves
 * wins (or loses, below 0) in the exchange on the move's to-square. `pins`:
 * the board's pins, or NULL to have them worked out when the exchange needs
 * them. Straight into the exchange: no dispatch, no batch.
 *
 *     // white Ke1, pawn d4; black Ke8, pawns e5, d6 (squares a1 = 0 .. h8 = 63)
 *     seebatch_board board = SEEBATCH_BOARD_EMPTY;
 *     board.pieces[SEEBATCH_PAWN] = 1ull << 27 | 1ull << 36 | 1ull << 43;
 *     board.pieces[SEEBATCH_KING] = 1ull << 4 | 1ull << 60;
 *     board.colors[SEEBATCH_WHITE] = 1ull << 4 | 1ull << 27;
 *     board.colors[SEEBATCH_BLACK] = 1ull << 36 | 1ull << 43 | 1ull << 60;
 *     seebatch_move move = seebatch_move_make(27, 36, SEEBATCH_MOVE_NORMAL); // d4xe5
 *     int32_t gain = seebatch_value(&rules, &board, NULL, move); // 0: a pawn for a pawn
 */
SEEBATCH_API int32_t seebatch_value(const seebatch_rules *rules, const seebatch_board *board,
                                    const seebatch_pins *pins, seebatch_move move);

/*
 * seebatch_value(rules, board, pins, move) >= threshold, usually much faster
 * (it stops as soon as the answer is known): what a search asks in its move
 * picker and quiescence search.
 *
 *     if (!seebatch_value_ge(&rules, &board, &pins, move, -score / 18))
 *         continue; // a losing capture: skip it
 */
SEEBATCH_API bool seebatch_value_ge(const seebatch_rules *rules, const seebatch_board *board,
                                    const seebatch_pins *pins, seebatch_move move,
                                    int32_t threshold);

/*
 * values[i] = the SEE of batch->moves[i] on its board: work the moves share
 * is done once, and a SIMD backend evaluates one move per lane.
 *
 *     // every capture of one position
 *     seebatch_move moves[SEEBATCH_MAX_MOVES];
 *     size_t count = seebatch_generate_captures(&board, moves);
 *     seebatch_batch batch = {&board, 1, NULL, NULL, moves, count};
 *     seebatch_values(&rules, &batch, values);
 */
SEEBATCH_API void seebatch_values(const seebatch_rules *rules, const seebatch_batch *batch,
                                  int32_t *values);

/*
 * passed[i] = (the SEE of batch->moves[i] >= its threshold) as 0 or 1: every
 * move against `threshold` when `thresholds` is NULL, else moves[i] against
 * thresholds[i] (count entries; `threshold` is then not read). Equal to
 * seebatch_values' values compared, usually faster.
 *
 *     // a node's captures, each with the threshold the search gives it
 *     seebatch_batch node = {&board, 1, &pins, NULL, moves, count};
 *     seebatch_values_ge(&rules, &node, 0, thresholds, passed);
 *
 *     // a data set's captures that do not lose material
 *     seebatch_values_ge(&rules, &data_set, 0, NULL, passed);
 */
SEEBATCH_API void seebatch_values_ge(const seebatch_rules *rules, const seebatch_batch *batch,
                                     int32_t threshold, const int32_t *thresholds, uint8_t *passed);

/*
 * Proves every precondition of the fast calls for `rules` and `batch`, for
 * untrusted input to go through before the fast call of your choice:
 *
 *     seebatch_batch batch = {boards, board_count, pins, board_of_move, moves, count};
 *     if (seebatch_check(&rules, &batch, &error) != SEEBATCH_OK)
 *         return report(error.message); // "move 7 names board 3 but there are 3 boards"
 *     seebatch_values(&rules, &batch, values);
 *
 * Checks, in order: rules not NULL and as seebatch_rules_init made them
 * (SEEBATCH_ERROR_ARGUMENT, _CONFIG); batch, and boards and moves when
 * count > 0, not NULL, board_count not 0, each move's board index below it
 * (SEEBATCH_ERROR_ARGUMENT naming the move); each board a move names
 * consistent (SEEBATCH_ERROR_BOARD naming the board); each move satisfying
 * seebatch_move_check and one its piece can make (a slider along an open
 * line, a knight's jump, a king's step, castling with the right, king and
 * rook in place and the squares between empty, a pawn's push, double push,
 * diagonal capture or en passant), whoever is to move, whatever it leaves
 * (SEEBATCH_ERROR_MOVE: "the rook on h1 cannot reach h3: h2 is in the way"
 * names a square typed wrong, which the fast calls would score); given pins
 * equal to seebatch_pins_compute's (SEEBATCH_ERROR_ARGUMENT naming the
 * board, field, colour and a square, and 0.1.0's convention when used).
 * Boards no move names are not looked at; outputs and thresholds are the
 * caller's to size. Thread-safe; no allocation; nothing written but *error.
 */
SEEBATCH_API seebatch_status seebatch_check(const seebatch_rules *rules,
                                            const seebatch_batch *batch, seebatch_error *error);

/* Computes the pins of both sides of a consistent board, as a batch's pins
 * must be. Thread-safe. */
SEEBATCH_API void seebatch_pins_compute(const seebatch_board *board, seebatch_pins *pins);

/* ---- The SEE contract ---- */
/*
 * Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
 * SEE(move) is the material the side that moves wins or loses in the exchange
 * of captures on the move's destination square `to`, both sides playing best:
 *
 *  1. The move is played; it is forced. The gain so far is the value of the
 *     piece on `to` (0 for a quiet move; a pawn for en passant, which leaves
 *     its own square). A castling move has SEE 0; nothing else is examined.
 *  2. The sides then alternate, the opponent first. The side to move may
 *     capture on `to` with its least valuable attacker, or stop. Attackers
 *     are tried pawn, knight, bishop, rook, queen, king; among attackers of
 *     one type the one on the lowest square index goes first.
 *  3. Attackers come from the current occupancy, so a slider behind a piece
 *     that has left (an x-ray) joins as soon as its line opens, for either
 *     side. A pawn attacks `to` only diagonally forward.
 *  4. King rule: a king captures only if the other side has no attacker of
 *     `to` at that moment (occupancy as it stands, the king on its square;
 *     pieces kept back by PINS count as attackers here); otherwise that side
 *     has no capture and the exchange ends. A king capture ends the
 *     exchange. If the first mover is a king, SEE is the victim's value.
 *  5. SEEBATCH_PINS (off by default) is Stockfish's simplification. On the
 *     original board, for each side X with exactly one king, every enemy
 *     bishop or queen on a diagonal of X's king and rook or queen on its rank
 *     or file is a sniper (as if the board were empty). With the snipers
 *     lifted off, a sniper with exactly one piece (either colour) between it
 *     and the king makes that piece a blocker of X, and if the blocker is X's
 *     own, the sniper a pinner of X. While a pinner of X is on the board (not
 *     the piece captured on `to`, not one that has moved to `to`), no blocker
 *     of X may capture on `to`. Pins are never recomputed, and the first move
 *     is never checked for pins or legality.
 *  6. Promotions, one setting of three (the two flags together are refused):
 *     - neither flag (the default): a promoting pawn is a pawn throughout;
 *     - SEEBATCH_MOVE_PROMOTION_ONLY: a first move that promotes gains
 *       value(named piece) - value(pawn) and the named piece stands on `to`;
 *       every later pawn capture onto the last rank stays a pawn;
 *     - SEEBATCH_PROMOTIONS: every pawn arriving on its last rank promotes,
 *       the first move to the piece it names and every later one to a queen;
 *       its side gains value(new piece) - value(pawn), the new piece on `to`.
 *  7. Each side stops when continuing cannot improve its result (negamax of
 *     the balances, which rule 8 may cut short). SEE is the result for the
 *     side that moved first.
 *  8. SEEBATCH_STOP_WHEN_AHEAD (off by default) breaks off as the swap lists
 *     of Crafty and Berserk (to version 5) do. From the opponent's reply on,
 *     after each capture: if the side that made it is ahead by more than the
 *     value of its piece now on `to` (its balance over the whole exchange,
 *     the first gain included, minus that value, is > 0; a promoted pawn
 *     counts as its new piece), its opponent is taken to stop there. The
 *     capture stays optional for the side that made it (rule 7); a king's
 *     capture ends the exchange anyway (rule 4).
 *
 * SEEBATCH_NORMAL_MOVES_ONLY scores every en passant, promotion and castling
 * move 0, as Stockfish does. seebatch_value_ge(m, t) always equals
 * seebatch_value(m) >= t. Any consistent board is valid input (see
 * seebatch_board), legal chess or not; on it every backend returns the same.
 */

/* ---- Board ---- */

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

/* Castling rights, bits 0-3 of seebatch_board.castling. */
enum {
    SEEBATCH_CASTLE_WHITE_KINGSIDE = 1,
    SEEBATCH_CASTLE_WHITE_QUEENSIDE = 2,
    SEEBATCH_CASTLE_BLACK_KINGSIDE = 4,
    SEEBATCH_CASTLE_BLACK_QUEENSIDE = 8
};

/*
 * A position as an engine keeps it: a bitboard per piece type (both colours)
 * and per colour, bit i for square i. Castling, Chess960's too: the bits
 * above, and for each right (K, Q, k, q from bit 4 of castling | reserved
 * << 8) 3 bits counting the files from its corner to its rook (from the h-file
 * for K and k, the a-file for Q and q); 0 is standard chess's rook. It is
 * consistent when the six piece bitboards are pairwise disjoint, the two
 * colour ones disjoint, their unions equal, side_to_move 0 or 1, en_passant
 * SEEBATCH_NO_SQUARE or a square on the sixth rank with white to move and
 * the third with black, and each right's file count 0..6 (0 for a right not
 * held). SEE reads only pieces[] and colors[].
 */
struct seebatch_board {
    uint64_t pieces[SEEBATCH_PIECE_TYPES]; /* indexed by SEEBATCH_PAWN.. */
    uint64_t colors[2];                    /* indexed by SEEBATCH_WHITE.. */
    uint8_t side_to_move;
    uint8_t en_passant; /* square passed over by a double push, or NO_SQUARE */
    uint8_t castling;   /* SEEBATCH_CASTLE_* bits, then the rooks' files (above) */
    uint8_t reserved;   /* the rest of the rooks' files: 0 in standard chess */
    uint16_t halfmove_clock;
    uint16_t fullmove_number;
};

/* An empty board, consistent as it stands (en_passant SEEBATCH_NO_SQUARE,
 * move 1): an engine starts here and ORs in its bitboards; `= {0}` would put
 * en passant on a1 and fail validation. */
#define SEEBATCH_BOARD_EMPTY                                                                       \
    {                                                                                              \
        {0, 0, 0, 0, 0, 0}, {0, 0}, SEEBATCH_WHITE, SEEBATCH_NO_SQUARE, 0, 0, 0, 1                 \
    }

/* ---- Moves ---- */

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
 * The preconditions every SEE call puts on a move, checked on a consistent
 * board: from and to differ; a piece stands on from, none of its colour on
 * to; a promotion is a pawn's move onto its last rank, and a pawn's normal
 * move never ends there; en passant is a pawn's move onto an empty square of
 * the sixth (white) or third (black) rank with an enemy pawn behind it;
 * castling is a king's move onto a rook of its own colour.
 * Errors: SEEBATCH_ERROR_BOARD, SEEBATCH_ERROR_MOVE. Thread-safe.
 */
SEEBATCH_API seebatch_status seebatch_move_check(const seebatch_board *board, seebatch_move move,
                                                 seebatch_error *error);

/* ---- Configuration ---- */

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

/* P=100 N=325 B=325 R=500 Q=1000, no flags. */
SEEBATCH_API seebatch_config seebatch_config_classic(void);

/* P=208 N=781 B=825 R=1276 Q=2538, PINS and NORMAL_MOVES_ONLY: under it
 * seebatch_value_ge equals Stockfish's Position::see_ge for every move, in
 * Stockfish 16.1 and later (15.1 and 16 value a pawn at 126 inside see_ge:
 * the same flags with their values reproduce them). */
SEEBATCH_API seebatch_config seebatch_config_stockfish(void);

/* Fills *config with the preset named "classic" or "stockfish". Errors:
 * SEEBATCH_ERROR_CONFIG for any other name. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_config_preset(const char *name, seebatch_config *config,
                                                    seebatch_error *error);

/* ---- FEN, EPD, UCI, validation ---- */

/* Longest FEN seebatch_board_to_fen writes, with its terminating NUL. */
#define SEEBATCH_FEN_MAX 100

/*
 * Reads a position's text: a FEN (placement, side, castling and en passant
 * required; the counters default to 0 and 1), fields apart by spaces or
 * tabs, blanks around ignored, nothing after the sixth; an EPD record (the
 * four fields, then operations: hmvc and fmvn give the counters); or a UCI command
 * "position startpos|fen FEN [moves e2e4 ...]", read as the position after
 * its moves (any number, past the 255 bytes below), each checked legal
 * ("UCI position: move 3 (e4e5) is not legal"). Castling may be X-FEN or
 * Shredder-FEN: K, Q, k, q the outermost rook on that side of the king, a
 * file A-H or a-h the rook on it ("KQkq", "HFhf", "GAha"), white's first,
 * kingside first.
 *
 * Rejected, naming the field and the character: ranks of other than 8
 * squares or other than 8 ranks, an unknown character, a colour not w/b,
 * castling letters unknown, repeated or out of order, an en passant square
 * off the sixth (white to move) or third rank, a counter not a number up to
 * 65535, two kings of a colour, over 255 bytes. Pawns on a back rank, no
 * kings and rights with no rook are accepted (SEE is defined on any
 * consistent board; seebatch_position_status names them). On success
 * *board is consistent. Errors: SEEBATCH_ERROR_ARGUMENT (NULL),
 * SEEBATCH_ERROR_FEN. Thread-safe.
 */
SEEBATCH_API seebatch_status seebatch_board_from_fen(seebatch_board *board, const char *fen,
                                                     seebatch_error *error);

/* seebatch_board_from_fen's fast path for text[0..length) (no NUL needed):
 * true, *board read as seebatch_board_from_fen reads it, for a FEN in its
 * plainest spelling (six fields one space apart, nothing around, counters
 * of at most five digits); else false: call seebatch_board_from_fen. board
 * and text not NULL (unchecked). Thread-safe; no allocation. */
SEEBATCH_API bool seebatch_board_from_plain_fen(seebatch_board *board, const char *text,
                                                size_t length);

/* Writes the FEN of a consistent board into buffer (size bytes;
 * SEEBATCH_FEN_MAX is always enough) and returns its length without the NUL.
 * Castling is X-FEN: K, Q, k, q where the right's rook is the outermost on
 * its side (standard chess as ever), else the rook's file ("Gkq": g1's rook
 * with another on h1). Returns 0 and writes "" (when size > 0) for a board
 * not consistent, with two kings of a colour or a right no letter names, or
 * a buffer too small. Thread-safe. */
SEEBATCH_API size_t seebatch_board_to_fen(const seebatch_board *board, char *buffer, size_t size);

/* Checks that the board is consistent (see seebatch_board). Errors:
 * SEEBATCH_ERROR_BOARD naming the first violation and a square where there
 * is one ("square e4 is in both the knight and bishop bitboards"). */
SEEBATCH_API seebatch_status seebatch_board_validate(const seebatch_board *board,
                                                     seebatch_error *error);

/* Why a consistent board could not arise in a game (SEE needs none of it),
 * for seebatch_position_status: python-chess's Board.status() bits. */
enum {
    SEEBATCH_POSITION_NO_WHITE_KING = 1 << 0,
    SEEBATCH_POSITION_NO_BLACK_KING = 1 << 1,
    SEEBATCH_POSITION_TOO_MANY_KINGS = 1 << 2,       /* more than one of a side */
    SEEBATCH_POSITION_TOO_MANY_WHITE_PAWNS = 1 << 3, /* more than 8 */
    SEEBATCH_POSITION_TOO_MANY_BLACK_PAWNS = 1 << 4,
    SEEBATCH_POSITION_PAWNS_ON_BACKRANK = 1 << 5,     /* a pawn on rank 1 or 8 */
    SEEBATCH_POSITION_TOO_MANY_WHITE_PIECES = 1 << 6, /* more than 16 */
    SEEBATCH_POSITION_TOO_MANY_BLACK_PIECES = 1 << 7,
    SEEBATCH_POSITION_BAD_CASTLING_RIGHTS = 1 << 8, /* a right whose king (on its first rank) or
                                                     rook (its file, on its side) is not there */
    SEEBATCH_POSITION_INVALID_EP_SQUARE = 1 << 9,   /* no pawn of the side not to move has just
                                                     pushed two squares past it */
    SEEBATCH_POSITION_OPPOSITE_CHECK = 1 << 10,     /* the side not to move in check (or kings
                                                       side by side) */
    SEEBATCH_POSITION_EMPTY = 1 << 11,              /* no piece (the two kings are missing too) */
    /* 1 << 12 to 1 << 14: python-chess's Racing Kings statuses, never set */
    SEEBATCH_POSITION_TOO_MANY_CHECKERS = 1 << 15, /* the side to move in check from more than two
                                                      pieces (IMPOSSIBLE_CHECK set too) */
    /* A check no last move gives: two of pawns, knights and kings, two on one line with the king,
     * after a double push two, or one the push did not give or uncover; any other double check. */
    SEEBATCH_POSITION_IMPOSSIBLE_CHECK = 1 << 16,
    SEEBATCH_POSITION_INCONSISTENT = 1 << 30 /* not consistent: nothing else is looked at */
};

/*
 * statuses[i] (count entries, or NULL) = boards[i]'s SEEBATCH_POSITION_*
 * bits, 0 when it breaks none of python-chess's Board.status() rules (all
 * of them are looked for) nor is a double check no move gives (passing does
 * not prove a game reaches it: docs/tool.md lists what is left out). SEEBATCH_OK
 * when every board passes, else SEEBATCH_ERROR_BOARD with the first one's first reason
 * ("impossible position: the kings stand side by side (b8, a8)", after
 * "board N: " when count > 1); seebatch_board_from_fen does not ask it.
 * Errors: SEEBATCH_ERROR_ARGUMENT for boards NULL with count > 0.
 * Thread-safe; no allocation.
 */
SEEBATCH_API seebatch_status seebatch_position_status(const seebatch_board *boards, size_t count,
                                                      uint32_t *statuses, seebatch_error *error);

/* Longest UCI move text, with its NUL ("e7e8q"). */
#define SEEBATCH_UCI_MAX 6

/*
 * Parses a UCI move ("e2e4", "e7e8q", castling "e1h1" or "e1g1") on a
 * consistent board, which decides its kind: en passant for a pawn's diagonal
 * move onto the en passant square; castling for a king on its first rank
 * moving onto its own rook there (UCI_Chess960's form), or a king on e1 or e8
 * moving two files with its rook on that side's corner or the right's file
 * (standard chess's form, read as the king taking that rook); a promotion for
 * a suffix n/b/r/q. The result satisfies seebatch_move_check and is a move its
 * piece can make, as seebatch_check requires; legality is not checked
 * (seebatch_move_is_legal), nor who is to move.
 * Errors: SEEBATCH_ERROR_MOVE naming the problem (syntax, empty from-square,
 * own piece on the to-square, a promotion letter on a non-pawn or missing on
 * a pawn reaching its last rank, a move the piece cannot make and why).
 */
SEEBATCH_API seebatch_status seebatch_move_parse(const seebatch_board *board, const char *text,
                                                 seebatch_move *move, seebatch_error *error);

/* Writes "e2e4"/"e7e8q" into out (at least SEEBATCH_UCI_MAX bytes) and
 * returns the length. Castling as UCI writes it: e1g1 for a king on e1 or
 * e8 taking the rook on its corner (standard chess), else the king taking
 * its rook (f1h1: UCI_Chess960's form). Thread-safe. */
SEEBATCH_API size_t seebatch_move_to_uci(seebatch_move move, char *out);

/* ---- Move generation ---- */

/* No position has more legal moves than this (218 is the known maximum; the
 * bound also covers the unusual consistent boards this library accepts). */
#define SEEBATCH_MAX_MOVES 512

/* The legal moves of the side to move: those after which no king of the
 * mover is attacked (a side with no king is never in check); castling
 * (Chess960's rules) needs the right, its king on the first rank with the
 * right's rook on that side of it, every square king and rook cross or land
 * on (g1 and f1, or c1 and d1) empty but for the two, and the king's start,
 * path and end unattacked. Precondition: a consistent board (unchecked).
 * Writes at most SEEBATCH_MAX_MOVES, returns the count. Thread-safe. */
SEEBATCH_API size_t seebatch_generate_moves(const seebatch_board *board, seebatch_move *moves);

/* The legal captures (en passant and capture-promotions included) and the
 * legal quiet promotions: the moves SEE is usually asked about. Same
 * preconditions and rules as seebatch_generate_moves. */
SEEBATCH_API size_t seebatch_generate_captures(const seebatch_board *board, seebatch_move *moves);

/* Whether move is among seebatch_generate_moves(board). Thread-safe. */
SEEBATCH_API bool seebatch_move_is_legal(const seebatch_board *board, seebatch_move move);

/* Plays a legal move (unchecked precondition) on *board, updating side to
 * move, castling rights, en passant square and counters. Thread-safe for
 * distinct boards. */
SEEBATCH_API void seebatch_board_play(seebatch_board *board, seebatch_move move);

/* A game as played, for seebatch_game_play: the position it starts from
 * and, when asked, the position before each move and the move. */
typedef struct seebatch_game {
    seebatch_board board;   /* in: where the moves start; out: after the last one played */
    seebatch_board *before; /* capacity boards, or NULL: before[i], the position of move i */
    seebatch_move *moves;   /* capacity moves, or NULL: moves[i], move i */
    size_t capacity;        /* read when before or moves is given */
    size_t count;           /* out: the moves played */
} seebatch_game;

/*
 * Plays the UCI moves of text[0..length) (no NUL needed; blanks between),
 * as a UCI position command or pgn-extract -Wuci writes them, from
 * game->board, each parsed and checked legal first; a result ending the
 * text ("1-0", "*", ...) is ignored. The SEE of every move played is then
 * one call:
 *
 *     seebatch_game game = {start, before, moves, capacity, 0};
 *     if (seebatch_game_play(&game, "e2e4 d7d5 e4d5 d8d5 1-0", 23, &error) != SEEBATCH_OK)
 *         report(error.message); // "move 3 (e4e6) ...": the moves before it are kept
 *     uint32_t ply[...] = {0, 1, 2, ...};  // move i on board i
 *     seebatch_batch batch = {before, game.count, NULL, ply, moves, game.count};
 *     seebatch_values(&rules, &batch, values);
 *
 * Stops at the first move that cannot be played, game->count and
 * game->board as after the moves before it. Errors: SEEBATCH_ERROR_ARGUMENT
 * for NULL (text may be NULL when length is 0) or a move past the capacity;
 * SEEBATCH_ERROR_BOARD as seebatch_board_validate for game->board;
 * SEEBATCH_ERROR_MOVE naming the move from 1 and its text ("move 3 (d7d6)
 * is not legal"). Thread-safe on distinct games; no allocation.
 */
SEEBATCH_API seebatch_status seebatch_game_play(seebatch_game *game, const char *text,
                                                size_t length, seebatch_error *error);

/* ---- Many positions per call (data sets, bindings to other languages) ---- */

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
 * Parses `count` FENs from text (length bytes, no NUL needed), one a row, the
 * rows as seebatch_count_rows counts them (a '\r' ending a row dropped), each
 * as seebatch_board_from_fen reads it, with its message; a NUL in a row is an
 * error. A bad row gets the empty board in boards[row], its status in
 * report->statuses and its message in report->errors (the first
 * error_capacity of them), counted in report->bad_rows; the rest are still
 * read. Returns SEEBATCH_OK when every row was read, good or bad. Errors,
 * nothing written: SEEBATCH_ERROR_ARGUMENT for a NULL pointer or a text not
 * holding exactly count rows (saying how many it holds). Thread-safe; no
 * allocation.
 */
SEEBATCH_API seebatch_status seebatch_boards_from_fens(const char *text, size_t length,
                                                       size_t count, seebatch_board *boards,
                                                       seebatch_fen_rows_report *report,
                                                       seebatch_error *error);

/* The rows text (length bytes) holds, as seebatch_boards_from_fens counts
 * them: "a\nb" and "a\nb\n" hold two, "" none, "\n" one empty row; 0 for a
 * NULL text. Thread-safe; no allocation. */
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
 * Appends to list seebatch_generate_captures' moves for each board from
 * boards[list->next_board] on, with the board's index, until every board is
 * done or the next board's captures do not fit; the caller then gives more
 * room (larger arrays holding what was written) and calls again while
 * list->next_board < board_count. The result is a batch's board_of_move,
 * moves and count. Each board is validated first. Errors:
 * SEEBATCH_ERROR_ARGUMENT (NULL pointers, count above capacity, more than
 * 2^32 boards), SEEBATCH_ERROR_BOARD ("board N: ...", the first inconsistent
 * board: list->next_board is N, earlier boards' moves kept). Thread-safe (on
 * distinct lists); no allocation.
 */
SEEBATCH_API seebatch_status seebatch_generate_captures_multi(const seebatch_board *boards,
                                                              size_t board_count,
                                                              seebatch_capture_list *list,
                                                              seebatch_error *error);

/* ---- Backends ---- */
/*
 * A backend is one implementation of the SEE kernels ("scalar", "avx2",
 * "avx512"): identical results, different speeds; single moves and calls
 * under 3 moves run on the scalar kernel whatever the backend. By default
 * ("auto") the library learns the fastest backend for each call shape on many
 * boards from the calls it serves (about 1% of a job's time, never an
 * answer); calls on one board or under 64 moves take a first guess measured
 * per kind of CPU, else the widest (docs/design.md, "Auto"). SEEBATCH_BACKEND,
 * read on first use, may say "auto" (as unset), "fixed" (the first guess
 * always: reproducible timings) or a backend's name; one this build lacks or
 * this machine cannot run leaves scalar in use, the error for
 * seebatch_backend_init to report.
 */

/* Chooses the backend now unless one is chosen, and reports a bad
 * SEEBATCH_BACKEND or SEEBATCH_PEXT (SEEBATCH_ERROR_BACKEND; a bad
 * SEEBATCH_PEXT is otherwise ignored). Thread-safe. */
SEEBATCH_API seebatch_status seebatch_backend_init(seebatch_error *error);

/* Chooses by name, as SEEBATCH_BACKEND does, ignoring the environment:
 * "auto" learns afresh (forgetting what it learned), "fixed" takes the first
 * guess, a backend's name forces it. Errors: SEEBATCH_ERROR_BACKEND for an
 * unknown name or one the CPU cannot run; the choice in use then stays.
 * Thread-safe: calls already running finish on the backend they started on. */
SEEBATCH_API seebatch_status seebatch_backend_set(const char *name, seebatch_error *error);

/* How the backend is chosen now (choosing first if nothing is), as
 * seebatch_backend_set takes it: "auto", "fixed", or the one backend forced
 * ("scalar" where SEEBATCH_BACKEND named one that cannot run here). Under
 * auto and fixed, which backend serves a call depends on its shape (see
 * seebatch_auto_report and `seebatch --version`). */
SEEBATCH_API const char *seebatch_backend_name(void);

/* Writes up to `capacity` names of the backends this machine runs, widest
 * first ("scalar", always there, last); returns how many. Thread-safe. */
SEEBATCH_API size_t seebatch_backends_available(const char **names, size_t capacity);

/* What auto learned for one call shape (seebatch_auto_report). */
enum { SEEBATCH_CALL_SHAPES = 24, SEEBATCH_BACKENDS_MAX = 3 };
/* How auto judged a backend on a shape. */
typedef enum seebatch_auto_judged {
    SEEBATCH_AUTO_NOT_TRIED, /* it served no timed call of the shape */
    SEEBATCH_AUTO_ON_TRIAL,  /* its trial is running: nothing judged yet */
    SEEBATCH_AUTO_KEPT,      /* kept and settled: its speed, the mean of its timed calls */
    SEEBATCH_AUTO_JUDGED,    /* trial done: its speed beside the best's, cold first call out */
    SEEBATCH_AUTO_DROPPED    /* trial cut short, trailing the best by far: no speed, `trailed` */
} seebatch_auto_judged;
typedef struct seebatch_auto_backend {
    const char *name; /* "avx512", "avx2", "scalar" */
    uint64_t calls;   /* calls of this shape timed on it (or parts, judged beside another) */
    seebatch_auto_judged judged;
    /* ns a capture, a steady speed: KEPT's or JUDGED's; 0 otherwise. */
    double ns_per_capture;
    /* DROPPED: its cost over the best's on the same calls when its trial
     * was cut short (3.0: three times the best's); 0 otherwise. */
    double trailed;
} seebatch_auto_backend;
typedef struct seebatch_auto_shape {
    /* "threshold, many boards in order, pins given, at least 8 moves" */
    char shape[80];
    bool learns;          /* false: a fixed choice (one board, under 8 moves, or not auto) */
    const char *kept;     /* the backend serving the shape's calls now */
    size_t backend_count; /* the backends this machine runs, widest first */
    seebatch_auto_backend backends[SEEBATCH_BACKENDS_MAX];
    /* The regime the last look found: its calls came round every
     * `repeats_every` calls (work the branch predictor learns), or 0 (a
     * stream, or cycles over 16 calls). */
    size_t repeats_every;
} seebatch_auto_shape;

/* Writes what auto has learned since it started (the first call, or
 * seebatch_backend_set("auto")) for up to `capacity` call shapes; returns
 * SEEBATCH_CALL_SHAPES. Under a forced backend or "fixed", no shape learns.
 * Thread-safe; the figures of calls still running may be missing. */
SEEBATCH_API size_t seebatch_auto_report(seebatch_auto_shape *shapes, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* SEEBATCH_H */
