#pragma once

#include <Side.h>

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace rd {

// Estimated tokens a slice may hold unless a run sets its own budget.
inline constexpr int DefaultSliceTokenBudget = 8000;

// The four slicing algorithms of the defect-focused review paper (§3.2, App. G).
enum class SliceAlgorithm { OriginalDiff, ParentFunction, LeftFlow, FullFlow };

QString algorithmName(SliceAlgorithm algorithm);                 // original, parent, left, full
std::optional<SliceAlgorithm> algorithmFromName(const QString &name);
inline constexpr SliceAlgorithm AllAlgorithms[] = {SliceAlgorithm::OriginalDiff, SliceAlgorithm::ParentFunction,
                                                   SliceAlgorithm::LeftFlow, SliceAlgorithm::FullFlow};

// How line positions are given to the model (the RQ5 ablation).
enum class LineFormat { Inline, Relative, None };
std::optional<LineFormat> lineFormatFromName(const QString &name);

// Code from elsewhere that a slice pulls in: a declaration in a header, a
// callee's signature. Outside the repository it is named, not copied.
struct ExternalSnippet
{
    QString file;     // repository path, or the absolute path outside it
    int from = 0;
    int to = 0;
    QString reason;
    bool insideRepository = true;
    QStringList text; // the lines from..to (empty outside the repository)
};

// What one slice shows of one file: the lines it covers on each side, why
// each is there, and the snippets from other files.
struct Slice
{
    QByteArray file;                 // repository path (new path unless deleted)
    SliceAlgorithm algorithm = SliceAlgorithm::OriginalDiff;
    Side side = Side::New;           // the version it was sliced on
    QList<int> seed;                 // changed lines the slice grew from (on `side`)
    QList<int> newLines;             // sorted
    QList<int> oldLines;             // sorted: deleted lines (and kept lines of an old-side slice)
    QMap<int, QString> newReasons;   // line -> why it is in the slice
    QMap<int, QString> oldReasons;
    QMap<int, int> oldAnchors;       // deleted line -> the new line it stood before
    QList<ExternalSnippet> external;
    bool fallback = false;           // not C/C++, or the parser could not help
    QString fallbackReason;
    QString language;                // "c" or "c++" as parsed; "other" for a fallback
    int omitted = 0;                 // lines left out to fit the token budget
    QStringList changedMacros;       // #defines the slice changes (Full Flow adds their uses)
};

// Reasons a changed line is in a slice: shown `+` (or `-` on the old side).
inline bool isChangedReason(const QString &reason)
{
    return reason.startsWith(QLatin1String("changed"));
}
inline constexpr char OutsideStatementReason[] = "changed line outside any statement";

} // namespace rd
