// `reviewdesk-cli references`: named reference snapshots (issue 33).
// `freeze` keeps the references every merge request is evaluated against
// now, under a name, with who and when; `list` shows the snapshots;
// `export` writes one as AACR-Bench positive samples. `eval --references
// NAME` measures against exactly a snapshot's references.

#include "CliCommand.h"

#include <DatasetExport.h>
#include <ReferenceSnapshots.h>
#include <WorkspaceOpening.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <cstdio>

namespace rd::cli {

namespace {

// The subcommand's arguments, named "references SUB" for --help and errors.
QStringList subcommandArguments(const QStringList &arguments)
{
    QStringList out = arguments.mid(1);
    out[0] = QStringLiteral("references ") + out[0];
    return out;
}

QJsonObject snapshotJson(const ReferenceSnapshot &s)
{
    return {{QStringLiteral("name"), s.name},
            {QStringLiteral("reference_set"), s.referenceSet},
            {QStringLiteral("author"), s.author},
            {QStringLiteral("created"), s.created.toUTC().toString(Qt::ISODateWithMs)},
            {QStringLiteral("merge_requests"), static_cast<int>(s.mergeRequests.size())},
            {QStringLiteral("references"), s.referenceCount},
            {QStringLiteral("pending_key_bugs"), s.pendingKeyBugs()},
            {QStringLiteral("fingerprint"), s.fingerprint}};
}

// Who freezes: --annotator, else the login name.
QString whoFreezes(const QCommandLineParser &parser, const QCommandLineOption &annotator)
{
    if (parser.isSet(annotator))
        return parser.value(annotator).trimmed();
    return qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME")).trimmed();
}

int runFreeze(const QStringList &arguments)
{
    const QString command = QStringLiteral("references freeze");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Freeze the references every merge request of the workspace is evaluated against now (the comments marked as\n"
        "reference and one per key-bug issue, with their lines, text and decided labels) under a new name, with who\n"
        "and when. `eval --references NAME` then measures against exactly these, whatever is judged later."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("The snapshot's name (new; not all, aacr, key-bugs, original, triaged or live)."), QStringLiteral("NAME"));
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("Who freezes it (default: $USER)."), QStringLiteral("NAME"));
    const QCommandLineOption set(QStringLiteral("set"), QStringLiteral("Which references: all (default), aacr, key-bugs, original or triaged, as eval --references reads them."),
                                 QStringLiteral("SET"), QStringLiteral("all"));
    parser.addOptions({workspace, name, annotator, set});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, command, {&workspace, &name}); missing >= 0)
        return missing;
    const auto referenceSet = eval::referenceSetFromName(parser.value(set));
    if (!referenceSet)
        return fail(ExitUsage, QStringLiteral("%1: --set must be all, aacr, key-bugs, original or triaged, not '%2'").arg(command, parser.value(set)));
    eval::FreezeRequest request;
    request.name = parser.value(name);
    request.set = *referenceSet;
    request.author = whoFreezes(parser, annotator);
    if (request.author.isEmpty())
        return fail(ExitUsage, QStringLiteral("%1: say who freezes it with --annotator NAME ($USER is not set)").arg(command));
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(command, store.error());
    auto frozen = eval::freezeReferences(**store, request);
    if (!frozen)
        return failIn(command, frozen.error());
    std::fprintf(stderr, "%s: '%s' frozen; references: %d, merge requests: %lld, fingerprint: %s, key-bug flags pending adjudication (left out): %d\n",
                 qPrintable(command), qPrintable(frozen->name), frozen->referenceCount, static_cast<long long>(frozen->mergeRequests.size()),
                 qPrintable(frozen->fingerprint), frozen->pendingKeyBugs());
    return writeOutput(command, QJsonDocument(snapshotJson(*frozen)).toJson(QJsonDocument::Indented));
}

int runList(const QStringList &arguments)
{
    const QString command = QStringLiteral("references list");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List the workspace's reference snapshots: name, set, who froze it and when, merge requests,\n"
                                                    "references, key-bug flags that were pending, fingerprint."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("text (default) or json."), QStringLiteral("FORMAT"), QStringLiteral("text"));
    parser.addOptions({workspace, format});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (!parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("%1: --workspace is required").arg(command));
    const QString how = parser.value(format);
    if (how != QLatin1String("text") && how != QLatin1String("json"))
        return fail(ExitUsage, QStringLiteral("%1: --format must be text or json, not '%2'").arg(command, how));
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(command, store.error());
    auto snapshots = (*store)->referenceSnapshots();
    if (!snapshots)
        return failIn(command, snapshots.error());
    if (how == QLatin1String("json")) {
        QJsonArray all;
        for (const ReferenceSnapshot &s : std::as_const(*snapshots))
            all << snapshotJson(s);
        return writeOutput(command, QJsonDocument(all).toJson(QJsonDocument::Indented));
    }
    QList<QStringList> rows{{QStringLiteral("NAME"), QStringLiteral("SET"), QStringLiteral("FROZEN BY"), QStringLiteral("FROZEN (UTC)"), QStringLiteral("MERGE REQUESTS"),
                             QStringLiteral("REFERENCES"), QStringLiteral("PENDING"), QStringLiteral("FINGERPRINT")}};
    for (const ReferenceSnapshot &s : std::as_const(*snapshots))
        rows << QStringList{s.name,
                            s.referenceSet,
                            s.author,
                            s.created.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                            QString::number(s.mergeRequests.size()),
                            QString::number(s.referenceCount),
                            QString::number(s.pendingKeyBugs()),
                            s.fingerprint};
    QList<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList &row : std::as_const(rows))
        for (qsizetype i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    QString text;
    for (const QStringList &row : std::as_const(rows)) {
        QStringList cells;
        for (qsizetype i = 0; i < row.size(); ++i)
            cells << (i + 1 < row.size() ? row[i].leftJustified(widths[i]) : row[i]);
        text += cells.join(QStringLiteral("  ")) + QLatin1Char('\n');
    }
    if (snapshots->isEmpty())
        text += QStringLiteral("(no snapshot yet: `reviewdesk-cli references freeze --workspace W --name NAME` makes one)\n");
    return writeOutput(command, text.toUtf8());
}

int runExportSnapshot(const QStringList &arguments)
{
    const QString command = QStringLiteral("references export");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write a reference snapshot as AACR-Bench positive samples (positive_samples.json's format): each frozen\n"
        "reference with the lines, text, category and context it had when frozen, under its pull request. What\n"
        "`import --aacr FILE --as ground-truth` reads, and what `eval --aacr-gt` and the released evaluator take."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("The snapshot."), QStringLiteral("NAME"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("The file to write (default: standard output)."), QStringLiteral("FILE"));
    parser.addOptions({workspace, name, out});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, command, {&workspace, &name}); missing >= 0)
        return missing;
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(command, store.error());
    auto snapshot = (*store)->referenceSnapshot(parser.value(name));
    if (!snapshot)
        return failIn(command, snapshot.error());
    if (!*snapshot)
        return fail(ExitUsage, QStringLiteral("%1: no reference snapshot '%2' in this workspace (`references list` shows them)").arg(command, parser.value(name)));
    auto data = loadExportData(**store);
    if (!data)
        return failIn(command, data.error());
    auto bytes = exportAacrReferences(*data, (*snapshot)->references);
    if (!bytes)
        return failIn(command, bytes.error());
    if (!parser.isSet(out))
        return writeOutput(command, *bytes);
    QSaveFile file(parser.value(out));
    if (!file.open(QIODevice::WriteOnly) || file.write(*bytes) != bytes->size() || !file.commit())
        return fail(ExitRepository, QStringLiteral("%1: cannot write %2: %3").arg(command, parser.value(out), file.errorString()));
    std::fprintf(stderr, "%s: wrote %d references of '%s' to %s\n", qPrintable(command), (*snapshot)->referenceCount, qPrintable((*snapshot)->name),
                 qPrintable(parser.value(out)));
    return ExitOk;
}

} // namespace

int runReferences(const QStringList &arguments)
{
    const QString sub = arguments.value(1);
    if (sub.isEmpty() || sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        writeStdout("Usage: reviewdesk-cli references freeze --workspace W --name NAME [--annotator WHO] [--set all|aacr|key-bugs|original|triaged]\n"
                    "       reviewdesk-cli references list --workspace W [--format text|json]\n"
                    "       reviewdesk-cli references export --workspace W --name NAME [--out FILE]\n"
                    "A snapshot keeps the references every merge request is evaluated against; `eval --references NAME` uses it.\n"
                    "Run 'reviewdesk-cli references SUBCOMMAND --help' for the options of each.\n");
        return sub.isEmpty() ? ExitUsage : ExitOk;
    }
    if (sub == QLatin1String("freeze"))
        return runFreeze(subcommandArguments(arguments));
    if (sub == QLatin1String("list"))
        return runList(subcommandArguments(arguments));
    if (sub == QLatin1String("export"))
        return runExportSnapshot(subcommandArguments(arguments));
    return fail(ExitUsage, QStringLiteral("references: unknown subcommand '%1' (known: freeze, list, export)").arg(sub));
}

} // namespace rd::cli
