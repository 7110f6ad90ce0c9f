#include "DiffJson.h"

#include <nlohmann/json.hpp>

namespace rd {
namespace {

using Json = nlohmann::ordered_json;

void putBytes(Json &object, const char *key, const QByteArray &bytes)
{
    if (QByteArrayView(bytes).isValidUtf8()) {
        object[key] = std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        return;
    }
    object[key] = QString::fromUtf8(bytes).toStdString();
    object[std::string(key) + "_base64"] = bytes.toBase64().toStdString();
}

Json lineNumber(int n)
{
    return n > 0 ? Json(n) : Json(nullptr);
}

Json modeJson(quint32 mode)
{
    return mode ? Json(QByteArray::number(mode, 8).rightJustified(6, '0').toStdString()) : Json(nullptr);
}

Json fileJson(const FileDiff &file)
{
    Json f = Json::object();
    if (file.exists(Side::Old))
        putBytes(f, "old_path", file.path[Side::Old]);
    else
        f["old_path"] = nullptr;
    if (file.exists(Side::New))
        putBytes(f, "new_path", file.path[Side::New]);
    else
        f["new_path"] = nullptr;
    f["status"] = statusName(file.status);
    f["similarity"] = file.status == FileStatus::Renamed || file.status == FileStatus::Copied ? Json(file.similarity) : Json(nullptr);
    f["binary"] = file.isBinary();
    f["submodule"] = file.isSubmodule();
    f["old_mode"] = modeJson(file.mode[Side::Old]);
    f["new_mode"] = modeJson(file.mode[Side::New]);
    f["old_blob"] = file.exists(Side::Old) ? Json(file.blob[Side::Old].toHex().toStdString()) : Json(nullptr);
    f["new_blob"] = file.exists(Side::New) ? Json(file.blob[Side::New].toHex().toStdString()) : Json(nullptr);
    f["additions"] = file.additions;
    f["deletions"] = file.deletions;
    Json hunks = Json::array();
    for (const Hunk &hunk : file.hunks) {
        Json h = Json::object();
        h["old_start"] = hunk.oldStart;
        h["old_lines"] = hunk.oldLines;
        h["new_start"] = hunk.newStart;
        h["new_lines"] = hunk.newLines;
        putBytes(h, "header", hunk.header);
        Json lines = Json::array();
        for (const DiffLine &line : hunk.lines) {
            Json l = Json::object();
            l["kind"] = line.kind == LineKind::Added ? "add" : line.kind == LineKind::Deleted ? "del" : "context";
            l["old"] = lineNumber(line.oldLine);
            l["new"] = lineNumber(line.newLine);
            putBytes(l, "text", line.text);
            if (line.missingNewline)
                l["no_newline"] = true;
            lines.push_back(std::move(l));
        }
        h["lines"] = std::move(lines);
        hunks.push_back(std::move(h));
    }
    f["hunks"] = std::move(hunks);
    return f;
}

} // namespace

QByteArray mergeRequestToJson(const MergeRequest &mr, bool indented)
{
    Json root = Json::object();
    root["base"] = mr.base.toHex().toStdString();
    root["head"] = mr.head.toHex().toStdString();
    root["merge_base"] = mr.mergeBase.isNull() ? Json(nullptr) : Json(mr.mergeBase.toHex().toStdString());
    root["diff_base"] = mr.diffBase().toHex().toStdString();
    root["title"] = mr.title.toStdString();
    root["description"] = mr.description.toStdString();
    root["additions"] = mr.additions();
    root["deletions"] = mr.deletions();
    Json files = Json::array();
    for (const FileDiff &file : mr.files)
        files.push_back(fileJson(file));
    root["files"] = std::move(files);
    const std::string text = root.dump(indented ? 2 : -1);
    QByteArray out(text.data(), static_cast<qsizetype>(text.size()));
    out.append('\n');
    return out;
}

} // namespace rd
