#pragma once

#include "LlmTypes.h"

#include <Result.h>

#include <QHash>
#include <QMutex>
#include <QString>

#include <optional>

namespace rd {

// Answers kept by exchange key: the response cache (a folder, one JSON file
// per answer) and the replay recordings (one JSON file holding many).
class ResponseStore
{
public:
    struct Answer
    {
        QString response;
        int promptTokens = 0;
        int completionTokens = 0;
        QString toolCalls = {}; // the answer's tool calls (JSON array), if any
    };

    // A cache folder; created when missing.
    static ResponseStore cacheIn(const QString &directory);
    // The user's response cache, where every front end keeps answers unless
    // told another folder (`--cache`): GenericCacheLocation/reviewdesk/responses.
    static QString userCacheFolder();
    // Recorded exchanges: {"exchanges":[{"key","response","prompt_tokens","completion_tokens"}]}.
    static Result<ResponseStore> replayFrom(const QString &file);
    // The same from a recording's bytes; `file` names it in errors.
    static Result<ResponseStore> replayOf(const QByteArray &recording, const QString &file);

    ResponseStore() = default;
    ResponseStore(const ResponseStore &other);
    ResponseStore &operator=(const ResponseStore &other);

    bool isValid() const { return !m_directory.isEmpty() || m_replay; }
    // The answer to exactly the request with this exchangeKey(), or nothing.
    std::optional<Answer> find(const QByteArray &key) const;
    void store(const QByteArray &key, const Answer &answer); // cache only
    // Writes a recording of `exchanges` for replay (successful ones only).
    // Each exchange keyed as it is asked on replay (endpoint "replay:"), so
    // callers pass the exchanges as they were.
    static Result<bool> record(const QString &file, const QList<Exchange> &exchanges);
    static QByteArray recording(const QList<Exchange> &exchanges);

private:
    QString m_directory;
    bool m_replay = false;
    QHash<QByteArray, Answer> m_recorded;
    mutable QMutex m_lock;
};

} // namespace rd
