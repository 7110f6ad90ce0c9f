#include "FileSlicer.h"

#include "SourceSnapshot.h"

#include <algorithm>

namespace rd {

FileSlicer::FileSlicer(const CodeModel &model, const QByteArray &file, SourceSnapshot *snapshot)
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

QList<Slice> FileSlicer::slice(const std::set<int> &changedLines, const std::set<int> &otherChanged, SliceAlgorithm algorithm, Side side)
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

Slice FileSlicer::base(SliceAlgorithm algorithm, Side side) const
{
    Slice s;
    s.file = m_file;
    s.algorithm = algorithm;
    s.side = side;
    return s;
}

QList<int> FileSlicer::contiguousSegment(std::set<int> &cache) const
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

Slice FileSlicer::generate(const QList<int> &seed, std::set<int> &cache, const std::set<int> &changedLines, SliceAlgorithm algorithm, Side side)
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

void FileSlicer::addControl(const QList<int> &members, LineSet &set, const Trace &trace)
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

QStringList FileSlicer::sorted(const QSet<QString> &set)
{
    QStringList list(set.begin(), set.end());
    list.sort();
    return list;
}

QString FileSlicer::nameOf(const QString &usr) const
{
    const auto it = m_model.declarations.constFind(usr);
    return it == m_model.declarations.constEnd() ? QStringLiteral("a value") : it->name;
}

QList<int> FileSlicer::statementsOf(int function) const
{
    return m_byFunction.value(function);
}

void FileSlicer::addDeclaration(const QString &usr, int function, LineSet &set, const QString &reason)
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

void FileSlicer::include(int statement, const QString &reason, LineSet &set, Trace &trace, QList<int> &reached)
{
    const CodeStatement &o = m_model.statements[statement];
    set.add(o.first, o.last, reason);
    trace.included.insert(statement);
    reached.append(statement);
}

void FileSlicer::traceBackward(const QString &usr, int position, int function, LineSet &set, Trace &trace, QList<int> &reached)
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

void FileSlicer::traceForward(const QString &usr, int position, int function, LineSet &set, Trace &trace, QList<int> &reached)
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

QList<int> FileSlicer::expand(int index, SliceAlgorithm algorithm, LineSet &set, Trace &trace)
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

void FileSlicer::finish(Slice &slice, const LineSet &set, Side side) const
{
    std::sort(slice.seed.begin(), slice.seed.end());
    slice.seed.erase(std::unique(slice.seed.begin(), slice.seed.end()), slice.seed.end());
    QList<int> &lines = side == Side::New ? slice.newLines : slice.oldLines;
    QMap<int, QString> &reasons = side == Side::New ? slice.newReasons : slice.oldReasons;
    lines = set.reasons.keys();
    reasons = set.reasons;
    slice.external = set.external;
}

} // namespace rd
