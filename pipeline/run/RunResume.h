#pragma once

#include "RunConfig.h"
#include "RunJournal.h"

#include <Result.h>

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <memory>

// Resuming interrupted review runs, shared by `reviewdesk-cli review
// --resume` and Review ▸ Resume in the window: the header a run journal
// starts with, where journals live and which of them can be resumed.
namespace rd {

// What a review was asked to do, as its run journal's header keeps it: a
// resumed run does exactly this again. Paths are absolute, so it resumes
// from any folder; the configuration is kept as text, as it was read.
// Runs started in the window have no output file (`out` empty): they go to
// the workspace, and `review --resume` writes ID.json beside the journal.
struct ReviewInvocation
{
    QString repo, base, head;
    bool twoDot = false;
    bool ignoreWhitespace = false; // window runs only: the CLI diffs without it
    QString configFile;
    QByteArray configText;
    QString out, format, cache, replay, record, compileCommands, workspace;
    bool noCache = false;
    QDateTime started; // UTC; invalid in journals older than the field
    QString origin;    // "cli" or "window"
    // review --mr (issue 24): the workspace's merge request it reviews, and
    // whether only what changed since the last reviewed revision; 0: none.
    qint64 mergeRequest = 0;
    bool sinceLastReview = false;

    QByteArray toJson() const;
    // Errors say what the header lacks.
    static Result<ReviewInvocation> fromJson(const QByteArray &json);
};

// The run configuration a journal's (or a --config file's) text holds: a
// configuration, or a previous run's output, which re-executes its configuration.
Result<RunConfig> runConfigFromText(const QByteArray &text);

// Where journals go when no other file is named: the user's data folder,
// reviewdesk/runs. `review --resume ID` and Review ▸ Resume look there.
QString journalFolder();
// A run's id: its journal's file name without .jsonl.
QString journalId(const QString &journalFile);
// A new journal in `folder` named after the time and this process (a
// number added when that name is taken), starting with `invocation`.
Result<std::shared_ptr<RunJournal>> newJournal(const QString &folder, const ReviewInvocation &invocation);
// A journal by its path or by its id in `folder`.
Result<QString> findJournal(const QString &folder, const QString &pathOrId);

// One journal of a folder, as the Resume dialog lists it.
struct JournalEntry
{
    QString id;
    QString path;
    ReviewInvocation invocation;
    QString pipeline; // "defect", "cqs (my-config.json)", …
    int answers = 0;
    QDateTime started; // UTC
    bool finished = false;
    qint64 inUseBy = 0; // a process that runs it now
    QString problem;    // why it cannot be resumed (damaged, not a review's journal)
};
// The journals of `folder`, newest first; finished ones only when asked.
QList<JournalEntry> listJournals(const QString &folder, bool withFinished = false);

} // namespace rd
