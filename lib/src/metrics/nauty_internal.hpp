#pragma once
// nauty and Traces are C libraries whose headers are not C++-clean: they spell thread-local storage
// the C11 way and use flexible array members. Include them here only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wshadow"
#define _Thread_local thread_local
extern "C" {
#include <nauty/nausparse.h>
#include <traces.h>
}
#undef _Thread_local
#pragma GCC diagnostic pop
