#include "parlour/envs/batch.hpp"

namespace parlour::envs {

IllegalMode illegal_mode_from(const std::string& name) {
  if (name == "raise") return IllegalMode::Raise;
  if (name == "penalty") return IllegalMode::Penalty;
  if (name == "terminate") return IllegalMode::Terminate;
  throw core::InvalidValue("illegal_action must be 'raise', 'penalty' or 'terminate', got " + core::quote(name));
}

Autoreset autoreset_from(const std::string& name) {
  if (name == "next_step") return Autoreset::NextStep;
  if (name == "same_step") return Autoreset::SameStep;
  throw core::InvalidValue("autoreset_mode must be 'next_step' or 'same_step', got " + core::quote(name));
}

const char* illegal_mode_name(IllegalMode m) noexcept {
  switch (m) {
    case IllegalMode::Raise: return "raise";
    case IllegalMode::Penalty: return "penalty";
    case IllegalMode::Terminate: return "terminate";
  }
  return "?";
}

const char* autoreset_name(Autoreset m) noexcept { return m == Autoreset::NextStep ? "next_step" : "same_step"; }

}  // namespace parlour::envs
