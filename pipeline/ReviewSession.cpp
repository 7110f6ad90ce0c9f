#include "ReviewSession.h"

#include "LlmClient.h"
#include "ReviewJob.h"
#include "SlicingJob.h"

#include <SqlWorkspaceStore.h>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QStandardPaths>

#include <algorithm>
#include <utility>

namespace rd {

ReviewSession::ReviewSession(QObject *parent)
    : QObject(parent), m_loader(new MergeRequestLoader(this)), m_slicing(new SlicingJob(this)), m_review(new ReviewJob(this))
{
    connect(m_loader, &MergeRequestLoader::opened, this, &ReviewSession::diffLoaded);
    connect(m_loader, &MergeRequestLoader::failed, this, &ReviewSession::loadFailed);
    connect(m_slicing, &SlicingJob::finished, this, [this](std::shared_ptr<const SlicingResult> result) {
        if (result)
            setSlices(std::move(result));
        Q_EMIT slicingFinished();
        if (auto pending = std::exchange(m_pendingReview, std::nullopt)) {
            const bool resumed = pending->journal != nullptr;
            QString failure;
            if (!m_slices)
                failure = tr("Slicing failed; the review was not started.");
            else if (auto started = startRun(pending->config, pending->replayFile, pending->journal); !started)
                failure = started.error().message;
            if (!failure.isEmpty()) {
                Q_EMIT problem(failure);
                if (resumed)
                    Q_EMIT resumeFailed(failure);
            }
        }
    });
    // A resumed run waiting for a merge request that cannot be opened is
    // not started (the failure is shown as any failed open).
    connect(m_loader, &MergeRequestLoader::failed, this, [this] {
        if (m_pendingReview && m_pendingReview->opening)
            m_pendingReview.reset();
    });
}

ReviewSession::~ReviewSession()
{
    // Workers that finish now report to nobody: this object is going away.
    for (QObject *job : {static_cast<QObject *>(m_loader), static_cast<QObject *>(m_slicing), static_cast<QObject *>(m_review)})
        job->disconnect(this);
    for (ReviewJob *job : std::as_const(m_jobs))
        job->disconnect(this);
    stopBackgroundWork();
}

// ---------------------------------------------------------------------------
// Workspace and annotator

Result<bool> ReviewSession::openWorkspace(const QString &path, bool createIfMissing)
{
    auto store = SqlWorkspaceStore::open(path, createIfMissing ? SqlWorkspaceStore::Mode::CreateIfMissing
                                                                  : SqlWorkspaceStore::Mode::OpenExisting);
    if (!store)
        return store.error();
    setStore(std::move(store).value());
    return true;
}

void ReviewSession::setStore(std::unique_ptr<WorkspaceStore> store)
{
    m_store = std::move(store);
    // On a shared server, others' judgements and edits show as they commit.
    if (m_store)
        m_store->watchChanges([this](const WorkspaceChange &change) { applyOthersChange(change); });
    m_entry.reset();
    m_diff.reset();
    m_slices.reset();
    m_runs.clear();
    m_comments.clear();
    m_judgements.clear();
    regroup();
    refreshBlindMode();
    m_file.clear();
    m_current = 0;
    reloadUndoState();
    Q_EMIT workspaceChanged();
    Q_EMIT teamChanged();
    Q_EMIT mergeRequestsChanged();
    Q_EMIT mergeRequestChanged();
    Q_EMIT commentsChanged();
    Q_EMIT progressChanged();
}

void ReviewSession::closeWorkspace()
{
    setStore(nullptr);
}

QString ReviewSession::workspacePath() const
{
    return m_store ? m_store->location() : QString();
}

Result<bool> ReviewSession::setAnnotator(const QString &name)
{
    if (!m_store)
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    auto annotator = m_store->addAnnotator(name);
    if (!annotator)
        return annotator.error();
    m_annotator = annotator->name;
    refreshBlindMode(); // a new annotator may make the workspace a team's
    reloadUndoState();
    Q_EMIT annotatorChanged();
    Q_EMIT teamChanged();     // blind mode hides what this person has not judged
    Q_EMIT commentsChanged(); // the shown judgements are another person's now
    Q_EMIT progressChanged();
    return true;
}

QString ReviewSession::lastAnnotator() const
{
    if (!m_store)
        return {};
    auto place = m_store->lastPlace({});
    return place && *place ? (*place)->annotator : QString();
}

// ---------------------------------------------------------------------------
// Merge requests

QList<MergeRequestEntry> ReviewSession::mergeRequests() const
{
    if (!m_store)
        return {};
    auto list = m_store->mergeRequests();
    return list ? *list : QList<MergeRequestEntry>();
}

Result<qint64> ReviewSession::addMergeRequest(const MergeRequestEntry &entry)
{
    if (!m_store)
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    auto id = m_store->addMergeRequest(entry);
    if (id)
        Q_EMIT mergeRequestsChanged();
    return id;
}

Result<bool> ReviewSession::openMergeRequest(qint64 id)
{
    if (!m_store)
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    auto entry = m_store->mergeRequest(id);
    if (!entry)
        return entry.error();
    const bool other = !m_entry || m_entry->id != id;
    m_entry = *entry;
    if (other) {
        m_diff.reset();
        m_slices.reset();
    }
    if (auto loaded = reloadMergeRequest(); !loaded)
        return loaded;
    m_file.clear();
    m_current = 0;
    if (!m_annotator.isEmpty())
        if (auto place = m_store->place(m_annotator, id); place && *place) {
            m_file = (*place)->file;
            if ((*place)->comment && indexOf(*(*place)->comment) >= 0)
                m_current = *(*place)->comment;
        }
    m_sinceSelected.start();
    Q_EMIT mergeRequestChanged();
    Q_EMIT runsChanged();
    Q_EMIT commentsChanged();
    Q_EMIT currentFileChanged(m_file);
    Q_EMIT currentCommentChanged(m_current);
    Q_EMIT progressChanged();
    storePlace();
    return true;
}

std::optional<qint64> ReviewSession::lastMergeRequest() const
{
    if (!m_store)
        return std::nullopt;
    auto place = m_store->lastPlace(m_annotator);
    if (!place || !*place)
        return std::nullopt;
    return (*place)->mergeRequest;
}

// ---------------------------------------------------------------------------
// Opening, slicing and reviewing in the background

bool ReviewSession::loadMergeRequest(const MergeRequestRequest &request, const DiffOptions &options)
{
    return m_loader->open(request, options);
}

bool ReviewSession::isLoading() const
{
    return m_loader->isRunning();
}

bool ReviewSession::isSlicing() const
{
    return m_slicing->isRunning();
}

bool ReviewSession::isReviewing() const
{
    return !m_jobs.isEmpty() || m_pendingReview.has_value();
}

LlmClient &ReviewSession::llmClient()
{
    return m_review->client();
}

std::shared_ptr<const RunRecord> ReviewSession::lastRun() const
{
    return m_lastRun;
}

void ReviewSession::diffLoaded()
{
    const auto mr = m_loader->result();
    m_request = m_loader->request();
    if (m_store) {
        const auto id = addMergeRequest(mergeRequestEntryFor(*mr, m_request.repository));
        if (!id)
            Q_EMIT problem(id.error().message);
        else if (currentMergeRequestId() != *id)
            if (const auto opened = openMergeRequest(*id); !opened)
                Q_EMIT problem(opened.error().message);
    }
    setDiff(mr);
    // A review waiting for slices was for the previous diff; a resumed run
    // waits for this one.
    if (m_pendingReview && m_pendingReview->opening)
        m_pendingReview->opening.reset();
    else
        m_pendingReview.reset();
    startSlicing();
    Q_EMIT mergeRequestLoaded();
}

void ReviewSession::startSlicing()
{
    // Slicing never blocks anyone; the slices it replaces are gone.
    m_slices.reset();
    m_slicingBudget = m_sliceTokenBudget;
    m_slicing->start(m_diff, m_sliceTokenBudget);
    Q_EMIT slicingStarted();
}

Result<bool> ReviewSession::startReview(const RunConfig &config, const QString &replayFile)
{
    return startRun(config, replayFile, nullptr);
}

Result<bool> ReviewSession::startRun(const RunConfig &config, const QString &replayFile, std::shared_ptr<RunJournal> journal)
{
    if (!m_diff)
        return Error{Error::Kind::Usage, tr("no merge request is open")};
    if (m_pendingReview)
        return Error{Error::Kind::Usage, tr("A review is waiting for its slices; start the next one when it runs.")};
    if (!m_slices)
        return Error{Error::Kind::Usage, tr("The slices are still being computed; run the review in a moment.")};
    std::optional<ResponseStore> replay;
    if (!replayFile.isEmpty()) {
        auto store = ResponseStore::replayFrom(replayFile);
        if (!store)
            return store.error();
        replay = *store;
    }
    // Only the defect pipeline reads slices.
    if (config.pipeline == PipelineKind::Defect && config.tokenBudget != m_slicingBudget) {
        if (!m_jobs.isEmpty())
            return Error{Error::Kind::Usage, tr("Other reviews are running on these slices; a run with another token budget can start when they are done.")};
        m_sliceTokenBudget = config.tokenBudget;
        m_pendingReview = PendingReview{config, replayFile, journal, std::nullopt};
        startSlicing();
        return true;
    }
    // Made when the run starts: a run waiting for slices has nothing to keep yet.
    if (!replay && !journal) {
        auto made = journalFor(config);
        if (!made)
            return Error{made.error().kind, tr("The review was not started: %1").arg(made.error().message)};
        journal = *made;
    }
    QList<Slice> slices;
    for (const Slice &s : m_slices->slices)
        if (s.algorithm == config.slicing)
            slices.append(s);
    const QString cache = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/reviewdesk/responses");
    auto *job = new ReviewJob(this);
    const int id = m_nextReviewId++;
    if (!job->start(m_diff, slices, config, replay, cache, journal)) {
        delete job;
        return Error{Error::Kind::Internal, tr("The review could not be started.")};
    }
    m_jobs.insert(id, job);
    m_active.append({id, config, replay.has_value(), {}});
    connect(job, &ReviewJob::progressed, this, [this, id](const RunProgress &progress) {
        for (ActiveReview &a : m_active)
            if (a.id == id)
                a.progress = progress;
        Q_EMIT reviewProgressed(progress);
        Q_EMIT activeReviewsChanged();
    });
    connect(job, &ReviewJob::finished, this, [this, id] { runFinished(id); });
    Q_EMIT reviewStarted(config, replay.has_value(), static_cast<int>(slices.size()));
    Q_EMIT activeReviewsChanged();
    return true;
}

void ReviewSession::cancelReview()
{
    m_pendingReview.reset();
    for (ReviewJob *job : std::as_const(m_jobs))
        job->cancel();
}

void ReviewSession::cancelRun(int id)
{
    if (ReviewJob *job = m_jobs.value(id))
        job->cancel();
}

void ReviewSession::runFinished(int id)
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
    if (m_store && m_lastRun)
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

void ReviewSession::stopBackgroundWork()
{
    m_pendingReview.reset();
    m_slicing->cancel();
    cancelReview();
    // The runs wait for answers that only this thread's event loop delivers.
    while (std::any_of(m_jobs.cbegin(), m_jobs.cend(), [](const ReviewJob *job) { return job->isRunning(); }))
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

void ReviewSession::setDiff(std::shared_ptr<const MergeRequest> diff)
{
    m_diff = std::move(diff);
    Q_EMIT diffChanged();
}

void ReviewSession::setSlices(std::shared_ptr<const SlicingResult> slices)
{
    m_slices = std::move(slices);
    Q_EMIT slicesChanged();
}

Result<bool> ReviewSession::reloadMergeRequest()
{
    if (!m_store || !m_entry) {
        m_runs.clear();
        m_comments.clear();
        m_judgements.clear();
        regroup();
        return true;
    }
    auto runs = m_store->runs(m_entry->id);
    if (!runs)
        return runs.error();
    CommentQuery query;
    query.mergeRequest = m_entry->id;
    auto comments = m_store->comments(query);
    if (!comments)
        return comments.error();
    auto judgements = m_store->judgements(m_entry->id);
    if (!judgements)
        return judgements.error();
    m_runs = *runs;
    m_comments = *comments;
    m_judgements.clear();
    for (const Judgement &j : std::as_const(*judgements))
        m_judgements[j.comment].append(j);
    regroup();
    refreshBlindMode(); // another program may have added annotators
    return true;
}

// ---------------------------------------------------------------------------
// Runs and comments

Result<qint64> ReviewSession::storeRun(const RunRecord &record)
{
    if (!m_store || !m_entry)
        return Error{Error::Kind::Usage, tr("no merge request is open")};
    auto id = m_store->addRun(storedRunFor(m_entry->id, record), record.comments);
    if (!id)
        return id;
    if (auto loaded = reloadMergeRequest(); !loaded)
        return loaded.error();
    Q_EMIT runsChanged();
    Q_EMIT commentsChanged();
    Q_EMIT progressChanged();
    return id;
}

int ReviewSession::indexOf(qint64 comment) const
{
    for (int i = 0; i < m_comments.size(); ++i)
        if (m_comments[i].id == comment)
            return i;
    return -1;
}

const StoredComment *ReviewSession::comment(qint64 id) const
{
    const int i = indexOf(id);
    return i >= 0 ? &m_comments[i] : nullptr;
}

std::optional<Judgement> ReviewSession::judgement(qint64 comment) const
{
    for (const Judgement &j : m_judgements.value(comment))
        if (j.annotator == m_annotator)
            return j;
    return std::nullopt;
}

QList<Judgement> ReviewSession::judgementsOf(qint64 comment) const
{
    return m_judgements.value(comment);
}

// ---------------------------------------------------------------------------
// Place

void ReviewSession::storePlace()
{
    if (!m_store || !m_entry || m_annotator.isEmpty())
        return;
    AnnotatorPlace place;
    place.annotator = m_annotator;
    place.mergeRequest = m_entry->id;
    place.file = m_file;
    if (m_current)
        place.comment = m_current;
    // Losing a place is an inconvenience, not lost work: no error to show.
    m_store->setPlace(place);
}

void ReviewSession::setCurrentFile(const QString &file)
{
    if (file == m_file)
        return;
    m_file = file;
    storePlace();
    Q_EMIT currentFileChanged(m_file);
}

void ReviewSession::setCurrentComment(qint64 id)
{
    if (id != 0 && indexOf(id) < 0)
        return;
    if (id == m_current)
        return;
    m_current = id;
    m_sinceSelected.start();
    if (const StoredComment *c = comment(id); c && c->comment.file != m_file) {
        m_file = c->comment.file;
        Q_EMIT currentFileChanged(m_file);
    }
    storePlace();
    Q_EMIT currentCommentChanged(m_current);
}

bool ReviewSession::selectNext(const std::function<bool(const StoredComment &)> &visible)
{
    for (int i = indexOf(m_current) + 1; i < m_comments.size(); ++i)
        if (!visible || visible(m_comments[i])) {
            setCurrentComment(m_comments[i].id);
            return true;
        }
    return false;
}

bool ReviewSession::selectPrevious(const std::function<bool(const StoredComment &)> &visible)
{
    int start = indexOf(m_current);
    if (start < 0)
        start = static_cast<int>(m_comments.size());
    for (int i = start - 1; i >= 0; --i)
        if (!visible || visible(m_comments[i])) {
            setCurrentComment(m_comments[i].id);
            return true;
        }
    return false;
}

// ---------------------------------------------------------------------------
// Judging

Result<bool> ReviewSession::judge(const Judgement &change)
{
    if (!m_store || m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before judging")};
    Judgement j = change;
    j.annotator = m_annotator;
    if (j.verdict && !j.timeSpentMs && j.comment == m_current && m_sinceSelected.isValid())
        j.timeSpentMs = m_sinceSelected.elapsed();
    const QList<qint64> group = m_groupJudging ? groupOf(j.comment) : QList<qint64>{j.comment};
    QList<Judgement> stored;
    if (group.size() > 1) {
        auto all = m_store->judgeGroup(j, group);
        if (!all)
            return all.error();
        stored = *all;
    } else {
        auto one = m_store->judge(j);
        if (!one)
            return one.error();
        stored.append(*one);
    }
    for (const Judgement &s : std::as_const(stored)) {
        QList<Judgement> &list = m_judgements[s.comment];
        list.removeIf([this](const Judgement &x) { return x.annotator == m_annotator; });
        list.append(s);
    }
    reloadUndoState();
    for (const Judgement &s : std::as_const(stored))
        Q_EMIT judgementChanged(s.comment);
    Q_EMIT progressChanged();
    if (j.verdict)
        Q_EMIT teamChanged(); // agreement and pending disagreements may have changed
    return true;
}

Result<bool> ReviewSession::setVerdict(qint64 comment, Verdict verdict)
{
    Judgement j;
    j.comment = comment;
    j.verdict = verdict;
    return judge(j);
}

Result<bool> ReviewSession::clearJudgementFields(qint64 comment, const QList<JudgementField> &fields)
{
    if (!m_store || m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before judging")};
    Judgement j;
    j.comment = comment;
    j.annotator = m_annotator;
    auto stored = m_store->judge(j, fields);
    if (!stored)
        return stored.error();
    QList<Judgement> &list = m_judgements[comment];
    list.removeIf([this](const Judgement &x) { return x.annotator == m_annotator; });
    if (!stored->isEmpty())
        list.append(*stored);
    reloadUndoState();
    Q_EMIT judgementChanged(comment);
    Q_EMIT progressChanged();
    return true;
}

Result<bool> ReviewSession::editComment(qint64 comment, const CommentEdit &edit)
{
    if (!m_store || m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before editing")};
    auto stored = m_store->editComment(comment, m_annotator, edit);
    if (!stored) {
        // Someone else's edit came first: show theirs, so the person who is
        // asked what to do sees what they would overwrite.
        if (stored.error().kind == Error::Kind::Conflict)
            if (auto theirs = m_store->comment(comment); theirs)
                if (const int i = indexOf(comment); i >= 0) {
                    m_comments[i] = *theirs;
                    Q_EMIT commentChanged(comment);
                }
        return stored.error();
    }
    if (const int i = indexOf(comment); i >= 0)
        m_comments[i] = *stored;
    reloadUndoState();
    Q_EMIT commentChanged(comment);
    return true;
}

Result<qint64> ReviewSession::addHumanComment(const ReviewComment &comment)
{
    if (!m_store || !m_entry || m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("open a merge request and choose an annotator before adding a comment")};
    auto id = m_store->addHumanComment(m_entry->id, m_annotator, comment);
    if (!id)
        return id;
    if (auto loaded = reloadMergeRequest(); !loaded)
        return loaded.error();
    reloadUndoState();
    Q_EMIT commentsChanged();
    Q_EMIT progressChanged();
    return id;
}

Result<bool> ReviewSession::removeHumanComment(qint64 comment)
{
    if (!m_store || m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before removing a comment")};
    if (auto removed = m_store->removeHumanComment(comment, m_annotator); !removed)
        return removed;
    if (m_current == comment) {
        m_current = 0;
        Q_EMIT currentCommentChanged(0);
    }
    if (auto loaded = reloadMergeRequest(); !loaded)
        return loaded;
    reloadUndoState();
    Q_EMIT commentsChanged();
    Q_EMIT progressChanged();
    return true;
}

// ---------------------------------------------------------------------------
// Undo and redo

void ReviewSession::reloadUndoState()
{
    const bool couldUndo = m_nextUndo.has_value(), couldRedo = m_nextRedo.has_value();
    const qint64 undoId = m_nextUndo ? m_nextUndo->id : 0, redoId = m_nextRedo ? m_nextRedo->id : 0;
    m_nextUndo.reset();
    m_nextRedo.reset();
    if (m_store && !m_annotator.isEmpty()) {
        if (auto u = m_store->nextUndo(m_annotator))
            m_nextUndo = *u;
        if (auto r = m_store->nextRedo(m_annotator))
            m_nextRedo = *r;
    }
    if (couldUndo != m_nextUndo.has_value() || couldRedo != m_nextRedo.has_value() || undoId != (m_nextUndo ? m_nextUndo->id : 0)
        || redoId != (m_nextRedo ? m_nextRedo->id : 0))
        Q_EMIT undoStateChanged();
}

namespace {

QString stepText(const std::optional<HistoryEntry> &e)
{
    if (!e)
        return {};
    switch (e->action) {
    case HistoryAction::Judge:
        if (e->fields == QStringList{QStringLiteral("verdict")} || e->fields == QStringList{QStringLiteral("verdict"), QStringLiteral("time_spent_ms")})
            return ReviewSession::tr("Verdict");
        return ReviewSession::tr("Judgement");
    case HistoryAction::ClearJudgement: return ReviewSession::tr("Clear Judgement");
    case HistoryAction::EditComment: return ReviewSession::tr("Edit Comment");
    case HistoryAction::AddHumanComment: return ReviewSession::tr("Add Comment");
    case HistoryAction::RemoveHumanComment: return ReviewSession::tr("Remove Comment");
    }
    return {};
}

} // namespace

QString ReviewSession::undoText() const
{
    return stepText(m_nextUndo);
}

QString ReviewSession::redoText() const
{
    return stepText(m_nextRedo);
}

void ReviewSession::applyStep(const HistoryEntry &entry)
{
    // The step may be in another merge request (history is per annotator).
    const bool here = m_entry && comment(entry.comment);
    const bool listChanges = entry.action == HistoryAction::AddHumanComment || entry.action == HistoryAction::RemoveHumanComment;
    if (m_entry && (here || listChanges))
        reloadMergeRequest();
    reloadUndoState();
    if (listChanges) {
        if (m_current && !comment(m_current)) {
            m_current = 0;
            Q_EMIT currentCommentChanged(0);
        }
        Q_EMIT commentsChanged();
    } else if (entry.action == HistoryAction::EditComment) {
        Q_EMIT commentChanged(entry.comment);
    } else {
        Q_EMIT judgementChanged(entry.comment);
    }
    Q_EMIT progressChanged();
}

Result<bool> ReviewSession::undo()
{
    return takeStep(&WorkspaceStore::undoSteps);
}

Result<bool> ReviewSession::redo()
{
    return takeStep(&WorkspaceStore::redoSteps);
}

Result<bool> ReviewSession::takeStep(Result<QList<HistoryEntry>> (WorkspaceStore::*step)(const QString &))
{
    if (!m_store || m_annotator.isEmpty())
        return false;
    // A step that judged a group of near-duplicates comes back with its group.
    auto taken = (m_store.get()->*step)(m_annotator);
    if (!taken)
        return taken.error();
    if (taken->isEmpty())
        return false;
    for (const HistoryEntry &entry : std::as_const(*taken))
        applyStep(entry);
    Q_EMIT teamChanged();
    return true;
}

// ---------------------------------------------------------------------------
// Progress

JudgingProgress ReviewSession::mergeRequestProgress() const
{
    if (!m_store || !m_entry)
        return {};
    auto p = m_store->progress(m_annotator, m_entry->id);
    return p ? *p : JudgingProgress{};
}

JudgingProgress ReviewSession::workspaceProgress() const
{
    if (!m_store)
        return {};
    auto p = m_store->progress(m_annotator);
    return p ? *p : JudgingProgress{};
}

std::optional<qint64> ReviewSession::medianDecisionMs() const
{
    if (!m_store || m_annotator.isEmpty())
        return std::nullopt;
    auto durations = m_store->recentDecisionDurations(m_annotator);
    if (!durations || durations->isEmpty())
        return std::nullopt;
    QList<qint64> sorted = *durations;
    std::sort(sorted.begin(), sorted.end());
    const qsizetype n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

// ---------------------------------------------------------------------------

StoredRun storedRunFor(qint64 mergeRequest, const RunRecord &record)
{
    StoredRun run;
    run.mergeRequest = mergeRequest;
    run.model = record.config.reviewer.model;
    run.label = QStringLiteral("%1 · %2 × %3").arg(algorithmName(record.config.slicing), run.model).arg(record.config.reviewers);
    if (record.config.pipeline != PipelineKind::Defect) {
        // The other pipelines: named by pipeline (and context) and the first role's model.
        const auto roles = record.config.profiles();
        run.model = roles.isEmpty() ? QString() : roles.first().second->model;
        const QString pipeline = pipelineName(record.config.pipeline)
                                 + (record.config.context.isEmpty() ? QString() : QLatin1Char('/') + record.config.context);
        run.label = QStringLiteral("%1 · %2").arg(pipeline, run.model);
    }
    run.configHash = QString::fromLatin1(QCryptographicHash::hash(record.config.toJson(), QCryptographicHash::Sha256).toHex().left(16));
    run.started = record.started;
    run.finished = record.finished;
    run.record = record.toJson();
    return run;
}

MergeRequestEntry mergeRequestEntryFor(const MergeRequest &mr, const QString &repositoryPath)
{
    MergeRequestEntry e;
    e.repository = QDir::cleanPath(QDir(repositoryPath).absolutePath());
    e.base = mr.baseRevision;
    e.head = mr.headRevision;
    e.twoDot = mr.options.twoDot;
    e.title = mr.title;
    e.description = mr.description;
    return e;
}

} // namespace rd

namespace rd {

// ---------------------------------------------------------------------------
// Team scale (issue 14): changes other clients of a shared workspace commit

void ReviewSession::applyOthersChange(const WorkspaceChange &change)
{
    if (!m_store || !m_entry || indexOf(change.comment) < 0)
        return;
    if (change.what == QLatin1String("judgement")) {
        auto judgements = m_store->judgements(m_entry->id);
        if (!judgements)
            return;
        QList<Judgement> list;
        for (const Judgement &j : std::as_const(*judgements))
            if (j.comment == change.comment)
                list.append(j);
        m_judgements[change.comment] = list;
        Q_EMIT othersJudgementChanged(change.comment, change.annotator);
        Q_EMIT judgementChanged(change.comment);
    } else if (change.what == QLatin1String("comment")) {
        auto comment = m_store->comment(change.comment);
        if (!comment)
            return;
        m_comments[indexOf(change.comment)] = *comment;
        Q_EMIT commentChanged(change.comment);
    }
}

} // namespace rd
