// Input bytes quoted in error messages stay one readable line.
#include <doctest/doctest.h>

#include <sstream>

#include "topo/errors.hpp"
#include "topo/excerpt.hpp"
#include "topo/io/format.hpp"

TEST_CASE("printable escapes control bytes and invalid UTF-8, keeps text") {
  CHECK(topo::printable("plain text 1 2") == "plain text 1 2");
  CHECK(topo::printable("a\tb\nc\rd") == "a\\tb\\nc\\rd");
  CHECK(topo::printable(std::string("\x00\x01\x7f", 3)) == "\\x00\\x01\\x7f");
  CHECK(topo::printable("\xff\xfe") == "\\xff\\xfe");
  CHECK(topo::printable("2·3 → ok") == "2·3 → ok");             // valid UTF-8 stays
  CHECK(topo::printable("\xe2\x86") == "\\xe2\\x86");           // a cut multibyte sequence
  CHECK(topo::printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // a UTF-16 surrogate is not UTF-8
}

TEST_CASE("printable escapes Unicode controls and format characters") {
  CHECK(topo::printable("a\xc2\x9b"
                        "2J") == "a\\u{009b}2J");  // C1 CSI
  CHECK(topo::printable("a\xc2\x85"
                        "b") == "a\\u{0085}b");  // C1 NEL
  CHECK(topo::printable("abc\xe2\x80\xae"
                        "def") == "abc\\u{202e}def");  // right-to-left override
  CHECK(topo::printable("\xef\xbb\xbf"
                        "x") == "\\u{feff}x");  // byte order mark
  CHECK(topo::printable("a\xe2\x80\x8b"
                        "b") == "a\\u{200b}b");                      // zero-width space
  CHECK(topo::printable("\xc2\xa0\xc3\xa9") == "\xc2\xa0\xc3\xa9");  // no-break space, é stay
  CHECK(topo::is_printable("torus 2·3"));
  CHECK_FALSE(topo::is_printable("a\xe2\x80\xae"));
  CHECK_FALSE(topo::is_printable("a\x1b[2J"));
  CHECK_FALSE(topo::is_printable("a\xff"));
}

TEST_CASE("excerpt cuts long input") {
  const std::string longline(500, 'x');
  const auto e = topo::excerpt(longline);
  CHECK(e == std::string(48, 'x') + "...");
  CHECK(topo::excerpt("short") == "short");
  CHECK(topo::excerpt(std::string(48, 'y')) == std::string(48, 'y'));
  CHECK(topo::excerpt("\x01\x02\x03", 2) == "\\x01\\x02...");
}

TEST_CASE("a parse error quoting binary input is one short printable line") {
  std::string garbage = "\x01\x02\xff\xfe\n";
  garbage += std::string(2000, '\x07') + " 3\n";
  std::istringstream in(garbage);
  try {
    (void)topo::io::read_graph(in, "bad.el");
    FAIL("no error");
  } catch (const topo::ParseError& e) {
    const std::string what = e.what();
    CHECK(what.find('\n') == std::string::npos);
    CHECK(what.size() < 200);
    for (unsigned char c : what) CHECK((c >= 0x20 && c < 0x7f));
    CHECK(what == "bad.el:1: expected two node ids, got \"\\x01\\x02\\xff\\xfe\"");
  }
}
