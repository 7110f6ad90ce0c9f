#pragma once

// What a run used and what that cost: tokens per role of its configuration,
// the answers that came from the cache, a replay or a resumed run's journal
// (recorded exchanges) counted apart, and the cost at each role's price
// (roles.<role>.price, US dollars per million tokens). A recorded answer
// costs what the exchange it was recorded from cost: its tokens are the ones
// the endpoint reported then (docs/comparing.md, "Cost").

#include "LlmTypes.h"
#include "RunConfig.h"
#include "RunCoverage.h"

#include <Result.h>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

// One exchange as a record keeps it, for counting.
struct ExchangeUsage
{
    QString role;  // empty in records from before roles were written: found by model
    QString model;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    bool recorded = false; // answered from the cache, a replay or a journal
};

struct RoleUsage
{
    QString role; // the configuration's role; empty: an exchange no role's model matches
    QString model;
    int requests = 0;
    int recordedRequests = 0;
    qint64 promptTokens = 0;     // every exchange's, recorded ones included
    qint64 completionTokens = 0;
    qint64 recordedPromptTokens = 0; // of those, the recorded exchanges'
    qint64 recordedCompletionTokens = 0;
    std::optional<TokenPrice> price;

    std::optional<double> costUsd() const;
    std::optional<double> recordedCostUsd() const;
    bool usedTokens() const { return promptTokens > 0 || completionTokens > 0; }
};

struct RunUsage
{
    QList<RoleUsage> roles; // the configuration's order; roles no exchange used are left out

    qint64 promptTokens() const;
    qint64 completionTokens() const;
    qint64 recordedPromptTokens() const;
    qint64 recordedCompletionTokens() const;
    int requests() const;
    int recordedRequests() const;
    // Σ tokens × price over the roles: empty unless every role that used
    // tokens has a price (a part of the cost is not the cost).
    std::optional<double> costUsd() const;
    // The part of costUsd() that recorded exchanges account for.
    std::optional<double> recordedCostUsd() const;
    // Roles that used tokens without a price.
    QStringList unpricedRoles() const;
    bool fromRecordedExchanges() const { return recordedRequests() > 0; }
};

// The usage of `exchanges` under `config`'s roles and prices. An exchange
// without a role is counted under the first role whose model is its model.
RunUsage usageOf(const RunConfig &config, const QList<ExchangeUsage> &exchanges);
RunUsage usageOf(const RunConfig &config, const QList<Exchange> &exchanges);
// The usage of a stored run from its record JSON (RunRecord::toJson): the
// configuration's prices and every exchange's tokens. An error when the
// record is not one.
Result<RunUsage> usageOfRecord(const QByteArray &recordJson);
// What a stored run's record says of its usage and its coverage, read in
// one pass (a record can be large: every prompt and answer is in it).
struct RecordFigures
{
    RunUsage usage;
    RunCoverage coverage;
};
Result<RecordFigures> figuresOfRecord(const QByteArray &recordJson);
// {"prompt_tokens", "completion_tokens", "recorded_prompt_tokens", ...,
// "cost_usd" (null without every price), "roles": [...]}: the record's "usage".
QByteArray usageJson(const RunUsage &usage);

} // namespace rd
