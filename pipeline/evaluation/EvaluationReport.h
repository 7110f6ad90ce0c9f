#pragma once

// The evaluation as `reviewdesk-cli eval` writes it: the JSON of a
// workspace's runs (per configuration and stage, the pooled figures beside
// the paper's per-run protocol) or the papers' tables as text.

#include "Evaluation.h"

#include <Result.h>

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace rd::eval {

QByteArray reportJson(const Evaluation &evaluation);
// The JSON's "references": which set the figures were measured against.
QJsonObject referenceSetJson(const ReferenceSetUsed &references);
// Every table in `format`, each under its title; only the table `onlyTable`
// when one is named (an error when the evaluation has no such table).
Result<QByteArray> tablesReport(const Evaluation &evaluation, TableFormat format, const std::optional<QString> &onlyTable = {});

} // namespace rd::eval
