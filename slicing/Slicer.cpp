#include "Slicer.h"

#include "CodeModel.h"
#include "FileSlicer.h"
#include "SliceShaping.h"
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
