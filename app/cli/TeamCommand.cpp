// Ground truth by a team (issue 11): `assign` gives merge requests to
// annotators (all named, or n of them each, balanced), `agreement` prints
// Krippendorff's alpha of any number of annotators and Cohen's kappa of every
// pair per label, `groups` the near-duplicate groups of candidate comments
// with each member's provenance.

#include "CliCommand.h"

#include <AssignmentPlan.h>
#include <TeamAgreement.h>
#include <TeamAnnotation.h>
#include <TeamService.h>
#include <WorkspaceOpening.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace rd::cli {

namespace {

// A positive merge request id, or the usage failure.
int parseMr(const QString &command, const QString &text, qint64 &id)
{
    bool ok = false;
    id = text.toLongLong(&ok);
    if (!ok || id <= 0)
        return fail(ExitUsage, QStringLiteral("%1: --mr is a merge request id (a positive number), not '%2'").arg(command, text));
    return -1;
}

// --mr when given: the one merge request to read, in `only`.
int parseOnlyMr(const QString &command, const QCommandLineParser &parser, const QCommandLineOption &mr, std::optional<qint64> &only)
{
    if (!parser.isSet(mr))
        return -1;
    qint64 id = 0;
    if (const int bad = parseMr(command, parser.value(mr), id); bad >= 0)
        return bad;
    only = id;
    return -1;
}

// "a,b,c" -> names, trimmed; the usage failure when fewer than `minimum` or a name repeats.
int parseAnnotators(const QString &command, const QString &text, int minimum, int maximum, QStringList &names)
{
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (const QString name = part.trimmed(); !name.isEmpty())
            names << name;
    if (names.size() < minimum || names.size() > maximum)
        return fail(ExitUsage, minimum == maximum ? QStringLiteral("%1: --annotators takes %2 names separated by commas, not '%3'").arg(command).arg(minimum).arg(text)
                                                  : QStringLiteral("%1: --annotators takes at least %2 names separated by commas, not '%3'").arg(command).arg(minimum).arg(text));
    for (qsizetype i = 0; i < names.size(); ++i)
        if (names.indexOf(names[i], i + 1) > 0)
            return fail(ExitUsage, QStringLiteral("%1: '%2' is named twice in --annotators").arg(command, names[i]));
    return -1;
}

} // namespace

int runAssign(const QStringList &arguments)
{
    const QString command = QStringLiteral("assign");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Assign merge requests to annotators, each to at least two (AACR-Bench's double-blind rounds): to every\n"
        "annotator named, or with --per-merge-request N to N of them, balanced: each next one is the annotator\n"
        "with the fewest merge requests, then the one sharing the fewest with those already on it (so every pair\n"
        "meets), then the first named. Annotators already assigned stay and count. Blind mode (on by default once\n"
        "a workspace has several annotators) hides each annotator's judgements from the others until they have\n"
        "judged the comment too."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption annotators(QStringLiteral("annotators"), QStringLiteral("Two or more names, separated by commas."), QStringLiteral("A,B[,C]"));
    const QCommandLineOption mr(QStringLiteral("mr"), QStringLiteral("This merge request (its id in the workspace)."), QStringLiteral("ID"));
    const QCommandLineOption all(QStringLiteral("all"), QStringLiteral("Every merge request of the workspace."));
    const QCommandLineOption blind(QStringLiteral("blind"), QStringLiteral("Also set the workspace's blind mode: on or off."), QStringLiteral("on|off"));
    const QCommandLineOption perMergeRequest(QStringLiteral("per-merge-request"),
                                             QStringLiteral("Give each merge request N of the annotators (2 to their number) instead of all."), QStringLiteral("N"));
    parser.addOptions({workspace, annotators, mr, all, blind, perMergeRequest});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, QStringLiteral("assign"), {&workspace, &annotators}); missing >= 0)
        return missing;
    if (parser.isSet(mr) == parser.isSet(all))
        return fail(ExitUsage, QStringLiteral("assign: give either --mr ID or --all"));
    QStringList names;
    if (const int bad = parseAnnotators(command, parser.value(annotators), MinimumAnnotatorsPerItem, 1000, names); bad >= 0)
        return bad;
    int each = static_cast<int>(names.size());
    if (parser.isSet(perMergeRequest)) {
        bool ok = false;
        each = parser.value(perMergeRequest).toInt(&ok);
        if (!ok || each < MinimumAnnotatorsPerItem)
            return fail(ExitUsage, QStringLiteral("assign: --per-merge-request is a whole number of at least %1 (every annotator needs a second one beside "
                                                  "them), not '%2'")
                                       .arg(MinimumAnnotatorsPerItem)
                                       .arg(parser.value(perMergeRequest)));
        if (each > names.size())
            return fail(ExitUsage, QStringLiteral("assign: --per-merge-request %1 needs at least %1 names in --annotators, not %2").arg(each).arg(names.size()));
    }
    qint64 only = 0;
    if (parser.isSet(mr))
        if (const int bad = parseMr(command, parser.value(mr), only); bad >= 0)
            return bad;
    const QString blindValue = parser.value(blind);
    if (parser.isSet(blind) && blindValue != QLatin1String("on") && blindValue != QLatin1String("off"))
        return fail(ExitUsage, QStringLiteral("assign: --blind is on or off, not '%1'").arg(blindValue));

    auto store = openWorkspaceStore(parser.value(workspace));
    if (!store)
        return failIn(command, store.error());
    QList<qint64> targets;
    if (only) {
        targets << only;
    } else {
        auto entries = (*store)->mergeRequests();
        if (!entries)
            return failIn(command, entries.error());
        for (const MergeRequestEntry &e : std::as_const(*entries))
            targets << e.id;
    }
    QList<QStringList> plan;
    if (each < names.size()) {
        auto existing = (*store)->assignments();
        if (!existing)
            return failIn(command, existing.error());
        plan = planAssignments(targets, names, each, *existing);
    } else {
        plan = QList<QStringList>(targets.size(), names);
    }
    QByteArray out;
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const qint64 id = targets[i];
        if (auto done = (*store)->assign(id, plan[i]); !done)
            return failIn(command, done.error());
        auto assignments = (*store)->assignments(id);
        if (!assignments)
            return failIn(command, assignments.error());
        QStringList assigned;
        for (const Assignment &a : std::as_const(*assignments))
            assigned << a.annotator;
        out += QStringLiteral("merge request %1: %2\n").arg(id).arg(assigned.join(QStringLiteral(", "))).toUtf8();
    }
    if (parser.isSet(blind))
        if (auto done = (*store)->setTeamSetting(QStringLiteral("blind_mode"), blindValue); !done)
            return failIn(command, done.error());
    return writeOutput(command, out);
}

int runAgreement(const QStringList &arguments)
{
    const QString command = QStringLiteral("agreement");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Agreement of two or more annotators per label, overall and per merge request:\n"
        "- Krippendorff's alpha over all of them (each comment a unit; an annotator who did not judge it is a\n"
        "  missing value): nominal for verdict, category and key bug, ordinal for context level (diff < file <\n"
        "  repository), severity and the Q1/Q2 scores, with the units (comments with two or more values) and\n"
        "  values it rests on and a bootstrap interval over the merge requests (each with all its comments);\n"
        "- Cohen's kappa of every pair (verdict, category, context level, key bug, severity within ±1): percent\n"
        "  agreement, the items both judged and the confusion matrix.\n"
        "Alpha is undefined (null, with the reason) when no comment has two values or every value given is the same;\n"
        "kappa when a pair shares no item or chance agreement is 1 (both gave one and the same value)."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption annotators(QStringLiteral("annotators"), QStringLiteral("Two or more annotators, separated by commas."), QStringLiteral("A,B[,C…]"));
    const QCommandLineOption all(QStringLiteral("all"), QStringLiteral("Every annotator who gave a verdict (in the merge request of --mr, if given)."));
    const QCommandLineOption mr(QStringLiteral("mr"), QStringLiteral("Only this merge request (its id in the workspace)."), QStringLiteral("ID"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default) or md (Markdown)."), QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption bootstrap(QStringLiteral("bootstrap"),
                                       QStringLiteral("Resamples of the merge requests for alpha's 95 % interval (default %1; 0: none).").arg(stats::DefaultResamples),
                                       QStringLiteral("N"), QString::number(stats::DefaultResamples));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Seed of the bootstrap (std::mt19937_64; default %1).").arg(stats::DefaultSeed),
                                  QStringLiteral("S"), QString::number(stats::DefaultSeed));
    parser.addOptions({workspace, annotators, all, mr, format, bootstrap, seed});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (!parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("agreement: --workspace is required"));
    if (parser.isSet(annotators) == parser.isSet(all))
        return fail(ExitUsage, QStringLiteral("agreement: give either --annotators A,B[,C…] or --all"));
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("json") && outputFormat != QLatin1String("md"))
        return fail(ExitUsage, QStringLiteral("agreement: --format is json or md, not '%1'").arg(outputFormat));
    AlphaBootstrap resampling;
    bool ok = false;
    resampling.resamples = parser.value(bootstrap).toInt(&ok);
    if (!ok || resampling.resamples < 0 || resampling.resamples > 1000000)
        return fail(ExitUsage, QStringLiteral("agreement: --bootstrap is a whole number from 0 to 1000000, not '%1'").arg(parser.value(bootstrap)));
    resampling.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return fail(ExitUsage, QStringLiteral("agreement: --seed is a whole number from 0 to 18446744073709551615, not '%1'").arg(parser.value(seed)));
    QStringList names;
    if (parser.isSet(annotators))
        if (const int bad = parseAnnotators(command, parser.value(annotators), 2, 100000, names); bad >= 0)
            return bad;
    std::optional<qint64> only;
    if (const int bad = parseOnlyMr(command, parser, mr, only); bad >= 0)
        return bad;

    auto store = openWorkspaceStore(parser.value(workspace));
    if (!store)
        return failIn(command, store.error());
    auto known = (*store)->annotators();
    if (!known)
        return failIn(command, known.error());
    for (const QString &name : std::as_const(names))
        if (std::none_of(known->begin(), known->end(), [&name](const Annotator &a) { return a.name == name; }))
            return fail(ExitUsage, QStringLiteral("agreement: no annotator '%1' in this workspace").arg(name));
    if (only)
        if (auto entry = (*store)->mergeRequest(*only); !entry)
            return failIn(command, entry.error());
    auto data = readAgreementData(**store, only);
    if (!data)
        return failIn(command, data.error());
    if (parser.isSet(all)) {
        names = annotatorsWithVerdicts(data->judgements);
        if (names.size() < 2)
            return fail(ExitUsage, QStringLiteral("agreement: --all needs two annotators who gave a verdict%1; found %2%3")
                                       .arg(only ? QStringLiteral(" in merge request %1").arg(*only) : QString())
                                       .arg(names.size())
                                       .arg(names.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(names.constFirst())));
    }
    const TeamAgreementReport report = teamAgreementOf(*data, names, resampling);
    return writeOutput(command, outputFormat == QLatin1String("json") ? teamAgreementToJson(report) : teamAgreementToMarkdown(report).toUtf8());
}

int runGroups(const QStringList &arguments)
{
    const QString command = QStringLiteral("groups");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Print the candidate comments of a workspace grouped as near-duplicates: same merge request, file and\n"
        "side, line ranges that overlap or are adjacent, and issue texts whose word sets have a Jaccard\n"
        "similarity of at least the threshold. Each member is listed with its provenance."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption mr(QStringLiteral("mr"), QStringLiteral("Only this merge request (its id in the workspace)."), QStringLiteral("ID"));
    const QCommandLineOption threshold(QStringLiteral("threshold"), QStringLiteral("Text similarity from 0 to 1 (default 0.5)."), QStringLiteral("T"),
                                       QString::number(DefaultGroupThreshold));
    parser.addOptions({workspace, mr, threshold});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (!parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("groups: --workspace is required"));
    bool ok = false;
    const double t = parser.value(threshold).toDouble(&ok);
    if (!ok || t < 0 || t > 1)
        return fail(ExitUsage, QStringLiteral("groups: --threshold is a number from 0 to 1, not '%1'").arg(parser.value(threshold)));
    std::optional<qint64> only;
    if (const int bad = parseOnlyMr(command, parser, mr, only); bad >= 0)
        return bad;
    auto store = openWorkspaceStore(parser.value(workspace));
    if (!store)
        return failIn(command, store.error());
    if (only)
        if (auto entry = (*store)->mergeRequest(*only); !entry)
            return failIn(command, entry.error());
    CommentQuery query;
    query.mergeRequest = only;
    auto comments = (*store)->comments(query);
    if (!comments)
        return failIn(command, comments.error());
    QHash<qint64, StoredRun> runs;
    QHash<qint64, StoredComment> byId;
    for (const StoredComment &c : std::as_const(*comments)) {
        byId.insert(c.id, c);
        if (c.run && !runs.contains(*c.run))
            if (auto run = (*store)->run(*c.run))
                runs.insert(*c.run, *run);
    }
    QJsonArray groups;
    for (const CandidateGroup &g : groupCandidates(*comments, t)) {
        QJsonArray members;
        for (qint64 id : g.members) {
            const StoredComment &c = byId[id];
            QJsonObject m;
            m.insert(QStringLiteral("comment"), id);
            m.insert(QStringLiteral("origin"), commentOriginName(c.origin));
            m.insert(QStringLiteral("author"), c.author);
            m.insert(QStringLiteral("run"), c.run ? QJsonValue(*c.run) : QJsonValue());
            m.insert(QStringLiteral("run_label"), c.run ? QJsonValue(runs.value(*c.run).label) : QJsonValue());
            m.insert(QStringLiteral("model"), c.run ? QJsonValue(runs.value(*c.run).model) : QJsonValue());
            m.insert(QStringLiteral("line_start"), c.comment.lineStart);
            m.insert(QStringLiteral("line_end"), c.comment.lineEnd);
            m.insert(QStringLiteral("issue"), c.comment.issue);
            members.append(m);
        }
        const StoredComment &first = byId[g.id];
        QJsonObject o;
        o.insert(QStringLiteral("group"), g.id);
        o.insert(QStringLiteral("merge_request"), first.mergeRequest);
        o.insert(QStringLiteral("file"), first.comment.file);
        o.insert(QStringLiteral("side"), first.comment.side);
        o.insert(QStringLiteral("members"), members);
        groups.append(o);
    }
    QJsonObject out;
    out.insert(QStringLiteral("threshold"), t);
    out.insert(QStringLiteral("groups"), groups);
    return writeOutput(command, QJsonDocument(out).toJson(QJsonDocument::Indented));
}

} // namespace rd::cli
