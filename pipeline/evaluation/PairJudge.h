#pragma once

// LLM judges of pairs (issue 35): a judge shown two runs' reviews of one
// merge request as "A" and "B" (ArenaReviews.h: nothing names the run or its
// model) asked which it would rather receive, in both orders and repeated,
// and measured as Shi et al. 2024 ("Judging the Judges") measure position
// bias: position consistency, the positional preference score, repetition
// stability, as their released code computes them;
// and against people's votes (accuracy, Cohen's kappa). Its answers rank the
// configurations too (Arena.h). Through the pipeline's LlmClient: answers
// are cached, recordable and replayable like every judge's.
// docs/arena.md defines every figure.

#include "Arena.h"
#include "LlmClient.h"
#include "ClientThread.h"
#include "LlmTypes.h"

#include <Result.h>

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>


namespace rd {

// The judge's file: {"roles": {"judge": {endpoint, model, api_key_env, ...}}}
// with the client keys a run configuration has (concurrency, timeout_s,
// retries, max_answer_bytes); any other key is an error naming it.
struct PairJudgeConfig
{
    EndpointProfile judge;
    LlmClientOptions client;

    static Result<PairJudgeConfig> fromJson(const QByteArray &json);
    static Result<PairJudgeConfig> read(const QString &path);
};

// What the judge said on one ask: the winner as shown (A: the review shown
// first), or an error (no answer, or one without a readable winner: never
// taken as a tie).
struct PairJudgeAnswer
{
    int seed = 0;
    std::optional<PairWinner> winner;
    QString reason;
    QString error;
    bool answered = false; // an answer came (readable or not)
};

// One pair of runs asked about: `forward` shows `first` as A, `swapped`
// shows `second` as A; one answer per repeat in each.
struct JudgedPair
{
    qint64 mergeRequest = 0;
    qint64 first = 0;
    qint64 second = 0;
    QList<PairJudgeAnswer> forward;
    QList<PairJudgeAnswer> swapped;

    // The winning run of an answer (in either order); empty for a tie or no winner.
    std::optional<qint64> winningRun(const PairJudgeAnswer &answer, bool swappedOrder) const;
    // The pair's verdict over every readable answer: the most frequent of
    // "first wins", "second wins", "tie"; a draw between the most frequent
    // is a tie. Empty when no answer is readable.
    std::optional<std::optional<qint64>> verdict() const;
};

// A winner from a judge's answer: a JSON object (prose and code fences
// around it allowed) whose "winner" is "A", "B" or "tie" (any case), with
// its "reason". Anything else is an error naming what was wrong.
PairJudgeAnswer parsePairVerdict(const QString &answer);

struct PairJudgeMetrics
{
    int pairs = 0;
    int asks = 0;       // pairs × 2 orders × repeats
    int readable = 0;   // answers with a winner
    int unreadable = 0; // answers without one
    int failed = 0;     // asks that got no answer
    // Against people: every vote on a pair the judge was asked about whose
    // verdict (JudgedPair::verdict) is readable; kappa over the vote's shown
    // order (A, B, tie).
    int agreementItems = 0;
    std::optional<double> accuracy;
    std::optional<double> kappa;
    QString kappaUndefined;
    // Position consistency: of the (pair, repeat) with both orders readable,
    // the share naming the same winner (or a tie both times).
    int consistencyItems = 0;
    std::optional<double> positionConsistency;
    int primacyPreferred = 0; // inconsistent toward the first position: (A, A), (A, tie), (tie, A)
    int recencyPreferred = 0; // toward the second: (B, B), (B, tie), (tie, B)
    // Shi et al.'s positional preference score: over the (pair, repeat)
    // with both orders answered, readable or not (`preferencePairs`),
    // (recency × recency share − primacy × primacy share) / pairs, the
    // shares of primacy + recency: −1 when the judge always prefers the
    // review shown first, 0 when it is consistent (or always says tie), +1
    // when it always prefers the second. Empty without pairs.
    int preferencePairs = 0;
    std::optional<double> positionalPreferenceScore;
    // Repetition stability: the mean, over (pair, order) asked two or more
    // times with a readable answer, of the most frequent answer's count
    // divided by every repetition (unreadable ones included).
    int stabilityItems = 0;
    std::optional<double> repetitionStability;
};
PairJudgeMetrics pairJudgeMetrics(const QList<JudgedPair> &pairs, const QList<PairwiseVote> &people);

// Every readable answer as a comparison (for the judge's own ranking).
QList<ArenaComparison> judgeComparisons(const QList<JudgedPair> &pairs);

struct PairJudgeRequest
{
    QString configPath;
    int repeats = 1;   // each order asked this many times, seeds seed, seed + 1, ... (mod 2^31)
    quint64 seed = stats::DefaultSeed;
    int sample = 0;    // 0: every pair people voted on; N: N pairs drawn (PairDrawing.h)
    QString cache;     // response cache folder; empty: none
    QString replay;    // answer from this recording instead of the endpoint
};

struct PairJudgeOutcome
{
    QString judgeModel;
    QString judgeEndpoint;
    double temperature = 0;
    int repeats = 1;
    quint64 seed = stats::DefaultSeed;
    QString pairsFrom;          // "votes" or "sample"
    QList<JudgedPair> pairs;
    PairJudgeMetrics metrics;
    ArenaRanking ranking;       // the judge's own
    QList<Exchange> exchanges;  // for --record
    QStringList errors;         // failed asks and unreadable answers, each named
    std::optional<Error> error; // nothing could be asked
};

class PairJudgeJob : public QObject
{
    Q_OBJECT
public:
    explicit PairJudgeJob(QObject *parent = nullptr);
    ~PairJudgeJob() override;

    // Reads the judge's file (and recording) and sets up its client: an
    // error here is the request's, and nothing is asked.
    Result<bool> prepare(const PairJudgeRequest &request);
    // Blocking, on the caller's thread (the client answers on its own):
    // asks about the pairs of `data` (people's, or a sample), with the
    // merge requests' `comments`, and ranks with `settings`.
    PairJudgeOutcome run(const ArenaData &data, const QList<StoredComment> &comments, const ArenaSettings &settings);

Q_SIGNALS:
    void progressed(int answered, int asked);

private:
    PairJudgeRequest m_request;
    EndpointProfile m_judge;
    ClientThread m_client{QStringLiteral("pair judge")};
};

} // namespace rd
