// seebatch answers Berserk 4.6.0's SEE.
//
// bench/berserk/search.sh appends this file to a copy of Berserk's see.c,
// after renaming Berserk's own SEE to SEE_berserk. The view reads the Board
// where it lies: twelve bitboards, pieces[2 * type + colour], beside the
// occupancies, squares counted from a8; the piece codes are Berserk's own.
//
// Berserk's rules, from its see.c: an exact value by the swap list, which
// breaks off once the side that has just captured is ahead by more than its
// own piece (SEEBATCH_STOP_WHEN_AHEAD); no pins; a promoting pawn stays a
// pawn (no promotion rule); castling and a king's quiet move are worth 0.
// Where it differs from anything seebatch expresses, Berserk answers:
// - en passant: it lets no slider through the captured pawn's square;
// - a pawn's push (quiet promotions too) with a rook or queen behind it on
//   its file: it lets no slider through the square the pawn left.
// Built with SEEBATCH_ADAPTER_CHECK, it asks both on every call, counts the
// calls by kind and stops at the first difference.

#include <stdio.h>
#include <stdlib.h>

#include "seebatch.h"
#include "seebatch_view.h"

int SEE_berserk(Board *board, Move move);

static seebatch_view_rules SeebatchRules;

__attribute__((constructor)) static void seebatch_rules_for_berserk(void)
{
    seebatch_config config = {{0}, SEEBATCH_STOP_WHEN_AHEAD};
    int8_t types[NO_PIECE + 1];
    for (int type = PAWN_TYPE; type <= QUEEN_TYPE; type++)
        config.values[type] = STATIC_MATERIAL_VALUE[type];
    for (int code = 0; code <= NO_PIECE; code++)
        types[code] = code == NO_PIECE ? -1 : (int8_t)PIECE_TYPE[code];
    seebatch_layout layout = {0};
    layout.kind = SEEBATCH_LAYOUT_BY_PIECE;
    layout.squares = SEEBATCH_RANK_8_FIRST;
    layout.has_colors = 1;
    for (int color = WHITE; color <= BLACK; color++) {
        for (int type = PAWN_TYPE; type <= KING_TYPE; type++)
            layout.pieces[color][type] = (int32_t)((2 * type + color) * sizeof(BitBoard));
        layout.colors[color] = (int32_t)(color * sizeof(BitBoard));
    }
    seebatch_error error;
    if (seebatch_view_rules_init(&SeebatchRules, &config, types, NO_PIECE + 1, &error) !=
            SEEBATCH_OK ||
        seebatch_view_rules_set_layout(&SeebatchRules, &layout, &error) != SEEBATCH_OK) {
        fprintf(stderr, "seebatch: %s\n", error.message);
        exit(EXIT_FAILURE);
    }
}

// A rook or queen of either colour on the pawn's file behind it (away from
// where it goes): Berserk's SEE would not let it through the square left.
static inline int slider_behind_push(Board *board, int from, int to)
{
    BitBoard file = 0x0101010101010101ULL << (from & 7);
    BitBoard behind = to < from ? ~((2ULL << from) - 1) : (1ULL << from) - 1;
    BitBoard straight = board->pieces[ROOK_WHITE] | board->pieces[ROOK_BLACK] |
                        board->pieces[QUEEN_WHITE] | board->pieces[QUEEN_BLACK];
    return (straight & file & behind) != 0;
}

// The kinds of call, as the checking build counts them.
enum {
    KIND_CAPTURE,
    KIND_QUIET,
    KIND_PAWN_PUSH,
    KIND_PROMOTION,
    KIND_ZERO,             // castling, a king's quiet move
    KIND_EN_PASSANT,       // answered by Berserk
    KIND_PUSH_UNDER_X_RAY, // answered by Berserk
    KINDS
};

static inline int kind_of(Board *board, Move move)
{
    int from = MoveStart(move), to = MoveEnd(move);
    if (MoveCastle(move) || (!MoveCapture(move) && PIECE_TYPE[MovePiece(move)] == KING_TYPE))
        return KIND_ZERO;
    if (MoveEP(move))
        return KIND_EN_PASSANT;
    int push = PIECE_TYPE[MovePiece(move)] == PAWN_TYPE && (from & 7) == (to & 7);
    if (push && slider_behind_push(board, from, to))
        return KIND_PUSH_UNDER_X_RAY;
    if (MovePromo(move))
        return KIND_PROMOTION;
    return push ? KIND_PAWN_PUSH : MoveCapture(move) ? KIND_CAPTURE : KIND_QUIET;
}

static inline int see_by_seebatch(Board *board, Move move)
{
    // The mover's code is in the move itself.
    int from = MoveStart(move), to = MoveEnd(move);
    const seebatch_view view = {board->pieces, board->occupancies};
    return seebatch_view_see_value(&SeebatchRules, &view, NULL,
                                   seebatch_move_make(from, to, SEEBATCH_MOVE_NORMAL),
                                   MovePiece(move), board->squares[to]);
}

#ifndef SEEBATCH_ADAPTER_CHECK

int SEE(Board *board, Move move)
{
    int piece = MovePiece(move);
    if (MoveCastle(move) || (!MoveCapture(move) && PIECE_TYPE[piece] == KING_TYPE))
        return 0;
    // Pawns' pushes and en passant: Berserk's own rules when a slider waits
    // behind (see above); the test costs a capture by a piece nothing.
    if (PIECE_TYPE[piece] == PAWN_TYPE) {
        int from = MoveStart(move), to = MoveEnd(move);
        if (MoveEP(move) || (((from ^ to) & 7) == 0 && slider_behind_push(board, from, to)))
            return SEE_berserk(board, move);
    }
    return see_by_seebatch(board, move);
}

#else

static unsigned long long CallsOfKind[KINDS];

__attribute__((destructor)) static void report_calls(void)
{
    static const char *names[KINDS] = {"captures",
                                       "quiet moves",
                                       "pawn pushes",
                                       "promotions",
                                       "castling and king moves (0)",
                                       "en passant (Berserk's)",
                                       "pushes with a slider behind (Berserk's)"};
    unsigned long long total = 0;
    for (int k = 0; k < KINDS; k++)
        total += CallsOfKind[k];
    printf("seebatch check: %llu calls compared, 0 differences (", total);
    for (int k = 0; k < KINDS; k++)
        printf("%s%s %llu", k ? ", " : "", names[k], CallsOfKind[k]);
    printf(")\n");
}

int SEE(Board *board, Move move)
{
    int kind = kind_of(board, move);
    CallsOfKind[kind]++;
    int own = SEE_berserk(board, move);
    int answer = kind == KIND_ZERO         ? 0
                 : kind >= KIND_EN_PASSANT ? own
                                           : see_by_seebatch(board, move);
    if (answer != own) {
        char fen[128];
        BoardToFen(fen, board);
        unsigned long long calls = 0;
        for (int k = 0; k < KINDS; k++)
            calls += CallsOfKind[k];
        printf("seebatch check: difference after %llu calls: position %s move %s: seebatch %d, "
               "Berserk %d\n",
               calls, fen, MoveToStr(move, board), answer, own);
        fflush(stdout);
        _Exit(EXIT_FAILURE);
    }
    return answer;
}

#endif
