#pragma once

// `review`'s command line: read, written into a run journal's header, and
// read back from one for `review --resume`. ReviewCommand.cpp runs it.

#include <RunResume.h>

#include <QString>
#include <QStringList>

#include <optional>

namespace rd::cli {

// `review`'s command line, checked as far as the command line alone can
// be: what is read, made or asked is checked by the run, in its order.
struct ReviewOptions
{
    std::optional<QString> resume; // a run's journal or id: the rest comes from the journal
    QString repo, base, head;
    bool twoDot = false;
    QStringList configs;
    QStringList outs;     // one is right; more is said by the run
    QString format;
    std::optional<QString> cache;
    bool noCache = false;
    QStringList replays;  // none, or one per configuration
    QStringList records;
    QString compileCommands;
    std::optional<QString> workspace;
    std::optional<QString> journal;
    // A merge request of the workspace (issue 24): its current revision, or
    // with sinceLastReview what changed since the last reviewed one.
    std::optional<qint64> mr;
    bool sinceLastReview = false;

    QString out() const { return outs.value(outs.size() - 1); }
    std::optional<QString> record() const { return records.isEmpty() ? std::nullopt : std::optional(records.last()); }
};

// Reads `arguments` into `options`: -1 when the command goes on, else the
// exit code, after saying what is wrong.
int parseReview(const QStringList &arguments, ReviewOptions &options);

// Several --config run side by side over the same merge request: one --replay
// each or none, and one --out and --record that each run's name extends.
int checkRunCounts(const ReviewOptions &options);

// The header of the journal of a run of `options` (one configuration), with
// every path absolute, so `review --resume` works from any folder.
ReviewInvocation invocationOf(const ReviewOptions &options);
// The arguments that do again what a journal's header says, with the
// configuration as it was read (written to `configCopy`).
QStringList argumentsOf(const ReviewInvocation &i, const QString &configCopy);

} // namespace rd::cli
