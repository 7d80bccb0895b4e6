#pragma once
// A one-line progress indicator on stderr, redrawn at most a few times a second.
#include <chrono>
#include <functional>
#include <string>

namespace topo::cli {

class Progress {
 public:
  Progress(bool enabled, std::string label);
  ~Progress();
  /// A callback for the library's progress hooks (fraction done in [0, 1]).
  std::function<void(double)> callback();
  /// The same with a short status after the bar (what the run is doing, what is left).
  std::function<void(double, const std::string&)> status_callback();
  void finish();
  /// Prints one line on stderr below the bar (a long run's estimate), unless `quiet`.
  void note(const std::string& line, bool quiet);

 private:
  void draw(double fraction, const std::string& status = {});
  bool enabled_;
  bool drawn_ = false;
  std::string label_;
  std::size_t width_ = 0;  // of the last line drawn
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace topo::cli
