#include "record/record_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include <fmt/format.h>

#include "base/io.h"
#include "base/text.h"

namespace trickref::record {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxLinks = 40;
constexpr int kBesideNames = 100;  // g.recorded.yaml, g.recorded-2.yaml, ...

// Where the links of `file` lead (the file itself when it is none), each
// relative link read from its own directory; none when they loop.
std::optional<fs::path> through_links(const fs::path& file) {
  fs::path p = file;
  for (int hops = 0; hops <= kMaxLinks; ++hops) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      return p;
    }
    std::error_code ec;
    const fs::path to = fs::read_symlink(p, ec);
    if (ec) {
      return p;
    }
    p = to.is_absolute() ? to : p.parent_path() / to;
  }
  return std::nullopt;
}

bool ends_with_json(const fs::path& p) {
  std::string ext = p.extension().string();
  for (char& c : ext) {
    c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return ext == ".json" || ext == ".jsonl";
}

}  // namespace

std::string RecordFile::open(const fs::path& file, std::string shown, std::uint64_t max_bytes) {
  shown_ = std::move(shown);
  max_bytes_ = max_bytes;
  const auto cannot = [&](std::string_view why) {
    return fmt::format("trickref record: cannot keep {}: {}\n", shown_, why);
  };
  const auto target = through_links(file);
  if (!target) {
    return cannot(reason(ELOOP));
  }
  target_ = *target;
  through_link_ = target_ != file;
  if (ends_with_json(file) || ends_with_json(target_)) {
    return cannot("trickref record writes YAML, and a .json file must stay JSON; name the record .yaml");
  }
  struct stat st {};
  const bool exists = ::stat(target_.c_str(), &st) == 0;
  if (exists) {
    if (S_ISDIR(st.st_mode)) {
      return cannot("it is a directory");
    }
    if (!S_ISREG(st.st_mode)) {
      return cannot("it is not a regular file");
    }
    // Read-only as an editor sees it: no write permission for us, or none
    // at all (which root could override, and must not).
    if ((st.st_mode & 0222U) == 0 || ::access(target_.c_str(), W_OK) != 0) {
      return cannot("it is read-only");
    }
    mode_ = st.st_mode & 07777U;
  } else if (errno != ENOENT) {
    return cannot(reason(errno));
  }
  if (std::string who = lock_.acquire(target_, "trickref record"); !who.empty()) {
    return lock_.busy()
               ? fmt::format("trickref record: {} is being kept by another session ({}); one session at a time\n",
                             shown_, printable(clip(who, 200)))
               : cannot(fmt::format("cannot lock it: {}", who));
  }
  if (exists) {
    ReadResult rr = read_file(target_, max_bytes_, Readable::kFile);
    if (!rr.error.empty()) {
      lock_.release();
      return fmt::format("trickref record: cannot read {}: {}\n", shown_, rr.error);
    }
    known_ = std::move(rr.text);
  }
  return {};
}

std::string RecordFile::save(std::string_view content) {
  // What is there now must be what this session last saw.
  std::optional<std::string> now;
  struct stat st {};
  if (::stat(target_.c_str(), &st) == 0) {
    ReadResult rr = read_file(target_, max_bytes_, Readable::kFile);
    now = rr.error.empty() ? std::optional<std::string>(std::move(rr.text)) : std::nullopt;
    if (!now) {
      now.emplace();  // unreadable: not what we saw either
      now->push_back('\0');
    }
  }
  if (now != known_) {
    changed_ = true;
    return save_beside(content);
  }
  if (std::string err = write_file_atomic(target_, content); !err.empty()) {
    return fmt::format("trickref record: cannot write {}: {}\n", shown_, err);
  }
  if (mode_) {
    (void)::chmod(target_.c_str(), *mode_);  // the record's permissions, as it had them
  }
  known_ = std::string(content);
  return {};
}

std::string RecordFile::save_beside(std::string_view content) {
  const fs::path dir = target_.parent_path();
  const std::string stem = target_.stem().string();
  const std::string ext = target_.extension().string();
  for (int i = 1; i <= kBesideNames; ++i) {
    const std::string name = i == 1 ? fmt::format("{}.recorded{}", stem, ext) : fmt::format("{}.recorded-{}{}", stem, i, ext);
    const fs::path p = dir / name;
    const int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0 && errno == EEXIST) {
      continue;
    }
    const fs::path shown_path = (through_link_ ? dir : fs::path(shown_).parent_path()) / name;
    std::string why;
    if (fd < 0) {
      why = reason(errno);
    } else {
      std::size_t done = 0;
      while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) {
          continue;
        }
        if (n <= 0) {
          why = reason(n < 0 ? errno : EIO);
          break;
        }
        done += static_cast<std::size_t>(n);
      }
      if (why.empty() && ::fsync(fd) != 0) {
        why = reason(errno);
      }
      ::close(fd);
      if (!why.empty()) {
        ::unlink(p.c_str());
      }
    }
    if (!why.empty()) {
      return fmt::format(
          "trickref record: {} was changed by another program since this session last saved it, and is left as it "
          "is; this session's record cannot be written beside it either: {}\n",
          shown_, why);
    }
    return fmt::format(
        "trickref record: {} was changed by another program since this session last saved it, and is left as it "
        "is; this session's record, with the entry just made, is in {}\n",
        shown_, printable(shown_path.string()));
  }
  return fmt::format(
      "trickref record: {} was changed by another program since this session last saved it, and is left as it is; "
      "no free name was found beside it for this session's record\n",
      shown_);
}

}  // namespace trickref::record
