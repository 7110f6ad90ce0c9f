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

class QLockFile;

namespace rd {

// A review run's journal, so that a run killed half-way (SIGKILL, power
// loss) loses none of the answers it already paid for: one JSON line saying
// what was asked for (the header: an object the caller defines), then one
// line per finished exchange, each on disk (fsync) before the run goes on,
// and a last {"finished": time} line when the run ended complete.
// A resumed run reads the answers back and asks only what is missing. A last
// line cut short by a crash is dropped; any other damage is an error.
// An open journal holds a lock file (FILE.lock) so two programs never append
// to it at once; a killed program's lock is stale and taken over.
class RunJournal
{
public:
    using Answer = ResponseStore::Answer;

    // What a journal holds, read without opening it for writing (listing).
    struct Contents
    {
        QByteArray header;
        int answers = 0;
        bool finished = false;
        qint64 inUseBy = 0; // the process that has it open now; 0: none
    };

    RunJournal();
    ~RunJournal();

    // A new journal at `file` (its folder made when missing); fails when
    // the file exists.
    static Result<std::shared_ptr<RunJournal>> create(const QString &file, const QByteArray &header);
    // An existing journal, opened to append what the resumed run adds.
    static Result<std::shared_ptr<RunJournal>> resume(const QString &file);
    static Result<Contents> inspect(const QString &file);

    QString path() const { return m_file.fileName(); }
    QByteArray header() const { return m_header; }
    int answers() const;
    bool isFinished() const;
    std::optional<Answer> find(const QByteArray &key) const;
    // Adds the answer to exactly the request with this exchangeKey(); a key
    // already held is not written again. False when the disk refused it.
    bool append(const QByteArray &key, const Answer &answer);
    // The run ended with every answer: nothing is left to resume.
    bool finish();

private:
    Result<bool> lock();

    QByteArray m_header;
    QFile m_file;
    std::unique_ptr<QLockFile> m_lock;
    QHash<QByteArray, Answer> m_answers;
    bool m_finished = false;
    mutable QMutex m_mutex;
};

} // namespace rd
