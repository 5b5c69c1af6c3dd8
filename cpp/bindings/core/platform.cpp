// parlour._core.platform: the CPU as the platform layer sees it, and the switch
// between the vector kernels and the portable path (parlour.cpu is the public face).
#include <string>

#include "../common.hpp"
#include "parlour/core/platform.hpp"

namespace parlour::bindings {

void register_platform(py::module_& root) {
  namespace platform = core::platform;
  auto m = root.def_submodule("platform",
                              "The CPU as the engine sees it, and the switch to the portable path (see parlour.cpu).");
  m.def(
      "cpu_arch", [] { return std::string(platform::cpu_arch()); },
      "The processor family the engine was compiled for: 'x86_64', 'aarch64', 'x86', 'arm' or 'other'.");
  m.def(
      "cpu_features",
      [] {
        py::list out;
        if (platform::cpu_features().avx2) out.append("avx2");
        return py::typing::List<py::str>(std::move(out));
      },
      "The instruction sets beyond the baseline that this CPU and OS support and the engine has kernels for.");
  m.def("vector_code", &platform::vector_code, "Whether the engine's vector kernels may run now.");
  m.def("set_vector_code", &platform::set_vector_code, py::arg("on"),
        "Allow the vector kernels (True) or force the portable path everywhere (False).");
}

}  // namespace parlour::bindings
