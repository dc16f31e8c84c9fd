/*
 * Build-time generator of the engine pair: seebatch_engine.h and
 * seebatch_engine.c, the per-call engine path and the views as two files an
 * engine vendors (CMake target engine_pair, docs/engine.md).
 *
 * Run as `generate_engine_pair ROOT OUTDIR SOURCE...`, the sources (paths
 * from ROOT) in the order they go in. It writes:
 * - seebatch_engine.h: include/seebatch.h and include/seebatch_view.h, less
 *   the functions the pair does not define (each with its comment);
 * - seebatch_engine.c: the sources with every `#include "..."` expanded in
 *   place, once per file (the public headers become seebatch_engine.h;
 *   each branch of an ordinary #if expands its own, so the engine's
 *   compiler picks among them), the marks resolved (`#ifdef
 *   SEEBATCH_ENGINE_PAIR` kept without its #else, `#ifndef
 *   SEEBATCH_ENGINE_PAIR` left out but for its #else), and every
 *   declaration the header does not make public given internal linkage:
 *   prototypes of what the pair does not define are dropped, so are
 *   `extern` declarations of objects it defines (C++, which engines compile
 *   the pair as, has no tentative definitions), functions and
 *   objects no other line names are dropped (a C99 compiler with -Wall
 *   would warn of them), and the rest is made static. So nothing but the
 *   header's names leaks into the engine's link. Before the sources go the
 *   magic multipliers the pair's attack tables are filled from
 *   (seebatch_pair_magics), found here by magic_search.h:
 *   the pair's first rules fill the tables in a few million instructions
 *   instead of searching (some two billion), and its source stays small.
 * It reads the source text line by line with a small lexer (comments,
 * strings, braces): top-level statements start at column 0, as in every
 * file of lib/. What it does not understand it refuses, naming the file and
 * line: SEEBATCH_ENGINE_PAIR anywhere but in the two marks, code outside a
 * statement off column 0, a statement that never ends, and an example the
 * header keeps calling a function the pair lacks. Plain C11: this runs on
 * the build host.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magic_search.h"

enum { MAX_FILES = 128, NAME_MAX_LENGTH = 128 };

typedef struct text {
    char **lines;
    char **origins; /* "path:line" of each line, where kept (the expanded sources) */
    size_t count, capacity;
} text;

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "generate_engine_pair: %s%s%s\n", what, detail ? ": " : "",
            detail ? detail : "");
    exit(EXIT_FAILURE);
}

static char *copy_of(const char *s)
{
    char *copy = malloc(strlen(s) + 1);
    if (!copy)
        fail("out of memory", NULL);
    return strcpy(copy, s);
}

/* Appends a line; `origin` ("path:line") or NULL. */
static void append_from(text *t, const char *line, const char *origin)
{
    if (t->count == t->capacity) {
        t->capacity = t->capacity ? 2 * t->capacity : 1024;
        t->lines = realloc(t->lines, t->capacity * sizeof *t->lines);
        t->origins = realloc(t->origins, t->capacity * sizeof *t->origins);
        if (!t->lines || !t->origins)
            fail("out of memory", NULL);
    }
    t->origins[t->count] = origin ? copy_of(origin) : NULL;
    t->lines[t->count++] = copy_of(line);
}

static void append(text *t, const char *line) { append_from(t, line, NULL); }

static void free_text(text *t)
{
    for (size_t i = 0; i < t->count; i++) {
        free(t->lines[i]);
        free(t->origins[i]);
    }
    free(t->lines);
    free(t->origins);
    *t = (text){0};
}

/* Fails naming the source line (path:line) a message is about. */
static void fail_at(const char *path, size_t line_number, const char *what)
{
    char where[1100];
    snprintf(where, sizeof where, "%s:%zu", path, line_number);
    fail(where, what);
}

/* The file's lines, without their line ends. */
static text read_lines(const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        fail("cannot read", path);
    text t = {0};
    char buffer[4096];
    while (fgets(buffer, sizeof buffer, in)) {
        size_t length = strlen(buffer);
        if (length && buffer[length - 1] != '\n' && !feof(in))
            fail("line longer than 4095 bytes in", path);
        while (length && (buffer[length - 1] == '\n' || buffer[length - 1] == '\r'))
            buffer[--length] = '\0';
        append(&t, buffer);
    }
    fclose(in);
    return t;
}

static const char *skip_spaces(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool is_name_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Whether a line ends a comment block (its last non-space characters are
 * the end of a comment) and whether it opens one at its start. */
static bool ends_comment(const char *line)
{
    size_t length = strlen(line);
    while (length && isspace((unsigned char)line[length - 1]))
        length--;
    return length >= 2 && line[length - 2] == '*' && line[length - 1] == '/';
}

static bool opens_comment(const char *line) { return starts_with(skip_spaces(line), "/*"); }

/* Drops the comment block that ends `out` (what described a left-out part). */
static void drop_trailing_comment(text *out)
{
    if (!out->count || !ends_comment(out->lines[out->count - 1]))
        return;
    size_t first = out->count;
    while (first > 0) {
        first--;
        if (opens_comment(out->lines[first]))
            break;
    }
    while (out->count > first) {
        out->count--;
        free(out->lines[out->count]);
        free(out->origins[out->count]);
    }
}

/* A preprocessor directive's name ("ifndef", "include"...), or "". */
static void directive_of(const char *line, char name[16])
{
    const char *s = skip_spaces(line);
    name[0] = '\0';
    if (*s != '#')
        return;
    s = skip_spaces(s + 1);
    size_t n = 0;
    while (n < 15 && isalpha((unsigned char)s[n])) {
        name[n] = s[n];
        n++;
    }
    name[n] = '\0';
}

/* ---- expanding the sources ------------------------------------------------ */

typedef struct expansion {
    const char *root;
    char *done[MAX_FILES]; /* files already expanded: each goes in once */
    size_t done_count;
    text out;
} expansion;

static bool exists(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The file `name` an #include in `from` means: beside it, in lib/, tools/
 * or include/. */
static void resolve(const expansion *e, const char *from, const char *name, char *path, size_t size)
{
    const char *slash = strrchr(from, '/');
    int dir_length = slash ? (int)(slash - from) : 0;
    snprintf(path, size, "%.*s/%s", dir_length, from, name);
    if (exists(path))
        return;
    static const char *const places[] = {"lib", "tools", "include"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, size, "%s/%s/%s", e->root, places[i], name);
        if (exists(path))
            return;
    }
    fail("cannot find an included file", name);
}

/* The quoted name of an `#include "..."` line, or NULL. */
static const char *quoted_include(const char *line, char name[NAME_MAX_LENGTH])
{
    char directive[16];
    directive_of(line, directive);
    if (strcmp(directive, "include") != 0)
        return NULL;
    const char *open = strchr(line, '"');
    const char *close = open ? strchr(open + 1, '"') : NULL;
    if (!close || close - open - 1 >= NAME_MAX_LENGTH)
        return NULL;
    memcpy(name, open + 1, (size_t)(close - open - 1));
    name[close - open - 1] = '\0';
    return name;
}

static size_t occurrences(const char *code, const char *name);

/* How a conditional in a source treats the pair: the marks
 * `#ifdef SEEBATCH_ENGINE_PAIR` (the pair's own code, left out of the
 * library by the preprocessor) and `#ifndef SEEBATCH_ENGINE_PAIR` (the
 * library's alone), each at most with one #else; else an ordinary
 * conditional, kept as written. */
typedef enum pair_mark { MARK_NONE, MARK_PAIR_ONLY, MARK_LIBRARY_ONLY } pair_mark;

/* Whether the directive is `#KEYWORD MACRO` and nothing else but a comment. */
static bool is_directive_on(const char *line, const char *keyword, const char *macro)
{
    const char *s = skip_spaces(skip_spaces(line) + 1);
    if (!starts_with(s, keyword))
        return false;
    s = skip_spaces(s + strlen(keyword));
    if (!starts_with(s, macro))
        return false;
    s = skip_spaces(s + strlen(macro));
    return !*s || starts_with(s, "/*") || starts_with(s, "//");
}

static pair_mark mark_of(const char *line, const char *path, size_t number)
{
    char name[16];
    directive_of(line, name);
    if (!*name)
        return MARK_NONE;
    if (occurrences(line, "SEEBATCH_ENGINE_PAIR")) {
        if (strcmp(name, "ifdef") == 0 && is_directive_on(line, "ifdef", "SEEBATCH_ENGINE_PAIR"))
            return MARK_PAIR_ONLY;
        if (strcmp(name, "ifndef") == 0 && is_directive_on(line, "ifndef", "SEEBATCH_ENGINE_PAIR"))
            return MARK_LIBRARY_ONLY;
        fail_at(path, number,
                "SEEBATCH_ENGINE_PAIR is understood only as `#ifdef SEEBATCH_ENGINE_PAIR` (the "
                "pair's own code) or `#ifndef SEEBATCH_ENGINE_PAIR` (the library's alone), each "
                "at most with one #else, around a definition");
    }
    return MARK_NONE;
}

enum { MAX_DEPTH = 16, MAX_OPEN_FILES = 16, MAX_BRANCH_FILES = 32 };

/* An open conditional of the file being expanded. */
typedef struct frame {
    pair_mark mark;
    bool in_else;
    bool emitting_before; /* whether lines were kept where it opened */
    size_t done_at_if;    /* ordinary: how many files were expanded where it opened */
    char *branch_done[MAX_BRANCH_FILES]; /* ordinary: files its earlier branches expanded */
    size_t branch_count;
} frame;

/* Whether the current part of a mark's block is kept in the pair. */
static bool kept_part(const frame *f)
{
    return f->mark == MARK_NONE || (f->mark == MARK_PAIR_ONLY) != f->in_else;
}

/* An ordinary conditional's branches each expand the files they include
 * (one branch may take lookups_pext.h, another lookups_portable.h); after
 * its #endif every file any branch expanded counts as expanded, so a later
 * #include of it adds nothing: the branch the compiler takes has it. */
static void branch_switched(expansion *e, frame *f)
{
    while (e->done_count > f->done_at_if) {
        if (f->branch_count == MAX_BRANCH_FILES)
            fail("too many files included in the branches of one #if, before",
                 e->done[e->done_count - 1]);
        f->branch_done[f->branch_count++] = e->done[--e->done_count];
    }
}

static void branches_joined(expansion *e, frame *f)
{
    for (size_t b = 0; b < f->branch_count; b++) {
        bool known = false;
        for (size_t i = 0; i < e->done_count && !known; i++)
            known = strcmp(e->done[i], f->branch_done[b]) == 0;
        if (known || e->done_count == MAX_FILES)
            free(f->branch_done[b]);
        else
            e->done[e->done_count++] = f->branch_done[b];
    }
    f->branch_count = 0;
}

static void expand(expansion *e, const char *path);

/* One line of a source whose conditionals `stack` (depth `*depth`) holds. */
static void expand_line(expansion *e, const char *path, size_t number, const char *line,
                        frame *stack, int *depth)
{
    char directive[16], name[NAME_MAX_LENGTH], origin[1100];
    bool emitting =
        *depth == 0 || (stack[*depth - 1].emitting_before && kept_part(&stack[*depth - 1]));
    directive_of(line, directive);
    pair_mark mark = mark_of(line, path, number);
    if (starts_with(directive, "if")) {
        if (*depth == MAX_DEPTH)
            fail_at(path, number, "conditionals nested too deep");
        frame *f = &stack[(*depth)++];
        *f = (frame){mark, false, emitting, e->done_count, {0}, 0};
        if (mark == MARK_LIBRARY_ONLY && emitting)
            drop_trailing_comment(&e->out); /* it described what is left out */
        if (mark != MARK_NONE)
            return;
    } else if (strcmp(directive, "else") == 0 || strcmp(directive, "elif") == 0 ||
               strcmp(directive, "endif") == 0) {
        if (*depth == 0)
            fail_at(path, number, "#else, #elif or #endif without #if");
        frame *f = &stack[*depth - 1];
        if (f->mark != MARK_NONE) {
            if (strcmp(directive, "elif") == 0 || (strcmp(directive, "else") == 0 && f->in_else))
                fail_at(path, number,
                        "a SEEBATCH_ENGINE_PAIR mark's block takes one #else at most");
            if (strcmp(directive, "else") == 0)
                f->in_else = true;
            else
                (*depth)--;
            return;
        }
        if (strcmp(directive, "endif") == 0) {
            branches_joined(e, f);
            (*depth)--;
        } else {
            branch_switched(e, f);
        }
    }
    if (!emitting)
        return;
    if (quoted_include(line, name)) {
        /* The public headers are seebatch_engine.h, included once above. */
        if (strcmp(name, "seebatch.h") != 0 && strcmp(name, "seebatch_view.h") != 0) {
            char included[1024];
            resolve(e, path, name, included, sizeof included);
            expand(e, included);
        }
    } else if (!starts_with(skip_spaces(line), "#pragma GCC visibility")) {
        snprintf(origin, sizeof origin, "%s:%zu", path, number);
        append_from(&e->out, line, origin);
    }
}

static void expand(expansion *e, const char *path)
{
    for (size_t i = 0; i < e->done_count; i++)
        if (strcmp(e->done[i], path) == 0)
            return;
    if (e->done_count == MAX_FILES)
        fail("too many files", path);
    e->done[e->done_count++] = copy_of(path);
    text t = read_lines(path);
    static frame stacks[MAX_OPEN_FILES][MAX_DEPTH]; /* one per file open at once */
    static size_t open_files = 0;
    if (open_files == MAX_OPEN_FILES)
        fail("includes nested too deep", path);
    frame *stack = stacks[open_files++];
    int depth = 0;
    for (size_t i = 0; i < t.count; i++)
        expand_line(e, path, i + 1, t.lines[i], stack, &depth);
    if (depth)
        fail("an #if without its #endif in", path);
    open_files--;
    free_text(&t);
}

/* The definition of seebatch_pair_magics (tools/engine_pair/attack_tables_fill.c
 * declares it): every square's bishop, then rook multiplier, as the
 * library's generator finds them. */
static void append_magics(text *out)
{
    static uint64_t slider_attacks[SLIDER_ENTRIES];
    static search_space space;
    magic_result found[2][64];
    space.random_state = MAGIC_SEED;
    if (!find_all_magics(found[0], found[1], slider_attacks, &space))
        fail("the magic search did not fill the attack array", NULL);
    append(out, "/* The attack tables' magic multipliers, [0] bishops', [1] rooks', by");
    append(out, " * square: found at build time by the library's search. */");
    append(out, "const uint64_t seebatch_pair_magics[2][64] = {");
    for (int piece = 0; piece < 2; piece++) {
        append(out, "    {");
        for (int square = 0; square < 64; square += 4) {
            char line[128];
            const magic_result *m = &found[piece][square];
            snprintf(line, sizeof line,
                     "        0x%016" PRIX64 "ull, 0x%016" PRIX64 "ull, 0x%016" PRIX64
                     "ull, 0x%016" PRIX64 "ull,",
                     m[0].magic, m[1].magic, m[2].magic, m[3].magic);
            append(out, line);
        }
        append(out, "    },");
    }
    append(out, "};");
}

/* ---- top-level statements --------------------------------------------------- */

typedef enum item_kind { ITEM_LINE, ITEM_STATEMENT } item_kind;

/* A line outside statements, or a top-level statement (lines [first, end)). */
typedef struct item {
    item_kind kind;
    size_t first, end;
    char *code;                 /* the statement without comments and strings */
    char name[NAME_MAX_LENGTH]; /* what it declares, or "" */
    char first_word[NAME_MAX_LENGTH];
    bool defines; /* a body or an initialiser, not a prototype */
    bool dropped;
} item;

typedef struct lexer {
    bool in_comment;
    int depth; /* braces and parentheses */
} lexer;

/* Adds the line's code (comments and string contents blanked) to `code`,
 * tracks the depth, and returns the last significant character. */
static char lex_line(lexer *x, const char *line, char *code, size_t *length)
{
    char last = '\0';
    for (size_t i = 0; line[i]; i++) {
        char c = line[i];
        if (x->in_comment) {
            if (c == '*' && line[i + 1] == '/') {
                x->in_comment = false;
                i++;
            }
            continue;
        }
        if (c == '/' && line[i + 1] == '*') {
            x->in_comment = true;
            i++;
            code[(*length)++] = ' ';
            continue;
        }
        if (c == '/' && line[i + 1] == '/')
            break;
        if (c == '"' || c == '\'') {
            size_t j = i + 1;
            while (line[j] && line[j] != c)
                j += line[j] == '\\' && line[j + 1] ? 2 : 1;
            i = line[j] ? j : j - 1;
            code[(*length)++] = c;
            code[(*length)++] = c;
            last = c;
            continue;
        }
        if (c == '{' || c == '(')
            x->depth++;
        if (c == '}' || c == ')')
            x->depth--;
        code[(*length)++] = c;
        if (!isspace((unsigned char)c))
            last = c;
    }
    code[(*length)++] = '\n';
    return last;
}

/* The identifier ending just before code[at] (spaces skipped). */
static void name_before(const char *code, size_t at, char name[NAME_MAX_LENGTH])
{
    while (at > 0 && isspace((unsigned char)code[at - 1]))
        at--;
    size_t end = at;
    while (at > 0 && is_name_char(code[at - 1]))
        at--;
    size_t n = end - at < NAME_MAX_LENGTH ? end - at : NAME_MAX_LENGTH - 1;
    memcpy(name, code + at, n);
    name[n] = '\0';
}

/* What a statement declares and whether it defines it: the name before the
 * first top-level '(' (a function) or before its '[', '=', '{' or ';'. */
static void analyse(item *it)
{
    const char *code = it->code;
    size_t n = 0;
    while (is_name_char(code[n]) && n < NAME_MAX_LENGTH - 1) {
        it->first_word[n] = code[n];
        n++;
    }
    it->first_word[n] = '\0';
    int depth = 0;
    bool named = false;
    for (size_t i = 0; code[i]; i++) {
        char c = code[i];
        if (depth == 0 && !named && (c == '(' || c == '[' || c == '=' || c == '{' || c == ';')) {
            char before[NAME_MAX_LENGTH];
            name_before(code, i, before);
            /* An attribute's parentheses come before the name. */
            if (c != '(' || strcmp(before, "__attribute__") != 0) {
                strcpy(it->name, before);
                named = true;
            }
        }
        if (depth == 0 && named && (c == '{' || c == '='))
            it->defines = true;
        if (depth == 0 && c == ';')
            break;
        if (c == '(' || c == '{' || c == '[')
            depth++;
        if (c == ')' || c == '}' || c == ']')
            depth--;
    }
}

typedef struct items {
    item *list;
    size_t count;
} items;

static void free_items(items *all)
{
    for (size_t k = 0; k < all->count; k++)
        free(all->list[k].code);
    free(all->list);
}

static items split(const text *t)
{
    items all = {calloc(t->count + 1, sizeof(item)), 0};
    lexer x = {false, 0};
    for (size_t i = 0; i < t->count;) {
        const char *line = t->lines[i];
        bool starts = !x.in_comment && (isalpha((unsigned char)line[0]) || line[0] == '_');
        if (!starts && !x.in_comment) {
            /* Outside statements only comments, directives and blank lines
             * may stand; code that does not start at column 0 is a layout
             * this reader does not follow. */
            const char *s = skip_spaces(line);
            if (*s && *s != '#' && !starts_with(s, "/*") && !starts_with(s, "//"))
                fail(t->origins[i] ? t->origins[i] : line,
                     "code outside a statement: every top-level statement (declaration, "
                     "definition) must start at column 0 with its first word, and end with "
                     "';' or '}' at the end of a line");
        }
        if (!starts) {
            /* A line outside statements: comments, directives (with their
             * continuation lines), blank lines. */
            item *it = &all.list[all.count++];
            it->kind = ITEM_LINE;
            it->first = i;
            bool directive = !x.in_comment && *skip_spaces(line) == '#';
            /* A directive's braces (a macro's) are not the code's. */
            lexer own = x;
            size_t size = 2 * strlen(line) + 2, length = 0;
            it->code = malloc(size + 1);
            lex_line(directive ? &own : &x, line, it->code, &length);
            i++;
            while (directive && strlen(line) && line[strlen(line) - 1] == '\\' && i < t->count) {
                line = t->lines[i++];
                size += 2 * strlen(line) + 2;
                it->code = realloc(it->code, size + 1);
                lex_line(&own, line, it->code, &length);
            }
            if (directive)
                x.in_comment = own.in_comment;
            it->code[length] = '\0';
            it->end = i;
            continue;
        }
        item *it = &all.list[all.count++];
        it->kind = ITEM_STATEMENT;
        it->first = i;
        size_t size = 0, length = 0;
        it->code = NULL;
        for (;;) {
            if (i == t->count)
                fail(t->origins[it->first] ? t->origins[it->first] : t->lines[it->first],
                     "a statement that never ends (';' or '}' at the end of a line, outside "
                     "braces and parentheses) before the end of the sources");
            line = t->lines[i++];
            size += 2 * strlen(line) + 2;
            it->code = realloc(it->code, size + 1);
            char last = lex_line(&x, line, it->code, &length);
            it->code[length] = '\0';
            if (x.depth == 0 && !x.in_comment && (last == ';' || last == '}'))
                break;
        }
        it->end = i;
        analyse(it);
    }
    return all;
}

/* ---- names ------------------------------------------------------------------ */

typedef struct name_set {
    char (*names)[NAME_MAX_LENGTH];
    size_t count, capacity;
} name_set;

static bool in_set(const name_set *s, const char *name)
{
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->names[i], name) == 0)
            return true;
    return false;
}

static void add_name(name_set *s, const char *name)
{
    if (!*name || in_set(s, name))
        return;
    if (s->count == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 256;
        s->names = realloc(s->names, s->capacity * sizeof *s->names);
        if (!s->names)
            fail("out of memory", NULL);
    }
    strcpy(s->names[s->count++], name);
}

/* How often `name` stands as a whole word in `code`. */
static size_t occurrences(const char *code, const char *name)
{
    size_t count = 0, length = strlen(name);
    for (const char *at = strstr(code, name); at; at = strstr(at + length, name))
        if ((at == code || !is_name_char(at[-1])) && !is_name_char(at[length]))
            count++;
    return count;
}

/* The names the public headers mark SEEBATCH_API. */
static void public_names(const text *header, name_set *api)
{
    for (size_t i = 0; i < header->count; i++) {
        if (!starts_with(header->lines[i], "SEEBATCH_API "))
            continue;
        const char *paren = strchr(header->lines[i], '(');
        char name[NAME_MAX_LENGTH];
        if (!paren)
            fail("an SEEBATCH_API declaration without '(' on its line", header->lines[i]);
        name_before(header->lines[i], (size_t)(paren - header->lines[i]), name);
        add_name(api, name);
    }
}

/* Macros whose text says static (reader.h's EXCHANGE_INLINE): a statement
 * they begin is internal already. */
static name_set static_macros;

static void find_static_macros(const items *all)
{
    for (size_t k = 0; k < all->count; k++) {
        const char *code = skip_spaces(all->list[k].code);
        char directive[16], name[NAME_MAX_LENGTH];
        directive_of(code, directive);
        if (strcmp(directive, "define") != 0 || occurrences(code, "static") == 0)
            continue;
        const char *at = skip_spaces(strstr(code, "define") + 6);
        size_t n = 0;
        while (is_name_char(at[n]) && n < NAME_MAX_LENGTH - 1) {
            name[n] = at[n];
            n++;
        }
        name[n] = '\0';
        if (at[n] != '(')
            add_name(&static_macros, name);
    }
}

/* Statements that begin so keep their linkage: already internal, types, or
 * the attack tables (attacks.h's SEEBATCH_TABLE, static in the pair). */
static bool keeps_linkage(const char *first_word)
{
    static const char *const words[] = {"static", "typedef", "struct",
                                        "enum",   "union",   "SEEBATCH_TABLE"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(first_word, words[i]) == 0)
            return true;
    return in_set(&static_macros, first_word);
}

/* Drops the comment lines right before item k. */
static void drop_comment_before(items *all, const text *t, size_t k)
{
    if (k == 0 || all->list[k - 1].kind != ITEM_LINE ||
        !ends_comment(t->lines[all->list[k - 1].first]))
        return;
    while (k-- > 0 && all->list[k].kind == ITEM_LINE) {
        all->list[k].dropped = true;
        if (opens_comment(t->lines[all->list[k].first]))
            return;
    }
}

/* Whether a statement declares an object, not a function: its name is not
 * followed by '('. */
static bool declares_object(const item *it)
{
    for (const char *at = strstr(it->code, it->name); at; at = strstr(at + 1, it->name))
        if ((at == it->code || !is_name_char(at[-1])) && !is_name_char(at[strlen(it->name)]))
            return *skip_spaces(at + strlen(it->name)) != '(';
    return false;
}

/* Drops each `extern` declaration of an object the pair defines, which the
 * pair would make a static one: C++ has no tentative definitions, so a
 * static object declared before its definition is a redefinition there
 * (engines compile the pair as C++). Without it a use before the
 * definition would not compile as C either: refused, naming the line. */
static void leave_out_object_declarations(items *all, const text *t)
{
    for (size_t k = 0; k < all->count; k++) {
        item *declaration = &all->list[k];
        if (declaration->kind != ITEM_STATEMENT || declaration->defines ||
            strcmp(declaration->first_word, "extern") != 0 || !declares_object(declaration))
            continue;
        size_t definition = 0;
        while (definition < all->count &&
               !(all->list[definition].kind == ITEM_STATEMENT && all->list[definition].defines &&
                 strcmp(all->list[definition].name, declaration->name) == 0))
            definition++;
        if (definition == all->count)
            continue;
        for (size_t j = k + 1; j < definition; j++)
            if (all->list[j].kind == ITEM_STATEMENT &&
                strcmp(all->list[j].name, declaration->name) != 0 &&
                occurrences(all->list[j].code, declaration->name) > 0)
                fail(t->origins[all->list[j].first] ? t->origins[all->list[j].first]
                                                    : t->lines[all->list[j].first],
                     "an object used before its definition in the pair: a static object "
                     "cannot be declared ahead in C++; define it before its first use");
        declaration->dropped = true;
        drop_comment_before(all, t, k);
    }
}

/* Marks what the pair leaves out: prototypes of what it does not define, and
 * internal definitions nothing else names, until nothing more goes. */
static void leave_out_unused(items *all, const text *t, const name_set *public)
{
    leave_out_object_declarations(all, t);
    name_set defined = {0};
    for (size_t k = 0; k < all->count; k++)
        if (all->list[k].kind == ITEM_STATEMENT &&
            (all->list[k].defines || strcmp(all->list[k].first_word, "SEEBATCH_TABLE") == 0))
            add_name(&defined, all->list[k].name);
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t k = 0; k < all->count; k++) {
            item *it = &all->list[k];
            bool type = strcmp(it->first_word, "typedef") == 0 ||
                        strcmp(it->first_word, "struct") == 0 ||
                        strcmp(it->first_word, "enum") == 0 || strcmp(it->first_word, "union") == 0;
            if (it->dropped || it->kind != ITEM_STATEMENT || !*it->name || type ||
                in_set(public, it->name))
                continue;
            bool unused = !in_set(&defined, it->name);
            if (!unused) {
                size_t elsewhere = 0;
                for (size_t j = 0; j < all->count; j++)
                    if (!all->list[j].dropped && strcmp(all->list[j].name, it->name) != 0)
                        elsewhere += occurrences(all->list[j].code, it->name);
                unused = elsewhere == 0;
            }
            if (unused) {
                for (size_t j = 0; j < all->count; j++)
                    if (!all->list[j].dropped && all->list[j].kind == ITEM_STATEMENT &&
                        strcmp(all->list[j].name, it->name) == 0) {
                        all->list[j].dropped = true;
                        drop_comment_before(all, t, j);
                    }
                changed = true;
            }
        }
    }
    free(defined.names);
}

/* ---- output ----------------------------------------------------------------- */

static void write_line(FILE *out, const char *line) { fprintf(out, "%s\n", line); }

static void write_source(FILE *out, const text *t, const items *all, const name_set *public)
{
    for (size_t k = 0; k < all->count; k++) {
        const item *it = &all->list[k];
        if (it->dropped)
            continue;
        size_t first = it->first;
        const char *word = it->first_word;
        if (it->kind == ITEM_STATEMENT && !keeps_linkage(word) && !in_set(public, it->name)) {
            const char *line = t->lines[first++];
            if (strcmp(word, "extern") == 0)
                fprintf(out, "static%s\n", line + strlen("extern"));
            else
                fprintf(out, "static %s\n", line);
        }
        for (size_t i = first; i < it->end; i++)
            write_line(out, t->lines[i]);
    }
}

/* Fails if a kept line is example code (a comment line indented past
 * " *    ") calling a function of the library's API that the pair lacks: its
 * header would show a call its user cannot make. */
static void check_example(const text *header, size_t i, const name_set *api, const name_set *public)
{
    const char *line = header->lines[i];
    if (!starts_with(line, " *     "))
        return;
    for (const char *at = strstr(line, "seebatch_"); at; at = strstr(at + 1, "seebatch_")) {
        char name[NAME_MAX_LENGTH];
        size_t n = 0;
        if (at > line && is_name_char(at[-1]))
            continue;
        while (is_name_char(at[n]) && n < NAME_MAX_LENGTH - 1) {
            name[n] = at[n];
            n++;
        }
        name[n] = '\0';
        if (*skip_spaces(at + n) == '(' && in_set(api, name) && !in_set(public, name)) {
            char what[256 + NAME_MAX_LENGTH];
            snprintf(what, sizeof what,
                     "an example the pair's header keeps calls %s, which the pair lacks: write it "
                     "with what the pair has, or where the pair leaves it out",
                     name);
            fail(header->origins[i] ? header->origins[i] : line, what);
        }
    }
}

/* The public headers as one, less the functions the pair lacks. */
static void write_header(FILE *out, const text *header, const name_set *api, const name_set *public)
{
    text kept = {0};
    for (size_t i = 0; i < header->count; i++) {
        const char *line = header->lines[i];
        char name[NAME_MAX_LENGTH];
        if (quoted_include(line, name)) {
            /* seebatch_view.h's #include "seebatch.h": the same file now. */
        } else if (starts_with(line, "SEEBATCH_API ")) {
            const char *paren = strchr(line, '(');
            name_before(line, (size_t)(paren - line), name);
            size_t end = i;
            while (end < header->count && !strchr(header->lines[end], ';'))
                end++;
            if (in_set(public, name)) {
                for (size_t j = i; j <= end; j++)
                    append_from(&kept, header->lines[j], header->origins[j]);
            } else {
                drop_trailing_comment(&kept);
            }
            i = end;
        } else {
            append_from(&kept, line, header->origins[i]);
        }
    }
    for (size_t i = 0; i < kept.count; i++)
        check_example(&kept, i, api, public);
    for (size_t i = 0; i < kept.count; i++)
        write_line(out, kept.lines[i]);
    free_text(&kept);
}

static FILE *open_output(const char *dir, const char *name, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", dir, name);
    FILE *out = fopen(path, "w");
    if (!out)
        fail("cannot write", path);
    return out;
}

static void close_output(FILE *out, const char *path)
{
    bool failed = ferror(out) != 0;
    failed |= fclose(out) != 0;
    if (failed) {
        remove(path);
        fail("could not write", path);
    }
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: generate_engine_pair ROOT OUTDIR SOURCE...\n");
        return EXIT_FAILURE;
    }
    const char *root = argv[1], *dir = argv[2];
    char path[1024];
    text header = {0};
    static const char *const public_headers[] = {"include/seebatch.h", "include/seebatch_view.h"};
    for (size_t h = 0; h < 2; h++) {
        snprintf(path, sizeof path, "%s/%s", root, public_headers[h]);
        text part = read_lines(path);
        for (size_t i = 0; i < part.count; i++) {
            char origin[1100];
            snprintf(origin, sizeof origin, "%s:%zu", public_headers[h], i + 1);
            append_from(&header, part.lines[i], origin);
        }
        free_text(&part);
    }
    name_set api = {0};
    public_names(&header, &api);

    expansion e = {root, {0}, 0, {0}};
    for (int i = 3; i < argc; i++) {
        snprintf(path, sizeof path, "%s/%s", root, argv[i]);
        expand(&e, path);
    }
    /* The sources read first, so that a layout this reader refuses fails
     * before the magic search's seconds; then the magics go in front. */
    items checked = split(&e.out);
    free_items(&checked);
    text sources = e.out;
    e.out = (text){0};
    append_magics(&e.out);
    for (size_t i = 0; i < sources.count; i++)
        append_from(&e.out, sources.lines[i], sources.origins[i]);
    free_text(&sources);
    items all = split(&e.out);
    find_static_macros(&all);
    /* Public: what the headers declare and the sources define. */
    name_set public = {0};
    for (size_t k = 0; k < all.count; k++)
        if (all.list[k].defines && in_set(&api, all.list[k].name))
            add_name(&public, all.list[k].name);
    leave_out_unused(&all, &e.out, &public);

    char header_path[1024], source_path[1024];
    FILE *out = open_output(dir, "seebatch_engine.h", header_path, sizeof header_path);
    fprintf(out, "/* seebatch_engine.h: seebatch's engine path and views in two files (with\n"
                 " * seebatch_engine.c), generated from seebatch's lib/ and include/ by\n"
                 " * tools/generate_engine_pair.c: do not edit. Any C99 compiler; scalar code\n"
                 " * only. The first seebatch_rules_init, seebatch_view_rules_init or\n"
                 " * seebatch_pins_compute fills the attack tables: make it before threads\n"
                 " * start. Below, seebatch.h and seebatch_view.h less what the pair lacks\n"
                 " * (batches, FEN, move generation, backends); their comments may name it. */\n");
    fprintf(out, "#ifndef SEEBATCH_ENGINE_H\n#define SEEBATCH_ENGINE_H\n\n");
    write_header(out, &header, &api, &public);
    fprintf(out, "\n#endif /* SEEBATCH_ENGINE_H */\n");
    close_output(out, header_path);

    out = open_output(dir, "seebatch_engine.c", source_path, sizeof source_path);
    fprintf(out, "/* seebatch_engine.c: generated from seebatch's lib/ by\n"
                 " * tools/generate_engine_pair.c: do not edit (see seebatch_engine.h). */\n"
                 "#define SEEBATCH_ENGINE_PAIR 1\n"
                 "#include \"seebatch_engine.h\"\n");
    write_source(out, &e.out, &all, &public);
    close_output(out, source_path);
    /* Freed, though the process ends here, so that LeakSanitizer (the asan
     * stage builds this generator with it) sees the program's own leaks. */
    free_items(&all);
    free_text(&e.out);
    free_text(&header);
    for (size_t i = 0; i < e.done_count; i++)
        free(e.done[i]);
    free(api.names);
    free(public.names);
    return EXIT_SUCCESS;
}
