// What libkoma's tests share: a bundled variant, loaded as every front end loads it.
#pragma once

#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "variant_source.h"

namespace koma::test {

/// The bundled variant `slug`; the test fails when it does not load.
inline std::shared_ptr<const Variant> bundled(const std::string& slug) {
  lib::Result<lib::LoadedVariant> loaded = lib::load_variant(slug);
  REQUIRE(loaded.ok());
  return loaded->variant;
}

}  // namespace koma::test
