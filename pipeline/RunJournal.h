#pragma once

#include "ResponseStore.h"

#include <Result.h>

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QMutex>
#include <QString>

#include <memory>
#include <optional>

namespace rd {

// A review run's journal, so that a run killed half-way (SIGKILL, power
// loss) loses none of the answers it already paid for: one JSON line saying
// what was asked for (the header: an object the caller defines), then one
// line per finished exchange, each on disk (fsync) before the run goes on.
// A resumed run reads the answers back and asks only what is missing. A last
// line cut short by a crash is dropped; any other damage is an error.
class RunJournal
{
public:
    using Answer = ResponseStore::Answer;

    // A new journal at `file` (its folder made when missing); fails when
    // the file exists.
    static Result<std::shared_ptr<RunJournal>> create(const QString &file, const QByteArray &header);
    // An existing journal, opened to append what the resumed run adds.
    static Result<std::shared_ptr<RunJournal>> resume(const QString &file);

    QString path() const { return m_file.fileName(); }
    QByteArray header() const { return m_header; }
    int answers() const;
    std::optional<Answer> find(const QByteArray &key) const;
    // Adds the answer to exactly the request with this exchangeKey(); a key
    // already held is not written again. False when the disk refused it.
    bool append(const QByteArray &key, const Answer &answer);

private:
    QByteArray m_header;
    QFile m_file;
    QHash<QByteArray, Answer> m_answers;
    mutable QMutex m_lock;
};

} // namespace rd
