#include "SliceReview.h"

#include "CommentJson.h"
#include "LlmClient.h"
#include "ModelOutput.h"
#include "Prompts.h"
#include "ReviewRun.h"

#include <QRegularExpression>
#include <QSet>

#include <nlohmann/json.hpp>

#include <optional>

namespace rd {

using Json = nlohmann::ordered_json;

namespace {

QString commentsForPrompt(const QList<ReviewComment> &comments, bool withReviewer)
{
    Json list = Json::array();
    for (const ReviewComment &c : comments) {
        Json j = commentJson(c, false);
        if (withReviewer && !c.reviewers.isEmpty())
            j["reviewer"] = c.reviewers.first();
        j.erase("reviewers");
        list.push_back(j);
    }
    return QString::fromStdString(Json{{"comments", list}}.dump(2));
}

bool linesOverlap(const ReviewComment &a, const ReviewComment &b)
{
    return a.file == b.file && a.side == b.side && a.lineStart <= b.lineEnd + 1 && b.lineStart <= a.lineEnd + 1;
}

// The words of a comment's issue, for telling two findings on one line apart.
QSet<QString> wordsOf(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("\\w{3,}"), QRegularExpression::UseUnicodePropertiesOption);
    QSet<QString> words;
    for (auto it = word.globalMatch(text.toLower()); it.hasNext();)
        words.insert(it.next().captured());
    return words;
}

// Jaccard similarity of the issue texts' words.
double wordingSimilarity(const ReviewComment &a, const ReviewComment &b)
{
    const QSet<QString> x = wordsOf(a.issue), y = wordsOf(b.issue);
    if (x.isEmpty() || y.isEmpty())
        return 0.0;
    const double shared = static_cast<double>(QSet<QString>(x).intersect(y).size());
    return shared / static_cast<double>(x.size() + y.size() - shared);
}

// Two comments the program counts as one finding when no meta-reviewer
// answer can be used: overlapping lines and mostly the same words.
constexpr double SameFindingSimilarity = 0.5;

const char *const ScoreFields[] = {"q1_nitpick", "q2_fake", "q3_severity"};

int &scoreField(ReviewComment &c, int n)
{
    return n == 0 ? c.q1Nitpick : n == 1 ? c.q2Fake : c.q3Severity;
}

int scoreOf(const ReviewComment &c, int n)
{
    return n == 0 ? c.q1Nitpick : n == 1 ? c.q2Fake : c.q3Severity;
}

// Q1-Q3 are on a 1..7 scale (paper §3, App. H).
bool scoreInRange(int score)
{
    return score >= 1 && score <= 7;
}

// "q3_severity 99 is outside 1 to 7": score `n` of the model's answer.
QString scoreOutOfRange(const ReviewComment &answer, int n)
{
    return QStringLiteral("%1 %2 is outside 1 to 7").arg(QLatin1String(ScoreFields[n])).arg(scoreOf(answer, n));
}

// The scores a model gave outside 1..7.
QStringList scoresOutOfRange(const ReviewComment &answer, const QSet<QString> &given)
{
    QStringList out;
    for (int n = 0; n < 3; ++n)
        if (given.contains(QLatin1String(ScoreFields[n])) && !scoreInRange(scoreOf(answer, n)))
            out << scoreOutOfRange(answer, n);
    return out;
}

// One slice through all the roles. Runs on a pool thread.
class SliceReview
{
public:
    SliceReview(LlmClient &client, const RunConfig &config, const MergeRequest &mr, const Slice &slice, int index, const QString &text)
        : m_client(client), m_config(config), m_mr(mr), m_slice(slice), m_index(index), m_text(text)
    {
    }

    QList<ReviewComment> comments;
    QList<Exchange> exchanges;
    QStringList errors;
    bool reviewed = false;
    QString unreviewedReason;

    void run(const std::atomic<bool> *cancel)
    {
        m_cancel = cancel;
        reviewers();
        if (stopped())
            return cancelledBefore(QStringLiteral("the coarse filter"));
        applyCoarseFilter(comments, m_config);
        applyTopK(comments, m_config.topK);
        QList<int> candidates = keptIndices();
        // Agreement needs the reviewers' comments grouped: by the meta-reviewer
        // when there is one, by the program otherwise. A stage cancelled before
        // it starts or while it waits for its answer did not happen.
        if (!candidates.isEmpty() && (m_config.metaReviewer || m_config.reviewers >= 2)) {
            const auto merged = stopped() ? std::nullopt : merge(candidates);
            if (!merged)
                return cancelledBefore(QStringLiteral("the meta-reviewer"));
            candidates = *merged;
        }
        if (m_config.validator && !candidates.isEmpty())
            if (stopped() || !validate(candidates))
                return cancelledBefore(QStringLiteral("the validator"));
        // Translation filters nothing: cancelled, the comments stay untranslated.
        if (m_config.translator && !m_config.language.isEmpty())
            translate();
    }

private:
    QString sliceFile() const { return QString::fromUtf8(m_slice.file); }
    bool stopped() const { return m_cancel && m_cancel->load(); }
    QString where() const { return QStringLiteral("%1 slice %2").arg(sliceFile()).arg(m_index); }

    // Cancelled mid-way: what is still kept never passed the later stages,
    // so it is not a result; each such comment and the run say so.
    void cancelledBefore(const QString &stage)
    {
        int n = 0;
        for (ReviewComment &c : comments)
            if (c.kept) {
                c.drop(QStringLiteral("cancelled"));
                c.history.append({QStringLiteral("cancelled"), c.q1Nitpick, c.q2Fake, c.q3Severity,
                                  QStringLiteral("the run was cancelled before %1").arg(stage)});
                ++n;
            }
        errors << QStringLiteral("%1: cancelled before %2; %3 comment(s) never reached it").arg(where(), stage).arg(n);
    }

    QHash<QString, QString> values() const
    {
        return {{QStringLiteral("file"), sliceFile()},
                {QStringLiteral("slice"), m_text},
                {QStringLiteral("title"), m_mr.title},
                {QStringLiteral("description"), m_mr.description},
                {QStringLiteral("reviewer_count"), QString::number(m_config.reviewers)},
                {QStringLiteral("language"), m_config.language}};
    }

    // Sends the comments at `indices` to a role and reads the comments it
    // answers with. A failed request or an unreadable answer is recorded once,
    // with what the run does instead (`fallback`), unless the run was cancelled.
    ParsedComments askAbout(ReviewRole role, const EndpointProfile &profile, const QList<int> &indices, const QString &roleLabel,
                            const QString &fallback)
    {
        QList<ReviewComment> input;
        for (int i : indices)
            input.append(comments[i]);
        QHash<QString, QString> v = values();
        v.insert(QStringLiteral("comments"), commentsForPrompt(input, role == ReviewRole::MetaReviewer));
        const QString label = QStringLiteral("%1, %2").arg(roleLabel, where());
        ChatRequest request{profile, buildPrompt(role, m_config.cot, v, m_config.lineFormat), label};
        request.role = roleName(role);
        const Exchange e = m_client.send(request).result();
        exchanges.append(e);
        ParsedComments parsed = e.ok() ? parseComments(e.response) : ParsedComments{{}, {}, {}, e.error};
        if (!parsed.error.isEmpty() && !stopped())
            errors << QStringLiteral("%1: %2 (%3)").arg(label, parsed.error, fallback);
        return parsed;
    }

    QList<int> keptIndices() const
    {
        QList<int> out;
        for (int i = 0; i < comments.size(); ++i)
            if (comments[i].kept)
                out.append(i);
        return out;
    }

    void finishComment(ReviewComment &c, const QString &stage, const QString &note = {}) const
    {
        if (c.file.isEmpty())
            c.file = sliceFile();
        c.slice = m_index;
        c.history.append({stage, c.q1Nitpick, c.q2Fake, c.q3Severity, note});
        // A comment outside the lines its reviewer was shown counts against
        // line localization; it is flagged, never moved.
        const QList<int> &lines = c.side == QLatin1String("old") ? m_slice.oldLines : m_slice.newLines;
        c.lineValid = c.file == sliceFile() && lines.contains(c.lineStart) && lines.contains(c.lineEnd);
    }

    // A later role's answer about `c`: what it gave replaces, what it left
    // out keeps the earlier value. Returns the note for the history.
    // A score outside 1..7 is not taken either: it is an error on the comment.
    static QString takeAnswer(ReviewComment &c, const ReviewComment &answer, const QSet<QString> &given, const QString &stage)
    {
        for (auto [field, value] : {std::pair{&c.issue, answer.issue}, std::pair{&c.rootCause, answer.rootCause}, std::pair{&c.fix, answer.fix},
                                    std::pair{&c.example, answer.example}, std::pair{&c.category, answer.category}})
            if (!value.isEmpty())
                *field = value;
        if (given.contains(QStringLiteral("line_start")) && answer.lineStart > 0) {
            c.lineStart = answer.lineStart;
            c.lineEnd = std::max(answer.lineEnd, answer.lineStart);
        }
        QStringList missing;
        for (int n = 0; n < 3; ++n) {
            if (!given.contains(QLatin1String(ScoreFields[n]))) {
                missing << QStringLiteral("%1 missing: kept %2").arg(QLatin1String(ScoreFields[n])).arg(scoreOf(c, n));
            } else if (!scoreInRange(scoreOf(answer, n))) {
                const QString problem = QStringLiteral("%1 (kept %2)").arg(scoreOutOfRange(answer, n)).arg(scoreOf(c, n));
                c.errors << QStringLiteral("%1: %2").arg(stage, problem);
                missing << problem;
            } else {
                scoreField(c, n) = scoreOf(answer, n);
            }
        }
        return missing.join(QStringLiteral("; "));
    }

    void reviewers()
    {
        // The reviewers run at once; each has its own number (and seed) so
        // their requests differ and a cache cannot hand one answer to all.
        QList<QFuture<Exchange>> futures;
        for (int r = 1; r <= m_config.reviewers; ++r) {
            QList<ChatMessage> messages = buildPrompt(ReviewRole::Reviewer, m_config.cot, values(), m_config.lineFormat);
            if (m_config.reviewers > 1)
                messages.last().content += QStringLiteral("\n\n(You are reviewer %1 of %2.)").arg(r).arg(m_config.reviewers);
            EndpointProfile profile = m_config.reviewer;
            if (profile.seed)
                profile.seed = *profile.seed + r - 1;
            ChatRequest request{profile, messages, QStringLiteral("reviewer %1, %2").arg(r).arg(where())};
            request.role = roleName(ReviewRole::Reviewer);
            futures.append(m_client.send(request));
        }
        for (int r = 1; r <= futures.size(); ++r) {
            const Exchange e = futures[r - 1].result();
            exchanges.append(e);
            if (!e.ok()) {
                errors << QStringLiteral("%1: %2").arg(e.request.label, e.error);
                if (unreviewedReason.isEmpty())
                    unreviewedReason = QStringLiteral("%1: %2").arg(e.request.label, e.error);
                continue;
            }
            const ParsedComments parsed = parseComments(e.response);
            if (!parsed.error.isEmpty()) {
                if (unreviewedReason.isEmpty())
                    unreviewedReason = QStringLiteral("%1: the answer could not be read (%2)").arg(e.request.label, parsed.error);
                ReviewComment unparsed;
                unparsed.id = QStringLiteral("s%1-r%2-unparsed").arg(m_index).arg(r);
                unparsed.reviewers = {r};
                unparsed.raw = e.response;
                unparsed.issue = parsed.error;
                finishComment(unparsed, QStringLiteral("reviewer"));
                unparsed.drop(QStringLiteral("unparsed"));
                comments.append(unparsed);
                errors << QStringLiteral("%1: %2 (this reviewer's findings are lost; the reply is kept in %3)").arg(e.request.label, parsed.error, unparsed.id);
                continue;
            }
            reviewed = true;
            int n = 0;
            for (qsizetype k = 0; k < parsed.comments.size(); ++k) {
                ReviewComment c = parsed.comments[k];
                c.id = QStringLiteral("s%1-r%2-%3").arg(m_index).arg(r).arg(++n);
                c.reviewers = {r};
                finishComment(c, QStringLiteral("reviewer"));
                // A score off the 1..7 scale says nothing the filters could
                // use: the comment is kept with the error, out of every cut.
                if (const QStringList bad = scoresOutOfRange(parsed.comments[k], parsed.given.value(k)); !bad.isEmpty()) {
                    for (const QString &problem : bad)
                        c.errors << QStringLiteral("reviewer: %1").arg(problem);
                    c.drop(QStringLiteral("score"));
                    errors << QStringLiteral("%1: %2 (%3 dropped)").arg(e.request.label, bad.join(QStringLiteral("; ")), c.id);
                }
                comments.append(c);
            }
        }
    }

    int minAgreement() const { return std::min(m_config.minAgreement, m_config.reviewers); }

    // A merged comment for `sources` (indices): the reviewers are those of its
    // sources; each source points at it. Then the re-scores pass the coarse
    // filter again and the agreement filter decides.
    int addMerged(ReviewComment merged, const QList<int> &sources, const QString &note)
    {
        QList<int> reviewers;
        for (int i : sources)
            for (int r : comments[i].reviewers)
                if (!reviewers.contains(r))
                    reviewers.append(r);
        std::sort(reviewers.begin(), reviewers.end());
        merged.reviewers = reviewers;
        merged.kept = true;
        merged.droppedAt.clear();
        merged.mergedInto.clear();
        merged.history.clear();
        finishComment(merged, QStringLiteral("meta"), note);
        QList<ReviewComment> one{merged};
        applyCoarseFilter(one, m_config, QStringLiteral("meta"));
        merged = one.first();
        if (merged.kept && merged.reviewers.size() < minAgreement())
            merged.drop(QStringLiteral("agreement"));
        comments.append(merged);
        const int at = static_cast<int>(comments.size()) - 1;
        for (int i : sources) {
            comments[i].drop(QStringLiteral("merged"));
            comments[i].mergedInto = merged.id;
        }
        return at;
    }

    // The most severe of `sources`: what a merged comment starts from.
    int representative(const QList<int> &sources) const
    {
        int best = sources.first();
        for (int i : sources)
            if (comments[i].q3Severity > comments[best].q3Severity)
                best = i;
        return best;
    }

    // Merges the candidates; returns the indices of the merged comments still
    // kept, nothing when the run was cancelled while the meta-reviewer was asked.
    std::optional<QList<int>> merge(const QList<int> &candidates)
    {
        QList<int> merged;
        if (!m_config.metaReviewer) {
            merged = groupByProgram(candidates, QStringLiteral("grouped by the program (no meta-reviewer configured)"));
        } else {
            const ParsedComments parsed = askAbout(ReviewRole::MetaReviewer, *m_config.metaReviewer, candidates, QStringLiteral("meta-reviewer"),
                                                   QStringLiteral("agreement computed by the program from location and wording instead"));
            if (stopped())
                return std::nullopt;
            if (!parsed.error.isEmpty())
                merged = groupByProgram(candidates, QStringLiteral("grouped by the program: the meta-reviewer's answer could not be used"));
            else
                merged = mergeAsAnswered(candidates, parsed);
        }
        QList<int> kept;
        for (int m : merged)
            if (comments[m].kept)
                kept.append(m);
        return kept;
    }

    // The meta-reviewer's merged comments, each with the ids of its sources.
    QList<int> mergeAsAnswered(const QList<int> &candidates, const ParsedComments &parsed)
    {
        const QString label = QStringLiteral("meta-reviewer, %1").arg(where());
        QHash<QString, int> byId;
        for (int i : candidates)
            byId.insert(comments[i].id, i);
        QHash<int, QString> claimedBy;
        QList<QList<int>> sourcesOf;
        bool anyUsable = false;
        for (int n = 0; n < parsed.comments.size(); ++n) {
            QList<int> sources;
            for (const QString &id : parsed.sources[n]) {
                const int i = byId.value(id, -1);
                if (i < 0) {
                    errors << QStringLiteral("%1: merged comment %2 names \"%3\", which is not one of the comments it was given (ignored)").arg(label).arg(n + 1).arg(id);
                } else if (claimedBy.contains(i)) {
                    errors << QStringLiteral("%1: \"%2\" is a source of two merged comments (kept in the first)").arg(label, id);
                } else {
                    claimedBy.insert(i, id);
                    sources.append(i);
                }
            }
            anyUsable = anyUsable || !sources.isEmpty();
            sourcesOf.append(sources);
        }
        // An empty list is an answer (nothing survives); comments that name
        // no source at all are not.
        if (!anyUsable && !parsed.comments.isEmpty()) {
            errors << QStringLiteral("%1: no merged comment names a comment it merged (agreement computed by the program from location and wording instead)").arg(label);
            return groupByProgram(candidates, QStringLiteral("grouped by the program: the meta-reviewer named no sources"));
        }
        QList<int> merged;
        int number = 0;
        for (int n = 0; n < parsed.comments.size(); ++n) {
            const ReviewComment &answer = parsed.comments[n];
            if (sourcesOf[n].isEmpty()) {
                // Kept in the record, never as a finding: nobody raised it.
                ReviewComment orphan = answer;
                orphan.id = QStringLiteral("s%1-m%2").arg(m_index).arg(++number);
                orphan.reviewers.clear();
                finishComment(orphan, QStringLiteral("meta"), QStringLiteral("names no comment it merged"));
                orphan.drop(QStringLiteral("meta"));
                comments.append(orphan);
                errors << QStringLiteral("%1: merged comment %2 names no comment it merged (dropped)").arg(label, orphan.id);
                continue;
            }
            ReviewComment base = comments[representative(sourcesOf[n])];
            const QString note = takeAnswer(base, answer, parsed.given[n], QStringLiteral("meta"));
            if (parsed.given[n].contains(QStringLiteral("file")))
                base.file = answer.file;
            if (parsed.given[n].contains(QStringLiteral("side")))
                base.side = answer.side;
            base.id = QStringLiteral("s%1-m%2").arg(m_index).arg(++number);
            merged.append(addMerged(base, sourcesOf[n], note));
        }
        // A reviewer comment in no merged comment was left out by the meta-reviewer.
        for (int i : candidates)
            if (comments[i].kept) {
                comments[i].drop(QStringLiteral("meta"));
                comments[i].history.append({QStringLiteral("meta"), comments[i].q1Nitpick, comments[i].q2Fake, comments[i].q3Severity,
                                            QStringLiteral("left out by the meta-reviewer")});
            }
        return merged;
    }

    // The documented fallback: comments on overlapping lines with mostly the
    // same words are one finding; its reviewers are counted by the program.
    QList<int> groupByProgram(const QList<int> &candidates, const QString &note)
    {
        QList<QList<int>> groups;
        for (int i : candidates) {
            QList<int> *home = nullptr;
            for (QList<int> &g : groups)
                for (int j : g)
                    if (!home && linesOverlap(comments[i], comments[j]) && wordingSimilarity(comments[i], comments[j]) >= SameFindingSimilarity)
                        home = &g;
            if (home)
                home->append(i);
            else
                groups.append(QList<int>{i});
        }
        QList<int> merged;
        int number = 0;
        for (const QList<int> &g : groups) {
            ReviewComment base = comments[representative(g)];
            base.id = QStringLiteral("s%1-g%2").arg(m_index).arg(++number);
            merged.append(addMerged(base, g, note));
        }
        return merged;
    }

    // False when the run was cancelled while the validator was asked.
    bool validate(const QList<int> &candidates)
    {
        const QString label = QStringLiteral("validator, %1").arg(where());
        const ParsedComments parsed = askAbout(ReviewRole::Validator, *m_config.validator, candidates, QStringLiteral("validator"),
                                               QStringLiteral("comments left unvalidated"));
        if (stopped())
            return false;
        if (!parsed.error.isEmpty()) {
            for (int i : candidates)
                comments[i].history.append({QStringLiteral("validator"), comments[i].q1Nitpick, comments[i].q2Fake, comments[i].q3Severity,
                                            QStringLiteral("not validated: %1").arg(parsed.error)});
            return true;
        }
        QSet<int> confirmed;
        for (int n = 0; n < parsed.comments.size(); ++n) {
            const ReviewComment &answer = parsed.comments[n];
            int match = -1;
            for (int i : candidates)
                if (!confirmed.contains(i) && !answer.id.isEmpty() && comments[i].id == answer.id)
                    match = i;
            if (match < 0 && !answer.id.isEmpty()) {
                errors << QStringLiteral("%1: answer names \"%2\", which is not one of the comments it was given (ignored)").arg(label, answer.id);
                continue;
            }
            // Models drop ids: fall back to the place and the wording.
            if (match < 0)
                for (int i : candidates)
                    if (!confirmed.contains(i) && (answer.file.isEmpty() || comments[i].file == answer.file) && comments[i].side == answer.side
                        && comments[i].lineStart == answer.lineStart && (answer.issue.isEmpty() || comments[i].issue.left(40) == answer.issue.left(40)
                                                                       || comments[i].lineEnd == answer.lineEnd)) {
                        match = i;
                        break;
                    }
            if (match < 0) {
                errors << QStringLiteral("%1: an answer without an id matches no comment (ignored): %2").arg(label, answer.issue.left(80));
                continue;
            }
            confirmed.insert(match);
            ReviewComment &c = comments[match];
            const QString note = takeAnswer(c, answer, parsed.given[n], QStringLiteral("validator"));
            finishComment(c, QStringLiteral("validator"), note);
        }
        for (int i : candidates) {
            if (!confirmed.contains(i)) {
                comments[i].drop(QStringLiteral("validator"));
                continue;
            }
            QList<ReviewComment> one{comments[i]};
            applyCoarseFilter(one, m_config, QStringLiteral("validator"));
            comments[i] = one.first();
        }
        return true;
    }

    void translate()
    {
        const QList<int> kept = keptIndices();
        if (kept.isEmpty())
            return;
        const QString label = QStringLiteral("translator, %1").arg(where());
        const bool alreadyCancelled = stopped();
        const ParsedComments parsed = alreadyCancelled ? ParsedComments{{}, {}, {}, QStringLiteral("the run was cancelled")}
                                                      : askAbout(ReviewRole::Translator, *m_config.translator, kept, QStringLiteral("translator"),
                                                                 QStringLiteral("comments left untranslated"));
        if (stopped() && !parsed.error.isEmpty())
            errors << QStringLiteral("%1: cancelled; %2 comment(s) left untranslated").arg(label).arg(kept.size());
        QSet<int> translated;
        if (parsed.error.isEmpty())
            for (const ReviewComment &answer : parsed.comments) {
                int match = -1;
                for (int i : kept)
                    if (comments[i].id == answer.id && !translated.contains(i))
                        match = i;
                if (match < 0)
                    continue;
                translated.insert(match);
                // The reviewer's own text stays beside the translation (searched,
                // exported, and what semantic matching reads by default).
                ReviewComment &c = comments[match];
                if (c.translationLanguage.isEmpty()) {
                    c.issueOriginal = c.issue;
                    c.rootCauseOriginal = c.rootCause;
                    c.fixOriginal = c.fix;
                }
                c.translationLanguage = m_config.language;
                // Prose only: lines, scores and code stay as they were.
                for (auto [field, value] : {std::pair{&comments[match].issue, answer.issue}, std::pair{&comments[match].rootCause, answer.rootCause},
                                            std::pair{&comments[match].fix, answer.fix}})
                    if (!value.isEmpty())
                        *field = value;
            }
        QStringList untranslated;
        for (int i : kept)
            if (!translated.contains(i)) {
                untranslated << comments[i].id;
                comments[i].history.append({QStringLiteral("translator"), comments[i].q1Nitpick, comments[i].q2Fake, comments[i].q3Severity,
                                            parsed.error.isEmpty() ? QStringLiteral("not translated: the translator's answer left it out")
                                                                   : QStringLiteral("not translated: %1").arg(parsed.error)});
            }
        if (parsed.error.isEmpty() && !untranslated.isEmpty())
            errors << QStringLiteral("%1: the answer has no translation for %2 (left untranslated)").arg(label, untranslated.join(QStringLiteral(", ")));
    }

    LlmClient &m_client;
    const RunConfig &m_config;
    const MergeRequest &m_mr;
    const Slice &m_slice;
    int m_index;
    QString m_text;
    const std::atomic<bool> *m_cancel = nullptr;
};

} // namespace

SliceReviewResult reviewSlice(LlmClient &client, const RunConfig &config, const MergeRequest &mr, const Slice &slice, int index, const QString &text,
                              const std::atomic<bool> *cancel)
{
    SliceReview review(client, config, mr, slice, index, text);
    review.run(cancel);
    return {review.comments, review.exchanges, review.errors, review.reviewed, review.reviewed ? QString() : review.unreviewedReason};
}

} // namespace rd
