// A judge evaluated against people's labels (JudgeEvaluation.h): the items,
// the figures against hand-computed values, repeats and flips, and the job
// against a scripted fake judge.

#include <FakeLlmServer.h>
#include <ScriptedJudge.h>
#include <JudgeEvaluationJob.h>
#include <SessionFixture.h>
#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace rd;

namespace {

JudgeItem item(qint64 id, bool accepted, QList<std::optional<bool>> verdicts, const QString &category = {})
{
    JudgeItem i;
    i.comment = id;
    i.humanAccepted = accepted;
    i.category = category;
    for (const auto &v : verdicts) {
        JudgeItem::Answer a;
        a.valid = v;
        if (v)
            a.score = *v ? 7 : 0;
        i.answers << a;
    }
    return i;
}

// In the background: the fake server answers on this thread, so the test waits for the job's signal.
const JudgeEvaluationOutcome &finish(JudgeEvaluationJob &job)
{
    QSignalSpy finished(&job, &JudgeEvaluationJob::finished);
    job.start();
    if (job.isRunning() && !finished.wait(60000))
        qFatal("the judge evaluation did not finish");
    return job.outcome();
}

} // namespace

class TestJudgeEval : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void accuracyKappaAndCalibrationEqualHandComputedValues();
    void aJudgeAnsweringDifferentlyOnRepeatsGivesItsFlipRate();
    void flipRateOfAnItemIsTheShareAgainstItsMajority();
    void balancedSampleKeepsNPerClassTheSameForOneSeed();
    void aSmallerClassThanAskedIsSaid();
    void unsureAndUnjudgedCommentsAreNoItems();
    void thumbsOutweighTheSameAnnotatorsVerdict();
    void anUnreadableAnswerIsCountedApartAndNamed();
    void kappaOfAJudgeAndPeopleGivingOneLabelIsUndefinedWithTheReason();
    void aJudgeAnsweringMinusOneForInvalidCommentsAnswersEveryItem();
    void balancedAccuracyIsTheMeanOfTheTwoClassesRecalls();
    void anAnnotatorWhoJudgedNothingIsRefused();
    void theWorkspaceIsReadByTheEvaluationNotByPrepare();
    void jsonHasTheIssuesTopLevelKeys();
    void aStoredEvaluationIsReplayedWithoutAskingTheJudge();
    void anEvaluationStartedAgainAsksOnlyWhatTheCacheLacks();
    void theAacrSemanticJudgeCallsACommentValidWhenItSaysWhatAReferenceSays();
    void theAacrSemanticJudgeWithoutReferencesSaysSo();
    void anotherJudgeIsAskedAboutTheSameItemsAsAStoredEvaluation();

private:
    Result<bool> prepare(JudgeEvaluationJob &job, const test::FakeLlmServer &server, int repeats = 1, int balanced = 0, JudgeEvaluationRequest request = {});

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<WorkspaceStore> m_store;
    QHash<QString, qint64> m_ids; // by issue text
};

void TestJudgeEval::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    m_store = std::move(*store);
    m_ids = test::addScriptedComments(*m_store);
    QCOMPARE(m_ids.size(), 8);
}

Result<bool> TestJudgeEval::prepare(JudgeEvaluationJob &job, const test::FakeLlmServer &server, int repeats, int balanced, JudgeEvaluationRequest request)
{
    request.configPath = m_dir->filePath(QStringLiteral("judge.json"));
    if (!test::writeJudgeConfig(request.configPath, server.endpoint()))
        return Error{Error::Kind::Internal, QStringLiteral("cannot write the configuration")};
    request.labels.annotator = QStringLiteral("ann");
    request.repeats = repeats;
    request.balanced = balanced;
    request.seed = 7;
    if (request.workspace.isEmpty())
        request.workspace = m_store->location();
    return job.prepare(request);
}

void TestJudgeEval::accuracyKappaAndCalibrationEqualHandComputedValues()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r); });
    JudgeEvaluationJob job;
    const auto ready = prepare(job, server);
    QVERIFY2(ready, ready ? "" : qPrintable(ready.error().message));
    const JudgeEvaluationOutcome &out = finish(job);
    QVERIFY(out.errors.isEmpty());
    QCOMPARE(server.requests().size(), 6);
    const JudgeMetrics &m = out.metrics;
    QCOMPARE(m.items, 6);
    QCOMPARE(m.perRepeat.size(), 1);
    QCOMPARE(m.perRepeat[0].correct, 4);
    QVERIFY(qFuzzyCompare(*m.accuracy, 4.0 / 6.0));
    QVERIFY(m.kappa);
    QVERIFY(qFuzzyCompare(*m.kappa, 1.0 / 3.0));
    QCOMPARE(m.judgeValidPeopleRejected, QList<qint64>{m_ids.value(QStringLiteral("issue four"))});
    QCOMPARE(m.judgeInvalidPeopleAccepted, QList<qint64>{m_ids.value(QStringLiteral("issue three"))});
    // Per category: Logic one, two right, three, four wrong; Style both right.
    QCOMPARE(m.perCategory.size(), 2);
    QCOMPARE(m.perCategory[0].first, QStringLiteral("Logic"));
    QCOMPARE(m.perCategory[0].second.items, 4);
    QCOMPARE(m.perCategory[0].second.correct, 2);
    QCOMPARE(m.perCategory[1].second.correct, 2);
    // Calibration: score 0 three answers (three accepted; five, six rejected), 6 one rejected, 7 and 8 accepted.
    QCOMPARE(m.calibration.size(), 4);
    QCOMPARE(m.calibration[0].score, 0);
    QCOMPARE(m.calibration[0].answers, 3);
    QCOMPARE(m.calibration[0].accepted, 1);
    QCOMPARE(m.calibration[1].score, 6);
    QCOMPARE(m.calibration[1].accepted, 0);
    QCOMPARE(m.calibration[3].score, 8);
    QCOMPARE(m.calibration[3].accepted, 1);
    QCOMPARE(*m.flipRate, 0.0);
    QCOMPARE(out.settings.judgeModel, QStringLiteral("the-judge"));
    QCOMPARE(out.settings.temperature, 0.7);
}

void TestJudgeEval::aJudgeAnsweringDifferentlyOnRepeatsGivesItsFlipRate()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r, 8); });
    JudgeEvaluationJob job;
    QVERIFY(prepare(job, server, 3));
    const JudgeEvaluationOutcome &out = finish(job);
    // Every item asked three times, with seeds 7, 8, 9.
    QCOMPARE(server.requests().size(), 18);
    QMap<int, int> seeds;
    for (const auto &r : server.requests())
        ++seeds[test::seedOf(r)];
    QCOMPARE(seeds, (QMap<int, int>{{7, 6}, {8, 6}, {9, 6}}));
    const JudgeMetrics &m = out.metrics;
    // Only "issue one" flips (on seed 8): one item of six.
    QVERIFY(qFuzzyCompare(*m.flipRate, 1.0 / 6.0));
    // Repeats: 4/6, 3/6, 4/6; mean 11/18, spread 1/6.
    QCOMPARE(m.perRepeat[1].correct, 3);
    QVERIFY(qFuzzyCompare(*m.accuracy, 11.0 / 18.0));
    QVERIFY(qFuzzyCompare(*m.accuracySpread, 1.0 / 6.0));
    const auto one = std::find_if(out.sample.items.cbegin(), out.sample.items.cend(), [&](const JudgeItem &i) { return i.comment == m_ids.value(QStringLiteral("issue one")); });
    QVERIFY(one->flipped());
    QVERIFY(qFuzzyCompare(one->flipRate(), 1.0 / 3.0));
    // Its majority is still "valid": no disagreement with the people who accepted it.
    QVERIFY(!m.judgeInvalidPeopleAccepted.contains(one->comment));
}

void TestJudgeEval::flipRateOfAnItemIsTheShareAgainstItsMajority()
{
    const JudgeItem fourOne = item(1, true, {true, true, false, true});
    QCOMPARE(fourOne.flipRate(), 0.25);
    const JudgeItem tie = item(2, true, {true, false});
    QCOMPARE(tie.flipRate(), 0.5);
    const JudgeItem stableWithGap = item(3, false, {false, std::nullopt, false});
    QVERIFY(!stableWithGap.flipped());
    const JudgeMetrics m = judgeMetrics({fourOne, tie, stableWithGap});
    QVERIFY(qFuzzyCompare(*m.flipRate, 2.0 / 3.0));
    QCOMPARE(m.unanswered, 1);
}

void TestJudgeEval::balancedSampleKeepsNPerClassTheSameForOneSeed()
{
    auto data = loadExportData(*m_store);
    QVERIFY(data);
    const JudgeLabelSource ann{QStringLiteral("ann")};
    const JudgeSample a = sampleJudgeItems(*data, ann, 2, 11);
    QCOMPARE(a.positives, 2);
    QCOMPARE(a.negatives, 2);
    QCOMPARE(a.items.size(), 4);
    QVERIFY(a.shortBy.isEmpty());
    const JudgeSample again = sampleJudgeItems(*data, ann, 2, 11);
    QList<qint64> first, second;
    for (const JudgeItem &i : a.items)
        first << i.comment;
    for (const JudgeItem &i : again.items)
        second << i.comment;
    QCOMPARE(second, first);
    // Over seeds, every accepted comment is drawn at some point: a shuffle, not the first two.
    QSet<qint64> drawn;
    for (quint32 seed = 0; seed < 40; ++seed)
        for (const JudgeItem &i : sampleJudgeItems(*data, ann, 1, seed).items)
            if (i.humanAccepted)
                drawn.insert(i.comment);
    QCOMPARE(drawn.size(), 3);
}

void TestJudgeEval::aSmallerClassThanAskedIsSaid()
{
    auto data = loadExportData(*m_store);
    QVERIFY(data);
    const JudgeSample s = sampleJudgeItems(*data, {QStringLiteral("ann")}, 4, 1);
    QCOMPARE(s.items.size(), 6);
    QCOMPARE(s.shortBy, QStringLiteral("accepted: 3 of 4, rejected: 3 of 4"));
}

void TestJudgeEval::unsureAndUnjudgedCommentsAreNoItems()
{
    auto data = loadExportData(*m_store);
    QVERIFY(data);
    const JudgeSample s = sampleJudgeItems(*data, {QStringLiteral("ann")}, 0, 1);
    QCOMPARE(s.items.size(), 6);
    for (const JudgeItem &i : s.items) {
        QVERIFY(i.comment != m_ids.value(QStringLiteral("issue unsure")));
        QVERIFY(i.comment != m_ids.value(QStringLiteral("issue unjudged")));
    }
    // The team's final label: one annotator's is final; two who disagree have none until adjudicated.
    QCOMPARE(sampleJudgeItems(*data, {}, 0, 1).items.size(), 6);
    QVERIFY(m_store->judge(test::verdictOf(m_ids.value(QStringLiteral("issue one")), QStringLiteral("bob"), Verdict::Reject)));
    data = loadExportData(*m_store);
    QVERIFY(data);
    const JudgeSample final = sampleJudgeItems(*data, {}, 0, 1);
    QCOMPARE(final.items.size(), 5);
    QVERIFY(std::none_of(final.items.cbegin(), final.items.cend(), [&](const JudgeItem &i) { return i.comment == m_ids.value(QStringLiteral("issue one")); }));
}

void TestJudgeEval::thumbsOutweighTheSameAnnotatorsVerdict()
{
    Judgement j = test::verdictOf(m_ids.value(QStringLiteral("issue four")), QStringLiteral("ann"), Verdict::Reject);
    j.thumbs = Thumbs::Up;
    const auto stored = m_store->judgement(j.comment, j.annotator);
    QVERIFY(stored && *stored);
    j.version = (*stored)->version;
    QVERIFY(m_store->judge(j));
    auto data = loadExportData(*m_store);
    QVERIFY(data);
    const StoredComment *four = nullptr;
    for (const StoredComment &c : data->comments)
        if (c.id == j.comment)
            four = &c;
    QCOMPARE(humanLabel(*data, *four, {QStringLiteral("ann")}), std::optional<bool>(true));
}

void TestJudgeEval::anUnreadableAnswerIsCountedApartAndNamed()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r, -1, "issue four"); });
    JudgeEvaluationJob job;
    QVERIFY(prepare(job, server));
    const JudgeEvaluationOutcome &out = finish(job);
    QCOMPARE(out.metrics.unanswered, 1);
    QCOMPARE(out.errors.size(), 1);
    QVERIFY2(out.errors.first().contains(QStringLiteral("comment %1").arg(m_ids.value(QStringLiteral("issue four")))), qPrintable(out.errors.first()));
    // The other five: all right but three.
    QCOMPARE(out.metrics.perRepeat[0].items, 5);
    QCOMPARE(out.metrics.perRepeat[0].correct, 4);
}

void TestJudgeEval::kappaOfAJudgeAndPeopleGivingOneLabelIsUndefinedWithTheReason()
{
    const JudgeMetrics m = judgeMetrics({item(1, true, {true}), item(2, true, {true})});
    QCOMPARE(*m.accuracy, 1.0);
    QVERIFY(!m.kappa);
    QVERIFY2(m.kappaUndefined.contains(QStringLiteral("same label (valid)")), qPrintable(m.kappaUndefined));
}

// CQS App. C's trained judge answers −1 for an invalid comment. A judge
// answering −1 for every comment people rejected and 10 for every one they
// accepted is right on every item: all six are answered (once three were
// "unanswered", accuracy 1.0 over three and kappa undefined).
void TestJudgeEval::aJudgeAnsweringMinusOneForInvalidCommentsAnswersEveryItem()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        for (const test::ScriptedJudgement &s : test::scriptedJudgements)
            if (r.body.contains(QByteArray(QByteArray(s.issue) + '\\')) || r.body.contains(QByteArray(QByteArray(s.issue) + '"')))
                return test::FakeLlmServer::completion(s.people == Verdict::Accept ? QStringLiteral(R"({"score":10,"reason":"a real defect"})")
                                                                                   : QStringLiteral(R"({"score":-1,"reason":"not a problem"})"));
        return test::FakeLlmServer::status(500, "{\"error\":\"unknown comment\"}");
    });
    JudgeEvaluationJob job;
    QVERIFY(prepare(job, server));
    const JudgeEvaluationOutcome &out = finish(job);
    QVERIFY2(out.errors.isEmpty(), qPrintable(out.errors.join(QLatin1Char('\n'))));
    const JudgeMetrics &m = out.metrics;
    QCOMPARE(m.unanswered, 0);
    QCOMPARE(m.perRepeat[0].items, 6);
    QCOMPARE(m.perRepeat[0].correct, 6);
    QCOMPARE(m.accuracy, std::optional<double>(1.0));
    QCOMPARE(m.balancedAccuracy, std::optional<double>(1.0));
    QVERIFY2(m.kappa, qPrintable(m.kappaUndefined));
    QCOMPARE(*m.kappa, 1.0);
    // Calibration: −1 three answers, none accepted; 10 three, all accepted.
    QCOMPARE(m.calibration.size(), 2);
    QCOMPARE(m.calibration[0].score, -1);
    QCOMPARE(m.calibration[0].answers, 3);
    QCOMPARE(m.calibration[0].accepted, 0);
    QCOMPARE(m.calibration[1].score, 10);
    QCOMPARE(m.calibration[1].accepted, 3);
    // The report keeps the judge's own −1.
    const QJsonObject json = QJsonDocument::fromJson(judgeEvaluationJson(out.settings, out.sample, m)).object();
    int minusOnes = 0;
    for (const QJsonValue &item : json.value(QStringLiteral("items")).toArray())
        for (const QJsonValue &a : item.toObject().value(QStringLiteral("answers")).toArray())
            if (a.toObject().value(QStringLiteral("score")).toInt(99) == -1) {
                ++minusOnes;
                QCOMPARE(a.toObject().value(QStringLiteral("valid")).toBool(true), false);
            }
    QCOMPARE(minusOnes, 3);
}

// Balanced accuracy: the mean of the judge's recall on the comments people
// accepted and on those they rejected, per repeat, then over the repeats
// (as accuracy is). Four accepted, all called valid; one rejected, also
// called valid: accuracy 4/5, balanced accuracy (4/4 + 0/1) / 2 = 1/2.
void TestJudgeEval::balancedAccuracyIsTheMeanOfTheTwoClassesRecalls()
{
    const QList<JudgeItem> items{item(1, true, {true}), item(2, true, {true}), item(3, true, {true}), item(4, true, {true}), item(5, false, {true})};
    const JudgeMetrics m = judgeMetrics(items);
    QCOMPARE(m.accuracy, std::optional<double>(0.8));
    QCOMPARE(m.balancedAccuracy, std::optional<double>(0.5));
    // Two repeats: the second calls the rejected one invalid (balanced 1): the mean is 3/4.
    QList<JudgeItem> twice = items;
    for (JudgeItem &i : twice)
        i.answers << JudgeItem::Answer{1, i.humanAccepted, i.humanAccepted ? 7 : 0, {}, {}};
    QCOMPARE(judgeMetrics(twice).balancedAccuracy, std::optional<double>(0.75));
    // People of one class only: the mean over the class there is.
    QCOMPARE(judgeMetrics({item(1, true, {true}), item(2, true, {false})}).balancedAccuracy, std::optional<double>(0.5));
    QVERIFY(!judgeMetrics({item(1, true, {std::nullopt})}).balancedAccuracy);
    // Written beside accuracy in the JSON and the Markdown.
    JudgeSample sample;
    sample.items = items;
    sample.positives = 4;
    sample.negatives = 1;
    const QJsonObject json = QJsonDocument::fromJson(judgeEvaluationJson({}, sample, m)).object();
    QCOMPARE(json.value(QStringLiteral("balanced_accuracy")).toDouble(), 0.5);
    QCOMPARE(json.value(QStringLiteral("accuracy_per_repeat")).toArray().first().toObject().value(QStringLiteral("balanced_accuracy")).toDouble(), 0.5);
    const QString md = QString::fromUtf8(judgeEvaluationMarkdown({}, sample, m));
    QVERIFY2(md.contains(QStringLiteral("| balanced accuracy (mean of the two classes' recalls, mean over repeats) | 50.0 % |")), qPrintable(md));
}

void TestJudgeEval::anAnnotatorWhoJudgedNothingIsRefused()
{
    test::FakeLlmServer server;
    JudgeEvaluationJob job;
    const QString config = m_dir->filePath(QStringLiteral("judge.json"));
    QVERIFY(prepare(job, server)); // writes the configuration
    JudgeEvaluationRequest request;
    request.configPath = config;
    request.workspace = m_store->location();
    request.labels.annotator = QStringLiteral("nobody");
    QVERIFY(job.prepare(request)); // the workspace is read by the evaluation, on its thread
    const JudgeEvaluationOutcome &refused = finish(job);
    QVERIFY(refused.error);
    QCOMPARE(refused.error->message, QStringLiteral("nobody has judged nothing in this workspace"));
    QCOMPARE(server.requests().size(), 0);
}

// Review ▸ Evaluate Judge… on a large workspace: prepare() (on the GUI
// thread) reads none of it; the evaluation does, on its worker.
void TestJudgeEval::theWorkspaceIsReadByTheEvaluationNotByPrepare()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r); });
    JudgeEvaluationRequest elsewhere;
    elsewhere.workspace = m_dir->filePath(QStringLiteral("not-there.rdw"));
    JudgeEvaluationJob missing;
    QVERIFY(prepare(missing, server, 1, 0, elsewhere));
    const JudgeEvaluationOutcome &unread = finish(missing);
    QVERIFY(unread.error);
    QCOMPARE(server.requests().size(), 0);

    JudgeEvaluationJob job;
    QVERIFY(prepare(job, server));
    QThread *chosenOn = nullptr;
    connect(&job, &JudgeEvaluationJob::sampled, this, [&chosenOn] { chosenOn = QThread::currentThread(); }, Qt::DirectConnection);
    const JudgeEvaluationOutcome &out = finish(job);
    QVERIFY(!out.error);
    QCOMPARE(out.sample.items.size(), 6);
    QVERIFY(chosenOn);
    QVERIFY(chosenOn != QThread::currentThread());
}

void TestJudgeEval::jsonHasTheIssuesTopLevelKeys()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r); });
    JudgeEvaluationJob job;
    QVERIFY(prepare(job, server));
    const JudgeEvaluationOutcome &out = finish(job);
    const QJsonObject json = QJsonDocument::fromJson(judgeEvaluationJson(out.settings, out.sample, out.metrics)).object();
    for (const char *key : {"items", "accuracy", "kappa", "per_category", "calibration", "flip_rate"})
        QVERIFY2(json.contains(QLatin1String(key)), key);
    QCOMPARE(json.value(QStringLiteral("items")).toArray().size(), 6);
    QCOMPARE(json.value(QStringLiteral("accuracy")).toDouble(), 0.6667);
    QCOMPARE(json.value(QStringLiteral("settings")).toObject().value(QStringLiteral("labels")).toString(), QStringLiteral("annotator:ann"));
}

void TestJudgeEval::aStoredEvaluationIsReplayedWithoutAskingTheJudge()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r, 8); });
    qint64 id = 0;
    QByteArray firstReport;
    {
        JudgeEvaluationJob job;
        QVERIFY(prepare(job, server, 2));
        const JudgeEvaluationOutcome &out = finish(job);
        const auto stored = m_store->addJudgeEvaluation(out.stored());
        QVERIFY(stored);
        id = *stored;
        firstReport = out.stored().report;
    }
    QCOMPARE(server.requests().size(), 12);
    const auto list = m_store->judgeEvaluations();
    QVERIFY(list);
    QCOMPARE(list->size(), 1);
    QCOMPARE(list->first().judgeModel, QStringLiteral("the-judge"));
    QCOMPARE(list->first().labels, QStringLiteral("annotator:ann"));
    QCOMPARE(list->first().items, 6);
    QVERIFY(qFuzzyCompare(*list->first().accuracy, 7.0 / 12.0));
    QVERIFY(list->first().report.isEmpty()); // the list leaves the report out

    JudgeEvaluationRequest replay;
    replay.replayOf = id;
    JudgeEvaluationJob again;
    QVERIFY(prepare(again, server, 2, 0, replay));
    const JudgeEvaluationOutcome &out = finish(again);
    QCOMPARE(server.requests().size(), 12); // nothing asked
    QVERIFY(out.errors.isEmpty());
    QVERIFY(qFuzzyCompare(*out.metrics.flipRate, 1.0 / 6.0));
    QCOMPARE(out.settings.judgeEndpoint, QStringLiteral("replay:judge evaluation %1").arg(id));
    // Same answers, same figures: the reports differ only in the endpoint named.
    QCOMPARE(QString::fromUtf8(out.stored().report).replace(QStringLiteral("replay:judge evaluation %1").arg(id), server.endpoint()), QString::fromUtf8(firstReport));
}

void TestJudgeEval::anotherJudgeIsAskedAboutTheSameItemsAsAStoredEvaluation()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r); });
    JudgeEvaluationJob first;
    QVERIFY(prepare(first, server, 1, 1));
    const JudgeEvaluationOutcome &sampled = finish(first);
    QCOMPARE(sampled.sample.items.size(), 2);
    const auto id = m_store->addJudgeEvaluation(sampled.stored());
    QVERIFY(id);
    // A month later, one of the two lost its label.
    const qint64 gone = sampled.sample.items.first().comment;
    const auto stored = m_store->judgement(gone, QStringLiteral("ann"));
    QVERIFY(stored && *stored);
    Judgement unsure = test::verdictOf(gone, QStringLiteral("ann"), Verdict::Unsure);
    unsure.version = (*stored)->version;
    QVERIFY(m_store->judge(unsure));

    JudgeEvaluationRequest same;
    same.sameItemsAs = *id;
    JudgeEvaluationJob second;
    QVERIFY(prepare(second, server, 1, 0, same));
    QSignalSpy chosen(&second, &JudgeEvaluationJob::sampled);
    const JudgeEvaluationOutcome &again = finish(second);
    QVERIFY(!again.error);
    QCOMPARE(again.sample.items.size(), 1);
    QCOMPARE(again.sample.items.first().comment, sampled.sample.items.last().comment);
    QCOMPARE(again.sample.shortBy, QStringLiteral("1 of the 2 items of judge evaluation %1 have no label now").arg(*id));
    // Said before the judge is asked, as `judge-eval` prints it.
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen.first().at(0).toInt(), 1);
    QCOMPARE(chosen.first().at(1).toString(), again.sample.shortBy);
    JudgeEvaluationJob sampledAgain;
    const auto refused = prepare(sampledAgain, server, 1, 3, same);
    QVERIFY(!refused);
    QVERIFY(refused.error().message.contains(QStringLiteral("leave out the balanced size")));
}

void TestJudgeEval::theAacrSemanticJudgeCallsACommentValidWhenItSaysWhatAReferenceSays()
{
    ReviewComment reference = test::commentAt(QStringLiteral("a.cpp"), 1, QStringLiteral("the reference defect"));
    const auto mr = m_store->comment(m_ids.value(QStringLiteral("issue one")));
    QVERIFY(mr);
    const auto referenceId = m_store->importComment(mr->mergeRequest, reference, QStringLiteral("aacr"));
    QVERIFY(referenceId);
    QVERIFY(m_store->setReference(*referenceId, true));
    test::FakeLlmServer server;
    // Fig. 9's question; "issue one" and "issue four" say what the reference says.
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        if (!r.body.contains("Review Comment 1:") || !r.body.contains("the reference defect"))
            return test::FakeLlmServer::status(500, "{\"error\":\"not a semantic question\"}");
        const bool same = r.body.contains("Review Comment 1:\\nissue one\\n") || r.body.contains("Review Comment 1:\\nissue four\\n");
        return test::FakeLlmServer::completion(same ? QStringLiteral("yes") : QStringLiteral("no"));
    });
    JudgeEvaluationRequest semantic;
    semantic.kind = JudgeKind::AacrSemantic;
    JudgeEvaluationJob job;
    QVERIFY(prepare(job, server, 1, 0, semantic));
    const JudgeEvaluationOutcome &out = finish(job);
    QVERIFY2(out.errors.isEmpty(), qPrintable(out.errors.join(QLatin1Char('\n'))));
    QCOMPARE(server.requests().size(), 6); // one reference per item
    // Right on one (accepted, matches), five and six (rejected, no match): 3 of 6.
    QCOMPARE(out.metrics.perRepeat[0].correct, 3);
    QCOMPARE(out.metrics.judgeValidPeopleRejected, QList<qint64>{m_ids.value(QStringLiteral("issue four"))});
    QVERIFY(out.metrics.calibration.isEmpty()); // the semantic judge gives no score
    const auto one = std::find_if(out.sample.items.cbegin(), out.sample.items.cend(), [&](const JudgeItem &i) { return i.comment == m_ids.value(QStringLiteral("issue one")); });
    QCOMPARE(one->answers.first().reason, QStringLiteral("says what reference %1 says").arg(*referenceId));
    QCOMPARE(out.settings.judge, QStringLiteral("aacr-semantic"));
}

void TestJudgeEval::theAacrSemanticJudgeWithoutReferencesSaysSo()
{
    test::FakeLlmServer server;
    JudgeEvaluationRequest semantic;
    semantic.kind = JudgeKind::AacrSemantic;
    JudgeEvaluationJob job;
    QVERIFY(prepare(job, server, 1, 0, semantic));
    const JudgeEvaluationOutcome &out = finish(job);
    QCOMPARE(server.requests().size(), 0);
    QCOMPARE(out.metrics.unanswered, 6);
    QCOMPARE(out.errors.size(), 6);
    QVERIFY2(out.errors.first().endsWith(QStringLiteral("its merge request has no reference issue to compare it with")), qPrintable(out.errors.first()));
    QVERIFY(!out.metrics.accuracy);
}

// Resuming: an evaluation cut short (here: one of two per class) and started
// again over every item asks the judge only about the items not answered yet.
void TestJudgeEval::anEvaluationStartedAgainAsksOnlyWhatTheCacheLacks()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r); });
    JudgeEvaluationRequest cached;
    cached.cache = m_dir->filePath(QStringLiteral("cache"));
    JudgeEvaluationJob part;
    QVERIFY(prepare(part, server, 1, 1, cached));
    QCOMPARE(finish(part).sample.items.size(), 2);
    QCOMPARE(server.requests().size(), 2);
    JudgeEvaluationJob whole;
    QVERIFY(prepare(whole, server, 1, 0, cached));
    const JudgeEvaluationOutcome &out = finish(whole);
    QCOMPARE(server.requests().size(), 6); // 2 before + the 4 others
    QCOMPARE(out.metrics.perRepeat[0].correct, 4);
}

QTEST_GUILESS_MAIN(TestJudgeEval)
#include "tst_judgeeval.moc"
