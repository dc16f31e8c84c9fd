/*
 * seebatch's line protocol (docs/your-see.md) for the engines' line programs
 * (bench/engines/NAME/lines.c|cpp), C and C++: each line of standard input
 * is "FEN;move;threshold", a threshold question (write 1 when the SEE of
 * the move is at least the threshold, else 0), or "FEN;move", a value
 * question (write the SEE); one line out for each line in, flushed.
 */
#ifndef SEEBATCH_LINE_QUESTION_H
#define SEEBATCH_LINE_QUESTION_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct line_question {
    char *fen;         /* the line's first field, NUL-terminated in place */
    char *move;        /* UCI */
    long threshold;    /* a threshold question's */
    int has_threshold; /* 0: a value question */
} line_question;

/* Splits `line` (its newline dropped) into *question; 0 when it is not one. */
static inline int read_line_question(char *line, line_question *question)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *move = strchr(line, ';');
    if (!move)
        return 0;
    *move++ = '\0';
    char *threshold = strchr(move, ';');
    question->fen = line;
    question->move = move;
    question->has_threshold = threshold != NULL;
    question->threshold = 0;
    if (!threshold)
        return *move != '\0';
    *threshold++ = '\0';
    char *end;
    question->threshold = strtol(threshold, &end, 10);
    return *move != '\0' && end != threshold && *end == '\0';
}

/* An engine as a line program sees it: one position at a time. */
typedef struct line_engine {
    const char *name;                             /* for messages */
    void (*set_up)(const char *fen);              /* the position of the questions to come */
    int (*move)(const char *uci, uint32_t *move); /* 0, or non-zero: not a legal move */
    int (*see_ge)(uint32_t move, long threshold);
    long (*see_value)(uint32_t move); /* NULL: the engine has no exact SEE */
} line_engine;

/* Answers standard input's lines until its end: 0, or 1 after naming a bad
 * line on standard error. A position is set up again only when the FEN
 * changes (seebatch asks a position's moves in a row). */
static inline int answer_lines(const line_engine *engine)
{
    static char line[4096], fen[4096];
    line_question question;
    for (long number = 1; fgets(line, sizeof line, stdin); number++) {
        uint32_t move;
        if (!read_line_question(line, &question) || strlen(question.fen) >= sizeof fen) {
            fprintf(stderr, "%s: line %ld: not FEN;move;threshold nor FEN;move\n", engine->name,
                    number);
            return 1;
        }
        if (!question.has_threshold && !engine->see_value) {
            fprintf(stderr, "%s: line %ld: a value asked, and this SEE answers thresholds only\n",
                    engine->name, number);
            return 1;
        }
        if (strcmp(question.fen, fen) != 0) {
            engine->set_up(question.fen);
            strcpy(fen, question.fen);
        }
        if (engine->move(question.move, &move) != 0) {
            fprintf(stderr, "%s: line %ld: %s is not a legal move of %s\n", engine->name, number,
                    question.move, question.fen);
            return 1;
        }
        if (question.has_threshold)
            printf("%d\n", engine->see_ge(move, question.threshold) ? 1 : 0);
        else
            printf("%ld\n", engine->see_value(move));
        fflush(stdout);
    }
    return 0;
}

#endif
