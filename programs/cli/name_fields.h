/* An input's name as a field of the tool's output: eval's records (text,
 * CSV, JSON lines) and stats's JSON lines name the file a record comes from
 * when there are several, as grep -n does. */
#ifndef SEEBATCH_CLI_NAME_FIELDS_H
#define SEEBATCH_CLI_NAME_FIELDS_H

#include <stddef.h>

/* The most bytes a put_ function writes for a name of `length` bytes. */
static inline size_t name_field_room(size_t length) { return 6 * length + 2; }

/* The name as a JSON string, quotes included: '"' and '\\' escaped, control
 * bytes as \u00XX, other bytes as they are. Returns the end. */
char *put_json_name(char *p, const char *name);

/* The name as a CSV field: quoted, with quotes doubled, when it holds a
 * comma, a quote or a line end (RFC 4180); else as it is. */
char *put_csv_name(char *p, const char *name);

/* The name as a field of ';'-separated text: control bytes (a line end
 * would split the record) as '?', as the tool's messages show them. */
char *put_text_name(char *p, const char *name);

#endif
