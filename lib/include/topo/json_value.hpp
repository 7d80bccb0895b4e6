#pragma once
// A JSON value behind a pointer, so that public headers that carry one need only nlohmann/json_fwd.hpp.
#include <memory>
#include <nlohmann/json_fwd.hpp>

namespace topo {

/// A value-semantic box around an nlohmann::json: copying copies the value. Read and change it through
/// * and ->; it converts to `const nlohmann::json&` where one is expected. Code that looks inside
/// includes <nlohmann/json.hpp>.
class JsonValue {
 public:
  JsonValue();                         // null
  JsonValue(const nlohmann::json& v);  // NOLINT(google-explicit-constructor): assigned like a json
  JsonValue(nlohmann::json&& v);       // NOLINT(google-explicit-constructor)
  JsonValue(const JsonValue& other);
  JsonValue(JsonValue&& other);  // NOLINT(performance-noexcept-move-constructor): leaves `other` null, allocating
  JsonValue& operator=(const JsonValue& other);
  JsonValue& operator=(JsonValue&& other);  // NOLINT(performance-noexcept-move-constructor)
  // Assigning a braced list ({{"nodes", 3}}) is ambiguous on purpose: write nlohmann::json{...}.
  JsonValue& operator=(const nlohmann::json& v);
  JsonValue& operator=(nlohmann::json&& v);
  ~JsonValue();
  static JsonValue object();  // {}

  nlohmann::json& operator*() { return *value_; }
  const nlohmann::json& operator*() const { return *value_; }
  nlohmann::json* operator->() { return value_.get(); }
  const nlohmann::json* operator->() const { return value_.get(); }
  operator const nlohmann::json&() const { return *value_; }  // NOLINT(google-explicit-constructor)
  /// The member `key` of the object, as nlohmann::json's operator[] (the non-const one adds it when missing).
  template <class Key>
  nlohmann::json& operator[](const Key& key) {
    return (*value_)[key];
  }
  template <class Key>
  const nlohmann::json& operator[](const Key& key) const {
    return (*value_)[key];
  }

  friend bool operator==(const JsonValue& a, const JsonValue& b);

 private:
  std::unique_ptr<nlohmann::json> value_;
};

}  // namespace topo
