#include "core/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/diag.hpp"

namespace marque::files {

namespace {

std::string why() { return std::strerror(errno); }

std::string dir_of(const std::string& p) {
  auto slash = p.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : p.substr(0, slash);
}

std::string base_of(const std::string& p) {
  auto slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// The file to write for `path`: itself, or the file its symbolic link leads to (a dangling link: the file it
// names, which is then created), so that the temporary file is made beside the real one.
std::string follow_links(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
  if (char* real = ::realpath(path.c_str(), nullptr)) {
    std::string r = real;
    std::free(real);
    return r;
  }
  std::string p = path;
  for (int depth = 0; depth < 40; ++depth) {
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::vector<char> buf(static_cast<size_t>(st.st_size > 0 ? st.st_size : 255) + 1);
    ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size());
    if (n < 0) throw Error(k_exit_cantcreat, "cannot write " + path + ": " + why());
    std::string target(buf.data(), static_cast<size_t>(n));
    p = !target.empty() && target[0] == '/' ? target : dir_of(p) + "/" + target;
  }
  throw Error(k_exit_cantcreat, "cannot write " + path + ": too many levels of symbolic links");
}

void write_all(int fd, std::string_view bytes, const std::string& name) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw Error(k_exit_ioerr, "cannot write " + name + ": " + (n < 0 ? why() : std::string("nothing written")));
    done += static_cast<size_t>(n);
  }
}

// Copy the content of file `from` into the open descriptor `to`.
void copy_into(const std::string& from, int to, const std::string& name) {
  int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) throw Error(k_exit_ioerr, "cannot read back the temporary copy of " + name + ": " + why());
  std::vector<char> buf(1 << 16);
  for (;;) {
    ssize_t n = ::read(in, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(in);
      throw Error(k_exit_ioerr, "cannot read back the temporary copy of " + name + ": " + why());
    }
    if (n == 0) break;
    try {
      write_all(to, std::string_view(buf.data(), static_cast<size_t>(n)), name);
    } catch (...) {
      ::close(in);
      throw;
    }
  }
  ::close(in);
}

struct Tmp {  // a temporary file, removed unless released
  std::string path;
  int fd = -1;
  ~Tmp() {
    if (fd >= 0) ::close(fd);
    if (!path.empty()) ::unlink(path.c_str());
  }
};

void make_tmp(Tmp& t, const std::string& dir, const std::string& base, const std::string& name) {
  std::string tmpl = dir + "/." + base + ".tmp-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  int fd = mkstemp(buf.data());  // O_CREAT | O_EXCL, mode 0600: a planted file or link is never followed
  if (fd < 0) throw Error(k_exit_cantcreat, "cannot write " + name + ": cannot create a file in " + dir + ": " + why());
  t.fd = fd;
  t.path = buf.data();
}

mode_t new_file_mode() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// Kinds of targets.
enum class Kind { absent, regular, special };

Kind inspect(const std::string& target, const std::string& name, struct stat& st) {
  if (::stat(target.c_str(), &st) != 0) {
    if (errno == ENOENT) return Kind::absent;
    throw Error(k_exit_cantcreat, "cannot write " + name + ": " + why());
  }
  if (S_ISDIR(st.st_mode))
    throw Error(k_exit_cantcreat, "cannot write " + name + ": it is a directory", "give a file name");
  if (S_ISREG(st.st_mode)) return Kind::regular;
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return Kind::special;
  throw Error(k_exit_cantcreat, "cannot write " + name + ": it is not a regular file, a character device or a pipe");
}

int open_special(const std::string& target, const std::string& name) {
  int fd = ::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) throw Error(k_exit_cantcreat, "cannot write " + name + ": " + why());
  return fd;
}

void close_checked(int& fd, const std::string& name) {
  int rc = ::close(fd);
  fd = -1;
  if (rc != 0 && errno != EINTR) throw Error(k_exit_ioerr, "cannot write " + name + ": " + why());
}

// A temporary file beside `target` holding `bytes` with `mode`, on disk and closed.
void fill_tmp(Tmp& t, const std::string& target, std::string_view bytes, mode_t mode, const std::string& name) {
  make_tmp(t, dir_of(target), base_of(target), name);
  write_all(t.fd, bytes, name);
  if (::fchmod(t.fd, mode) != 0) throw Error(k_exit_cantcreat, "cannot write " + name + ": " + why());
  if (::fsync(t.fd) != 0) throw Error(k_exit_ioerr, "cannot write " + name + ": " + why());
  close_checked(t.fd, name);
}

// The file a producer filled, given `mode` and flushed to disk.
void settle(const std::string& file, mode_t mode, const std::string& name) {
  if (::chmod(file.c_str(), mode) != 0) throw Error(k_exit_cantcreat, "cannot write " + name + ": " + why());
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    int rc = ::fsync(fd);
    ::close(fd);
    if (rc != 0) throw Error(k_exit_ioerr, "cannot write " + name + ": " + why());
  }
}

void sync_folder(const std::string& dir) {
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

// A copy of `from` as the new file `name`, created exclusively (O_EXCL: an existing entry or a planted link is
// never written); false when the name is taken.
bool copy_to_new(const std::string& from, const std::string& name) {
  int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, new_file_mode());
  if (fd < 0) {
    if (errno == EEXIST) return false;
    throw Error(k_exit_cantcreat, "cannot write " + name + ": " + why());
  }
  try {
    copy_into(from, fd, name);
    if (::fsync(fd) != 0) throw Error(k_exit_ioerr, "cannot write " + name + ": " + why());
    close_checked(fd, name);
  } catch (...) {
    if (fd >= 0) ::close(fd);
    ::unlink(name.c_str());
    throw;
  }
  return true;
}

// The temporary file t (complete, closed) takes the place of the regular file `target`.
void install(Tmp& t, const std::string& target, Kind kind, const struct stat& st, const std::string& name) {
  if (kind == Kind::regular && st.st_nlink > 1) {  // keep the hard links: rewrite the file in place
    int fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) throw Error(k_exit_cantcreat, "cannot write " + name + ": " + why());
    try {
      copy_into(t.path, fd, name);
      if (::fsync(fd) != 0 && errno != EINVAL) throw Error(k_exit_ioerr, "cannot write " + name + ": " + why());
    } catch (...) {
      ::close(fd);
      throw;
    }
    close_checked(fd, name);
    return;  // ~Tmp removes the temporary copy
  }
  if (::rename(t.path.c_str(), target.c_str()) != 0)
    throw Error(k_exit_cantcreat, "cannot write " + name + ": " + why());
  t.path.clear();
  sync_folder(dir_of(target));
}

}  // namespace

void write_output_file(const std::string& path, std::string_view bytes) {
  struct stat st {};
  Kind kind = inspect(path, path, st);
  if (kind == Kind::special) {  // opened by the name given: the kernel follows /dev/stdout, /proc/self/fd/N
    int fd = open_special(path, path);
    try {
      write_all(fd, bytes, path);
    } catch (...) {
      ::close(fd);
      throw;
    }
    close_checked(fd, path);
    return;
  }
  const std::string target = follow_links(path);
  Tmp t;
  fill_tmp(t, target, bytes, kind == Kind::regular ? (st.st_mode & 07777) : new_file_mode(), path);
  install(t, target, kind, st, path);
}

void write_file_in_folder(const std::string& dir, const std::string& name, std::string_view bytes) {
  const std::string path = dir + "/" + name;
  struct stat st {};
  const bool exists = ::lstat(path.c_str(), &st) == 0;  // the entry itself, not what a link leads to
  if (exists && S_ISDIR(st.st_mode))
    throw Error(k_exit_cantcreat, "cannot write " + path + ": it is a folder", "move it out of " + dir);
  Tmp t;
  fill_tmp(t, path, bytes, exists && S_ISREG(st.st_mode) ? (st.st_mode & 07777) : new_file_mode(), path);
  install(t, path, Kind::absent, st,
          path);  // renamed over the entry: a link or a hard link is replaced, not written through
}

void write_output_file_with(const std::string& path, const std::function<void(const std::string& tmp)>& produce) {
  struct stat st {};
  Kind kind = inspect(path, path, st);
  const std::string target = kind == Kind::special ? path : follow_links(path);
  Tmp t;
  if (kind == Kind::special) {  // the device's folder (/dev) is no place for a temporary file
    const char* tmpdir = std::getenv("TMPDIR");
    make_tmp(t, tmpdir && *tmpdir ? tmpdir : "/tmp", "marque-output", path);
  } else {
    make_tmp(t, dir_of(target), base_of(target), path);
  }
  close_checked(t.fd, path);
  produce(t.path);
  if (kind == Kind::special) {
    int fd = open_special(target, path);
    try {
      copy_into(t.path, fd, path);
    } catch (...) {
      ::close(fd);
      throw;
    }
    close_checked(fd, path);
    return;
  }
  settle(t.path, kind == Kind::regular ? (st.st_mode & 07777) : new_file_mode(), path);
  install(t, target, kind, st, path);
}

std::string write_new_file_with(const std::string& stem, const std::string& suffix,
                                const std::function<void(const std::string& tmp)>& produce) {
  const std::string first = stem + suffix;
  Tmp t;
  make_tmp(t, dir_of(first), base_of(first), first);
  close_checked(t.fd, first);
  produce(t.path);
  settle(t.path, new_file_mode(), first);
  for (int n = 1;; ++n) {
    const std::string name = n == 1 ? first : stem + "-" + std::to_string(n) + suffix;
    // link(2) makes a new name only: it fails on any existing entry (a file, a planted link) and follows none; on a
    // file system without hard links (a FAT stick) a file created exclusively takes a copy
    bool made = ::link(t.path.c_str(), name.c_str()) == 0;
    if (!made && errno != EEXIST) made = copy_to_new(t.path, name);
    if (made) {
      sync_folder(dir_of(name));
      return name;  // ~Tmp removes the temporary name
    }
    if (n >= 1000)
      throw Error(k_exit_cantcreat, "cannot write " + first + ": " + name + " and the names before it are taken");
  }
}

}  // namespace marque::files
