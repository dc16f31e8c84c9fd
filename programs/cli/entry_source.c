#include "entry_source.h"

#include "tool_only.h"
#include "input_messages.h"

/* Reports why at the place of the entry last read (or at fault). */
static void report_entry(const entry_source *source, const char *why)
{
    char text[SEEBATCH_MESSAGE_SIZE + 256];
    bool in_lines = source->format != SEEBATCH_FILE_BIN;
    uint64_t place = in_lines ? source->plain.fault_line : source->bin.fault_byte;
    report_input_error("%s", seebatch_training_fault_text(text, sizeof text, in_lines, place,
                                                          source->number, why));
}

source_step entry_source_next(entry_source *source, training_entry *entry)
{
    char message[SEEBATCH_MESSAGE_SIZE + 128];
    bool good;
    if (source->format == SEEBATCH_FILE_BIN) {
        bin_step step = seebatch_bin_next(&source->bin, entry, message, sizeof message);
        if (step == BIN_END)
            return SOURCE_END;
        good = step == BIN_ENTRY;
    } else {
        plain_step step = seebatch_plain_next(&source->plain, entry, message, sizeof message);
        if (step == PLAIN_END)
            return SOURCE_END;
        good = step == PLAIN_ENTRY;
    }
    source->number++;
    if (good)
        return SOURCE_ENTRY;
    report_entry(source, message);
    return SOURCE_BAD;
}

void entry_source_refuse(entry_source *source, const char *why)
{
    source->plain.fault_line = source->plain.line;
    source->bin.fault_byte = source->bin.offset - BIN_ENTRY_SIZE;
    report_entry(source, why);
}
