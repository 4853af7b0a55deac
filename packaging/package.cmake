# Installing marque like a Debian tool, and its package (CPack, DEB): the binary in /usr/bin, a manual page per
# command, Tab completion for bash, zsh and fish where Debian's shells look for them, and in /usr/share/doc/marque
# the copyright, the changelog and examples (the examples' games and CSV files, a config file of house rules).
# The pages and the scripts are made at build time by the binary just built (packaging/generate.cmake), so they
# are exactly its command definitions. `cpack --config build/CPackConfig.cmake` makes marque_VERSION_ARCH.deb.
include(GNUInstallDirs)

# the pages' date: the build's (SOURCE_DATE_EPOCH when set, for a reproducible package)
string(TIMESTAMP MARQUE_MAN_DATE "%Y-%m-%d" UTC)
set(MARQUE_SHARE_DIR ${PROJECT_BINARY_DIR}/share)
add_custom_command(OUTPUT ${MARQUE_SHARE_DIR}/stamp
  COMMAND ${CMAKE_COMMAND} -DMARQUE=$<TARGET_FILE:marque> -DOUT=${MARQUE_SHARE_DIR} -DSRC=${PROJECT_SOURCE_DIR}
          -DDATE=${MARQUE_MAN_DATE} "-DLANGUAGES=${MARQUE_LANGUAGES}" -P ${PROJECT_SOURCE_DIR}/packaging/generate.cmake
  COMMAND ${CMAKE_COMMAND} -E touch ${MARQUE_SHARE_DIR}/stamp
  DEPENDS marque ${MARQUE_MO_FILES} ${PROJECT_SOURCE_DIR}/packaging/generate.cmake ${PROJECT_SOURCE_DIR}/packaging/changelog
  COMMENT "Manual pages and completion scripts from marque's command definitions" VERBATIM)
add_custom_target(marque_share ALL DEPENDS ${MARQUE_SHARE_DIR}/stamp)

# Debian's hardening (lintian's hardening-* checks; dpkg-buildflags gives the same to Debian's own packages): the
# checked variants of the libc calls in the optimised code, and the relocations read-only from the start. Not with
# the sanitizers (they replace those calls), nor in the test code (compiled at -O0, where fortify does nothing).
if(NOT MARQUE_SANITIZE)
  foreach(t marque marque-serve marque_cli marque_core marque_rules marque_tournament marque_storage marque_reports marque_importers
           marque_app marque_web marque_locale marque_toml marque_icu)
    target_compile_definitions(${t} PRIVATE $<$<NOT:$<CONFIG:Debug>>:_FORTIFY_SOURCE=2>)
  endforeach()
  # the programs' main, compiled once for marque and marque_sixth (CMakeLists.txt)
  target_compile_definitions(marque_main PRIVATE $<$<NOT:$<CONFIG:Debug>>:_FORTIFY_SOURCE=2>)
  target_link_options(marque PRIVATE LINKER:-z,relro,-z,now)
  target_link_options(marque-serve PRIVATE LINKER:-z,relro,-z,now)
  target_link_options(marque_locale PRIVATE LINKER:-z,relro,-z,now)
  target_link_options(marque_toml PRIVATE LINKER:-z,relro,-z,now)
  target_link_options(marque_icu PRIVATE LINKER:-z,relro,-z,now)
endif()

install(TARGETS marque RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# the helper `marque serve` runs (src/cli/serve/exec.cpp looks for it in ../lib/marque/ beside bin/)
install(TARGETS marque-serve RUNTIME DESTINATION lib/marque)
# marque's plugins (CMakeLists.txt, core/plugin.hpp: looked for in ../lib/marque/plugins/ from bin/, and in plugins/
# beside marque-serve); not in lib/marque/ itself, where CPack would add an ldconfig call lintian refuses
install(TARGETS marque_locale marque_toml marque_icu LIBRARY DESTINATION lib/marque/plugins)
# the translations (text::locale_dir() finds them from bin/ and lib/marque/); Boost.Locale's library (linked by
# lib/marque/marque-locale.so) comes into the package's Depends with the others (SHLIBDEPS)
foreach(lang IN LISTS MARQUE_LANGUAGES)
  install(FILES ${PROJECT_BINARY_DIR}/share/locale/${lang}/LC_MESSAGES/marque.mo
    DESTINATION ${CMAKE_INSTALL_LOCALEDIR}/${lang}/LC_MESSAGES)
endforeach()
install(DIRECTORY ${MARQUE_SHARE_DIR}/man-gz/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 FILES_MATCHING PATTERN "*.1.gz")
# the pages in each language marque speaks (marque --lang LANG manual), where man looks for them: man/LANG/man1
foreach(lang IN LISTS MARQUE_LANGUAGES)
  install(DIRECTORY ${MARQUE_SHARE_DIR}/man-lang-gz/${lang}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/${lang}/man1
    FILES_MATCHING PATTERN "*.1.gz")
endforeach()
install(FILES ${MARQUE_SHARE_DIR}/completion/marque DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${MARQUE_SHARE_DIR}/completion/_marque DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${MARQUE_SHARE_DIR}/completion/marque.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/copyright ${MARQUE_SHARE_DIR}/doc/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/packaging/lintian-overrides DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME marque)
file(GLOB MARQUE_EXAMPLE_FILES ${PROJECT_SOURCE_DIR}/examples/*.json)
install(FILES ${MARQUE_EXAMPLE_FILES} ${PROJECT_SOURCE_DIR}/packaging/config.toml DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/csv/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/csv FILES_MATCHING PATTERN "*.csv")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME marque)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "marque maintainers <maintainers@users.noreply.a-seed-afb56cd1.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "scorekeeper for card games: tarot, coinche, Prefa, Piquet, Alsós")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "marque keeps the score of real card tables: French Tarot, Coinche (belote\n"
  "contrée), Prefa (Greek Preference), Piquet and Alsós. After each hand\n"
  "someone types what happened; marque checks the record against the rules,\n"
  "stores it in an SQLite database and computes what a careful scorer does on\n"
  "paper: per-hand scores, running totals, settlements, score sheets (text,\n"
  "HTML, PDF) and league standings.\n"
  ".\n"
  "A club's house rules (the options of each game) live in a config file.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "sqlite3, chromium | weasyprint")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_IGNORE_FILES "/build.*/;/\\\\.git/")
include(CPack)
