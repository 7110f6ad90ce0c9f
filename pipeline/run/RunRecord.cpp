#include "RunRecord.h"

#include "CommentJson.h"
#include "RunUsage.h"

#include <AacrLines.h>
#include <DatasetExport.h>

#include <QCoreApplication>
#include <QDir>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <numeric>

namespace rd {

using Json = nlohmann::ordered_json;

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

namespace {

// Team scale: per endpoint, the answers it gave, the attempts that failed
// on it, and its mean latency, so a slow or failing server shows.
Json endpointFigures(const QList<Exchange> &exchanges)
{
    struct Figures
    {
        int answered = 0;
        int failed = 0;
        qint64 latencyMs = 0;
    };
    std::map<QString, Figures> by;
    for (const Exchange &e : exchanges) {
        for (const QString &url : e.failedOn)
            ++by[url].failed;
        if (e.servedBy.isEmpty())
            continue;
        Figures &f = by[e.servedBy];
        if (e.ok()) {
            ++f.answered;
            f.latencyMs += e.latencyMs;
        } else if (!e.failedOn.contains(e.servedBy)) {
            ++f.failed;
        }
    }
    Json list = Json::array();
    for (const auto &[url, f] : by)
        list.push_back({{"endpoint", url.toStdString()},
                        {"answered", f.answered},
                        {"failed_attempts", f.failed},
                        {"mean_latency_ms", f.answered > 0 ? f.latencyMs / f.answered : 0}});
    return list;
}

} // namespace

namespace {

// An agent conversation's tool calls, with the model's arguments and what
// it was told, and how the conversation ended.
void addTrace(Json &entry, const AgentTrace &trace)
{
    Json calls = Json::array();
    for (const AgentToolCall &t : trace.toolCalls)
        calls.push_back({{"turn", t.turn}, {"id", t.id.toStdString()}, {"name", t.name.toStdString()}, {"arguments", t.arguments.toStdString()},
                         {"result", t.result.toStdString()}, {"refused", t.refused}});
    entry["tool_calls"] = calls;
    entry["turns"] = trace.turns;
    entry["tokens"] = trace.tokens;
    entry["stop_reason"] = trace.stopReason.toStdString();
}

// What each hunk of an AACR run was given: chunks with their scores, or the
// agent's tool calls with the model's arguments and what it was told.
Json retrievalJson(const QList<HunkRetrieval> &hunks, bool agent)
{
    Json list = Json::array();
    for (const HunkRetrieval &h : hunks) {
        Json chunks = Json::array();
        for (const RetrievedChunk &c : h.chunks)
            chunks.push_back({{"path", c.path.toStdString()}, {"line_start", c.lineStart}, {"line_end", c.lineEnd}, {"score", c.score}});
        Json entry = {{"hunk", h.hunk}, {"path", h.path.toStdString()}, {"header", h.header.toStdString()}, {"chunks", chunks}};
        if (agent)
            addTrace(entry, h);
        list.push_back(entry);
    }
    return list;
}

// The whole-PR agent: its exploration, then each finding's verdict.
Json prAgentJson(const PrAgentRecord &pr)
{
    Json explore = Json::object();
    addTrace(explore, pr.explore);
    Json verdicts = Json::array();
    for (const FindingVerdict &v : pr.verdicts) {
        Json entry = {{"comment", v.commentId.toStdString()}, {"verdict", v.verdict.toStdString()}, {"reason", v.reason.toStdString()}};
        if (!v.error.isEmpty())
            entry["error"] = v.error.toStdString();
        addTrace(entry, v.trace);
        verdicts.push_back(entry);
    }
    return {{"explore", explore}, {"validations", verdicts}};
}

} // namespace

QByteArray RunRecord::toJson() const
{
    Json exchangeList = Json::array();
    for (const Exchange &e : exchanges) {
        Json messages = Json::array();
        for (const ChatMessage &m : e.request.messages) {
            messages.push_back({{"role", m.role.toStdString()}, {"content", m.content.toStdString()}});
            if (!m.toolCalls.isEmpty())
                messages.back()["tool_calls"] = Json::parse(m.toolCalls.toStdString(), nullptr, false);
            if (!m.toolCallId.isEmpty())
                messages.back()["tool_call_id"] = m.toolCallId.toStdString();
        }
        for (const QString &input : e.request.embeddingInput)
            messages.push_back({{"role", "embedding_input"}, {"content", input.toStdString()}});
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
        if (!e.request.role.isEmpty())
            exchangeList.back()["role"] = e.request.role.toStdString();
        if (!e.toolCalls.isEmpty())
            exchangeList.back()["tool_calls"] = Json::parse(e.toolCalls.toStdString(), nullptr, false);
        if (!e.servedBy.isEmpty())
            exchangeList.back()["served_by"] = e.servedBy.toStdString();
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
                      {"exchanges", exchangeList},
                      {"endpoints", endpointFigures(exchanges)},
                      {"usage", Json::parse(usageJson(usageOf(config, exchanges)).toStdString())}};
    Json runOut = run;
    if (coverage.recorded)
        runOut["coverage"] = Json::parse(coverage.toJson().toStdString());
    if (!conversations.isEmpty())
        runOut["conversations"] = Json::parse(conversationsJson(conversations).toStdString());
    if (!summary.isEmpty())
        runOut["summary"] = summary.toStdString();
    if (revisionTo > 0)
        runOut["revisions"] = {{"from", revisionFrom}, {"to", revisionTo}, {"incremental", revisionFrom > 0}};
    Json out = {{"run", runOut}, {"comments", commentList}};
    if (config.pipeline == PipelineKind::Aacr) {
        out["run"]["bm25_index_built"] = bm25IndexBuilt;
        out["retrieval"] = retrievalJson(retrieval, config.context == QLatin1String("agent"));
        if (config.context == QLatin1String("agent-pr"))
            out["agent_pr"] = prAgentJson(prAgent);
    }
    return QByteArray::fromStdString(out.dump(2)) + '\n';
}

QString aacrMainLanguage(const QList<FileDiff> &files)
{
    // AACR-Bench's ten language names (project_main_language in its files),
    // in the order ties are broken. A ".h" counts as C, as GitHub Linguist
    // counts it without other evidence; a C++ change outweighs its headers.
    static const QList<std::pair<QString, QStringList>> languages = {
        {QStringLiteral("C"), {QStringLiteral("c"), QStringLiteral("h")}},
        {QStringLiteral("C#"), {QStringLiteral("cs")}},
        {QStringLiteral("C++"),
         {QStringLiteral("cc"), QStringLiteral("cpp"), QStringLiteral("cxx"), QStringLiteral("c++"), QStringLiteral("hh"), QStringLiteral("hpp"),
          QStringLiteral("hxx"), QStringLiteral("h++"), QStringLiteral("ipp"), QStringLiteral("inl")}},
        {QStringLiteral("Go"), {QStringLiteral("go")}},
        {QStringLiteral("Java"), {QStringLiteral("java")}},
        {QStringLiteral("JavaScript"), {QStringLiteral("js"), QStringLiteral("mjs"), QStringLiteral("cjs"), QStringLiteral("jsx")}},
        {QStringLiteral("PHP"), {QStringLiteral("php")}},
        {QStringLiteral("Python"), {QStringLiteral("py"), QStringLiteral("pyi")}},
        {QStringLiteral("Rust"), {QStringLiteral("rs")}},
        {QStringLiteral("TypeScript"), {QStringLiteral("ts"), QStringLiteral("tsx"), QStringLiteral("mts"), QStringLiteral("cts")}}};
    QList<int> changed(languages.size(), 0);
    for (const FileDiff &f : files) {
        const QString name = QString::fromUtf8(f.displayPath()).section(QLatin1Char('/'), -1);
        const qsizetype dot = name.lastIndexOf(QLatin1Char('.'));
        if (dot <= 0)
            continue;
        const QString extension = name.mid(dot + 1).toLower();
        for (qsizetype i = 0; i < languages.size(); ++i)
            if (languages[i].second.contains(extension))
                changed[i] += f.additions + f.deletions;
    }
    qsizetype best = -1;
    for (qsizetype i = 0; i < languages.size(); ++i)
        if (changed[i] > 0 && (best < 0 || changed[i] > changed[best]))
            best = i;
    return best < 0 ? QString() : languages[best].first;
}

QByteArray RunRecord::toAacrJson(const MergeRequest &mr) const
{
    // The model that wrote the comments: the first role of the pipeline.
    const auto roles = config.profiles();
    const QString sourceModel = roles.isEmpty() ? QString() : roles.first().second->model;
    Json list = Json::array();
    for (const ReviewComment &c : comments) {
        if (!c.kept)
            continue;
        list.push_back({{"is_ai_comment", true},
                        {"note", commentNote(c).toStdString()},
                        {"path", c.file.toStdString()},
                        {"side", c.side == QLatin1String("old") ? "left" : "right"},
                        {"source_model", sourceModel.toStdString()},
                        // not located: kAacrUnlocatedLine, never a wildcard (AacrLines.h)
                        {"from_line", aacrLineRange(c).from},
                        {"to_line", aacrLineRange(c).to},
                        {"category", c.category.toStdString()},
                        {"context", ""}});
        if (!c.translationLanguage.isEmpty()) { // note is the translation
            list.back()["note_original"] = originalNote(c).toStdString();
            list.back()["translation_language"] = c.translationLanguage.toStdString();
        }
    }
    // As AACR-Bench's files (and ReviewDesk's importer and workspace
    // exporter) have them: source_commit is the base, target_commit the
    // reviewed revision. A local run has no pull request: the repository's
    // file URL stands for it (a --repo-map entry maps it back to the clone).
    const QString folder = mr.repository.isValid() ? (mr.repository.isBare() ? mr.repository.gitDir() : mr.repository.workDir()) : QString();
    const QString where = QUrl::fromLocalFile(QDir::cleanPath(folder)).toString();
    const Json entry = {{"change_line_count", mr.additions() + mr.deletions()},
                        {"project_main_language", aacrMainLanguage(mr.files).toStdString()},
                        {"source_commit", base.toHex().toStdString()},
                        {"target_commit", head.toHex().toStdString()},
                        {"githubPrUrl", where.toStdString()},
                        {"comments", list}};
    return QByteArray::fromStdString(Json::array({entry}).dump(2)) + '\n';
}

RunRecord RunRecord::startingNow(const RunConfig &config, const MergeRequest &mr)
{
    RunRecord record;
    record.config = config;
    record.base = mr.base;
    record.head = mr.head;
    record.mergeBase = mr.mergeBase;
    record.started = QDateTime::currentDateTimeUtc();
    return record;
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
