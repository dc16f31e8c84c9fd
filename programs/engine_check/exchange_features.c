/*
 * What an exchange holds (exchange_features.h), read from its walk.
 */
#include "exchange_features.h"

#include "exchange_walk.h"
#include "plain_board.h"

static const char *const names[EXCHANGE_FEATURE_COUNT] = {
    "x-ray", "pinned recapturer", "promotion", "en passant", "king", "early stop"};
static const char *const keys[EXCHANGE_FEATURE_COUNT] = {"xray",       "pinned", "promotion",
                                                         "en_passant", "king",   "early_stop"};

const char *exchange_feature_name(int index)
{
    return index >= 0 && index < EXCHANGE_FEATURE_COUNT ? names[index] : "?";
}

const char *exchange_feature_key(int index)
{
    return index >= 0 && index < EXCHANGE_FEATURE_COUNT ? keys[index] : "?";
}

/* Is one of `squares` a piece pinned to its own king (rule 5 on the
 * position's board)? */
static bool holds_pinned(const walk_position *position, uint64_t squares, int to)
{
    const plain_board *board = &position->plain;
    for (int s = 0; s < 64; s++) {
        if (!((squares >> s) & 1) || board->square[s] == PLAIN_EMPTY)
            continue;
        int color = plain_color(board->square[s]);
        if (position->pins.blocker[color][s] &&
            plain_pinned_down(board, &position->pins, to, color))
            return true;
    }
    return false;
}

/* Is one of `squares` a king, or a pawn that would promote on `to`? */
static unsigned piece_flags(const plain_board *board, uint64_t squares, int to)
{
    unsigned flags = 0;
    for (int s = 0; s < 64; s++) {
        int piece = board->square[s];
        if (!((squares >> s) & 1) || piece == PLAIN_EMPTY)
            continue;
        if (plain_type(piece) == SEEBATCH_KING)
            flags |= EXCHANGE_KING;
        if (plain_type(piece) == SEEBATCH_PAWN && to / 8 == plain_last_rank(plain_color(piece)))
            flags |= EXCHANGE_PROMOTION;
    }
    return flags;
}

unsigned exchange_features_at(walk_position *position, seebatch_move move,
                              const seebatch_config *config)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING)
        return 0;
    exchange_record record;
    exchange_rules rules = {*config, FAULT_NONE, false, {0}};
    exchange_walk_at(position, move, &rules, &record);
    int to = (int)seebatch_move_to(move);
    uint64_t mover = 1ull << seebatch_move_from(move);
    unsigned flags = piece_flags(&position->plain, record.attackers | mover, to);
    if (record.attackers & ~record.first_attackers)
        flags |= EXCHANGE_XRAY;
    if (holds_pinned(position, record.attackers & ~mover, to))
        flags |= EXCHANGE_PINNED;
    if (record.promotes)
        flags |= EXCHANGE_PROMOTION;
    if (kind == SEEBATCH_MOVE_EN_PASSANT)
        flags |= EXCHANGE_EN_PASSANT;
    if (record.best_line < record.captures)
        flags |= EXCHANGE_EARLY_STOP;
    return flags;
}

unsigned exchange_features(const seebatch_board *board, seebatch_move move,
                           const seebatch_config *config)
{
    walk_position position;
    walk_position_init(&position, board);
    return exchange_features_at(&position, move, config);
}
