#pragma once

// For the pipeline's own .cpp files only: nlohmann_json is a private
// dependency of rd_pipeline.
//
// What every reader of a configuration shares (the run configuration, its
// "aacr" object, an AACR run configuration): the same checks with the same
// messages for a number out of range, an unknown key, an endpoint profile.
#include "AacrOptions.h"
#include "LlmTypes.h"

#include <Result.h>

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <optional>

namespace rd::config {

using Json = nlohmann::ordered_json;

// A configuration the user must correct.
Error invalid(const QString &message);

// `key` of `j`, when given, into `out`: a whole number from `min` to `max`,
// or an error naming `prefix` + `key` ("aacr.top_k") and the range.
std::optional<Error> readInt(const Json &j, const char *key, int min, int max, int &out, const QString &prefix = {});

// An error for the first of `keys` (of `j`) not in `known`, naming the
// closest known one when it is near enough to be a typo. `prefix`:
// "thresholds.", "roles.", "aacr." before the names.
std::optional<Error> unknownKey(const Json &j, const QStringList &known, const QString &prefix);
std::optional<Error> unknownKey(const QStringList &keys, const QStringList &known, const QString &prefix);

// An endpoint profile (roles.<role>), every key and value checked; no API
// key in the file, only the name of the variable holding it.
Result<EndpointProfile> readProfile(const Json &j, const QString &role);
Json profileJson(const EndpointProfile &p);
// roles.<role>.price: {"input_per_mtok", "output_per_mtok"}, each a number
// of US dollars per million tokens, 0 or more (an embedding role may leave
// out the output price); an unknown key or a bad value is an error naming it.
Result<TokenPrice> readPrice(const Json &j, const QString &role);
Json priceJson(const TokenPrice &price);
// An error when the profile names an API-key variable that is not set.
std::optional<Error> checkApiKey(const EndpointProfile &profile, const QString &role);

// The AACR pieces (AacrOptions.cpp). "context": none, bm25, embedding or agent.
std::optional<Error> readAacrContext(const Json &value, AacrContext &out);
// An error when the context needs a role the configuration lacks: context
// "embedding" needs roles.embedding.
std::optional<Error> checkAacrRoles(AacrContext context, bool hasEmbedding);
// The "aacr" object: every key and range checked, an unknown key an error
// naming the closest known one ("aacr.top_k").
std::optional<Error> readAacrOptions(const Json &j, AacrOptions &out);
// Every option, or only those not at their default (a run record's
// configuration: a run with the defaults reads as before).
enum class Written { All, ChangedOnly };
Json aacrOptionsJson(const AacrOptions &options, Written written);

} // namespace rd::config
