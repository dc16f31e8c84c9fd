/* For the sources compiled against the engine pair (tests/engine_pair): the
 * pair's header stands where they include the library's, with the one call
 * the tests make that the pair lacks, from fen_boards.c here (set-up). */
#include "seebatch_engine.h"

seebatch_status seebatch_board_from_fen(seebatch_board *board, const char *fen,
                                        seebatch_error *error);
