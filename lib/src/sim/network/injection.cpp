// Open-loop injection processes: Bernoulli, and on/off bursts (a two-state Markov chain per terminal
// whose mean rate equals the Bernoulli one, BookSim2's on_off).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "sim_internal.hpp"
#include "topo/errors.hpp"
#include "topo/registry.hpp"

namespace topo::sim {

namespace {

class Bernoulli final : public InjectionProcess {
 public:
  void generate(double rate, std::size_t n, std::uint8_t*, Rng* rng, std::uint8_t* born) const override {
    // rng.uniform() < rate, in integers: uniform() is y 2^-53 with y = next() >> 11 < 2^53, and y 2^-53 < rate
    // exactly when y < ceil(rate 2^53) (rate 2^53 is exact: a power of two; its ceiling in integers, without
    // a call to ceil).
    const double scaled = std::min(rate, 1.0) * 0x1.0p53;
    const auto whole = std::uint64_t(scaled);
    const std::uint64_t below = whole + (double(whole) < scaled);
    for (std::size_t i = 0; i < n; ++i) born[i] = (rng[i]() >> 11) < below;
  }
};

class OnOff final : public InjectionProcess {
 public:
  OnOff(double on, double off) : leave_on_(1 / on), leave_off_(1 / off), duty_(on / (on + off)) {}
  void generate(double rate, std::size_t n, std::uint8_t* state, Rng* rng, std::uint8_t* born) const override {
    for (std::size_t i = 0; i < n; ++i) {
      if (state[i]) {
        if (rng[i].uniform() < leave_on_) state[i] = 0;
      } else if (rng[i].uniform() < leave_off_) {
        state[i] = 1;
      }
      born[i] = state[i] && rng[i].uniform() < std::min(1.0, rate / duty_);
    }
  }

 private:
  double leave_on_, leave_off_, duty_;
};

struct Process {
  const char* name;
  const char* help;
  std::function<std::unique_ptr<InjectionProcess>(const SimOptions&)> make;
};

// One line per process.
const std::vector<Process>& processes() {
  static const std::vector<Process> list = {
      {"bernoulli", "the default: a packet with probability rate / packet size every cycle",
       [](const SimOptions&) { return std::make_unique<Bernoulli>(); }},
      {"onoff", "bursts: on and off periods of mean --burst-on and --burst-off cycles, BookSim2's on_off",
       [](const SimOptions& o) {
         if (!(o.burst_on >= 1) || !(o.burst_off >= 1))
           throw UsageError("--burst-on and --burst-off are mean period lengths of at least 1 cycle");
         return std::make_unique<OnOff>(o.burst_on, o.burst_off);
       }},
  };
  return list;
}

}  // namespace

const std::vector<std::string>& injection_names() {
  static const std::vector<std::string> names = names_of(processes());
  return names;
}

std::string injection_help() {
  return help_of(processes());
}

std::unique_ptr<InjectionProcess> make_injection(const SimOptions& o) {
  return find_named(processes(), o.injection, "injection process").make(o);
}

}  // namespace topo::sim
