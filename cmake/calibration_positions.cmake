# Writes OUTPUT, a C file holding every EVERY-th line of the real positions
# (INPUT, bench/data/real_positions.fen.gz) as one string: the sample
# seebatch calibrate measures on. Run at build time with cmake -P.
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
file(WRITE ${OUTPUT} "/* Generated from bench/data/real_positions.fen.gz by cmake/calibration_positions.cmake. */
#include <stddef.h>
const char calibration_positions[] =
${body};
const size_t calibration_positions_length = sizeof calibration_positions - 1;
")
