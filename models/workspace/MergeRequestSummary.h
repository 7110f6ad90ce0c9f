#pragma once

// One line of the workspace's merge-request list (the window's browser):
// what a merge request is and how far its judging has come, computed by the
// store for every merge request at once (WorkspaceStore::mergeRequestSummaries).

#include <QList>
#include <QString>
#include <QStringList>

namespace rd {

struct MergeRequestSummary
{
    // Another annotator's verdicts in this merge request (of `total`).
    struct OthersProgress
    {
        QString annotator;
        int judged = 0;
    };
    enum class Adjudication {
        None,                // no disagreement among the annotators
        NeedsAdjudication,   // a comment whose annotators disagree, without a final label
        Adjudicated,         // every disagreement has the adjudicator's label
    };

    qint64 id = 0;
    QString title;
    QString repository;
    QString language;
    QString prCategory;
    QString url;
    bool codeLinked = true;
    int generated = 0; // comments of runs
    int kept = 0;      // of those, kept by the pipeline
    int human = 0;     // written by annotators (not removed)
    int total = 0;     // comments to judge (every origin, not removed)
    int judged = 0;    // of those, with a verdict of the annotator asked for
    // Everyone else with a verdict here, by name. The session empties it in
    // blind mode and keeps only othersCount (see MergeRequestListModel).
    QList<OthersProgress> others;
    int othersCount = 0;
    QStringList assigned; // the team's assignments, by name
    Adjudication adjudication = Adjudication::None;
    int disagreements = 0; // comments waiting for the adjudicator

    // The annotator's state in it: nothing judged, some, everything.
    bool unjudged() const { return judged == 0 && total > 0; }
    bool done() const { return total > 0 && judged >= total; }
};

} // namespace rd
