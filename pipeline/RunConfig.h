#pragma once

#include "LlmTypes.h"

#include <Result.h>
#include <Slice.h>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

// One review run's configuration (README: "run configuration"). Defaults are
// the paper's: Left Flow, three reviewers, top-5, thresholds 4, agreement 2.
struct RunConfig
{
    SliceAlgorithm slicing = SliceAlgorithm::LeftFlow;
    int reviewers = 3;
    int topK = 5;
    int nitpickThreshold = 4; // drop when q1_nitpick <= this
    int fakeThreshold = 4;    // drop when q2_fake <= this
    int minAgreement = 2;
    bool cot = true;
    LineFormat lineFormat = LineFormat::Inline;
    QString language;         // empty: no translation
    int concurrency = 8;
    int timeoutSeconds = 120;
    int retries = 3;
    int tokenBudget = DefaultSliceTokenBudget; // per slice (estimated tokens)
    EndpointProfile reviewer;
    std::optional<EndpointProfile> metaReviewer;
    std::optional<EndpointProfile> validator;
    std::optional<EndpointProfile> translator;

    // Every field checked; the error names the field and what is wrong. An
    // unknown key is an error naming the closest known one, and so is a
    // combination that cannot work (min_agreement above reviewers, a
    // language without a translator).
    static Result<RunConfig> fromJson(const QByteArray &json);
    // An error when a role names an API-key variable that is not set (a
    // replay needs none): checked before any request is sent.
    std::optional<Error> checkApiKeys() const;
    // The configuration as JSON: environment variable names only, no keys.
    QByteArray toJson() const;
};

// For other pipelines' configurations (AACR hunk review): the same endpoint
// profile reading and unknown-key check as RunConfig's. `json`: the profile's
// JSON object; `role`: its name in messages (roles.<role>...).
Result<EndpointProfile> endpointProfileFromJson(const QByteArray &json, const QString &role);
QByteArray endpointProfileToJson(const EndpointProfile &profile);
// An error naming the first of `keys` not in `known` (and the closest known
// one), with `prefix` ("aacr.") before the names.
std::optional<Error> unknownConfigKey(const QStringList &keys, const QStringList &known, const QString &prefix);
// An error when the profile names an API-key variable that is not set.
std::optional<Error> checkApiKey(const EndpointProfile &profile, const QString &role);

} // namespace rd
