#include "WorkspaceJson.h"

#include <QCoreApplication>
#include <QHash>

#include <nlohmann/json.hpp>

namespace rd {

using Json = nlohmann::ordered_json;

namespace {

std::string utf8(const QString &s)
{
    return s.toStdString();
}

QString qs(const Json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}

Json commentObject(const ReviewComment &c)
{
    Json j = Json::object();
    j["id"] = utf8(c.id);
    j["file"] = utf8(c.file);
    j["side"] = utf8(c.side);
    j["line_start"] = c.lineStart;
    j["line_end"] = c.lineEnd;
    j["issue"] = utf8(c.issue);
    j["root_cause"] = utf8(c.rootCause);
    j["fix"] = utf8(c.fix);
    j["example"] = utf8(c.example);
    j["category"] = utf8(c.category);
    j["q1_nitpick"] = c.q1Nitpick;
    j["q2_fake"] = c.q2Fake;
    j["q3_severity"] = c.q3Severity;
    j["reviewers"] = Json::array();
    for (int r : c.reviewers)
        j["reviewers"].push_back(r);
    j["kept"] = c.kept;
    j["dropped_at"] = c.droppedAt.isEmpty() ? Json(nullptr) : Json(utf8(c.droppedAt));
    j["merged_into"] = c.mergedInto.isEmpty() ? Json(nullptr) : Json(utf8(c.mergedInto));
    j["line_valid"] = c.lineValid;
    j["slice"] = c.slice;
    j["raw"] = utf8(c.raw);
    if (!c.translationLanguage.isEmpty()) { // translated: the reviewer's own text beside the translation
        j["issue_original"] = utf8(c.issueOriginal);
        j["root_cause_original"] = utf8(c.rootCauseOriginal);
        j["fix_original"] = utf8(c.fixOriginal);
        j["translation_language"] = utf8(c.translationLanguage);
    }
    j["history"] = Json::array();
    for (const ScoreRecord &h : c.history)
        j["history"].push_back({{"stage", utf8(h.stage)}, {"q1_nitpick", h.q1Nitpick}, {"q2_fake", h.q2Fake}, {"q3_severity", h.q3Severity}});
    if (!c.errors.isEmpty()) {
        j["errors"] = Json::array();
        for (const QString &e : c.errors)
            j["errors"].push_back(utf8(e));
    }
    return j;
}

int integer(const Json &j, const char *key, int fallback = 0)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

// A stored value of another type (a damaged or foreign workspace) is the fallback, not an exception.
bool boolean(const Json &j, const char *key, bool fallback)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

ReviewComment commentFrom(const Json &j)
{
    ReviewComment c;
    c.id = qs(j.value("id", Json()));
    c.file = qs(j.value("file", Json()));
    c.side = j.contains("side") ? qs(j["side"]) : QStringLiteral("new");
    c.lineStart = integer(j, "line_start");
    c.lineEnd = integer(j, "line_end");
    c.issue = qs(j.value("issue", Json()));
    c.rootCause = qs(j.value("root_cause", Json()));
    c.fix = qs(j.value("fix", Json()));
    c.example = qs(j.value("example", Json()));
    c.category = qs(j.value("category", Json()));
    c.q1Nitpick = integer(j, "q1_nitpick");
    c.q2Fake = integer(j, "q2_fake");
    c.q3Severity = integer(j, "q3_severity");
    if (const auto r = j.find("reviewers"); r != j.end() && r->is_array())
        for (const Json &v : *r)
            if (v.is_number_integer())
                c.reviewers.append(v.get<int>());
    c.kept = boolean(j, "kept", true);
    c.droppedAt = qs(j.value("dropped_at", Json()));
    c.mergedInto = qs(j.value("merged_into", Json()));
    c.lineValid = boolean(j, "line_valid", true);
    c.slice = integer(j, "slice", -1);
    c.raw = qs(j.value("raw", Json()));
    c.issueOriginal = qs(j.value("issue_original", Json()));
    c.rootCauseOriginal = qs(j.value("root_cause_original", Json()));
    c.fixOriginal = qs(j.value("fix_original", Json()));
    c.translationLanguage = qs(j.value("translation_language", Json()));
    if (const auto h = j.find("history"); h != j.end() && h->is_array())
        for (const Json &v : *h)
            if (v.is_object())
                c.history.append({qs(v.value("stage", Json())), integer(v, "q1_nitpick"), integer(v, "q2_fake"), integer(v, "q3_severity")});
    if (const auto e = j.find("errors"); e != j.end() && e->is_array())
        for (const Json &v : *e)
            if (v.is_string())
                c.errors.append(qs(v));
    return c;
}

Json judgementObject(const Judgement &j, bool withComment)
{
    Json o = Json::object();
    if (withComment)
        o["comment"] = j.comment;
    o["annotator"] = utf8(j.annotator);
    if (j.verdict)
        o["verdict"] = utf8(verdictName(*j.verdict));
    if (j.q1Nitpick)
        o["q1"] = *j.q1Nitpick;
    if (j.q2Fake)
        o["q2"] = *j.q2Fake;
    if (j.q3Severity)
        o["q3"] = *j.q3Severity;
    if (j.category)
        o["category"] = utf8(*j.category);
    if (j.context)
        o["context"] = utf8(contextLevelName(*j.context));
    if (j.keyBug)
        o["key_bug"] = *j.keyBug;
    if (j.tag)
        o["tag"] = utf8(*j.tag);
    if (j.thumbs)
        o["thumbs"] = utf8(thumbsName(*j.thumbs));
    if (j.critique)
        o["critique"] = utf8(*j.critique);
    if (j.timeSpentMs)
        o["time_spent_ms"] = *j.timeSpentMs;
    if (j.updated.isValid())
        o["updated"] = utf8(j.updated.toUTC().toString(Qt::ISODateWithMs));
    if (j.version > 0)
        o["version"] = j.version;
    return o;
}

// Reads the judgement fields of `o` into `input`; the error names the field.
QString readJudgementFields(const Json &o, JudgementInput &input)
{
    Judgement &j = input.change;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = QString::fromStdString(it.key());
        const Json &v = it.value();
        // `expected` is marked with QT_TRANSLATE_NOOP at each call.
        const auto wrongType = [&key](const char *expected) {
            return QCoreApplication::translate("rd::models", "\"%1\" must be %2").arg(key, QCoreApplication::translate("rd::models", expected));
        };
        const auto clear = [&input](JudgementField f) { input.clear.append(f); };
        if (key == QLatin1String("comment")) {
            if (!v.is_number_integer() || v.get<qint64>() <= 0)
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "a positive comment id"));
            j.comment = v.get<qint64>();
        } else if (key == QLatin1String("annotator") || key == QLatin1String("updated")) {
            if (!v.is_string())
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "a string"));
            if (key == QLatin1String("annotator"))
                j.annotator = qs(v);
            else
                j.updated = QDateTime::fromString(qs(v), Qt::ISODateWithMs);
        } else if (key == QLatin1String("verdict")) {
            if (v.is_null()) {
                clear(JudgementField::Verdict);
                continue;
            }
            const auto verdict = v.is_string() ? verdictFromName(qs(v)) : std::nullopt;
            if (!verdict)
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "\"accept\", \"reject\" or \"unsure\""));
            j.verdict = verdict;
        } else if (key == QLatin1String("q1") || key == QLatin1String("q2") || key == QLatin1String("q3")) {
            const JudgementField field = key == QLatin1String("q1") ? JudgementField::Q1Nitpick
                : key == QLatin1String("q2")                       ? JudgementField::Q2Fake
                                                                   : JudgementField::Q3Severity;
            if (v.is_null()) {
                clear(field);
                continue;
            }
            if (!v.is_number_integer() || v.get<qint64>() < 1 || v.get<qint64>() > 7)
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "an integer from 1 to 7"));
            std::optional<int> &score = field == JudgementField::Q1Nitpick ? j.q1Nitpick
                : field == JudgementField::Q2Fake                         ? j.q2Fake
                                                                          : j.q3Severity;
            score = v.get<int>();
        } else if (key == QLatin1String("category")) {
            if (v.is_null()) {
                clear(JudgementField::Category);
                continue;
            }
            const auto category = v.is_string() ? canonicalCategory(qs(v)) : std::nullopt;
            if (!category)
                return QCoreApplication::translate("rd::models", "\"category\" must be one of: %1").arg(aacrCategories().join(QStringLiteral(", ")));
            j.category = category;
        } else if (key == QLatin1String("context")) {
            if (v.is_null()) {
                clear(JudgementField::Context);
                continue;
            }
            const auto context = v.is_string() ? contextLevelFromName(qs(v)) : std::nullopt;
            if (!context)
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "\"Diff Level\", \"File Level\" or \"Repo Level\""));
            j.context = context;
        } else if (key == QLatin1String("key_bug")) {
            if (v.is_null()) {
                clear(JudgementField::KeyBug);
                continue;
            }
            if (!v.is_boolean())
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "true or false"));
            j.keyBug = v.get<bool>();
        } else if (key == QLatin1String("tag") || key == QLatin1String("critique")) {
            const JudgementField field = key == QLatin1String("tag") ? JudgementField::Tag : JudgementField::Critique;
            if (v.is_null()) {
                clear(field);
                continue;
            }
            if (!v.is_string())
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "a string"));
            (field == JudgementField::Tag ? j.tag : j.critique) = qs(v);
        } else if (key == QLatin1String("thumbs")) {
            if (v.is_null()) {
                clear(JudgementField::Thumbs);
                continue;
            }
            const auto thumbs = v.is_string() ? thumbsFromName(qs(v)) : std::nullopt;
            if (!thumbs)
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "\"up\" or \"down\""));
            j.thumbs = thumbs;
        } else if (key == QLatin1String("time_spent_ms")) {
            if (v.is_null()) {
                clear(JudgementField::TimeSpent);
                continue;
            }
            if (!v.is_number_integer() || v.get<qint64>() < 0)
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "a non-negative integer"));
            j.timeSpentMs = v.get<qint64>();
        } else if (key == QLatin1String("version")) {
            if (!v.is_number_integer() || v.get<qint64>() < 0)
                return wrongType(QT_TRANSLATE_NOOP("rd::models", "a non-negative integer"));
            j.version = v.get<qint64>();
        } else {
            return QCoreApplication::translate("rd::models", "unknown field \"%1\"").arg(key);
        }
    }
    return {};
}

Result<Json> parseObject(const QByteArray &json)
{
    Json o;
    try {
        o = Json::parse(json.constData(), json.constData() + json.size());
    } catch (const Json::exception &e) { // a syntax error, or a number too large for a double (out_of_range)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "not JSON: %1").arg(QString::fromUtf8(e.what()))};
    }
    if (!o.is_object())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "not a JSON object")};
    return o;
}

} // namespace

QByteArray reviewCommentToJson(const ReviewComment &comment)
{
    return QByteArray::fromStdString(commentObject(comment).dump());
}

QByteArray scoreHistoryToJson(const QList<ScoreRecord> &history)
{
    ReviewComment c;
    c.history = history;
    return QByteArray::fromStdString(commentObject(c)["history"].dump());
}

QList<ScoreRecord> scoreHistoryFromJson(const QByteArray &json)
{
    Json history = Json::parse(json.constData(), json.constData() + json.size(), nullptr, false);
    if (!history.is_array())
        return {};
    return commentFrom(Json{{"history", history}}).history;
}

Result<ReviewComment> reviewCommentFromJson(const QByteArray &json)
{
    auto o = parseObject(json);
    if (!o)
        return o.error();
    return commentFrom(*o);
}

QByteArray judgementToJson(const Judgement &judgement)
{
    return QByteArray::fromStdString(judgementObject(judgement, true).dump());
}

Result<Judgement> judgementFromJson(const QByteArray &json)
{
    auto o = parseObject(json);
    if (!o)
        return o.error();
    JudgementInput input;
    if (const QString problem = readJudgementFields(*o, input); !problem.isEmpty())
        return Error{Error::Kind::Usage, problem};
    return input.change;
}

Result<JudgementInput> parseJudgementLine(const QByteArray &line)
{
    auto o = parseObject(line);
    if (!o)
        return o.error();
    if (!o->contains("comment"))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "\"comment\" is missing")};
    if (o->contains("annotator") || o->contains("updated"))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "unknown field \"%1\"").arg(o->contains("annotator") ? QStringLiteral("annotator") : QStringLiteral("updated"))};
    JudgementInput input;
    if (const QString problem = readJudgementFields(*o, input); !problem.isEmpty())
        return Error{Error::Kind::Usage, problem};
    // A line's version is the one it was made from (as `comments` printed
    // it): the store refuses the line when the judgement changed since.
    if (o->contains("version"))
        input.change.expectedVersion = input.change.version;
    return input;
}

QByteArray commentsToJson(const QList<StoredComment> &comments, const QList<Judgement> &judgements,
                          const QList<MergeRequestEntry> &mergeRequests, const QList<StoredRun> &runs)
{
    QHash<qint64, QList<const Judgement *>> byComment;
    for (const Judgement &j : judgements)
        byComment[j.comment].append(&j);
    QHash<qint64, const StoredRun *> runById;
    for (const StoredRun &r : runs)
        runById.insert(r.id, &r);

    Json root = Json::object();
    root["merge_requests"] = Json::array();
    for (const MergeRequestEntry &mr : mergeRequests)
        root["merge_requests"].push_back({{"id", mr.id},
                                          {"repository", utf8(mr.repository)},
                                          {"base", utf8(mr.base)},
                                          {"head", utf8(mr.head)},
                                          {"two_dot", mr.twoDot},
                                          {"title", utf8(mr.title)},
                                          {"description", utf8(mr.description)}});
    root["comments"] = Json::array();
    for (const StoredComment &s : comments) {
        Json c = Json::object();
        c["id"] = s.id;
        c["merge_request"] = s.mergeRequest;
        Json body = commentObject(s.comment);
        for (const char *key : {"file", "side", "line_start", "line_end", "line_valid", "issue", "root_cause", "fix", "example",
                                "category", "q1_nitpick", "q2_fake", "q3_severity"})
            c[key] = body[key];
        // Translated: the reviewer's own text beside the translation.
        for (const char *key : {"issue_original", "root_cause_original", "fix_original", "translation_language"})
            if (body.contains(key))
                c[key] = body[key];
        // Revisions (issue 24): the revision its file and lines are of; an
        // outdated one with the revision that outdated it and its old text.
        c["revision"] = s.revision;
        c["outdated"] = s.outdated;
        if (s.outdated) {
            c["outdated_in"] = s.outdatedIn;
            c["outdated_text"] = utf8(s.outdatedText);
        }
        Json provenance = Json::object();
        provenance["origin"] = utf8(commentOriginName(s.origin));
        provenance["author"] = utf8(s.author);
        provenance["run"] = s.run ? Json(*s.run) : Json(nullptr);
        const StoredRun *run = s.run ? runById.value(*s.run) : nullptr;
        provenance["run_label"] = run ? Json(utf8(run->label)) : Json(nullptr);
        provenance["model"] = run ? Json(utf8(run->model)) : Json(nullptr);
        provenance["run_comment_id"] = body["id"];
        for (const char *key : {"reviewers", "kept", "dropped_at", "merged_into", "slice", "raw", "history"})
            provenance[key] = body[key];
        c["provenance"] = provenance;
        c["original"] = s.original ? commentObject(*s.original) : Json(nullptr);
        c["judgements"] = Json::array();
        for (const Judgement *j : byComment.value(s.id))
            c["judgements"].push_back(judgementObject(*j, false));
        root["comments"].push_back(c);
    }
    return QByteArray::fromStdString(root.dump(2)) + '\n';
}

namespace {

QByteArray csvField(const QString &value)
{
    QByteArray bytes = value.toUtf8();
    if (bytes.contains(',') || bytes.contains('"') || bytes.contains('\n') || bytes.contains('\r')) {
        bytes.replace("\"", "\"\"");
        bytes = '"' + bytes + '"';
    }
    return bytes;
}

template <typename T>
QString optionalText(const std::optional<T> &v)
{
    return v ? QString::number(*v) : QString();
}

} // namespace

QByteArray commentsToCsv(const QList<StoredComment> &comments, const QList<Judgement> &judgements, const QList<StoredRun> &runs)
{
    QHash<qint64, QList<const Judgement *>> byComment;
    for (const Judgement &j : judgements)
        byComment[j.comment].append(&j);
    QHash<qint64, const StoredRun *> runById;
    for (const StoredRun &r : runs)
        runById.insert(r.id, &r);

    QByteArray out = "comment,merge_request,file,side,line_start,line_end,line_valid,origin,author,run,model,kept,dropped_at,"
                     "category,q1_nitpick,q2_fake,q3_severity,issue,root_cause,fix,example,issue_original,root_cause_original,fix_original,"
                     "translation_language,edited,"
                     "annotator,verdict,q1,q2,q3,judged_category,context,key_bug,tag,thumbs,critique,time_spent_ms,judged_at\r\n";
    for (const StoredComment &s : comments) {
        const ReviewComment &c = s.comment;
        const StoredRun *run = s.run ? runById.value(*s.run) : nullptr;
        const QStringList commentFields{QString::number(s.id),
                                        QString::number(s.mergeRequest),
                                        c.file,
                                        c.side,
                                        QString::number(c.lineStart),
                                        QString::number(c.lineEnd),
                                        c.lineValid ? QStringLiteral("true") : QStringLiteral("false"),
                                        commentOriginName(s.origin),
                                        s.author,
                                        s.run ? QString::number(*s.run) : QString(),
                                        run ? run->model : QString(),
                                        c.kept ? QStringLiteral("true") : QStringLiteral("false"),
                                        c.droppedAt,
                                        c.category,
                                        QString::number(c.q1Nitpick),
                                        QString::number(c.q2Fake),
                                        QString::number(c.q3Severity),
                                        c.issue,
                                        c.rootCause,
                                        c.fix,
                                        c.example,
                                        c.issueOriginal,
                                        c.rootCauseOriginal,
                                        c.fixOriginal,
                                        c.translationLanguage,
                                        s.original ? QStringLiteral("true") : QStringLiteral("false")};
        QList<const Judgement *> rows = byComment.value(s.id);
        if (rows.isEmpty())
            rows.append(nullptr); // the comment once, unjudged
        for (const Judgement *j : rows) {
            QStringList fields = commentFields;
            if (j)
                fields << j->annotator << (j->verdict ? verdictName(*j->verdict) : QString()) << optionalText(j->q1Nitpick)
                       << optionalText(j->q2Fake) << optionalText(j->q3Severity) << j->category.value_or(QString())
                       << (j->context ? contextLevelName(*j->context) : QString())
                       << (j->keyBug ? (*j->keyBug ? QStringLiteral("true") : QStringLiteral("false")) : QString())
                       << j->tag.value_or(QString()) << (j->thumbs ? thumbsName(*j->thumbs) : QString()) << j->critique.value_or(QString())
                       << optionalText(j->timeSpentMs) << (j->updated.isValid() ? j->updated.toUTC().toString(Qt::ISODateWithMs) : QString());
            else
                for (int i = 0; i < 13; ++i)
                    fields << QString();
            QByteArrayList line;
            for (const QString &f : fields)
                line.append(csvField(f));
            out += line.join(',') + "\r\n";
        }
    }
    return out;
}

} // namespace rd
