#include "topo/json_value.hpp"

#include <nlohmann/json.hpp>

namespace topo {

JsonValue::JsonValue() : value_(std::make_unique<nlohmann::json>()) {}
JsonValue::JsonValue(const nlohmann::json& v) : value_(std::make_unique<nlohmann::json>(v)) {}
JsonValue::JsonValue(nlohmann::json&& v) : value_(std::make_unique<nlohmann::json>(std::move(v))) {}
JsonValue::JsonValue(const JsonValue& other) : value_(std::make_unique<nlohmann::json>(*other.value_)) {}
JsonValue::JsonValue(JsonValue&& other)  // NOLINT(performance-noexcept-move-constructor): allocates
    : value_(std::make_unique<nlohmann::json>(std::move(*other.value_))) {}
JsonValue& JsonValue::operator=(const JsonValue& other) {
  *value_ = *other.value_;
  return *this;
}
JsonValue& JsonValue::operator=(JsonValue&& other) {  // NOLINT(performance-noexcept-move-constructor)
  *value_ = std::move(*other.value_);
  return *this;
}
JsonValue& JsonValue::operator=(const nlohmann::json& v) {
  *value_ = v;
  return *this;
}
JsonValue& JsonValue::operator=(nlohmann::json&& v) {
  *value_ = std::move(v);
  return *this;
}
JsonValue::~JsonValue() = default;
JsonValue JsonValue::object() {
  return nlohmann::json::object();
}

bool operator==(const JsonValue& a, const JsonValue& b) {
  return *a.value_ == *b.value_;
}

}  // namespace topo
