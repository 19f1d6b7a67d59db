// Catch2 entry point for the movement-phrase tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
