#include "SliceJson.h"

#include "SliceRenderer.h"

#include <nlohmann/json.hpp>


namespace rd {
namespace {

using Json = nlohmann::ordered_json;

Json lineList(const QList<int> &lines)
{
    Json out = Json::array();
    for (int l : lines)
        out.push_back(l);
    return out;
}

} // namespace

QByteArray slicesToJson(const SlicingResult &result, LineFormat format, const MergeRequest &mr)
{
    MergeRequestSliceRenderer renderer(mr);
    Json slices = Json::array();
    for (const Slice &s : result.slices) {
        Json j = Json::object();
        j["file"] = QString::fromUtf8(s.file).toStdString();
        j["algorithm"] = algorithmName(s.algorithm).toStdString();
        j["side"] = s.side == Side::New ? "new" : "old";
        j["language"] = s.language.toStdString();
        j["seed"] = lineList(s.seed);
        j["new_lines"] = lineList(s.newLines);
        j["old_lines"] = lineList(s.oldLines);
        Json external = Json::array();
        for (const ExternalSnippet &x : s.external)
            external.push_back({{"file", x.file.toStdString()}, {"from", x.from}, {"to", x.to}, {"reason", x.reason.toStdString()},
                                {"inside_repository", x.insideRepository}});
        j["external"] = external;
        Json reasons = Json::object();
        for (auto it = s.newReasons.begin(); it != s.newReasons.end(); ++it)
            reasons[std::to_string(it.key())] = it.value().toStdString();
        for (auto it = s.oldReasons.begin(); it != s.oldReasons.end(); ++it)
            reasons["old:" + std::to_string(it.key())] = it.value().toStdString();
        j["reasons"] = reasons;
        const QString text = renderer.render(s, format);
        j["text"] = text.toStdString();
        j["tokens"] = estimateTokens(text);
        j["omitted"] = s.omitted;
        j["fallback"] = s.fallback;
        if (s.fallback)
            j["fallback_reason"] = s.fallbackReason.toStdString();
        slices.push_back(j);
    }
    const SlicingDiagnostics &d = result.diagnostics;
    Json failures = Json::array();
    for (const QString &f : d.failures)
        failures.push_back(f.toStdString());
    auto strings = [](const QStringList &list) {
        Json out = Json::array();
        for (const QString &s : list)
            out.push_back(s.toStdString());
        return out;
    };
    Json root = {{"slices", slices},
                 {"diagnostics",
                  {{"files", d.files}, {"parsed", d.parsed}, {"parse_errors", d.parseErrors}, {"parse_warnings", d.parseWarnings},
                   {"fallbacks", d.fallbacks}, {"compile_commands", d.compileCommands}, {"failures", failures},
                   {"outside_statements", d.outsideStatements}, {"trimmed", d.trimmed}, {"skipped", strings(d.skipped)},
                   {"unreadable", strings(d.unreadable)}}}};
    const std::string text = root.dump(2);
    return QByteArray(text.data(), static_cast<qsizetype>(text.size())) + '\n';
}

QByteArray slicesToText(const SlicingResult &result, LineFormat format, const MergeRequest &mr)
{
    MergeRequestSliceRenderer renderer(mr);
    QString out;
    for (const Slice &s : result.slices) {
        const QString text = renderer.render(s, format);
        out += QStringLiteral("=== %1 slice of %2 (%3 tokens)%4\n")
                   .arg(algorithmName(s.algorithm), QString::fromUtf8(s.file))
                   .arg(estimateTokens(text))
                   .arg(s.fallback ? QStringLiteral(" — fallback: ") + s.fallbackReason : QString());
        out += text + QLatin1Char('\n');
    }
    return out.toUtf8();
}

} // namespace rd
