// `reviewdesk-cli triage`: gold-gap triage (issue 35, docs/arena.md).
// `enqueue` puts the comments judged false positives against imported
// ground truth (eval --triage lists them) into the triage queue, assigned to
// annotators; `answer` stores annotators' (or an adjudicator's) answers to
// "a real issue the ground truth misses?" read as JSON Lines; `list` shows
// the queue, blind for an annotator.

#include "CliCommand.h"

#include <GoldTriageQueue.h>
#include <WorkspaceOpening.h>

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cstdio>

namespace rd::cli {

namespace {

// The subcommand's arguments, named "triage SUB" for --help and errors.
QStringList triageSubcommandArguments(const QStringList &arguments)
{
    QStringList out = arguments.mid(1);
    out[0] = QStringLiteral("triage ") + out[0];
    return out;
}

int runTriageEnqueue(const QStringList &arguments)
{
    const QString command = QStringLiteral("triage enqueue");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Queue the comments judged false positives against the imported ground truth (as `eval --triage` lists them) for\n"
        "blind double annotation with the question \"a real issue the ground truth misses?\". --run ID: that run's\n"
        "false positives (repeatable); --all: every run's and every imported tool's that an imported judge left unmatched.\n"
        "Comments queued before keep their answers; --annotators are added to those assigned. Prints 'queued <comment-id>'\n"
        "for each comment new in the queue."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("A run whose false positives to queue (repeatable)."), QStringLiteral("ID"));
    const QCommandLineOption all(QStringLiteral("all"), QStringLiteral("Every false positive of every run and imported tool."));
    const QCommandLineOption annotators(QStringLiteral("annotators"), QStringLiteral("Two or more annotators to answer each (default: anyone; two answers agree)."),
                                        QStringLiteral("A,B"));
    const QCommandLineOption distance(QStringLiteral("line-distance"), QStringLiteral("Lines apart that still match (default 1)."), QStringLiteral("N"), QStringLiteral("1"));
    parser.addOptions({workspace, run, all, annotators, distance});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, command, {&workspace}); missing >= 0)
        return missing;
    if (parser.isSet(run) == parser.isSet(all))
        return fail(ExitUsage, QStringLiteral("%1: give --run ID (repeatable) or --all").arg(command));
    eval::TriageQueueOptions options;
    bool ok = false;
    for (const QString &id : parser.values(run)) {
        const qint64 v = id.toLongLong(&ok);
        if (!ok || v <= 0)
            return fail(ExitUsage, QStringLiteral("%1: --run %2 is not a run id").arg(command, id));
        options.runs << v;
    }
    options.maxDistance = parser.value(distance).toInt(&ok);
    if (!ok || options.maxDistance < 0 || options.maxDistance > 1000)
        return fail(ExitUsage, QStringLiteral("%1: --line-distance must be a number of lines from 0 to 1000").arg(command));
    QStringList names;
    if (parser.isSet(annotators)) {
        auto parsed = eval::triageAnnotators(parser.value(annotators));
        if (!parsed || parsed->isEmpty())
            return fail(ExitUsage, QStringLiteral("%1: --annotators names two or more annotators (blind double annotation), not '%2'").arg(command, parser.value(annotators)));
        names = *parsed;
    }
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(command, store.error());
    auto candidates = eval::falsePositivesAgainstGold(**store, options);
    if (!candidates)
        return failIn(command, candidates.error());
    QList<TriageItem> items;
    for (const eval::TriageCandidate &c : std::as_const(*candidates))
        items << eval::triageItemOf(c, names);
    if (items.isEmpty()) {
        std::fprintf(stderr, "%s: no false positives against imported ground truth%s; nothing queued\n", qPrintable(command),
                     options.runs.isEmpty() ? "" : " in these runs");
        return ExitOk;
    }
    auto added = (*store)->enqueueTriage(items);
    if (!added)
        return failIn(command, added.error());
    for (const eval::TriageCandidate &c : std::as_const(*candidates))
        if (!c.queued)
            std::printf("queued %lld\n", static_cast<long long>(c.comment));
    std::fflush(stdout);
    std::fprintf(stderr, "%s: %d comments queued, %lld were in the queue already%s\n", qPrintable(command), *added,
                 static_cast<long long>(items.size() - *added),
                 names.isEmpty() ? "" : qPrintable(QStringLiteral("; assigned to %1").arg(names.join(QStringLiteral(", ")))));
    return ExitOk;
}

// One line of `triage answer`'s input, checked.
struct TriageAnswerLine
{
    qint64 number = 0;
    qint64 comment = 0;
    TriageAnswer answer = TriageAnswer::Unsure;
    QString reason;
};

Result<TriageAnswerLine> parseTriageAnswerLine(const QByteArray &bytes, bool adjudicating)
{
    const auto bad = [](const QString &message) { return Error{Error::Kind::Usage, message}; };
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return bad(QStringLiteral("not JSON (%1)").arg(error.errorString()));
    if (!doc.isObject())
        return bad(QStringLiteral("not a JSON object"));
    const QJsonObject o = doc.object();
    QStringList known{QStringLiteral("comment"), QStringLiteral("answer")};
    if (adjudicating)
        known << QStringLiteral("reason");
    for (const QString &key : o.keys())
        if (!known.contains(key))
            return bad(QStringLiteral("unknown field \"%1\" (an %2 has %3)").arg(key, adjudicating ? QStringLiteral("adjudication") : QStringLiteral("answer"),
                                                                               known.join(QStringLiteral(", "))));
    TriageAnswerLine line;
    const QJsonValue comment = o.value(QStringLiteral("comment"));
    const double id = comment.toDouble(-1);
    if (!comment.isDouble() || id < 1 || id != static_cast<double>(static_cast<qint64>(id)))
        return bad(comment.isUndefined() ? QStringLiteral("\"comment\" is missing")
                                         : QStringLiteral("\"comment\" must be a comment id (a positive number), not %1")
                                               .arg(QString::fromUtf8(QJsonDocument(QJsonArray{comment}).toJson(QJsonDocument::Compact)).mid(1).chopped(1)));
    line.comment = static_cast<qint64>(id);
    const QJsonValue answer = o.value(QStringLiteral("answer"));
    if (answer.isUndefined())
        return bad(QStringLiteral("\"answer\" is missing"));
    const auto parsed = answer.isString() ? triageAnswerFromName(answer.toString()) : std::nullopt;
    if (!parsed)
        return bad(QStringLiteral("\"answer\" must be \"yes\", \"no\" or \"unsure\", not %1")
                       .arg(QString::fromUtf8(QJsonDocument(QJsonArray{answer}).toJson(QJsonDocument::Compact)).mid(1).chopped(1)));
    line.answer = *parsed;
    const QJsonValue reason = o.value(QStringLiteral("reason"));
    if (!reason.isUndefined() && !reason.isString())
        return bad(QStringLiteral("\"reason\" must be a text"));
    line.reason = reason.toString().trimmed();
    return line;
}

int runTriageAnswer(const QStringList &arguments)
{
    const QString command = QStringLiteral("triage answer");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Store answers to \"a real issue the ground truth misses?\" read as JSON Lines on stdin, one per line:\n"
        "  {\"comment\": ID, \"answer\": \"yes\"|\"no\"|\"unsure\"}\n"
        "as --annotator NAME, or as --adjudicator NAME (whose answer decides; a line may add \"reason\").\n"
        "Every line is checked first: an unknown comment, a comment not in the triage queue (or assigned to others),\n"
        "an answer other than yes/no/unsure, an unknown field, is reported with its line number, nothing is stored and\n"
        "the exit code is 2. Then each line is stored and 'stored <comment-id>' printed once it is committed. A later\n"
        "answer by the same person to the same comment replaces the earlier one, and says so on stderr."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("Whose answers these are."), QStringLiteral("NAME"));
    const QCommandLineOption adjudicator(QStringLiteral("adjudicator"), QStringLiteral("The adjudicator whose answers decide."), QStringLiteral("NAME"));
    parser.addOptions({workspace, annotator, adjudicator});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, command, {&workspace}); missing >= 0)
        return missing;
    if (parser.isSet(annotator) == parser.isSet(adjudicator))
        return fail(ExitUsage, QStringLiteral("%1: give --annotator NAME or --adjudicator NAME").arg(command));
    const bool adjudicating = parser.isSet(adjudicator);
    const QString name = (adjudicating ? parser.value(adjudicator) : parser.value(annotator)).trimmed();
    if (name.isEmpty())
        return fail(ExitUsage, QStringLiteral("%1: --%2 is empty").arg(command, adjudicating ? QStringLiteral("adjudicator") : QStringLiteral("annotator")));
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(command, store.error());
    auto queue = (*store)->triageQueue();
    if (!queue)
        return failIn(command, queue.error());
    QHash<qint64, TriageItem> queued;
    for (const TriageItem &item : std::as_const(*queue))
        queued.insert(item.comment, item);

    // Every line checked before any is stored: nothing half-written.
    QList<TriageAnswerLine> lines;
    QStringList problems;
    bool workspaceFailed = false;
    const int read = forEachInputLine(ExitUsage, [&](qint64 number, const QByteArray &text) {
        auto line = parseTriageAnswerLine(text, adjudicating);
        if (!line) {
            problems << QStringLiteral("line %1: %2").arg(number).arg(line.error().message);
            return LineOutcome::bad();
        }
        line->number = number;
        const auto item = queued.constFind(line->comment);
        if (item == queued.cend()) {
            auto known = (*store)->comment(line->comment);
            if (!known && known.error().kind != Error::Kind::Usage) {
                workspaceFailed = true;
                return LineOutcome::stop(failIn(command, known.error()));
            }
            problems << (known ? QStringLiteral("line %1: comment %2 is not in the triage queue (`reviewdesk-cli triage enqueue` puts false positives there)")
                                     .arg(number)
                                     .arg(line->comment)
                               : QStringLiteral("line %1: no comment %2 in this workspace").arg(number).arg(line->comment));
            return LineOutcome::bad();
        }
        if (!adjudicating && !item->annotators.isEmpty() && !item->annotators.contains(name)) {
            problems << QStringLiteral("line %1: comment %2 is assigned for triage to %3, not to %4")
                            .arg(number)
                            .arg(line->comment)
                            .arg(item->annotators.join(QStringLiteral(", ")), name);
            return LineOutcome::bad();
        }
        lines << *line;
        return LineOutcome::done();
    });
    if (workspaceFailed)
        return read;
    if (!problems.isEmpty()) {
        for (const QString &p : std::as_const(problems))
            fail(ExitUsage, QStringLiteral("%1: %2").arg(command, p));
        return fail(ExitUsage, QStringLiteral("%1: %2 bad line(s); nothing was stored").arg(command).arg(problems.size()));
    }
    for (const TriageAnswerLine &line : std::as_const(lines)) {
        if (adjudicating) {
            auto stored = (*store)->adjudicateTriage(TriageAdjudication{line.comment, name, line.answer, line.reason, {}});
            if (!stored)
                return fail(exitCodeFor(stored.error()), QStringLiteral("%1: line %2: not stored: %3").arg(command).arg(line.number).arg(stored.error().message));
            if (*stored)
                std::fprintf(stderr, "reviewdesk-cli: %s: line %lld: replaces %s's earlier adjudication of comment %lld, which was \"%s\"\n", qPrintable(command),
                             static_cast<long long>(line.number), qPrintable((*stored)->adjudicator), static_cast<long long>(line.comment),
                             qPrintable(triageAnswerName((*stored)->answer)));
        } else {
            auto stored = (*store)->answerTriage(TriageResponse{line.comment, name, line.answer, {}});
            if (!stored)
                return fail(exitCodeFor(stored.error()), QStringLiteral("%1: line %2: not stored: %3").arg(command).arg(line.number).arg(stored.error().message));
            if (stored->replaced)
                std::fprintf(stderr, "reviewdesk-cli: %s: line %lld: replaces %s's earlier answer to comment %lld, which was \"%s\"\n", qPrintable(command),
                             static_cast<long long>(line.number), qPrintable(name), static_cast<long long>(line.comment),
                             qPrintable(triageAnswerName(stored->replaced->answer)));
        }
        std::printf("stored %lld\n", static_cast<long long>(line.comment));
        std::fflush(stdout);
    }
    return ExitOk;
}

int runTriageList(const QStringList &arguments)
{
    const QString command = QStringLiteral("triage list");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Print the triage queue as JSON: each comment with its merge request, run or tool, place, text and assigned\n"
        "annotators. With --annotator NAME, blind: only the comments NAME is to answer, with NAME's own answer and\n"
        "nothing of the others'. Without: every answer, the adjudication, the status and, for a decided \"yes\",\n"
        "the reference it added with its provenance."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("List blind, as this annotator sees the queue."), QStringLiteral("NAME"));
    parser.addOptions({workspace, annotator});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, command, {&workspace}); missing >= 0)
        return missing;
    const std::optional<QString> viewer = parser.isSet(annotator) ? std::optional<QString>(parser.value(annotator).trimmed()) : std::nullopt;
    if (viewer && viewer->isEmpty())
        return fail(ExitUsage, QStringLiteral("%1: --annotator is empty").arg(command));
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(command, store.error());
    auto triage = readTriage(**store);
    if (!triage)
        return failIn(command, triage.error());
    QHash<qint64, QList<TriageResponse>> answersOf;
    for (const TriageResponse &r : std::as_const(triage->answers))
        answersOf[r.comment] << r;
    QHash<qint64, TriageAdjudication> adjudicationOf;
    for (const TriageAdjudication &a : std::as_const(triage->adjudications))
        adjudicationOf.insert(a.comment, a);
    QHash<qint64, TriagedReference> referenceOf;
    for (const TriagedReference &r : triagedReferences(triage->queue, triage->answers, triage->adjudications))
        referenceOf.insert(r.item.comment, r);

    QJsonArray items;
    for (const TriageItem &item : std::as_const(triage->queue)) {
        if (viewer && !item.annotators.isEmpty() && !item.annotators.contains(*viewer))
            continue;
        auto comment = (*store)->comment(item.comment);
        if (!comment)
            return failIn(command, comment.error());
        const ReviewComment &c = comment->comment;
        QJsonObject o{{QStringLiteral("comment"), item.comment},
                      {QStringLiteral("merge_request"), item.mergeRequest},
                      {QStringLiteral("run"), item.run ? QJsonValue(*item.run) : QJsonValue()},
                      {QStringLiteral("reviewer"), item.reviewer},
                      {QStringLiteral("judge"), item.judge.isEmpty() ? QJsonValue() : QJsonValue(item.judge)},
                      {QStringLiteral("file"), c.file},
                      {QStringLiteral("line_start"), c.located() ? QJsonValue(c.lineStart) : QJsonValue()},
                      {QStringLiteral("line_end"), c.located() ? QJsonValue(std::max(c.lineStart, c.lineEnd)) : QJsonValue()},
                      {QStringLiteral("text"), c.issue},
                      {QStringLiteral("question"), QStringLiteral("a real issue the ground truth misses?")},
                      {QStringLiteral("annotators"), QJsonArray::fromStringList(item.annotators)},
                      {QStringLiteral("enqueued"), item.enqueued.toUTC().toString(Qt::ISODateWithMs)}};
        const QList<TriageResponse> given = answersOf.value(item.comment);
        if (viewer) {
            // Blind: the viewer's own answer, nothing of the others' (not even the status they make).
            QJsonValue own;
            for (const TriageResponse &r : given)
                if (r.annotator == *viewer)
                    own = triageAnswerName(r.answer);
            o.insert(QStringLiteral("your_answer"), own);
        } else {
            QJsonArray list;
            for (const TriageResponse &r : given)
                list.append(QJsonObject{{QStringLiteral("annotator"), r.annotator},
                                        {QStringLiteral("answer"), triageAnswerName(r.answer)},
                                        {QStringLiteral("updated"), r.updated.toUTC().toString(Qt::ISODateWithMs)}});
            o.insert(QStringLiteral("answers"), list);
            const auto adjudicated = adjudicationOf.constFind(item.comment);
            if (adjudicated != adjudicationOf.cend())
                o.insert(QStringLiteral("adjudication"), QJsonObject{{QStringLiteral("adjudicator"), adjudicated->adjudicator},
                                                                     {QStringLiteral("answer"), triageAnswerName(adjudicated->answer)},
                                                                     {QStringLiteral("reason"), adjudicated->reason},
                                                                     {QStringLiteral("updated"), adjudicated->updated.toUTC().toString(Qt::ISODateWithMs)}});
            o.insert(QStringLiteral("status"),
                     triageStatusName(triageStatus(item, given, adjudicated == adjudicationOf.cend() ? std::nullopt : std::optional<TriageAdjudication>(*adjudicated))));
            if (const auto r = referenceOf.constFind(item.comment); r != referenceOf.cend())
                o.insert(QStringLiteral("reference"), QJsonObject{{QStringLiteral("method"), r->method()},
                                                                  {QStringLiteral("annotators"), QJsonArray::fromStringList(r->annotators)},
                                                                  {QStringLiteral("decided"), r->decided.toUTC().toString(Qt::ISODateWithMs)}});
        }
        items.append(o);
    }
    QJsonObject report{{QStringLiteral("triage_queue"), items}, {QStringLiteral("comments"), static_cast<int>(items.size())}};
    if (viewer)
        report.insert(QStringLiteral("annotator"), *viewer);
    else
        report.insert(QStringLiteral("references_added"), static_cast<int>(referenceOf.size()));
    return writeOutput(command, QJsonDocument(report).toJson(QJsonDocument::Indented));
}

} // namespace

int runTriage(const QStringList &arguments)
{
    const QString sub = arguments.value(1);
    if (sub.isEmpty() || sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        writeStdout("Usage: reviewdesk-cli triage enqueue --workspace W (--run ID | --all) [--annotators A,B]\n"
                    "       reviewdesk-cli triage answer --workspace W (--annotator NAME | --adjudicator NAME) < answers.jsonl\n"
                    "       reviewdesk-cli triage list --workspace W [--annotator NAME]\n"
                    "Gold-gap triage: false positives against imported ground truth (eval --triage) put to annotators, blind,\n"
                    "with the question \"a real issue the ground truth misses?\"; an agreed or adjudicated yes is a reference of\n"
                    "the set 'triaged' (eval --references triaged; export --format errata).\n"
                    "Run 'reviewdesk-cli triage SUBCOMMAND --help' for the options of each.\n");
        return sub.isEmpty() ? ExitUsage : ExitOk;
    }
    if (sub == QLatin1String("enqueue"))
        return runTriageEnqueue(triageSubcommandArguments(arguments));
    if (sub == QLatin1String("answer"))
        return runTriageAnswer(triageSubcommandArguments(arguments));
    if (sub == QLatin1String("list"))
        return runTriageList(triageSubcommandArguments(arguments));
    return fail(ExitUsage, QStringLiteral("triage: unknown subcommand '%1' (known: enqueue, answer, list)").arg(sub));
}

} // namespace rd::cli
