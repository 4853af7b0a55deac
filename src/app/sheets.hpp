// Score sheets (sheets.cpp) as plain data for reports/ to render.
#pragma once

#include <cstdint>
#include <optional>

#include "app/session.hpp"
#include "core/sheet.hpp"

namespace marque::app {

// The sheet of one game (`game`, default the game in focus) or of every game of a night (`night`): each game's
// heading, its traditional sheet (GameRules::score_sheet), its net corrections in local time (TZ), its places and
// outcome (a night's summary). Throws Error (exit 66) for an unknown night or one without games.
sheet::Document sheets(Session& session, std::optional<int64_t> game, std::optional<int64_t> night = std::nullopt);

}  // namespace marque::app
