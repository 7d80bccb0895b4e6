#pragma once
// libxml2, opened when the first GraphML document is read, not when a tool starts: with the ICU and lzma
// libraries it needs, it was a third of a tool's dynamic loading, for the few runs that read GraphML.
#include <libxml/parser.h>
#include <libxml/tree.h>

namespace topo::io::detail {

/// The libxml2 functions graphml.cpp calls, under their names without the xml prefix.
struct LibXml2 {
  decltype(&::xmlNewParserCtxt) NewParserCtxt;
  decltype(&::xmlCtxtReadMemory) CtxtReadMemory;
  decltype(&::xmlCtxtGetLastError) CtxtGetLastError;
  decltype(&::xmlFreeParserCtxt) FreeParserCtxt;
  decltype(&::xmlFreeDoc) FreeDoc;
  decltype(&::xmlDocGetRootElement) DocGetRootElement;
  decltype(&::xmlGetLineNo) GetLineNo;
  decltype(&::xmlGetProp) GetProp;
  decltype(&::xmlHasProp) HasProp;
  decltype(&::xmlNodeGetContent) NodeGetContent;
  xmlFreeFunc* Free;  // libxml2's variable xmlFree: the function that frees what it returns
};

/// libxml2, opened on the first call; Error naming the library when it cannot be opened.
const LibXml2& libxml2();

}  // namespace topo::io::detail
