#pragma once
/// @file option_checks.hpp
/// Checks every nsdkit command line gets before any work (nsdkit and nsdkit-mpi call them for
/// the chosen subcommand): empty values, values that read as non-finite numbers, and the
/// outputs (core/atomic_file.hpp). Each throws InvalidInput naming the option.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace nsd::cli {

/// Refuses an option given with an empty value (`--checkpoint ''`, `--export-cases ''`): an
/// empty value is not the option's absence. Both executables call it for the chosen subcommand.
/// @throws InvalidInput naming the option.
void requireNoEmptyValues(const CLI::App& app);

/// Refuses an option value that reads as a non-finite number (nan, inf, 1e999), naming the
/// option. @throws InvalidInput.
void requireFiniteNumbers(const CLI::App& app);

/// Checks, before any work, every output the parsed command was given: files (--output,
/// --html) by checkOutputFile, folders (options ending in -dir and `folder_options`) by
/// checkOutputFolder (core/atomic_file.hpp), then requireDistinctPaths.
/// @throws InvalidInput naming the option.
void requireWritableOutputs(const CLI::App& app, const std::vector<std::string>& folder_options);

/// Refuses, before any work, an output (--output, --html, --checkpoint, folders as in
/// requireWritableOutputs) that is the same file or folder as an input (--body, --input, --cases,
/// --trajectories) or as another output: by path, or by device and inode where both exist
/// (links and hard links included). @throws InvalidInput naming both options.
void requireDistinctPaths(const CLI::App& app, const std::vector<std::string>& folder_options);

}  // namespace nsd::cli
