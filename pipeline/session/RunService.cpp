#include "RunService.h"

#include "LlmClient.h"
#include "MergeRequestDocument.h"
#include "ResponseStore.h"
#include "ReviewJob.h"
#include "ReviewRunner.h"
#include "ReviewSession.h"
#include "RevisionService.h"
#include "RunForWorkspace.h"

#include <GitRepository.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <utility>

namespace rd {

RunService::RunService(ReviewSession &session, MergeRequestDocument &document)
    : m_session(session), m_document(document), m_review(new ReviewJob(this))
{
}

RunService::~RunService()
{
    detachRuns();
    stopRuns();
}

void RunService::detachRuns()
{
    m_review->disconnect(this);
    for (ReviewJob *job : std::as_const(m_jobs))
        job->disconnect(this);
}

bool RunService::isReviewing() const
{
    return !m_jobs.isEmpty() || m_pendingReview.has_value();
}

LlmClient &RunService::llmClient()
{
    return m_review->client();
}

std::shared_ptr<const RunRecord> RunService::lastRun() const
{
    return m_lastRun;
}

void RunService::slicingFinished()
{
    auto pending = std::exchange(m_pendingReview, std::nullopt);
    if (!pending)
        return;
    const bool resumed = pending->journal != nullptr;
    QString failure;
    if (!m_session.slices())
        failure = tr("Slicing failed; the review was not started.");
    else if (auto started = startRun(pending->config, pending->replayFile, pending->journal); !started)
        failure = started.error().message;
    if (!failure.isEmpty()) {
        Q_EMIT problem(failure);
        if (resumed)
            Q_EMIT resumeFailed(failure);
    }
}

void RunService::mergeRequestOpened()
{
    // A review waiting for slices was for the previous diff; a resumed run
    // waits for this one.
    if (m_pendingReview && m_pendingReview->opening)
        m_pendingReview->opening.reset();
    else
        m_pendingReview.reset();
}

void RunService::openFailed()
{
    // A resumed run waiting for a merge request that cannot be opened is
    // not started (the failure is shown as any failed open).
    if (m_pendingReview && m_pendingReview->opening)
        m_pendingReview.reset();
}

Result<bool> RunService::startReview(const RunConfig &config, const QString &replayFile)
{
    return startRun(config, replayFile, nullptr);
}

Result<bool> RunService::startRun(const RunConfig &config, const QString &replayFile, std::shared_ptr<RunJournal> journal)
{
    ReviewSession &s = m_session;
    if (!s.diff())
        return Error{Error::Kind::Usage, tr("no merge request is open")};
    if (m_pendingReview)
        return Error{Error::Kind::Usage, tr("A review is waiting for its slices; start the next one when it runs.")};
    if (!s.slices())
        return Error{Error::Kind::Usage, tr("The slices are still being computed; run the review in a moment.")};
    // The run's client, built the one way every run is (ReviewRunner.h): an
    // unreadable recording or a missing API key is said before it waits.
    const auto answers = AnswerSource::from(replayFile, ResponseStore::userCacheFolder(), journal);
    if (!answers)
        return answers.error();
    auto runner = ReviewRunner::prepare(config, *answers);
    if (!runner)
        return runner.error();
    const bool replay = (*runner)->replays();
    // Only the defect pipeline reads slices.
    if (config.pipeline == PipelineKind::Defect && config.tokenBudget != s.slicedTokenBudget()) {
        if (!m_jobs.isEmpty())
            return Error{Error::Kind::Usage, tr("Other reviews are running on these slices; a run with another token budget can start when they are done.")};
        s.setSliceTokenBudget(config.tokenBudget);
        m_pendingReview = PendingReview{config, replayFile, journal, std::nullopt};
        s.startSlicing();
        return true;
    }
    // Made when the run starts: a run waiting for slices has nothing to keep yet.
    if (!replay && !journal) {
        auto made = journalFor(config);
        if (!made)
            return Error{made.error().kind, tr("The review was not started: %1").arg(made.error().message)};
        (*runner)->keepJournal(*made);
    }
    const QList<Slice> slices = (*runner)->slicesOf(s.slices()->slices);
    auto *job = new ReviewJob(this);
    const int id = m_nextReviewId++;
    if (!job->start(s.diff(), slices, std::move(*runner))) {
        delete job;
        return Error{Error::Kind::Internal, tr("The review could not be started.")};
    }
    m_jobs.insert(id, job);
    m_active.append({id, config, replay, {}});
    connect(job, &ReviewJob::progressed, this, [this, id](const RunProgress &progress) {
        for (ActiveReview &a : m_active)
            if (a.id == id)
                a.progress = progress;
        Q_EMIT reviewProgressed(progress);
        Q_EMIT activeReviewsChanged();
    });
    connect(job, &ReviewJob::finished, this, [this, id] { runFinished(id); });
    Q_EMIT reviewStarted(config, replay, static_cast<int>(slices.size()));
    Q_EMIT activeReviewsChanged();
    return true;
}

void RunService::cancelReview()
{
    m_pendingReview.reset();
    for (ReviewJob *job : std::as_const(m_jobs))
        job->cancel();
}

void RunService::cancelRun(int id)
{
    if (ReviewJob *job = m_jobs.value(id))
        job->cancel();
}

void RunService::runFinished(int id)
{
    ReviewJob *job = m_jobs.take(id);
    if (!job)
        return;
    m_active.removeIf([id](const ActiveReview &a) { return a.id == id; });
    m_lastRun = job->record();
    // The journal is let go now, not when the job is deleted: its lock would
    // keep the run from being resumed right away.
    const std::shared_ptr<RunJournal> journal = job->client().takeJournal();
    job->deleteLater();
    m_runStoreError.clear();
    if (m_session.store() && m_lastRun)
        if (const auto stored = storeRun(*m_lastRun); !stored)
            m_runStoreError = stored.error().message;
    // Finished: every answer is in and the run is where it belongs. A
    // cancelled run, one with failed requests or one the workspace refused
    // stays resumable.
    if (journal && m_lastRun && !m_lastRun->cancelled && m_lastRun->failedRequests() == 0 && m_runStoreError.isEmpty() && !journal->finish())
        Q_EMIT problem(tr("The run journal %1 could not be marked finished.").arg(journal->path()));
    Q_EMIT activeReviewsChanged();
    Q_EMIT reviewFinished();
}

void RunService::stopRuns()
{
    cancelReview();
    // The runs wait for answers that only this thread's event loop delivers.
    while (std::any_of(m_jobs.cbegin(), m_jobs.cend(), [](const ReviewJob *job) { return job->isRunning(); }))
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

Result<qint64> RunService::storeRun(const RunRecord &record)
{
    WorkspaceStore *store = m_session.store();
    if (!store || !m_document.entry())
        return Error{Error::Kind::Usage, tr("no merge request is open")};
    // The window reviews the merge request's current revision, from its base.
    RunRecord reviewed = record;
    if (reviewed.revisionTo == 0)
        reviewed.revisionTo = m_session.revisions()->currentRevision();
    auto id = store->addRun(storedRunFor(m_document.id(), reviewed), reviewed.comments);
    if (!id)
        return id;
    auto content = MergeRequestContent::read(*store, m_document.id());
    if (!content)
        return content.error();
    m_document.setContent(*content);
    Q_EMIT runStored(*id);
    return id;
}

// ---------------------------------------------------------------------------
// Journals and resuming: every run the session starts keeps a journal with
// the header `reviewdesk-cli review --resume` reads, and a journal of a run
// that did not finish (the window's or the CLI's) is finished here.

Result<std::shared_ptr<RunJournal>> RunService::journalFor(const RunConfig &config) const
{
    const MergeRequestRequest request = m_session.request();
    const auto diff = m_session.diff();
    if (request.repository.isEmpty() || !diff)
        return Error{Error::Kind::Usage, tr("the open merge request has no repository to note in a run journal")};
    ReviewInvocation invocation;
    invocation.repo = QDir::cleanPath(QDir(request.repository).absolutePath());
    invocation.base = diff->baseRevision;
    invocation.head = diff->headRevision;
    invocation.twoDot = diff->options.twoDot;
    invocation.ignoreWhitespace = diff->options.ignoreWhitespace;
    invocation.configText = config.toJson();
    invocation.format = QStringLiteral("json");
    invocation.workspace = m_session.workspacePath();
    invocation.started = QDateTime::currentDateTimeUtc();
    invocation.origin = QStringLiteral("window");
    return ReviewRunner::startJournal(invocation, m_journalFolder);
}

QList<JournalEntry> RunService::resumableRuns() const
{
    return listJournals(m_journalFolder);
}

Result<bool> RunService::resumeRun(const QString &journalFile)
{
    if (isReviewing())
        return Error{Error::Kind::Usage, tr("Another review is running; resume this run when it has finished.")};
    if (m_session.isLoading())
        return Error{Error::Kind::Usage, tr("A merge request is being opened; resume this run when it is open.")};
    auto journal = RunJournal::resume(journalFile);
    if (!journal)
        return journal.error();
    const auto invocation = ReviewInvocation::fromJson((*journal)->header());
    if (!invocation)
        return Error{Error::Kind::Usage, tr("%1 is not the journal of a review run: %2").arg(journalFile, invocation.error().message)};
    if ((*journal)->isFinished())
        return Error{Error::Kind::Usage, tr("The run of %1 has finished; there is nothing to resume.").arg(journalFile)};
    auto config = runConfigFromText(invocation->configText);
    if (!config)
        return Error{Error::Kind::Usage, tr("The configuration in %1 cannot be read: %2").arg(journalFile, config.error().message)};
    // As `review --replay` ran it (the runner answers every role from the
    // recording, never an endpoint).
    if (!invocation->replay.isEmpty() && !QFileInfo(invocation->replay).isFile())
        return Error{Error::Kind::Path, tr("The recording %1 this run replays is gone.").arg(invocation->replay)};
    // What is missing is said now, not after a background open.
    if (!QFileInfo(invocation->repo).isDir())
        return Error{Error::Kind::Path, tr("The repository %1 of this run is gone.").arg(invocation->repo)};
    const auto repository = GitRepository::open(invocation->repo);
    if (!repository)
        return Error{Error::Kind::Repository, tr("The repository %1 of this run cannot be opened: %2").arg(invocation->repo, repository.error().message)};
    for (const QString &revision : {invocation->base, invocation->head})
        if (const auto commit = repository->resolveCommit(revision); !commit)
            return Error{Error::Kind::Revision,
                         tr("The revision %1 of this run is missing from %2: %3").arg(revision, invocation->repo, commit.error().message)};

    DiffOptions options;
    options.twoDot = invocation->twoDot;
    options.ignoreWhitespace = invocation->ignoreWhitespace;
    const auto diff = m_session.diff();
    const bool open = diff && QDir::cleanPath(m_session.request().repository) == QDir::cleanPath(invocation->repo)
                      && diff->baseRevision == invocation->base && diff->headRevision == invocation->head
                      && diff->options.twoDot == options.twoDot && diff->options.ignoreWhitespace == options.ignoreWhitespace;
    if (open && m_session.slices())
        return startRun(*config, invocation->replay, *journal);
    // Sliced with the run's budget once the merge request is open (or its
    // slicing under way is done), then started.
    if (config->pipeline == PipelineKind::Defect)
        m_session.setSliceTokenBudget(config->tokenBudget);
    m_pendingReview = PendingReview{*config, invocation->replay, *journal, std::nullopt};
    if (open) {
        if (!m_session.isSlicing())
            m_session.startSlicing(); // the last slicing failed: try again for this run
        return true;
    }
    MergeRequestRequest request;
    request.repository = invocation->repo;
    request.base = invocation->base;
    request.head = invocation->head;
    request.twoDot = invocation->twoDot;
    m_pendingReview->opening = request;
    if (!m_session.loadMergeRequest(request, options)) {
        m_pendingReview.reset();
        return Error{Error::Kind::Usage, tr("A merge request is being opened; resume this run when it is open.")};
    }
    return true;
}

} // namespace rd
