#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <string>
#include <vector>

#include "base/io.h"
#include "cli/cli.h"

int main(int argc, char** argv) {
  // Before anything is opened: a closed descriptor 0, 1 or 2 is taken by
  // /dev/null, so no file of the run gets its number and receives the report.
  const bool stdout_closed = trickref::reserve_standard_descriptors();
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    args.emplace_back(argv[i]);  // NOLINT(cppcoreguidelines-pro-bounds-pointer-arithmetic)
  }
  std::ios::sync_with_stdio(false);
  // Standard output through a buffer that remembers why a write failed, so
  // cli::run can say it (and a closed standard output fails, EBADF).
  trickref::FdOutBuf out_buf(STDOUT_FILENO, stdout_closed ? EBADF : 0);
  std::streambuf* const old = std::cout.rdbuf(&out_buf);
  const int code = trickref::cli::run(args, std::cin, std::cout, std::cerr);
  std::cout.rdbuf(old);
  return code;
}
