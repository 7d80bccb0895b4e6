#include "common/progress.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/standard_streams.hpp"

namespace topo::cli {

Progress::Progress(bool enabled, std::string label) : enabled_(enabled), label_(std::move(label)) {}

Progress::~Progress() {
  finish();
}

std::function<void(double)> Progress::callback() {
  if (!enabled_) return {};
  return [this](double f) { draw(f); };
}

std::function<void(double, const std::string&)> Progress::status_callback() {
  if (!enabled_) return {};
  return [this](double f, const std::string& status) { draw(f, status); };
}

void Progress::draw(double fraction, const std::string& status) {
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && fraction < 1.0 && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  drawn_ = true;
  constexpr int width = 30;
  const auto filled = std::lround(fraction * width);
  const auto line = fmt::format("{} [{:<{}}] {:3.0f}%{}{}", label_, std::string(static_cast<std::size_t>(filled), '#'),
                                width, fraction * 100, status.empty() ? "" : " ", status);
  // Blanks over what is left of a longer previous line.
  write_stderr(fmt::format("\r{}{:{}}", line, "", width_ > line.size() ? width_ - line.size() : 0));
  width_ = std::max(width_, line.size());
}

void Progress::note(const std::string& line, bool quiet) {
  if (quiet) return;
  finish();
  write_stderr(fmt::format("{}\n", line));
}

void Progress::finish() {
  if (!drawn_) return;
  write_stderr(fmt::format("\r{:{}}\r", "", std::max(width_, label_.size() + 40)));
  drawn_ = false;
}

}  // namespace topo::cli
