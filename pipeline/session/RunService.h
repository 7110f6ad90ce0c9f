#pragma once

#include "MergeRequestLoader.h"
#include "RunRecord.h"
#include "RunResume.h"

#include <Result.h>

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace rd {

class LlmClient;
class MergeRequestDocument;
class ReviewJob;
class ReviewSession;

// The review runs of the session's open merge request: started and
// cancelled (several at once, each on a worker), journalled and resumed,
// and stored in the workspace when they finish (the document's runs() and
// comments() show them). The session opens and slices what a run reviews.
class RunService : public QObject
{
    Q_OBJECT
public:
    RunService(ReviewSession &session, MergeRequestDocument &document);
    ~RunService() override;

    // Reviews the slices of config.slicing on a worker; answers come from
    // `replayFile` (recorded responses) when given. The finished run is
    // stored in the workspace when one is open. Slices made with another
    // token budget than config.tokenBudget are made again first (the run
    // starts when they are there; reviewStarted says so).
    // Several runs may go at once (each with its own client and endpoints);
    // a run that needs the slices made again waits until none is running.
    // Every run that does not replay keeps a run journal in
    // runJournalFolder() (the header `reviewdesk-cli review --resume` reads,
    // then each answer as it arrives), marked finished when the run ends
    // with every answer; when no journal can be made the run does not start.
    Result<bool> startReview(const RunConfig &config, const QString &replayFile = {});
    // Where journals are made and looked for (default: journalFolder()).
    void setRunJournalFolder(const QString &folder) { m_journalFolder = folder; }
    QString runJournalFolder() const { return m_journalFolder; }
    // The journals of runs that did not finish (started here or by the CLI).
    QList<JournalEntry> resumableRuns() const;
    // Finishes the run of a journal: opens its merge request when another
    // one (or none) is open, then runs its configuration with the journal
    // answering what it holds, so only the missing requests are sent. The
    // run is stored like any other. Refused while another run is going;
    // problems found later (slicing) come as resumeFailed.
    Result<bool> resumeRun(const QString &journalFile);
    // Cancels every run (and one waiting for its slices).
    void cancelReview();
    // The runs under way, oldest first: what the progress view lists.
    struct ActiveReview
    {
        int id = 0;
        RunConfig config;
        bool replay = false;
        RunProgress progress;
    };
    const QList<ActiveReview> &activeReviews() const { return m_active; }
    void cancelRun(int id);
    // Also while the slices for a started review are being made again.
    bool isReviewing() const;
    // The client of the latest run: the Run Review dialog asks it for models.
    LlmClient &llmClient();
    // The run last finished; null before the first.
    std::shared_ptr<const RunRecord> lastRun() const;
    // Why the last finished run is not in the workspace; empty when it is
    // (or no workspace is open).
    QString lastRunStoreError() const { return m_runStoreError; }
    // Stores a finished run and its comments in the open merge request
    // (the document's runsChanged and commentsChanged, then runStored).
    Result<qint64> storeRun(const RunRecord &record);

    // --- The session's opening and slicing, as they concern a run waiting for them
    void slicingFinished();
    void mergeRequestOpened();
    void openFailed();
    // Cancels the runs and waits for them (the session is stopping its work).
    void stopRuns();
    // Workers that finish now report to nobody: the session is going away.
    void detachRuns();

Q_SIGNALS:
    void reviewStarted(const rd::RunConfig &config, bool replay, int slices);
    void reviewProgressed(const rd::RunProgress &progress);
    void reviewFinished();                 // lastRun()
    void activeReviewsChanged();           // a run started, progressed or finished
    void resumeFailed(const QString &message); // a resumed run could not start after its merge request was opened
    // A run and its comments are in the workspace and the document (the judging's counts differ).
    void runStored(qint64 run);
    void problem(const QString &message); // something went wrong that no caller hears of

private:
    void runFinished(int id);
    Result<bool> startRun(const RunConfig &config, const QString &replayFile, std::shared_ptr<RunJournal> journal);
    Result<std::shared_ptr<RunJournal>> journalFor(const RunConfig &config) const;

    ReviewSession &m_session;
    MergeRequestDocument &m_document;
    struct PendingReview
    {
        RunConfig config;
        QString replayFile;
        std::shared_ptr<RunJournal> journal; // a resumed run's
        std::optional<MergeRequestRequest> opening; // a resumed run waiting for its merge request
    };
    std::optional<PendingReview> m_pendingReview; // waits for its slices
    QString m_runStoreError;
    ReviewJob *m_review = nullptr; // idle: its client lists the endpoints' models
    // Runs under way, by ActiveReview::id; each job is deleted when it finishes.
    QHash<int, ReviewJob *> m_jobs;
    QList<ActiveReview> m_active;
    int m_nextReviewId = 1;
    QString m_journalFolder = journalFolder();
    std::shared_ptr<const RunRecord> m_lastRun;
};

} // namespace rd
