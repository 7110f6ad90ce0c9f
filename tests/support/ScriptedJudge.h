#pragma once

// A workspace of comments one annotator ("ann") judged, and a fake LLM judge
// with scripted answers about them of known accuracy: the judge evaluation's
// tests (tst_judgeeval, tst_judgeevalwindow) compare its figures with values
// worked out by hand below.

#include "FakeLlmServer.h"
#include "SessionFixture.h"

#include <QFile>
#include <QHash>
#include <QRegularExpression>

namespace rd::test {

// What the fake judge says of each comment, by its text: status and score.
struct ScriptedJudgement
{
    const char *issue;
    const char *category;
    Verdict people;
    bool valid;
    int score;
};
// Accepted: one, two, three; rejected: four, five, six. The judge is right
// on one, two, five, six: 4 of 6. Judge valid / people accepted: 2, judge
// valid / rejected: 1 (four), invalid / accepted: 1 (three), invalid /
// rejected: 2. p_o = 4/6, p_e = 3/6·3/6 + 3/6·3/6 = 1/2, kappa = 1/3.
const ScriptedJudgement scriptedJudgements[] = {{"issue one", "Logic", Verdict::Accept, true, 8},   {"issue two", "Logic", Verdict::Accept, true, 7},
                           {"issue three", "Logic", Verdict::Accept, false, 0}, {"issue four", "Logic", Verdict::Reject, true, 6},
                           {"issue five", "Style", Verdict::Reject, false, 0},  {"issue six", "Style", Verdict::Reject, false, 0}};

inline QString judgeAnswer(bool valid, int score)
{
    return QStringLiteral(R"({"motivation":"m","status":"%1","line_matching":"yes","score":%2,"reason":"%3"})")
        .arg(valid ? QStringLiteral("valid") : QStringLiteral("invalid"))
        .arg(score)
        .arg(valid ? QStringLiteral("The issue names a real defect on the changed line.") : QStringLiteral("The code it points at does what the change intends."));
}

inline int seedOf(const FakeLlmServer::Request &r)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("\"seed\":(\\d+)")).match(QString::fromUtf8(r.body));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// The scripted answer; `flipOnSeed` (when >= 0) turns "issue one" invalid on that seed.
inline FakeLlmServer::Reply scriptedJudge(const FakeLlmServer::Request &r, int flipOnSeed = -1, const char *unreadable = nullptr)
{
    for (const ScriptedJudgement &s : scriptedJudgements)
        if (r.body.contains(QByteArray(QByteArray(s.issue) + '\\')) || r.body.contains(QByteArray(QByteArray(s.issue) + '"'))) {
            if (unreadable && qstrcmp(unreadable, s.issue) == 0)
                return FakeLlmServer::completion(QStringLiteral("I think it is fine."));
            const bool flip = flipOnSeed >= 0 && seedOf(r) == flipOnSeed && qstrcmp(s.issue, "issue one") == 0;
            return FakeLlmServer::completion(flip ? judgeAnswer(false, 0) : judgeAnswer(s.valid, s.score));
        }
    return FakeLlmServer::status(500, "{\"error\":\"unknown comment\"}");
}

// Six comments as scripted, one judged unsure and one not judged, on one
// merge request: their ids by issue text.
inline QHash<QString, qint64> addScriptedComments(WorkspaceStore &store)
{
    QList<ReviewComment> comments;
    int line = 1;
    for (const ScriptedJudgement &s : scriptedJudgements) {
        ReviewComment c = commentAt(QStringLiteral("a.cpp"), line++, QString::fromLatin1(s.issue));
        c.category = QString::fromLatin1(s.category);
        comments << c;
    }
    comments << commentAt(QStringLiteral("a.cpp"), 20, QStringLiteral("issue unsure")) << commentAt(QStringLiteral("a.cpp"), 21, QStringLiteral("issue unjudged"));
    QHash<QString, qint64> ids;
    if (addReviewedMergeRequest(store, QStringLiteral("head"), comments) <= 0)
        return ids;
    const auto stored = store.comments();
    if (!stored)
        return ids;
    for (const StoredComment &c : *stored)
        ids.insert(c.comment.issue, c.id);
    for (const ScriptedJudgement &s : scriptedJudgements)
        if (!store.judge(verdictOf(ids.value(QString::fromLatin1(s.issue)), QStringLiteral("ann"), s.people)))
            return {};
    if (!store.judge(verdictOf(ids.value(QStringLiteral("issue unsure")), QStringLiteral("ann"), Verdict::Unsure)))
        return {};
    return ids;
}

// A CQS configuration whose judge ("the-judge", temperature 0.7) is `endpoint`.
inline bool writeJudgeConfig(const QString &path, const QString &endpoint)
{
    QFile f(path);
    const QByteArray text = QStringLiteral(R"({"pipeline": "cqs", "roles": {"collector": {"endpoint": "%1", "model": "collector"},
        "judge": {"endpoint": "%1", "model": "the-judge", "temperature": 0.7}}})").arg(endpoint).toUtf8();
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace rd::test
