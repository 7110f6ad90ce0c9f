#pragma once

// The arena's tests (tst_arena, tst_arenacli): a workspace of merge requests
// each reviewed by runs of three configurations, one of which finds the key
// bug there, and people's votes that prefer the review holding it; fake LLM
// judges of pairs (always the first review, always a tie, the one holding the
// key bug) on the fake OpenAI-compatible server.

#include "FakeLlmServer.h"

#include <PairwiseVote.h>
#include <WorkspaceStore.h>

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace rd::test {

// The text that marks the review holding the key bug (never a configuration's
// or model's name: the judge must not see those).
inline const QString &keyBugText()
{
    static const QString text = QStringLiteral("Use after free: release() frees the buffer that flush() still reads");
    return text;
}

struct ArenaMergeRequest
{
    qint64 id = 0;
    QHash<QString, qint64> runOf; // configuration label -> run id
    QString keyBugFoundBy;        // the configuration whose run holds the key bug
};

struct ArenaWorkspace
{
    QStringList configurations{QStringLiteral("alpha config"), QStringLiteral("beta config"), QStringLiteral("gamma config")};
    QList<ArenaMergeRequest> mergeRequests;
    QList<PairwiseVote> votes; // as stored
};

// `count` merge requests; on each, one run of every configuration (labels as
// above, models "model-alpha", ...). The key bug is alpha's on every merge
// request but every third, where it is beta's. People ("ann") vote on every
// pair of every merge request: the run holding the key bug wins, else a tie;
// which run is shown first alternates.
inline ArenaWorkspace makeArenaWorkspace(WorkspaceStore &store, int count = 3, bool vote = true)
{
    ArenaWorkspace w;
    int voteNumber = 0;
    for (int m = 0; m < count; ++m) {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/src/arena");
        e.base = QStringLiteral("main");
        e.head = QStringLiteral("topic-%1").arg(m + 1);
        e.title = QStringLiteral("Change %1 of the buffer pool").arg(m + 1);
        e.codeLinked = false;
        const auto mr = store.addMergeRequest(e);
        if (!mr)
            return w;
        ArenaMergeRequest a;
        a.id = *mr;
        a.keyBugFoundBy = w.configurations[(m + 1) % 3 == 0 ? 1 : 0];
        for (qsizetype c = 0; c < w.configurations.size(); ++c) {
            const QString &configuration = w.configurations[c];
            StoredRun run;
            run.mergeRequest = *mr;
            run.label = configuration;
            run.model = QStringLiteral("model-") + configuration.section(QLatin1Char(' '), 0, 0);
            run.record = "{}";
            QList<ReviewComment> comments;
            ReviewComment style;
            style.file = QStringLiteral("src/pool.cpp");
            style.lineStart = style.lineEnd = 10 + m;
            // Each run's own text, so a test can tell which run a review shows.
            style.issue = QStringLiteral("Rename the local variable for readability (%1.%2)").arg(m + 1).arg(c + 1);
            style.q3Severity = 2;
            comments << style;
            if (configuration == a.keyBugFoundBy) {
                ReviewComment bug;
                bug.file = QStringLiteral("src/pool.cpp");
                bug.lineStart = 40;
                bug.lineEnd = 42;
                bug.issue = keyBugText();
                bug.fix = QStringLiteral("Flush before releasing.");
                bug.q3Severity = 7;
                comments << bug;
            }
            ReviewComment dropped = style;
            dropped.issue = QStringLiteral("A comment the pipeline filtered out");
            dropped.drop(QStringLiteral("coarse"));
            comments << dropped;
            const auto id = store.addRun(run, comments);
            if (!id)
                return w;
            a.runOf.insert(configuration, *id);
        }
        w.mergeRequests << a;
        if (!vote)
            continue;
        for (int x = 0; x < 3; ++x)
            for (int y = x + 1; y < 3; ++y) {
                const qint64 rx = a.runOf.value(w.configurations[x]);
                const qint64 ry = a.runOf.value(w.configurations[y]);
                const bool xFirst = voteNumber++ % 2 == 0;
                PairwiseVote v;
                v.mergeRequest = a.id;
                v.runA = xFirst ? rx : ry;
                v.runB = xFirst ? ry : rx;
                v.annotator = QStringLiteral("ann");
                const qint64 bugRun = a.runOf.value(a.keyBugFoundBy);
                v.winner = v.runA == bugRun ? PairWinner::A : v.runB == bugRun ? PairWinner::B : PairWinner::Tie;
                const auto stored = store.addVote(v);
                if (!stored)
                    return w;
                v.id = stored->id;
                w.votes << v;
            }
    }
    return w;
}

// The user message of a chat request, and the two reviews in it.
inline QString userMessage(const FakeLlmServer::Request &r)
{
    const QJsonArray messages = QJsonDocument::fromJson(r.body).object().value(QStringLiteral("messages")).toArray();
    return messages.isEmpty() ? QString() : messages.last().toObject().value(QStringLiteral("content")).toString();
}

inline QString reviewIn(const QString &prompt, const QString &which)
{
    const QString begin = QStringLiteral("=== Review %1 BEGIN ===").arg(which);
    const QString end = QStringLiteral("=== Review %1 END ===").arg(which);
    const qsizetype from = prompt.indexOf(begin);
    const qsizetype to = prompt.indexOf(end);
    return from < 0 || to < from ? QString() : prompt.mid(from + begin.size(), to - from - begin.size());
}

inline FakeLlmServer::Reply pairAnswer(const QString &winner, const QString &reason = QStringLiteral("scripted"))
{
    return FakeLlmServer::completion(QStringLiteral("```json\n{\"winner\": \"%1\", \"reason\": \"%2\"}\n```").arg(winner, reason));
}

// Fake judges of pairs.
inline FakeLlmServer::Reply alwaysFirstJudge(const FakeLlmServer::Request &)
{
    return pairAnswer(QStringLiteral("A"));
}

inline FakeLlmServer::Reply alwaysTieJudge(const FakeLlmServer::Request &)
{
    return pairAnswer(QStringLiteral("tie"));
}

// Prefers the review that holds the key bug, whichever side it is shown on.
inline FakeLlmServer::Reply keyBugJudge(const FakeLlmServer::Request &r)
{
    const QString prompt = userMessage(r);
    const bool inA = reviewIn(prompt, QStringLiteral("A")).contains(keyBugText());
    const bool inB = reviewIn(prompt, QStringLiteral("B")).contains(keyBugText());
    if (reviewIn(prompt, QStringLiteral("A")).isEmpty() || reviewIn(prompt, QStringLiteral("B")).isEmpty())
        return FakeLlmServer::status(500, "{\"error\":\"no reviews in the prompt\"}");
    return pairAnswer(inA == inB ? QStringLiteral("tie") : inA ? QStringLiteral("A") : QStringLiteral("B"));
}

inline bool writePairJudgeConfig(const QString &path, const QString &endpoint, const QString &model = QStringLiteral("pair-judge"), const QString &extra = {})
{
    QFile f(path);
    const QByteArray text = QStringLiteral(R"({"roles": {"judge": {"endpoint": "%1", "model": "%2"}}%3})").arg(endpoint, model, extra).toUtf8();
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace rd::test
