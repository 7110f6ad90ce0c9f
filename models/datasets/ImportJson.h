#pragma once

// Reading an imported JSON file, shared by the dataset parsers: the file
// parsed with a message that names the position (line, column, byte) of a
// syntax error, and the messages for a value of the wrong type. Internal to
// models/datasets.

#include "Result.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

namespace rd::importjson {

using Json = nlohmann::ordered_json;

// An Error of kind Usage: the file's content is wrong.
Error badInput(const QString &message);
// The whole file (up to MaxImportFileBytes), or where and why it is not JSON.
Result<Json> parse(const QByteArray &bytes);
// "a string", "an array", … for messages.
QString typeName(const Json &j);
// "PATH: expected EXPECTED, found TYPE".
Error wrongType(const QString &path, const QString &expected, const Json &j);

} // namespace rd::importjson
