# cmake -DXMLLINT=xmllint -DDIR=dir -DDTDS=runtime-glue/mir/dtd
#       -DXSDS=runtime-glue/mir/xsd -P xmllint.cmake:
# validates each DIR/ROOT.NAME.xml against DTDS/ROOT.dtd and XSDS/ROOT.xsd
# (MIR, section 9) with xmllint.
file(GLOB documents "${DIR}/*.xml")
list(LENGTH documents count)
if(count EQUAL 0)
  message(FATAL_ERROR "no document in ${DIR}")
endif()
set(failed 0)
foreach(document ${documents})
  get_filename_component(name "${document}" NAME)
  string(REGEX REPLACE "\\..*" "" root "${name}")
  execute_process(COMMAND "${XMLLINT}" --noout --nonet
      --dtdvalid "${DTDS}/${root}.dtd" --schema "${XSDS}/${root}.xsd"
      "${document}"
    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message(SEND_ERROR
      "${name} is not valid against ${root}.dtd and ${root}.xsd:\n${output}")
    math(EXPR failed "${failed} + 1")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "${failed} of ${count} documents are not valid")
endif()
message(STATUS "${count} documents valid against their DTDs and schemas")
