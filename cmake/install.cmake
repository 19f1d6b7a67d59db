# `cmake --install build --prefix P`: the `koma` command, the bundled variants and their docs
# (share/koma/variants), the public headers (include/koma/{ir,runtime,compiler}), the libraries,
# a CMake package (find_package(koma): koma::runtime, koma::compiler, koma::ir) and pkg-config
# files (koma-runtime.pc, koma.pc).
include(CMakePackageConfigHelpers)

set(KOMA_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/koma)

install(TARGETS koma RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS koma_ir koma_runtime koma_compiler EXPORT komaTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT komaTargets NAMESPACE koma:: DESTINATION ${KOMA_CMAKE_DIR})

# The headers a caller may include, and the ones they include in turn.
install(FILES runtime/ir/rules.h runtime/ir/dump.h runtime/ir/quoted_text.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/koma/ir)
install(FILES runtime/bitboard.h runtime/game.h runtime/move.h runtime/perft.h runtime/position.h runtime/result.h
              runtime/variant.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/koma/runtime)
install(FILES compiler/compiler.h compiler/diagnostics.h compiler/diagnostics.def
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/koma/compiler)

# Bundled variants and the authors' manual: variant files are read from here by `koma`.
install(DIRECTORY variants/ DESTINATION ${CMAKE_INSTALL_DATADIR}/koma/variants
        FILES_MATCHING PATTERN "*.md")
install(FILES README.md LICENSE CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

configure_package_config_file(cmake/komaConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/komaConfig.cmake
                              INSTALL_DESTINATION ${KOMA_CMAKE_DIR}
                              PATH_VARS CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/komaConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/komaConfig.cmake ${PROJECT_BINARY_DIR}/komaConfigVersion.cmake
        DESTINATION ${KOMA_CMAKE_DIR})

# The .pc files find the prefix from their own folder (lib[/ARCH]/pkgconfig), so the install
# can be moved.
set(KOMA_PC_PREFIX "\${pcfiledir}/..")
string(REPLACE "/" ";" libdir_parts "${CMAKE_INSTALL_LIBDIR}")
foreach(part ${libdir_parts})
  string(APPEND KOMA_PC_PREFIX "/..")
endforeach()
foreach(pc koma-runtime koma)
  configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()

# The playground's page, when it has been built (frontends/web/build.sh): `koma playground` serves it.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/build-web/web/ DESTINATION ${CMAKE_INSTALL_DATADIR}/koma/web
        OPTIONAL)
