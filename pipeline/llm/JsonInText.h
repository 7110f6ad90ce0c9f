#pragma once

// For the pipeline's own .cpp files only: nlohmann_json is a private
// dependency of rd_pipeline.
#include <nlohmann/json.hpp>

#include <QList>
#include <QString>

namespace rd {

// Every balanced {...} or [...] in a model's reply that parses as JSON,
// outermost first (code fences and prose around them are skipped).
QList<nlohmann::json> jsonValuesIn(const QString &text);

} // namespace rd
