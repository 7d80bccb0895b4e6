// A requested size above the 32-bit node (or link) ids is refused before anything is allocated, with the
// count that did not fit in the message: exact below 2^64, an estimate above.
#include <doctest/doctest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

using namespace topo;

namespace {
std::string error_of(const std::string& family, std::map<std::string, std::string> raw) {
  try {
    const auto& f = gen::find_family(family);
    (void)f.describe(gen::parse_params(f, raw));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
const std::string limit = " nodes exceed the limit of 4294967294 (32-bit node ids)";
}  // namespace

TEST_CASE("Count: exact below 2^64, an estimate from 2^64 on, no wrap-around") {
  gen::detail::Count c;
  for (int i = 0; i < 3; ++i) c *= 100000;
  CHECK_FALSE(c.above(1'000'000'000'000'000));
  CHECK(c.above(999'999'999'999'999));
  CHECK(c.text() == "1000000000000000");
  // 4 * 2^62 wraps to 0 in 64 bits: it must stay above every limit.
  gen::detail::Count w(4);
  w *= std::uint64_t{1} << 62;
  CHECK(w.above(~std::uint64_t{0}));
  CHECK(w.text() == "about 1.84e+19");
  gen::detail::Count s(~std::uint64_t{0});
  s += 1;
  CHECK(s.above(~std::uint64_t{0}));
  CHECK(gen::detail::Count::power(2, 40).text() == "1099511627776");
  CHECK(gen::detail::Count::power(2, 96).text() == "about 7.92e+28");
  CHECK(gen::detail::Count::power(2, 100000).text() == "more than 2^64");
}

TEST_CASE("families: the node count that does not fit is in the message") {
  CHECK(error_of("torus", {{"dims", "100000x100000x100000"}}) ==
        "--dims 100000x100000x100000: 1000000000000000" + limit);
  CHECK(error_of("mesh", {{"dims", "4x4611686018427387904"}}) ==
        "--dims 4x4611686018427387904: about 1.84e+19" + limit);
  CHECK(error_of("hypercube", {{"dim", "40"}}) == "--dim 40: 2^n = 1099511627776" + limit);
  CHECK(error_of("hypercube", {{"dim", "100000"}}) == "--dim 100000: 2^n = more than 2^64" + limit);
  CHECK(error_of("hypercube", {{"dim", "-1"}}) == "--dim must be between 0 and 31, got -1");
  CHECK(error_of("sbs", {{"dim", "32"}}) == "--dim 32: 2^n = 4294967296" + limit);
  CHECK(error_of("ccc", {{"dim", "28"}}) == "--dim 28: d*2^d = 7516192768" + limit);
  CHECK(error_of("ccc", {{"dim", "27"}}) ==
        "--dim 27: 3*d*2^(d-1) = 5435817984 links exceed the limit of 4294967295 (32-bit link ids)");
  CHECK(error_of("debruijn", {{"symbols", "4"}, {"length", "17"}}) ==
        "--symbols 4 --length 17: m^n = 17179869184" + limit);
  CHECK(error_of("kautz", {{"degree", "65535"}, {"length", "3"}}) ==
        "--degree 65535 --length 3: (d+1)*d^(n-1) = 281466386841600" + limit);
  CHECK(error_of("fattree", {{"arity", "65536"}, {"levels", "3"}}) ==
        "--arity 65536 --levels 3: k^n + n*k^(n-1) = 281487861612544" + limit);
  CHECK(error_of("hamming", {{"side", "100"}, {"dims", "9"}}) ==
        "--side 100 --dims 9: n^d = 1000000000000000000" + limit);
  CHECK(error_of("clex", {{"clique", "256"}, {"levels", "4"}}) == "--clique 256 --levels 4: k^L = 4294967296" + limit);
  CHECK(error_of("pn", {{"q", "65536"}}) == "--q 65536: 2(q^2+q+1) = 8590065666" + limit);
  CHECK(error_of("slimfly", {{"q", "65537"}}) == "--q 65537: 2q^2 = 8590196738" + limit);
  CHECK(error_of("dualcube", {{"dim", "17"}}) == "--dim 17: 2^(2n-1) = 8589934592" + limit);
  CHECK(error_of("dualcube", {{"dim", "9223372036854775807"}}) ==
        "--dim 9223372036854775807: 2^(2n-1) = more than 2^64" + limit);
  CHECK(error_of("rdn", {{"cube", "40"}, {"levels", "1"}}) == "--cube 40: the base 2^n = 1099511627776" + limit);
  CHECK(error_of("hdn", {{"base", "100000x100000"}, {"levels", "1"}, {"supernodes", "none"}}) ==
        "--base 100000x100000: the base network's 10000000000" + limit);
}
