# Runs the libFuzzer targets for CTest (cmake -P; see CMakeLists.txt).
#
#   MODE=smoke    fuzz a fresh copy of SEEDS (with DICT) in WORK/corpus; the
#                 bound is one of OPTIONS (-runs=N or -max_total_time=N)
#   MODE=mir      the same, with the MIR requests of the source tree ROOT as
#                 seeds and the request DTDs' names as dictionary
#                 (MirSeeds.cmake)
#   MODE=replay   run every file of REGRESSIONS once through each FUZZER
#   FUZZER        the fuzzer; for replay, several separated by '|'
#   OPTIONS       further libFuzzer options, separated by spaces
#   WORK          a scratch directory in the build tree, emptied first;
#                 crashers are left in WORK/artifacts/
cmake_minimum_required(VERSION 3.20)

separate_arguments(options UNIX_COMMAND "${OPTIONS}")
string(REPLACE "|" ";" fuzzers "${FUZZER}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/artifacts")

function(run_fuzzer fuzzer)
  # Standard input is /dev/null: an input that includes /dev/stdin must not
  # wait for the terminal.
  execute_process(
    COMMAND "${fuzzer}" "-artifact_prefix=${WORK}/artifacts/" ${options}
            ${ARGN}
    WORKING_DIRECTORY "${WORK}"
    INPUT_FILE /dev/null
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    file(GLOB artifacts "${WORK}/artifacts/*")
    list(JOIN artifacts "\n  " artifacts)
    message(FATAL_ERROR
      "${fuzzer} failed (exit status: ${status}).\n"
      "Inputs it saved:\n  ${artifacts}\n"
      "See test/fuzz/README.md to reproduce, minimise and add a regression.")
  endif()
endfunction()

if(MODE STREQUAL "smoke")
  file(COPY "${SEEDS}/" DESTINATION "${WORK}/corpus")
  run_fuzzer("${fuzzers}" "-dict=${DICT}" "${WORK}/corpus")
elseif(MODE STREQUAL "mir")
  include("${CMAKE_CURRENT_LIST_DIR}/MirSeeds.cmake")
  mir_collect_seeds("${ROOT}" "${WORK}/corpus" "${WORK}/mir.dict")
  run_fuzzer("${fuzzers}" "-dict=${WORK}/mir.dict" "${WORK}/corpus")
elseif(MODE STREQUAL "replay")
  file(GLOB inputs LIST_DIRECTORIES false "${REGRESSIONS}/*")
  list(FILTER inputs EXCLUDE REGEX "/(\\.[^/]*|README[^/]*)$")
  list(SORT inputs)
  list(LENGTH inputs count)
  if(count EQUAL 0)
    message(STATUS "No regression inputs in ${REGRESSIONS}")
    return()
  endif()
  foreach(fuzzer ${fuzzers})
    message(STATUS "Replaying ${count} inputs through ${fuzzer}")
    run_fuzzer("${fuzzer}" ${inputs})
  endforeach()
else()
  message(FATAL_ERROR "MODE must be smoke, mir or replay, not '${MODE}'")
endif()
