#include "AacrHunkReview.h"

#include "AacrOutput.h"
#include "AacrPrAgent.h"
#include "AgentToolLoop.h"
#include "Bm25Index.h"
#include "EmbeddingIndex.h"
#include "LlmClient.h"
#include "RepositoryTools.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QMutex>
#include <QThreadPool>
#include <QtConcurrent>

#include <numeric>

namespace rd {
namespace {

QString promptTemplate(const QString &name)
{
    QFile f(QStringLiteral(":/prompts/%1.txt").arg(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QString fill(QString text, const QHash<QString, QString> &values)
{
    // One pass, so a value that contains "{{x}}" is not filled again.
    QString out;
    qsizetype at = 0;
    while (true) {
        const qsizetype open = text.indexOf(QLatin1String("{{"), at);
        const qsizetype close = open < 0 ? -1 : text.indexOf(QLatin1String("}}"), open);
        if (close < 0) {
            out += text.mid(at);
            return out;
        }
        const QString key = text.mid(open + 2, close - open - 2).trimmed();
        out += text.mid(at, open - at);
        out += values.contains(key) ? values.value(key) : text.mid(open, close + 2 - open);
        at = close + 2;
    }
}

int lineCount(const QByteArray &content)
{
    if (content.isEmpty())
        return 0;
    return static_cast<int>(content.count('\n')) + (content.endsWith('\n') ? 0 : 1);
}

QString renderContexts(const QList<RetrievedChunk> &chunks)
{
    if (chunks.isEmpty())
        return QStringLiteral("(nothing found)");
    QString out;
    for (const RetrievedChunk &c : chunks)
        out += QStringLiteral("### %1 (lines %2-%3)\n```\n%4\n```\n\n").arg(QString::fromUtf8(c.path)).arg(c.lineStart).arg(c.lineEnd).arg(c.text.trimmed());
    return out.trimmed();
}

struct HunkJob
{
    int index = 0;
    AacrHunkPlace place;
    HunkRetrieval retrieval;
    QList<Exchange> exchanges;
    QList<ReviewComment> comments;
    QStringList errors;
    // Its answer was read: the hunk's changed lines reached a model (RunCoverage.h).
    bool reviewed = false;
    QString unreviewedReason;
};

// The changed lines of a hunk, per side: what reviewing it shows a model.
std::pair<QList<int>, QList<int>> changedLinesOfHunk(const Hunk &hunk)
{
    QList<int> added, deleted;
    for (const DiffLine &l : hunk.lines) {
        if (l.kind == LineKind::Added)
            added << l.newLine;
        else if (l.kind == LineKind::Deleted)
            deleted << l.oldLine;
    }
    return {added, deleted};
}

// The hunk's own lines on the new side: retrieving them is no context.
Bm25Index::Exclusion exclusionOf(const AacrHunkPlace &p)
{
    return {p.path, p.hunk.newStart, p.hunk.newStart + std::max(0, p.hunk.newLines - 1)};
}

class Runner
{
public:
    Runner(LlmClient &client, const MergeRequest &mr, const AacrRunConfig &config, const std::atomic<bool> *cancel)
        : m_client(client), m_mr(mr), m_config(config), m_cancel(cancel)
    {
    }

    bool cancelled() const { return m_cancel && m_cancel->load(); }

    QString cacheDir() const { return aacrCacheDir(m_config.options); }

    ChunkingRule rule() const { return {m_config.options.chunkLines, m_config.options.chunkOverlap, m_config.options.maxFileBytes}; }

    // Everything retrieval needs before the hunks: the index, or the vectors.
    bool prepare(RunRecord &run)
    {
        if (m_config.context == AacrContext::Bm25) {
            auto index = Bm25Index::openOrBuild(m_mr.repository, m_mr.head, rule(), cacheDir(), &run.bm25IndexBuilt, m_cancel);
            if (!index) {
                run.errors << QCoreApplication::translate("rd::pipeline", "BM25 index: %1").arg(index.error().message);
                return false;
            }
            m_index = *index;
        }
        if (m_config.context == AacrContext::Agent) {
            auto tools = openAgentTools(m_mr, m_config.options, &run.bm25IndexBuilt, m_cancel);
            if (!tools) {
                run.errors << tools.error().message;
                return false;
            }
            m_tools = std::move(*tools);
        }
        if (m_config.context == AacrContext::Embedding)
            return prepareEmbeddings(run);
        return true;
    }

    QList<std::vector<float>> embed(const QStringList &texts, const QString &what, RunRecord &run)
    {
        QList<std::vector<float>> out;
        const int batch = m_config.options.embeddingBatch;
        for (qsizetype from = 0; from < texts.size(); from += batch) {
            if (cancelled())
                return {};
            ChatRequest request;
            request.profile = *m_config.embedding;
            request.role = QStringLiteral("embedding");
            request.embeddingInput = texts.mid(from, batch);
            request.label = QStringLiteral("embeddings: %1 %2-%3 of %4").arg(what).arg(from + 1).arg(from + request.embeddingInput.size()).arg(texts.size());
            Exchange e = sendAndWait(m_client, request);
            const auto vectors = embeddingVectors(e.response);
            if (e.ok() && vectors.size() != static_cast<std::size_t>(request.embeddingInput.size()))
                e.error = QCoreApplication::translate("rd::pipeline", "the answer has %1 vectors for %2 texts").arg(vectors.size()).arg(request.embeddingInput.size());
            {
                QMutexLocker locker(&m_lock);
                run.exchanges.append(e);
            }
            if (!e.ok()) {
                run.errors << QStringLiteral("%1: %2").arg(request.label, e.error);
                return {};
            }
            for (const auto &v : vectors)
                out.append(v);
        }
        return out;
    }

    bool prepareEmbeddings(RunRecord &run)
    {
        auto chunks = chunkCommit(m_mr.repository, m_mr.head, rule(), m_cancel);
        if (!chunks) {
            run.errors << chunks.error().message;
            return false;
        }
        m_chunks = *chunks;
        auto cache = VectorCache::open(cacheDir() + QStringLiteral("/embeddings.sqlite"));
        if (!cache)
            run.errors << cache.error().message; // runs on without a cache
        const EndpointProfile &p = *m_config.embedding;
        std::vector<std::vector<float>> vectors(static_cast<std::size_t>(m_chunks.size()));
        QList<int> missing;
        QList<QByteArray> keys;
        for (int i = 0; i < m_chunks.size(); ++i) {
            const CodeChunk &c = m_chunks[i];
            QCryptographicHash h(QCryptographicHash::Sha256);
            h.addData(QStringLiteral("%1\n%2\n%3\n%4\n%5").arg(p.endpoint, p.model, QString::fromLatin1(c.blob.toHex()), rule().key()).arg(c.index).toUtf8());
            keys.append(h.result().toHex());
            if (auto v = cache ? cache->find(keys.back()) : std::nullopt)
                vectors[static_cast<std::size_t>(i)] = std::move(*v);
            else
                missing.append(i);
        }
        if (!missing.isEmpty()) {
            QStringList texts;
            for (int i : std::as_const(missing))
                texts << QString::fromUtf8(m_chunks[i].path) + QLatin1Char('\n') + m_chunks[i].text;
            const auto got = embed(texts, QStringLiteral("chunks"), run);
            if (got.size() != missing.size())
                return false;
            QList<std::pair<QByteArray, std::vector<float>>> fresh;
            for (qsizetype n = 0; n < missing.size(); ++n) {
                vectors[static_cast<std::size_t>(missing[n])] = got[n];
                fresh.append({keys[missing[n]], got[n]});
            }
            if (cache)
                cache->store(fresh);
        }
        m_embeddedChunks = static_cast<int>(m_chunks.size());
        if (vectors.empty())
            return true;
        auto nn = NearestNeighbours::build(vectors, m_config.options.exactSearchLimit);
        if (!nn) {
            run.errors << nn.error().message;
            return false;
        }
        m_neighbours = *nn;
        return true;
    }

    void retrieveByEmbedding(QList<HunkJob> &jobs, RunRecord &run)
    {
        QStringList texts;
        for (const HunkJob &j : jobs)
            texts << QString::fromUtf8(j.place.path) + QLatin1Char('\n') + hunkDiffText(j.place.hunk);
        const auto queries = embed(texts, QStringLiteral("hunks"), run);
        if (queries.size() != jobs.size())
            return;
        const int k = m_config.options.topK;
        for (qsizetype n = 0; n < jobs.size(); ++n) {
            const Bm25Index::Exclusion ex = exclusionOf(jobs[n].place);
            // A few more than k, for the hunk's own chunks left out.
            for (const NearestNeighbours::Hit &hit : m_neighbours.search(queries[n], k + 8)) {
                const CodeChunk &c = m_chunks[hit.index];
                if (c.path == ex.path && c.lineEnd >= ex.lineStart && c.lineStart <= ex.lineEnd)
                    continue;
                jobs[n].retrieval.chunks.append({c.path, c.lineStart, c.lineEnd, hit.score, c.text});
                if (jobs[n].retrieval.chunks.size() == k)
                    break;
            }
        }
    }

    QHash<QString, QString> values(const HunkJob &job) const
    {
        const Hunk &h = job.place.hunk;
        return {{QStringLiteral("pr_title"), m_mr.title},
                {QStringLiteral("pr_description"), m_mr.description},
                {QStringLiteral("file"), QString::fromUtf8(job.place.path)},
                {QStringLiteral("diff_hunk"), hunkDiffText(h)},
                {QStringLiteral("base_commit"), QString::fromLatin1(m_mr.diffBase().toHex())},
                {QStringLiteral("head_commit"), QString::fromLatin1(m_mr.head.toHex())},
                {QStringLiteral("new_range"), QStringLiteral("%1-%2").arg(h.newStart).arg(h.newStart + std::max(0, h.newLines - 1))},
                {QStringLiteral("old_range"), QStringLiteral("%1-%2").arg(h.oldStart).arg(h.oldStart + std::max(0, h.oldLines - 1))}};
    }

    void review(HunkJob &job)
    {
        const QString label = QStringLiteral("aacr %1, %2 hunk %3").arg(aacrContextName(m_config.context), QString::fromUtf8(job.place.path)).arg(job.index + 1);
        QString reply;
        bool answered = false;
        if (m_config.context == AacrContext::Agent) {
            answered = converse(job, label, reply);
        } else {
            if (m_config.context == AacrContext::Bm25)
                job.retrieval.chunks = m_index.query(hunkDiffText(job.place.hunk), m_config.options.topK, exclusionOf(job.place));
            QHash<QString, QString> v = values(job);
            v.insert(QStringLiteral("contexts"), renderContexts(job.retrieval.chunks));
            ChatRequest request;
            request.profile = m_config.reviewer;
            request.role = QStringLiteral("reviewer");
            request.label = label;
            const QString name = m_config.context == AacrContext::None ? QStringLiteral("aacr_review") : QStringLiteral("aacr_review_context");
            request.messages = {{QStringLiteral("user"), fill(promptTemplate(name), v)}};
            const Exchange e = sendAndWait(m_client, request);
            job.exchanges.append(e);
            if (e.ok()) {
                reply = e.response;
                answered = true;
            } else {
                job.errors << QStringLiteral("%1: %2").arg(label, e.error);
                job.unreviewedReason = job.errors.last();
            }
        }
        if (!answered) {
            if (job.unreviewedReason.isEmpty())
                job.unreviewedReason = job.errors.isEmpty() ? QStringLiteral("%1: no answer").arg(label) : job.errors.last();
            return;
        }
        AacrParsed parsed = parseAacrReview(reply, job.place);
        if (!parsed.error.isEmpty()) {
            job.unreviewedReason = QStringLiteral("%1: the answer could not be read (%2)").arg(label, parsed.error);
            ReviewComment unparsed;
            unparsed.id = QStringLiteral("h%1-unparsed").arg(job.index + 1);
            unparsed.file = QString::fromUtf8(job.place.path);
            unparsed.lineValid = false; // no lines: an unparsed reply names none (the hunk is in its id and history)
            unparsed.raw = reply;
            unparsed.issue = parsed.error;
            unparsed.reviewers = {1};
            unparsed.slice = job.index;
            unparsed.history.append({QStringLiteral("aacr_reviewer"), 0, 0, 0, parsed.error});
            unparsed.drop(QStringLiteral("unparsed"));
            job.comments.append(unparsed);
            job.errors << QStringLiteral("%1: %2 (the reply is kept in %3)").arg(label, parsed.error, unparsed.id);
            return;
        }
        job.reviewed = true;
        for (qsizetype i = 0; i < parsed.comments.size(); ++i) {
            ReviewComment c = parsed.comments[i];
            c.id = QStringLiteral("h%1-c%2").arg(job.index + 1).arg(i + 1);
            c.reviewers = {1};
            c.slice = job.index;
            c.history.last().note = c.history.last().note.isEmpty() ? QStringLiteral("context %1").arg(aacrContextName(m_config.context))
                                                                    : c.history.last().note;
            job.comments.append(c);
        }
    }

    // The per-hunk agent: the shared tool loop with the hunk's budget.
    bool converse(HunkJob &job, const QString &label, QString &reply)
    {
        const AacrOptions &o = m_config.options;
        const QList<ChatMessage> messages = {{QStringLiteral("system"), promptTemplate(QStringLiteral("aacr_agent"))},
                                             {QStringLiteral("user"), fill(promptTemplate(QStringLiteral("aacr_agent_task")), values(job))}};
        const AgentSetup setup{m_client, m_config.reviewer, *m_tools, {o.maxTurns, o.tokenBudget}, label, QStringLiteral("review"), m_cancel};
        AgentAnswer answer = converseWithTools(setup, messages, job.retrieval);
        job.exchanges += answer.exchanges;
        job.errors += answer.errors;
        if (answer.ending == AgentAnswer::Ending::KeptCallingTools)
            job.errors << QCoreApplication::translate("rd::pipeline", "%1: the model kept calling tools after its budget (%2); no review for this hunk")
                              .arg(label, job.retrieval.stopReason);
        reply = answer.reply;
        return answer.answered();
    }

    LlmClient &m_client;
    const MergeRequest &m_mr;
    const AacrRunConfig &m_config;
    const std::atomic<bool> *m_cancel;
    Bm25Index m_index;
    std::unique_ptr<RepositoryTools> m_tools;
    QList<CodeChunk> m_chunks;
    NearestNeighbours m_neighbours;
    int m_embeddedChunks = 0;
    QMutex m_lock;
};

} // namespace

QString hunkDiffText(const Hunk &hunk)
{
    QString out = QString::fromUtf8(hunk.header).trimmed();
    for (const DiffLine &l : hunk.lines) {
        const char mark = l.kind == LineKind::Added ? '+' : l.kind == LineKind::Deleted ? '-' : ' ';
        QByteArray text = l.text;
        while (text.endsWith('\n') || text.endsWith('\r'))
            text.chop(1);
        out += QLatin1Char('\n') + QLatin1Char(mark) + QString::fromUtf8(text);
    }
    return out;
}

QList<AacrHunkPlace> aacrHunkPlaces(const MergeRequest &mr)
{
    QList<AacrHunkPlace> places;
    for (const FileDiff &file : mr.files) {
        if (!file.isReadable() || file.isBinary() || file.isSubmodule())
            continue;
        int oldLines = 0;
        int newLines = 0;
        if (file.exists(Side::Old))
            if (auto c = mr.content(file, Side::Old))
                oldLines = lineCount(*c);
        if (file.exists(Side::New))
            if (auto c = mr.content(file, Side::New))
                newLines = lineCount(*c);
        for (const Hunk &h : file.hunks) {
            AacrHunkPlace place{file.displayPath(), h, oldLines, newLines};
            // The lines point into the hunk's text: keep a deep copy.
            place.hunk.text = QByteArray(h.text.constData(), h.text.size());
            for (DiffLine &l : place.hunk.lines)
                l.text = QByteArray(l.text.constData(), l.text.size());
            places.append(std::move(place));
        }
    }
    return places;
}

RunRecord runAacrReview(LlmClient &client, const MergeRequest &mr, const AacrRunConfig &config, const std::function<void(const RunProgress &)> &progress,
                        const std::atomic<bool> *cancel)
{
    if (config.context == AacrContext::AgentPr)
        return runAacrPrAgent(client, mr, config, progress, cancel);
    RunRecord record = RunRecord::startingNow(config.toRunConfig(), mr);
    QElapsedTimer clock;
    clock.start();

    QList<HunkJob> jobs;
    for (const AacrHunkPlace &place : aacrHunkPlaces(mr)) {
        HunkJob job;
        job.index = static_cast<int>(jobs.size());
        job.place = place;
        job.retrieval.hunk = job.index;
        job.retrieval.path = place.path;
        job.retrieval.header = place.hunk.header;
        jobs.append(std::move(job));
    }

    Runner runner(client, mr, config, cancel);
    RunProgress state;
    state.slicesTotal = static_cast<int>(jobs.size());
    state.stage = QCoreApplication::translate("rd::pipeline", "preparing the %1 context").arg(aacrContextName(config.context));
    if (progress)
        progress(state);
    bool ready = runner.prepare(record);
    if (ready && config.context == AacrContext::Embedding && !jobs.isEmpty())
        runner.retrieveByEmbedding(jobs, record);
    if (!ready && !runner.cancelled())
        record.errors << QCoreApplication::translate("rd::pipeline", "the %1 context could not be prepared: no hunk was reviewed").arg(aacrContextName(config.context));

    QMutex lock;
    std::atomic<int> notStarted{0};
    if (ready) {
        QThreadPool pool;
        pool.setMaxThreadCount(std::max(1, config.concurrency));
        QtConcurrent::blockingMap(&pool, jobs, [&](HunkJob &job) {
            if (runner.cancelled()) {
                ++notStarted;
                return;
            }
            runner.review(job);
            QMutexLocker locker(&lock);
            ++state.slicesDone;
            for (const Exchange &e : std::as_const(job.exchanges)) {
                ++state.requests;
                state.failedRequests += !e.ok();
                state.promptTokens += e.promptTokens;
                state.completionTokens += e.completionTokens;
            }
            state.elapsedMs = clock.elapsed();
            state.stage = QStringLiteral("%1 hunk %2").arg(QString::fromUtf8(job.place.path)).arg(job.index + 1);
            if (progress)
                progress(state);
        });
    }
    CoverageTally coverage(mr);
    for (const HunkJob &job : std::as_const(jobs)) {
        const auto [added, deleted] = changedLinesOfHunk(job.place.hunk);
        const QString path = QString::fromUtf8(job.place.path);
        QString reason = job.unreviewedReason;
        if (!job.reviewed && reason.isEmpty())
            reason = !ready ? QCoreApplication::translate("rd::pipeline", "the %1 context could not be prepared").arg(aacrContextName(config.context))
                            : QCoreApplication::translate("rd::pipeline", "the run was cancelled before this hunk");
        coverage.add(QStringLiteral("hunk"), QStringLiteral("%1 hunk %2").arg(path).arg(job.index + 1), path, added, deleted, job.reviewed, reason);
        record.exchanges += job.exchanges;
        for (ReviewComment c : job.comments) {
            c.pipeline = QStringLiteral("aacr"); // provenance: which reviewer system wrote it
            record.comments.append(std::move(c));
        }
        record.errors += job.errors;
        record.retrieval.append(job.retrieval);
    }
    record.coverage = coverage.result();
    record.cancelled = runner.cancelled();
    if (notStarted > 0)
        record.errors << QCoreApplication::translate("rd::pipeline", "cancelled: %1 of %2 hunks were not reviewed").arg(notStarted.load()).arg(jobs.size());
    record.finished = QDateTime::currentDateTimeUtc();
    return record;
}

RunRecord AacrPipeline::run(const PipelineContext &context)
{
    const auto config = AacrRunConfig::fromRunConfig(context.config);
    if (!config) {
        RunRecord record = context.newRecord();
        record.errors << config.error().message;
        return record;
    }
    RunRecord record = runAacrReview(context.client, context.mr, *config, context.progress, context.cancel);
    record.config = context.config; // as given: replay endpoints, the dialog's choices
    return record;
}

} // namespace rd
