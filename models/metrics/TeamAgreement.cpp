#include "TeamAgreement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>

namespace rd {

QList<AlphaLabel> alphaLabels()
{
    return {AlphaLabel::Verdict, AlphaLabel::Category, AlphaLabel::Context, AlphaLabel::KeyBug, AlphaLabel::Severity, AlphaLabel::Nitpick, AlphaLabel::Fake};
}

std::optional<TeamLabel> kappaLabelOf(AlphaLabel label)
{
    switch (label) {
    case AlphaLabel::Verdict: return TeamLabel::Verdict;
    case AlphaLabel::Category: return TeamLabel::Category;
    case AlphaLabel::Context: return TeamLabel::Context;
    case AlphaLabel::KeyBug: return TeamLabel::KeyBug;
    case AlphaLabel::Severity: return TeamLabel::Severity;
    case AlphaLabel::Nitpick:
    case AlphaLabel::Fake: return std::nullopt;
    }
    return std::nullopt;
}

QString alphaLabelName(AlphaLabel label)
{
    if (const auto team = kappaLabelOf(label))
        return teamLabelName(*team);
    return label == AlphaLabel::Nitpick ? QStringLiteral("q1_nitpick") : QStringLiteral("q2_fake");
}

AlphaMetric alphaLabelMetric(AlphaLabel label)
{
    switch (label) {
    case AlphaLabel::Verdict:
    case AlphaLabel::Category:
    case AlphaLabel::KeyBug: return AlphaMetric::Nominal;
    case AlphaLabel::Context:
    case AlphaLabel::Severity:
    case AlphaLabel::Nitpick:
    case AlphaLabel::Fake: return AlphaMetric::Ordinal;
    }
    return AlphaMetric::Nominal;
}

const AgreementReport *TeamAgreementReport::pair(const QString &a, const QString &b) const
{
    for (const AgreementReport &p : pairs)
        if ((p.first == a && p.second == b) || (p.first == b && p.second == a))
            return &p;
    return nullptr;
}

QStringList annotatorsWithVerdicts(const QList<Judgement> &judgements)
{
    QSet<QString> names;
    for (const Judgement &j : judgements)
        if (j.verdict)
            names.insert(j.annotator);
    QStringList sorted(names.cbegin(), names.cend());
    sorted.sort();
    return sorted;
}

namespace {

// The label's value in a judgement with a verdict, by name; empty when unset.
QString alphaValueName(AlphaLabel label, const Judgement &j)
{
    if (const auto team = kappaLabelOf(label))
        return teamLabelValue(*team, j);
    const std::optional<int> score = label == AlphaLabel::Nitpick ? j.q1Nitpick : j.q2Fake;
    return score ? QString::number(*score) : QString();
}

// Whether the label's values are numbers (the 1..7 scores), coded as
// themselves; the others are coded by their place in the label's value list
// (teamLabelValues: context level in its order diff, file, repository).
bool alphaValuesAreScores(AlphaLabel label)
{
    return label == AlphaLabel::Severity || label == AlphaLabel::Nitpick || label == AlphaLabel::Fake;
}

// The comments of one computation: each comment's judgements (with a
// verdict) and its merge request, which the bootstrap resamples.
struct AlphaComments
{
    QList<QList<const Judgement *>> judgements;
    QList<qint64> mergeRequests;
};

// Alpha of one label over units given as each comment's judgements.
LabelAlpha labelAlphaOf(AlphaLabel label, const AlphaComments &comments, AlphaBootstrap bootstrap)
{
    const AlphaMetric metric = alphaLabelMetric(label);
    const bool scores = alphaValuesAreScores(label);
    // Coded values by their place in the label's value list; a value outside
    // it (not written by this version) gets a code of its own, after them.
    QStringList names = scores ? QStringList() : teamLabelValues(*kappaLabelOf(label));
    QList<AlphaUnit> units;
    QSet<QString> coders;
    for (const QList<const Judgement *> &judgements : comments.judgements) {
        AlphaUnit unit;
        QStringList who;
        for (const Judgement *j : judgements) {
            const QString name = alphaValueName(label, *j);
            if (name.isEmpty())
                continue;
            if (!scores) {
                qsizetype code = names.indexOf(name);
                if (code < 0) {
                    code = names.size();
                    names << name;
                }
                unit << static_cast<double>(code);
            } else {
                unit << name.toDouble();
            }
            who << j->annotator;
        }
        if (unit.size() >= 2)
            for (const QString &a : std::as_const(who))
                coders.insert(a);
        units << unit;
    }
    LabelAlpha a;
    a.label = label;
    bootstrap.mergeRequestOfUnit = comments.mergeRequests;
    a.result = krippendorffAlpha(units, metric, bootstrap);
    a.annotators = static_cast<int>(coders.size());
    for (double v : std::as_const(a.result.valueSet))
        a.valueNames << (scores ? QString::number(v) : names.value(static_cast<qsizetype>(v)));
    switch (a.result.degeneracy) {
    case AlphaResult::Degeneracy::None: break;
    case AlphaResult::Degeneracy::NoPairableUnit: a.degenerate = QStringLiteral("no comment has this label from two or more of the annotators"); break;
    case AlphaResult::Degeneracy::OneValue:
        a.degenerate = QStringLiteral("every value given is the same (%1): with no variation alpha is undefined").arg(a.valueNames.join(QStringLiteral(", ")));
        break;
    }
    return a;
}

QList<LabelAlpha> alphasOf(const AlphaComments &comments, const AlphaBootstrap &bootstrap)
{
    QList<LabelAlpha> out;
    for (AlphaLabel l : alphaLabels())
        out << labelAlphaOf(l, comments, bootstrap);
    return out;
}

} // namespace

TeamAgreementReport computeTeamAgreement(const QList<Judgement> &judgements, const QHash<qint64, qint64> &mergeRequestOf, const QStringList &annotators,
                                         const AlphaBootstrap &bootstrap)
{
    TeamAgreementReport report;
    report.annotators = annotators;
    report.bootstrap = bootstrap;
    const QSet<QString> chosen(annotators.cbegin(), annotators.cend());
    QMap<qint64, QList<const Judgement *>> byComment; // judgements with a verdict
    QMap<qint64, QList<qint64>> commentsOf;           // merge request -> its comments any annotator judged
    for (const Judgement &j : judgements) {
        if (!chosen.contains(j.annotator))
            continue;
        QList<qint64> &comments = commentsOf[mergeRequestOf.value(j.comment, 0)];
        if (!comments.contains(j.comment))
            comments << j.comment;
        if (j.verdict)
            byComment[j.comment] << &j;
    }
    AlphaComments all;
    for (auto it = byComment.cbegin(); it != byComment.cend(); ++it) {
        all.judgements << *it;
        all.mergeRequests << mergeRequestOf.value(it.key(), 0);
    }
    report.alpha = alphasOf(all, bootstrap);
    for (auto it = commentsOf.cbegin(); it != commentsOf.cend(); ++it) {
        AlphaComments units;
        for (qint64 c : *it)
            if (const auto found = byComment.constFind(c); found != byComment.cend()) {
                units.judgements << *found;
                units.mergeRequests << it.key();
            }
        report.mergeRequests.append({it.key(), alphasOf(units, AlphaBootstrap{0, bootstrap.seed, bootstrap.level})});
    }
    for (qsizetype i = 0; i < annotators.size(); ++i)
        for (qsizetype j = i + 1; j < annotators.size(); ++j)
            report.pairs << computeAgreement(judgements, mergeRequestOf, annotators[i], annotators[j]);
    return report;
}

TeamAgreementReport teamAgreementOf(const AgreementData &data, const QStringList &annotators, const AlphaBootstrap &bootstrap)
{
    return computeTeamAgreement(data.judgements, data.mergeRequestOf, annotators.isEmpty() ? annotatorsWithVerdicts(data.judgements) : annotators, bootstrap);
}

namespace {

QJsonValue alphaJsonNumber(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonObject alphaLabelsJson(const QList<LabelAlpha> &labels, bool withInterval)
{
    QJsonObject out;
    for (const LabelAlpha &a : labels) {
        const AlphaResult &r = a.result;
        QJsonObject o;
        o.insert(QStringLiteral("metric"), alphaMetricName(r.metric));
        o.insert(QStringLiteral("alpha"), alphaJsonNumber(r.alpha));
        if (withInterval) {
            o.insert(QStringLiteral("low"), alphaJsonNumber(r.low));
            o.insert(QStringLiteral("high"), alphaJsonNumber(r.high));
            o.insert(QStringLiteral("resamples"), r.resamples);
            o.insert(QStringLiteral("merge_requests"), r.mergeRequests);
        }
        o.insert(QStringLiteral("units"), r.units);
        o.insert(QStringLiteral("values"), r.values);
        o.insert(QStringLiteral("annotators"), a.annotators);
        o.insert(QStringLiteral("observed_disagreement"), r.units ? QJsonValue(r.observedDisagreement) : QJsonValue());
        o.insert(QStringLiteral("expected_disagreement"), r.units ? QJsonValue(r.expectedDisagreement) : QJsonValue());
        QJsonObject counts;
        for (qsizetype i = 0; i < a.valueNames.size(); ++i)
            counts.insert(a.valueNames[i], r.valueCounts[i]);
        o.insert(QStringLiteral("value_counts"), counts);
        o.insert(QStringLiteral("degenerate"), a.degenerate.isEmpty() ? QJsonValue() : QJsonValue(a.degenerate));
        out.insert(alphaLabelName(a.label), o);
    }
    return out;
}

QString alphaNumberText(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'f', 3) : QStringLiteral("—");
}

QString alphaTableOf(const QList<LabelAlpha> &labels, bool withInterval)
{
    QString md = withInterval ? QStringLiteral("| label | metric | alpha | interval | units | values | annotators | note |\n"
                                               "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n")
                              : QStringLiteral("| label | metric | alpha | units | values | annotators | note |\n"
                                               "| --- | --- | ---: | ---: | ---: | ---: | --- |\n");
    for (const LabelAlpha &a : labels) {
        const AlphaResult &r = a.result;
        const QString interval = r.low ? QStringLiteral("%1 – %2").arg(alphaNumberText(r.low), alphaNumberText(r.high)) : QStringLiteral("—");
        md += QStringLiteral("| %1 | %2 | %3 |").arg(alphaLabelName(a.label), alphaMetricName(r.metric), alphaNumberText(r.alpha));
        if (withInterval)
            md += QStringLiteral(" %1 |").arg(interval);
        md += QStringLiteral(" %1 | %2 | %3 | %4 |\n").arg(r.units).arg(r.values).arg(a.annotators).arg(a.degenerate);
    }
    return md;
}

QString annotatorList(const QStringList &names)
{
    if (names.size() < 2)
        return names.join(QString());
    return names.mid(0, names.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ") + names.constLast();
}

} // namespace

QByteArray teamAgreementToJson(const TeamAgreementReport &report)
{
    QJsonObject o;
    o.insert(QStringLiteral("annotators"), QJsonArray::fromStringList(report.annotators));
    QJsonObject alpha;
    alpha.insert(QStringLiteral("overall"), alphaLabelsJson(report.alpha, true));
    QJsonArray mrs;
    for (const auto &m : report.mergeRequests) {
        QJsonObject e;
        e.insert(QStringLiteral("merge_request"), m.mergeRequest);
        e.insert(QStringLiteral("labels"), alphaLabelsJson(m.alpha, false));
        mrs.append(e);
    }
    alpha.insert(QStringLiteral("merge_requests"), mrs);
    QJsonObject bootstrap;
    bootstrap.insert(QStringLiteral("resamples"), report.bootstrap.resamples);
    bootstrap.insert(QStringLiteral("unit"), QStringLiteral("merge request"));
    // A string: 64-bit seeds, which a JSON number (a double) cannot hold whole.
    bootstrap.insert(QStringLiteral("seed"), QString::number(report.bootstrap.seed));
    bootstrap.insert(QStringLiteral("level"), report.bootstrap.level);
    alpha.insert(QStringLiteral("bootstrap"), bootstrap);
    o.insert(QStringLiteral("alpha"), alpha);
    QJsonArray pairs;
    for (const AgreementReport &p : report.pairs)
        pairs.append(agreementToJsonObject(p));
    o.insert(QStringLiteral("pairs"), pairs);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

QString teamAgreementToMarkdown(const TeamAgreementReport &report)
{
    QString md = QStringLiteral("# Agreement: %1\n\n## Krippendorff's alpha over the %2 annotators\n\n").arg(annotatorList(report.annotators)).arg(report.annotators.size());
    md += alphaTableOf(report.alpha, true);
    if (report.bootstrap.resamples > 0)
        md += QStringLiteral("\nInterval: %1 % percentile bootstrap over %2 resamples of the merge requests, each drawn with all its comments (%3 merge %4), seed %5.\n")
                  .arg(100 * report.bootstrap.level)
                  .arg(report.bootstrap.resamples)
                  .arg(report.mergeRequests.size())
                  .arg(report.mergeRequests.size() == 1 ? QStringLiteral("request") : QStringLiteral("requests"))
                  .arg(report.bootstrap.seed);

    md += QStringLiteral("\n## Cohen's kappa, every pair\n\nkappa (items both judged)\n\n| pair |");
    QString rule = QStringLiteral("| --- |");
    for (TeamLabel l : teamLabels()) {
        md += QStringLiteral(" %1 |").arg(teamLabelName(l));
        rule += QStringLiteral(" ---: |");
    }
    md += QStringLiteral("\n") + rule + QStringLiteral("\n");
    for (const AgreementReport &p : report.pairs) {
        md += QStringLiteral("| %1 and %2 |").arg(p.first, p.second);
        for (const LabelAgreement &a : p.overall)
            md += QStringLiteral(" %1 (%2) |").arg(alphaNumberText(a.kappa)).arg(a.items);
        md += QStringLiteral("\n");
    }
    for (const AgreementReport &p : report.pairs)
        md += QStringLiteral("\n") + agreementToMarkdown(p, 2);
    if (!report.mergeRequests.isEmpty())
        md += QStringLiteral("\n## Krippendorff's alpha per merge request\n");
    for (const auto &m : report.mergeRequests)
        md += QStringLiteral("\n### Merge request %1\n\n").arg(m.mergeRequest) + alphaTableOf(m.alpha, false);
    return md;
}

} // namespace rd
