#include "ArenaReport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace rd {

namespace {

QJsonValue arenaRounded(const std::optional<double> &v, int digits)
{
    if (!v)
        return QJsonValue();
    const double scale = std::pow(10.0, digits);
    return std::round(*v * scale) / scale;
}

QJsonValue arenaTextOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonObject arenaRankingJson(const ArenaRanking &r)
{
    QJsonArray reviewers;
    for (const ArenaReviewer &c : r.reviewers) {
        QJsonArray runs;
        for (qint64 id : c.runs)
            runs.append(id);
        reviewers.append(QJsonObject{{QStringLiteral("reviewer"), c.label},
                                     {QStringLiteral("runs"), runs},
                                     {QStringLiteral("strength"), arenaRounded(c.strength, 4)},
                                     {QStringLiteral("low"), arenaRounded(c.low, 4)},
                                     {QStringLiteral("high"), arenaRounded(c.high, 4)},
                                     {QStringLiteral("elo"), arenaRounded(eloOf(c.strength), 1)},
                                     {QStringLiteral("elo_low"), arenaRounded(eloOf(c.low), 1)},
                                     {QStringLiteral("elo_high"), arenaRounded(eloOf(c.high), 1)},
                                     {QStringLiteral("resamples"), c.resamples},
                                     {QStringLiteral("votes"), c.votes},
                                     {QStringLiteral("wins"), c.wins},
                                     {QStringLiteral("ties"), c.ties},
                                     {QStringLiteral("losses"), c.losses}});
    }
    QJsonArray probabilities;
    for (const ArenaWinProbability &w : r.winProbability)
        probabilities.append(QJsonObject{{QStringLiteral("a"), w.a},
                                         {QStringLiteral("b"), w.b},
                                         {QStringLiteral("p"), arenaRounded(w.p, 3)},
                                         {QStringLiteral("low"), arenaRounded(w.low, 3)},
                                         {QStringLiteral("high"), arenaRounded(w.high, 3)},
                                         {QStringLiteral("resamples"), w.resamples}});
    QJsonObject o;
    o.insert(QStringLiteral("reviewers"), reviewers);
    o.insert(QStringLiteral("win_probability"), probabilities);
    o.insert(QStringLiteral("votes"), r.votes);
    o.insert(QStringLiteral("merge_requests"), r.mergeRequests);
    o.insert(QStringLiteral("set_aside"), QJsonObject{{QStringLiteral("same_configuration"), r.sameConfiguration}});
    o.insert(QStringLiteral("model"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Bradley-Terry")},
                                                  {QStringLiteral("ties"), QStringLiteral("half a win each")},
                                                  {QStringLiteral("fit"), QStringLiteral("maximum likelihood")},
                                                  {QStringLiteral("finite"), r.finite},
                                                  {QStringLiteral("not_finite"), arenaTextOrNull(r.notFinite)},
                                                  {QStringLiteral("iterations"), r.iterations},
                                                  {QStringLiteral("log_likelihood"), arenaRounded(r.finite ? std::optional<double>(r.logLikelihood) : std::nullopt, 4)}});
    o.insert(QStringLiteral("bootstrap"), QJsonObject{{QStringLiteral("resamples"), r.settings.bootstrap},
                                                      {QStringLiteral("finite"), r.countedResamples},
                                                      {QStringLiteral("seed"), QString::number(r.settings.seed)},
                                                      {QStringLiteral("level"), r.settings.level},
                                                      {QStringLiteral("unit"), QStringLiteral("merge request")},
                                                      {QStringLiteral("no_interval"), arenaTextOrNull(r.noInterval)}});
    return o;
}

QJsonObject arenaJudgeJson(const PairJudgeOutcome &j)
{
    const PairJudgeMetrics &m = j.metrics;
    QJsonArray errors;
    for (const QString &e : j.errors.mid(0, 20))
        errors.append(e);
    return QJsonObject{
        {QStringLiteral("judge"), j.judgeModel},
        {QStringLiteral("endpoint"), j.judgeEndpoint},
        {QStringLiteral("temperature"), j.temperature},
        {QStringLiteral("repeats"), j.repeats},
        {QStringLiteral("seed"), QString::number(j.seed)},
        {QStringLiteral("pairs_from"), j.pairsFrom},
        {QStringLiteral("pairs"), m.pairs},
        {QStringLiteral("asks"), m.asks},
        {QStringLiteral("readable"), m.readable},
        {QStringLiteral("unreadable"), m.unreadable},
        {QStringLiteral("failed"), m.failed},
        {QStringLiteral("agreement"), QJsonObject{{QStringLiteral("accuracy"), arenaRounded(m.accuracy, 4)},
                                                  {QStringLiteral("kappa"), arenaRounded(m.kappa, 4)},
                                                  {QStringLiteral("kappa_undefined"), arenaTextOrNull(m.kappaUndefined)},
                                                  {QStringLiteral("items"), m.agreementItems}}},
        {QStringLiteral("position_consistency"), QJsonObject{{QStringLiteral("value"), arenaRounded(m.positionConsistency, 4)},
                                                             {QStringLiteral("items"), m.consistencyItems},
                                                             {QStringLiteral("primacy_preferred"), m.primacyPreferred},
                                                             {QStringLiteral("recency_preferred"), m.recencyPreferred}}},
        {QStringLiteral("positional_preference_score"), QJsonObject{{QStringLiteral("value"), arenaRounded(m.positionalPreferenceScore, 4)},
                                                                    {QStringLiteral("pairs"), m.preferencePairs}}},
        {QStringLiteral("repetition_stability"), QJsonObject{{QStringLiteral("value"), arenaRounded(m.repetitionStability, 4)},
                                                             {QStringLiteral("items"), m.stabilityItems}}},
        {QStringLiteral("ranking"), arenaRankingJson(j.ranking)},
        {QStringLiteral("errors"), errors},
    };
}

QString arenaNumber(const std::optional<double> &v, int digits)
{
    return v ? QString::number(*v, 'f', digits) : QStringLiteral("—");
}

// A figure with its interval; a side the resamples left open (infinite) is
// ∞, and without resamples there is no interval.
QString arenaWithInterval(const std::optional<double> &v, const std::optional<double> &low, const std::optional<double> &high, int resamples, int digits)
{
    if (!v)
        return QStringLiteral("—");
    if (resamples <= 0)
        return arenaNumber(v, digits);
    return QStringLiteral("%1 (%2 to %3)")
        .arg(arenaNumber(v, digits), low ? arenaNumber(low, digits) : QStringLiteral("−∞"), high ? arenaNumber(high, digits) : QStringLiteral("∞"));
}

QString arenaRankingMarkdown(const ArenaRanking &r)
{
    QString md;
    md += QStringLiteral("%1 %2 on %3 %4; Bradley–Terry by maximum likelihood, a tie half a win each; ")
              .arg(r.votes)
              .arg(r.votes == 1 ? QStringLiteral("vote") : QStringLiteral("votes"))
              .arg(r.mergeRequests)
              .arg(r.mergeRequests == 1 ? QStringLiteral("merge request") : QStringLiteral("merge requests"));
    md += r.noInterval.isEmpty() ? QStringLiteral("%1 % intervals from %2 bootstrap resamples of the merge requests (seed %3; %4 with every strength finite).\n\n")
                                       .arg(r.settings.level * 100)
                                       .arg(r.settings.bootstrap)
                                       .arg(r.settings.seed)
                                       .arg(r.countedResamples)
                                 : QStringLiteral("no intervals: %1.\n\n").arg(r.noInterval);
    if (!r.finite)
        md += QStringLiteral("No strengths: %1.\n\n").arg(r.notFinite);
    if (r.sameConfiguration > 0)
        md += QStringLiteral("%1 votes between two runs of one configuration are set aside.\n\n").arg(r.sameConfiguration);
    md += QStringLiteral("| rank | reviewer | runs | strength | Elo | votes | wins | ties | losses |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    int rank = 0;
    for (const ArenaReviewer &c : r.reviewers) {
        // The runs' ids are in the JSON; a table of hundreds of merge requests counts them.
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 |\n")
                  .arg(c.strength ? QString::number(++rank) : QStringLiteral("—"), c.label, QString::number(c.runs.size()),
                       arenaWithInterval(c.strength, c.low, c.high, c.resamples, 3), arenaWithInterval(eloOf(c.strength), eloOf(c.low), eloOf(c.high), c.resamples, 0))
                  .arg(c.votes)
                  .arg(c.wins)
                  .arg(c.ties)
                  .arg(c.losses);
    }
    if (!r.winProbability.isEmpty()) {
        md += QStringLiteral("\n| a | b | P(a's review preferred) |\n| --- | --- | --- |\n");
        for (const ArenaWinProbability &w : r.winProbability)
            md += QStringLiteral("| %1 | %2 | %3 |\n").arg(w.a, w.b, arenaWithInterval(w.p, w.low, w.high, w.resamples, 3));
    }
    return md;
}

} // namespace

QByteArray arenaJson(const ArenaReport &report)
{
    QJsonObject o = arenaRankingJson(report.people);
    if (!report.judges.isEmpty()) {
        QJsonArray judges;
        for (const PairJudgeOutcome &j : report.judges)
            judges.append(arenaJudgeJson(j));
        o.insert(QStringLiteral("judges"), judges);
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

QString arenaMarkdown(const ArenaReport &report)
{
    QString md = QStringLiteral("## Arena: people's votes\n\n") + arenaRankingMarkdown(report.people);
    for (const PairJudgeOutcome &j : report.judges) {
        const PairJudgeMetrics &m = j.metrics;
        md += QStringLiteral("\n## Judge %1\n\n%2 pairs (%3), both orders × %4 repeats: %5 asks, %6 readable, %7 without a readable winner, %8 unanswered.\n\n")
                  .arg(j.judgeModel)
                  .arg(m.pairs)
                  .arg(j.pairsFrom == QLatin1String("sample") ? QStringLiteral("a sample") : QStringLiteral("those people voted on"))
                  .arg(j.repeats)
                  .arg(m.asks)
                  .arg(m.readable)
                  .arg(m.unreadable)
                  .arg(m.failed);
        md += QStringLiteral("| figure | value | items |\n| --- | --- | --- |\n");
        md += QStringLiteral("| agreement with people: accuracy | %1 | %2 votes |\n").arg(arenaNumber(m.accuracy, 3)).arg(m.agreementItems);
        md += QStringLiteral("| agreement with people: Cohen's kappa | %1 | %2 votes |\n")
                  .arg(m.kappa ? arenaNumber(m.kappa, 3) : QStringLiteral("— (%1)").arg(m.kappaUndefined))
                  .arg(m.agreementItems);
        md += QStringLiteral("| position consistency | %1 | %2 pairs × repeats (%3 first-position, %4 second-position preferred) |\n")
                  .arg(arenaNumber(m.positionConsistency, 3))
                  .arg(m.consistencyItems)
                  .arg(m.primacyPreferred)
                  .arg(m.recencyPreferred);
        md += QStringLiteral("| positional preference score (−1 first, +1 second) | %1 | %2 pairs × repeats asked both ways |\n")
                  .arg(arenaNumber(m.positionalPreferenceScore, 3))
                  .arg(m.preferencePairs);
        md += QStringLiteral("| repetition stability | %1 | %2 pairs × orders |\n").arg(arenaNumber(m.repetitionStability, 3)).arg(m.stabilityItems);
        // The judge's ranking beside people's, by configuration.
        md += QStringLiteral("\n| reviewer | people: Elo | judge: Elo |\n| --- | --- | --- |\n");
        for (const ArenaReviewer &people : report.people.reviewers) {
            const auto judged = std::find_if(j.ranking.reviewers.cbegin(), j.ranking.reviewers.cend(), [&](const ArenaReviewer &r) { return r.label == people.label; });
            const std::optional<double> strength = judged == j.ranking.reviewers.cend() ? std::nullopt : judged->strength;
            const std::optional<double> low = judged == j.ranking.reviewers.cend() ? std::nullopt : judged->low;
            const std::optional<double> high = judged == j.ranking.reviewers.cend() ? std::nullopt : judged->high;
            const int resamples = judged == j.ranking.reviewers.cend() ? 0 : judged->resamples;
            md += QStringLiteral("| %1 | %2 | %3 |\n")
                      .arg(people.label, arenaWithInterval(eloOf(people.strength), eloOf(people.low), eloOf(people.high), people.resamples, 0),
                           arenaWithInterval(eloOf(strength), eloOf(low), eloOf(high), resamples, 0));
        }
        if (!j.ranking.finite)
            md += QStringLiteral("\nThe judge's strengths: none, %1.\n").arg(j.ranking.notFinite);
    }
    return md;
}

} // namespace rd
