#include "RunJournal.h"
#include "TokenCount.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <unistd.h>

namespace rd {
namespace {

using Json = nlohmann::json;

// Written and on the disk, not only in the page cache.
bool writeDurably(QFile &file, const QByteArray &bytes)
{
    return file.write(bytes) == bytes.size() && file.flush() && ::fsync(file.handle()) == 0;
}

} // namespace

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
    const QByteArray bytes = journal->m_file.readAll();
    qsizetype at = 0;
    qsizetype complete = 0; // bytes up to the end of the last whole line
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
            journal->m_header = QByteArray::fromStdString(line.dump());
        } else {
            const auto key = line.find("key");
            const auto response = line.find("response");
            if (key == line.end() || !key->is_string() || response == line.end() || !response->is_string())
                return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1:%2: an answer without its key or response").arg(file).arg(lineNumber)};
            journal->m_answers.insert(QByteArray::fromStdString(key->get<std::string>()),
                                      {QString::fromStdString(response->get<std::string>()), tokenCount(line, "prompt_tokens"), tokenCount(line, "completion_tokens")});
        }
        at = complete = end + 1;
    }
    if (lineNumber == 0)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1 is not a run journal (no header line)").arg(file)};
    // What follows the last whole line goes, so that new lines start clean.
    if (complete < bytes.size() && !journal->m_file.resize(complete))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "cannot repair the run journal %1: %2").arg(file, journal->m_file.errorString())};
    journal->m_file.seek(complete);
    return journal;
}

int RunJournal::answers() const
{
    QMutexLocker locker(&m_lock);
    return static_cast<int>(m_answers.size());
}

std::optional<RunJournal::Answer> RunJournal::find(const QByteArray &key) const
{
    QMutexLocker locker(&m_lock);
    const auto it = m_answers.constFind(key);
    return it == m_answers.constEnd() ? std::nullopt : std::optional<Answer>(*it);
}

bool RunJournal::append(const QByteArray &key, const Answer &answer)
{
    QMutexLocker locker(&m_lock);
    if (m_answers.contains(key))
        return true;
    const Json line = {{"key", key.toStdString()}, {"response", answer.response.toStdString()},
                       {"prompt_tokens", answer.promptTokens}, {"completion_tokens", answer.completionTokens}};
    if (!writeDurably(m_file, QByteArray::fromStdString(line.dump()) + '\n'))
        return false;
    m_answers.insert(key, answer);
    return true;
}

} // namespace rd
