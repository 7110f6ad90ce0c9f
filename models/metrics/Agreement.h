#pragma once

// Agreement between two annotators, per label: Cohen's kappa, percent
// agreement, the items both judged and the confusion matrix (AACR-Bench's
// double-blind rounds; the design's "Annotation agreement").

#include "TeamAnnotation.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace rd {

struct LabelAgreement
{
    TeamLabel label = TeamLabel::Verdict;
    // Items both annotators gave a verdict and this label (key bug: unset
    // counts as "no" once there is a verdict).
    int items = 0;
    QStringList values;          // the label's values, in the matrix's order
    QList<QList<int>> confusion; // [first annotator's value][second's value]
    double observed = 0;         // p_o: share of items agreeing (severity: within ±1)
    double expected = 0;         // p_e: chance agreement from the two marginals
    std::optional<double> kappa; // (p_o - p_e) / (1 - p_e); empty when degenerate
    // Why kappa is undefined: no shared item, or chance agreement 1 (one
    // value only, or for severity every value within ±1 of the others).
    enum class Degeneracy { None, NoItems, OneValue, AllWithinOne };
    Degeneracy degeneracy = Degeneracy::None;
    QStringList usedValues;      // with OneValue / AllWithinOne: the values given
    QString degenerate;          // the reason in English (JSON, Markdown); empty when defined

    std::optional<double> percent() const { return items > 0 ? std::optional<double>(100.0 * observed) : std::nullopt; }
};

// The values of a label in the order of its confusion matrix (verdict,
// context level and category by name, key bug "yes"/"no", severity "1".."7"),
// and the value a judgement with a verdict gives it (empty when unset; key bug
// unset is "no").
QStringList teamLabelValues(TeamLabel label);
QString teamLabelValue(TeamLabel label, const Judgement &judgement);

// Cohen's kappa from a confusion matrix, with agreement weights: w(i, j) is
// 1 where values i and j count as agreeing (the diagonal; for severity also
// the cells one apart), else 0 — Cohen's weighted kappa with 0/1 weights,
// which is his plain kappa for the identity.
LabelAgreement kappaFromConfusion(TeamLabel label, const QStringList &values, const QList<QList<int>> &confusion);

// The agreement of `a` and `b` on one label over the given pairs of their
// judgements of the same items.
LabelAgreement labelAgreement(TeamLabel label, const QList<std::pair<Judgement, Judgement>> &pairs);

struct AgreementReport
{
    QString first;
    QString second;
    QList<LabelAgreement> overall; // one per teamLabels()
    struct PerMergeRequest
    {
        qint64 mergeRequest = 0;
        QList<LabelAgreement> labels;
    };
    QList<PerMergeRequest> mergeRequests; // ascending ids; only those either annotator judged in
};

// From every judgement (any annotators) and the merge request of each comment.
AgreementReport computeAgreement(const QList<Judgement> &judgements, const QHash<qint64, qint64> &mergeRequestOf, const QString &first,
                                 const QString &second);

QJsonObject agreementToJsonObject(const AgreementReport &report);
QByteArray agreementToJson(const AgreementReport &report);
// `level`: the heading level of its title (1: "# Agreement: a and b"); its
// sections are one level below.
QString agreementToMarkdown(const AgreementReport &report, int level = 1);

} // namespace rd
