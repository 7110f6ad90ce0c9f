#include "CommentReanchoring.h"

#include "LineMap.h"
#include "SuggestionCheck.h"

#include <MergeRequest.h>

#include <QCoreApplication>

namespace rd {

namespace {

// The diff of two commits of the repository, two-dot, renames found.
Result<MergeRequest> diffOf(const QString &repositoryPath, const QString &from, const QString &to)
{
    DiffOptions options;
    options.twoDot = true;
    return MergeRequest::open(repositoryPath, from, to, options);
}

// The lines [first, last] of `file`'s old side, as they read.
QString linesOf(const MergeRequest &diff, const FileDiff *file, int first, int last)
{
    if (!file)
        return {};
    auto content = diff.content(*file, Side::Old);
    if (!content)
        return {};
    const QList<QByteArray> lines = content->split('\n');
    QStringList out;
    for (int line = first; line <= last && line - 1 < lines.size(); ++line)
        if (line >= 1)
            out << QString::fromUtf8(lines[line - 1]);
    return out.join(QLatin1Char('\n'));
}

// Whether the newer head holds the comment's suggestion verbatim in place of
// its lines; empty when it suggests no code.
std::optional<bool> appliedSuggestion(const MergeRequest &heads, const LineMap &map, const ReviewComment &c)
{
    const std::optional<Suggestion> suggestion = suggestionOf(c);
    if (!suggestion)
        return std::nullopt;
    const FileDiff *file = map.fileDiff(c.file);
    if (!file || !file->exists(Side::New))
        return false;
    const auto older = heads.content(*file, Side::Old);
    const auto newer = heads.content(*file, Side::New);
    if (!older || !newer)
        return false;
    return suggestionApplied(*suggestion, map, c.file, linesOfText(*older), linesOfText(*newer));
}

QString diffBaseOf(const MergeRequestRevision &r, bool twoDot)
{
    return twoDot || r.mergeBaseSha.isEmpty() ? r.baseSha : r.mergeBaseSha;
}

} // namespace

Result<Reanchoring> reanchorComments(const QString &repositoryPath, const MergeRequestRevision &from, const MergeRequestRevision &to,
                                     bool twoDot, const QList<StoredComment> &comments)
{
    auto heads = diffOf(repositoryPath, from.headSha, to.headSha);
    if (!heads)
        return heads.error();
    const QString oldBase = diffBaseOf(from, twoDot);
    const QString newBase = diffBaseOf(to, twoDot);
    std::optional<MergeRequest> bases;
    if (oldBase != newBase) {
        auto diff = diffOf(repositoryPath, oldBase, newBase);
        if (!diff)
            return diff.error();
        bases = std::move(*diff);
    }
    const LineMap newSide(heads->files);
    const std::optional<LineMap> oldSide = bases ? std::optional<LineMap>(LineMap(bases->files)) : std::nullopt;

    Reanchoring out;
    for (const StoredComment &s : comments) {
        if (s.outdated)
            continue;
        const ReviewComment &c = s.comment;
        if (!c.located()) {
            out.notLocated << s.id;
            continue;
        }
        const bool old = c.side == QLatin1String("old");
        if (old && !oldSide) {
            out.unchanged << s.id;
            out.changes << CommentAnchorChange{s.id, false, c.file, c.side, c.lineStart, c.lineEnd, {}};
            continue;
        }
        const LineMap &map = old ? *oldSide : newSide;
        const AnchorMapping m = map.map(c.file, c.lineStart, c.lineEnd);
        CommentAnchorChange change{s.id, false, m.file, c.side, m.lineStart, m.lineEnd, {}};
        switch (m.outcome) {
        case AnchorMapping::Outcome::Unchanged:
            out.unchanged << s.id;
            break;
        case AnchorMapping::Outcome::Moved:
            out.moved << s.id;
            break;
        case AnchorMapping::Outcome::Outdated:
            out.outdated << s.id;
            change = {s.id, true, c.file, c.side, c.lineStart, c.lineEnd,
                      linesOf(old ? *bases : *heads, map.fileDiff(c.file), c.lineStart, std::max(c.lineStart, c.lineEnd))};
            if (!old)
                change.suggestionApplied = appliedSuggestion(*heads, newSide, c);
            break;
        }
        out.changes << change;
    }
    return out;
}

} // namespace rd
