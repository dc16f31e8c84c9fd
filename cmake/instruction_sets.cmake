# The instruction sets of the optional kernels, set here and nowhere else.
#
# - SEEBATCH_POPCNT_OPTIONS, SEEBATCH_AVX2_OPTIONS, SEEBATCH_AVX512_OPTIONS:
#   the compiler flags of each set (lib/machine/cpu_features.h's instruction_set;
#   seebatch_cpu_runs asks the CPU for the same sets). POPCNT is for the
#   training formats' coding copies (lib/training/formats/chain_coding.h),
#   AVX2 and AVX512 for the kernels too.
# - seebatch_compile_for_isa(ISA file...): compiles those files, and only
#   those, with the flags of ISA (POPCNT, AVX2 or AVX512). Source properties
#   belong to the directory, so call it from the CMakeLists.txt whose targets
#   hold the files.
# - seebatch_kernels_built: an interface target whose users see
#   SEEBATCH_HAVE_AVX2=1 and SEEBATCH_HAVE_AVX512=1 for each kernel this build
#   holds (the library's dispatch and the tests' table of backends), and
#   SEEBATCH_HAVE_POPCNT=1 where the POPCNT copies are built (x86-64).
#
# SEEBATCH_AVX512_EMULATED=ON, a test build, compiles the AVX-512 kernel with
# the AVX2 options over SIMDe (lib/avx512/emulated.h): its users see
# SEEBATCH_AVX512_EMULATED=1, and the library runs that kernel wherever AVX2
# runs, so CI on a CPU without AVX-512 still tests the wider kernel's lines.
#
# Expects the options SEEBATCH_AVX2, SEEBATCH_AVX512 and
# SEEBATCH_AVX512_EMULATED, and SEEBATCH_TARGET_X86_64, to be defined.

set(SEEBATCH_POPCNT_OPTIONS "-mpopcnt")
set(SEEBATCH_AVX2_OPTIONS "-mavx2;-mbmi;-mbmi2;-mpopcnt")
set(SEEBATCH_AVX512_OPTIONS "-mavx512f;-mavx512dq;-mavx512bw;-mavx512vl;${SEEBATCH_AVX2_OPTIONS}")
if(SEEBATCH_AVX512_EMULATED)
  if(NOT SEEBATCH_AVX512 OR NOT SEEBATCH_AVX2)
    message(FATAL_ERROR "SEEBATCH_AVX512_EMULATED=ON emulates the AVX-512 kernel with AVX2: "
      "it needs SEEBATCH_AVX512=ON and SEEBATCH_AVX2=ON")
  endif()
  include(CheckIncludeFile)
  check_include_file(simde/x86/avx512.h SEEBATCH_HAVE_SIMDE)
  if(NOT SEEBATCH_HAVE_SIMDE)
    message(FATAL_ERROR "SEEBATCH_AVX512_EMULATED=ON needs SIMDe's headers "
      "(simde/x86/avx512.h; Debian: apt-get install libsimde-dev)")
  endif()
  # SIMDe's portable 64-bit lanes are signed C numbers: -fwrapv makes their
  # wrapping, which the instructions define, defined in C too (UBSan agrees).
  # Its 512-bit vectors pass between the file's own functions without
  # AVX-512, which changes no ABI anyone calls: clang warns of it (-Wpsabi).
  set(SEEBATCH_AVX512_OPTIONS "${SEEBATCH_AVX2_OPTIONS};-fwrapv;-Wno-psabi")
endif()

function(seebatch_compile_for_isa isa)
  if(NOT DEFINED SEEBATCH_${isa}_OPTIONS)
    message(FATAL_ERROR "seebatch_compile_for_isa: unknown instruction set '${isa}' "
      "(known: POPCNT, AVX2, AVX512)")
  endif()
  set_source_files_properties(${ARGN} PROPERTIES COMPILE_OPTIONS "${SEEBATCH_${isa}_OPTIONS}")
endfunction()

add_library(seebatch_kernels_built INTERFACE)
foreach(isa AVX2 AVX512)
  if(SEEBATCH_${isa})
    target_compile_definitions(seebatch_kernels_built INTERFACE SEEBATCH_HAVE_${isa}=1)
  endif()
endforeach()
if(SEEBATCH_TARGET_X86_64)
  target_compile_definitions(seebatch_kernels_built INTERFACE SEEBATCH_HAVE_POPCNT=1)
endif()
if(SEEBATCH_AVX512_EMULATED)
  target_compile_definitions(seebatch_kernels_built INTERFACE SEEBATCH_AVX512_EMULATED=1)
endif()
