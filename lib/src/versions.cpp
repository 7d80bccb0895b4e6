#include "topo/versions.hpp"

#include <metis.h>
#include <nauty/nausparse.h>

#include <string>

namespace topo {

std::vector<std::pair<std::string, std::string>> library_versions() {
  return {{"nauty", NAUTYVERSION},
          {"METIS", std::to_string(METIS_VER_MAJOR) + "." + std::to_string(METIS_VER_MINOR) + "." +
                        std::to_string(METIS_VER_SUBMINOR)}};
}

}  // namespace topo
