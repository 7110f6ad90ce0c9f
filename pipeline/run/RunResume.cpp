#include "RunResume.h"

#include "RunRecord.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <algorithm>

namespace rd {

QByteArray ReviewInvocation::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("reviewdesk_run_journal"), 1);
    for (const auto &[name, value] : {std::pair{"repo", repo}, std::pair{"base", base}, std::pair{"head", head},
                                      std::pair{"config_file", configFile}, std::pair{"out", out}, std::pair{"format", format},
                                      std::pair{"cache", cache}, std::pair{"replay", replay}, std::pair{"record", record},
                                      std::pair{"compile_commands", compileCommands}, std::pair{"workspace", workspace},
                                      std::pair{"origin", origin}})
        o.insert(QLatin1String(name), value);
    o.insert(QStringLiteral("config"), QString::fromUtf8(configText));
    o.insert(QStringLiteral("two_dot"), twoDot);
    if (ignoreWhitespace)
        o.insert(QStringLiteral("ignore_whitespace"), true);
    o.insert(QStringLiteral("no_cache"), noCache);
    if (started.isValid())
        o.insert(QStringLiteral("started"), started.toUTC().toString(Qt::ISODateWithMs));
    if (mergeRequest > 0) {
        o.insert(QStringLiteral("merge_request"), mergeRequest);
        o.insert(QStringLiteral("since_last_review"), sinceLastReview);
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

Result<ReviewInvocation> ReviewInvocation::fromJson(const QByteArray &json)
{
    const QJsonObject o = QJsonDocument::fromJson(json).object();
    if (o.value(QStringLiteral("reviewdesk_run_journal")).toInt() != 1)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "its first line is not the header of a review run")};
    ReviewInvocation i;
    for (const auto &[name, field] : {std::pair{"repo", &i.repo}, std::pair{"base", &i.base}, std::pair{"head", &i.head},
                                      std::pair{"config_file", &i.configFile}, std::pair{"out", &i.out}, std::pair{"format", &i.format},
                                      std::pair{"cache", &i.cache}, std::pair{"replay", &i.replay}, std::pair{"record", &i.record},
                                      std::pair{"compile_commands", &i.compileCommands}, std::pair{"workspace", &i.workspace},
                                      std::pair{"origin", &i.origin}})
        *field = o.value(QLatin1String(name)).toString();
    i.configText = o.value(QStringLiteral("config")).toString().toUtf8();
    i.twoDot = o.value(QStringLiteral("two_dot")).toBool();
    i.ignoreWhitespace = o.value(QStringLiteral("ignore_whitespace")).toBool();
    i.noCache = o.value(QStringLiteral("no_cache")).toBool();
    i.started = QDateTime::fromString(o.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    i.mergeRequest = o.value(QStringLiteral("merge_request")).toInteger();
    i.sinceLastReview = o.value(QStringLiteral("since_last_review")).toBool();
    if (i.format.isEmpty())
        i.format = QStringLiteral("json");
    for (const auto &[name, value] : {std::pair{"repo", i.repo}, std::pair{"base", i.base}, std::pair{"head", i.head},
                                      std::pair{"config", QString::fromUtf8(i.configText)}})
        if (value.isEmpty())
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "its header has no \"%1\"").arg(QLatin1String(name))};
    return i;
}

Result<RunConfig> runConfigFromText(const QByteArray &text)
{
    auto config = RunConfig::fromJson(text);
    if (config)
        return config;
    if (auto previous = RunRecord::fromJson(text); previous && text.contains("\"run\""))
        return previous->config;
    return config.error();
}

QString journalFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/reviewdesk/runs");
}

QString journalId(const QString &journalFile)
{
    const QString name = QFileInfo(journalFile).fileName();
    return name.endsWith(QLatin1String(".jsonl")) ? name.chopped(6) : name;
}

Result<std::shared_ptr<RunJournal>> newJournal(const QString &folder, const ReviewInvocation &invocation)
{
    const QString id = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"))
                       + QStringLiteral("-%1").arg(QCoreApplication::applicationPid());
    // Two runs started in the same millisecond by one process (the window
    // starts several at once) get a number each.
    for (int n = 1;; ++n) {
        const QString file = folder + QLatin1Char('/') + id + (n == 1 ? QString() : QStringLiteral("-%1").arg(n)) + QStringLiteral(".jsonl");
        if (QFileInfo::exists(file))
            continue;
        return RunJournal::create(file, invocation.toJson());
    }
}

Result<QString> findJournal(const QString &folder, const QString &pathOrId)
{
    if (QFileInfo(pathOrId).isFile())
        return pathOrId;
    const QString byId = folder + QLatin1Char('/') + pathOrId + QStringLiteral(".jsonl");
    if (pathOrId.contains(QLatin1Char('/')) || !QFileInfo(byId).isFile())
        return Error{Error::Kind::Path,
                     QCoreApplication::translate("rd::pipeline", "no run journal '%1' (neither a file nor a run id in %2)").arg(pathOrId, folder)};
    return byId;
}

QList<JournalEntry> listJournals(const QString &folder, bool withFinished)
{
    QList<JournalEntry> entries;
    const QFileInfoList files = QDir(folder).entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files);
    for (const QFileInfo &info : files) {
        JournalEntry e;
        e.path = info.absoluteFilePath();
        e.id = journalId(e.path);
        e.started = info.birthTime().isValid() ? info.birthTime().toUTC() : info.lastModified().toUTC();
        const auto contents = RunJournal::inspect(e.path);
        if (!contents) {
            e.problem = contents.error().message;
            entries.append(e);
            continue;
        }
        e.answers = contents->answers;
        e.finished = contents->finished;
        e.inUseBy = contents->inUseBy;
        if (e.finished && !withFinished)
            continue;
        if (auto invocation = ReviewInvocation::fromJson(contents->header); !invocation) {
            e.problem = QCoreApplication::translate("rd::pipeline", "%1: %2").arg(e.path, invocation.error().message);
        } else {
            e.invocation = *invocation;
            if (e.invocation.started.isValid())
                e.started = e.invocation.started;
            const auto config = runConfigFromText(e.invocation.configText);
            e.pipeline = config ? pipelineName(config->pipeline) : QCoreApplication::translate("rd::pipeline", "unreadable configuration");
            if (!e.invocation.configFile.isEmpty())
                e.pipeline += QStringLiteral(" (%1)").arg(QFileInfo(e.invocation.configFile).fileName());
        }
        entries.append(e);
    }
    std::sort(entries.begin(), entries.end(), [](const JournalEntry &a, const JournalEntry &b) { return a.started > b.started; });
    return entries;
}

} // namespace rd
