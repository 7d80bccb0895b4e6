#pragma once
// Input bytes quoted in error messages: an error line stays one readable line whatever the input holds.
#include <cstddef>
#include <string>
#include <string_view>

namespace topo {

/// `s` with control bytes, DEL and bytes that are not valid UTF-8 written as escapes (\t, \n, \r, \xHH), and
/// the Unicode control and format characters that move, reorder or hide text on a terminal (C1 controls, bidi
/// overrides, zero-width characters, the byte order mark) as \u{XXXX}; a backslash stays as it is. Other valid
/// UTF-8 text is kept.
std::string printable(std::string_view s);

/// True when printable(s) is s: printable UTF-8 text without control or format characters.
bool is_printable(std::string_view s);

/// printable(s) cut to about `max_chars` characters, with "..." where it was cut: for quoting input.
std::string excerpt(std::string_view s, std::size_t max_chars = 48);

}  // namespace topo
