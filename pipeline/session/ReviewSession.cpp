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

#include <SqlWorkspaceStore.h>

#include <QCoreApplication>
#include <QDir>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QScopeGuard>

#include <algorithm>
#include <utility>

namespace rd {

ReviewSession::ReviewSession(QObject *parent)
    : QObject(parent), m_loader(new MergeRequestLoader(this)), m_slicing(new SlicingJob(this)),
      m_judging(std::make_unique<JudgingService>(*this)), m_team(std::make_unique<TeamService>(*this)),
      m_exchange(std::make_unique<ExchangeService>(*this)), m_reviewing(std::make_unique<RunService>(*this)),
      m_revisions(std::make_unique<RevisionService>(*this)),
      m_pullRequests(std::make_unique<PullRequestOpener>(*this)),
      m_publishing(std::make_unique<PublishService>(*this))
{
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
    auto store = SqlWorkspaceStore::open(path, createIfMissing ? SqlWorkspaceStore::Mode::CreateIfMissing
                                                                  : SqlWorkspaceStore::Mode::OpenExisting,
                                         SqlWorkspaceStore::Check::Later);
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
        const auto checked = SqlWorkspaceStore::checkIntegrity(path);
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
    m_entry.reset();
    m_diff.reset();
    m_slices.reset();
    m_runs.clear();
    m_comments.clear();
    m_judgements.clear();
    m_team->regroup();
    m_team->refreshBlindMode();
    m_file.clear();
    m_current = 0;
    m_judging->reloadUndoState();
    Q_EMIT workspaceChanged();
    Q_EMIT m_team->teamChanged();
    Q_EMIT mergeRequestsChanged();
    Q_EMIT mergeRequestChanged();
    Q_EMIT commentsChanged();
    Q_EMIT m_judging->progressChanged();
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
    m_team->refreshBlindMode(); // a new annotator may make the workspace a team's
    m_judging->reloadUndoState();
    Q_EMIT annotatorChanged();
    Q_EMIT m_team->teamChanged(); // blind mode hides what this person has not judged
    Q_EMIT commentsChanged();     // the shown judgements are another person's now
    Q_EMIT m_judging->progressChanged();
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
    Q_EMIT m_judging->progressChanged();
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

Result<bool> ReviewSession::reloadMergeRequest()
{
    if (!m_store || !m_entry) {
        m_runs.clear();
        m_comments.clear();
        m_judgements.clear();
        m_team->regroup();
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
    m_team->regroup();
    m_team->refreshBlindMode(); // another program may have added annotators
    return true;
}

// ---------------------------------------------------------------------------
// What the open merge request holds

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

void ReviewSession::replaceJudgements(const QList<Judgement> &stored)
{
    for (const Judgement &s : stored) {
        QList<Judgement> &list = m_judgements[s.comment];
        list.removeIf([this](const Judgement &x) { return x.annotator == m_annotator; });
        list.append(s);
    }
}

void ReviewSession::clearJudgementOf(qint64 comment)
{
    m_judgements[comment].removeIf([this](const Judgement &x) { return x.annotator == m_annotator; });
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
    if (!m_entry || indexOf(change.comment) < 0)
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
        if (change.annotator == m_annotator) // the same annotator in another window or in the CLI
            m_judging->reloadUndoState();
        Q_EMIT othersJudgementChanged(change.comment, change.annotator);
        Q_EMIT judgementChanged(change.comment);
        Q_EMIT m_judging->progressChanged();
    } else if (change.what == QLatin1String("comment")) {
        auto comment = m_store->comment(change.comment);
        if (!comment)
            return;
        m_comments[indexOf(change.comment)] = *comment;
        Q_EMIT commentChanged(change.comment);
    }
}

void ReviewSession::reloadChangedElsewhere()
{
    if (!m_entry) {
        m_judging->reloadUndoState();
        Q_EMIT mergeRequestsChanged();
        Q_EMIT m_judging->progressChanged();
        return;
    }
    const QList<StoredRun> runsBefore = m_runs;
    const QList<StoredComment> commentsBefore = m_comments;
    const QHash<qint64, QList<Judgement>> judgementsBefore = m_judgements;
    if (auto loaded = reloadMergeRequest(); !loaded) {
        Q_EMIT problem(loaded.error().message);
        return;
    }
    m_judging->reloadUndoState();
    const auto ids = [](const auto &list) {
        QList<qint64> out;
        for (const auto &x : list)
            out << x.id;
        return out;
    };
    if (ids(runsBefore) != ids(m_runs))
        Q_EMIT runsChanged();
    if (ids(commentsBefore) != ids(m_comments)) {
        // The place stays where it was, unless that comment is gone.
        if (m_current && indexOf(m_current) < 0)
            m_current = 0;
        Q_EMIT commentsChanged();
        Q_EMIT currentCommentChanged(m_current); // the lists select it again after their reset
    } else {
        for (int i = 0; i < m_comments.size(); ++i)
            if (m_comments[i].version != commentsBefore[i].version || m_comments[i].comment.issue != commentsBefore[i].comment.issue)
                Q_EMIT commentChanged(m_comments[i].id);
        const auto stamp = [](const QList<Judgement> &list) {
            QList<std::pair<QString, qint64>> out;
            for (const Judgement &j : list)
                out.append({j.annotator, j.version});
            std::sort(out.begin(), out.end());
            return out;
        };
        for (const StoredComment &c : std::as_const(m_comments))
            if (stamp(judgementsBefore.value(c.id)) != stamp(m_judgements.value(c.id)))
                Q_EMIT judgementChanged(c.id);
    }
    Q_EMIT mergeRequestsChanged();
    Q_EMIT m_team->teamChanged();
    Q_EMIT m_judging->progressChanged();
}

} // namespace rd
