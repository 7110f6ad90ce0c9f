// The session's part of resuming runs: every run it starts keeps a journal
// with the header `reviewdesk-cli review --resume` reads, and a journal of
// a run that did not finish (the window's or the CLI's) is finished here.

#include "ReviewSession.h"

#include <GitRepository.h>

#include <QDir>
#include <QFileInfo>

namespace rd {

Result<std::shared_ptr<RunJournal>> ReviewSession::journalFor(const RunConfig &config) const
{
    if (m_request.repository.isEmpty() || !m_diff)
        return Error{Error::Kind::Usage, tr("the open merge request has no repository to note in a run journal")};
    ReviewInvocation invocation;
    invocation.repo = QDir::cleanPath(QDir(m_request.repository).absolutePath());
    invocation.base = m_diff->baseRevision;
    invocation.head = m_diff->headRevision;
    invocation.twoDot = m_diff->options.twoDot;
    invocation.ignoreWhitespace = m_diff->options.ignoreWhitespace;
    invocation.configText = config.toJson();
    invocation.format = QStringLiteral("json");
    invocation.workspace = workspacePath();
    invocation.started = QDateTime::currentDateTimeUtc();
    invocation.origin = QStringLiteral("window");
    return newJournal(m_journalFolder, invocation);
}

QList<JournalEntry> ReviewSession::resumableRuns() const
{
    return listJournals(m_journalFolder);
}

Result<bool> ReviewSession::resumeRun(const QString &journalFile)
{
    if (isReviewing())
        return Error{Error::Kind::Usage, tr("Another review is running; resume this run when it has finished.")};
    if (isLoading())
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
    if (!invocation->replay.isEmpty()) {
        if (!QFileInfo(invocation->replay).isFile())
            return Error{Error::Kind::Path, tr("The recording %1 this run replays is gone.").arg(invocation->replay)};
        // As `review --replay` ran it: every role answered by the recording, never an endpoint.
        for (const auto &[role, profile] : config->profiles())
            profile->endpoint = QStringLiteral("replay:");
    }
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
    const bool open = m_diff && QDir::cleanPath(m_request.repository) == QDir::cleanPath(invocation->repo)
                      && m_diff->baseRevision == invocation->base && m_diff->headRevision == invocation->head
                      && m_diff->options.twoDot == options.twoDot && m_diff->options.ignoreWhitespace == options.ignoreWhitespace;
    if (open && m_slices)
        return startRun(*config, invocation->replay, *journal);
    // Sliced with the run's budget once the merge request is open (or its
    // slicing under way is done), then started.
    if (config->pipeline == PipelineKind::Defect)
        m_sliceTokenBudget = config->tokenBudget;
    m_pendingReview = PendingReview{*config, invocation->replay, *journal, std::nullopt};
    if (open) {
        if (!isSlicing())
            startSlicing(); // the last slicing failed: try again for this run
        return true;
    }
    MergeRequestRequest request;
    request.repository = invocation->repo;
    request.base = invocation->base;
    request.head = invocation->head;
    request.twoDot = invocation->twoDot;
    m_pendingReview->opening = request;
    if (!loadMergeRequest(request, options)) {
        m_pendingReview.reset();
        return Error{Error::Kind::Usage, tr("A merge request is being opened; resume this run when it is open.")};
    }
    return true;
}

} // namespace rd
