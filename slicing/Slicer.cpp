#include "Slicer.h"

#include "CodeModel.h"
#include "SliceRenderer.h"
#include "SourceSnapshot.h"

#include <QCoreApplication>
#include <QHash>
#include <QtConcurrent>

#include <algorithm>
#include <climits>
#include <iterator>
#include <map>
#include <set>

namespace rd {
namespace {

// The lines of one slice on the side it was sliced on, with reasons; the
// first reason given to a line stays, except that "changed" always wins.
struct LineSet
{
    QMap<int, QString> reasons;
    QList<ExternalSnippet> external;

    void add(int from, int to, const QString &reason)
    {
        for (int l = from; l <= to; ++l)
            if (!reasons.contains(l))
                reasons.insert(l, reason);
    }
    void addExternal(ExternalSnippet snippet)
    {
        for (const ExternalSnippet &e : external)
            if (e.file == snippet.file && e.from == snippet.from && e.to == snippet.to)
                return;
        external.append(std::move(snippet));
    }
};

// Bounds of the transitive traces: values followed from one slice. The
// fixed point is reached long before in ordinary functions.
constexpr int MaxTracedValues = 256;

// Where each value is written and read within one function, in order.
struct FunctionIndex
{
    QHash<QString, QList<int>> writers;
    QHash<QString, QList<int>> readers;
    int signature = -1;
};

// Algorithms 1-9 on one version of one file.
class FileSlicer
{
public:
    FileSlicer(const CodeModel &model, const QByteArray &file, SourceSnapshot *snapshot)
        : m_model(model), m_file(file), m_snapshot(snapshot)
    {
        // Traces look at one function's statements many times: index them once.
        for (int i = 0; i < m_model.statements.size(); ++i) {
            const CodeStatement &st = m_model.statements[i];
            m_byFunction[st.function].append(i);
            FunctionIndex &f = m_index[st.function];
            for (const QString &usr : st.writes)
                f.writers[usr].append(i);
            for (const QString &usr : st.reads)
                f.readers[usr].append(i);
            if (st.kind == CodeStatement::Kind::Signature)
                f.signature = i;
        }
    }

    int outsideStatements() const { return m_outside; }

    // `changedLines`: the lines to slice from; `otherChanged`: changed lines
    // of this side that other slices hold (never shown twice).
    QList<Slice> slice(const std::set<int> &changedLines, const std::set<int> &otherChanged, SliceAlgorithm algorithm, Side side)
    {
        // Algorithm 2: the statements that intersect the diff form the cache.
        std::set<int> cache;
        std::set<int> orphanLines;
        m_owner.clear();
        m_ownedLines.clear();
        m_outsideLines.clear();
        m_otherChanged = &otherChanged;
        for (int line : changedLines) {
            int s = m_model.statementAt(line);
            if (s < 0 && m_model.functionAt(line) >= 0) {
                // A comment, `} else {`, a preprocessor line, an inactive
                // #if branch, a statement clang dropped: it goes with the
                // statement around it (or the function), shown as itself.
                s = m_model.enclosingStatementAt(line);
                if (s < 0 || m_model.statements[s].function != m_model.functionAt(line))
                    s = m_index.value(m_model.functionAt(line)).signature;
                if (s >= 0 && !m_model.statements[s].closing.contains(line)) {
                    m_outsideLines.insert(line);
                    ++m_outside;
                }
            }
            if (s >= 0) {
                cache.insert(s);
                m_owner[line] = s; // statements can overlap (a lambda in a declaration): one owner per line
                m_ownedLines[s].append(line);
            } else {
                orphanLines.insert(line);
            }
        }
        QList<Slice> out;
        // Algorithm 1: take contiguous segments as seeds until the cache is empty.
        while (!cache.empty()) {
            const QList<int> seed = contiguousSegment(cache);
            out.append(generate(seed, cache, changedLines, algorithm, side));
        }
        // Changes outside any function: inside a declaration (struct, enum,
        // initializer, #define) or between them.
        while (!orphanLines.empty()) {
            const int line = *orphanLines.begin();
            Slice slice = base(algorithm, side);
            LineSet set;
            const int top = m_model.topLevelAt(line);
            int from = line, to = line;
            if (top >= 0) {
                from = m_model.topLevel[top].first;
                to = m_model.topLevel[top].last;
            } else {
                // A run of changed lines between declarations: includes, comments.
                while (orphanLines.count(to + 1) && m_model.topLevelAt(to + 1) < 0)
                    ++to;
            }
            for (auto it = orphanLines.lower_bound(from); it != orphanLines.end() && *it <= to;) {
                set.reasons.insert(*it, QStringLiteral("changed"));
                slice.seed.append(*it);
                it = orphanLines.erase(it);
            }
            if (top >= 0 && algorithm != SliceAlgorithm::OriginalDiff) {
                const CodeTopLevel &t = m_model.topLevel[top];
                set.add(t.first, t.last, t.isMacro ? QStringLiteral("in the definition of %1").arg(t.name)
                                                   : QStringLiteral("in the declaration of %1").arg(t.name));
                if (t.isMacro && algorithm == SliceAlgorithm::FullFlow) {
                    for (int use : m_model.macroUses.value(t.name))
                        set.add(use, use, QStringLiteral("uses %1").arg(t.name));
                    slice.changedMacros.append(t.name);
                }
            }
            finish(slice, set, side);
            out.append(slice);
        }
        return out;
    }

private:
    Slice base(SliceAlgorithm algorithm, Side side) const
    {
        Slice s;
        s.file = m_file;
        s.algorithm = algorithm;
        s.side = side;
        return s;
    }

    // Algorithm 4: the first cached statement and the cached ones that
    // follow it in the same function with no unchanged statement between.
    QList<int> contiguousSegment(std::set<int> &cache) const
    {
        QList<int> segment{*cache.begin()};
        cache.erase(cache.begin());
        const int function = m_model.statements[segment.first()].function;
        int next = segment.first() + 1;
        while (next < m_model.statements.size() && cache.count(next) && m_model.statements[next].function == function) {
            segment.append(next);
            cache.erase(next);
            ++next;
        }
        return segment;
    }

    // Per slice: what has been traced already, so each value is followed
    // once whatever number of statements bring it in.
    struct Trace
    {
        QSet<QString> backward, forward, written;
        QSet<int> functionsShown;
        QSet<int> included; // statements whose lines are in the slice
        int values = 0;
    };

    // Algorithm 3: grow the slice from the seed; changed statements reached
    // on the way join it and leave the cache, so none lands in two slices.
    Slice generate(const QList<int> &seed, std::set<int> &cache, const std::set<int> &changedLines, SliceAlgorithm algorithm, Side side)
    {
        Slice slice = base(algorithm, side);
        LineSet set;
        Trace trace;
        QList<int> members = seed;
        QSet<int> memberSet(seed.begin(), seed.end());
        for (int i = 0; i < members.size(); ++i) {
            const CodeStatement &st = m_model.statements[members[i]];
            // A signature that only stands for changed lines no statement
            // holds is not itself a change: the lines are shown instead.
            const bool ownLinesChanged = changedLines.lower_bound(st.first) != changedLines.end() && *changedLines.lower_bound(st.first) <= st.last;
            if (st.kind != CodeStatement::Kind::Signature || ownLinesChanged)
                for (int l = st.first; l <= st.last; ++l)
                    set.add(l, l, changedLines.count(l) ? QStringLiteral("changed") : QStringLiteral("part of a changed statement"));
            trace.included.insert(members[i]);
            QList<int> reached = expand(members[i], algorithm, set, trace);
            // Statements nested in this one (a lambda's body in a declaration) belong with it.
            const auto from = std::lower_bound(m_model.statements.begin(), m_model.statements.end(), st.first,
                                               [](const CodeStatement &s, int line) { return s.first < line; });
            for (auto it = from; it != m_model.statements.end() && it->first <= st.end; ++it)
                if (it->last <= st.end)
                    reached.append(static_cast<int>(it - m_model.statements.begin()));
            for (int joined : reached)
                if (cache.erase(joined) && !memberSet.contains(joined)) {
                    members.append(joined);
                    memberSet.insert(joined);
                }
        }
        if (algorithm == SliceAlgorithm::LeftFlow || algorithm == SliceAlgorithm::FullFlow)
            addControl(members, set, trace);
        // The seed is every changed line of the slice's changed statements;
        // a changed line is "changed" even when another reason reached it first.
        for (int member : members)
            for (int line : m_ownedLines.value(member)) {
                slice.seed.append(line);
                set.reasons.insert(line, m_outsideLines.contains(line) ? QString::fromLatin1(OutsideStatementReason) : QStringLiteral("changed"));
            }
        for (auto it = set.reasons.begin(); it != set.reasons.end();) {
            // A changed line another slice holds is reviewed there, not twice.
            const auto owner = m_owner.find(it.key());
            const bool ownedElsewhere = changedLines.count(it.key()) && (owner == m_owner.end() || !memberSet.contains(owner->second));
            if (m_otherChanged->count(it.key()) || ownedElsewhere) {
                it = set.reasons.erase(it);
                continue;
            }
            ++it;
        }
        finish(slice, set, side);
        return slice;
    }

    // Control dependence: the if/for/while/switch/case around every
    // statement of the slice, with the lines that close them; a changed
    // control structure brings the body it controls.
    void addControl(const QList<int> &members, LineSet &set, const Trace &trace)
    {
        QList<int> statements(trace.included.begin(), trace.included.end());
        std::sort(statements.begin(), statements.end());
        QSet<int> done;
        for (int member : members) {
            const CodeStatement &st = m_model.statements[member];
            if (st.kind == CodeStatement::Kind::Control)
                set.add(st.first, st.end, QStringLiteral("controlled by line %1").arg(st.first));
        }
        for (int index : statements) {
            const CodeStatement &st = m_model.statements[index];
            if (st.kind == CodeStatement::Kind::Control)
                for (int l : st.closing)
                    set.add(l, l, QStringLiteral("closes line %1").arg(st.first));
            for (int p = st.parent; p >= 0 && !done.contains(p); p = m_model.statements[p].parent) {
                done.insert(p);
                const CodeStatement &c = m_model.statements[p];
                set.add(c.first, c.last, QStringLiteral("controls line %1").arg(st.first));
                for (int l : c.closing)
                    set.add(l, l, QStringLiteral("closes line %1").arg(c.first));
            }
        }
    }

    // Sets iterate in a per-process random order: sort, so that the same
    // input always gives the same slice text (and cache and replay keys).
    static QStringList sorted(const QSet<QString> &set)
    {
        QStringList list(set.begin(), set.end());
        list.sort();
        return list;
    }

    QString nameOf(const QString &usr) const
    {
        const auto it = m_model.declarations.constFind(usr);
        return it == m_model.declarations.constEnd() ? QStringLiteral("a value") : it->name;
    }

    // The statements of `function` in order, for backward and forward traces.
    QList<int> statementsOf(int function) const
    {
        return m_byFunction.value(function);
    }

    void addDeclaration(const QString &usr, int function, LineSet &set, const QString &reason)
    {
        // A local: the statement that declares it (a parameter: the signature).
        if (function >= 0) {
            const FunctionIndex &f = m_index[function];
            for (const QHash<QString, QList<int>> *lists : {&f.writers, &f.readers})
                for (int i : lists->value(usr))
                    if (m_model.statements[i].declares.contains(usr)) {
                        set.add(m_model.statements[i].first, m_model.statements[i].last, reason);
                        return;
                    }
            if (f.signature >= 0 && m_model.statements[f.signature].declares.contains(usr)) {
                set.add(m_model.statements[f.signature].first, m_model.statements[f.signature].last, reason);
                return;
            }
        }
        const auto it = m_model.declarations.constFind(usr);
        if (it == m_model.declarations.constEnd() || it->first <= 0)
            return;
        if (it->file == m_file) {
            set.add(it->first, it->last, reason);
        } else if (!it->file.isEmpty()) {
            set.addExternal({QString::fromUtf8(it->file), it->first, it->last, reason, true,
                             m_snapshot ? m_snapshot->fileLines(it->file, it->first, it->last) : QStringList()});
        } else {
            set.addExternal({it->outsidePath, it->first, it->last, reason + QStringLiteral(" (outside the repository)"), false, {}});
        }
    }

    void include(int statement, const QString &reason, LineSet &set, Trace &trace, QList<int> &reached)
    {
        const CodeStatement &o = m_model.statements[statement];
        set.add(o.first, o.last, reason);
        trace.included.insert(statement);
        reached.append(statement);
    }

    // Backward: every write of `usr` before `position` and, transitively,
    // the writes of what those statements read (the value's history).
    void traceBackward(const QString &usr, int position, int function, LineSet &set, Trace &trace, QList<int> &reached)
    {
        QList<std::pair<QString, int>> pending{{usr, position}};
        while (!pending.isEmpty()) {
            const auto [value, before] = pending.takeFirst();
            if (trace.backward.contains(value) || ++trace.values > MaxTracedValues)
                continue;
            trace.backward.insert(value);
            const QString name = nameOf(value);
            addDeclaration(value, function, set, QStringLiteral("declares %1").arg(name));
            for (int writer : m_index[function].writers.value(value)) {
                const CodeStatement &o = m_model.statements[writer];
                if (o.first >= before)
                    continue;
                include(writer, QStringLiteral("writes %1 before the change").arg(name), set, trace, reached);
                for (const QString &read : sorted(o.reads))
                    if (!trace.backward.contains(read))
                        pending.append({read, o.first});
            }
        }
    }

    // Forward: every later statement that reads `usr` and, transitively,
    // the later readers of what those statements write.
    void traceForward(const QString &usr, int position, int function, LineSet &set, Trace &trace, QList<int> &reached)
    {
        QList<std::pair<QString, int>> pending{{usr, position}};
        while (!pending.isEmpty()) {
            const auto [value, after] = pending.takeFirst();
            if (trace.forward.contains(value) || ++trace.values > MaxTracedValues)
                continue;
            trace.forward.insert(value);
            const QString name = nameOf(value);
            for (int reader : m_index[function].readers.value(value)) {
                const CodeStatement &o = m_model.statements[reader];
                if (o.first <= after)
                    continue;
                include(reader, QStringLiteral("reads %1 after the change").arg(name), set, trace, reached);
                for (const QString &written : sorted(o.writes))
                    if (!trace.forward.contains(written))
                        pending.append({written, o.first});
            }
        }
    }

    // Algorithms 6-9 for one statement: adds its context to `set` and
    // returns the statements it reached (the caller moves cached ones in).
    QList<int> expand(int index, SliceAlgorithm algorithm, LineSet &set, Trace &trace)
    {
        const CodeStatement &st = m_model.statements[index];
        const int function = st.function;
        QList<int> reached;
        const CodeFunction *fn = function >= 0 ? &m_model.functions[function] : nullptr;

        if (algorithm == SliceAlgorithm::ParentFunction) {
            if (fn && !trace.functionsShown.contains(function)) {
                trace.functionsShown.insert(function);
                set.add(fn->first, fn->last, QStringLiteral("in %1()").arg(fn->name));
                reached = statementsOf(function);
            }
            return reached;
        }
        if (algorithm == SliceAlgorithm::OriginalDiff) {
            for (const QString &usr : sorted(st.reads + st.writes))
                if (!st.declares.contains(usr))
                    addDeclaration(usr, function, set, QStringLiteral("declares %1").arg(nameOf(usr)));
            return reached;
        }

        // Left Flow: the life of every L-value the statement writes: its
        // declaration, its other writes (and, transitively, where the values
        // they use come from), and the conditions and returns that read it.
        if (fn && !trace.functionsShown.contains(function)) {
            trace.functionsShown.insert(function);
            set.add(fn->first, fn->headerLast, QStringLiteral("enclosing function %1()").arg(fn->name));
        }
        const FunctionIndex &f = m_index[function];
        for (const QString &usr : sorted(st.writes)) {
            if (trace.written.contains(usr))
                continue;
            trace.written.insert(usr);
            const QString name = nameOf(usr);
            if (!st.declares.contains(usr))
                addDeclaration(usr, function, set, QStringLiteral("declares %1").arg(name));
            for (int other : f.writers.value(usr)) {
                if (other == index)
                    continue;
                const CodeStatement &o = m_model.statements[other];
                const bool before = o.first < st.first;
                include(other, before ? QStringLiteral("writes %1 before the change").arg(name) : QStringLiteral("writes %1 after the change").arg(name),
                        set, trace, reached);
                if (before)
                    for (const QString &read : sorted(o.reads))
                        traceBackward(read, o.first, function, set, trace, reached);
            }
            for (int other : f.readers.value(usr)) {
                const CodeStatement &o = m_model.statements[other];
                if (other != index && o.first >= st.first && (o.kind == CodeStatement::Kind::Control || o.kind == CodeStatement::Kind::Return))
                    include(other, o.kind == CodeStatement::Kind::Return ? QStringLiteral("returns %1").arg(name) : QStringLiteral("condition reads %1").arg(name),
                            set, trace, reached);
            }
        }
        if (algorithm == SliceAlgorithm::LeftFlow)
            return reached;

        // Full Flow: every value the statement reads or writes, backward to
        // where it comes from and forward to where it goes (a value both read
        // and written, n += j, included), and the callees' signatures.
        for (const QString &usr : sorted(st.reads))
            if (!st.writes.contains(usr))
                traceBackward(usr, st.first, function, set, trace, reached);
        for (const QString &usr : sorted(st.reads + st.writes))
            traceForward(usr, st.first, function, set, trace, reached);
        for (const QString &usr : sorted(st.calls))
            addDeclaration(usr, -1, set, QStringLiteral("signature of %1()").arg(nameOf(usr)));
        return reached;
    }

    void finish(Slice &slice, const LineSet &set, Side side) const
    {
        std::sort(slice.seed.begin(), slice.seed.end());
        slice.seed.erase(std::unique(slice.seed.begin(), slice.seed.end()), slice.seed.end());
        QList<int> &lines = side == Side::New ? slice.newLines : slice.oldLines;
        QMap<int, QString> &reasons = side == Side::New ? slice.newReasons : slice.oldReasons;
        lines = set.reasons.keys();
        reasons = set.reasons;
        slice.external = set.external;
    }

    const CodeModel &m_model;
    std::map<int, int> m_owner;            // changed line -> the statement it belongs to
    QHash<int, QList<int>> m_ownedLines;   // statement -> the changed lines it owns
    QSet<int> m_outsideLines;              // changed lines no statement holds
    const std::set<int> *m_otherChanged = nullptr;
    QHash<int, QList<int>> m_byFunction;   // function -> its statements, in order
    QHash<int, FunctionIndex> m_index;     // function -> who writes and reads what
    QByteArray m_file;
    SourceSnapshot *m_snapshot;
    int m_outside = 0;
};

// Changed lines of one file: added (new side) and deleted (old side), each
// deleted line with the new line it sits before.
struct FileChanges
{
    std::set<int> added;
    std::map<int, int> deletedAnchor; // old line -> new line it precedes
};

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

// Files that are not C or C++ (or did not parse): the hunk with context,
// or the block around it found from indentation and brackets.
QList<Slice> textSlices(const FileDiff &file, const QStringList &newText, SliceAlgorithm algorithm, const QString &why)
{
    QList<Slice> out;
    auto indentOf = [](const QString &line) {
        int n = 0;
        while (n < line.size() && line[n].isSpace())
            ++n;
        return n;
    };
    for (const Hunk &hunk : file.hunks) {
        Slice s;
        s.file = file.displayPath();
        s.algorithm = algorithm;
        s.fallback = true;
        s.fallbackReason = why;
        s.language = QStringLiteral("other");
        int first = INT_MAX, last = 0;
        QList<int> pendingDeleted;
        for (const DiffLine &line : hunk.lines) {
            if (line.kind == LineKind::Deleted) {
                s.oldLines.append(line.oldLine);
                s.oldReasons.insert(line.oldLine, QStringLiteral("deleted"));
                pendingDeleted.append(line.oldLine);
                continue;
            }
            for (int old : pendingDeleted)
                s.oldAnchors.insert(old, line.newLine);
            pendingDeleted.clear();
            first = std::min(first, line.newLine);
            last = std::max(last, line.newLine);
            s.newLines.append(line.newLine);
            s.newReasons.insert(line.newLine, line.kind == LineKind::Added ? QStringLiteral("changed") : QStringLiteral("context"));
            if (line.kind == LineKind::Added)
                s.seed.append(line.newLine);
        }
        if (algorithm != SliceAlgorithm::OriginalDiff && first <= last && first - 1 < newText.size()) {
            // Up to the nearest less indented line (the block's header), down
            // to where the indentation returns to it.
            int changed = s.seed.isEmpty() ? first : s.seed.first();
            const int indent = indentOf(newText.value(changed - 1));
            int header = changed;
            while (header > 1 && (newText.value(header - 1).trimmed().isEmpty() || indentOf(newText.value(header - 1)) >= indent))
                --header;
            if (header < changed && indent > 0) {
                const int headerIndent = indentOf(newText.value(header - 1));
                int end = changed;
                while (end < newText.size() && (newText.value(end).trimmed().isEmpty() || indentOf(newText.value(end)) > headerIndent))
                    ++end;
                if (end < newText.size() && indentOf(newText.value(end)) == headerIndent && QStringLiteral("})]").contains(newText.value(end).trimmed().left(1)))
                    ++end; // the closing bracket
                for (int l = header; l <= end; ++l)
                    if (!s.newReasons.contains(l)) {
                        s.newLines.append(l);
                        s.newReasons.insert(l, QStringLiteral("in the enclosing block"));
                    }
            }
        }
        for (int old : pendingDeleted)
            s.oldAnchors.insert(old, hunk.newStart + hunk.newLines);
        std::sort(s.newLines.begin(), s.newLines.end());
        s.newLines.erase(std::unique(s.newLines.begin(), s.newLines.end()), s.newLines.end());
        if (s.seed.isEmpty())
            s.seed = s.oldLines;
        out.append(s);
    }
    return out;
}

struct FileJob
{
    const FileDiff *file = nullptr;
    QList<Slice> slices;
    int parsed = 0, errors = 0, warnings = 0, outside = 0, trimmed = 0;
    QStringList failures, skipped, unreadable;
    QHash<QString, QList<int>> macroUses; // of the head version, for changed #defines elsewhere
    QStringList newText;
};

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

int firstLine(const Slice &s)
{
    return s.seed.isEmpty() ? 0 : s.seed.first();
}

// Slices whose changes are only blank lines, braces or comments cost a
// reviewer round each for nothing: they join the nearest slice of the same
// side; alone in their file they are skipped and the reason recorded.
void joinTrivialSlices(QList<Slice> &slices, const QStringList &newText, const QStringList &oldText, const QByteArray &file, QStringList &skipped,
                       std::set<int> skippedLines[2])
{
    for (qsizetype i = 0; i < slices.size();) {
        if (slices[i].fallback || !isTrivialSlice(slices[i], newText, oldText)) {
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
        } else {
            QList<int> changed = slices[i].seed;
            skippedLines[slices[i].side == Side::New ? 0 : 1].insert(changed.begin(), changed.end());
            skipped << QStringLiteral("%1 (%2): lines %3%4 (only blank lines, braces or comments changed)")
                           .arg(QString::fromUtf8(file), algorithmName(slices[i].algorithm), slices[i].side == Side::Old ? QStringLiteral("old ") : QString(), lineRanges(changed));
        }
        slices.removeAt(i);
    }
}

// A deleted line may also join a new-side slice (as deleted lines do),
// placed by the new line it sits before.
bool byAnchor(const Slice &s, Side side)
{
    return side == Side::Old && s.side == Side::New;
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

} // namespace

Result<SlicingResult> sliceMergeRequest(const MergeRequest &mr, const SliceOptions &options, const std::function<bool()> &cancelled)
{
    SlicingResult result;
    auto flags = CompileFlags::load(options.compileCommands, mr.repository.workDir());
    if (!flags)
        return flags.error();
    result.diagnostics.compileCommands = flags->fromDatabase();

    bool needsCpp = false;
    QList<FileJob> jobs;
    for (const FileDiff &file : mr.files) {
        if (file.isBinary() || file.isSubmodule())
            continue;
        FileJob job;
        job.file = &file;
        jobs.append(job);
        needsCpp = needsCpp || isCppPath(file.displayPath());
    }
    result.diagnostics.files = static_cast<int>(jobs.size());

    // Snapshots of the two commits: their trees now, file contents only as
    // the parses ask for them.
    std::shared_ptr<SourceSnapshot> head, base;
    if (needsCpp) {
        auto h = SourceSnapshot::create(mr.repository, mr.head);
        if (!h)
            return h.error();
        head = *h;
        auto b = SourceSnapshot::create(mr.repository, mr.diffBase());
        if (!b)
            return b.error();
        base = *b;
    }

    auto work = [&](FileJob &job) {
        if (cancelled && cancelled())
            return;
        const FileDiff &file = *job.file;
        // A changed file whose content cannot be read (a partial clone) is
        // skipped and named; the rest of the change is still sliced.
        QStringList texts[2];
        for (Side side : {Side::New, Side::Old}) {
            const auto content = mr.content(file, side);
            if (!content) {
                job.unreadable << QStringLiteral("%1: %2").arg(QString::fromUtf8(file.path[side]), content.error().message);
                return;
            }
            texts[side == Side::New ? 0 : 1] = textLines(*content);
        }
        const QStringList &newText = texts[0];
        const QStringList &oldText = texts[1];
        job.newText = newText;
        const FileChanges changes = changesOf(file);
        const bool cpp = isCppPath(file.displayPath());
        if (!cpp) {
            for (SliceAlgorithm a : options.algorithms)
                job.slices += textSlices(file, newText, a, QStringLiteral("not C or C++: the enclosing block instead of data flow"));
            for (Slice &s : job.slices)
                s.language = QStringLiteral("other");
            return;
        }
        // Parse each version once; all algorithms share it.
        CodeModel models[2];
        bool have[2] = {false, false};
        QString language[2];
        auto parse = [&](Side side) -> CodeModel & {
            const int i = side == Side::New ? 0 : 1;
            CodeModel &model = models[i];
            if (!have[i]) {
                have[i] = true;
                SourceSnapshot &snapshot = side == Side::New ? *head : *base;
                const QString error = snapshot.prepare(file.path[side], &job.unreadable);
                if (!error.isEmpty()) {
                    model.parseFailure = error;
                    job.failures << error;
                    return model;
                }
                language[i] = languageName(flags->languageOf(file.path[side], snapshot));
                model = buildCodeModel(snapshot, file.path[side], flags->flagsFor(file.path[side], snapshot));
                ++job.parsed;
                job.errors += model.errors;
                job.warnings += model.warnings;
                if (!model.parseFailure.isEmpty())
                    job.failures << model.parseFailure;
            }
            return model;
        };
        std::set<int> allDeleted;
        for (const auto &[old, anchor] : changes.deletedAnchor)
            allDeleted.insert(old);
        bool outsideCounted[2] = {false, false};
        for (SliceAlgorithm algorithm : options.algorithms) {
            QList<Slice> slices;
            std::set<int> unattached = allDeleted;
            if (!changes.added.empty() && file.exists(Side::New)) {
                CodeModel &model = parse(Side::New);
                if (!model.parseFailure.isEmpty()) {
                    job.slices += textSlices(file, newText, algorithm, model.parseFailure);
                    continue;
                }
                FileSlicer slicer(model, file.path[Side::New], head.get());
                slices = slicer.slice(changes.added, {}, algorithm, Side::New);
                job.macroUses = model.macroUses;
                if (!outsideCounted[0]) {
                    job.outside += slicer.outsideStatements();
                    outsideCounted[0] = true;
                }
                for (Slice &s : slices)
                    s.language = language[0];
                // Deleted lines join the slice whose changes replaced them, else
                // one that shows the lines around them: the first such slice.
                for (const bool bySeed : {true, false}) {
                    QHash<int, int> sliceAt; // new line -> first slice holding it
                    for (int i = static_cast<int>(slices.size()) - 1; i >= 0; --i)
                        for (int l : bySeed ? slices[i].seed : slices[i].newLines)
                            sliceAt.insert(l, i);
                    for (auto it = unattached.begin(); it != unattached.end();) {
                        const int anchor = changes.deletedAnchor.at(*it);
                        int target = sliceAt.value(anchor, -1);
                        if (!bySeed || changes.added.count(anchor - 1)) {
                            const int before = sliceAt.value(anchor - 1, -1);
                            if (before >= 0 && (target < 0 || before < target))
                                target = before;
                        }
                        if (target < 0) {
                            ++it;
                            continue;
                        }
                        Slice &s = slices[target];
                        s.oldLines.append(*it);
                        s.oldReasons.insert(*it, QStringLiteral("deleted"));
                        s.oldAnchors.insert(*it, anchor);
                        it = unattached.erase(it);
                    }
                }
            }
            if (!unattached.empty()) {
                CodeModel &model = parse(Side::Old);
                if (file.exists(Side::Old) && model.parseFailure.isEmpty()) {
                    std::set<int> elsewhere;
                    std::set_difference(allDeleted.begin(), allDeleted.end(), unattached.begin(), unattached.end(), std::inserter(elsewhere, elsewhere.end()));
                    FileSlicer slicer(model, file.path[Side::Old], base.get());
                    QList<Slice> old = slicer.slice(unattached, elsewhere, algorithm, Side::Old);
                    if (!outsideCounted[1]) {
                        job.outside += slicer.outsideStatements();
                        outsideCounted[1] = true;
                    }
                    for (Slice &s : old)
                        s.language = language[1];
                    slices += old;
                } else {
                    // The base could not be parsed: the deleted lines as they are.
                    Slice s;
                    s.algorithm = algorithm;
                    s.side = Side::Old;
                    s.fallback = true;
                    s.fallbackReason = model.parseFailure;
                    s.language = QStringLiteral("other");
                    for (int l : unattached) {
                        s.oldLines.append(l);
                        s.oldReasons.insert(l, QStringLiteral("deleted"));
                        s.seed.append(l);
                    }
                    slices.append(s);
                }
            }
            for (Slice &s : slices) {
                s.file = file.displayPath();
                std::sort(s.oldLines.begin(), s.oldLines.end());
                // An old-side slice marks its changed lines as deleted.
                if (s.side == Side::Old)
                    for (int l : s.seed)
                        s.oldReasons.insert(l, QStringLiteral("deleted"));
            }
            std::set<int> skippedLines[2]; // new, old: named in job.skipped already
            joinTrivialSlices(slices, newText, oldText, file.displayPath(), job.skipped, skippedLines);
            packDeclarationSlices(slices, newText, oldText, options.tokenBudget);
            for (Slice &s : slices)
                job.trimmed += fitBudget(s, newText, oldText, options.tokenBudget);
            placeEveryChangedLine(slices, changes, skippedLines, file.displayPath(), algorithm, job.skipped);
            job.slices += slices;
        }
    };
    QThreadPool pool;
    if (options.threads > 0)
        pool.setMaxThreadCount(options.threads);
    QtConcurrent::blockingMap(&pool, jobs, work);
    if (cancelled && cancelled())
        return Error{Error::Kind::Internal, QCoreApplication::translate("rd::slicing", "slicing was cancelled")};

    // Full Flow: a changed #define brings its uses in the other changed files.
    for (FileJob &job : jobs)
        for (Slice &s : job.slices)
            for (const QString &macro : s.changedMacros)
                for (const FileJob &other : jobs) {
                    if (&other == &job)
                        continue;
                    for (int use : other.macroUses.value(macro))
                        s.external.append({QString::fromUtf8(other.file->displayPath()), use, use, QStringLiteral("uses %1").arg(macro), true,
                                           {other.newText.value(use - 1)}});
                }
    for (FileJob &job : jobs) {
        // Per file: by algorithm, then by where the slice starts.
        std::stable_sort(job.slices.begin(), job.slices.end(), [](const Slice &a, const Slice &b) {
            if (a.algorithm != b.algorithm)
                return a.algorithm < b.algorithm;
            return firstLine(a) < firstLine(b);
        });
        result.slices += job.slices;
        result.diagnostics.parsed += job.parsed;
        result.diagnostics.parseErrors += job.errors;
        result.diagnostics.parseWarnings += job.warnings;
        result.diagnostics.failures += job.failures;
        result.diagnostics.outsideStatements += job.outside;
        result.diagnostics.trimmed += job.trimmed;
        result.diagnostics.skipped += job.skipped;
        result.diagnostics.unreadable += job.unreadable;
        for (const Slice &s : job.slices)
            result.diagnostics.fallbacks += s.fallback;
    }
    result.diagnostics.unreadable.removeDuplicates();
    return result;
}

} // namespace rd
