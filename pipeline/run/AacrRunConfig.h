#pragma once

#include "AacrOptions.h"
#include "LlmTypes.h"

#include <Result.h>

#include <QByteArray>

#include <optional>

namespace rd {

struct RunConfig;

// A whole AACR run configuration, as the hunk reviewer reads it (docs,
// "AACR-Bench hunk review"):
// {"pipeline":"aacr","context":...,"roles":{"reviewer":{...},"embedding":{...}},"aacr":{...}}
// plus the client settings concurrency, timeout_s and retries.
struct AacrRunConfig
{
    AacrContext context = AacrContext::None;
    EndpointProfile reviewer;
    std::optional<EndpointProfile> embedding; // required for context "embedding"
    AacrOptions options;
    int concurrency = 4;
    int timeoutSeconds = 120;
    int retries = 3;

    // Strict: every key and value checked, an unknown key is an error naming
    // the closest known one, "embedding" context without roles.embedding is an error.
    static Result<AacrRunConfig> fromJson(const QByteArray &json);
    // The AACR settings of a run configuration whose pipeline is "aacr": its
    // context, roles, typed options and client settings, taken as they are.
    // The roles are checked as a file's would be (a configuration made in
    // code, by the run dialog, was never read).
    static Result<AacrRunConfig> fromRunConfig(const RunConfig &config);
    // The same settings as a run configuration of the common schema (what a
    // run's record holds).
    RunConfig toRunConfig() const;
    QByteArray toJson() const;
    std::optional<Error> checkApiKeys() const;
};

} // namespace rd
