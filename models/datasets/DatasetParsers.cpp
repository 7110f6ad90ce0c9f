#include "DatasetParsers.h"

#include "AacrLines.h"
#include "ImportJson.h"
#include "WorkspaceJson.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <nlohmann/json.hpp>

namespace rd {

namespace {

using importjson::Json;

using importjson::badInput;
using importjson::parse;
using importjson::wrongType;

// The string at `key` (required unless `optional`), within the size limit.
Result<QString> text(const Json &object, const char *key, const QString &where, bool optional = false)
{
    const QString path = where + QLatin1Char('.') + QLatin1String(key);
    const auto it = object.find(key);
    if (it == object.end()) {
        if (optional)
            return QString();
        return badInput(QCoreApplication::translate("rd::models", "%1 is missing").arg(path));
    }
    if (!it->is_string())
        return wrongType(path, QCoreApplication::translate("rd::models", "a string"), *it);
    const std::string &s = it->get_ref<const std::string &>();
    if (static_cast<qsizetype>(s.size()) > MaxImportTextBytes)
        return badInput(QCoreApplication::translate("rd::models", "%1 is %2 bytes long; ReviewDesk imports texts of up to %3 bytes (1 MiB)").arg(path).arg(s.size()).arg(MaxImportTextBytes));
    return QString::fromStdString(s);
}

Result<int> integer(const Json &object, const char *key, const QString &where, bool optional = false, int fallback = 0)
{
    const QString path = where + QLatin1Char('.') + QLatin1String(key);
    const auto it = object.find(key);
    if (it == object.end()) {
        if (optional)
            return fallback;
        return badInput(QCoreApplication::translate("rd::models", "%1 is missing").arg(path));
    }
    if (!it->is_number_integer())
        return wrongType(path, QCoreApplication::translate("rd::models", "a whole number"), *it);
    const auto v = it->get<long long>();
    if (v < -1 || v > 100'000'000)
        return badInput(QCoreApplication::translate("rd::models", "%1: %2 is not a line number").arg(path).arg(v));
    return static_cast<int>(v);
}

// An AACR-Bench from_line/to_line: a line, or kAacrUnlocatedLine (how
// ReviewDesk writes an unlocated comment, AacrLines.h) read as 0, no line.
Result<int> aacrLine(const Json &object, const char *key, const QString &where)
{
    if (const auto it = object.find(key); it != object.end() && it->is_number_integer() && it->get<long long>() == kAacrUnlocatedLine)
        return 0;
    return integer(object, key, where);
}

Result<bool> boolean(const Json &object, const char *key, const QString &where, bool fallback)
{
    const auto it = object.find(key);
    if (it == object.end())
        return fallback;
    if (!it->is_boolean())
        return wrongType(where + QLatin1Char('.') + QLatin1String(key), QCoreApplication::translate("rd::models", "true or false"), *it);
    return it->get<bool>();
}

QByteArray compact(const Json &j)
{
    return QByteArray::fromStdString(j.dump());
}

Result<AacrComment> aacrComment(const Json &j, const QString &where)
{
    if (!j.is_object())
        return wrongType(where, QCoreApplication::translate("rd::models", "an object"), j);
    AacrComment c;
    auto note = text(j, "note", where);
    if (!note)
        return note.error();
    c.note = *note;
    auto path = text(j, "path", where);
    if (!path)
        return path.error();
    if (const QString problem = importPathProblem(*path); !problem.isEmpty())
        return badInput(QStringLiteral("%1.path: %2").arg(where, problem));
    c.path = *path;
    auto side = text(j, "side", where);
    if (!side)
        return side.error();
    if (*side != QLatin1String("left") && *side != QLatin1String("right"))
        return badInput(QCoreApplication::translate("rd::models", "%1.side: \"left\" or \"right\", not \"%2\"").arg(where, side->left(40)));
    c.side = *side;
    auto from = aacrLine(j, "from_line", where);
    if (!from)
        return from.error();
    auto to = aacrLine(j, "to_line", where);
    if (!to)
        return to.error();
    c.fromLine = *from;
    c.toLine = *to;
    for (const auto &[key, into] : {std::pair{"category", &c.category}, std::pair{"context", &c.context}, std::pair{"source_model", &c.sourceModel}}) {
        auto v = text(j, key, where, true);
        if (!v)
            return v.error();
        *into = *v;
    }
    auto ai = boolean(j, "is_ai_comment", where, false);
    if (!ai)
        return ai.error();
    c.isAi = *ai;
    c.record = compact(j);
    return c;
}

Result<AacrPullRequest> aacrPullRequest(const Json &j, const QString &where)
{
    if (!j.is_object())
        return wrongType(where, QCoreApplication::translate("rd::models", "an object"), j);
    AacrPullRequest pr;
    auto url = text(j, "githubPrUrl", where);
    if (!url)
        return url.error();
    if (url->trimmed().isEmpty())
        return badInput(QCoreApplication::translate("rd::models", "%1.githubPrUrl is empty").arg(where));
    pr.url = url->trimmed();
    const qsizetype pull = pr.url.indexOf(QLatin1String("/pull/"));
    pr.repositoryUrl = pull > 0 ? pr.url.left(pull) : pr.url;
    for (const auto &[key, into] : {std::pair{"project_main_language", &pr.language}, std::pair{"category", &pr.category}}) {
        auto v = text(j, key, where, true);
        if (!v)
            return v.error();
        *into = *v;
    }
    for (const auto &[key, into] : {std::pair{"source_commit", &pr.sourceCommit}, std::pair{"target_commit", &pr.targetCommit}}) {
        auto v = text(j, key, where);
        if (!v)
            return v.error();
        if (v->trimmed().isEmpty())
            return badInput(QCoreApplication::translate("rd::models", "%1.%2 is empty").arg(where, QLatin1String(key)));
        *into = v->trimmed();
    }
    if (const auto count = j.find("change_line_count"); count != j.end() && !count->is_number_integer())
        return wrongType(where + QStringLiteral(".change_line_count"), QCoreApplication::translate("rd::models", "a whole number"), *count);
    const auto comments = j.find("comments");
    if (comments == j.end())
        return badInput(QCoreApplication::translate("rd::models", "%1.comments is missing").arg(where));
    if (!comments->is_array())
        return wrongType(where + QStringLiteral(".comments"), QCoreApplication::translate("rd::models", "an array"), *comments);
    for (std::size_t i = 0; i < comments->size(); ++i) {
        auto c = aacrComment((*comments)[i], QStringLiteral("%1.comments[%2]").arg(where).arg(i));
        if (!c)
            return c.error();
        pr.comments.append(std::move(c).value());
    }
    Json record = j;
    record["comments"] = nullptr; // keeps its place among the fields
    pr.record = compact(record);
    return pr;
}

} // namespace

QString importPathProblem(const QString &path)
{
    if (path.isEmpty())
        return QCoreApplication::translate("rd::models", "the path is empty");
    if (path.contains(QChar(0)))
        return QCoreApplication::translate("rd::models", "the path contains a NUL character");
    if (path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('\\')) || (path.size() > 1 && path.at(1) == QLatin1Char(':')))
        return QCoreApplication::translate("rd::models", "\"%1\" is an absolute path; only paths inside the repository are imported").arg(path.left(200));
    for (const QString &part : path.split(QRegularExpression(QStringLiteral("[/\\\\]"))))
        if (part == QLatin1String(".."))
            return QCoreApplication::translate("rd::models", "\"%1\" leaves the repository (\"..\"); only paths inside it are imported").arg(path.left(200));
    return {};
}

Result<QList<AacrPullRequest>> parseAacrSamples(const QByteArray &bytes)
{
    auto json = parse(bytes);
    if (!json)
        return json.error();
    if (!json->is_array())
        return wrongType(QCoreApplication::translate("rd::models", "the top level"), QCoreApplication::translate("rd::models", "an array of pull requests"), *json);
    QList<AacrPullRequest> out;
    out.reserve(static_cast<qsizetype>(json->size()));
    QSet<QString> urls;
    for (std::size_t i = 0; i < json->size(); ++i) {
        auto pr = aacrPullRequest((*json)[i], QStringLiteral("[%1]").arg(i));
        if (!pr)
            return pr.error();
        if (urls.contains(pr->url))
            return badInput(QCoreApplication::translate("rd::models", "[%1].githubPrUrl: %2 appears twice in the file; each pull request must be one entry").arg(i).arg(pr->url));
        urls.insert(pr->url);
        out.append(std::move(pr).value());
    }
    return out;
}

Result<QList<std::pair<QString, QString>>> parseRepoMap(const QByteArray &bytes)
{
    auto json = parse(bytes);
    if (!json)
        return json.error();
    if (!json->is_object())
        return wrongType(QCoreApplication::translate("rd::models", "the top level"), QCoreApplication::translate("rd::models", "an object from repository URL to local path"), *json);
    QList<std::pair<QString, QString>> out;
    for (auto it = json->begin(); it != json->end(); ++it) {
        const QString key = QString::fromStdString(it.key());
        if (!it.value().is_string())
            return wrongType(QStringLiteral("[\"%1\"]").arg(key), QCoreApplication::translate("rd::models", "a path (string)"), it.value());
        const QString path = QString::fromStdString(it.value().get<std::string>());
        if (path.isEmpty())
            return badInput(QCoreApplication::translate("rd::models", "[\"%1\"]: the path is empty").arg(key));
        QString url = key.trimmed();
        while (url.endsWith(QLatin1Char('/')))
            url.chop(1);
        if (url.endsWith(QLatin1String(".git")))
            url.chop(4);
        out.append({url, path});
    }
    return out;
}

Result<RunFile> parseRunFile(const QByteArray &bytes)
{
    auto json = parse(bytes);
    if (!json)
        return json.error();
    if (!json->is_object())
        return wrongType(QCoreApplication::translate("rd::models", "the top level"), QCoreApplication::translate("rd::models", "a run ({\"run\": …, \"comments\": […]})"), *json);
    const auto run = json->find("run");
    if (run == json->end())
        return badInput(QCoreApplication::translate("rd::models", "run is missing: not a ReviewDesk run (reviewdesk-cli review --out)"));
    if (!run->is_object())
        return wrongType(QStringLiteral("run"), QCoreApplication::translate("rd::models", "an object"), *run);
    RunFile out;
    out.record = bytes;
    for (const auto &[key, into] : {std::pair{"base", &out.base}, std::pair{"head", &out.head}}) {
        auto v = text(*run, key, QStringLiteral("run"), true);
        if (!v)
            return v.error();
        *into = *v;
    }
    for (const auto &[key, into] : {std::pair{"started", &out.started}, std::pair{"finished", &out.finished}}) {
        auto v = text(*run, key, QStringLiteral("run"), true);
        if (!v)
            return v.error();
        *into = QDateTime::fromString(*v, Qt::ISODateWithMs);
    }
    if (const auto config = run->find("config"); config != run->end()) {
        if (!config->is_object())
            return wrongType(QStringLiteral("run.config"), QCoreApplication::translate("rd::models", "an object"), *config);
        if (const auto roles = config->find("roles"); roles != config->end() && roles->is_object())
            if (const auto reviewer = roles->find("reviewer"); reviewer != roles->end() && reviewer->is_object())
                if (const auto model = reviewer->find("model"); model != reviewer->end() && model->is_string())
                    out.model = QString::fromStdString(model->get<std::string>());
    }
    const auto comments = json->find("comments");
    if (comments == json->end())
        return badInput(QCoreApplication::translate("rd::models", "comments is missing"));
    if (!comments->is_array())
        return wrongType(QStringLiteral("comments"), QCoreApplication::translate("rd::models", "an array"), *comments);
    for (std::size_t i = 0; i < comments->size(); ++i) {
        const Json &c = (*comments)[i];
        const QString where = QStringLiteral("comments[%1]").arg(i);
        if (!c.is_object())
            return wrongType(where, QCoreApplication::translate("rd::models", "an object"), c);
        for (const char *key : {"id", "file", "side", "issue", "root_cause", "fix", "example", "category", "merged_into", "raw", "issue_original",
                                "root_cause_original", "fix_original", "translation_language"})
            if (auto v = text(c, key, where, std::string_view(key) != "file"); !v)
                return v.error();
        for (const char *key : {"line_start", "line_end", "q1_nitpick", "q2_fake", "q3_severity", "slice"})
            if (auto v = integer(c, key, where, true); !v)
                return v.error();
        for (const char *key : {"kept", "line_valid"})
            if (auto v = boolean(c, key, where, true); !v)
                return v.error();
        if (const auto dropped = c.find("dropped_at"); dropped != c.end() && !dropped->is_string() && !dropped->is_null())
            return wrongType(where + QStringLiteral(".dropped_at"), QCoreApplication::translate("rd::models", "a string or null"), *dropped);
        for (const char *key : {"reviewers", "history"})
            if (const auto list = c.find(key); list != c.end() && !list->is_array())
                return wrongType(where + QLatin1Char('.') + QLatin1String(key), QCoreApplication::translate("rd::models", "an array"), *list);
        if (const auto list = c.find("errors"); list != c.end()) {
            if (!list->is_array())
                return wrongType(where + QStringLiteral(".errors"), QCoreApplication::translate("rd::models", "an array"), *list);
            for (std::size_t e = 0; e < list->size(); ++e)
                if (!(*list)[e].is_string())
                    return wrongType(where + QStringLiteral(".errors[%1]").arg(e), QCoreApplication::translate("rd::models", "a string"), (*list)[e]);
        }
        auto comment = reviewCommentFromJson(compact(c));
        if (!comment)
            return badInput(QStringLiteral("%1: %2").arg(where, comment.error().message));
        if (const QString problem = importPathProblem(comment->file); !problem.isEmpty())
            return badInput(QStringLiteral("%1.file: %2").arg(where, problem));
        if (comment->side != QLatin1String("old") && comment->side != QLatin1String("new"))
            return badInput(QCoreApplication::translate("rd::models", "%1.side: \"old\" or \"new\", not \"%2\"").arg(where, comment->side.left(40)));
        out.comments.append(std::move(comment).value());
    }
    return out;
}

} // namespace rd
