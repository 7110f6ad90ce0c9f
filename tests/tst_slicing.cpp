// The four slicing algorithms on hand-written C and C++ changes: which lines
// each slice holds and why, snippets from headers, fallbacks, and golden
// renderings of the three line formats.

#include <FixtureRepo.h>
#include <MergeRequest.h>
#include <SliceJson.h>
#include <SliceRenderer.h>
#include <Slicer.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

const QByteArray Header = R"(#pragma once
struct Account
{
    int balance = 0;
    int limit = 0;
};
int clamp(int value, int low, int high);
void audit(const Account &account);
void read_counter(const int *counter, int *value);
)";

const QByteArray BaseSource = R"(#include "account.h"
#define TWICE(x) ((x) * 2)

int total_fees = 0;

int fee(int amount)
{
    int f = amount / 100;
    if (f < 1)
        f = 1;
    return f;
}

void withdraw(Account &a, int amount)
{
    int fees = fee(amount);
    int total = amount + fees;
    if (total > a.balance + a.limit)
        return;
    a.balance -= total;
    total_fees += fees;
    audit(a);
}

void scale(int *values, int n, int &sum)
{
    sum = 0;
    for (int i = 0; i < n; ++i) {
        values[i] = TWICE(values[i]);
        sum += values[i];
    }
}

template <typename T>
T biggest(const T *items, int n)
{
    T best = items[0];
    for (int i = 1; i < n; ++i)
        if (items[i] > best)
            best = items[i];
    return best;
}

int count_positive(const int *items, int n)
{
    int count = 0;
    auto positive = [&](int v) { return v > 0; };
    for (int i = 0; i < n; ++i)
        if (positive(items[i]))
            count++;
    return count;
}

class Ledger
{
public:
    void post(int amount);

private:
    int m_total = 0;
};

void Ledger::post(int amount)
{
    int adjusted = amount;
    m_total += adjusted;
}

int next_id(const int *counter)
{
    int id = 0;
    read_counter(counter, &id);
    if (id < 0)
        return -1;
    ++id;
    return id;
}
)";

QByteArray headSource()
{
    QByteArray s = BaseSource;
    s.replace("int total_fees = 0;", "int total_fees = 10;");
    s.replace("    if (f < 1)\n        f = 1;\n", "");
    s.replace("    int total = amount + fees;", "    int total = amount + fees + 1;");
    s.replace("    a.balance -= total;\n", "    a.balance -= total;\n    a.limit = clamp(a.limit, 0, 1000);\n");
    s.replace("    audit(a);", "    audit(a); // after every withdrawal");
    s.replace("    sum = 0;", "    sum = -1;");
    s.replace("        sum += values[i];", "        sum += values[i] + 1;");
    s.replace("            best = items[i];", "            best = items[i] + T{};");
    s.replace("    auto positive = [&](int v) { return v > 0; };", "    auto positive = [&](int v) {\n        return v >= 0;\n    };");
    s.replace("            count++;", "            count += 2;");
    s.replace("    m_total += adjusted;", "    m_total += adjusted * 2;");
    s.replace("    read_counter(counter, &id);", "    read_counter(counter, &id); // refreshed");
    return s;
}

const QByteArray Broken = "#include \"missing.h\"\n\nint broken(Widget *w)\n{\n    int size = w->size();\n    return size;\n}\n";

} // namespace

class SlicingTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void leftFlowFollowsTheWrittenValue();
    void fullFlowAddsReadsAndCalleeSignatures();
    void originalDiffIsTheChangeAndItsDeclarations();
    void parentFunctionIsTheWholeSmallestFunction();
    void writesThroughOutParametersAndArrays();
    void changedStatementsLandInOneSliceOnly();
    void separateChangesInOneFunctionMakeSeparateSlices();
    void methodsTemplatesAndLambdas();
    void pointerOutParametersAndIncrementsWrite();
    void globalsOutsideFunctionsSliceTheirDeclaration();
    void deletionOnlyChangesAreSlicedOnTheBase();
    void missingHeadersDoNotStopSlicing();
    void otherLanguagesFallBack();
    void renderingsMatchTheGoldenFiles_data();
    void renderingsMatchTheGoldenFiles();

private:
    QList<Slice> slices(SliceAlgorithm algorithm, const QByteArray &file = "src/account.cpp");
    const Slice *sliceWith(const QList<Slice> &list, int newLine);
    int newLine(const QByteArray &text) const;
    int oldLine(const QByteArray &text) const;
    QTemporaryDir m_dir;
    std::optional<MergeRequest> m_mr;
    std::map<SliceAlgorithm, SlicingResult> m_results;
};

void SlicingTest::initTestCase()
{
    FixtureRepo repo(m_dir.path());
    const QByteArray root = repo.commit("main", {{"include/account.h", file(Header)}, {"src/account.cpp", file(BaseSource)},
                                                 {"src/broken.cpp", file(Broken)}, {"tools/report.py", file("def report(rows):\n    for row in rows:\n        print(row)\n    return len(rows)\n")}},
                                        "Base\n");
    QByteArray broken = Broken;
    broken.replace("return size;", "return size + 1;");
    repo.commit("feature", {{"include/account.h", file(Header)}, {"src/account.cpp", file(headSource())}, {"src/broken.cpp", file(broken)},
                            {"tools/report.py", file("def report(rows):\n    for row in rows:\n        print(row, flush=True)\n    return len(rows)\n")}},
                "Change\n", {root});
    auto mr = MergeRequest::open(m_dir.path(), QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY(mr);
    m_mr = std::move(mr).value();
    SliceOptions options;
    options.algorithms = {std::begin(AllAlgorithms), std::end(AllAlgorithms)};
    auto result = sliceMergeRequest(*m_mr, options);
    QVERIFY2(result, result ? "" : qPrintable(result.error().message));
    for (const Slice &s : result->slices)
        m_results[s.algorithm].slices.append(s);
    QCOMPARE(result->diagnostics.files, 3);
}

QList<Slice> SlicingTest::slices(SliceAlgorithm algorithm, const QByteArray &file)
{
    QList<Slice> out;
    for (const Slice &s : m_results[algorithm].slices)
        if (s.file == file)
            out.append(s);
    return out;
}

const Slice *SlicingTest::sliceWith(const QList<Slice> &list, int line)
{
    static QList<Slice> keep;
    for (const Slice &s : list)
        if (s.seed.contains(line)) {
            keep.append(s);
            return &keep.last();
        }
    return nullptr;
}

int SlicingTest::newLine(const QByteArray &text) const
{
    const QList<QByteArray> lines = headSource().split('\n');
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(text))
            return i + 1;
    qFatal("no line with %s", text.constData());
}

int SlicingTest::oldLine(const QByteArray &text) const
{
    const QList<QByteArray> lines = BaseSource.split('\n');
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(text))
            return i + 1;
    qFatal("no old line with %s", text.constData());
}

void SlicingTest::leftFlowFollowsTheWrittenValue()
{
    const Slice *s = sliceWith(slices(SliceAlgorithm::LeftFlow), newLine("int total = amount + fees + 1;"));
    QVERIFY(s);
    const int changed = newLine("int total = amount + fees + 1;");
    QCOMPARE(s->newReasons.value(changed), QStringLiteral("changed"));
    QCOMPARE(s->newReasons.value(newLine("if (total > a.balance")), QStringLiteral("condition reads total"));
    QCOMPARE(s->newReasons.value(newLine("void withdraw(")), QStringLiteral("enclosing function withdraw()"));
    // a.balance -= total reads total but is no control structure: not in Left Flow.
    QVERIFY(!s->newLines.contains(newLine("a.balance -= total;")));
    QVERIFY(s->external.isEmpty());
}

void SlicingTest::fullFlowAddsReadsAndCalleeSignatures()
{
    const Slice *total = sliceWith(slices(SliceAlgorithm::FullFlow), newLine("int total = amount + fees + 1;"));
    QVERIFY(total);
    // fees is declared with its value: the declaration is the earlier write.
    QCOMPARE(total->newReasons.value(newLine("int fees = fee(amount);")), QStringLiteral("declares fees"));
    QCOMPARE(total->newReasons.value(newLine("total_fees += fees;")), QStringLiteral("reads fees after the change"));

    // The new clamp() call: its signature comes from the header.
    const Slice *limit = sliceWith(slices(SliceAlgorithm::FullFlow), newLine("a.limit = clamp("));
    QVERIFY(limit);
    QStringList reasons;
    for (const ExternalSnippet &x : limit->external) {
        QCOMPARE(x.file, QStringLiteral("include/account.h"));
        QVERIFY(x.insideRepository);
        QCOMPARE(x.text.size(), x.to - x.from + 1);
        reasons << x.reason;
    }
    QVERIFY2(reasons.contains(QStringLiteral("signature of clamp()")), qPrintable(reasons.join(QLatin1Char(','))));
    QVERIFY2(reasons.contains(QStringLiteral("declares limit")), qPrintable(reasons.join(QLatin1Char(','))));
    // Left Flow has the written field's declaration but no callee signature.
    const Slice *left = sliceWith(slices(SliceAlgorithm::LeftFlow), newLine("a.limit = clamp("));
    QVERIFY(left);
    QVERIFY(std::any_of(left->external.begin(), left->external.end(), [](const ExternalSnippet &x) { return x.reason == QLatin1String("declares limit"); }));
    QVERIFY(std::none_of(left->external.begin(), left->external.end(), [](const ExternalSnippet &x) { return x.reason.startsWith(QLatin1String("signature")); }));
}

void SlicingTest::originalDiffIsTheChangeAndItsDeclarations()
{
    const Slice *s = sliceWith(slices(SliceAlgorithm::OriginalDiff), newLine("int total = amount + fees + 1;"));
    QVERIFY(s);
    QCOMPARE(s->newReasons.value(newLine("int fees = fee(amount);")), QStringLiteral("declares fees"));
    QCOMPARE(s->newReasons.value(newLine("void withdraw(")), QStringLiteral("declares amount"));
    QVERIFY(!s->newLines.contains(newLine("if (total > a.balance")));
}

void SlicingTest::parentFunctionIsTheWholeSmallestFunction()
{
    const Slice *s = sliceWith(slices(SliceAlgorithm::ParentFunction), newLine("int total = amount + fees + 1;"));
    QVERIFY(s);
    const int first = newLine("void withdraw("), last = newLine("audit(a); // after");
    for (int l = first; l <= last + 1; ++l)
        QVERIFY2(s->newLines.contains(l), qPrintable(QString::number(l)));
    QVERIFY(!s->newLines.contains(first - 2));
    // Every change of withdraw() is in this one slice.
    QVERIFY(s->seed.contains(newLine("a.limit = clamp(")));
    QVERIFY(s->seed.contains(newLine("audit(a); // after")));
}

void SlicingTest::writesThroughOutParametersAndArrays()
{
    // sum is an int& out-parameter: sum = -1 writes it, and sum += ... later.
    const Slice *s = sliceWith(slices(SliceAlgorithm::LeftFlow), newLine("sum = -1;"));
    QVERIFY(s);
    QCOMPARE(s->newReasons.value(newLine("void scale(")), QStringLiteral("enclosing function scale()"));
    QCOMPARE(s->newReasons.value(newLine("sum += values[i] + 1;")), QStringLiteral("changed"));
    // The array element write through the macro reads values: Full Flow shows it.
    const Slice *full = sliceWith(slices(SliceAlgorithm::FullFlow), newLine("sum = -1;"));
    QVERIFY(full);
    QCOMPARE(full->newReasons.value(newLine("values[i] = TWICE(values[i]);")), QStringLiteral("writes values before the change"));
}

void SlicingTest::changedStatementsLandInOneSliceOnly()
{
    // sum = -1 and sum += values[i] + 1 are separate changes, but Left Flow
    // from the first reaches the second: one slice holds both.
    const QList<Slice> left = slices(SliceAlgorithm::LeftFlow);
    const int first = newLine("sum = -1;"), second = newLine("sum += values[i] + 1;");
    const Slice *s = sliceWith(left, first);
    QVERIFY(s);
    QVERIFY(s->seed.contains(second));
    for (SliceAlgorithm a : AllAlgorithms) {
        QMap<int, int> seen;
        for (const Slice &slice : slices(a))
            for (int l : slice.seed)
                ++seen[l];
        for (auto it = seen.begin(); it != seen.end(); ++it)
            QVERIFY2(it.value() == 1, qPrintable(QStringLiteral("%1: line %2 seeds %3 slices").arg(algorithmName(a)).arg(it.key()).arg(it.value())));
    }
}

void SlicingTest::separateChangesInOneFunctionMakeSeparateSlices()
{
    const QList<Slice> left = slices(SliceAlgorithm::LeftFlow);
    const Slice *total = sliceWith(left, newLine("int total = amount + fees + 1;"));
    const Slice *audit = sliceWith(left, newLine("audit(a); // after"));
    QVERIFY(total && audit);
    QVERIFY(!total->seed.contains(newLine("audit(a); // after")));
}

void SlicingTest::methodsTemplatesAndLambdas()
{
    // Out-of-line method: the written member's declaration is in the class.
    const Slice *post = sliceWith(slices(SliceAlgorithm::LeftFlow), newLine("m_total += adjusted * 2;"));
    QVERIFY(post);
    QCOMPARE(post->newReasons.value(newLine("int m_total = 0;")), QStringLiteral("declares m_total"));
    // Template: the value written is declared, and returned.
    const Slice *best = sliceWith(slices(SliceAlgorithm::LeftFlow), newLine("best = items[i] + T{};"));
    QVERIFY(best);
    QCOMPARE(best->newReasons.value(newLine("T best = items[0];")), QStringLiteral("declares best"));
    QCOMPARE(best->newReasons.value(newLine("return best;")), QStringLiteral("returns best"));
    // Lambda: the changed lambda and the declaration holding it are one slice.
    const Slice *lambda = sliceWith(slices(SliceAlgorithm::LeftFlow), newLine("return v >= 0;"));
    QVERIFY(lambda);
    QVERIFY(lambda->seed.contains(newLine("auto positive = [&](int v) {")));
    QCOMPARE(lambda->newReasons.value(newLine("if (positive(items[i]))")), QStringLiteral("condition reads positive"));
    const Slice *count = sliceWith(slices(SliceAlgorithm::LeftFlow), newLine("count += 2;"));
    QVERIFY(count);
    QCOMPARE(count->newReasons.value(newLine("return count;")), QStringLiteral("returns count"));
    QCOMPARE(count->newReasons.value(newLine("int count = 0;")), QStringLiteral("declares count"));
    // The deleted count++ sits with the change that replaced it.
    QVERIFY(count->oldLines.contains(oldLine("count++;")));
}

void SlicingTest::pointerOutParametersAndIncrementsWrite()
{
    // read_counter(counter, &id) writes id through a pointer parameter; ++id
    // writes it again later; the condition and the return read it.
    const Slice *s = sliceWith(slices(SliceAlgorithm::LeftFlow), newLine("read_counter(counter, &id); // refreshed"));
    QVERIFY(s);
    QCOMPARE(s->newReasons.value(newLine("int id = 0;")), QStringLiteral("declares id"));
    QCOMPARE(s->newReasons.value(newLine("if (id < 0)")), QStringLiteral("condition reads id"));
    QCOMPARE(s->newReasons.value(newLine("++id;")), QStringLiteral("writes id after the change"));
    QCOMPARE(s->newReasons.value(newLine("return id;")), QStringLiteral("returns id"));
    // counter is a pointer to const: passing it writes nothing.
    QVERIFY(!s->newReasons.values().contains(QStringLiteral("declares counter")));
    const Slice *full = sliceWith(slices(SliceAlgorithm::FullFlow), newLine("read_counter(counter, &id); // refreshed"));
    QVERIFY(full);
    QVERIFY(std::any_of(full->external.begin(), full->external.end(), [](const ExternalSnippet &x) { return x.reason == QLatin1String("signature of read_counter()"); }));
}

void SlicingTest::globalsOutsideFunctionsSliceTheirDeclaration()
{
    const Slice *s = sliceWith(slices(SliceAlgorithm::ParentFunction), newLine("int total_fees = 10;"));
    QVERIFY(s);
    QCOMPARE(s->newReasons.value(newLine("int total_fees = 10;")), QStringLiteral("changed"));
    QCOMPARE(s->newLines.size(), 1);
}

void SlicingTest::deletionOnlyChangesAreSlicedOnTheBase()
{
    const int deleted = oldLine("if (f < 1)");
    for (SliceAlgorithm a : {SliceAlgorithm::LeftFlow, SliceAlgorithm::ParentFunction}) {
        const QList<Slice> list = slices(a);
        const auto it = std::find_if(list.begin(), list.end(), [&](const Slice &s) { return s.oldLines.contains(deleted); });
        QVERIFY(it != list.end());
        QCOMPARE(it->side, Side::Old);
        QCOMPARE(it->oldReasons.value(deleted), QStringLiteral("deleted"));
        QVERIFY(it->newLines.isEmpty());
    }
    const auto left = slices(SliceAlgorithm::LeftFlow);
    const auto it = std::find_if(left.begin(), left.end(), [&](const Slice &s) { return s.oldLines.contains(deleted); });
    // f = 1 wrote f; its declaration and the return that reads it come along.
    QCOMPARE(it->oldReasons.value(oldLine("int f = amount / 100;")), QStringLiteral("declares f"));
    QCOMPARE(it->oldReasons.value(oldLine("return f;")), QStringLiteral("returns f"));
}

void SlicingTest::missingHeadersDoNotStopSlicing()
{
    const QList<Slice> list = slices(SliceAlgorithm::ParentFunction, "src/broken.cpp");
    QCOMPARE(list.size(), 1);
    QVERIFY(!list.first().fallback);
    QVERIFY(list.first().newLines.contains(3)); // int broken(Widget *w)
    QVERIFY(list.first().newLines.contains(7));
}

void SlicingTest::otherLanguagesFallBack()
{
    const QList<Slice> parent = slices(SliceAlgorithm::ParentFunction, "tools/report.py");
    QCOMPARE(parent.size(), 1);
    QVERIFY(parent.first().fallback);
    // The enclosing block: the for loop, from its header down.
    QVERIFY(parent.first().newLines.contains(2));
    QCOMPARE(parent.first().newReasons.value(3), QStringLiteral("changed"));
    const QList<Slice> left = slices(SliceAlgorithm::LeftFlow, "tools/report.py");
    QVERIFY(left.first().fallback);
    QVERIFY(left.first().fallbackReason.contains(QLatin1String("not C or C++")));
}

void SlicingTest::renderingsMatchTheGoldenFiles_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("inline") << QStringLiteral("inline");
    QTest::newRow("relative") << QStringLiteral("relative");
    QTest::newRow("none") << QStringLiteral("none");
}

void SlicingTest::renderingsMatchTheGoldenFiles()
{
    QFETCH(QString, format);
    const Slice *s = sliceWith(slices(SliceAlgorithm::FullFlow), newLine("a.limit = clamp("));
    QVERIFY(s);
    const QStringList newText = QString::fromUtf8(headSource()).split(QLatin1Char('\n'));
    const QStringList oldText = QString::fromUtf8(BaseSource).split(QLatin1Char('\n'));
    const QString text = renderSlice(*s, *lineFormatFromName(format), newText, oldText);
    QFile golden(QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/slicing/withdraw-full-%1.txt").arg(format));
    if (qEnvironmentVariableIsSet("REVIEWDESK_UPDATE_GOLDEN")) {
        QVERIFY(golden.open(QIODevice::WriteOnly));
        golden.write(text.toUtf8());
        return;
    }
    QVERIFY2(golden.open(QIODevice::ReadOnly), qPrintable(golden.fileName()));
    QCOMPARE(text, QString::fromUtf8(golden.readAll()));
    QVERIFY(estimateTokens(text) > 10);
}

QTEST_GUILESS_MAIN(SlicingTest)
#include "tst_slicing.moc"
