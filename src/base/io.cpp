#include "base/io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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
  if (std::filesystem::is_character_file(status) || std::filesystem::is_block_file(status) ||
      std::filesystem::is_socket(status)) {
    out.error = "is a device or socket, not a file";  // pipes are read: <(command) works
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

std::string write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  if (path.empty()) {
    return "no file name";
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return "is a directory";
  }
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  // Built by appending: GCC 12's -Wrestrict misfires at -O3 on "." + std::string&&.
  std::string name = ".";
  name += path.filename().string();
  name += ".tmp-XXXXXX";
  std::string tmpl = (dir / name).string();
  const int fd = mkstemp(tmpl.data());
  if (fd < 0) {
    return reason(errno);
  }
  // mkstemp makes the file private (0600); a report is an ordinary file.
  const mode_t mask = umask(0);
  umask(mask);
  int err = fchmod(fd, 0666 & ~mask) == 0 ? 0 : errno;
  std::size_t done = 0;
  while (err == 0 && done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno != EINTR) {
        err = errno;
      }
      continue;
    }
    done += static_cast<std::size_t>(n);
  }
  if (err == 0 && fsync(fd) != 0) {
    err = errno;
  }
  if (close(fd) != 0 && err == 0) {
    err = errno;
  }
  if (err == 0 && std::rename(tmpl.c_str(), path.c_str()) != 0) {
    err = errno;
  }
  if (err != 0) {
    std::remove(tmpl.c_str());
    return reason(err);
  }
  return {};
}

}  // namespace trickref
