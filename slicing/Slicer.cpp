#include "Slicer.h"

#include "CodeModel.h"
#include "SliceRenderer.h"
#include "SourceSnapshot.h"

#include <QCoreApplication>
#include <QHash>
#include <QtConcurrent>

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

// Algorithms 1-9 on one version of one file.
class FileSlicer
{
public:
    FileSlicer(const CodeModel &model, const QByteArray &file, const SourceSnapshot *snapshot)
        : m_model(model), m_file(file), m_snapshot(snapshot)
    {
        // Traces look at one function's statements many times: index them once.
        for (int i = 0; i < m_model.statements.size(); ++i)
            m_byFunction[m_model.statements[i].function].append(i);
    }

    QList<Slice> slice(const std::set<int> &changedLines, SliceAlgorithm algorithm, Side side)
    {
        // Algorithm 2: the statements that intersect the diff form the cache.
        std::set<int> cache;
        std::set<int> orphanLines;
        m_owner.clear();
        for (int line : changedLines) {
            int s = m_model.statementAt(line);
            if (s < 0 && m_model.functionAt(line) >= 0)
                s = signatureOf(m_model.functionAt(line)); // a brace or blank line of a function
            if (s >= 0) {
                cache.insert(s);
                m_owner[line] = s; // statements can overlap (a lambda in a declaration): one owner per line
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
        // Changes outside any statement: inside a declaration (struct,
        // global) or between them.
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
            for (auto it = orphanLines.begin(); it != orphanLines.end();) {
                if (*it >= from && *it <= to) {
                    set.reasons.insert(*it, QStringLiteral("changed"));
                    slice.seed.append(*it);
                    it = orphanLines.erase(it);
                } else {
                    ++it;
                }
            }
            if (top >= 0 && algorithm != SliceAlgorithm::OriginalDiff)
                set.add(m_model.topLevel[top].first, m_model.topLevel[top].last,
                        QStringLiteral("in the declaration of %1").arg(m_model.topLevel[top].name));
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

    int signatureOf(int function) const
    {
        for (int i : statementsOf(function))
            if (m_model.statements[i].kind == CodeStatement::Kind::Signature)
                return i;
        return -1;
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

    // Algorithm 3: grow the slice from the seed; changed statements reached
    // on the way join it and leave the cache, so none lands in two slices.
    Slice generate(const QList<int> &seed, std::set<int> &cache, const std::set<int> &changedLines, SliceAlgorithm algorithm, Side side)
    {
        Slice slice = base(algorithm, side);
        LineSet set;
        QList<int> members = seed;
        for (int i = 0; i < members.size(); ++i) {
            const CodeStatement &st = m_model.statements[members[i]];
            for (int l = st.first; l <= st.last; ++l)
                set.add(l, l, changedLines.count(l) ? QStringLiteral("changed") : QStringLiteral("part of a changed statement"));
            QList<int> reached = expand(members[i], algorithm, set);
            // Statements nested in this one (a lambda's body in a declaration) belong with it.
            for (int other = 0; other < m_model.statements.size(); ++other)
                if (m_model.statements[other].first >= st.first && m_model.statements[other].last <= st.end)
                    reached.append(other);
            for (int joined : reached)
                if (cache.erase(joined))
                    members.append(joined);
        }
        // The seed is every changed line of the slice's changed statements;
        // a changed line is "changed" even when another reason reached it first.
        for (const auto &[line, owner] : m_owner)
            if (members.contains(owner))
                slice.seed.append(line);
        for (auto it = set.reasons.begin(); it != set.reasons.end(); ++it)
            if (changedLines.count(it.key()))
                it.value() = QStringLiteral("changed");
        finish(slice, set, side);
        return slice;
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
        if (function >= 0)
            for (int i : statementsOf(function))
                if (m_model.statements[i].declares.contains(usr)) {
                    set.add(m_model.statements[i].first, m_model.statements[i].last, reason);
                    return;
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

    // Algorithms 6-9 for one statement: adds its context to `set` and
    // returns the statements it reached (the caller moves cached ones in).
    QList<int> expand(int index, SliceAlgorithm algorithm, LineSet &set)
    {
        const CodeStatement &st = m_model.statements[index];
        const int function = st.function;
        QList<int> reached;
        const CodeFunction *fn = function >= 0 ? &m_model.functions[function] : nullptr;

        if (algorithm == SliceAlgorithm::ParentFunction) {
            if (fn) {
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

        // Left Flow: the life of every L-value the statement writes.
        if (fn)
            set.add(fn->first, fn->headerLast, QStringLiteral("enclosing function %1()").arg(fn->name));
        const QList<int> order = statementsOf(function);
        for (const QString &usr : sorted(st.writes)) {
            const QString name = nameOf(usr);
            if (!st.declares.contains(usr))
                addDeclaration(usr, function, set, QStringLiteral("declares %1").arg(name));
            for (int other : order) {
                if (other == index)
                    continue;
                const CodeStatement &o = m_model.statements[other];
                const bool before = o.first < st.first;
                if (o.writes.contains(usr)) {
                    set.add(o.first, o.last, before ? QStringLiteral("writes %1 before the change").arg(name)
                                                    : QStringLiteral("writes %1 after the change").arg(name));
                    reached.append(other);
                } else if (!before && o.reads.contains(usr) && (o.kind == CodeStatement::Kind::Control || o.kind == CodeStatement::Kind::Return)) {
                    set.add(o.first, o.last, o.kind == CodeStatement::Kind::Return ? QStringLiteral("returns %1").arg(name)
                                                                                   : QStringLiteral("condition reads %1").arg(name));
                    reached.append(other);
                }
            }
        }
        if (algorithm == SliceAlgorithm::LeftFlow)
            return reached;

        // Full Flow: R-values backward and forward, and callee signatures.
        for (const QString &usr : sorted(st.reads)) {
            if (st.writes.contains(usr))
                continue;
            const QString name = nameOf(usr);
            addDeclaration(usr, function, set, QStringLiteral("declares %1").arg(name));
            for (int other : order) {
                if (other == index)
                    continue;
                const CodeStatement &o = m_model.statements[other];
                if (o.first < st.first && o.writes.contains(usr)) {
                    set.add(o.first, o.last, QStringLiteral("writes %1 before the change").arg(name));
                    reached.append(other);
                } else if (o.first > st.first && o.reads.contains(usr)) {
                    set.add(o.first, o.last, QStringLiteral("reads %1 after the change").arg(name));
                    reached.append(other);
                }
            }
        }
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
    std::map<int, int> m_owner; // changed line -> the statement it belongs to
    QHash<int, QList<int>> m_byFunction; // function -> its statements, in order
    QByteArray m_file;
    const SourceSnapshot *m_snapshot;
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
    int parsed = 0, errors = 0, warnings = 0;
    QStringList failures;
};

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
        jobs.append({&file, {}, 0, 0, 0, {}});
        needsCpp = needsCpp || isCppPath(file.displayPath());
    }
    result.diagnostics.files = static_cast<int>(jobs.size());

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
        const auto newContent = mr.content(file, Side::New);
        const QStringList newText = textLines(newContent ? *newContent : QByteArray());
        const FileChanges changes = changesOf(file);
        const bool cpp = isCppPath(file.displayPath());
        if (!cpp) {
            for (SliceAlgorithm a : options.algorithms)
                job.slices += textSlices(file, newText, a, QStringLiteral("not C or C++: the enclosing block instead of data flow"));
            return;
        }
        // Parse each version once; all algorithms share it.
        CodeModel newModel, oldModel;
        bool haveNew = false, haveOld = false;
        auto parse = [&](Side side) -> CodeModel & {
            bool &have = side == Side::New ? haveNew : haveOld;
            CodeModel &model = side == Side::New ? newModel : oldModel;
            if (!have) {
                const SourceSnapshot &snapshot = side == Side::New ? *head : *base;
                model = buildCodeModel(snapshot, file.path[side], flags->flagsFor(file.path[side], snapshot));
                have = true;
                ++job.parsed;
                job.errors += model.errors;
                job.warnings += model.warnings;
                if (!model.parseFailure.isEmpty())
                    job.failures << model.parseFailure;
            }
            return model;
        };
        for (SliceAlgorithm algorithm : options.algorithms) {
            QList<Slice> slices;
            std::set<int> unattached;
            for (const auto &[old, anchor] : changes.deletedAnchor)
                unattached.insert(old);
            if (!changes.added.empty() && file.exists(Side::New)) {
                CodeModel &model = parse(Side::New);
                if (!model.parseFailure.isEmpty()) {
                    job.slices += textSlices(file, newText, algorithm, model.parseFailure);
                    continue;
                }
                slices = FileSlicer(model, file.path[Side::New], head.get()).slice(changes.added, algorithm, Side::New);
                // Deleted lines join the slice whose changes replaced them, else
                // one that shows the lines around them.
                for (const bool bySeed : {true, false}) {
                    for (Slice &s : slices) {
                        const QList<int> &around = bySeed ? s.seed : s.newLines;
                        for (const auto &[old, anchor] : changes.deletedAnchor) {
                            const bool replaced = around.contains(anchor) || (around.contains(anchor - 1) && (!bySeed || changes.added.count(anchor - 1)));
                            if (!unattached.count(old) || !replaced)
                                continue;
                            s.oldLines.append(old);
                            s.oldReasons.insert(old, QStringLiteral("deleted"));
                            s.oldAnchors.insert(old, anchor);
                            unattached.erase(old);
                        }
                    }
                }
            }
            if (!unattached.empty() && file.exists(Side::Old)) {
                CodeModel &model = parse(Side::Old);
                if (model.parseFailure.isEmpty())
                    slices += FileSlicer(model, file.path[Side::Old], base.get()).slice(unattached, algorithm, Side::Old);
            }
            for (Slice &s : slices) {
                s.file = file.displayPath();
                std::sort(s.oldLines.begin(), s.oldLines.end());
                // An old-side slice marks its changed lines as deleted.
                if (s.side == Side::Old)
                    for (int l : s.seed)
                        s.oldReasons.insert(l, QStringLiteral("deleted"));
            }
            job.slices += slices;
        }
    };
    QThreadPool pool;
    if (options.threads > 0)
        pool.setMaxThreadCount(options.threads);
    QtConcurrent::blockingMap(&pool, jobs, work);
    if (cancelled && cancelled())
        return Error{Error::Kind::Internal, QCoreApplication::translate("rd::slicing", "slicing was cancelled")};

    for (FileJob &job : jobs) {
        // Per file: by algorithm, then by where the slice starts.
        std::stable_sort(job.slices.begin(), job.slices.end(), [](const Slice &a, const Slice &b) {
            if (a.algorithm != b.algorithm)
                return a.algorithm < b.algorithm;
            const int af = a.seed.isEmpty() ? 0 : a.seed.first(), bf = b.seed.isEmpty() ? 0 : b.seed.first();
            return af < bf;
        });
        result.slices += job.slices;
        result.diagnostics.parsed += job.parsed;
        result.diagnostics.parseErrors += job.errors;
        result.diagnostics.parseWarnings += job.warnings;
        result.diagnostics.failures += job.failures;
        for (const Slice &s : job.slices)
            result.diagnostics.fallbacks += s.fallback;
    }
    return result;
}

} // namespace rd
