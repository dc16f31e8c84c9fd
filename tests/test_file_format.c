/*
 * What a file holds (seebatch_file_format_of and its helpers,
 * seebatch_training.h), the one rule of the library's readers and the
 * tool's: the first bytes win over the name ("BINP", "fen "), then the
 * extension (.binpack, .plain, .bin, .epd), then lines; an empty input is
 * plain unless its name says binpack or bin; names are taken exactly.
 */
#include <string.h>

#include "check.h"
#include "seebatch_training.h"
#include "training/formats/data_format.h"

int main(void)
{
    CHECK_EQ(seebatch_file_format_named("binpack"), SEEBATCH_FILE_BINPACK, "binpack");
    CHECK_EQ(seebatch_file_format_named("plain"), SEEBATCH_FILE_PLAIN, "plain");
    CHECK_EQ(seebatch_file_format_named("bin"), SEEBATCH_FILE_BIN, "bin");
    CHECK_EQ(seebatch_file_format_named("lines"), SEEBATCH_FILE_LINES, "lines");
    CHECK_EQ(seebatch_file_format_named("epd"), SEEBATCH_FILE_LINES, "epd");
    static const char *const not_names[] = {"Binpack", "binpack ", "bi", "", "unknown", "fen"};
    for (size_t i = 0; i < sizeof not_names / sizeof not_names[0]; i++)
        CHECK_EQ(seebatch_file_format_named(not_names[i]), SEEBATCH_FILE_UNKNOWN, "\"%s\"",
                 not_names[i]);
    CHECK_EQ(seebatch_file_format_named(NULL), SEEBATCH_FILE_UNKNOWN, "NULL");

    CHECK_EQ(seebatch_file_format_of_path("games.binpack"), SEEBATCH_FILE_BINPACK, ".binpack");
    CHECK_EQ(seebatch_file_format_of_path("a/b.c/games.bin"), SEEBATCH_FILE_BIN, ".bin");
    CHECK_EQ(seebatch_file_format_of_path("x.epd"), SEEBATCH_FILE_LINES, ".epd");
    CHECK_EQ(seebatch_file_format_of_path("x.lines"), SEEBATCH_FILE_UNKNOWN,
             ".lines: no extension");
    CHECK_EQ(seebatch_file_format_of_path("data.binpack/games"), SEEBATCH_FILE_UNKNOWN,
             "a folder's extension");
    CHECK_EQ(seebatch_file_format_of_path("games"), SEEBATCH_FILE_UNKNOWN, "none");
    CHECK_EQ(seebatch_file_format_of_path(NULL), SEEBATCH_FILE_UNKNOWN, "NULL");

    const char *names[] = {"unknown", "binpack", "plain", "lines", "bin"};
    for (int f = 0; f < 5; f++)
        CHECK(strcmp(seebatch_file_format_name((seebatch_file_format)f), names[f]) == 0, "%d", f);
    CHECK(seebatch_file_format_name((seebatch_file_format)5) == NULL, "5 is no format");
    CHECK(seebatch_file_format_name((seebatch_file_format)-1) == NULL, "-1 is no format");

    /* Content first, whatever the name. */
    CHECK_EQ(seebatch_file_format_of("x.plain", "BINPxyz", 7), SEEBATCH_FILE_BINPACK, "BINP");
    CHECK_EQ(seebatch_file_format_of("x.binpack", "fen rnbq", 8), SEEBATCH_FILE_PLAIN, "fen ");
    CHECK_EQ(seebatch_file_format_of(NULL, "BINP", 4), SEEBATCH_FILE_BINPACK, "standard input");
    CHECK_EQ(seebatch_file_format_of(NULL, "BIN", 3), SEEBATCH_FILE_LINES, "three bytes: lines");
    /* Then the name, then lines. */
    CHECK_EQ(seebatch_file_format_of("x.bin", "\x01\x02\x03\x04", 4), SEEBATCH_FILE_BIN, ".bin");
    CHECK_EQ(seebatch_file_format_of("x.txt", "8/8/", 4), SEEBATCH_FILE_LINES, "lines");
    /* Empty: plain, unless the name says binpack or bin. */
    CHECK_EQ(seebatch_file_format_of("x.txt", NULL, 0), SEEBATCH_FILE_PLAIN, "empty");
    CHECK_EQ(seebatch_file_format_of("x.epd", "", 0), SEEBATCH_FILE_PLAIN, "empty .epd");
    CHECK_EQ(seebatch_file_format_of("x.binpack", "", 0), SEEBATCH_FILE_BINPACK, "empty .binpack");
    CHECK_EQ(seebatch_file_format_of("x.bin", "", 0), SEEBATCH_FILE_BIN, "empty .bin");
    return check_finish("test_file_format");
}
