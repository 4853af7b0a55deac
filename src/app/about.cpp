// What a front end says about this build of marque (--version).
#include "app/session.hpp"
#include "storage/store.hpp"

namespace marque::app {

int schema_version() { return storage::Store::latest_schema_version(); }

}  // namespace marque::app
