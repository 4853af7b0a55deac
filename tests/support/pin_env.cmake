if(marque_tests_TESTS)
  set_tests_properties(${marque_tests_TESTS} PROPERTIES ENVIRONMENT "TZ=UTC;NO_COLOR=1" LABELS unit)
endif()
