// Backup (SQLite's online backup into a new file) and restore, which checks a backup like a database being
// opened, and more, before it replaces a good one.
#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "core/diag.hpp"
#include "core/language.hpp"
#include "core/output_file.hpp"
#include "storage/store_impl.hpp"

namespace marque::storage {

namespace detail {

std::string copy_database(SQLite::Database& src, const std::string& stem, const std::string& suffix) {
  return files::write_new_file_with(stem, suffix, [&](const std::string& tmp) {
    SQLite::Database dest(tmp, SQLite::OPEN_READWRITE);
    SQLite::Backup b(dest, src);
    int rc = b.executeStep(-1);
    if (rc != SQLITE_DONE)
      throw SQLite::Exception(text::tr("storage.backup.copy_incomplete", "the copy to {file} did not complete",
                                       text::Message().text("file", stem + suffix)),
                              rc);
  });
}

}  // namespace detail

namespace {

// The backup `file` opened and checked: marque's, not newer, marque's schema, PRAGMA integrity_check and every
// record's JSON; else exit 65 naming the backup (`what`), ending with `after`.
std::unique_ptr<SQLite::Database> open_checked_backup(const std::string& file, const std::string& what,
                                                      const std::string& after, detail::BusyWait& busy) {
  std::filesystem::path dir = std::filesystem::path(file).parent_path();
  bool dir_writable = ::access(dir.empty() ? "." : dir.c_str(), W_OK) == 0;
  // a backup is a closed file, read as it lies (immutable: no -wal or -shm is left beside it); one with a -wal
  // beside it is a database in use, read through its log
  std::error_code ec;
  const bool in_use = std::filesystem::exists(file + "-wal", ec);
  std::unique_ptr<SQLite::Database> src;
  try {
    src = detail::connect(file, in_use && dir_writable ? detail::Access::readonly : detail::Access::immutable, &busy);
    int version = detail::inspect(*src, what, after);
    if (version == 0)
      throw Error(k_exit_dataerr, text::tr("storage.backup.no_data", "{what} holds no marque data{after}",
                                           text::Message().text("what", what).text("after", after)));
    std::string integrity = detail::integrity_of(*src);
    if (integrity != "ok")
      throw Error(
          k_exit_dataerr,
          text::tr("storage.backup.integrity", "{what} is damaged (integrity_check: {detail}){after}",
                   text::Message().text("what", what).text("detail", detail::shown(integrity)).text("after", after)));
    std::string bad_json = "SELECT 'game ' || id FROM games WHERE NOT json_valid(setup) OR NOT json_valid(meta)";
    if (version >= 3) bad_json += " OR NOT json_valid(summary)";
    bad_json +=
        " UNION ALL SELECT 'game ' || game_id || ' hand ' || seq FROM hands WHERE NOT json_valid(record) OR NOT json_valid(score) LIMIT 1";
    SQLite::Statement q(*src, bad_json);
    if (q.executeStep())
      throw Error(
          k_exit_dataerr,
          text::tr("storage.backup.bad_json", "{what} is damaged: {where} is not valid JSON{after}",
                   text::Message().text("what", what).text("where", q.getColumn(0).getString()).text("after", after)));
  } catch (const SQLite::Exception& e) {
    if (e.getErrorCode() == SQLITE_NOTADB || e.getErrorCode() == SQLITE_CORRUPT)
      throw Error(k_exit_dataerr,
                  text::tr("storage.backup.not_sqlite", "{what} is damaged or not an SQLite file ({detail}){after}",
                           text::Message().text("what", what).text("detail", e.what()).text("after", after)));
    throw Error(k_exit_ioerr,
                text::tr("storage.backup.unreadable", "cannot read {what}: {detail}{after}",
                         text::Message().text("what", what).text("detail", e.what()).text("after", after)));
  }
  return src;
}

}  // namespace

void Store::backup_to(const std::string& file) {
  MARQUE_DB_TRY
  // a temporary file created exclusively beside FILE, then put in its place (core/output_file.hpp)
  files::write_output_file_with(file, [&](const std::string& tmp) {
    SQLite::Database dest(tmp, SQLite::OPEN_READWRITE);
    SQLite::Backup b(dest, *m->db);
    b.executeStep(-1);
  });
  MARQUE_DB_CATCH
}

std::string Store::restore_from(const std::string& file) {
  MARQUE_DB_TRY
  std::error_code ec;
  const auto kind = std::filesystem::status(file, ec).type();  // a link is followed: the file it names
  if (kind == std::filesystem::file_type::not_found)
    throw Error(k_exit_noinput,
                text::tr("storage.backup.no_file", "no backup file {file}", text::Message().text("file", file)));
  if (kind != std::filesystem::file_type::regular)  // a pipe would be waited on forever, a folder is no database
    throw Error(k_exit_noinput,
                text::tr("storage.backup.not_regular",
                         "the backup {file} is {folder, select, yes {a folder} other {not a regular file (a device, a "
                         "pipe or a socket)}}; nothing was restored",
                         text::Message()
                             .text("file", file)
                             .text("folder", kind == std::filesystem::file_type::directory ? "yes" : "no")),
                text::tr("storage.backup.not_regular.hint", "name a file made by marque backup"));
  // the backup is checked like a database being opened, and more: it is about to replace a good one
  detail::BusyWait busy{file, false, {}};
  std::unique_ptr<SQLite::Database> src = open_checked_backup(
      file, text::tr("storage.backup.the_backup", "the backup {file}", text::Message().text("file", file)),
      text::tr("storage.backup.nothing_restored", "; nothing was restored"), busy);
  // a safety copy of what is about to be replaced
  char stamp[32];
  std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", std::gmtime(&now));
  // (a second restore in the same second keeps both copies: .pre-restore-STAMP-2.bak)
  std::string safety = detail::copy_database(*m->db, m->path + ".pre-restore-" + stamp, ".bak");
  SQLite::Backup b(*m->db, *src);
  int rc = b.executeStep(-1);
  if (rc != SQLITE_DONE)
    throw SQLite::Exception(text::tr("storage.backup.restore_incomplete", "the restore did not complete"), rc);
  return safety;
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
