# Writes OUTPUT, a C file holding every EVERY-th line of the real positions
# (INPUT, bench/data/real_positions.fen.gz) as one string: the real positions
# tests play auto's switching on (tests/test_auto_learning.c). Run at build
# time with cmake -P.
execute_process(COMMAND gzip -dc ${INPUT} OUTPUT_VARIABLE text RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "cannot uncompress ${INPUT} with gzip")
endif()
string(REGEX MATCHALL "[^\n]+" lines "${text}")
set(body "")
set(index 0)
foreach(line IN LISTS lines)
  math(EXPR kept "${index} % ${EVERY}")
  if(kept EQUAL 0)
    string(APPEND body "    \"${line}\\n\"\n")
  endif()
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE ${OUTPUT} "/* Generated from bench/data/real_positions.fen.gz by cmake/real_positions_sample.cmake. */
#include <stddef.h>
const char real_positions_sample[] =
${body};
const size_t real_positions_sample_length = sizeof real_positions_sample - 1;
")
