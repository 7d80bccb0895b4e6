#pragma once
// Traffic patterns over terminals, the form toposim run uses: a destination terminal for every packet.
// Bit patterns act on terminal ids (BookSim2's convention); patterns that map routers onto routers send
// terminal k of a router to terminal k of its image. Each pattern's file defines this form next to its pairs.
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "topo/rng.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

class TerminalDestinations {
 public:
  virtual ~TerminalDestinations() = default;
  virtual std::uint64_t pick(std::uint64_t src, Rng& rng) const = 0;
  /// Every destination `src` can pick when there are few (a permutation), empty when random.
  virtual std::vector<std::uint64_t> fixed(std::uint64_t src) const = 0;
};

/// The destinations of `pattern` on `layout`; UsageError when there is no such pattern or it has no form
/// over terminals, InputError when it does not fit.
std::unique_ptr<TerminalDestinations> terminal_destinations(std::string_view pattern, const TerminalLayout& layout,
                                                            const TrafficOptions& o);

/// A fixed map from source terminal to destination terminal.
class FixedDestinations final : public TerminalDestinations {
 public:
  explicit FixedDestinations(std::vector<std::uint64_t> to) : to_(std::move(to)) {}
  std::uint64_t pick(std::uint64_t s, Rng&) const override { return to_[s]; }
  std::vector<std::uint64_t> fixed(std::uint64_t s) const override { return {to_[s]}; }

 private:
  std::vector<std::uint64_t> to_;
};

/// A uniformly random choice among a list of destinations per source.
class AmongDestinations final : public TerminalDestinations {
 public:
  explicit AmongDestinations(std::vector<std::vector<std::uint64_t>> to) : to_(std::move(to)) {}
  std::uint64_t pick(std::uint64_t s, Rng& rng) const override { return to_[s][rng.below(to_[s].size())]; }
  std::vector<std::uint64_t> fixed(std::uint64_t s) const override { return to_[s]; }

 private:
  std::vector<std::vector<std::uint64_t>> to_;
};

/// The destinations f(s, b) of a bit pattern on b-bit terminal ids; InputError unless the terminal count is 2^b.
std::unique_ptr<TerminalDestinations> terminal_bit_map(const TerminalLayout& t, std::string_view pattern,
                                                       const std::function<std::uint64_t(std::uint64_t, unsigned)>& f);
/// The number of address bits of the terminal ids; InputError unless the terminal count is a power of two.
unsigned terminal_address_bits(const TerminalLayout& t, std::string_view pattern);
/// Router s's terminal k to router t's terminal k: InputError unless s and t carry as many terminals.
void require_same_terminals(const TerminalLayout& t, std::string_view pattern, node_id s, node_id to);

}  // namespace topo::route
