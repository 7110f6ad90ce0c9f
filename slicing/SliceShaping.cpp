#include "SliceShaping.h"

#include "SliceRenderer.h"

#include <QCoreApplication>

#include <algorithm>
#include <climits>

namespace rd {

namespace {

// A line that says nothing on its own: blank, a brace, a comment.
bool isTrivialLine(const QString &line)
{
    const QString t = line.trimmed();
    static const QStringList braces{QStringLiteral("{"), QStringLiteral("}"), QStringLiteral("};"), QStringLiteral("},"), QStringLiteral("*/")};
    return t.isEmpty() || braces.contains(t) || t.startsWith(QLatin1String("//")) || t.startsWith(QLatin1String("/*"))
        || (t.startsWith(QLatin1Char('*')) && !t.startsWith(QLatin1String("*=")));
}

bool isTrivialSlice(const Slice &s, const QStringList &newText, const QStringList &oldText)
{
    for (auto it = s.newReasons.begin(); it != s.newReasons.end(); ++it)
        if (isChangedReason(it.value()) && !isTrivialLine(newText.value(it.key() - 1)))
            return false;
    for (auto it = s.oldReasons.begin(); it != s.oldReasons.end(); ++it)
        if ((it.value() == QLatin1String("deleted") || isChangedReason(it.value())) && !isTrivialLine(oldText.value(it.key() - 1)))
            return false;
    return true;
}

QString lineRanges(QList<int> lines)
{
    std::sort(lines.begin(), lines.end());
    QStringList out;
    for (qsizetype i = 0; i < lines.size();) {
        qsizetype j = i;
        while (j + 1 < lines.size() && lines[j + 1] == lines[j] + 1)
            ++j;
        out << (i == j ? QString::number(lines[i]) : QStringLiteral("%1-%2").arg(lines[i]).arg(lines[j]));
        i = j + 1;
    }
    return out.join(QLatin1Char(','));
}

void mergeInto(Slice &target, const Slice &from)
{
    for (auto it = from.newReasons.begin(); it != from.newReasons.end(); ++it)
        if (!target.newReasons.contains(it.key()) || isChangedReason(it.value()))
            target.newReasons.insert(it.key(), it.value());
    for (auto it = from.oldReasons.begin(); it != from.oldReasons.end(); ++it)
        if (!target.oldReasons.contains(it.key()) || it.value() == QLatin1String("deleted"))
            target.oldReasons.insert(it.key(), it.value());
    for (auto it = from.oldAnchors.begin(); it != from.oldAnchors.end(); ++it)
        target.oldAnchors.insert(it.key(), it.value());
    target.newLines = target.newReasons.keys();
    target.oldLines = target.oldReasons.keys();
    target.seed += from.seed;
    std::sort(target.seed.begin(), target.seed.end());
    target.seed.erase(std::unique(target.seed.begin(), target.seed.end()), target.seed.end());
    for (const ExternalSnippet &x : from.external)
        if (std::none_of(target.external.begin(), target.external.end(),
                         [&x](const ExternalSnippet &e) { return e.file == x.file && e.from == x.from && e.to == x.to; }))
            target.external.append(x);
}


// A deleted line may also join a new-side slice (as deleted lines do),
// placed by the new line it sits before.
bool byAnchor(const Slice &s, Side side)
{
    return side == Side::Old && s.side == Side::New;
}

} // namespace


FileChanges changesOf(const FileDiff &file)
{
    FileChanges c;
    for (const Hunk &hunk : file.hunks) {
        QList<int> pendingDeleted;
        for (const DiffLine &line : hunk.lines) {
            if (line.kind == LineKind::Added)
                c.added.insert(line.newLine);
            if (line.kind == LineKind::Deleted)
                pendingDeleted.append(line.oldLine);
            else {
                for (int old : pendingDeleted)
                    c.deletedAnchor[old] = line.newLine;
                pendingDeleted.clear();
            }
        }
        const int after = hunk.newStart + hunk.newLines;
        for (int old : pendingDeleted)
            c.deletedAnchor[old] = after;
    }
    return c;
}

int firstLine(const Slice &s)
{
    return s.seed.isEmpty() ? 0 : s.seed.first();
}

// Slices whose changes are only blank lines, braces or comments cost a
// reviewer round each for nothing: they join the nearest slice of the same
// side; alone in their file they are skipped and the reason recorded. A
// file reviewed anyway (a slice of the other side with a real change: a
// blank line added in a struct, a declaration deleted elsewhere; issue 33)
// keeps the trivial slice as a slice of its own, so its lines still reach
// the model.
void joinTrivialSlices(QList<Slice> &slices, const QStringList &newText, const QStringList &oldText, const QByteArray &file, QStringList &skipped,
                       std::set<int> skippedLines[2])
{
    QList<bool> trivial;
    for (const Slice &s : std::as_const(slices))
        trivial << (!s.fallback && isTrivialSlice(s, newText, oldText));
    const bool reviewedAnyway = trivial.contains(false);
    for (qsizetype i = 0; i < slices.size();) {
        if (!trivial[i]) {
            ++i;
            continue;
        }
        qsizetype nearest = -1;
        for (qsizetype j = 0; j < slices.size(); ++j)
            if (j != i && slices[j].side == slices[i].side && !slices[j].fallback
                && (nearest < 0 || std::abs(firstLine(slices[j]) - firstLine(slices[i])) < std::abs(firstLine(slices[nearest]) - firstLine(slices[i]))))
                nearest = j;
        if (nearest >= 0) {
            mergeInto(slices[nearest], slices[i]);
        } else if (reviewedAnyway) {
            trivial[i] = false; // stays; a trivial slice of its side may join it
            ++i;
            continue;
        } else {
            QList<int> changed = slices[i].seed;
            skippedLines[slices[i].side == Side::New ? 0 : 1].insert(changed.begin(), changed.end());
            skipped << QStringLiteral("%1 (%2): lines %3%4 (only blank lines, braces or comments changed)")
                           .arg(QString::fromUtf8(file), algorithmName(slices[i].algorithm), slices[i].side == Side::Old ? QStringLiteral("old ") : QString(), lineRanges(changed));
        }
        slices.removeAt(i);
        trivial.removeAt(i);
    }
}

// The README's promise, kept whatever the steps before did: every changed
// line of the file is a changed line of one of the algorithm's slices, or
// named in `skipped` with the reason. A line no slice holds (issue 21: a blank
// line added inside a struct of a real C header was in no Original Diff
// slice) joins the nearest slice of its side; with none, it is skipped.
void placeEveryChangedLine(QList<Slice> &slices, const FileChanges &changes, const std::set<int> skippedLines[2], const QByteArray &file,
                           SliceAlgorithm algorithm, QStringList &skipped)
{
    for (const Side side : {Side::New, Side::Old}) {
        std::set<int> changed;
        if (side == Side::New)
            changed = changes.added;
        else
            for (const auto &[old, anchor] : changes.deletedAnchor)
                changed.insert(old);
        for (const Slice &s : slices) {
            const QMap<int, QString> &reasons = side == Side::New ? s.newReasons : s.oldReasons;
            for (auto it = reasons.begin(); it != reasons.end(); ++it)
                if (isChangedReason(it.value()) || (side == Side::Old && it.value() == QLatin1String("deleted")))
                    changed.erase(it.key());
        }
        for (int line : skippedLines[side == Side::New ? 0 : 1])
            changed.erase(line);
        QList<int> unplaced;
        for (int line : changed) {
            qsizetype nearest = -1;
            int distance = INT_MAX;
            for (qsizetype j = 0; j < slices.size(); ++j) {
                const QList<int> &lines = slices[j].side == Side::New ? slices[j].newLines : slices[j].oldLines;
                if ((side == Side::New && slices[j].side != Side::New) || lines.isEmpty())
                    continue;
                const int at = byAnchor(slices[j], side) ? changes.deletedAnchor.at(line) : line;
                const int d = std::min(std::abs(lines.first() - at), std::abs(lines.last() - at));
                if (d < distance) {
                    distance = d;
                    nearest = j;
                }
            }
            if (nearest < 0) {
                unplaced << line;
                continue;
            }
            Slice &s = slices[nearest];
            (side == Side::New ? s.newReasons : s.oldReasons).insert(line, side == Side::New ? QStringLiteral("changed") : QStringLiteral("deleted"));
            if (side == Side::New)
                s.newLines = s.newReasons.keys();
            else
                s.oldLines = s.oldReasons.keys();
            if (byAnchor(s, side))
                s.oldAnchors.insert(line, changes.deletedAnchor.at(line));
            else if (!s.seed.contains(line)) {
                s.seed.append(line);
                std::sort(s.seed.begin(), s.seed.end());
            }
        }
        if (!unplaced.isEmpty())
            skipped << QStringLiteral("%1 (%2): lines %3%4 (no slice of this side to show it in)")
                           .arg(QString::fromUtf8(file), algorithmName(algorithm), side == Side::Old ? QStringLiteral("old ") : QString(), lineRanges(unplaced));
    }
}

// Adjacent slices of declarations outside functions (a generated table: one
// slice a line) join while they fit the budget, so a large added file costs
// a few reviewer rounds, not one a line.
void packDeclarationSlices(QList<Slice> &slices, const QStringList &newText, const QStringList &oldText, int budget)
{
    if (slices.size() < 2)
        return;
    auto costOf = [&](const Slice &s) {
        int cost = 0;
        for (int l : s.newLines)
            cost += estimateLineTokens(newText.value(l - 1), l);
        for (int l : s.oldLines)
            cost += estimateLineTokens(oldText.value(l - 1), l);
        return cost;
    };
    QList<Slice> out;
    int outCost = 0;
    for (Slice &s : slices) {
        const int cost = costOf(s);
        if (!out.isEmpty()) {
            Slice &last = out.last();
            const QList<int> &a = last.side == Side::New ? last.newLines : last.oldLines;
            const QList<int> &b = s.side == Side::New ? s.newLines : s.oldLines;
            const bool declarations = last.external.isEmpty() && s.external.isEmpty() && !a.isEmpty() && !b.isEmpty();
            const bool adjacent = last.side == s.side && declarations && b.first() == a.last() + 1
                && std::all_of(last.seed.begin(), last.seed.end(), [&](int l) { return l <= a.last(); });
            if (adjacent && (budget <= 0 || outCost + cost <= budget) && !last.fallback && !s.fallback && last.seed.size() + s.seed.size() > 1
                && last.seed.size() == a.size() && s.seed.size() == b.size()) {
                // `s` lies wholly after `last`: append, in order, without re-sorting.
                QList<int> &lines = last.side == Side::New ? last.newLines : last.oldLines;
                QMap<int, QString> &reasons = last.side == Side::New ? last.newReasons : last.oldReasons;
                const QMap<int, QString> &more = s.side == Side::New ? s.newReasons : s.oldReasons;
                for (auto it = more.begin(); it != more.end(); ++it) {
                    lines.append(it.key());
                    reasons.insert(reasons.end(), it.key(), it.value());
                }
                last.seed += s.seed;
                outCost += cost;
                continue;
            }
        }
        out.append(std::move(s));
        outCost = cost;
    }
    slices = std::move(out);
}

// A token budget per slice: an oversized slice keeps its changed lines and
// the context nearest to them, and counts what it left out.
bool fitBudget(Slice &slice, const QStringList &newText, const QStringList &oldText, int budget)
{
    if (budget <= 0)
        return false;
    struct Line
    {
        bool old;
        int number;
        int cost;
        int distance;
    };
    QList<Line> context;
    int cost = 0;
    QList<int> changedNew;
    for (int l : slice.newLines) {
        const int c = estimateLineTokens(newText.value(l - 1), l);
        cost += c;
        if (isChangedReason(slice.newReasons.value(l)))
            changedNew.append(l);
        else
            context.append({false, l, c, 0});
    }
    QList<int> changedOld;
    for (int l : slice.oldLines) {
        const int c = estimateLineTokens(oldText.value(l - 1), l);
        cost += c;
        const QString reason = slice.oldReasons.value(l);
        if (reason == QLatin1String("deleted") || isChangedReason(reason))
            changedOld.append(l);
        else
            context.append({true, l, c, 0});
    }
    int external = 0;
    for (const ExternalSnippet &x : slice.external)
        for (const QString &t : x.text)
            external += estimateLineTokens(t, x.to);
    if (cost + external <= budget)
        return false;
    auto distance = [](const QList<int> &sorted, int line) {
        const auto it = std::lower_bound(sorted.begin(), sorted.end(), line);
        int d = INT_MAX;
        if (it != sorted.end())
            d = *it - line;
        if (it != sorted.begin())
            d = std::min(d, line - *(it - 1));
        return d;
    };
    for (Line &l : context)
        l.distance = distance(l.old ? changedOld : changedNew, l.number);
    std::stable_sort(context.begin(), context.end(), [](const Line &a, const Line &b) { return a.distance < b.distance; });
    int kept = cost;
    for (const Line &l : context)
        kept -= l.cost;
    if (kept + external > budget)
        slice.external.clear(); // snippets from other files go first
    else
        kept += external;
    for (const Line &l : context) {
        if (kept + l.cost <= budget) {
            kept += l.cost;
            continue;
        }
        (l.old ? slice.oldReasons : slice.newReasons).remove(l.number);
        ++slice.omitted;
    }
    slice.newLines = slice.newReasons.keys();
    slice.oldLines = slice.oldReasons.keys();
    return slice.omitted > 0;
}

} // namespace rd
