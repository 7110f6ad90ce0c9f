#include "ReviewSession.h"

#include "ExchangeService.h"
#include "JudgingService.h"
#include "RevisionService.h"
#include "PullRequestOpener.h"
#include "PublishService.h"
#include "RunForWorkspace.h"
#include "RunService.h"
#include "SlicingJob.h"
#include "TeamService.h"

#include <WorkspaceOpening.h>

#include <QCoreApplication>
#include <QDir>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QScopeGuard>

#include <algorithm>
#include <utility>

namespace rd {

ReviewSession::ReviewSession(QObject *parent)
    : QObject(parent), m_document(std::make_unique<MergeRequestDocument>()), m_loader(new MergeRequestLoader(this)),
      m_slicing(new SlicingJob(this)), m_team(std::make_unique<TeamService>(*this, *m_document)),
      m_judging(std::make_unique<JudgingService>(*this, *m_document, *m_team)),
      m_exchange(std::make_unique<ExchangeService>(*this)), m_reviewing(std::make_unique<RunService>(*this, *m_document)),
      m_revisions(std::make_unique<RevisionService>(*this)),
      m_pullRequests(std::make_unique<PullRequestOpener>(*this)),
      m_publishing(std::make_unique<PublishService>(*this))
{
    // The annotator's place is remembered as it changes, whoever moved it.
    connect(m_document.get(), &MergeRequestDocument::placeChanged, this, &ReviewSession::storePlace);
    // How the services' events concern each other: a verdict changes the
    // team's agreement; a stored run, the judging's counts; a judgement
    // refused for a newer one shows what others committed.
    connect(m_judging.get(), &JudgingService::verdictsChanged, m_team.get(), &TeamService::teamChanged);
    connect(m_reviewing.get(), &RunService::runStored, m_judging.get(), &JudgingService::reload);
    connect(m_judging.get(), &JudgingService::newerJudgementFound, this, &ReviewSession::reloadChangedElsewhere);
    // What the services add to the workspace and what goes wrong in their
    // background work are the session's to announce.
    connect(m_exchange.get(), &ExchangeService::mergeRequestsChanged, this, &ReviewSession::mergeRequestsChanged);
    connect(m_pullRequests.get(), &PullRequestOpener::mergeRequestsChanged, this, &ReviewSession::mergeRequestsChanged);
    connect(m_reviewing.get(), &RunService::problem, this, &ReviewSession::problem);
    connect(m_loader, &MergeRequestLoader::opened, this, &ReviewSession::diffLoaded);
    connect(m_loader, &MergeRequestLoader::failed, this, &ReviewSession::loadFailed);
    connect(m_slicing, &SlicingJob::finished, this, [this](std::shared_ptr<const SlicingResult> result) {
        if (result)
            setSlices(std::move(result));
        Q_EMIT slicingFinished();
        m_reviewing->slicingFinished(); // a review waiting for these slices starts now
    });
    connect(m_loader, &MergeRequestLoader::failed, this, [this] { m_reviewing->openFailed(); });
}

ReviewSession::~ReviewSession()
{
    // Workers that finish now report to nobody: this object is going away.
    for (QObject *job : {static_cast<QObject *>(m_loader), static_cast<QObject *>(m_slicing)})
        job->disconnect(this);
    m_reviewing->detachRuns();
    stopBackgroundWork();
}

// ---------------------------------------------------------------------------
// Workspace and annotator

Result<bool> ReviewSession::openWorkspace(const QString &path, bool createIfMissing)
{
    auto store = openWorkspaceStore(path, createIfMissing ? WorkspaceOpenMode::CreateIfMissing : WorkspaceOpenMode::OpenExisting,
                                    IntegrityCheck::Later);
    if (!store)
        return store.error();
    setStore(std::move(store).value());
    checkIntegrityInBackground(path);
    return true;
}

void ReviewSession::checkIntegrityInBackground(const QString &path)
{
    // The worker's answer: the damage (none: whole), or why it could not look.
    struct Answer
    {
        QString damage;
        QString notChecked;
    };
    auto *watcher = new QFutureWatcher<Answer>(this);
    const quint64 generation = m_storeGeneration;
    connect(watcher, &QFutureWatcher<Answer>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        const Answer answer = watcher->result();
        if (generation != m_storeGeneration)
            return; // another workspace is open by now
        if (!answer.notChecked.isEmpty()) {
            // The session's own connection reads it: it stays open, and the person is told.
            Q_EMIT problem(tr("The workspace could not be checked for damage: %1").arg(answer.notChecked));
        } else if (!answer.damage.isEmpty()) {
            closeWorkspace();
            Q_EMIT workspaceDamaged(answer.damage);
        }
    });
    watcher->setFuture(QtConcurrent::run([path] {
        const auto checked = checkWorkspaceIntegrity(path);
        return checked ? Answer{checked->value_or(QString()), {}} : Answer{{}, checked.error().message};
    }));
}

void ReviewSession::setStore(std::unique_ptr<WorkspaceStore> store)
{
    m_judging->pending()->abandon(); // they belong to the workspace being closed
    m_store = std::move(store);
    ++m_storeGeneration;
    // Others' judgements, edits and runs show as they commit (a server's
    // notifications, or an SQLite file's data_version polled).
    if (m_store)
        m_store->watchChanges([this](const WorkspaceChange &change) { applyOthersChange(change); }, m_changePollMs);
    m_diff.reset();
    m_slices.reset();
    m_document->close();
    Q_EMIT workspaceChanged();
    m_team->reload();
    Q_EMIT mergeRequestsChanged();
    m_judging->reload();
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
    // A new annotator may make the workspace a team's; blind mode hides
    // what this person has not judged.
    m_team->reload();
    m_judging->reload(); // their history and counts
    Q_EMIT annotatorChanged(); // the shown judgements are another person's now
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
    // A stored merge request's diff loaded again (every switch in the window)
    // adds nothing: the store returns its id and the list has not changed;
    // announcing it made the Merge Requests browser re-read every summary.
    const auto known = m_store->mergeRequests();
    auto id = m_store->addMergeRequest(entry);
    if (id && !(known && std::any_of(known->cbegin(), known->cend(), [&id](const MergeRequestEntry &e) { return e.id == *id; })))
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
    auto content = MergeRequestContent::read(*m_store, id);
    if (!content)
        return content.error();
    if (m_document->id() != id) {
        m_diff.reset();
        m_slices.reset();
    }
    // Where the annotator was in it.
    QString file;
    qint64 comment = 0;
    if (!m_annotator.isEmpty())
        if (auto place = m_store->place(m_annotator, id); place && *place) {
            file = (*place)->file;
            comment = (*place)->comment.value_or(0);
        }
    m_document->open(*entry, *content, file, comment);
    m_judging->reload();
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
// Opening and slicing in the background

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
    m_reviewing->mergeRequestOpened();
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

void ReviewSession::stopBackgroundWork()
{
    m_slicing->cancel();
    m_reviewing->stopRuns();
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

// ---------------------------------------------------------------------------
// Place

void ReviewSession::storePlace()
{
    if (!m_store || !m_document->entry() || m_annotator.isEmpty())
        return;
    AnnotatorPlace place;
    place.annotator = m_annotator;
    place.mergeRequest = m_document->id();
    place.file = m_document->currentFile();
    if (const qint64 current = m_document->currentComment())
        place.comment = current;
    // Losing a place is an inconvenience, not lost work: no error to show.
    m_store->setPlace(place);
}


} // namespace rd

namespace rd {

// ---------------------------------------------------------------------------
// Team scale (issue 14): changes other clients of a shared workspace commit

void ReviewSession::applyOthersChange(const WorkspaceChange &change)
{
    if (!m_store)
        return;
    const bool oneRow = change.what == QLatin1String("judgement") || change.what == QLatin1String("comment");
    if (!oneRow) { // runs, human comments, or an SQLite file that cannot say what
        reloadChangedElsewhere();
        Q_EMIT workspaceChangedElsewhere();
        return;
    }
    // Its progress counts may have changed, whichever merge request it is in.
    const auto told = qScopeGuard([this] { Q_EMIT workspaceChangedElsewhere(); });
    if (!m_document->entry() || !m_document->comment(change.comment))
        return;
    if (change.what == QLatin1String("judgement")) {
        auto judgements = m_store->judgements(m_document->id());
        if (!judgements)
            return;
        QList<Judgement> list;
        for (const Judgement &j : std::as_const(*judgements))
            if (j.comment == change.comment)
                list.append(j);
        m_document->setJudgementsOf(change.comment, list);
        Q_EMIT othersJudgementChanged(change.comment, change.annotator);
        // The same annotator in another window or in the CLI changes their history too.
        m_judging->reload();
    } else if (change.what == QLatin1String("comment")) {
        auto comment = m_store->comment(change.comment);
        if (!comment)
            return;
        m_document->updateComment(*comment);
    }
}

void ReviewSession::reloadChangedElsewhere()
{
    if (!m_store)
        return;
    if (!m_document->entry()) {
        Q_EMIT mergeRequestsChanged();
        m_judging->reload();
        return;
    }
    auto content = MergeRequestContent::read(*m_store, m_document->id());
    if (!content) {
        Q_EMIT problem(content.error().message);
        return;
    }
    m_document->refresh(*content);
    Q_EMIT mergeRequestsChanged();
    m_team->reload();
    m_judging->reload();
}

} // namespace rd
