// The Catch2 runner for the search's tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
