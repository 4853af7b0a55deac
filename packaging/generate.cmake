# What the package installs beside the binary, made by the binary itself from its command definitions:
#   cmake -DMARQUE=path/to/marque -DOUT=DIR -DSRC=SOURCE_DIR -DDATE=YYYY-MM-DD -P generate.cmake
# writes DIR/man/*.1 (roff, for man -l) and DIR/man-gz/*.1.gz, DIR/completion/{marque,_marque,marque.fish}, and
# DIR/doc/changelog.gz. Compressed with gzip -9n (no name, no time stamp: the same bytes on every build).
foreach(v MARQUE OUT SRC DATE)
  if(NOT ${v})
    message(FATAL_ERROR "generate.cmake: -D${v}= is missing")
  endif()
endforeach()
find_program(GZIP gzip REQUIRED)
file(REMOVE_RECURSE ${OUT}/man ${OUT}/man-gz ${OUT}/completion ${OUT}/doc)
file(MAKE_DIRECTORY ${OUT}/man ${OUT}/man-gz ${OUT}/completion ${OUT}/doc)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARGN}: exit ${rc}: ${err}")
  endif()
endfunction()

run(${MARQUE} manual --dir ${OUT}/man --date ${DATE})
run(${MARQUE} completion bash OUTPUT_FILE ${OUT}/completion/marque)
run(${MARQUE} completion zsh OUTPUT_FILE ${OUT}/completion/_marque)
run(${MARQUE} completion fish OUTPUT_FILE ${OUT}/completion/marque.fish)

function(compress from to)
  execute_process(COMMAND ${GZIP} -9nc ${from} OUTPUT_FILE ${to} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${from}: exit ${rc}")
  endif()
endfunction()
file(GLOB pages ${OUT}/man/*.1)
foreach(page IN LISTS pages)
  get_filename_component(name ${page} NAME)
  compress(${page} ${OUT}/man-gz/${name}.gz)
endforeach()
# a native package (version without a Debian revision): its Debian changelog is changelog.gz
compress(${SRC}/packaging/changelog ${OUT}/doc/changelog.gz)
