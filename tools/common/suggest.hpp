#pragma once
// "Did you mean …?" for names a person types: families, subcommands, options and choice values.
#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace topo::cli {

/// Edit distance with adjacent transpositions counting as one edit (optimal string alignment).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// "; did you mean 'NAME'?" for the name of `names` closest to `word` when it is close enough
/// (at most max(1, |word|/3) edits, or `word` a prefix of exactly one name); "" otherwise.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& names);

/// A CLI11 check that the value is one of `names`; a miss reads
/// "'shortst' is not one of shortest, dor, …; did you mean 'shortest'?".
CLI::Validator one_of(std::vector<std::string> names);

/// After a failed parse of `app`: a one-line explanation of the first word CLI11 did not expect
/// ("unknown family 'torsu'; did you mean 'torus'?", "unknown option '--dim'; did you mean '--dims'?"),
/// or "" when no word was left over. `noun` names the subcommands ("family", "subcommand").
std::string explain_unexpected(const CLI::App& app, const std::string& noun);

}  // namespace topo::cli
