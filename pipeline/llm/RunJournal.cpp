#include "RunJournal.h"
#include "TokenCount.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLockFile>

#include <cerrno>

#include <nlohmann/json.hpp>

#include <signal.h>
#include <unistd.h>

namespace rd {
namespace {

using Json = nlohmann::json;

// Written and on the disk, not only in the page cache.
bool writeDurably(QFile &file, const QByteArray &bytes)
{
    return file.write(bytes) == bytes.size() && file.flush() && ::fsync(file.handle()) == 0;
}

QString lockFileOf(const QString &file)
{
    return file + QStringLiteral(".lock");
}

struct Parsed
{
    QByteArray header;
    QHash<QByteArray, RunJournal::Answer> answers;
    bool finished = false;
    qsizetype complete = 0; // bytes up to the end of the last whole line
};

Result<Parsed> parse(const QString &file, const QByteArray &bytes)
{
    Parsed parsed;
    qsizetype at = 0;
    int lineNumber = 0;
    while (at < bytes.size()) {
        const qsizetype end = bytes.indexOf('\n', at);
        if (end < 0)
            break; // a line the crash cut short: its exchange is asked again
        ++lineNumber;
        const Json line = Json::parse(bytes.constData() + at, bytes.constData() + end, nullptr, false);
        if (line.is_discarded() || !line.is_object())
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1:%2: not a run journal line").arg(file).arg(lineNumber)};
        if (lineNumber == 1) {
            parsed.header = QByteArray::fromStdString(line.dump());
        } else if (line.contains("finished")) {
            parsed.finished = true;
        } else {
            const auto key = line.find("key");
            const auto response = line.find("response");
            if (key == line.end() || !key->is_string() || response == line.end() || !response->is_string())
                return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1:%2: an answer without its key or response").arg(file).arg(lineNumber)};
            // An agent's turn is its tool calls: without them a resumed run would read the turn as an empty answer.
            const auto toolCalls = line.find("tool_calls");
            parsed.answers.insert(QByteArray::fromStdString(key->get<std::string>()),
                                  {QString::fromStdString(response->get<std::string>()), tokenCount(line, "prompt_tokens"), tokenCount(line, "completion_tokens"),
                                   toolCalls != line.end() && toolCalls->is_string() ? QString::fromStdString(toolCalls->get<std::string>()) : QString()});
        }
        at = parsed.complete = end + 1;
    }
    if (lineNumber == 0)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1 is not a run journal (no header line)").arg(file)};
    return parsed;
}

} // namespace

RunJournal::RunJournal() = default;
RunJournal::~RunJournal() = default;

Result<bool> RunJournal::lock()
{
    m_lock = std::make_unique<QLockFile>(lockFileOf(m_file.fileName()));
    // Only a live holder counts: a killed run's lock is taken over at once.
    m_lock->setStaleLockTime(0);
    if (m_lock->tryLock(0))
        return true;
    qint64 pid = 0;
    QString host, application;
    m_lock->getLockInfo(&pid, &host, &application);
    return Error{Error::Kind::Conflict,
                 QCoreApplication::translate("rd::pipeline", "the run journal %1 is in use by another run (process %2)").arg(m_file.fileName()).arg(pid)};
}

Result<std::shared_ptr<RunJournal>> RunJournal::create(const QString &file, const QByteArray &header)
{
    const Json h = Json::parse(header.constData(), header.constData() + header.size(), nullptr, false);
    if (h.is_discarded() || !h.is_object())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "a run journal's header must be a JSON object")};
    QDir().mkpath(QFileInfo(file).absolutePath());
    auto journal = std::make_shared<RunJournal>();
    journal->m_file.setFileName(file);
    if (!journal->m_file.open(QIODevice::WriteOnly | QIODevice::NewOnly))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot create the run journal %1: %2").arg(file, journal->m_file.errorString())};
    if (auto locked = journal->lock(); !locked)
        return locked.error();
    journal->m_header = QByteArray::fromStdString(h.dump());
    if (!writeDurably(journal->m_file, journal->m_header + '\n'))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot write the run journal %1: %2").arg(file, journal->m_file.errorString())};
    return journal;
}

Result<std::shared_ptr<RunJournal>> RunJournal::resume(const QString &file)
{
    auto journal = std::make_shared<RunJournal>();
    journal->m_file.setFileName(file);
    if (!journal->m_file.open(QIODevice::ReadWrite))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot open the run journal %1: %2").arg(file, journal->m_file.errorString())};
    if (auto locked = journal->lock(); !locked)
        return locked.error();
    const QByteArray bytes = journal->m_file.readAll();
    auto parsed = parse(file, bytes);
    if (!parsed)
        return parsed.error();
    journal->m_header = parsed->header;
    journal->m_answers = std::move(parsed->answers);
    journal->m_finished = parsed->finished;
    // What follows the last whole line goes, so that new lines start clean.
    if (parsed->complete < bytes.size() && !journal->m_file.resize(parsed->complete))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot repair the run journal %1: %2").arg(file, journal->m_file.errorString())};
    journal->m_file.seek(parsed->complete);
    return journal;
}

Result<RunJournal::Contents> RunJournal::inspect(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot open the run journal %1: %2").arg(file, f.errorString())};
    auto parsed = parse(file, f.readAll());
    if (!parsed)
        return parsed.error();
    Contents contents;
    contents.header = parsed->header;
    contents.answers = static_cast<int>(parsed->answers.size());
    contents.finished = parsed->finished;
    // Looked at, not taken: a probe holding the lock for a moment could
    // make a run that starts just then fail.
    QLockFile probe(lockFileOf(file));
    qint64 pid = 0;
    QString host, application;
    if (probe.getLockInfo(&pid, &host, &application) && pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM))
        contents.inUseBy = pid;
    return contents;
}

int RunJournal::answers() const
{
    QMutexLocker locker(&m_mutex);
    return static_cast<int>(m_answers.size());
}

bool RunJournal::isFinished() const
{
    QMutexLocker locker(&m_mutex);
    return m_finished;
}

std::optional<RunJournal::Answer> RunJournal::find(const QByteArray &key) const
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_answers.constFind(key);
    return it == m_answers.constEnd() ? std::nullopt : std::optional<Answer>(*it);
}

bool RunJournal::append(const QByteArray &key, const Answer &answer)
{
    QMutexLocker locker(&m_mutex);
    if (m_answers.contains(key))
        return true;
    Json line = {{"key", key.toStdString()}, {"response", answer.response.toStdString()},
                 {"prompt_tokens", answer.promptTokens}, {"completion_tokens", answer.completionTokens}};
    if (!answer.toolCalls.isEmpty())
        line["tool_calls"] = answer.toolCalls.toStdString();
    if (!writeDurably(m_file, QByteArray::fromStdString(line.dump()) + '\n'))
        return false;
    m_answers.insert(key, answer);
    return true;
}

bool RunJournal::finish()
{
    QMutexLocker locker(&m_mutex);
    if (m_finished)
        return true;
    const Json line = {{"finished", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()}};
    if (!writeDurably(m_file, QByteArray::fromStdString(line.dump()) + '\n'))
        return false;
    m_finished = true;
    return true;
}

} // namespace rd
