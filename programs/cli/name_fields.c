#include "name_fields.h"

#include <string.h>

char *put_json_name(char *p, const char *name)
{
    static const char hex[] = "0123456789abcdef";
    *p++ = '"';
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
        if (*c == '"' || *c == '\\') {
            *p++ = '\\';
            *p++ = (char)*c;
        } else if (*c < 0x20 || *c == 0x7f) {
            memcpy(p, "\\u00", 4);
            p[4] = hex[*c >> 4];
            p[5] = hex[*c & 15];
            p += 6;
        } else {
            *p++ = (char)*c;
        }
    }
    *p++ = '"';
    return p;
}

char *put_csv_name(char *p, const char *name)
{
    if (!strpbrk(name, ",\"\r\n")) {
        size_t length = strlen(name);
        memcpy(p, name, length);
        return p + length;
    }
    *p++ = '"';
    for (const char *c = name; *c; c++) {
        if (*c == '"')
            *p++ = '"';
        *p++ = *c;
    }
    *p++ = '"';
    return p;
}

char *put_text_name(char *p, const char *name)
{
    for (const unsigned char *c = (const unsigned char *)name; *c; c++)
        *p++ = *c < 0x20 || *c == 0x7f ? '?' : (char)*c;
    return p;
}
