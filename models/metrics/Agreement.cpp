#include "Agreement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

#include <cmath>
#include <cstdlib>

namespace rd {

namespace {

// Agreement weight of values i and j: exact for nominal labels, within ±1
// for severity (values 1..7 in order).
bool agreeing(TeamLabel label, qsizetype i, qsizetype j)
{
    return label == TeamLabel::Severity ? std::abs(static_cast<int>(i - j)) <= 1 : i == j;
}

} // namespace

QStringList teamLabelValues(TeamLabel label)
{
    switch (label) {
    case TeamLabel::Verdict: return {verdictName(Verdict::Accept), verdictName(Verdict::Reject), verdictName(Verdict::Unsure)};
    case TeamLabel::Category: return aacrCategories();
    case TeamLabel::Context:
        return {contextLevelName(ContextLevel::Diff), contextLevelName(ContextLevel::File), contextLevelName(ContextLevel::Repo)};
    case TeamLabel::KeyBug: return {QStringLiteral("yes"), QStringLiteral("no")};
    case TeamLabel::Severity: return {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4"), QStringLiteral("5"), QStringLiteral("6"), QStringLiteral("7")};
    }
    return {};
}

QString teamLabelValue(TeamLabel label, const Judgement &j)
{
    switch (label) {
    case TeamLabel::Verdict: return j.verdict ? verdictName(*j.verdict) : QString();
    case TeamLabel::Category: return j.category.value_or(QString());
    case TeamLabel::Context: return j.context ? contextLevelName(*j.context) : QString();
    case TeamLabel::KeyBug: return j.keyBug.value_or(false) ? QStringLiteral("yes") : QStringLiteral("no");
    case TeamLabel::Severity: return j.q3Severity ? QString::number(*j.q3Severity) : QString();
    }
    return {};
}

LabelAgreement kappaFromConfusion(TeamLabel label, const QStringList &values, const QList<QList<int>> &confusion)
{
    LabelAgreement a;
    a.label = label;
    a.values = values;
    a.confusion = confusion;
    const qsizetype k = values.size();
    QList<double> rows(k, 0.0), columns(k, 0.0);
    double agreeingItems = 0;
    for (qsizetype i = 0; i < k; ++i)
        for (qsizetype j = 0; j < k; ++j) {
            const int n = confusion[i][j];
            a.items += n;
            rows[i] += n;
            columns[j] += n;
            if (agreeing(label, i, j))
                agreeingItems += n;
        }
    if (a.items == 0) {
        a.degeneracy = LabelAgreement::Degeneracy::NoItems;
        a.degenerate = QStringLiteral("no item was judged by both annotators");
        return a;
    }
    const double n = a.items;
    a.observed = agreeingItems / n;
    for (qsizetype i = 0; i < k; ++i)
        for (qsizetype j = 0; j < k; ++j)
            if (agreeing(label, i, j))
                a.expected += (rows[i] / n) * (columns[j] / n);
    // p_e = 1 happens only when chance alone must agree: both annotators
    // used one value (the same one), or for severity values all within ±1.
    if (std::abs(1.0 - a.expected) < 1e-12) {
        QStringList used;
        for (qsizetype i = 0; i < k; ++i)
            if (rows[i] > 0 || columns[i] > 0)
                used << values[i];
        a.usedValues = used;
        a.degeneracy = used.size() == 1 ? LabelAgreement::Degeneracy::OneValue : LabelAgreement::Degeneracy::AllWithinOne;
        a.degenerate = used.size() == 1
                           ? QStringLiteral("both annotators gave every item the same value (%1): chance agreement is 1, kappa is undefined").arg(used.constFirst())
                           : QStringLiteral("every value either annotator gave is within ±1 of every other (%1): chance agreement is 1, kappa is undefined").arg(used.join(QStringLiteral(", ")));
        return a;
    }
    a.kappa = (a.observed - a.expected) / (1.0 - a.expected);
    return a;
}

LabelAgreement labelAgreement(TeamLabel label, const QList<std::pair<Judgement, Judgement>> &pairs)
{
    const QStringList values = teamLabelValues(label);
    QList<QList<int>> confusion(values.size(), QList<int>(values.size(), 0));
    for (const auto &[a, b] : pairs) {
        if (!a.verdict || !b.verdict)
            continue;
        const qsizetype i = values.indexOf(teamLabelValue(label, a)), j = values.indexOf(teamLabelValue(label, b));
        if (i >= 0 && j >= 0)
            ++confusion[i][j];
    }
    return kappaFromConfusion(label, values, confusion);
}

AgreementReport computeAgreement(const QList<Judgement> &judgements, const QHash<qint64, qint64> &mergeRequestOf, const QString &first,
                                 const QString &second)
{
    AgreementReport report;
    report.first = first;
    report.second = second;
    QMap<qint64, std::pair<std::optional<Judgement>, std::optional<Judgement>>> byComment;
    for (const Judgement &j : judgements) {
        if (j.annotator == first)
            byComment[j.comment].first = j;
        else if (j.annotator == second)
            byComment[j.comment].second = j;
    }
    QList<std::pair<Judgement, Judgement>> all;
    QMap<qint64, QList<std::pair<Judgement, Judgement>>> perMr;
    for (auto it = byComment.cbegin(); it != byComment.cend(); ++it) {
        const qint64 mr = mergeRequestOf.value(it.key(), 0);
        auto &list = perMr[mr]; // listed even when only one of the two judged there
        if (it->first && it->second) {
            all.append({*it->first, *it->second});
            list.append({*it->first, *it->second});
        }
    }
    for (TeamLabel l : teamLabels())
        report.overall.append(labelAgreement(l, all));
    for (auto it = perMr.cbegin(); it != perMr.cend(); ++it) {
        AgreementReport::PerMergeRequest m;
        m.mergeRequest = it.key();
        for (TeamLabel l : teamLabels())
            m.labels.append(labelAgreement(l, *it));
        report.mergeRequests.append(m);
    }
    return report;
}

namespace {

QJsonObject labelsJson(const QList<LabelAgreement> &labels, bool withMatrix)
{
    QJsonObject out;
    for (const LabelAgreement &a : labels) {
        QJsonObject o;
        o.insert(QStringLiteral("items"), a.items);
        o.insert(QStringLiteral("percent_agreement"), a.percent() ? QJsonValue(*a.percent()) : QJsonValue());
        o.insert(QStringLiteral("kappa"), a.kappa ? QJsonValue(*a.kappa) : QJsonValue());
        o.insert(QStringLiteral("observed"), a.items ? QJsonValue(a.observed) : QJsonValue());
        o.insert(QStringLiteral("expected"), a.items ? QJsonValue(a.expected) : QJsonValue());
        o.insert(QStringLiteral("degenerate"), a.degenerate.isEmpty() ? QJsonValue() : QJsonValue(a.degenerate));
        if (withMatrix) {
            o.insert(QStringLiteral("values"), QJsonArray::fromStringList(a.values));
            QJsonArray rows;
            for (const QList<int> &row : a.confusion) {
                QJsonArray r;
                for (int n : row)
                    r.append(n);
                rows.append(r);
            }
            o.insert(QStringLiteral("confusion"), rows);
        }
        out.insert(teamLabelName(a.label), o);
    }
    return out;
}

QString number(const std::optional<double> &v, int decimals)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("—");
}

QString tableOf(const QList<LabelAgreement> &labels)
{
    QString md = QStringLiteral("| label | items | agreement | kappa | note |\n| --- | ---: | ---: | ---: | --- |\n");
    for (const LabelAgreement &a : labels)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(teamLabelName(a.label))
                  .arg(a.items)
                  .arg(a.percent() ? number(a.percent(), 1) + QStringLiteral(" %") : QStringLiteral("—"), number(a.kappa, 3), a.degenerate);
    return md;
}

} // namespace

QJsonObject agreementToJsonObject(const AgreementReport &report)
{
    QJsonObject o;
    o.insert(QStringLiteral("annotators"), QJsonArray{report.first, report.second});
    o.insert(QStringLiteral("overall"), labelsJson(report.overall, true));
    QJsonArray mrs;
    for (const auto &m : report.mergeRequests) {
        QJsonObject e;
        e.insert(QStringLiteral("merge_request"), m.mergeRequest);
        e.insert(QStringLiteral("labels"), labelsJson(m.labels, true));
        mrs.append(e);
    }
    o.insert(QStringLiteral("merge_requests"), mrs);
    return o;
}

QByteArray agreementToJson(const AgreementReport &report)
{
    return QJsonDocument(agreementToJsonObject(report)).toJson(QJsonDocument::Indented);
}

QString agreementToMarkdown(const AgreementReport &report, int level)
{
    const QString title(level, QLatin1Char('#')), section(level + 1, QLatin1Char('#')), sub(level + 2, QLatin1Char('#'));
    QString md = QStringLiteral("%1 Agreement: %2 and %3\n\n%4 Overall\n\n").arg(title, report.first, report.second, section);
    md += tableOf(report.overall);
    for (const LabelAgreement &a : report.overall) {
        if (a.items == 0)
            continue;
        md += QStringLiteral("\n%1 %2: rows %3, columns %4\n\n| | %5 |\n|---|%6\n")
                  .arg(sub, teamLabelName(a.label), report.first, report.second, a.values.join(QStringLiteral(" | ")),
                       QStringLiteral("---:|").repeated(a.values.size()));
        for (qsizetype i = 0; i < a.values.size(); ++i) {
            QStringList cells;
            for (int n : a.confusion[i])
                cells << QString::number(n);
            md += QStringLiteral("| %1 | %2 |\n").arg(a.values[i], cells.join(QStringLiteral(" | ")));
        }
    }
    for (const auto &m : report.mergeRequests)
        md += QStringLiteral("\n%1 Merge request %2\n\n").arg(section).arg(m.mergeRequest) + tableOf(m.labels);
    return md;
}

} // namespace rd
