#pragma once

// Which changed lines of a merge request reached a model in a run. Every
// pipeline shows the model its change in units — the defect pipeline a
// slice, CQS a file, AACR-Bench a hunk (or, its whole-PR agent, the whole
// diff), CodeAgent the whole diff per task — and a unit whose requests all
// failed after their retries (or whose answers could not be read, or that the
// run never reached because it was cancelled) leaves its lines unreviewed.
// A changed line is reviewed when at least one unit holding it was; a line in
// no unit at all (slicing left it out) is unreviewed too. Coverage is
// reviewed / changed lines (docs/comparing.md, "Coverage").

#include <MergeRequest.h>

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <array>
#include <map>
#include <optional>
#include <set>

namespace rd {

// One unit of review as the run showed it to a model.
struct CoverageUnit
{
    QString kind; // slice, file, hunk, diff (every file), task (every file, one CodeAgent task)
    QString name; // "src/a.cpp slice 3", "src/a.cpp hunk 2", "consistency"
    QString file; // empty: every file of the change
    QList<int> newLines; // the changed lines it held, sorted (a whole-diff unit: none listed)
    QList<int> oldLines;
    bool reviewed = false;
    QString reason; // not reviewed: why ("the request failed: HTTP 500 after 4 attempts")
};

// A file's changed lines and those of them no model saw, per side
// ([0] new: added lines, [1] old: deleted lines).
struct FileCoverage
{
    QString path; // as people know it: the new path unless the file was deleted
    std::array<QList<int>, 2> changed;
    std::array<QList<int>, 2> unreviewed;

    // "old"/"left": 1; "new"/"right" (or none): 0.
    static int sideIndex(const QString &side)
    {
        return side.compare(QLatin1String("old"), Qt::CaseInsensitive) == 0 || side.compare(QLatin1String("left"), Qt::CaseInsensitive) == 0 ? 1 : 0;
    }
    int changedLines() const { return static_cast<int>(changed[0].size() + changed[1].size()); }
    int unreviewedLines() const { return static_cast<int>(unreviewed[0].size() + unreviewed[1].size()); }
};

struct RunCoverage
{
    bool recorded = false; // false: a run recorded before coverage was (nothing is known)
    QList<CoverageUnit> units;
    QList<FileCoverage> files; // every file with changed lines, in the diff's order

    int changedLines() const;
    int unreviewedLines() const;
    int reviewedLines() const { return changedLines() - unreviewedLines(); }
    // reviewed / changed lines; empty when nothing is known or nothing changed.
    std::optional<double> ratio() const;
    const FileCoverage *file(const QString &path) const;
    // Whether a place (a reference, a comment) lies in lines no model saw:
    // the changed lines of `from`..`to` on `side` when it touches any, all of
    // them unreviewed; a place on unchanged lines (or without lines) when
    // every changed line of its file was unreviewed; a place without a file
    // when no changed line was reviewed. A file the change does not touch is
    // never unreviewed, and nothing is when coverage was not recorded.
    bool unreviewed(const QString &path, const QString &side, int from, int to) const;
    // Why each unreviewed line of `path` went unseen ([0] new, [1] old): the
    // unit that held it and why no model saw it, or that no unit held it.
    std::array<QHash<int, QString>, 2> unreviewedReasons(const QString &path) const;

    // The record's "coverage" object (compact line ranges, "3-5,9"), and back.
    QByteArray toJson() const;
    // From a run record's JSON (RunRecord::toJson); not recorded when it has none.
    static RunCoverage fromRecord(const QByteArray &recordJson);
    static RunCoverage fromJson(const QByteArray &coverageJson);
    // A stored run's: the copy the workspace keeps beside the record, else the record's.
    static RunCoverage ofStoredRun(const QByteArray &coverageJson, const QByteArray &recordJson);
};

// Built by a pipeline: every changed line of the merge request, then the
// units it showed a model as they finish. Not thread-safe: add units from
// one thread (pipelines add them once their workers are done).
class CoverageTally
{
public:
    explicit CoverageTally(const MergeRequest &mr);

    // A unit of one file: `newLines`/`oldLines` may hold unchanged lines too
    // (a slice's context); only the changed ones count.
    void add(const QString &kind, const QString &name, const QString &file, const QList<int> &newLines, const QList<int> &oldLines, bool reviewed,
             const QString &reason = {});
    // A unit that showed every changed line of one file.
    void addFile(const QString &kind, const QString &name, const QString &file, bool reviewed, const QString &reason = {});
    // A unit that showed the whole change (every file).
    void addWholeChange(const QString &kind, const QString &name, bool reviewed, const QString &reason = {});
    RunCoverage result() const;

private:
    struct Changed
    {
        std::array<std::set<int>, 2> lines;
        std::array<std::set<int>, 2> reviewed;
    };
    QList<QString> m_order;
    std::map<QString, Changed> m_files;
    QList<CoverageUnit> m_units;
    bool m_wholeChangeReviewed = false;
};

// "3-5,9" for {3, 4, 5, 9}; empty for none.
QString lineRangesText(const QList<int> &sortedLines);
// The lines of such a text; empty when it is not one.
std::optional<QList<int>> parseLineRanges(const QString &text);

} // namespace rd
