// Entry point of the end-to-end test executable.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
