#include "ReviewRun.h"

#include "ModelOutput.h"
#include "Prompts.h"

#include <SliceRenderer.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>
#include <QSet>
#include <QThreadPool>
#include <QtConcurrent>

#include <nlohmann/json.hpp>

#include <map>
#include <numeric>
#include <vector>

namespace rd {

using Json = nlohmann::ordered_json;

namespace {

Json commentJson(const ReviewComment &c, bool full)
{
    Json j = Json::object();
    j["id"] = c.id.toStdString();
    j["file"] = c.file.toStdString();
    j["side"] = c.side.toStdString();
    j["line_start"] = c.lineStart;
    j["line_end"] = c.lineEnd;
    j["issue"] = c.issue.toStdString();
    j["root_cause"] = c.rootCause.toStdString();
    j["fix"] = c.fix.toStdString();
    j["example"] = c.example.toStdString();
    j["category"] = c.category.toStdString();
    j["q1_nitpick"] = c.q1Nitpick;
    j["q2_fake"] = c.q2Fake;
    j["q3_severity"] = c.q3Severity;
    Json reviewers = Json::array();
    for (int r : c.reviewers)
        reviewers.push_back(r);
    j["reviewers"] = reviewers;
    if (!full)
        return j;
    j["kept"] = c.kept;
    j["dropped_at"] = c.droppedAt.isEmpty() ? Json(nullptr) : Json(c.droppedAt.toStdString());
    if (!c.mergedInto.isEmpty())
        j["merged_into"] = c.mergedInto.toStdString();
    j["line_valid"] = c.lineValid;
    j["slice"] = c.slice;
    if (!c.raw.isEmpty())
        j["raw"] = c.raw.toStdString();
    Json history = Json::array();
    for (const ScoreRecord &h : c.history)
        history.push_back({{"stage", h.stage.toStdString()}, {"q1_nitpick", h.q1Nitpick}, {"q2_fake", h.q2Fake}, {"q3_severity", h.q3Severity}});
    j["history"] = history;
    return j;
}

QString commentsForPrompt(const QList<ReviewComment> &comments, bool withReviewer)
{
    Json list = Json::array();
    for (const ReviewComment &c : comments) {
        Json j = commentJson(c, false);
        if (withReviewer && !c.reviewers.isEmpty())
            j["reviewer"] = c.reviewers.first();
        j.erase("reviewers");
        list.push_back(j);
    }
    return QString::fromStdString(Json{{"comments", list}}.dump(2));
}

bool linesOverlap(const ReviewComment &a, const ReviewComment &b)
{
    return a.file == b.file && a.side == b.side && a.lineStart <= b.lineEnd + 1 && b.lineStart <= a.lineEnd + 1;
}

// One slice through all the roles. Runs on a pool thread.
class SliceReview
{
public:
    SliceReview(LlmClient &client, const RunConfig &config, const MergeRequest &mr, const Slice &slice, int index, const QString &text)
        : m_client(client), m_config(config), m_mr(mr), m_slice(slice), m_index(index), m_text(text)
    {
    }

    QList<ReviewComment> comments;
    QList<Exchange> exchanges;
    QStringList errors;

    void run(const std::atomic<bool> *cancel)
    {
        auto stopped = [cancel] { return cancel && cancel->load(); };
        reviewers();
        if (stopped())
            return;
        applyCoarseFilter(comments, m_config);
        applyTopK(comments, m_config.topK);
        QList<int> candidates = keptIndices();
        if (m_config.metaReviewer && !candidates.isEmpty()) {
            candidates = metaReview(candidates);
            if (stopped())
                return;
        }
        if (m_config.validator && !candidates.isEmpty()) {
            validate(candidates);
            if (stopped())
                return;
        }
        if (m_config.translator && !m_config.language.isEmpty())
            translate();
    }

private:
    QString sliceFile() const { return QString::fromUtf8(m_slice.file); }

    QHash<QString, QString> values() const
    {
        return {{QStringLiteral("file"), sliceFile()},
                {QStringLiteral("slice"), m_text},
                {QStringLiteral("title"), m_mr.title},
                {QStringLiteral("description"), m_mr.description},
                {QStringLiteral("reviewer_count"), QString::number(m_config.reviewers)},
                {QStringLiteral("language"), m_config.language}};
    }

    // Sends the comments at `indices` to a role and reads the comments it
    // answers with. A failed request or an unreadable answer is recorded once,
    // with what the run does instead (`fallback`).
    ParsedComments askAbout(ReviewRole role, const EndpointProfile &profile, const QList<int> &indices, const QString &roleLabel,
                            const QString &fallback)
    {
        QList<ReviewComment> input;
        for (int i : indices)
            input.append(comments[i]);
        QHash<QString, QString> v = values();
        v.insert(QStringLiteral("comments"), commentsForPrompt(input, role == ReviewRole::MetaReviewer));
        const QString label = QStringLiteral("%1, %2 slice %3").arg(roleLabel, sliceFile()).arg(m_index);
        const Exchange e = m_client.send({profile, buildPrompt(role, m_config.cot, v), label}).result();
        exchanges.append(e);
        ParsedComments parsed = e.ok() ? parseComments(e.response) : ParsedComments{{}, e.error};
        if (!parsed.error.isEmpty())
            errors << QStringLiteral("%1: %2 (%3)").arg(label, parsed.error, fallback);
        return parsed;
    }

    QList<int> keptIndices() const
    {
        QList<int> out;
        for (int i = 0; i < comments.size(); ++i)
            if (comments[i].kept)
                out.append(i);
        return out;
    }

    void finishComment(ReviewComment &c, const QString &stage) const
    {
        if (c.file.isEmpty())
            c.file = sliceFile();
        c.slice = m_index;
        c.history.append({stage, c.q1Nitpick, c.q2Fake, c.q3Severity});
        // A comment outside the lines its reviewer was shown counts against
        // line localization; it is flagged, never moved.
        const QList<int> &lines = c.side == QLatin1String("old") ? m_slice.oldLines : m_slice.newLines;
        c.lineValid = c.file == sliceFile() && lines.contains(c.lineStart) && lines.contains(c.lineEnd);
    }

    void reviewers()
    {
        // The reviewers run at once; each has its own number (and seed) so
        // their requests differ and a cache cannot hand one answer to all.
        QList<QFuture<Exchange>> futures;
        for (int r = 1; r <= m_config.reviewers; ++r) {
            QList<ChatMessage> messages = buildPrompt(ReviewRole::Reviewer, m_config.cot, values());
            if (m_config.reviewers > 1)
                messages.last().content += QStringLiteral("\n\n(You are reviewer %1 of %2.)").arg(r).arg(m_config.reviewers);
            EndpointProfile profile = m_config.reviewer;
            if (profile.seed)
                profile.seed = *profile.seed + r - 1;
            futures.append(m_client.send({profile, messages, QStringLiteral("reviewer %1, %2 slice %3").arg(r).arg(sliceFile()).arg(m_index)}));
        }
        for (int r = 1; r <= futures.size(); ++r) {
            const Exchange e = futures[r - 1].result();
            exchanges.append(e);
            if (!e.ok()) {
                errors << QStringLiteral("%1: %2").arg(e.request.label, e.error);
                continue;
            }
            const ParsedComments parsed = parseComments(e.response);
            if (!parsed.error.isEmpty()) {
                ReviewComment unparsed;
                unparsed.id = QStringLiteral("s%1-r%2-unparsed").arg(m_index).arg(r);
                unparsed.reviewers = {r};
                unparsed.raw = e.response;
                unparsed.issue = parsed.error;
                finishComment(unparsed, QStringLiteral("reviewer"));
                unparsed.drop(QStringLiteral("unparsed"));
                comments.append(unparsed);
                continue;
            }
            int n = 0;
            for (ReviewComment c : parsed.comments) {
                c.id = QStringLiteral("s%1-r%2-%3").arg(m_index).arg(r).arg(++n);
                c.reviewers = {r};
                finishComment(c, QStringLiteral("reviewer"));
                comments.append(c);
            }
        }
    }

    // Returns the indices of the comments that go on to the validator.
    QList<int> metaReview(const QList<int> &sources)
    {
        const ParsedComments parsed = askAbout(ReviewRole::MetaReviewer, *m_config.metaReviewer, sources, QStringLiteral("meta-reviewer"),
                                               QStringLiteral("the reviewers' comments go on unmerged"));
        if (!parsed.error.isEmpty())
            return sources;
        QList<int> merged;
        int n = 0;
        for (ReviewComment c : parsed.comments) {
            c.id = QStringLiteral("s%1-m%2").arg(m_index).arg(++n);
            QList<int> reviewers;
            for (int r : c.reviewers)
                if (r >= 1 && r <= m_config.reviewers && !reviewers.contains(r))
                    reviewers.append(r);
            std::sort(reviewers.begin(), reviewers.end());
            c.reviewers = reviewers;
            finishComment(c, QStringLiteral("meta"));
            if (m_config.reviewers >= 2 && c.reviewers.size() < m_config.minAgreement)
                c.drop(QStringLiteral("meta"));
            comments.append(c);
            merged.append(static_cast<int>(comments.size()) - 1);
        }
        // Each reviewer comment either went into a merged one or was left out.
        for (int i : sources) {
            ReviewComment &source = comments[i];
            for (int m : merged) {
                const ReviewComment &into = comments[m];
                if (linesOverlap(source, into) && (into.reviewers.isEmpty() || into.reviewers.contains(source.reviewers.value(0)))) {
                    source.drop(QStringLiteral("merged"));
                    source.mergedInto = into.id;
                    break;
                }
            }
            if (source.kept)
                source.drop(QStringLiteral("meta"));
        }
        QList<int> kept;
        for (int m : merged)
            if (comments[m].kept)
                kept.append(m);
        return kept;
    }

    void validate(const QList<int> &candidates)
    {
        const ParsedComments parsed = askAbout(ReviewRole::Validator, *m_config.validator, candidates, QStringLiteral("validator"),
                                               QStringLiteral("comments left unvalidated"));
        if (!parsed.error.isEmpty())
            return;
        QSet<int> confirmed;
        for (const ReviewComment &answer : parsed.comments) {
            int match = -1;
            for (int i : candidates)
                if (!confirmed.contains(i) && !answer.id.isEmpty() && comments[i].id == answer.id)
                    match = i;
            // Models drop ids: fall back to the place and the wording.
            if (match < 0)
                for (int i : candidates)
                    if (!confirmed.contains(i) && (answer.file.isEmpty() || comments[i].file == answer.file) && comments[i].side == answer.side
                        && comments[i].lineStart == answer.lineStart && (answer.issue.isEmpty() || comments[i].issue.left(40) == answer.issue.left(40)
                                                                       || comments[i].lineEnd == answer.lineEnd)) {
                        match = i;
                        break;
                    }
            if (match < 0)
                continue;
            confirmed.insert(match);
            ReviewComment &c = comments[match];
            c.q1Nitpick = answer.q1Nitpick;
            c.q2Fake = answer.q2Fake;
            c.q3Severity = answer.q3Severity;
            for (auto [field, value] : {std::pair{&c.issue, answer.issue}, std::pair{&c.rootCause, answer.rootCause},
                                        std::pair{&c.fix, answer.fix}, std::pair{&c.example, answer.example}})
                if (!value.isEmpty())
                    *field = value;
            if (answer.lineStart > 0) {
                c.lineStart = answer.lineStart;
                c.lineEnd = answer.lineEnd;
            }
            finishComment(c, QStringLiteral("validator"));
        }
        for (int i : candidates) {
            if (!confirmed.contains(i)) {
                comments[i].drop(QStringLiteral("validator"));
                continue;
            }
            QList<ReviewComment> one{comments[i]};
            applyCoarseFilter(one, m_config, QStringLiteral("validator"));
            comments[i] = one.first();
        }
    }

    void translate()
    {
        QList<int> kept = keptIndices();
        if (kept.isEmpty())
            return;
        const ParsedComments parsed = askAbout(ReviewRole::Translator, *m_config.translator, kept, QStringLiteral("translator"),
                                               QStringLiteral("comments left untranslated"));
        if (!parsed.error.isEmpty())
            return;
        for (const ReviewComment &answer : parsed.comments)
            for (int i : kept)
                if (comments[i].id == answer.id) {
                    // Prose only: lines, scores and code stay as they were.
                    for (auto [field, value] : {std::pair{&comments[i].issue, answer.issue}, std::pair{&comments[i].rootCause, answer.rootCause},
                                                std::pair{&comments[i].fix, answer.fix}})
                        if (!value.isEmpty())
                            *field = value;
                }
    }

    LlmClient &m_client;
    const RunConfig &m_config;
    const MergeRequest &m_mr;
    const Slice &m_slice;
    int m_index;
    QString m_text;
};

} // namespace

void applyCoarseFilter(QList<ReviewComment> &comments, const RunConfig &config, const QString &stage)
{
    for (ReviewComment &c : comments)
        if (c.kept && (c.q1Nitpick <= config.nitpickThreshold || c.q2Fake <= config.fakeThreshold))
            c.drop(stage);
}

void applyTopK(QList<ReviewComment> &comments, int k)
{
    // Each reviewer keeps its k most severe comments (ties: the earlier one).
    std::map<int, QList<int>> byReviewer;
    for (int i = 0; i < comments.size(); ++i)
        if (comments[i].kept)
            byReviewer[comments[i].reviewers.value(0)].append(i);
    for (auto &[reviewer, indices] : byReviewer) {
        std::stable_sort(indices.begin(), indices.end(), [&](int a, int b) { return comments[a].q3Severity > comments[b].q3Severity; });
        for (qsizetype n = k; n < indices.size(); ++n)
            comments[indices[n]].drop(QStringLiteral("top_k"));
    }
}

RunRecord runReview(LlmClient &client, const MergeRequest &mr, const QList<Slice> &slices, const RunConfig &config,
                    const std::function<void(const RunProgress &)> &progress, const std::atomic<bool> *cancel)
{
    RunRecord record;
    record.config = config;
    record.base = mr.base;
    record.head = mr.head;
    record.mergeBase = mr.mergeBase;
    record.started = QDateTime::currentDateTimeUtc();
    QElapsedTimer clock;
    clock.start();

    // The slices of the configured algorithm, rendered as the reviewer reads them.
    QList<int> chosen;
    for (int i = 0; i < slices.size(); ++i)
        if (slices[i].algorithm == config.slicing)
            chosen.append(i);
    QList<QString> texts(slices.size());
    MergeRequestSliceRenderer renderer(mr);
    for (int i : chosen)
        texts[i] = renderer.render(slices[i], config.lineFormat);

    QMutex lock;
    RunProgress state;
    state.slicesTotal = static_cast<int>(chosen.size());
    std::vector<std::unique_ptr<SliceReview>> reviews;
    for (int i : chosen)
        reviews.push_back(std::make_unique<SliceReview>(client, config, mr, slices[i], i, texts[i]));

    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, config.concurrency));
    QList<int> order(static_cast<qsizetype>(reviews.size()));
    std::iota(order.begin(), order.end(), 0);
    QtConcurrent::blockingMap(&pool, order, [&](int n) {
        if (cancel && cancel->load())
            return;
        SliceReview &review = *reviews[n];
        review.run(cancel);
        QMutexLocker locker(&lock);
        ++state.slicesDone;
        for (const Exchange &e : review.exchanges) {
            ++state.requests;
            state.failedRequests += !e.ok();
            state.promptTokens += e.promptTokens;
            state.completionTokens += e.completionTokens;
        }
        state.elapsedMs = clock.elapsed();
        state.stage = QStringLiteral("%1 slice %2").arg(QString::fromUtf8(slices[chosen[n]].file)).arg(chosen[n]);
        if (progress)
            progress(state);
    });

    for (const auto &review : reviews) {
        record.comments += review->comments;
        record.exchanges += review->exchanges;
        record.errors += review->errors;
    }
    record.cancelled = cancel && cancel->load();
    record.finished = QDateTime::currentDateTimeUtc();
    return record;
}

int RunRecord::promptTokens() const
{
    return std::accumulate(exchanges.begin(), exchanges.end(), 0, [](int s, const Exchange &e) { return s + e.promptTokens; });
}

int RunRecord::completionTokens() const
{
    return std::accumulate(exchanges.begin(), exchanges.end(), 0, [](int s, const Exchange &e) { return s + e.completionTokens; });
}

int RunRecord::failedRequests() const
{
    return static_cast<int>(std::count_if(exchanges.begin(), exchanges.end(), [](const Exchange &e) { return !e.ok(); }));
}

QByteArray RunRecord::toJson() const
{
    Json exchangeList = Json::array();
    for (const Exchange &e : exchanges) {
        Json messages = Json::array();
        for (const ChatMessage &m : e.request.messages)
            messages.push_back({{"role", m.role.toStdString()}, {"content", m.content.toStdString()}});
        exchangeList.push_back({{"label", e.request.label.toStdString()},
                                {"endpoint", e.request.profile.endpoint.toStdString()},
                                {"model", e.request.profile.model.toStdString()},
                                {"messages", messages},
                                {"response", e.response.toStdString()},
                                {"raw_response", QString::fromUtf8(e.rawBody).toStdString()},
                                {"status", e.httpStatus},
                                {"error", e.error.toStdString()},
                                {"attempts", e.attempts},
                                {"latency_ms", e.latencyMs},
                                {"prompt_tokens", e.promptTokens},
                                {"completion_tokens", e.completionTokens},
                                {"from_cache", e.fromCache},
                                {"from_replay", e.fromReplay}});
    }
    Json errorList = Json::array();
    for (const QString &e : errors)
        errorList.push_back(e.toStdString());
    Json commentList = Json::array();
    for (const ReviewComment &c : comments)
        commentList.push_back(commentJson(c, true));
    const Json run = {{"config", Json::parse(config.toJson().toStdString())},
                      {"base", base.toHex().toStdString()},
                      {"head", head.toHex().toStdString()},
                      {"merge_base", mergeBase.isNull() ? Json(nullptr) : Json(mergeBase.toHex().toStdString())},
                      {"started", started.toString(Qt::ISODateWithMs).toStdString()},
                      {"finished", finished.toString(Qt::ISODateWithMs).toStdString()},
                      {"elapsed_ms", started.msecsTo(finished)},
                      {"requests", exchanges.size()},
                      {"failed_requests", failedRequests()},
                      {"prompt_tokens", promptTokens()},
                      {"completion_tokens", completionTokens()},
                      {"cancelled", cancelled},
                      {"errors", errorList},
                      {"exchanges", exchangeList}};
    return QByteArray::fromStdString(Json{{"run", run}, {"comments", commentList}}.dump(2)) + '\n';
}

QByteArray RunRecord::toAacrJson(const MergeRequest &mr) const
{
    Json list = Json::array();
    for (const ReviewComment &c : comments) {
        if (!c.kept)
            continue;
        QString note = c.issue;
        if (!c.rootCause.isEmpty())
            note += QStringLiteral("\n\nRoot cause: ") + c.rootCause;
        if (!c.fix.isEmpty())
            note += QStringLiteral("\n\nFix: ") + c.fix;
        if (!c.example.isEmpty())
            note += QStringLiteral("\n\n```\n") + c.example + QStringLiteral("\n```");
        list.push_back({{"is_ai_comment", true},
                        {"note", note.toStdString()},
                        {"path", c.file.toStdString()},
                        {"side", c.side == QLatin1String("old") ? "left" : "right"},
                        {"source_model", config.reviewer.model.toStdString()},
                        {"from_line", c.lineStart},
                        {"to_line", c.lineEnd},
                        {"category", c.category.toStdString()},
                        {"context", ""}});
    }
    const Json entry = {{"change_line_count", mr.additions() + mr.deletions()},
                        {"project_main_language", "C++"},
                        {"source_commit", head.toHex().toStdString()},
                        {"target_commit", base.toHex().toStdString()},
                        {"githubPrUrl", ""},
                        {"comments", list}};
    return QByteArray::fromStdString(Json::array({entry}).dump(2)) + '\n';
}

Result<RunRecord> RunRecord::fromJson(const QByteArray &text)
{
    const Json j = Json::parse(text.toStdString(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("run") || !j["run"].is_object() || !j["run"].contains("config"))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "not a run record: expected {\"run\":{\"config\":...}}")};
    auto config = RunConfig::fromJson(QByteArray::fromStdString(j["run"]["config"].dump()));
    if (!config)
        return config.error();
    RunRecord record;
    record.config = *config;
    return record;
}

} // namespace rd
