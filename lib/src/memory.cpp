#include "topo/memory.hpp"

#include <fmt/format.h>
#include <malloc.h>
#include <unistd.h>

#include <cctype>
#include <cmath>
#include <cstddef>
#include <limits>

#if defined(__SANITIZE_ADDRESS__)
#define TOPO_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TOPO_ADDRESS_SANITIZER 1
#endif
#endif
#if defined(TOPO_ADDRESS_SANITIZER)
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();  // the ASan runtime's (allocator_interface.h)
#endif

namespace topo {

namespace {

constexpr std::uint64_t saturated = std::numeric_limits<std::uint64_t>::max();

std::uint64_t add_saturating(std::uint64_t a, std::uint64_t b) {
  return a > saturated - b ? saturated : a + b;
}

std::uint64_t mul_saturating(std::uint64_t a, std::uint64_t b) {
  return a != 0 && b > saturated / a ? saturated : a * b;
}

constexpr const char* units = "KMGT";

}  // namespace

MemoryEstimate& MemoryEstimate::add(std::string part, std::uint64_t bytes) {
  if (bytes > 0) parts.emplace_back(std::move(part), bytes);
  return *this;
}

std::uint64_t MemoryEstimate::total() const {
  std::uint64_t t = 0;
  for (const auto& [name, bytes] : parts) t = add_saturating(t, bytes);
  return t;
}

void MemoryBudget::check(const MemoryEstimate& e) const {
  const std::uint64_t need = e.total();
  if (limit == 0 || need <= limit) return;
  std::string parts;
  for (const auto& [name, bytes] : e.parts)
    parts += fmt::format("{}{} {}", parts.empty() ? "" : ", ", name, format_bytes(bytes));
  throw MemoryLimitError(fmt::format("{} needs about {} ({}) but --max-memory is {}{}; raise it with --max-memory {}",
                                     e.who, format_bytes(need), parts, format_bytes(limit),
                                     origin.empty() ? "" : fmt::format(" ({})", origin), size_argument(need)));
}

std::uint64_t physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? mul_saturating(std::uint64_t(pages), std::uint64_t(page)) : 0;
}

std::uint64_t heap_in_use() {
#if defined(TOPO_ADDRESS_SANITIZER)
  return __sanitizer_get_current_allocated_bytes();  // AddressSanitizer replaces malloc: glibc knows nothing
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  const struct mallinfo2 m = mallinfo2();
  return std::uint64_t(m.uordblks) + std::uint64_t(m.hblkhd);
#else
  return 0;
#endif
}

std::string format_bytes(std::uint64_t bytes) {
  if (bytes < 1024) return fmt::format("{} B", bytes);
  double v = double(bytes) / 1024;
  int u = 0;
  while (v >= 1024 && u < 3) {
    v /= 1024;
    ++u;
  }
  return fmt::format("{:.1f} {}iB", v, units[u]);
}

std::optional<std::uint64_t> parse_bytes(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
  const std::string number(text.substr(0, i));
  if (number.empty() || number == "." || number.find('.') != number.rfind('.')) return std::nullopt;
  std::string suffix(text.substr(i));
  for (auto& c : suffix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  int power = 0;
  if (!suffix.empty() && suffix != "B") {
    const auto* u = std::char_traits<char>::find(units, 4, suffix[0]);
    if (!u) return std::nullopt;
    power = int(u - units) + 1;
    const std::string rest = suffix.substr(1);
    if (!rest.empty() && rest != "B" && rest != "IB") return std::nullopt;
  }
  if (power == 0 && number.find('.') != std::string::npos) return std::nullopt;  // a fraction of a byte
  const double value = std::stod(number) * std::pow(1024.0, power);
  if (!std::isfinite(value) || value >= 18446744073709551615.0) return std::nullopt;
  return static_cast<std::uint64_t>(std::ceil(value));
}

std::string size_argument(std::uint64_t bytes) {
  std::uint64_t scale = 1024;
  int u = 0;
  // The next unit while it keeps 10 or more of it, or holds the size exactly: 1.03 GiB is 1056M, not 2G; 3 TiB is 3T.
  while (u < 3 && (bytes / scale >= 10 * 1024 || (bytes / scale >= 1024 && bytes % (scale * 1024) == 0))) {
    scale *= 1024;
    ++u;
  }
  return fmt::format("{}{}", bytes / scale + (bytes % scale != 0), units[u]);
}

std::uint64_t graph_memory(std::uint64_t nodes, std::uint64_t links, bool directed) {
  // Undirected: source and target (8), two arcs of adjacency and link ids (16), the class column and the
  // builder's sort index (4) per link; the arc offsets and coordinates (16) per node. Directed graphs keep
  // one arc per link each way round (12 + 8) but two offset arrays.
  const std::uint64_t per_link = directed ? 24 : 28, per_node = directed ? 24 : 16;
  return add_saturating(mul_saturating(links, per_link), mul_saturating(add_saturating(nodes, 1), per_node));
}

}  // namespace topo
