// libxml2 opened by its soname (TOPO_LIBXML2_SONAME, read from the library at configure time).
#include <dlfcn.h>
#include <fmt/format.h>

#include "libxml2_internal.hpp"
#include "topo/errors.hpp"

namespace topo::io::detail {

namespace {

LibXml2 open_libxml2() {
  void* lib = dlopen(TOPO_LIBXML2_SONAME, RTLD_NOW | RTLD_LOCAL);  // kept open: the process needs it to the end
  if (!lib) throw Error(fmt::format("reading GraphML needs libxml2: {}", dlerror()));
  const auto get = [&]<class F>(F& f, const char* name) {
    void* p = dlsym(lib, name);
    if (!p) {
      dlclose(lib);
      throw Error(fmt::format("reading GraphML needs libxml2: {} has no {}", TOPO_LIBXML2_SONAME, name));
    }
    f = reinterpret_cast<F>(p);
  };
  LibXml2 x{};
  get(x.NewParserCtxt, "xmlNewParserCtxt");
  get(x.CtxtReadMemory, "xmlCtxtReadMemory");
  get(x.CtxtGetLastError, "xmlCtxtGetLastError");
  get(x.FreeParserCtxt, "xmlFreeParserCtxt");
  get(x.FreeDoc, "xmlFreeDoc");
  get(x.DocGetRootElement, "xmlDocGetRootElement");
  get(x.GetLineNo, "xmlGetLineNo");
  get(x.GetProp, "xmlGetProp");
  get(x.HasProp, "xmlHasProp");
  get(x.NodeGetContent, "xmlNodeGetContent");
  get(x.Free, "xmlFree");
  return x;
}

}  // namespace

const LibXml2& libxml2() {
  static const LibXml2 x = open_libxml2();  // a failed open throws, and the next call tries again
  return x;
}

}  // namespace topo::io::detail
