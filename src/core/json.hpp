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

namespace marque::json_text {
// `j.dump()`, byte for byte (compact, keys in the object's order, strings and floats as nlohmann/json writes
// them), written straight into a buffer: the texts an import stores, every record and score
std::string compact(const nlohmann::json& j);
std::string compact(const nlohmann::ordered_json& j);
}  // namespace marque::json_text
