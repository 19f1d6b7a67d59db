// The Catch2 runner for libkoma's tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
