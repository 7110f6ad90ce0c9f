#include "EvalMatching.h"

#include <QSet>

#include <algorithm>
#include <cstdlib>

namespace rd::eval {

namespace {

std::optional<std::pair<int, int>> range(const Location &l)
{
    if (!l.from && !l.to)
        return std::nullopt;
    const int a = l.from.value_or(*l.to);
    const int b = l.to.value_or(*l.from);
    return std::pair{std::min(a, b), std::max(a, b)};
}

QString sideName(const QString &side)
{
    const QString s = side.trimmed().toLower();
    if (s == QLatin1String("old") || s == QLatin1String("left"))
        return QStringLiteral("left");
    if (s == QLatin1String("new") || s == QLatin1String("right"))
        return QStringLiteral("right");
    return s;
}

} // namespace

std::optional<int> lineGap(const Location &a, const Location &b)
{
    const auto ra = range(a);
    const auto rb = range(b);
    if (!ra || !rb)
        return std::nullopt;
    return std::max(0, std::max(ra->first, rb->first) - std::min(ra->second, rb->second));
}

bool sameSide(const QString &a, const QString &b)
{
    const QString sa = sideName(a);
    const QString sb = sideName(b);
    return sa.isEmpty() || sb.isEmpty() || sa == sb;
}

bool locationMatches(const Location &generated, const Location &reference, int maxDistance)
{
    if (generated.path != reference.path || !sameSide(generated.side, reference.side))
        return false;
    const auto gap = lineGap(generated, reference);
    return gap && *gap <= maxDistance;
}

namespace {

QString normalizedPath(QString path)
{
    return path.replace(QStringLiteral("\\/"), QStringLiteral("/")).replace(QLatin1Char('\\'), QLatin1Char('/'));
}

// `comment.get("from_line") or ...`: a 0 is read as no line.
std::optional<qint64> upstreamLine(const std::optional<int> &line)
{
    return line && *line != 0 ? std::optional<qint64>(*line) : std::nullopt;
}

} // namespace

bool aacrLocationMatches(const Location &generated, const Location &reference, int maxDistance)
{
    const QString gPath = normalizedPath(generated.path);
    const QString rPath = normalizedPath(reference.path);
    if (!gPath.isEmpty() && !rPath.isEmpty() && gPath != rPath)
        return false;
    if (!generated.sideAbsent && !reference.sideAbsent && generated.side != reference.side)
        return false;
    const auto s1 = upstreamLine(generated.from), e1 = upstreamLine(generated.to);
    const auto s2 = upstreamLine(reference.from), e2 = upstreamLine(reference.to);
    if (!s1 || !e1 || !s2 || !e2)
        return true; // has_complete_line_info() false on either side: lines not checked
    if (!(*s1 > *e2 || *e1 < *s2))
        return true;
    return std::min(std::abs(*s1 - *e2), std::abs(*e1 - *s2)) <= maxDistance;
}

int MatchResult::lineMatchedComments() const
{
    return static_cast<int>(std::count_if(lineReference.begin(), lineReference.end(), [](int r) { return r >= 0; }));
}

int MatchResult::semanticMatchedComments() const
{
    return static_cast<int>(std::count_if(semanticReference.begin(), semanticReference.end(), [](int r) { return r >= 0; }));
}

QList<bool> MatchResult::referencesFoundByLine(int referenceCount) const
{
    QList<bool> found(referenceCount, false);
    for (int r : lineReference)
        if (r >= 0 && r < referenceCount)
            found[r] = true;
    return found;
}

QList<bool> MatchResult::referencesFoundSemantically(int referenceCount) const
{
    QList<bool> found(referenceCount, false);
    for (int r : semanticReference)
        if (r >= 0 && r < referenceCount)
            found[r] = true;
    return found;
}

namespace {

// The location rule the options name.
bool locates(const Location &generated, const Location &reference, const MatchOptions &options)
{
    return options.rule == LocationRule::AacrBench ? aacrLocationMatches(generated, reference, options.maxDistance)
                                                   : locationMatches(generated, reference, options.maxDistance);
}

// The pairs the semantic judge is asked about: location matches, and under
// ReviewDesk's rule also a comment that could not be placed on a line (an
// unlocated comment) and a reference of its file and side: it has no line
// to match, but it can still say the same thing (AACR-Bench's own rule
// already skips the line check for a comment without lines).
bool semanticCandidate(const Item &generated, const Item &reference, const MatchOptions &options)
{
    if (locates(generated.where, reference.where, options))
        return true;
    if (options.rule == LocationRule::AacrBench)
        return false;
    const bool unlocated = !generated.where.from && !generated.where.to;
    return unlocated && !generated.where.path.isEmpty() && generated.where.path == reference.where.path
        && sameSide(generated.where.side, reference.where.side);
}

} // namespace

MatchResult matchOneToOne(const QList<Item> &generated, const QList<Item> &references, const MatchOptions &options)
{
    const int n = static_cast<int>(generated.size());
    const int m = static_cast<int>(references.size());
    MatchResult out;
    out.lineReference = QList<int>(n, -1);
    out.semanticReference = QList<int>(n, -1);
    out.kind = QList<MatchKind>(n, MatchKind::None);
    out.distance = QList<int>(n, -1);
    QList<bool> lineTaken(m, false);
    QList<bool> semanticTaken(m, false);

    // An annotator's link is a match of both kinds: a person read both.
    for (const auto &[g, r] : options.links) {
        if (g < 0 || g >= n || r < 0 || r >= m || out.lineReference[g] >= 0 || lineTaken[r])
            continue;
        out.lineReference[g] = r;
        out.semanticReference[g] = r;
        out.kind[g] = MatchKind::Link;
        out.distance[g] = lineGap(generated[g].where, references[r].where).value_or(-1);
        lineTaken[r] = semanticTaken[r] = true;
    }
    for (int g = 0; g < n; ++g) {
        if (out.kind[g] == MatchKind::Link)
            continue;
        for (int r = 0; r < m; ++r) {
            if (lineTaken[r] || !locates(generated[g].where, references[r].where, options))
                continue;
            lineTaken[r] = true;
            out.lineReference[g] = r;
            out.kind[g] = MatchKind::Line;
            out.distance[g] = lineGap(generated[g].where, references[r].where).value_or(-1); // AACR-Bench matches comments without lines
            break;
        }
    }
    if (!options.semantic)
        return out;
    for (int g = 0; g < n; ++g) {
        if (out.kind[g] == MatchKind::Link)
            continue;
        for (int r = 0; r < m; ++r) {
            if (semanticTaken[r] || !semanticCandidate(generated[g], references[r], options))
                continue;
            ++out.semanticQuestions;
            if (!options.semantic(g, r))
                continue;
            semanticTaken[r] = true;
            out.semanticReference[g] = r;
            out.kind[g] = MatchKind::Semantic;
            break;
        }
    }
    return out;
}

UpstreamCounts matchUpstream(const QList<Item> &generated, const QList<Item> &references, int maxDistance, const SemanticJudge &semantic)
{
    UpstreamCounts counts;
    const auto hasText = [](const Item &i) { return !i.text.isEmpty(); };
    counts.totalGenerated = static_cast<int>(std::count_if(generated.begin(), generated.end(), hasText));
    if (generated.isEmpty()) {
        counts.positiveExpected = static_cast<int>(references.size()); // the evaluator's early return counts every reference
        return counts;
    }
    counts.positiveExpected = static_cast<int>(std::count_if(references.begin(), references.end(), hasText));
    QSet<QString> lineTaken;
    QSet<QString> semanticTaken;
    for (int g = 0; g < generated.size(); ++g) {
        if (generated[g].text.isEmpty())
            continue;
        bool lineMatched = false;
        bool matched = false;
        for (int r = 0; r < references.size(); ++r) {
            const Item &ref = references[r];
            if (ref.text.isEmpty() || !aacrLocationMatches(generated[g].where, ref.where, maxDistance))
                continue;
            bool lineNow = false;
            if (!lineTaken.contains(ref.key)) {
                lineTaken.insert(ref.key);
                lineNow = true;
            }
            bool semanticNow = false;
            if (semantic && !semanticTaken.contains(ref.key) && semantic(g, r)) {
                semanticTaken.insert(ref.key);
                semanticNow = true;
            }
            if (lineNow && !lineMatched) {
                ++counts.positiveLineMatch;
                lineMatched = true;
            }
            if (semanticNow) {
                ++counts.positiveMatch;
                matched = true;
                break;
            }
        }
        if (!matched && semantic)
            ++counts.unmatched;
    }
    return counts;
}

QList<bool> unrelatedToAnyKeyIssue(const QList<Item> &generated, const QList<Item> &references, const MatchOptions &options,
                                   const MatchResult &match, bool bySemantic)
{
    const QList<int> &taken = bySemantic ? match.semanticReference : match.lineReference;
    QList<bool> linked(generated.size(), false);
    for (const auto &[g, r] : options.links)
        if (g >= 0 && g < linked.size())
            linked[g] = true;
    QList<bool> out;
    out.reserve(generated.size());
    for (int g = 0; g < generated.size(); ++g) {
        bool related = taken.value(g, -1) >= 0 || linked[g];
        for (int r = 0; !related && r < references.size(); ++r)
            related = options.semantic ? semanticCandidate(generated[g], references[r], options) && options.semantic(g, r)
                                       : locates(generated[g].where, references[r].where, options);
        out << !related;
    }
    return out;
}

} // namespace rd::eval
