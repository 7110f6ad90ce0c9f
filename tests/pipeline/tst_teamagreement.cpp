// Agreement of more than two annotators (issue 35): Krippendorff's alpha
// per label over judgements with missing ones, recomputing published worked
// examples through the labels (Krippendorff 2011 §C as severity scores:
// ordinal 0.815; Wikipedia's computational example as categories: nominal
// 0.691), Cohen's kappa of every pair beside it, the balanced assignment of
// n annotators per merge request, and both commands (`agreement --all`,
// `assign --per-merge-request`) with their bad input.

#include "RunProcess.h"
#include "SessionFixture.h"

#include <AssignmentPlan.h>
#include <SqlWorkspaceStore.h>
#include <TeamAgreement.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>

using namespace rd;

namespace {

constexpr int Missing = 0;

// Krippendorff (2011) §C: coders A–D over 12 units, values 1–5.
const QList<QList<int>> Krippendorff2011 = {{1, 2, 3, 3, 2, 1, 4, 1, 2, 0, 0, 0},
                                            {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, 0, 3},
                                            {0, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 0},
                                            {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, 0}};
// Wikipedia, "Krippendorff's alpha", a computational example: coders A–C over 15 units, values 1–4.
const QList<QList<int>> Wikipedia = {{0, 0, 0, 0, 0, 3, 4, 1, 2, 1, 1, 3, 3, 0, 3},
                                     {1, 0, 2, 1, 3, 3, 4, 3, 0, 0, 0, 0, 0, 0, 0},
                                     {0, 0, 2, 1, 3, 4, 4, 0, 2, 1, 1, 3, 3, 0, 4}};
const QStringList Coders = {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"), QStringLiteral("D")};

// An accepting judgement per coded value, for comment `comments[unit]`;
// `label` writes the value into the judgement.
QList<Judgement> judgementsOf(const QList<QList<int>> &data, const QList<qint64> &comments, const std::function<void(Judgement &, int)> &label)
{
    QList<Judgement> out;
    for (qsizetype coder = 0; coder < data.size(); ++coder)
        for (qsizetype unit = 0; unit < data[coder].size(); ++unit)
            if (data[coder][unit] != Missing) {
                Judgement j = test::verdictOf(comments[unit], Coders[coder], Verdict::Accept);
                label(j, data[coder][unit]);
                out << j;
            }
    return out;
}

void asSeverityAndNitpick(Judgement &j, int v)
{
    j.q3Severity = v;
    j.q1Nitpick = v;
    j.category = QStringLiteral("Code Defect");
}

void asCategory(Judgement &j, int v)
{
    j.category = aacrCategories()[v - 1];
}

QList<qint64> ids(qint64 first, int count)
{
    QList<qint64> out;
    for (int i = 0; i < count; ++i)
        out << first + i;
    return out;
}

const LabelAlpha &alphaOf(const QList<LabelAlpha> &labels, AlphaLabel label)
{
    return labels[alphaLabels().indexOf(label)];
}

double rounded(double x, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(x * scale) / scale;
}

} // namespace

class TeamAgreementTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static qint64 addMr(WorkspaceStore &store, const QString &head)
    {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/src/app");
        e.base = QStringLiteral("main");
        e.head = head;
        return *store.addMergeRequest(e);
    }

    // A workspace whose merge request 1 holds Krippendorff's data as
    // severity and Q1 scores and merge request 2 Wikipedia's as categories.
    QString publishedExamplesWorkspace(const QString &name)
    {
        const QString file = m_dir.filePath(name);
        auto store = SqlWorkspaceStore::open(file, SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!store)
            qFatal("%s", qPrintable(store.error().message));
        const auto commentsOf = [&](qint64 mr, int count) {
            QList<qint64> out;
            for (int i = 0; i < count; ++i)
                out << *(*store)->importComment(mr, test::commentAt(QStringLiteral("a.cpp"), i + 1, QStringLiteral("issue %1").arg(i)), QStringLiteral("f.json"));
            return out;
        };
        const qint64 mr1 = addMr(**store, QStringLiteral("one")), mr2 = addMr(**store, QStringLiteral("two"));
        const QList<Judgement> all = judgementsOf(Krippendorff2011, commentsOf(mr1, 12), asSeverityAndNitpick)
                                     + judgementsOf(Wikipedia, commentsOf(mr2, 15), asCategory);
        for (const Judgement &j : all)
            if (!(*store)->judge(j))
                qFatal("judge failed");
        return file;
    }

private Q_SLOTS:
    void severityAlphaOfKrippendorffsDataIsOrdinal0815WithMissingJudgements()
    {
        const QList<Judgement> judgements = judgementsOf(Krippendorff2011, ids(1, 12), asSeverityAndNitpick);
        QHash<qint64, qint64> mergeRequestOf;
        for (qint64 c = 1; c <= 12; ++c)
            mergeRequestOf.insert(c, c <= 6 ? 1 : 2);
        const TeamAgreementReport r = computeTeamAgreement(judgements, mergeRequestOf, annotatorsWithVerdicts(judgements));
        QCOMPARE(r.annotators, Coders);
        QCOMPARE(r.alpha.size(), alphaLabels().size());
        for (AlphaLabel ordered : {AlphaLabel::Severity, AlphaLabel::Nitpick}) {
            // Ordered scores: the ordinal metric (Krippendorff 2011 §E: 0.815 on these data).
            const LabelAlpha &a = alphaOf(r.alpha, ordered);
            QCOMPARE(a.result.metric, AlphaMetric::Ordinal);
            QVERIFY(a.result.alpha);
            QCOMPARE(rounded(*a.result.alpha, 3), 0.815);
            QCOMPARE(a.result.mergeRequests, 2); // the bootstrap resamples the two merge requests, not the 11 comments
            QCOMPARE(a.result.units, 11); // unit 12 was judged by B alone
            QCOMPARE(a.result.values, 40);
            QCOMPARE(a.annotators, 4);
            QCOMPARE(a.valueNames, (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4"), QStringLiteral("5")}));
            QVERIFY(a.result.low && a.result.high); // the default bootstrap
        }
        // Everyone accepted and nobody marked a key bug: one value, undefined. Nobody set the context or Q2: nothing to pair.
        for (AlphaLabel one : {AlphaLabel::Verdict, AlphaLabel::KeyBug, AlphaLabel::Category}) {
            const LabelAlpha &a = alphaOf(r.alpha, one);
            QVERIFY(!a.result.alpha);
            QCOMPARE(a.result.degeneracy, AlphaResult::Degeneracy::OneValue);
            QVERIFY2(a.degenerate.contains(QLatin1String("undefined")), qPrintable(a.degenerate));
        }
        QVERIFY(alphaOf(r.alpha, AlphaLabel::KeyBug).degenerate.contains(QLatin1String("(no)")));
        for (AlphaLabel none : {AlphaLabel::Context, AlphaLabel::Fake}) {
            QCOMPARE(alphaOf(r.alpha, none).result.degeneracy, AlphaResult::Degeneracy::NoPairableUnit);
            QCOMPARE(alphaOf(r.alpha, none).result.units, 0);
        }
        // Every pair's kappa beside it: A and B both judged units 1–9.
        QCOMPARE(r.pairs.size(), 6);
        QCOMPARE(r.pairs.constFirst().first, QStringLiteral("A"));
        QCOMPARE(r.pairs.constFirst().second, QStringLiteral("B"));
        QCOMPARE(r.pair(QStringLiteral("B"), QStringLiteral("A"))->overall.constFirst().items, 9);
        QCOMPARE(r.pair(QStringLiteral("C"), QStringLiteral("D"))->overall.constFirst().items, 10);
        QVERIFY(!r.pair(QStringLiteral("A"), QStringLiteral("E")));
        // Per merge request, without an interval.
        QCOMPARE(r.mergeRequests.size(), 2);
        QCOMPARE(alphaOf(r.mergeRequests[0].alpha, AlphaLabel::Severity).result.units, 6);
        QVERIFY(!alphaOf(r.mergeRequests[0].alpha, AlphaLabel::Severity).result.low);
    }

    void categoryAlphaOfWikipediasExampleIs0691()
    {
        const QList<Judgement> judgements = judgementsOf(Wikipedia, ids(1, 15), asCategory);
        QHash<qint64, qint64> mergeRequestOf;
        for (qint64 c = 1; c <= 15; ++c)
            mergeRequestOf.insert(c, 1);
        const TeamAgreementReport r = computeTeamAgreement(judgements, mergeRequestOf, {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
        const LabelAlpha &category = alphaOf(r.alpha, AlphaLabel::Category);
        QCOMPARE(category.result.metric, AlphaMetric::Nominal);
        QVERIFY(category.result.alpha);
        QCOMPARE(rounded(*category.result.alpha, 6), 0.691358);
        QCOMPARE(category.result.units, 12);
        QCOMPARE(category.result.values, 26);
        QCOMPARE(category.valueNames, aacrCategories());
    }

    void judgementsWithoutAVerdictAndOtherAnnotatorsAreNotValues()
    {
        Judgement draft; // a severity without a verdict is not a value yet
        draft.comment = 1;
        draft.annotator = QStringLiteral("C");
        draft.q3Severity = 7;
        QList<Judgement> judgements = {test::verdictOf(1, QStringLiteral("A"), Verdict::Accept), test::verdictOf(1, QStringLiteral("B"), Verdict::Reject),
                                       test::verdictOf(1, QStringLiteral("Z"), Verdict::Reject), draft};
        judgements[0].q3Severity = 2;
        judgements[1].q3Severity = 3;
        const TeamAgreementReport r = computeTeamAgreement(judgements, {{1, 1}}, {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
        const LabelAlpha &severity = alphaOf(r.alpha, AlphaLabel::Severity);
        QCOMPARE(severity.result.values, 2);
        QCOMPARE(severity.annotators, 2);
        QCOMPARE(alphaOf(r.alpha, AlphaLabel::Verdict).result.values, 2); // Z is not among the annotators
        QCOMPARE(annotatorsWithVerdicts(judgements), (QStringList{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("Z")}));
    }

    void contextLevelIsOrdinalInItsOrderDiffFileRepository()
    {
        // Three annotators' context levels over six comments; coded in the
        // order diff < file < repository (0, 1, 2), alpha is the ordinal one
        // of those codes, which differs from the nominal one.
        const QList<QList<ContextLevel>> levels = {{ContextLevel::Diff, ContextLevel::Diff, ContextLevel::File},
                                                   {ContextLevel::File, ContextLevel::File, ContextLevel::Repo},
                                                   {ContextLevel::Repo, ContextLevel::Repo, ContextLevel::Repo},
                                                   {ContextLevel::Diff, ContextLevel::File, ContextLevel::File},
                                                   {ContextLevel::Diff, ContextLevel::Diff, ContextLevel::Diff},
                                                   {ContextLevel::Repo, ContextLevel::File, ContextLevel::Repo}};
        const QList<ContextLevel> order = {ContextLevel::Diff, ContextLevel::File, ContextLevel::Repo};
        QList<Judgement> judgements;
        QList<AlphaUnit> codes;
        QHash<qint64, qint64> mergeRequestOf;
        for (qsizetype c = 0; c < levels.size(); ++c) {
            AlphaUnit unit;
            for (qsizetype coder = 0; coder < 3; ++coder) {
                Judgement j = test::verdictOf(c + 1, Coders[coder], Verdict::Accept);
                j.context = levels[c][coder];
                judgements << j;
                unit << double(order.indexOf(levels[c][coder]));
            }
            codes << unit;
            mergeRequestOf.insert(c + 1, c / 2 + 1);
        }
        const TeamAgreementReport r = computeTeamAgreement(judgements, mergeRequestOf, Coders.mid(0, 3), AlphaBootstrap(0));
        const LabelAlpha &context = alphaOf(r.alpha, AlphaLabel::Context);
        QCOMPARE(context.result.metric, AlphaMetric::Ordinal);
        QCOMPARE(context.valueNames, (QStringList{contextLevelName(ContextLevel::Diff), contextLevelName(ContextLevel::File), contextLevelName(ContextLevel::Repo)}));
        const auto ordinal = krippendorffAlpha(codes, AlphaMetric::Ordinal).alpha, nominal = krippendorffAlpha(codes, AlphaMetric::Nominal).alpha;
        QVERIFY(context.result.alpha && ordinal && nominal);
        QVERIFY(std::abs(*ordinal - *nominal) > 0.01);
        QVERIFY2(std::abs(*context.result.alpha - *ordinal) < 1e-12, qPrintable(QStringLiteral("%1, ordinal %2").arg(*context.result.alpha).arg(*ordinal)));
        const QJsonObject o = QJsonDocument::fromJson(teamAgreementToJson(r)).object().value(QStringLiteral("alpha")).toObject().value(QStringLiteral("overall")).toObject();
        for (const char *ordered : {"severity", "context", "q1_nitpick", "q2_fake"})
            QCOMPARE(o.value(QLatin1String(ordered)).toObject().value(QStringLiteral("metric")).toString(), QStringLiteral("ordinal"));
        for (const char *named : {"verdict", "category", "key_bug"})
            QCOMPARE(o.value(QLatin1String(named)).toObject().value(QStringLiteral("metric")).toString(), QStringLiteral("nominal"));
        QVERIFY(teamAgreementToMarkdown(r).contains(QLatin1String("| context | ordinal | ")));
    }

    void reportPrintsAlphaAndEveryPairAsJsonAndMarkdown()
    {
        const QList<Judgement> judgements = judgementsOf(Krippendorff2011, ids(1, 12), asSeverityAndNitpick);
        QHash<qint64, qint64> mergeRequestOf;
        for (qint64 c = 1; c <= 12; ++c)
            mergeRequestOf.insert(c, 1);
        const TeamAgreementReport r = computeTeamAgreement(judgements, mergeRequestOf, Coders, {200, 5});
        const QJsonObject o = QJsonDocument::fromJson(teamAgreementToJson(r)).object();
        QCOMPARE(o.value(QStringLiteral("annotators")).toArray().size(), 4);
        const QJsonObject severity = o.value(QStringLiteral("alpha")).toObject().value(QStringLiteral("overall")).toObject().value(QStringLiteral("severity")).toObject();
        QCOMPARE(severity.value(QStringLiteral("metric")).toString(), QStringLiteral("ordinal"));
        QCOMPARE(rounded(severity.value(QStringLiteral("alpha")).toDouble(), 3), 0.815);
        QCOMPARE(severity.value(QStringLiteral("units")).toInt(), 11);
        QCOMPARE(severity.value(QStringLiteral("values")).toInt(), 40);
        QCOMPARE(severity.value(QStringLiteral("resamples")).toInt(), 200);
        QCOMPARE(severity.value(QStringLiteral("merge_requests")).toInt(), 1);
        // All the comments in one merge request: every resample of the merge
        // requests is the data again, so the interval is the point (resampling
        // the comments one by one pretended to know more).
        QCOMPARE(severity.value(QStringLiteral("low")).toDouble(), severity.value(QStringLiteral("alpha")).toDouble());
        QCOMPARE(severity.value(QStringLiteral("high")).toDouble(), severity.value(QStringLiteral("alpha")).toDouble());
        QCOMPARE(severity.value(QStringLiteral("value_counts")).toObject().value(QStringLiteral("2")).toInt(), 13);
        QVERIFY(severity.value(QStringLiteral("degenerate")).isNull());
        const QJsonObject verdict = o.value(QStringLiteral("alpha")).toObject().value(QStringLiteral("overall")).toObject().value(QStringLiteral("verdict")).toObject();
        QVERIFY(verdict.value(QStringLiteral("alpha")).isNull());
        QVERIFY(verdict.value(QStringLiteral("degenerate")).toString().contains(QLatin1String("accept")));
        const QJsonArray pairs = o.value(QStringLiteral("pairs")).toArray();
        QCOMPARE(pairs.size(), 6);
        QCOMPARE(pairs[5].toObject().value(QStringLiteral("annotators")).toArray(), (QJsonArray{QStringLiteral("C"), QStringLiteral("D")}));
        QCOMPARE(pairs[0].toObject().value(QStringLiteral("overall")).toObject().value(QStringLiteral("verdict")).toObject().value(QStringLiteral("items")).toInt(), 9);

        const QString md = teamAgreementToMarkdown(r);
        QVERIFY2(md.startsWith(QLatin1String("# Agreement: A, B, C and D\n")), qPrintable(md));
        QVERIFY2(md.contains(QLatin1String("| severity | ordinal | 0.815 |")), qPrintable(md));
        QVERIFY2(md.contains(QLatin1String("over 200 resamples of the merge requests, each drawn with all its comments (1 merge request), seed 5.")), qPrintable(md));
        QCOMPARE(o.value(QStringLiteral("alpha")).toObject().value(QStringLiteral("bootstrap")).toObject().value(QStringLiteral("unit")).toString(), QStringLiteral("merge request"));
        QVERIFY(md.contains(QLatin1String("| 11 | 40 | 4 |")));
        QVERIFY(md.contains(QLatin1String("| A and B | ")));
        QVERIFY(md.contains(QLatin1String("## Agreement: C and D\n")));
    }

    // --- assignment of n annotators per merge request ----------------------
    void planGivesEachMergeRequestNAnnotatorsBalancedSoEveryPairMeets()
    {
        const QStringList team = {QStringLiteral("ada"), QStringLiteral("bob"), QStringLiteral("cy"), QStringLiteral("dan")};
        const QList<QStringList> plan = planAssignments({1, 2, 3, 4, 5, 6}, team, 2, {});
        const auto pair = [](const char *a, const char *b) { return QStringList{QString::fromLatin1(a), QString::fromLatin1(b)}; };
        QCOMPARE(plan, (QList<QStringList>{pair("ada", "bob"), pair("cy", "dan"), pair("ada", "cy"), pair("bob", "dan"), pair("ada", "dan"), pair("bob", "cy")}));
        QCOMPARE(planAssignments({1, 2, 3, 4, 5, 6}, team, 2, {}), plan); // deterministic

        // Those already assigned stay and count, towards the merge request and the load.
        QList<Assignment> existing = {{1, QStringLiteral("cy"), {}}, {2, QStringLiteral("cy"), {}}, {2, QStringLiteral("outsider"), {}}};
        const QList<QStringList> more = planAssignments({1, 2, 3}, team, 2, existing);
        QCOMPARE(more[0], QStringList{QStringLiteral("ada")});
        QCOMPARE(more[1], QStringList{QStringLiteral("bob")}); // the outsider is not of the team: cy needs a second
        QCOMPARE(more[2], pair("dan", "ada"));                 // dan has none yet; then the fewest
        QVERIFY(planAssignments({1}, team, 1, {{1, QStringLiteral("bob"), {}}}).constFirst().isEmpty());
    }

    void cliAssignsEachMergeRequestToNAnnotators()
    {
        const QString file = m_dir.filePath(QStringLiteral("assign-n.rdw"));
        {
            auto store = SqlWorkspaceStore::open(file, SqlWorkspaceStore::Mode::CreateIfMissing);
            QVERIFY(store);
            for (int i = 1; i <= 6; ++i)
                addMr(**store, QStringLiteral("mr%1").arg(i));
        }
        const QStringList assign = {QStringLiteral("assign"), QStringLiteral("--workspace"), file, QStringLiteral("--all"), QStringLiteral("--annotators"),
                                    QStringLiteral("ada,bob,cy,dan"), QStringLiteral("--per-merge-request")};
        const QByteArray expected = "merge request 1: ada, bob\nmerge request 2: cy, dan\nmerge request 3: ada, cy\n"
                                    "merge request 4: bob, dan\nmerge request 5: ada, dan\nmerge request 6: bob, cy\n";
        auto out = test::runCli(assign + QStringList{QStringLiteral("2")});
        QCOMPARE(out.exitCode, 0);
        QCOMPARE(out.out, expected);
        out = test::runCli(assign + QStringList{QStringLiteral("2")}); // again: nothing to add
        QCOMPARE(out.out, expected);
        out = test::runCli({QStringLiteral("assign"), QStringLiteral("--workspace"), file, QStringLiteral("--mr"), QStringLiteral("1"), QStringLiteral("--annotators"),
                            QStringLiteral("ada,bob,cy,dan"), QStringLiteral("--per-merge-request"), QStringLiteral("3")});
        QCOMPARE(out.exitCode, 0);
        QCOMPARE(out.out, QByteArray("merge request 1: ada, bob, cy\n"));
        for (const QString &bad : {QStringLiteral("1"), QStringLiteral("5"), QStringLiteral("two"), QStringLiteral("-2")}) {
            out = test::runCli(assign + QStringList{bad});
            QVERIFY2(out.exitCode == 2, qPrintable(bad));
            QVERIFY2(out.err.startsWith("reviewdesk-cli: assign: --per-merge-request"), out.err.constData());
        }
        auto store = SqlWorkspaceStore::open(file);
        QCOMPARE((*store)->assignments()->size(), 13);
    }

    // --- the agreement command -----------------------------------------------
    void cliAlphaOfAllAnnotatorsRecomputesThePublishedExamples()
    {
        const QString file = publishedExamplesWorkspace(QStringLiteral("published.rdw"));
        const QStringList agreement = {QStringLiteral("agreement"), QStringLiteral("--workspace"), file};
        auto out = test::runCli(agreement + QStringList{QStringLiteral("--all"), QStringLiteral("--mr"), QStringLiteral("1")});
        QVERIFY2(out.exitCode == 0, out.err.constData());
        QJsonObject o = QJsonDocument::fromJson(out.out).object();
        QCOMPARE(o.value(QStringLiteral("annotators")).toArray().size(), 4);
        QJsonObject alpha = o.value(QStringLiteral("alpha")).toObject().value(QStringLiteral("overall")).toObject();
        QCOMPARE(rounded(alpha.value(QStringLiteral("severity")).toObject().value(QStringLiteral("alpha")).toDouble(), 3), 0.815);
        QCOMPARE(rounded(alpha.value(QStringLiteral("q1_nitpick")).toObject().value(QStringLiteral("alpha")).toDouble(), 3), 0.815);
        QCOMPARE(alpha.value(QStringLiteral("severity")).toObject().value(QStringLiteral("resamples")).toInt(), stats::DefaultResamples);
        QCOMPARE(o.value(QStringLiteral("alpha")).toObject().value(QStringLiteral("bootstrap")).toObject().value(QStringLiteral("seed")).toString(), QStringLiteral("1"));
        QCOMPARE(o.value(QStringLiteral("pairs")).toArray().size(), 6);

        out = test::runCli(agreement + QStringList{QStringLiteral("--all"), QStringLiteral("--mr"), QStringLiteral("2")});
        o = QJsonDocument::fromJson(out.out).object();
        QCOMPARE(o.value(QStringLiteral("annotators")).toArray(), (QJsonArray{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")}));
        alpha = o.value(QStringLiteral("alpha")).toObject().value(QStringLiteral("overall")).toObject();
        QCOMPARE(rounded(alpha.value(QStringLiteral("category")).toObject().value(QStringLiteral("alpha")).toDouble(), 3), 0.691);
        QCOMPARE(alpha.value(QStringLiteral("category")).toObject().value(QStringLiteral("units")).toInt(), 12);

        // Named annotators; the same seed prints the same figures; Markdown.
        const QStringList three = agreement + QStringList{QStringLiteral("--annotators"), QStringLiteral("A,B,C"), QStringLiteral("--mr"), QStringLiteral("1")};
        out = test::runCli(three);
        QCOMPARE(QJsonDocument::fromJson(out.out).object().value(QStringLiteral("pairs")).toArray().size(), 3);
        QCOMPARE(test::runCli(three).out, out.out);
        out = test::runCli(three + QStringList{QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY(out.out.startsWith("# Agreement: A, B and C\n"));
        QVERIFY(out.out.contains("| severity | ordinal | "));
        // Seeds are 64-bit, printed whole (a JSON string: a double holds 53 bits).
        out = test::runCli(three + QStringList{QStringLiteral("--seed"), QStringLiteral("18446744073709551615")});
        QVERIFY2(out.exitCode == 0, out.err.constData());
        QCOMPARE(QJsonDocument::fromJson(out.out).object().value(QStringLiteral("alpha")).toObject().value(QStringLiteral("bootstrap")).toObject().value(QStringLiteral("seed")).toString(),
                 QStringLiteral("18446744073709551615"));
    }

    void cliAgreementRefusesBadInput()
    {
        const QString file = publishedExamplesWorkspace(QStringLiteral("bad.rdw"));
        const QStringList agreement = {QStringLiteral("agreement"), QStringLiteral("--workspace"), file};
        const QList<QStringList> bad = {
            {},                                                                                              // neither --annotators nor --all
            {QStringLiteral("--all"), QStringLiteral("--annotators"), QStringLiteral("A,B")},               // both
            {QStringLiteral("--annotators"), QStringLiteral("A")},                                          // one
            {QStringLiteral("--annotators"), QStringLiteral("A,B,A")},                                      // repeated
            {QStringLiteral("--annotators"), QStringLiteral("A,B,Q")},                                      // unknown
            {QStringLiteral("--all"), QStringLiteral("--bootstrap"), QStringLiteral("-1")},
            {QStringLiteral("--all"), QStringLiteral("--bootstrap"), QStringLiteral("many")},
            {QStringLiteral("--all"), QStringLiteral("--seed"), QStringLiteral("-3")},
        };
        for (const QStringList &args : bad) {
            const auto out = test::runCli(agreement + args);
            QVERIFY2(out.exitCode == 2, qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY2(out.err.startsWith("reviewdesk-cli: agreement: "), out.err.constData());
        }
        // --all where fewer than two annotators gave a verdict.
        {
            auto store = SqlWorkspaceStore::open(file);
            const qint64 lonely = addMr(**store, QStringLiteral("lonely"));
            const qint64 c = *(*store)->importComment(lonely, test::commentAt(QStringLiteral("b.cpp"), 1, QStringLiteral("leak")), QStringLiteral("g.json"));
            QVERIFY((*store)->judge(test::verdictOf(c, QStringLiteral("A"), Verdict::Reject)));
        }
        const auto out = test::runCli(agreement + QStringList{QStringLiteral("--all"), QStringLiteral("--mr"), QStringLiteral("3")});
        QCOMPARE(out.exitCode, 2);
        QVERIFY2(out.err.contains("needs two annotators who gave a verdict in merge request 3; found 1 (A)"), out.err.constData());
    }
};

QTEST_GUILESS_MAIN(TeamAgreementTest)
#include "tst_teamagreement.moc"
