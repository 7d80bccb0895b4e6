#include "topo/metrics/report.hpp"

#include <nlohmann/json.hpp>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::metrics {

JsonValue family_formulas(const Graph& g) {
  const gen::Family* f = gen::family_of(g);
  if (!f) return JsonValue::object();
  try {
    return f->describe(gen::normalize_params(*f, g.meta.parameters)).formulas;
  } catch (const InputError&) {
    return JsonValue::object();
  }
}

}  // namespace topo::metrics
