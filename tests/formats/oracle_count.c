/*
 * The filter's counts, found the slow and plain way, for tests/formats:
 * reads .plain text with its own line parsing, decides "in check" by walking
 * rays square by square on the board, "capture" from the piece standing on
 * the destination, and SEE with the oracle (src/checking/oracle.c), sharing
 * nothing with the tool's rules but the public FEN and UCI parsers.
 *
 * usage: oracle_count FILE.plain [in-check] [capture] [see-ge=T] [promotion] [castling]
 * prints what `seebatch filter` prints with the same rules (classic values).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "seebatch.h"

enum { IN_CHECK, CAPTURE, SEE_GE, PROMOTION, CASTLING, RULES };

static const char *const names[RULES] = {"--skip-in-check", "--skip-capture", "--skip-see-ge",
                                         "--skip-promotion", "--skip-castling"};

/* The piece on a square as (colour, type), or -1. */
static int piece_at(const seebatch_board *b, int square, int *color)
{
    for (int type = 0; type < 6; type++)
        if ((b->pieces[type] >> square) & 1) {
            *color = (int)((b->colors[1] >> square) & 1);
            return type;
        }
    return -1;
}

static int attacker_on(const seebatch_board *b, int file, int rank, int enemy, int type_a, int type_b)
{
    if (file < 0 || file > 7 || rank < 0 || rank > 7)
        return 0;
    int color, type = piece_at(b, rank * 8 + file, &color);
    return type >= 0 && color == enemy && (type == type_a || type == type_b);
}

static int in_check(const seebatch_board *b)
{
    int us = b->side_to_move, enemy = 1 - us, king = -1, color;
    for (int s = 0; s < 64; s++)
        if (piece_at(b, s, &color) == SEEBATCH_KING && color == us)
            king = s;
    if (king < 0)
        return 0;
    int kf = king % 8, kr = king / 8, forward = us == 0 ? 1 : -1;
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int i = 0; i < 8; i++)
        if (attacker_on(b, kf + knight[i][0], kr + knight[i][1], enemy, SEEBATCH_KNIGHT, SEEBATCH_KNIGHT))
            return 1;
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++) {
            if (!df && !dr)
                continue;
            if (attacker_on(b, kf + df, kr + dr, enemy, SEEBATCH_KING, SEEBATCH_KING))
                return 1;
            if (dr == forward && df && attacker_on(b, kf + df, kr + dr, enemy, SEEBATCH_PAWN, SEEBATCH_PAWN))
                return 1;
            int diagonal = df && dr;
            for (int f = kf + df, r = kr + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
                int type = piece_at(b, r * 8 + f, &color);
                if (type < 0)
                    continue;
                if (color == enemy && (type == SEEBATCH_QUEEN || type == (diagonal ? SEEBATCH_BISHOP : SEEBATCH_ROOK)))
                    return 1;
                break;
            }
        }
    return 0;
}

int main(int argc, char **argv)
{
    FILE *file = argc > 1 ? fopen(argv[1], "r") : NULL;
    if (!file) {
        fprintf(stderr, "usage: oracle_count FILE.plain [rules]\n");
        return 2;
    }
    int active[RULES] = {0};
    long threshold = 0;
    for (int i = 2; i < argc; i++) {
        if (strncmp(argv[i], "see-ge=", 7) == 0) {
            active[SEE_GE] = 1;
            threshold = atol(argv[i] + 7);
        }
        active[IN_CHECK] |= strcmp(argv[i], "in-check") == 0;
        active[CAPTURE] |= strcmp(argv[i], "capture") == 0;
        active[PROMOTION] |= strcmp(argv[i], "promotion") == 0;
        active[CASTLING] |= strcmp(argv[i], "castling") == 0;
    }
    seebatch_config classic = {{100, 325, 325, 500, 1000}, 0};
    long long read = 0, kept = 0, matched[RULES] = {0};
    char line[512], fen[256] = "", move_text[16] = "";
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "fen ", 4) == 0)
            snprintf(fen, sizeof fen, "%.250s", line + 4);
        else if (strncmp(line, "move ", 5) == 0)
            snprintf(move_text, sizeof move_text, "%.15s", line + 5);
        if (strcmp(line, "e") != 0)
            continue;
        seebatch_board board;
        seebatch_move move;
        if (seebatch_board_from_fen(&board, fen, NULL) != SEEBATCH_OK ||
            seebatch_move_parse(&board, move_text, &move, NULL) != SEEBATCH_OK) {
            fprintf(stderr, "oracle_count: entry %lld does not parse\n", read + 1);
            return 1;
        }
        read++;
        int color, kind = seebatch_move_kind(move);
        int victim = piece_at(&board, seebatch_move_to(move), &color);
        int capture = kind == SEEBATCH_MOVE_EN_PASSANT ||
                      (kind != SEEBATCH_MOVE_CASTLING && victim >= 0 && color != board.side_to_move);
        int hit[RULES] = {
            in_check(&board), capture,
            capture && active[SEE_GE] && oracle_see_value(&board, move, &classic) >= threshold,
            kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN,
            kind == SEEBATCH_MOVE_CASTLING};
        int any = 0;
        for (int r = 0; r < RULES; r++)
            if (active[r] && hit[r]) {
                matched[r]++;
                any = 1;
            }
        kept += !any;
    }
    printf("seebatch filter: %lld entries read, %lld kept, %lld dropped\n", read, kept, read - kept);
    for (int r = 0; r < RULES; r++) {
        if (!active[r])
            continue;
        if (r == SEE_GE)
            printf("  %s %ld: %lld dropped\n", names[r], threshold, matched[r]);
        else
            printf("  %s: %lld dropped\n", names[r], matched[r]);
    }
    return 0;
}
