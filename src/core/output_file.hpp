// The one way marque writes a file it was told to write (-o FILE, backup FILE):
//  - a regular file (new or existing) is written to a temporary file created exclusively (mkstemp, mode
//    0600) in the same folder, flushed to disk, given the existing file's mode (a new file: 0666 minus the
//    umask) and renamed over it, so a reader sees the old or the new content, never half; an existing file
//    with other hard links is rewritten in place instead, so every link keeps seeing it;
//  - a symbolic link is followed (the file it points to is written, like the shell's `>`);
//  - a character device or a FIFO (/dev/null, /dev/stdout, a named pipe) is written directly;
//  - a directory, a block device or a socket is refused (exit 73) and nothing is left behind.
// Failures throw marque::Error: 73 when the file cannot be created, 74 when writing fails (disk full ...).
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace marque::files {

void write_output_file(const std::string& path, std::string_view bytes);

// The same for a producer that needs a file name (SQLite's online backup): `produce(tmp)` fills `tmp`, an
// empty file created exclusively for it, which then takes the place of `path` as above.
void write_output_file_with(const std::string& path, const std::function<void(const std::string& tmp)>& produce);

// A page of a folder marque writes whole (marque site DIR, marque manual --dir DIR): `name` in `dir` becomes a new
// regular file put in place by rename; whatever was there under that name (a symbolic link, a file with other hard
// links, a pipe, a device) is replaced, never followed or written through, so nothing outside DIR is touched. A
// folder of that name is refused (exit 73). DIR itself is the caller's: a link named as DIR is followed.
void write_file_in_folder(const std::string& dir, const std::string& name, std::string_view bytes);

// A new file that takes no other file's place (a safety copy of a database): `produce(tmp)` fills a temporary file
// created exclusively beside it, which then gets the first free name of `stem + suffix`, `stem + "-2" + suffix`,
// `-3` ...: an existing file keeps its content and a planted link is never followed. Returns the name given.
std::string write_new_file_with(const std::string& stem, const std::string& suffix,
                                const std::function<void(const std::string& tmp)>& produce);

}  // namespace marque::files
