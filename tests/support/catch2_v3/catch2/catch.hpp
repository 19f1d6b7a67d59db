// Catch2 v2's single header, for building the tests with Catch2 v3: v3 has no catch.hpp, so
// tests/CMakeLists.txt puts this folder on the include path when it finds v3. The test mains
// define CATCH_CONFIG_MAIN, which v2 turns into main(); here the main is written out.
#pragma once

#include <catch2/catch_all.hpp>

#ifdef CATCH_CONFIG_MAIN
int main(int argc, char* argv[]) { return Catch::Session().run(argc, argv); }
#endif
