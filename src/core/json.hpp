// nlohmann/json for the code that reads or writes JSON text. Include this, never <nlohmann/json.hpp> itself
// (headers that only name the types include <nlohmann/json_fwd.hpp>).
//
// Why: parsing and printing JSON instantiate the library's lexer, parser and serializer, about 1.5 s of compile
// time in every unit that calls json::parse and 0.4 s in every unit that calls dump(). The declarations below say
// that those classes are instantiated once, in core/json.cpp, for the inputs marque parses (json and ordered_json
// from a std::string or a char buffer, json from a stream too); the other units only call them. A use with another
// input kind still compiles (it instantiates its own copy). The precompiled headers include this file.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace marque::json_instances {
using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;
using StringInput = nlohmann::detail::iterator_input_adapter<std::string::const_iterator>;
using BufferInput = nlohmann::detail::iterator_input_adapter<const char*>;
using StreamInput = nlohmann::detail::input_stream_adapter;
}  // namespace marque::json_instances

#define MARQUE_JSON_INSTANCES(EXTERN)                                                      \
  EXTERN template class nlohmann::detail::serializer<marque::json_instances::Json>;        \
  EXTERN template class nlohmann::detail::serializer<marque::json_instances::OrderedJson>; \
  MARQUE_JSON_READER(EXTERN, Json, StringInput)                                            \
  MARQUE_JSON_READER(EXTERN, Json, BufferInput)                                            \
  MARQUE_JSON_READER(EXTERN, Json, StreamInput)                                            \
  MARQUE_JSON_READER(EXTERN, OrderedJson, StringInput)                                     \
  MARQUE_JSON_READER(EXTERN, OrderedJson, BufferInput)

#define MARQUE_JSON_READER(EXTERN, J, In)                                                               \
  EXTERN template class nlohmann::detail::lexer<marque::json_instances::J, marque::json_instances::In>; \
  EXTERN template class nlohmann::detail::parser<marque::json_instances::J, marque::json_instances::In>;

MARQUE_JSON_INSTANCES(extern)

namespace marque {
// Empty `j` leaves first, each container cleared after its children: the same memory freed as by `j`'s destructor,
// with about a third fewer instructions for a document of objects a few levels deep (a score document, a game
// file): nlohmann/json's own destruction moves every container's children into a vector on the heap first (so that
// no depth can overflow the stack). Below `depth_left` levels the rest is left to that destruction.
template <class J>
void release_json(J& j, int depth_left = 16) noexcept {
  if (depth_left <= 0) return;
  if (j.is_object()) {
    auto& m = j.template get_ref<typename J::object_t&>();
    for (auto& kv : m) release_json(kv.second, depth_left - 1);
    m.clear();
  } else if (j.is_array()) {
    auto& a = j.template get_ref<typename J::array_t&>();
    for (auto& x : a) release_json(x, depth_left - 1);
    a.clear();
  }
}
}  // namespace marque

namespace marque::json_text {
// `j.dump()`, byte for byte (compact, keys in the object's order, strings and floats as nlohmann/json writes
// them), written straight into a buffer: the texts an import stores, every record and score
std::string compact(const nlohmann::json& j);
std::string compact(const nlohmann::ordered_json& j);
}  // namespace marque::json_text
