// Diagnostics: user-facing problems as values (errors block a record, warnings never do), and the
// exception type that aborts a command with an exit code. No I/O, no SQLite, no CLI11 here.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/message.hpp"

namespace marque {

struct Diagnostic {
  bool error = true;
  int hand = 0;         // 1-based seq of the record it concerns; 0 = the game set-up / file
  std::string field;    // "points", "setup.players", "options.bid_ladder" ...
  std::string code;     // "<game>.points_range": the spec's code, as the case files name it
  std::string message;  // "92.5 is above 91, the most card points in a hand"
  bool info = false;    // a warning the spec calls information only (shown as a note, never as a warning)
  // The message as data (src/README.md, "Languages": refusals): a message id of `catalogue` and its arguments, so
  // that a front end says it in the reader's language. `message` stays its English text (JSON, the case files).
  // Empty for a diagnostic made from a plain English text.
  text::Message words;
  const text::Catalogue* catalogue = nullptr;  // the English catalogue that says `words` (a game's catalogue(): static)
  std::vector<std::string> suggestions;        // the closest legal words, said after the message ("did you mean")

  // The message in this thread's language (text::language()): `message` as it is in English or when there are no
  // words; otherwise `words` said by the catalogue in that language, then its suggestions.
  std::string said() const;
  // "hand 3: points: 92.5 is above 91, ..." (hand/field parts omitted when empty), in this thread's language.
  std::string text() const;
  // "points: 92.5 is above 91, ..." (no hand), in this thread's language: the diagnostic framed in another's words.
  std::string said_at_field() const;
};

class Diagnostics {
public:
  void error(std::string field, std::string code, std::string message);
  void warning(std::string field, std::string code, std::string message);
  // information only: kept with the warnings of the score document, shown as a note
  void note(std::string field, std::string code, std::string message);
  // The same with the message as data: `words` said by `english` (a game's English catalogue, which must live as
  // long as the program: its catalogue() object) is the English `message`; front ends say it in their language.
  void error(std::string field, std::string code, text::Message words, const text::Catalogue& english);
  void warning(std::string field, std::string code, text::Message words, const text::Catalogue& english);
  void note(std::string field, std::string code, text::Message words, const text::Catalogue& english);
  // An error whose words hold a text already said in this thread's language (another diagnostic framed: a CSV row's
  // refusal by the game's rules, a later hand that no longer fits; a game's result in words): `english_words` are
  // the same words with that text in English, said by `english` for the English `message`.
  void error(std::string field, std::string code, text::Message words, text::Message english_words,
             const text::Catalogue& english);
  // a diagnostic as it is (its hand number kept)
  void push(Diagnostic d) { m_items.push_back(std::move(d)); }
  bool has_errors() const;
  const std::vector<Diagnostic>& items() const { return m_items; }
  std::vector<Diagnostic> errors() const;
  std::vector<Diagnostic> warnings() const;
  // Every diagnostic added from now on is stamped with this hand number (0 = set-up).
  void set_hand(int hand) { m_hand = hand; }
  void append(const Diagnostics& other);
  void clear() { m_items.clear(); }

private:
  std::vector<Diagnostic> m_items;
  int m_hand = 0;
};

// A value echoed in a message, cut to a short prefix: at most `max` bytes (never inside a UTF-8 character)
// followed by "…" when longer.
std::string clip(const std::string& s, size_t max = 60);
// A message as Diagnostics keep it: every space-free run longer than 80 bytes (an echoed value: a number
// of a thousand digits, a 100 MB name) is clipped, and the whole to 1,000 bytes.
std::string clip_message(const std::string& message);

// Exit codes (sysexits.h values where one fits).
enum ExitCode : int {
  k_exit_ok = 0,
  k_exit_rejected = 1,
  k_exit_usage = 2,
  k_exit_dataerr = 65,
  k_exit_noinput = 66,
  k_exit_unavailable = 69,
  k_exit_software = 70,
  k_exit_cantcreat = 73,
  k_exit_ioerr = 74,
  k_exit_tempfail = 75,
};

// Aborts a command. Thrown by storage, settings and file I/O, never for a hand that fails validation
// (that is a Diagnostics value); the one catch in the CLI prints "marque: error: <what>".
class Error : public std::runtime_error {
public:
  Error(int exit_code, const std::string& message, std::string hint = {})
      : std::runtime_error(message), m_code(exit_code), m_hint(std::move(hint)) {}
  int exit_code() const { return m_code; }
  const std::string& hint() const { return m_hint; }

private:
  int m_code;
  std::string m_hint;
};

// A rejected record or file: carries the diagnostics (exit 1).
class Rejected : public Error {
public:
  explicit Rejected(Diagnostics d, const std::string& what = "rejected")
      : Error(k_exit_rejected, what), m_diags(std::move(d)) {}
  const Diagnostics& diagnostics() const { return m_diags; }

private:
  Diagnostics m_diags;
};

// A change sent again with the submission key of one already made (a phone's retry): nothing is stored again, and
// the sender is told the change is stored.
class Repeated : public Error {
public:
  explicit Repeated(const std::string& what) : Error(k_exit_ok, what) {}
};

}  // namespace marque
