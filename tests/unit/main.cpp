// The doctest runner for the unit tests (one file per library module beside it).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
