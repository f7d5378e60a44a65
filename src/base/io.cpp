#include "base/io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

namespace trickref {

std::string reason(int err) {
  std::string s = std::generic_category().message(err);
  if (!s.empty()) {
    s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  }
  return s;
}

ReadResult read_file(const std::filesystem::path& path, std::uint64_t max_bytes) {
  ReadResult out;
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec) {
    out.error = reason(ec.value());
    return out;
  }
  if (std::filesystem::is_directory(status)) {
    out.error = "is a directory";
    return out;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    out.error = reason(errno);
    return out;
  }
  char buf[1 << 16];
  while (true) {
    const std::size_t n = std::fread(buf, 1, sizeof buf, f);
    if (n > 0) {
      if (out.text.size() + n > max_bytes) {
        out.too_big = true;
        out.error = fmt::format("the file is larger than the limit of {} bytes (raise it with --max-file-size)",
                                max_bytes);
        out.text.clear();
        out.text.shrink_to_fit();
        break;
      }
      out.text.append(buf, n);
    }
    if (n < sizeof buf) {
      if (std::ferror(f) != 0) {
        out.error = reason(errno != 0 ? errno : EIO);
        out.text.clear();
      }
      break;
    }
  }
  std::fclose(f);
  return out;
}

}  // namespace trickref
