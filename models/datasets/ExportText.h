#pragma once

#include <QString>

#include <string>

namespace rd {

// The exports write their JSON through nlohmann_json, which holds UTF-8.
inline std::string utf8(const QString &s)
{
    return s.toStdString();
}

} // namespace rd
