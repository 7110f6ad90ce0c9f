#pragma once

#include <QJsonValue>

#include <cmath>
#include <optional>

namespace rd {

// A figure in JSON reports: rounded to two decimals, null when undefined
// (a rate over nothing is no number, not 0).
inline QJsonValue figureJson(const std::optional<double> &v)
{
    return v ? QJsonValue(std::round(*v * 100.0) / 100.0) : QJsonValue();
}

} // namespace rd
