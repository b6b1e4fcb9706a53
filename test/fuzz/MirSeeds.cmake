# mir_collect_seeds(ROOT CORPUS DICT): the seeds and the dictionary of
# upc-mir-request-fuzzer, gathered when the test runs so that a request
# added anywhere in the tree becomes a seed without further edits.
#
# Seeds (into the directory CORPUS): every .xml file under ROOT's test/,
# examples/ and runtime-glue/ whose root is a MIR request (instrreq,
# ctrlreq, snapshotreq, or the specification's snapshotrequest), every
# fenced block of docs/*.md and README.md that holds one, and
# test/fuzz/mir-corpus/ (the specification's own examples).
# Dictionary (the file DICT): the element and attribute names and the
# enumerated values of the request DTDs (runtime-glue/mir/dtd/).

set(MIR_REQUEST_ROOT "<(instrreq|ctrlreq|snapshotreq|snapshotrequest)[ \t\r\n/>]")

function(mir_collect_seeds root corpus dict)
  file(MAKE_DIRECTORY "${corpus}")
  set(count 0)

  file(GLOB_RECURSE xml_files LIST_DIRECTORIES false
    "${root}/test/*.xml" "${root}/examples/*.xml"
    "${root}/runtime-glue/*.xml")
  file(GLOB spec_examples LIST_DIRECTORIES false
    "${root}/test/fuzz/mir-corpus/*.xml")
  foreach(file ${xml_files} ${spec_examples})
    file(READ "${file}" text)
    if(text MATCHES "${MIR_REQUEST_ROOT}")
      math(EXPR count "${count} + 1")
      file(WRITE "${corpus}/seed-${count}.xml" "${text}")
    endif()
  endforeach()

  file(GLOB docs LIST_DIRECTORIES false "${root}/docs/*.md"
    "${root}/README.md")
  foreach(doc ${docs})
    file(READ "${doc}" text)
    # A fenced block, possibly indented inside a list item.
    string(REGEX MATCHALL "```[a-z]*\n[^`]*```" blocks "${text}")
    foreach(block ${blocks})
      if(block MATCHES "${MIR_REQUEST_ROOT}")
        string(REGEX REPLACE "^```[a-z]*\n" "" block "${block}")
        string(REGEX REPLACE "[ ]*```$" "" block "${block}")
        math(EXPR count "${count} + 1")
        file(WRITE "${corpus}/seed-${count}.xml" "${block}")
      endif()
    endforeach()
  endforeach()
  message(STATUS "${count} MIR requests of the source tree as seeds")
  if(count EQUAL 0)
    message(FATAL_ERROR "no MIR request found under ${root}")
  endif()

  set(words "")
  foreach(dtd instrreq ctrlreq snapshotreq)
    file(READ "${root}/runtime-glue/mir/dtd/${dtd}.dtd" text)
    string(REGEX MATCHALL "<!(ELEMENT|ATTLIST)[ \t\n]+[A-Za-z_]+" names
      "${text}")
    foreach(name ${names})
      string(REGEX REPLACE "^<!(ELEMENT|ATTLIST)[ \t\n]+" "" name "${name}")
      list(APPEND words "<${name}" "</${name}>")
    endforeach()
    # Attribute names: a name followed by its type in an ATTLIST.
    string(REGEX MATCHALL "[A-Za-z_]+[ \t\n]+(CDATA|ID|IDREF|NMTOKEN|\\()"
      attributes "${text}")
    foreach(attribute ${attributes})
      string(REGEX REPLACE "[ \t\n]+.*" "" attribute "${attribute}")
      list(APPEND words "${attribute}=\\\"")
    endforeach()
    # Enumerated values: ( A | B | C ).
    string(REGEX MATCHALL "\\([ \t\n]*[A-Za-z_]+([ \t\n]*\\|[ \t\n]*[A-Za-z_]+)+[ \t\n]*\\)"
      enums "${text}")
    foreach(enum ${enums})
      string(REGEX MATCHALL "[A-Za-z_]+" values "${enum}")
      list(APPEND words ${values})
    endforeach()
  endforeach()
  # Metric names are CDATA in the DTD: the catalog's.
  file(STRINGS "${root}/runtime-glue/mir/mir_metrics.def" metrics
    REGEX "^MIR_METRIC\\(")
  foreach(metric ${metrics})
    string(REGEX REPLACE "^MIR_METRIC\\(([A-Za-z_0-9]+).*" "\\1" metric
      "${metric}")
    list(APPEND words "${metric}")
  endforeach()
  list(APPEND words "<!DOCTYPE" "<!ENTITY" "&" "file://" "*" "?" "-1")
  list(REMOVE_DUPLICATES words)
  set(lines "")
  foreach(word ${words})
    string(APPEND lines "\"${word}\"\n")
  endforeach()
  file(WRITE "${dict}" "${lines}")
endfunction()
