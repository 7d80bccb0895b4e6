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
  void finish();
  /// Prints one line on stderr below the bar (a long run's estimate), unless `quiet`.
  void note(const std::string& line, bool quiet);

 private:
  void draw(double fraction);
  bool enabled_;
  bool drawn_ = false;
  std::string label_;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace topo::cli
