#include "ResponseStore.h"
#include "TokenCount.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

namespace rd {

using Json = nlohmann::json;

ResponseStore::ResponseStore(const ResponseStore &other)
{
    *this = other;
}

ResponseStore &ResponseStore::operator=(const ResponseStore &other)
{
    if (this == &other)
        return *this;
    QMutexLocker locker(&other.m_lock);
    m_directory = other.m_directory;
    m_replay = other.m_replay;
    m_recorded = other.m_recorded;
    return *this;
}

ResponseStore ResponseStore::cacheIn(const QString &directory)
{
    ResponseStore store;
    QDir().mkpath(directory);
    store.m_directory = directory;
    return store;
}

QString ResponseStore::userCacheFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/reviewdesk/responses");
}

Result<ResponseStore> ResponseStore::replayFrom(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot read the recording %1").arg(file)};
    return replayOf(f.readAll(), file);
}

Result<ResponseStore> ResponseStore::replayOf(const QByteArray &recording, const QString &file)
{
    const Json doc = Json::parse(recording.toStdString(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("exchanges") || !doc["exchanges"].is_array())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1 is not a recording of exchanges").arg(file)};
    ResponseStore store;
    store.m_replay = true;
    for (const Json &e : doc["exchanges"]) {
        if (!e.is_object() || !e.contains("key") || !e.contains("response") || !e["key"].is_string() || !e["response"].is_string())
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1: an exchange lacks its key or response").arg(file)};
        const Answer answer{QString::fromStdString(e["response"].get<std::string>()), tokenCount(e, "prompt_tokens"), tokenCount(e, "completion_tokens"),
                            e.contains("tool_calls") && e["tool_calls"].is_string() ? QString::fromStdString(e["tool_calls"].get<std::string>()) : QString()};
        store.m_recorded.insert(QByteArray::fromStdString(e["key"].get<std::string>()), answer);
    }
    return store;
}

std::optional<ResponseStore::Answer> ResponseStore::find(const QByteArray &key) const
{
    QMutexLocker locker(&m_lock);
    if (m_replay) {
        const auto it = m_recorded.constFind(key);
        return it == m_recorded.constEnd() ? std::nullopt : std::optional<Answer>(*it);
    }
    if (m_directory.isEmpty())
        return std::nullopt;
    QFile f(m_directory + QLatin1Char('/') + QString::fromLatin1(key) + QStringLiteral(".json"));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const Json doc = Json::parse(f.readAll().toStdString(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("response") || !doc["response"].is_string())
        return std::nullopt; // a damaged entry is a miss, not an error
    return Answer{QString::fromStdString(doc["response"].get<std::string>()), tokenCount(doc, "prompt_tokens"), tokenCount(doc, "completion_tokens"),
                  doc.contains("tool_calls") && doc["tool_calls"].is_string() ? QString::fromStdString(doc["tool_calls"].get<std::string>()) : QString()};
}

void ResponseStore::store(const QByteArray &key, const Answer &answer)
{
    QMutexLocker locker(&m_lock);
    if (m_replay || m_directory.isEmpty())
        return;
    // Only the answer: no request, no headers, so nothing secret lands on disk.
    Json doc = {{"response", answer.response.toStdString()}, {"prompt_tokens", answer.promptTokens}, {"completion_tokens", answer.completionTokens}};
    if (!answer.toolCalls.isEmpty())
        doc["tool_calls"] = answer.toolCalls.toStdString();
    QSaveFile f(m_directory + QLatin1Char('/') + QString::fromLatin1(key) + QStringLiteral(".json"));
    if (f.open(QIODevice::WriteOnly)) {
        f.write(QByteArray::fromStdString(doc.dump()));
        f.commit();
    }
}

Result<bool> ResponseStore::record(const QString &file, const QList<Exchange> &exchanges)
{
    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot write %1").arg(file)};
    f.write(recording(exchanges));
    if (!f.commit())
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot write %1").arg(file)};
    return true;
}

QByteArray ResponseStore::recording(const QList<Exchange> &exchanges)
{
    Json list = Json::array();
    for (const Exchange &e : exchanges)
        if (e.ok()) {
            // Keyed as a replaying client asks: every replay runs with the
            // endpoint "replay:", whatever served the answer.
            ChatRequest asReplayed = e.request;
            asReplayed.profile.endpoint = QStringLiteral("replay:");
            list.push_back({{"key", exchangeKey(asReplayed).toStdString()}, {"label", e.request.label.toStdString()},
                            {"response", e.response.toStdString()}, {"prompt_tokens", e.promptTokens}, {"completion_tokens", e.completionTokens}});
            if (!e.toolCalls.isEmpty())
                list.back()["tool_calls"] = e.toolCalls.toStdString();
        }
    return QByteArray::fromStdString(Json{{"exchanges", list}}.dump(2));
}

} // namespace rd
