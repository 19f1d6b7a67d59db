// Catch2 entry point for the runtime tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
