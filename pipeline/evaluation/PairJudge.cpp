#include "PairJudge.h"

#include "AnswerSource.h"
#include "ArenaReviews.h"
#include "ConfigJson.h"
#include "JsonInText.h"
#include "PairDrawing.h"
#include "Prompts.h"

#include <DiffContext.h>

#include <QCoreApplication>
#include <QFile>
#include <QFuture>
#include <QMap>
#include <QThread>

#include <tuple>

namespace rd {

using namespace config;

Result<PairJudgeConfig> PairJudgeConfig::fromJson(const QByteArray &text)
{
    const Json j = Json::parse(text.toStdString(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "the judge's configuration is not a JSON object"));
    if (auto e = unknownKey(j, {QStringLiteral("roles"), QStringLiteral("concurrency"), QStringLiteral("timeout_s"), QStringLiteral("retries"), QStringLiteral("max_answer_bytes")},
                            QString()))
        return *e;
    if (!j.contains("roles") || !j["roles"].is_object() || !j["roles"].contains("judge"))
        return invalid(QCoreApplication::translate("rd::pipeline", "the judge's configuration: roles.judge is missing (its endpoint and model)"));
    if (auto e = unknownKey(j["roles"], {QStringLiteral("judge")}, QStringLiteral("roles.")))
        return *e;
    auto profile = readProfile(j["roles"]["judge"], QStringLiteral("judge"));
    if (!profile)
        return profile.error();
    PairJudgeConfig c;
    c.judge = *profile;
    int timeoutSeconds = c.client.timeoutMs / 1000;
    for (const auto &[key, min, max, target] : {std::tuple{"concurrency", 1, 64, &c.client.concurrency}, std::tuple{"timeout_s", 1, 3600, &timeoutSeconds},
                                                std::tuple{"retries", 0, 10, &c.client.retries}, std::tuple{"max_answer_bytes", 1024, 1 << 30, &c.client.maxAnswerBytes}})
        if (auto e = readInt(j, key, min, max, *target))
            return *e;
    c.client.timeoutMs = timeoutSeconds * 1000;
    return c;
}

Result<PairJudgeConfig> PairJudgeConfig::read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "cannot read the judge's configuration %1: %2").arg(path, file.errorString())};
    auto config = fromJson(file.readAll());
    if (!config)
        return Error{Error::Kind::Usage, QStringLiteral("%1: %2").arg(path, config.error().message)};
    return config;
}

PairJudgeAnswer parsePairVerdict(const QString &answer)
{
    PairJudgeAnswer out;
    out.answered = true;
    QString seen;
    for (const nlohmann::json &candidate : jsonValuesIn(answer)) {
        const nlohmann::json &j = candidate.is_array() && !candidate.empty() ? candidate[0] : candidate;
        if (!j.is_object() || !j.contains("winner"))
            continue;
        if (!j["winner"].is_string()) {
            seen = QString::fromStdString(j["winner"].dump());
            continue;
        }
        const QString winner = QString::fromStdString(j["winner"].get<std::string>()).trimmed();
        if (winner.compare(QLatin1String("A"), Qt::CaseInsensitive) == 0)
            out.winner = PairWinner::A;
        else if (winner.compare(QLatin1String("B"), Qt::CaseInsensitive) == 0)
            out.winner = PairWinner::B;
        else if (winner.compare(QLatin1String("tie"), Qt::CaseInsensitive) == 0)
            out.winner = PairWinner::Tie;
        else {
            seen = QStringLiteral("\"%1\"").arg(winner);
            continue;
        }
        if (j.contains("reason") && j["reason"].is_string())
            out.reason = QString::fromStdString(j["reason"].get<std::string>());
        return out;
    }
    out.error = seen.isEmpty() ? QCoreApplication::translate("rd::pipeline", "no JSON object with a \"winner\" in the judge's answer")
                               : QCoreApplication::translate("rd::pipeline", "the judge's winner %1 is not \"A\", \"B\" or \"tie\"").arg(seen);
    return out;
}

std::optional<qint64> JudgedPair::winningRun(const PairJudgeAnswer &answer, bool swappedOrder) const
{
    if (!answer.winner || *answer.winner == PairWinner::Tie)
        return std::nullopt;
    const qint64 shownFirst = swappedOrder ? second : first;
    const qint64 shownSecond = swappedOrder ? first : second;
    return *answer.winner == PairWinner::A ? shownFirst : shownSecond;
}

std::optional<std::optional<qint64>> JudgedPair::verdict() const
{
    int firstWins = 0, secondWins = 0, ties = 0;
    for (const bool swappedOrder : {false, true})
        for (const PairJudgeAnswer &a : swappedOrder ? swapped : forward) {
            if (!a.winner)
                continue;
            const auto run = winningRun(a, swappedOrder);
            if (!run)
                ++ties;
            else if (*run == first)
                ++firstWins;
            else
                ++secondWins;
        }
    if (firstWins + secondWins + ties == 0)
        return std::nullopt;
    if (firstWins > secondWins && firstWins > ties)
        return std::optional<qint64>(first);
    if (secondWins > firstWins && secondWins > ties)
        return std::optional<qint64>(second);
    return std::optional<qint64>();
}

PairJudgeJob::PairJudgeJob(QObject *parent) : QObject(parent) {}

PairJudgeJob::~PairJudgeJob() = default;

Result<bool> PairJudgeJob::prepare(const PairJudgeRequest &request)
{
    if (request.repeats < 1 || request.sample < 0)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "repeats must be at least 1 and the sample not negative")};
    auto config = PairJudgeConfig::read(request.configPath);
    if (!config)
        return config.error();
    const bool replay = !request.replay.isEmpty();
    if (!replay)
        if (auto missing = checkApiKey(config->judge, QStringLiteral("judge")))
            return Error{Error::Kind::Usage, QStringLiteral("%1: %2").arg(request.configPath, missing->message)};
    const auto answers = AnswerSource::from(request.replay, replay ? QString() : request.cache);
    if (!answers)
        return answers.error();
    m_request = request;
    m_judge = config->judge;
    if (replay)
        m_judge.endpoint = QStringLiteral("replay:");
    // run() blocks on the answers (ClientThread.h).
    m_client.replace(makeLlmClient(config->client, *answers));
    return true;
}

namespace {

// The code the two reviews comment on: the diff around each located
// comment of either, each hunk once, at most `budget` characters.
QString pairJudgeDiff(DiffContext &diffs, const MergeRequestEntry *mr, const QList<StoredComment> &comments, qint64 first, qint64 second)
{
    if (!mr)
        return {};
    QStringList seen;
    QString out;
    constexpr qsizetype budget = 24000;
    for (const StoredComment &c : comments) {
        if (c.run != first && c.run != second)
            continue;
        const QString around = diffs.around(*mr, c);
        if (around.isEmpty() || seen.contains(around))
            continue;
        seen << around;
        if (out.size() + around.size() > budget)
            return out + QStringLiteral("... (the rest of the change is left out)\n");
        out += QStringLiteral("--- %1\n").arg(c.comment.file) + around;
    }
    return out;
}

ChatRequest pairJudgeRequest(const EndpointProfile &judge, int seed, const QList<ChatMessage> &prompt, const QString &label)
{
    ChatRequest request;
    request.profile = judge;
    // Each repeat its own request: with one seed the cache would answer all alike.
    request.profile.seed = seed;
    request.messages = prompt;
    request.label = label;
    return request;
}

struct PairAsk
{
    qsizetype pair = 0;
    bool swappedOrder = false;
    int repeat = 0;
    QFuture<Exchange> answer;
};

} // namespace

PairJudgeOutcome PairJudgeJob::run(const ArenaData &data, const QList<StoredComment> &comments, const ArenaSettings &settings)
{
    PairJudgeOutcome out;
    out.judgeModel = m_judge.model;
    out.judgeEndpoint = m_request.replay.isEmpty() ? m_judge.endpoint : QStringLiteral("replay:") + m_request.replay;
    out.temperature = m_judge.temperature;
    out.repeats = m_request.repeats;
    out.seed = m_request.seed;
    out.pairsFrom = m_request.sample > 0 ? QStringLiteral("sample") : QStringLiteral("votes");
    if (!m_client.client()) {
        out.error = Error{Error::Kind::Internal, QStringLiteral("the pair judge was not prepared")};
        return out;
    }

    // The pairs: each pair of runs people voted on, once (its first vote's
    // order is the "forward" one); or a balanced sample.
    if (m_request.sample > 0) {
        for (const DrawnPair &d : drawPairs(data.runs, data.votes, m_request.sample, m_request.seed))
            out.pairs << JudgedPair{d.mergeRequest, d.runA, d.runB, {}, {}};
    } else {
        QSet<std::pair<qint64, qint64>> asked;
        for (const PairwiseVote &v : data.votes) {
            const auto key = std::pair{std::min(v.runA, v.runB), std::max(v.runA, v.runB)};
            if (asked.contains(key))
                continue;
            asked.insert(key);
            out.pairs << JudgedPair{v.mergeRequest, v.runA, v.runB, {}, {}};
        }
    }
    if (out.pairs.isEmpty()) {
        out.error = Error{Error::Kind::Usage, m_request.sample > 0 ? QCoreApplication::translate("rd::pipeline", "no merge request has runs of two configurations to sample a pair from")
                                                                   : QCoreApplication::translate("rd::pipeline", "nobody has voted on a pair yet: vote first (prefer), or ask about a --sample of pairs")};
        return out;
    }

    QHash<qint64, QList<StoredComment>> commentsOf; // by merge request
    for (const StoredComment &c : comments)
        commentsOf[c.mergeRequest] << c;
    DiffContext diffs;
    QList<PairAsk> asks;
    for (qsizetype p = 0; p < out.pairs.size(); ++p) {
        JudgedPair &pair = out.pairs[p];
        const QList<StoredComment> &mine = commentsOf[pair.mergeRequest];
        const MergeRequestEntry *mr = data.mergeRequest(pair.mergeRequest);
        const QString first = blindReviewText(blindReviewOf(mine, pair.first));
        const QString second = blindReviewText(blindReviewOf(mine, pair.second));
        const QString diff = pairJudgeDiff(diffs, mr, mine, pair.first, pair.second);
        for (const bool swappedOrder : {false, true}) {
            const QList<ChatMessage> prompt = buildPrompt(QStringLiteral("arena/pair_judge"),
                                                          {{QStringLiteral("title"), mr ? mr->title : QString()},
                                                           {QStringLiteral("description"), mr ? mr->description : QString()},
                                                           {QStringLiteral("diff"), diff.isEmpty() ? QStringLiteral("(the code is not at hand)") : diff},
                                                           {QStringLiteral("review_a"), swappedOrder ? second : first},
                                                           {QStringLiteral("review_b"), swappedOrder ? first : second}});
            for (int k = 0; k < m_request.repeats; ++k) {
                // An endpoint's seed is a 32-bit integer: S + k modulo 2^31.
                const int seed = int((m_request.seed + quint64(k)) % (quint64(1) << 31));
                PairJudgeAnswer pending;
                pending.seed = seed;
                (swappedOrder ? pair.swapped : pair.forward) << pending;
                // The label names runs for the log and the recording, never the prompt.
                const QString label = QStringLiteral("pair judge, merge request %1, runs %2 and %3, %4 first, repeat %5")
                                          .arg(pair.mergeRequest)
                                          .arg(pair.first)
                                          .arg(pair.second)
                                          .arg(swappedOrder ? pair.second : pair.first)
                                          .arg(k + 1);
                asks << PairAsk{p, swappedOrder, k, m_client.client()->send(pairJudgeRequest(m_judge, seed, prompt, label))};
            }
        }
    }
    int answered = 0;
    for (PairAsk &ask : asks) {
        const Exchange e = ask.answer.result();
        out.exchanges << e;
        JudgedPair &pair = out.pairs[ask.pair];
        PairJudgeAnswer &a = (ask.swappedOrder ? pair.swapped : pair.forward)[ask.repeat];
        if (!e.ok()) {
            a.error = e.error;
            out.errors << QStringLiteral("%1: %2").arg(e.request.label, e.error);
        } else {
            const int seed = a.seed;
            a = parsePairVerdict(e.response);
            a.seed = seed;
            if (!a.error.isEmpty())
                out.errors << QStringLiteral("%1: %2").arg(e.request.label, a.error);
        }
        Q_EMIT progressed(++answered, int(asks.size()));
    }
    out.metrics = pairJudgeMetrics(out.pairs, data.votes);
    out.ranking = rankConfigurations(judgeComparisons(out.pairs), data.runs, settings);
    return out;
}

} // namespace rd
