#pragma once
/// @file html_page.hpp
/// The interactive HTML pages a job asks for (the stability body in 3-D). The pages are made by
/// nsdkit's Python package (`nsdkit/pages.py`, plotly); each front end gives the job its way of
/// running it: the CLI runs pages.py in a child process, Python calls it in its own interpreter.
/// Both run the same code on the same files, so the page is the same.

#include <functional>
#include <string>
#include <vector>

namespace nsd::jobs {

/// One page: what pages.py is asked (its command line without the interpreter).
struct HtmlPageRequest {
  std::string page;                  ///< "body" (the stability body) or "report"
  std::vector<std::string> paths;    ///< the inputs, then the page (absolute paths)
  std::vector<std::string> options;  ///< "--name=value" words
  std::string field;                 ///< the option naming the page in errors ("" : "HTML page")
};

/// Writes a page. Returns true when written, false (after a one-line note) only when the page
/// cannot be made on this machine (python3-plotly missing); @throws InvalidInput naming
/// `field` and the page when making it failed.
using HtmlPageWriter = std::function<bool(const HtmlPageRequest&)>;

}  // namespace nsd::jobs
