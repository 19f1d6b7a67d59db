// Catch2's runner, compiled once and linked into every test executable.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
