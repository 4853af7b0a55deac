// Use cases: one function per command, plain values in and out, one header per area mirroring the .cpp files
// (session, games, hands, words, nights, players, import_export, league, site, check, sheets, web; what they
// share is internal.hpp). Each writing use case runs in ONE transaction: it either stores everything it was asked
// to or nothing (a Rejected is thrown with the diagnostics, and the transaction rolls back). No CLI11, no terminal
// output here, and no storage type in any of these headers: a front end holds an opaque Session (session.hpp) and
// app-owned rows. This header includes them all.
#pragma once

#include "app/check.hpp"
#include "app/games.hpp"
#include "app/hands.hpp"
#include "app/import_export.hpp"
#include "app/league.hpp"
#include "app/nights.hpp"
#include "app/players.hpp"
#include "app/session.hpp"
#include "app/sheets.hpp"
#include "app/site.hpp"
#include "app/tournament.hpp"
#include "app/tournament_play.hpp"
#include "app/web.hpp"
#include "app/words.hpp"
