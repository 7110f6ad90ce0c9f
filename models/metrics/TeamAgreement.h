#pragma once

// Agreement of any number of annotators: Krippendorff's alpha per label over
// all of them (each comment a unit, an annotator who did not judge it a
// missing value; the bootstrap resamples merge requests), beside Cohen's
// kappa of every pair (Agreement.h). The one computation the agreement
// command, the team service and the Annotator Agreement window share.

#include "Agreement.h"
#include "KrippendorffAlpha.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

// The labels alpha is reported for: the five the annotators must agree on
// (TeamAnnotation.h) and the judgement's two other scores. Verdict, category
// and key bug are nominal; the ordered ones are ordinal (Krippendorff 2011
// §E: ranks, not distances, as nobody says "file" lies as far from "diff" as
// from "repository", or 2 from 3 as 6 from 7): context level in its order
// diff < file < repository, severity (Q3) and the Q1 nitpick and Q2
// fake-problem scores (1..7).
enum class AlphaLabel { Verdict, Category, Context, KeyBug, Severity, Nitpick, Fake };
QList<AlphaLabel> alphaLabels();
QString alphaLabelName(AlphaLabel label); // "verdict", …, "severity", "q1_nitpick", "q2_fake"
AlphaMetric alphaLabelMetric(AlphaLabel label);
// The TeamLabel of the same name, which has a pairwise kappa; empty for Q1 and Q2.
std::optional<TeamLabel> kappaLabelOf(AlphaLabel label);

struct LabelAlpha
{
    AlphaLabel label = AlphaLabel::Verdict;
    AlphaResult result;
    QStringList valueNames; // result.valueSet by name ("accept", "Code Defect", "yes", "5")
    int annotators = 0;     // annotators who gave a value in a pairable unit
    QString degenerate;     // why alpha is undefined, in English (JSON, Markdown); empty when defined
};

struct TeamAgreementReport
{
    QStringList annotators;
    AlphaBootstrap bootstrap;
    QList<LabelAlpha> alpha; // one per alphaLabels(), with the bootstrap interval
    struct PerMergeRequest
    {
        qint64 mergeRequest = 0;
        QList<LabelAlpha> alpha; // no interval: a merge request has few comments
    };
    QList<PerMergeRequest> mergeRequests; // ascending ids; those any of the annotators judged in
    QList<AgreementReport> pairs;         // every pair (annotators[i], annotators[j]), i < j, in that order

    // The pair's report in either order (kappa and items do not depend on it;
    // the confusion matrix has `first` as rows); null when one is not among the annotators.
    const AgreementReport *pair(const QString &a, const QString &b) const;
};

// The annotators who gave at least one verdict among `judgements`, by name.
QStringList annotatorsWithVerdicts(const QList<Judgement> &judgements);

// What agreement is computed from: every judgement of a comment not
// removed and each such comment's merge request. Plain values, so the
// computation can run on a worker thread.
struct AgreementData
{
    QList<Judgement> judgements;
    QHash<qint64, qint64> mergeRequestOf;
};

// An annotator's value for a label is counted once they gave the comment a
// verdict and set the label (key bug: unset counts as no), as for kappa.
// `judgements`: every judgement (any annotators) of the comments in
// `mergeRequestOf`, which gives each comment's merge request.
TeamAgreementReport computeTeamAgreement(const QList<Judgement> &judgements, const QHash<qint64, qint64> &mergeRequestOf,
                                         const QStringList &annotators, const AlphaBootstrap &bootstrap = {});
// The same over `data`, of `annotators` (empty: every annotator who gave a verdict).
TeamAgreementReport teamAgreementOf(const AgreementData &data, const QStringList &annotators = {}, const AlphaBootstrap &bootstrap = {});

QByteArray teamAgreementToJson(const TeamAgreementReport &report);
QString teamAgreementToMarkdown(const TeamAgreementReport &report);

} // namespace rd
