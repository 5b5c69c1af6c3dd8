// A temporary directory for a C++ test, made by the platform layer (so its name may
// hold characters outside ASCII on every system) and removed with everything in it
// when the test ends:
//
//   const parlour::test::TempDir dir("parlour-keyfile-");
//   write_keys(dir.path / "k0", keys);
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

#include "parlour/core/platform.hpp"

namespace parlour::test {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix) : path(core::platform::make_temp_directory(prefix)) {}
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace parlour::test
