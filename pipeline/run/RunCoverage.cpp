#include "RunCoverage.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <tuple>

namespace rd {

using Json = nlohmann::ordered_json;

int RunCoverage::changedLines() const
{
    int n = 0;
    for (const FileCoverage &f : files)
        n += f.changedLines();
    return n;
}

int RunCoverage::unreviewedLines() const
{
    int n = 0;
    for (const FileCoverage &f : files)
        n += f.unreviewedLines();
    return n;
}

std::optional<double> RunCoverage::ratio() const
{
    const int changed = changedLines();
    if (!recorded || changed == 0)
        return std::nullopt;
    return double(changed - unreviewedLines()) / changed;
}

const FileCoverage *RunCoverage::file(const QString &path) const
{
    for (const FileCoverage &f : files)
        if (f.path == path)
            return &f;
    return nullptr;
}

bool RunCoverage::unreviewed(const QString &path, const QString &side, int from, int to) const
{
    if (!recorded)
        return false;
    if (path.isEmpty())
        return changedLines() > 0 && reviewedLines() == 0;
    const FileCoverage *f = file(path);
    if (!f)
        return false;
    const int s = FileCoverage::sideIndex(side);
    if (from > 0) {
        const int last = std::max(from, to);
        const QList<int> &changed = f->changed[s];
        bool touches = false;
        for (auto it = std::lower_bound(changed.begin(), changed.end(), from); it != changed.end() && *it <= last; ++it) {
            touches = true;
            if (!std::binary_search(f->unreviewed[s].begin(), f->unreviewed[s].end(), *it))
                return false; // one of its changed lines was reviewed
        }
        if (touches)
            return true;
    }
    return f->changedLines() > 0 && f->unreviewedLines() == f->changedLines();
}

std::array<QHash<int, QString>, 2> RunCoverage::unreviewedReasons(const QString &path) const
{
    std::array<QHash<int, QString>, 2> out;
    const FileCoverage *f = file(path);
    if (!recorded || !f)
        return out;
    for (int s : {0, 1})
        for (int line : f->unreviewed[s]) {
            QString why;
            for (const CoverageUnit &u : units) {
                const bool holds = u.file.isEmpty() || (u.file == path && (s == 0 ? u.newLines : u.oldLines).contains(line));
                if (holds && !u.reviewed) {
                    why = QStringLiteral("%1: %2").arg(u.name, u.reason);
                    break;
                }
            }
            if (why.isEmpty())
                why = QCoreApplication::translate("rd::pipeline", "no unit of the run (slice, hunk, file) held this line: see the run's slicing diagnostics");
            out[s].insert(line, why);
        }
    return out;
}

QString lineRangesText(const QList<int> &lines)
{
    QStringList parts;
    for (qsizetype i = 0; i < lines.size();) {
        qsizetype j = i;
        while (j + 1 < lines.size() && lines[j + 1] == lines[j] + 1)
            ++j;
        parts << (j == i ? QString::number(lines[i]) : QStringLiteral("%1-%2").arg(lines[i]).arg(lines[j]));
        i = j + 1;
    }
    return parts.join(QLatin1Char(','));
}

std::optional<QList<int>> parseLineRanges(const QString &text)
{
    QList<int> out;
    if (text.trimmed().isEmpty())
        return out;
    for (const QString &part : text.split(QLatin1Char(','))) {
        const QStringList ends = part.split(QLatin1Char('-'));
        bool ok1 = false, ok2 = true;
        const int first = ends.value(0).trimmed().toInt(&ok1);
        const int last = ends.size() == 2 ? ends[1].trimmed().toInt(&ok2) : first;
        if (ends.size() > 2 || !ok1 || !ok2 || first < 1 || last < first || (!out.isEmpty() && first <= out.last()))
            return std::nullopt;
        for (int l = first; l <= last; ++l)
            out << l;
    }
    return out;
}

QByteArray RunCoverage::toJson() const
{
    Json units = Json::array();
    for (const CoverageUnit &u : this->units) {
        Json unit = {{"kind", u.kind.toStdString()}, {"name", u.name.toStdString()}, {"file", u.file.toStdString()}};
        if (!u.file.isEmpty()) {
            unit["new_lines"] = lineRangesText(u.newLines).toStdString();
            unit["old_lines"] = lineRangesText(u.oldLines).toStdString();
        }
        unit["reviewed"] = u.reviewed;
        if (!u.reviewed)
            unit["reason"] = u.reason.toStdString();
        units.push_back(unit);
    }
    Json fileList = Json::array();
    for (const FileCoverage &f : files)
        fileList.push_back({{"path", f.path.toStdString()},
                            {"changed", {{"new", lineRangesText(f.changed[0]).toStdString()}, {"old", lineRangesText(f.changed[1]).toStdString()}}},
                            {"unreviewed", {{"new", lineRangesText(f.unreviewed[0]).toStdString()}, {"old", lineRangesText(f.unreviewed[1]).toStdString()}}}});
    const Json out = {{"changed_lines", changedLines()}, {"reviewed_lines", reviewedLines()}, {"units", units}, {"files", fileList}};
    return QByteArray::fromStdString(out.dump());
}

namespace {

QString coverageText(const Json &j, const char *key)
{
    return j.is_object() && j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>()) : QString();
}

QList<int> coverageLines(const Json &j, const char *key)
{
    return parseLineRanges(coverageText(j, key)).value_or(QList<int>());
}

RunCoverage coverageOf(const Json &j)
{
    RunCoverage out;
    if (!j.is_object() || !j.contains("files") || !j["files"].is_array())
        return out;
    out.recorded = true;
    if (j.contains("units") && j["units"].is_array())
        for (const Json &u : j["units"]) {
            CoverageUnit unit;
            unit.kind = coverageText(u, "kind");
            unit.name = coverageText(u, "name");
            unit.file = coverageText(u, "file");
            unit.newLines = coverageLines(u, "new_lines");
            unit.oldLines = coverageLines(u, "old_lines");
            unit.reviewed = u.is_object() && u.contains("reviewed") && u["reviewed"].is_boolean() && u["reviewed"].get<bool>();
            unit.reason = coverageText(u, "reason");
            out.units << unit;
        }
    for (const Json &f : j["files"]) {
        FileCoverage file;
        file.path = coverageText(f, "path");
        if (!f.is_object())
            continue;
        for (const auto &[key, target] : {std::pair{"changed", &file.changed}, std::pair{"unreviewed", &file.unreviewed}})
            if (f.contains(key)) {
                (*target)[0] = coverageLines(f[key], "new");
                (*target)[1] = coverageLines(f[key], "old");
            }
        out.files << file;
    }
    return out;
}

} // namespace

RunCoverage RunCoverage::fromJson(const QByteArray &coverageJson)
{
    return coverageOf(Json::parse(coverageJson.begin(), coverageJson.end(), nullptr, false));
}

RunCoverage RunCoverage::ofStoredRun(const QByteArray &coverageJson, const QByteArray &recordJson)
{
    return coverageJson.isEmpty() ? fromRecord(recordJson) : fromJson(coverageJson);
}

RunCoverage RunCoverage::fromRecord(const QByteArray &recordJson)
{
    const Json j = Json::parse(recordJson.begin(), recordJson.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("run") || !j["run"].is_object() || !j["run"].contains("coverage"))
        return {};
    return coverageOf(j["run"]["coverage"]);
}

CoverageTally::CoverageTally(const MergeRequest &mr)
{
    for (const FileDiff &f : mr.files) {
        const QString path = QString::fromUtf8(f.displayPath());
        Changed changed;
        for (const Hunk &h : f.hunks)
            for (const DiffLine &l : h.lines) {
                if (l.kind == LineKind::Added && l.newLine > 0)
                    changed.lines[0].insert(l.newLine);
                else if (l.kind == LineKind::Deleted && l.oldLine > 0)
                    changed.lines[1].insert(l.oldLine);
            }
        if (changed.lines[0].empty() && changed.lines[1].empty())
            continue;
        if (!m_files.count(path))
            m_order << path;
        Changed &into = m_files[path];
        for (int s : {0, 1})
            into.lines[s].insert(changed.lines[s].begin(), changed.lines[s].end());
    }
}

void CoverageTally::add(const QString &kind, const QString &name, const QString &file, const QList<int> &newLines, const QList<int> &oldLines,
                        bool reviewed, const QString &reason)
{
    CoverageUnit unit{kind, name, file, {}, {}, reviewed, reviewed ? QString() : reason};
    const auto it = m_files.find(file);
    if (it != m_files.end()) {
        for (const auto &[s, lines, into] : {std::tuple{0, &newLines, &unit.newLines}, std::tuple{1, &oldLines, &unit.oldLines}}) {
            std::set<int> held;
            for (int l : *lines)
                if (it->second.lines[s].count(l))
                    held.insert(l);
            *into = QList<int>(held.begin(), held.end());
            if (reviewed)
                it->second.reviewed[s].insert(held.begin(), held.end());
        }
    }
    m_units << unit;
}

void CoverageTally::addFile(const QString &kind, const QString &name, const QString &file, bool reviewed, const QString &reason)
{
    const auto it = m_files.find(file);
    if (it == m_files.end()) {
        add(kind, name, file, {}, {}, reviewed, reason);
        return;
    }
    const std::array<std::set<int>, 2> &lines = it->second.lines;
    add(kind, name, file, QList<int>(lines[0].begin(), lines[0].end()), QList<int>(lines[1].begin(), lines[1].end()), reviewed, reason);
}

void CoverageTally::addWholeChange(const QString &kind, const QString &name, bool reviewed, const QString &reason)
{
    m_units << CoverageUnit{kind, name, {}, {}, {}, reviewed, reviewed ? QString() : reason};
    m_wholeChangeReviewed = m_wholeChangeReviewed || reviewed;
}

RunCoverage CoverageTally::result() const
{
    RunCoverage out;
    out.recorded = true;
    out.units = m_units;
    for (const QString &path : m_order) {
        const Changed &c = m_files.at(path);
        FileCoverage f;
        f.path = path;
        for (int s : {0, 1}) {
            f.changed[s] = QList<int>(c.lines[s].begin(), c.lines[s].end());
            if (m_wholeChangeReviewed)
                continue;
            for (int l : c.lines[s])
                if (!c.reviewed[s].count(l))
                    f.unreviewed[s] << l;
        }
        out.files << f;
    }
    return out;
}

} // namespace rd
