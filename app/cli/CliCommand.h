#pragma once

#include <QCommandLineParser>
#include <QStringList>

#include <Result.h>
#include <WorkspaceStore.h>

#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>

namespace rd {
struct MergeRequest;
struct RunRecord;
} // namespace rd

namespace rd::cli {

// Exit codes shared by every command.
enum ExitCode {
    ExitOk = 0,
    ExitInternal = 1,
    ExitUsage = 2,      // bad options or values
    ExitRepository = 3, // no such path, not a repository, unknown revision, unreadable object, unusable workspace
    ExitService = 4,    // no LLM endpoint answered, or a code host refused
};

int exitCodeFor(const Error &error);
// One line on stderr: "reviewdesk-cli: <message>".
int fail(int code, const QString &message);
int fail(const Error &error);
// "COMMAND: message", with the exit code the error's kind calls for.
int failIn(const QString &command, const Error &error);
// --workspace FILE, as every workspace command spells it.
QCommandLineOption workspaceOption();

// Parses `arguments` (the command name first) with `parser`, handling --help.
// Returns -1 when the command should go on, else the exit code.
int parseCommandLine(QCommandLineParser &parser, const QStringList &arguments);
// "COMMAND: --NAME is required" (exit 2) for the first of `options` not given;
// -1 when all are.
int requireOptions(const QCommandLineParser &parser, const QString &command,
                   std::initializer_list<const QCommandLineOption *> options);

// --repo, --base, --head and --two-dot, which every merge-request command takes.
struct MergeRequestOptions
{
    QCommandLineOption repo{QStringLiteral("repo"),
                            QStringLiteral("Repository: a work tree (or any path inside it), a .git directory or a bare repository."),
                            QStringLiteral("PATH")};
    QCommandLineOption base{QStringLiteral("base"), QStringLiteral("Target of the merge request (any rev-spec)."), QStringLiteral("REV")};
    QCommandLineOption head{QStringLiteral("head"), QStringLiteral("Source of the merge request (any rev-spec)."), QStringLiteral("REV")};
    QCommandLineOption twoDot{QStringLiteral("two-dot"), QStringLiteral("Diff BASE to HEAD directly instead of from their merge base.")};

    void addTo(QCommandLineParser &parser) const { parser.addOptions({repo, base, head, twoDot}); }
    // -1 when all are given, else the usage failure for `command`.
    int checkRequired(const QCommandLineParser &parser, const QString &command) const;
};

// Writes bytes to stdout unchanged; false when the reader went away.
bool writeStdout(const QByteArray &bytes);
// A command's whole output to stdout, flushed: ExitOk, or the failure
// "COMMAND: cannot write the output".
int writeOutput(const QString &command, const QByteArray &out);

// What became of one line of input: done (stored, or nothing to do), bad
// (the handler said why; the reading goes on) or the reading stops with an
// exit code (the workspace failed).
struct LineOutcome
{
    static LineOutcome done() { return {}; }
    static LineOutcome bad() { return {true, std::nullopt}; }
    static LineOutcome stop(int exitCode) { return {false, exitCode}; }
    bool isBad = false;
    std::optional<int> stopWith;
};

// The JSON Lines a command reads on stdin (judge, prefer, audit, triage
// answer), one line at a time as it arrives, so that a writer can wait for
// each 'stored': `handle` gets every non-blank line, trimmed, with its number
// (from 1). The exit code: a stop's, else `badLineCode` when any line was
// bad, else ExitOk.
int forEachInputLine(int badLineCode, const std::function<LineOutcome(qint64 number, const QByteArray &line)> &handle);

// A line `error` kept from being stored, said on stderr: a usage error is
// the line's own (an unknown merge request, comment or run: bad, exit
// ExitUsage at the end); any other is the workspace's (stop).
LineOutcome lineNotStored(const QString &command, qint64 number, const Error &error);

int runDiff(const QStringList &arguments);
int runSlice(const QStringList &arguments);
int runReviewCommand(const QStringList &arguments);
int runComments(const QStringList &arguments);
int runJudge(const QStringList &arguments);
// Ground truth by a team (TeamCommand.cpp)
int runAssign(const QStringList &arguments);
int runAgreement(const QStringList &arguments);
int runGroups(const QStringList &arguments);
int runImport(const QStringList &arguments);
int runExport(const QStringList &arguments);
int runEval(const QStringList &arguments);
int runJudgeEval(const QStringList &arguments);
// Named reference snapshots (issue 33, ReferencesCommand.cpp): freeze, list, export.
int runReferences(const QStringList &arguments);
// Team scale (issue 14): `workspace copy`, and `review --all-mrs`.
int runWorkspace(const QStringList &arguments);
int runBatchReview(const QStringList &arguments);
// Revisions (issue 24, MergeRequestCommand.cpp): `mr update`, `mr revisions`.
int runMr(const QStringList &arguments);
int runMrUpdate(const QStringList &arguments);
int runMrRevisions(const QStringList &arguments);
// Code hosts (issue 24): `mr add` opens a pull request from its host.
int runMrAdd(const QStringList &arguments);
// Publishing a review to its code host (PublishCommand.cpp).
int runPublish(const QStringList &arguments);
// The arena (issue 35, ArenaCommands.cpp): pairwise votes, and the configurations ranked by them.
int runPrefer(const QStringList &arguments);
int runArena(const QStringList &arguments);
// Comparing reviewers per judge (issue 34, CompareCommand.cpp).
int runCompare(const QStringList &arguments);
// People audit the benchmark judges' matching (issue 34, AuditCommand.cpp).
int runAudit(const QStringList &arguments);
// Gold-gap triage (issue 35, TriageCommand.cpp): enqueue, answer, list.
int runTriage(const QStringList &arguments);

// `review --workspace`: opened (or made) before the run, so an unusable
// workspace fails before any request; the finished run stored after.
// Both return -1 when fine, else the exit code after reporting.
int openReviewWorkspace(const QString &path, std::unique_ptr<WorkspaceStore> &store);
// With `mergeRequest` (review --mr) the run goes to that merge request;
// otherwise to the one of the workspace with the same repository and commits.
int storeReview(WorkspaceStore &store, const MergeRequest &mr, const QString &repository, const RunRecord &record,
                std::optional<qint64> mergeRequest = std::nullopt);

} // namespace rd::cli
