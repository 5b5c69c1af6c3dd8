// parlour::core errors — the C++ side of the library's exception hierarchy.
//
// Every error the engine raises derives from core::Error.  The binding layer has one
// translator (cpp/bindings/errors.cpp) that maps the C++ type to the Python class of
// parlour/errors.py:
//
//   Error          -> ParlourError
//   ParseError     -> NotationError      (malformed card, action or board text)
//   IllegalAction  -> IllegalActionError (well-formed but not legal now)
//   PhaseError     -> PhaseError         (operation not allowed in this phase)
//   FormatError    -> StateFormatError   (corrupt or foreign snapshot)
//   InvalidValue   -> InvalidValueError  (an argument outside its domain)
//   WrongType      -> WrongTypeError     (an argument of the wrong type)
//
// A game that documents finer errors (gin's RoundError::NotInHand, ...) passes a
// `code` such as "gin.NotInHand"; the translator then raises the Python class
// registered under that code (a subclass of the class for the C++ type).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace parlour::core {

// Interrupted: a long computation stopped because it was asked to (Ctrl-C from Python,
// which the bindings turn back into KeyboardInterrupt); see interrupt.hpp.
enum class ErrorKind { Base, Parse, IllegalAction, Phase, Format, InvalidValue, WrongType, Interrupted };

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, std::string code = {}, ErrorKind kind = ErrorKind::Base)
      : std::runtime_error(message), code_(std::move(code)), kind_(kind) {}
  // The registered code of a finer Python class ("gin.NotInHand"), or empty.
  [[nodiscard]] const std::string& code() const noexcept { return code_; }
  [[nodiscard]] ErrorKind kind() const noexcept { return kind_; }

 private:
  std::string code_;
  ErrorKind kind_;
};

#define PARLOUR_DEFINE_ERROR(Name, Kind)                             \
  class Name : public Error {                                        \
   public:                                                           \
    explicit Name(const std::string& message, std::string code = {}) \
        : Error(message, std::move(code), ErrorKind::Kind) {}        \
  };

PARLOUR_DEFINE_ERROR(ParseError, Parse)
PARLOUR_DEFINE_ERROR(IllegalAction, IllegalAction)
PARLOUR_DEFINE_ERROR(PhaseError, Phase)
PARLOUR_DEFINE_ERROR(FormatError, Format)
PARLOUR_DEFINE_ERROR(InvalidValue, InvalidValue)
PARLOUR_DEFINE_ERROR(WrongType, WrongType)

#undef PARLOUR_DEFINE_ERROR

// Quote user input for an error message: 'text' with quotes, backslashes and control
// characters escaped, bytes that are not UTF-8 written as \xNN and input longer than 80
// characters shortened (never inside a character), so a message is always valid UTF-8
// and never carries a huge or garbled string.
std::string quote(std::string_view text);

// The same without the surrounding quotes and without escaping quotes: for text that
// is already quoted, such as a Python repr().
std::string clip(std::string_view text);

}  // namespace parlour::core
