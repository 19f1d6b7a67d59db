// The Catch2 runner for the CLI's unit tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
