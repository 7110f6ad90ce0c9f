// reviewdesk-cli eval: AACR-Bench generated-comment folders against
// positive_samples.json (one-to-one and the upstream evaluator's counting,
// compared with the rule re-implemented here), the semantic judge against
// the fake OpenAI-compatible server, and workspace tables.

#include <FakeLlmServer.h>
#include <RepositoryBuilder.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <RunProcess.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <tuple>

using namespace rd;

namespace {

using CliRun = test::GitOutput;

// Runs the CLI while this thread's event loop keeps serving the fake server.
CliRun cli(const QStringList &arguments)
{
    return test::runCli(arguments);
}

struct Ref
{
    QString path;
    QString side;
    int from, to;
    QString note;
};

struct Gen
{
    QString path;
    QString side;
    int from, to;
    QString note;
};

bool nearEnough(const QString &gp, const QString &gs, int gf, int gt, const Ref &r, int maxDistance)
{
    if (gp != r.path)
        return false;
    if (!gs.isEmpty() && !r.side.isEmpty() && gs != r.side)
        return false;
    const int lo = std::max(std::min(gf, gt), std::min(r.from, r.to));
    const int hi = std::min(std::max(gf, gt), std::max(r.from, r.to));
    return lo - hi <= maxDistance;
}

// The released evaluator's loop as its documentation and code describe it:
// references keyed by `id` (the same for all when there is none); a generated
// comment line-takes every free location match and counts once.
int upstreamLineMatches(const QList<Gen> &gens, const QList<Ref> &refs, const QStringList &keys, int maxDistance)
{
    QSet<QString> taken;
    int count = 0;
    for (const Gen &g : gens) {
        bool counted = false;
        for (int r = 0; r < refs.size(); ++r) {
            if (!nearEnough(g.path, g.side, g.from, g.to, refs[r], maxDistance))
                continue;
            if (taken.contains(keys[r]))
                continue;
            taken.insert(keys[r]);
            if (!counted) {
                ++count;
                counted = true;
            }
        }
    }
    return count;
}

// ReviewDesk's one-to-one rule: each comment the first free location match.
int oneToOneLineMatches(const QList<Gen> &gens, const QList<Ref> &refs, int maxDistance)
{
    QList<bool> taken(refs.size(), false);
    int count = 0;
    for (const Gen &g : gens)
        for (int r = 0; r < refs.size(); ++r)
            if (!taken[r] && nearEnough(g.path, g.side, g.from, g.to, refs[r], maxDistance)) {
                taken[r] = true;
                ++count;
                break;
            }
    return count;
}

QString block(const Gen &g)
{
    return QStringLiteral("<path>%1</path>\n<side>%2</side>\n<from>%3</from>\n<to>%4</to>\n<note>%5</note>\n").arg(g.path, g.side).arg(g.from).arg(g.to).arg(g.note);
}

// --- The released evaluator, written here from its documented behaviour
// (evaluator_runner: parse_generated_comments_file, extract_comment_location,
// match_location, is_line_range_overlapping, _match_all_comments), not from
// ReviewDesk's code. A location as the evaluator holds it in Python:
// `side` None when the reference has no such key; a line None when missing,
// unreadable or 0 (`comment.get("from_line") or ...`).
struct PyLocation
{
    QString path;
    std::optional<QString> side;
    std::optional<qint64> from, to;
};

// normalize_path(): "\/" and "\" become "/".
QString pyNormalizedPath(QString p)
{
    return p.replace(QStringLiteral("\\/"), QStringLiteral("/")).replace(QLatin1Char('\\'), QLatin1Char('/'));
}

// match_location(): path only when both have one, side only when neither is
// None (case-sensitive), lines only when all four ends are there.
bool pyLocationMatch(const PyLocation &g, const PyLocation &r, qint64 k)
{
    if (!g.path.isEmpty() && !r.path.isEmpty() && g.path != r.path)
        return false;
    if (g.side && r.side && *g.side != *r.side)
        return false;
    if (g.from && g.to && r.from && r.to) {
        const qint64 s1 = *g.from, e1 = *g.to, s2 = *r.from, e2 = *r.to;
        const bool overlap = !(s1 > e2 || e1 < s2);
        if (!overlap && std::min(std::abs(s1 - e2), std::abs(e1 - s2)) > k)
            return false;
    }
    return true;
}

// One generated comment as written into the file: a field is a tag with
// its raw text, or no tag at all (nullopt); `py` is what the evaluator reads.
struct RawGenerated
{
    std::optional<QString> path, side, from, to;
    QString note;
    PyLocation py;
    bool counted = true; // a note that is not blank after strip()
};

QString rawBlock(const RawGenerated &g)
{
    QString b;
    const auto tag = [&](const char *name, const std::optional<QString> &v) {
        if (v)
            b += QStringLiteral("<%1>%2</%1>\n").arg(QLatin1String(name), *v);
    };
    tag("path", g.path);
    tag("side", g.side);
    tag("from", g.from);
    tag("to", g.to);
    b += QStringLiteral("<note>%1</note>\n").arg(g.note);
    return b;
}

// A line written as `form` (%1 = the number) and what Python's int() on the
// stripped text gives, then the `or`: 0 and errors are None. Checked against
// python3 by hand: int("+12") == 12, int("1_2") == 12, int("1__2") raises,
// int("\u0661\u0662") == 12, int("12.0") raises, int(" 12\t".strip()) == 12.
struct LineForm
{
    const char *form;
    bool read; // false: int() raises
};

const LineForm lineForms[] = {{"%1", true},     {"%1", true},    {"%1", true},   {" %1\t", true}, {"+%1", true}, {"0%1", true},
                              {"%1.0", false},  {"%1abc", false}, {"abc", false}, {"", false},     {"_%1", false}, {"%1_", false}};

// Arabic-Indic digits: Python's int() reads any Unicode decimal digit.
QString arabicIndic(qint64 n)
{
    QString s;
    for (const QChar c : QString::number(n))
        s += QChar(char16_t(0x0660 + c.digitValue()));
    return s;
}

std::pair<QString, std::optional<qint64>> writtenLine(QRandomGenerator &random, qint64 n)
{
    const int pick = int(random.bounded(int(std::size(lineForms)) + 4));
    if (pick == int(std::size(lineForms)))
        return {arabicIndic(n), n > 0 ? std::optional<qint64>(n) : std::nullopt};
    if (pick == int(std::size(lineForms)) + 1 && n >= 10) // one underscore between digits
        return {QString::number(n).insert(1, QLatin1Char('_')), n};
    if (pick == int(std::size(lineForms)) + 2 && n >= 10) // two: an error
        return {QString::number(n).insert(1, QStringLiteral("__")), std::nullopt};
    if (pick == int(std::size(lineForms)) + 3)
        return {QStringLiteral("0"), std::nullopt}; // int 0, then `0 or None`
    const LineForm &f = lineForms[pick % int(std::size(lineForms))];
    const QString text = QString::fromLatin1(f.form).contains(QStringLiteral("%1")) ? QString::fromLatin1(f.form).arg(n) : QString::fromLatin1(f.form);
    return {text, f.read && n != 0 ? std::optional<qint64>(n) : std::nullopt};
}

// A generated comment near reference `r` (or anywhere when r is null), with
// one or more fields perturbed the ways model output goes wrong.
RawGenerated perturbed(QRandomGenerator &random, const QJsonObject *r, const QStringList &paths, int index)
{
    RawGenerated g;
    g.note = QStringLiteral("generated %1").arg(index);
    QString path = r ? r->value(QStringLiteral("path")).toString() : paths[int(random.bounded(int(paths.size())))];
    qint64 from = r ? r->value(QStringLiteral("from_line")).toInteger() : qint64(random.bounded(1, 400));
    qint64 to = r ? r->value(QStringLiteral("to_line")).toInteger() : from + random.bounded(4);
    if (from == 0)
        from = 1 + random.bounded(300);
    if (to == 0)
        to = from;
    // Ranges: on it, near it, 2..3 lines off, far, reversed.
    switch (random.bounded(7)) {
    case 0: break;
    case 1: from += 1; to += 1; break;
    case 2: { const qint64 d = to - from + 1 + random.bounded(3); from += d; to += d; break; }
    case 3: from -= (to - from) + 2; to = from; break;
    case 4: from += 500; to += 520; break;
    case 5: std::swap(from, to); break;
    default: to = from; break;
    }
    g.py.path = path;
    g.path = path;
    switch (random.bounded(9)) {
    case 0: g.path = QString(); g.py.path.clear(); break;             // <path></path>
    case 1: g.path.reset(); g.py.path.clear(); break;                  // no <path>
    case 2: g.path = QStringLiteral("other/") + path; g.py.path = *g.path; break;
    case 3: g.path = QString(path).replace(QLatin1Char('/'), QLatin1Char('\\')); break; // normalize_path makes it "/"
    case 4: g.path = QStringLiteral("  ") + path + QStringLiteral("\n"); break;           // stripped
    default: break;
    }
    g.py.path = pyNormalizedPath(g.py.path);
    const QString side = r ? r->value(QStringLiteral("side")).toString(QStringLiteral("right")) : QStringLiteral("right");
    switch (random.bounded(10)) {
    case 0: g.side.reset(); g.py.side = QString(); break; // no <side>: "" in Python, never None
    case 1: g.side = QString(); g.py.side = QString(); break;
    case 2: g.side = side.toUpper(); g.py.side = *g.side; break;
    case 3: g.side = side.left(1).toUpper() + side.mid(1); g.py.side = *g.side; break;
    case 4: g.side = side == QLatin1String("right") ? QStringLiteral("left") : QStringLiteral("right"); g.py.side = *g.side; break;
    case 5: g.side = QStringLiteral("new"); g.py.side = *g.side; break;
    case 6: g.side = QStringLiteral(" ") + side + QStringLiteral(" "); g.py.side = side; break;
    default: g.side = side; g.py.side = side; break;
    }
    for (auto [raw, py, n] : {std::tuple{&g.from, &g.py.from, from}, std::tuple{&g.to, &g.py.to, to}}) {
        if (random.bounded(8) == 0) { // no tag
            raw->reset();
            py->reset();
            continue;
        }
        if (n < 0) { // written as is: int() reads a minus sign
            *raw = QString::number(n);
            *py = n;
            continue;
        }
        const auto [text, value] = writtenLine(random, n);
        *raw = text;
        *py = value;
    }
    if (random.bounded(25) == 0) { // a block whose note is blank: not a comment
        g.note = QStringLiteral(" \n ");
        g.counted = false;
    }
    return g;
}

struct PyCounts
{
    int expected = 0, generated = 0, lineMatches = 0;
};

// _match_all_comments() without the semantic judge: references keyed by
// `keys` (their `id`), a comment takes every free location match, counts once.
PyCounts pyUpstream(const QList<RawGenerated> &gens, const QList<PyLocation> &refs, const QStringList &refNotes, const QStringList &keys, qint64 k)
{
    PyCounts c;
    const bool anyBlock = !gens.isEmpty() && std::any_of(gens.begin(), gens.end(), [](const RawGenerated &g) { return g.counted; });
    if (!anyBlock) {
        c.expected = int(refs.size()); // the early return: len(good_comments)
        return c;
    }
    QSet<QString> taken;
    for (const RawGenerated &g : gens) {
        if (!g.counted)
            continue;
        ++c.generated;
        bool counted = false;
        for (int r = 0; r < refs.size(); ++r) {
            if (refNotes[r].isEmpty() || !pyLocationMatch(g.py, refs[r], k) || taken.contains(keys[r]))
                continue;
            taken.insert(keys[r]);
            if (!counted) {
                ++c.lineMatches;
                counted = true;
            }
        }
    }
    for (const QString &n : refNotes)
        c.expected += n.isEmpty() ? 0 : 1;
    return c;
}

// One-to-one with the same location rule: each comment the first free match.
int pyOneToOne(const QList<RawGenerated> &gens, const QList<PyLocation> &refs, qint64 k)
{
    QList<bool> taken(refs.size(), false);
    int count = 0;
    for (const RawGenerated &g : gens) {
        if (!g.counted)
            continue;
        for (int r = 0; r < refs.size(); ++r)
            if (!taken[r] && pyLocationMatch(g.py, refs[r], k)) {
                taken[r] = true;
                ++count;
                break;
            }
    }
    return count;
}

QByteArray runConfig(const QString &endpoint)
{
    return QStringLiteral(R"({"reviewers": 1, "roles": {"reviewer": {"endpoint": "%1", "model": "judge"}}})").arg(endpoint).toUtf8();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestEvalCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void upstreamCompatParity();
    void upstreamCompatEqualsReleasedEvaluatorOnFortyRealPrs();
    void avgCommentsPerPatchFromTheDiffsAndPerPrBeside();
    void semanticMatchThroughTheFakeServer();
    void semanticJudgeDownFailsWithoutFigures();
    void workspaceTablesInEveryFormat();
    void readmeWorkedExampleTwoRunsOfOneMergeRequest();
    void workspaceCommentsPerPatchCountsTheMergeRequestsHunks();
    void workspaceSemanticMatchThroughTheFakeServer();
    void exportCommandWritesAacrGeneratedFiles();
    void referencesFreezeListAndEvalAgainstTheSnapshot();
    void badUsageIsRefused_data();
    void badUsageIsRefused();
};

void TestEvalCli::upstreamCompatParity()
{
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("gen"))));
    QRandomGenerator random(2025);
    QJsonArray gt;
    int expectedUpstream = 0, expectedReleased = 0, expectedOneToOne = 0, generatedTotal = 0, referenceTotal = 0;
    int referencesOfFilesWithComments = 0; // what the released runner sums: it skips a file without a comment
    QList<int> perPrUpstream, generatedPerPr;
    const QStringList paths{QStringLiteral("a.cpp"), QStringLiteral("b.cpp")};
    const QStringList sides{QStringLiteral("right"), QStringLiteral("left")};
    for (int pr = 1; pr <= 60; ++pr) {
        QList<Ref> refs;
        QJsonArray comments;
        const int nRefs = int(random.bounded(7));
        for (int i = 0; i < nRefs; ++i) {
            const int from = int(random.bounded(1, 14));
            Ref r{paths[int(random.bounded(2))], sides[random.bounded(8) == 0 ? 1 : 0], from, from + int(random.bounded(3)), QStringLiteral("ref %1").arg(i)};
            refs << r;
            comments << QJsonObject{{QStringLiteral("note"), r.note}, {QStringLiteral("path"), r.path}, {QStringLiteral("side"), r.side},
                                    {QStringLiteral("from_line"), r.from}, {QStringLiteral("to_line"), r.to},
                                    {QStringLiteral("category"), QStringLiteral("Code Defect")}, {QStringLiteral("context"), QStringLiteral("Diff Level")}};
        }
        gt << QJsonObject{{QStringLiteral("githubPrUrl"), QStringLiteral("https://github.com/o/repo/pull/%1").arg(pr)},
                          {QStringLiteral("project_main_language"), QStringLiteral("C++")},
                          {QStringLiteral("category"), QStringLiteral("Bug Fix")},
                          {QStringLiteral("comments"), comments}};
        QList<Gen> gens;
        QStringList blocks;
        const int nGens = int(random.bounded(8));
        for (int i = 0; i < nGens; ++i) {
            const int from = int(random.bounded(1, 15));
            Gen g{paths[int(random.bounded(2))], sides[random.bounded(8) == 0 ? 1 : 0], from, from + int(random.bounded(6)), QStringLiteral("gen %1").arg(i)};
            gens << g;
            blocks << block(g);
        }
        QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_repo_%1.txt").arg(pr)), blocks.join(QStringLiteral("<notesplit />\n")).toUtf8()));
        QStringList ownKeys, noneKeys;
        for (int r = 0; r < refs.size(); ++r) {
            ownKeys << QString::number(r);
            noneKeys << QStringLiteral("None");
        }
        const int up = upstreamLineMatches(gens, refs, ownKeys, 1);
        perPrUpstream << up;
        expectedUpstream += up;
        expectedReleased += upstreamLineMatches(gens, refs, noneKeys, 1);
        expectedOneToOne += oneToOneLineMatches(gens, refs, 1);
        generatedTotal += int(gens.size());
        referenceTotal += int(refs.size());
        generatedPerPr << int(gens.size());
        if (!gens.isEmpty())
            referencesOfFilesWithComments += int(refs.size());
    }
    // The data must tell the three countings apart, or the comparison proves nothing.
    QVERIFY2(expectedUpstream != expectedOneToOne, qPrintable(QStringLiteral("%1 %2 %3").arg(expectedUpstream).arg(expectedOneToOne).arg(expectedReleased)));
    QVERIFY(expectedReleased < expectedUpstream);
    const QString gtPath = dir.filePath(QStringLiteral("positive_samples.json"));
    QVERIFY(writeFile(gtPath, QJsonDocument(gt).toJson()));

    const auto total = [&](const QStringList &extra) {
        const CliRun r = cli(QStringList{QStringLiteral("eval"), QStringLiteral("--aacr-gt"), gtPath, QStringLiteral("--generated"), dir.filePath(QStringLiteral("gen")),
                                         QStringLiteral("--format"), QStringLiteral("json")}
                             + extra);
        if (r.exitCode != 0)
            qWarning("%s", r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    };
    // The released runner's summary: only the files with a comment count.
    const QJsonObject upstream = total({QStringLiteral("--upstream-compat")});
    QCOMPARE(upstream.value(QStringLiteral("total")).toObject().value(QStringLiteral("total_line_matches")).toInt(), expectedUpstream);
    QHash<QString, QJsonObject> byId;
    for (const QJsonValue &v : upstream.value(QStringLiteral("prs")).toArray())
        byId.insert(v.toObject().value(QStringLiteral("evaluation_id")).toString(), v.toObject());
    QCOMPARE(byId.size(), int(std::count_if(generatedPerPr.begin(), generatedPerPr.end(), [](int n) { return n > 0; })));
    QVERIFY(byId.size() < perPrUpstream.size()); // some files have no comment, or the test shows nothing
    for (int i = 0; i < perPrUpstream.size(); ++i) {
        const QString id = QStringLiteral("repo_%1").arg(i + 1);
        QCOMPARE(byId.contains(id), generatedPerPr[i] > 0);
        if (generatedPerPr[i] > 0)
            QCOMPARE(byId.value(id).value(QStringLiteral("positive_line_match_nums")).toInt(), perPrUpstream[i]);
    }
    QCOMPARE(upstream.value(QStringLiteral("total")).toObject().value(QStringLiteral("total_generated_comments")).toInt(), generatedTotal);
    QCOMPARE(upstream.value(QStringLiteral("total")).toObject().value(QStringLiteral("total_reference_comments")).toInt(), referencesOfFilesWithComments);
    QCOMPARE(upstream.value(QStringLiteral("total")).toObject().value(QStringLiteral("total_files")).toInt(), 60);
    const QJsonObject released = total({QStringLiteral("--upstream-compat"), QStringLiteral("--upstream-ids"), QStringLiteral("released")});
    QCOMPARE(released.value(QStringLiteral("total")).toObject().value(QStringLiteral("total_line_matches")).toInt(), expectedReleased);
    const QJsonObject oneToOne = total({});
    const QJsonObject t = oneToOne.value(QStringLiteral("total")).toObject();
    QCOMPARE(t.value(QStringLiteral("positive_line_match_nums")).toInt(), expectedOneToOne);
    QCOMPARE(t.value(QStringLiteral("positive_expected_nums")).toInt(), referenceTotal);
    QCOMPARE(oneToOne.value(QStringLiteral("config")).toObject().value(QStringLiteral("counting")).toString(), QStringLiteral("one-to-one"));
}

void TestEvalCli::upstreamCompatEqualsReleasedEvaluatorOnFortyRealPrs()
{
    QFile real(QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/aacr-bench/positive_samples.json"));
    QVERIFY(real.open(QIODevice::ReadOnly));
    const QJsonArray all = QJsonDocument::fromJson(real.readAll()).array();
    QVERIFY(all.size() >= 40);
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("gen"))));
    QRandomGenerator random(20260121);
    QJsonArray gt;
    QList<PyCounts> released, given;
    QList<int> oneToOne;
    for (int p = 0; p < 40; ++p) {
        QJsonObject pr = all[p].toObject();
        QJsonArray comments = pr.value(QStringLiteral("comments")).toArray();
        // A few references lose a field (the evaluator reads them too): no
        // side key, an empty path, from_line null or 0.
        for (int r = 0; r < comments.size(); ++r) {
            QJsonObject c = comments[r].toObject();
            switch (random.bounded(14)) {
            case 0: c.remove(QStringLiteral("side")); break;
            case 1: c.insert(QStringLiteral("path"), QString()); break;
            case 2: c.insert(QStringLiteral("from_line"), QJsonValue::Null); break;
            case 3: c.insert(QStringLiteral("to_line"), 0); break;
            default: break;
            }
            comments[r] = c;
        }
        pr.insert(QStringLiteral("comments"), comments);
        gt << pr;
        QList<PyLocation> refs;
        QStringList notes, ownIds, noIds, paths;
        for (int r = 0; r < comments.size(); ++r) {
            const QJsonObject c = comments[r].toObject();
            PyLocation l;
            l.path = pyNormalizedPath(c.value(QStringLiteral("path")).toString());
            if (c.contains(QStringLiteral("side")))
                l.side = c.value(QStringLiteral("side")).toString();
            if (const qint64 v = c.value(QStringLiteral("from_line")).toInteger(); v != 0)
                l.from = v;
            if (const qint64 v = c.value(QStringLiteral("to_line")).toInteger(); v != 0)
                l.to = v;
            refs << l;
            notes << c.value(QStringLiteral("note")).toString();
            ownIds << QString::number(r);
            noIds << QStringLiteral("None");
            if (!l.path.isEmpty())
                paths << l.path;
        }
        if (paths.isEmpty())
            paths << QStringLiteral("src/main.c");
        QList<RawGenerated> gens;
        const int n = p % 10 == 9 ? 0 : 1 + int(random.bounded(2 * int(comments.size()) + 3));
        for (int i = 0; i < n; ++i) {
            const bool nearReference = !comments.isEmpty() && random.bounded(5) != 0;
            const QJsonObject r = nearReference ? comments[int(random.bounded(int(comments.size())))].toObject() : QJsonObject();
            gens << perturbed(random, nearReference ? &r : nullptr, paths, i);
            if (random.bounded(6) == 0) // the same comment twice
                gens << gens.constLast();
        }
        QStringList blocks;
        for (const RawGenerated &g : gens)
            blocks << rawBlock(g);
        const auto url = QRegularExpression(QStringLiteral("github\\.com/[^/]+/([^/]+)/pull/(\\d+)")).match(pr.value(QStringLiteral("githubPrUrl")).toString());
        QVERIFY(url.hasMatch());
        if (p % 10 != 9)
            QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_%1_%2.txt").arg(url.captured(1), url.captured(2))),
                              blocks.join(QStringLiteral("<notesplit />\n")).toUtf8()));
        released << pyUpstream(gens, refs, notes, noIds, 1);
        given << pyUpstream(gens, refs, notes, ownIds, 1);
        oneToOne << pyOneToOne(gens, refs, 1);
    }
    const QString gtPath = dir.filePath(QStringLiteral("positive_samples.json"));
    QVERIFY(writeFile(gtPath, QJsonDocument(gt).toJson()));
    const auto evaluate = [&](const QStringList &extra) {
        const CliRun r = cli(QStringList{QStringLiteral("eval"), QStringLiteral("--aacr-gt"), gtPath, QStringLiteral("--generated"), dir.filePath(QStringLiteral("gen"))} + extra);
        if (r.exitCode != 0)
            qWarning("%s", r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    };
    const auto evaluationId = [&gt](int p) {
        const auto url = QRegularExpression(QStringLiteral("github\\.com/[^/]+/([^/]+)/pull/(\\d+)")).match(gt[p].toObject().value(QStringLiteral("githubPrUrl")).toString());
        return QStringLiteral("%1_%2").arg(url.captured(1), url.captured(2));
    };
    // The set must tell the location rules apart: ReviewDesk's former rule
    // (paths equal, sides case-blind, lines required, ranges ordered) would
    // count otherwise on it. Checked by the per-PR comparison failing before.
    const struct
    {
        const char *name;
        QStringList extra;
        const QList<PyCounts> *expected;
    } modes[] = {{"released ids", {QStringLiteral("--upstream-compat"), QStringLiteral("--upstream-ids"), QStringLiteral("released")}, &released},
                 {"given ids", {QStringLiteral("--upstream-compat")}, &given}};
    int matchesSeen = 0;
    for (const auto &mode : modes) {
        // The released runner evaluates the files that hold a comment (a
        // PR without a file, or with only blank notes, it never counts), and
        // sums its summary over them.
        const QJsonObject report = evaluate(mode.extra);
        QHash<QString, QJsonObject> byId;
        for (const QJsonValue &v : report.value(QStringLiteral("prs")).toArray())
            byId.insert(v.toObject().value(QStringLiteral("evaluation_id")).toString(), v.toObject());
        int evaluatedFiles = 0, generatedSum = 0, referenceSum = 0, lineSum = 0;
        for (int p = 0; p < 40; ++p) {
            const PyCounts &e = (*mode.expected)[p];
            QCOMPARE(byId.contains(evaluationId(p)), e.generated > 0);
            if (e.generated == 0)
                continue;
            ++evaluatedFiles;
            generatedSum += e.generated;
            referenceSum += e.expected;
            lineSum += e.lineMatches;
            const QJsonObject o = byId.value(evaluationId(p));
            const QString where = QStringLiteral("%1, PR %2 (%3)").arg(QLatin1String(mode.name)).arg(p).arg(o.value(QStringLiteral("evaluation_id")).toString());
            QVERIFY2(o.value(QStringLiteral("positive_line_match_nums")).toInt() == e.lineMatches,
                     qPrintable(where + QStringLiteral(": line matches %1, the evaluator %2").arg(o.value(QStringLiteral("positive_line_match_nums")).toInt()).arg(e.lineMatches)));
            QVERIFY2(o.value(QStringLiteral("total_generated_nums")).toInt() == e.generated, qPrintable(where + QStringLiteral(": generated")));
            QVERIFY2(o.value(QStringLiteral("positive_expected_nums")).toInt() == e.expected, qPrintable(where + QStringLiteral(": expected")));
            matchesSeen += e.lineMatches;
        }
        QVERIFY(evaluatedFiles <= 36); // four PRs have no file
        const QJsonObject summary = report.value(QStringLiteral("total")).toObject();
        QCOMPARE(summary.value(QStringLiteral("evaluated_files")).toInt(), evaluatedFiles);
        QCOMPARE(summary.value(QStringLiteral("total_generated_comments")).toInt(), generatedSum);
        QCOMPARE(summary.value(QStringLiteral("total_reference_comments")).toInt(), referenceSum);
        QCOMPARE(summary.value(QStringLiteral("total_line_matches")).toInt(), lineSum);
    }
    QVERIFY(matchesSeen > 40); // the perturbations leave matches to count
    const QJsonArray prs = evaluate({}).value(QStringLiteral("prs")).toArray();
    QCOMPARE(prs.size(), 40);
    for (int p = 0; p < 40; ++p)
        QVERIFY2(prs[p].toObject().value(QStringLiteral("positive_line_match_nums")).toInt() == oneToOne[p],
                 qPrintable(QStringLiteral("one-to-one, PR %1: %2, the same rule counted one-to-one %3")
                                .arg(p)
                                .arg(prs[p].toObject().value(QStringLiteral("positive_line_match_nums")).toInt())
                                .arg(oneToOne[p])));
}

void TestEvalCli::avgCommentsPerPatchFromTheDiffsAndPerPrBeside()
{
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("gen"))));
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("diffs"))));
    QJsonArray gt;
    for (int pr : {1, 2})
        gt << QJsonObject{{QStringLiteral("githubPrUrl"), QStringLiteral("https://github.com/o/repo/pull/%1").arg(pr)},
                          {QStringLiteral("project_main_language"), QStringLiteral("C")},
                          {QStringLiteral("comments"), QJsonArray{QJsonObject{{QStringLiteral("note"), QStringLiteral("ref")}, {QStringLiteral("path"), QStringLiteral("a.c")},
                                                                              {QStringLiteral("side"), QStringLiteral("right")}, {QStringLiteral("from_line"), 3},
                                                                              {QStringLiteral("to_line"), 3}}}}};
    const QString gtPath = dir.filePath(QStringLiteral("positive_samples.json"));
    QVERIFY(writeFile(gtPath, QJsonDocument(gt).toJson()));
    // PR 1: three comments; PR 2: one.
    QStringList three;
    for (int i = 0; i < 3; ++i)
        three << block(Gen{QStringLiteral("a.c"), QStringLiteral("right"), 3 + 10 * i, 3 + 10 * i, QStringLiteral("g%1").arg(i)});
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_repo_1.txt")), three.join(QStringLiteral("<notesplit />\n")).toUtf8()));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_repo_2.txt")), block(Gen{QStringLiteral("b.c"), QStringLiteral("right"), 1, 1, QStringLiteral("g")}).toUtf8()));
    // git diff output: PR 1 two hunks in one file; PR 2 three hunks in two files
    // (a line "@@" inside a hunk's text is a line of code, not a hunk).
    const QByteArray twoHunks = "diff --git a/a.c b/a.c\nindex 1111111..2222222 100644\n--- a/a.c\n+++ b/a.c\n"
                                "@@ -1,3 +1,3 @@\n int a;\n-int b;\n+int c;\n@@ -20,2 +20,3 @@ void f()\n x();\n+@@ not a header\n y();\n";
    const QByteArray threeHunks = "diff --git a/b.c b/b.c\n--- a/b.c\n+++ b/b.c\n@@ -1 +1 @@\n-a\n+b\n"
                                  "diff --git a/c.c b/c.c\nnew file mode 100644\n--- /dev/null\n+++ b/c.c\n@@ -0,0 +1,2 @@\n+x\n+y\n@@ -9,0 +11 @@\n+z\n";
    QVERIFY(writeFile(dir.filePath(QStringLiteral("diffs/repo_1.diff")), twoHunks));
    const auto evaluate = [&](const QStringList &extra) {
        const CliRun r = cli(QStringList{QStringLiteral("eval"), QStringLiteral("--aacr-gt"), gtPath, QStringLiteral("--generated"), dir.filePath(QStringLiteral("gen"))} + extra);
        if (r.exitCode != 0)
            qWarning("%s", r.err.constData());
        return std::pair{r.exitCode, QJsonDocument::fromJson(r.out).object()};
    };
    const QStringList withDiffs{QStringLiteral("--diffs"), dir.filePath(QStringLiteral("diffs"))};

    // One PR without its diff: no figure per patch, and the reason in its place.
    auto [code, partial] = evaluate(withDiffs);
    QCOMPARE(code, 0);
    QJsonObject total = partial.value(QStringLiteral("total")).toObject();
    QVERIFY(total.value(QStringLiteral("avg_comments_per_patch")).isNull());
    QVERIFY2(total.value(QStringLiteral("avg_comments_per_patch_unavailable")).toString().contains(QStringLiteral("1 of 2")),
             qPrintable(total.value(QStringLiteral("avg_comments_per_patch_unavailable")).toString()));
    QCOMPARE(total.value(QStringLiteral("avg_comments_per_pr")).toDouble(), 2.0); // 4 comments / 2 PRs
    QCOMPARE(partial.value(QStringLiteral("prs")).toArray()[0].toObject().value(QStringLiteral("patches")).toInt(), 2);
    QVERIFY(partial.value(QStringLiteral("prs")).toArray()[1].toObject().value(QStringLiteral("patches")).isNull());

    QVERIFY(writeFile(dir.filePath(QStringLiteral("diffs/repo_2.diff")), threeHunks));
    auto [codeAll, full] = evaluate(withDiffs);
    QCOMPARE(codeAll, 0);
    total = full.value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("patches")).toInt(), 5);
    QCOMPARE(total.value(QStringLiteral("avg_comments_per_patch")).toDouble(), 0.8); // 4 comments / 5 hunks (Table 9)
    QCOMPARE(total.value(QStringLiteral("avg_comments_per_pr")).toDouble(), 2.0);
    QVERIFY(!total.contains(QStringLiteral("avg_comments_per_patch_unavailable")));
    QCOMPARE(full.value(QStringLiteral("prs")).toArray()[0].toObject().value(QStringLiteral("avg_comments_per_patch")).toDouble(), 1.5);
    QCOMPARE(total.value(QStringLiteral("by_language")).toObject().value(QStringLiteral("C")).toObject().value(QStringLiteral("avg_comments_per_patch")).toDouble(), 0.8);

    // Without --diffs the figure is not invented either.
    auto [codeNone, none] = evaluate({});
    QCOMPARE(codeNone, 0);
    QVERIFY(none.value(QStringLiteral("total")).toObject().value(QStringLiteral("avg_comments_per_patch")).isNull());
    QVERIFY(none.value(QStringLiteral("total")).toObject().value(QStringLiteral("avg_comments_per_patch_unavailable")).toString().contains(QStringLiteral("2 of 2")));

    // A file that is no unified diff is an error naming it, not 0 hunks.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("diffs/repo_2.diff")), "hello\nworld\n"));
    auto [codeBad, bad] = evaluate(withDiffs);
    QCOMPARE(codeBad, 2);
    Q_UNUSED(bad);
}

void TestEvalCli::semanticMatchThroughTheFakeServer()
{
    test::FakeLlmServer server;
    // Same concern when both comments speak of a leak.
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        const QString body = QString::fromUtf8(r.body);
        const bool fig9 = body.contains(QStringLiteral("express the same concern or suggestion"));
        const int leaks = int(body.count(QStringLiteral("leak")));
        return test::FakeLlmServer::completion(fig9 && leaks >= 2 ? QStringLiteral("Yes.") : QStringLiteral("No, they differ."));
    });
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("gen"))));
    const QByteArray gt = R"([{"githubPrUrl":"https://github.com/o/r/pull/5","project_main_language":"C","category":"Bug Fix","comments":[
        {"note":"memory leak of buf","path":"a.c","side":"right","from_line":10,"to_line":10,"category":"Code Defect","context":"Diff Level"},
        {"note":"off by one","path":"a.c","side":"right","from_line":20,"to_line":20,"category":"Code Defect","context":"File Level"}]}])";
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gt.json")), gt));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_r_5.txt")),
                      "<path>a.c</path><side>right</side><from>10</from><to>10</to><note>buf may leak</note><notesplit />"
                      "<path>a.c</path><side>right</side><from>21</from><to>21</to><note>style nit</note>"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run.json")), runConfig(server.endpoint())));
    const QStringList args{QStringLiteral("eval"), QStringLiteral("--aacr-gt"), dir.filePath(QStringLiteral("gt.json")), QStringLiteral("--generated"),
                           dir.filePath(QStringLiteral("gen")), QStringLiteral("--semantic"), QStringLiteral("llm"), QStringLiteral("--config"),
                           dir.filePath(QStringLiteral("run.json")), QStringLiteral("--cache"), dir.filePath(QStringLiteral("cache")),
                           QStringLiteral("--votes"), QStringLiteral("3"), QStringLiteral("--format"), QStringLiteral("json")};
    const CliRun r = cli(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject total = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("positive_line_match_nums")).toInt(), 2);
    QCOMPARE(total.value(QStringLiteral("positive_match_nums")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("unmatched_nums")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("semantic")).toObject().value(QStringLiteral("precision")).toDouble(), 50.0);
    // Two location-matching pairs, three votes each.
    QCOMPARE(server.requests().size(), 6);
    QVERIFY(server.requests().first().body.contains("Review Comment 1:"));
    // The answers are cached: the same evaluation again asks nothing.
    const CliRun again = cli(args);
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(server.requests().size(), 6);
    QCOMPARE(QJsonDocument::fromJson(again.out).object().value(QStringLiteral("total")).toObject().value(QStringLiteral("positive_match_nums")).toInt(), 1);
}

void TestEvalCli::semanticJudgeDownFailsWithoutFigures()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &) { return test::FakeLlmServer::status(400, "{\"error\":\"bad\"}"); });
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("gen"))));
    const QByteArray gt = R"([{"githubPrUrl":"https://github.com/o/r/pull/5","comments":[{"note":"n","path":"a.c","side":"right","from_line":1,"to_line":1}]}])";
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gt.json")), gt));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_r_5.txt")), "<path>a.c</path><side>right</side><from>1</from><to>1</to><note>g</note>"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run.json")), runConfig(server.endpoint())));
    const CliRun r = cli({QStringLiteral("eval"), QStringLiteral("--aacr-gt"), dir.filePath(QStringLiteral("gt.json")), QStringLiteral("--generated"),
                          dir.filePath(QStringLiteral("gen")), QStringLiteral("--semantic"), QStringLiteral("llm"), QStringLiteral("--config"),
                          dir.filePath(QStringLiteral("run.json")), QStringLiteral("--no-cache")});
    QCOMPARE(r.exitCode, 4);
    QVERIFY(r.out.isEmpty());
    QVERIFY(r.err.contains("judge requests failed"));
}

void TestEvalCli::workspaceTablesInEveryFormat()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        const qint64 mr = *(*store)->addMergeRequest(e);
        ReviewComment ref;
        ref.file = QStringLiteral("a.cpp");
        ref.lineStart = ref.lineEnd = 5;
        ref.issue = QStringLiteral("key bug");
        const qint64 refId = *(*store)->importComment(mr, ref, QStringLiteral("aacr"));
        QVERIFY((*store)->setReference(refId, true));
        ReviewComment found = ref;
        found.id = QStringLiteral("c1");
        found.lineStart = found.lineEnd = 6;
        ReviewComment noise = ref;
        noise.id = QStringLiteral("c2");
        noise.file = QStringLiteral("b.cpp");
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QVERIFY((*store)->addRun(run, {found, noise}));
    }
    const CliRun json = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--references"), QStringLiteral("aacr")});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject validator = QJsonDocument::fromJson(json.out)
                                      .object()
                                      .value(QStringLiteral("configurations"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("stages"))
                                      .toObject()
                                      .value(QStringLiteral("validator"))
                                      .toObject();
    // 1 of 1 key issue found; 1 of 2 comments a false alarm: FAR1 50, CPI1 = 2*100*50/150 = 66.67.
    QCOMPARE(validator.value(QStringLiteral("kbi")).toDouble(), 100.0);
    QCOMPARE(validator.value(QStringLiteral("far1")).toDouble(), 50.0);
    QCOMPARE(validator.value(QStringLiteral("cpi1")).toDouble(), 66.67);
    const CliRun md = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                           QStringLiteral("stages")});
    QCOMPARE(md.exitCode, 0);
    QVERIFY(md.out.contains("| +Validator | 2 | 100.00 | 50.00 | 66.67 | 50.00 | 66.67 | 100.00 |"));
    const CliRun csv = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--table"),
                            QStringLiteral("configurations")});
    QVERIFY2(csv.out.startsWith("Configuration,Slicing,Reviewers,Top-k,CoT,Line numbers,Runs,KBI,FAR1,CPI1,FAR2,CPI2,LSR\n"
                                "\"Left Flow, 3 reviewers, top-5, CoT, inline line numbers\",Left Flow,3,5,on,inline,1,100.00,50.00,66.67"),
             csv.out.constData());
    const CliRun latex = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("latex"), QStringLiteral("--table"),
                              QStringLiteral("aacr")});
    QVERIFY(latex.out.contains("\\begin{tabular}"));
    QVERIFY(latex.out.contains("& 50.00 & 100.00 & 66.67 &"));
    // The ablations (Tables 3, 4, 8 in shape): the one run is Left Flow, 3 reviewers, inline line numbers.
    const CliRun slicing = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("latex"), QStringLiteral("--table"),
                                QStringLiteral("slicing")});
    QVERIFY2(slicing.exitCode == 0, slicing.err.constData());
    QVERIFY(slicing.out.contains("Left Flow & 100.00 & 66.67 & 100.00 & 66.67"));
    const CliRun reviewers = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--table"),
                                  QStringLiteral("reviewers")});
    QVERIFY(reviewers.out.contains("Left Flow,+Validator,3,100.00,50.00,66.67,50.00,66.67,1\n"));
    const CliRun lines = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                              QStringLiteral("line-format")});
    QVERIFY(lines.out.contains("| All | Inline | 100.00 | 50.00 | 66.67 | 50.00 | 66.67 | 100.00 | 1 |"));
    const CliRun cot = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                            QStringLiteral("cot")});
    QVERIFY(cot.out.contains("| Left Flow | Top-k | w/ CoT | 100.00 | 50.00 | 66.67 | 1 |"));
}

// README "## Evaluation", worked example: one merge request with an imported
// reference R (a.cpp:20) and two runs of one configuration. Run 1: c1 on R,
// c2 a line below it (a second comment on R), c3 elsewhere. Run 2: d1 at
// c.cpp:40, which an annotator flags as key bug (so the merge request has two
// key issues for both runs), d2 elsewhere.
void TestEvalCli::readmeWorkedExampleTwoRunsOfOneMergeRequest()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        const qint64 mr = *(*store)->addMergeRequest(e);
        const auto at = [](const char *id, const char *file, int line, const char *issue) {
            ReviewComment c;
            c.id = QLatin1String(id);
            c.file = QLatin1String(file);
            c.lineStart = c.lineEnd = line;
            c.issue = QLatin1String(issue);
            c.reviewers = {1};
            return c;
        };
        const qint64 ref = *(*store)->importComment(mr, at("R", "a.cpp", 20, "buffer overrun when len == cap"), QStringLiteral("ground truth"));
        QVERIFY((*store)->setReference(ref, true));
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        record.config.reviewers = 1;
        record.config.minAgreement = 1;
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QVERIFY((*store)->addRun(run, {at("c1", "a.cpp", 20, "writes past the end of buf"), at("c2", "a.cpp", 21, "len may equal cap here"),
                                       at("c3", "b.cpp", 5, "rename this variable")}));
        const qint64 run2 = *(*store)->addRun(run, {at("d1", "c.cpp", 40, "session used after it is freed"), at("d2", "b.cpp", 9, "missing const")});
        CommentQuery q;
        q.run = run2;
        const auto stored = (*store)->comments(q);
        QVERIFY(stored);
        const QList<StoredComment> comments = *stored;
        qint64 d1 = 0;
        for (const StoredComment &c : comments)
            if (c.comment.id == QLatin1String("d1"))
                d1 = c.id;
        Judgement key;
        key.comment = d1;
        key.annotator = QStringLiteral("ann");
        key.verdict = Verdict::Accept;
        key.keyBug = true;
        QVERIFY((*store)->judge(key));
    }
    const CliRun json = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject validator = QJsonDocument::fromJson(json.out)
                                      .object()
                                      .value(QStringLiteral("configurations"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("stages"))
                                      .toObject()
                                      .value(QStringLiteral("validator"))
                                      .toObject();
    const QJsonObject perRun = validator.value(QStringLiteral("per_run")).toObject();
    const QJsonArray runs = perRun.value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    // Run 1: R found, the key bug d1 not: KBI 1/2 = 50; c2 is on R (no false
    // alarm), c3 is one: FAR1 1/3 = 33.33; CPI1 = 2*50*66.67/116.67 = 57.14.
    const QJsonObject first = runs[0].toObject();
    QCOMPARE(first.value(QStringLiteral("kbi")).toDouble(), 50.0);
    QCOMPARE(first.value(QStringLiteral("far1")).toDouble(), 33.33);
    QCOMPARE(first.value(QStringLiteral("cpi1")).toDouble(), 57.14);
    QCOMPARE(first.value(QStringLiteral("key_issues")).toInt(), 2);
    // Run 2: d1 finds its own issue: KBI 50; d2 a false alarm: FAR1 50; CPI1 50.
    const QJsonObject second = runs[1].toObject();
    QCOMPARE(second.value(QStringLiteral("kbi")).toDouble(), 50.0);
    QCOMPARE(second.value(QStringLiteral("far1")).toDouble(), 50.0);
    QCOMPARE(second.value(QStringLiteral("cpi1")).toDouble(), 50.0);
    // Mean over the runs: KBI 50, FAR1 41.67, CPI1 (57.14 + 50) / 2 = 53.57; range (50, 57.14).
    QCOMPARE(perRun.value(QStringLiteral("mean")).toObject().value(QStringLiteral("far1")).toDouble(), 41.67);
    QCOMPARE(perRun.value(QStringLiteral("mean")).toObject().value(QStringLiteral("cpi1")).toDouble(), 53.57);
    QCOMPARE(perRun.value(QStringLiteral("min")).toObject().value(QStringLiteral("cpi1")).toDouble(), 50.0);
    QCOMPARE(perRun.value(QStringLiteral("max")).toObject().value(QStringLiteral("cpi1")).toDouble(), 57.14);
    // Pooled (labelled so): CPI1 of KBI 50 and FAR1 41.67 = 53.85.
    QCOMPARE(validator.value(QStringLiteral("aggregation")).toString(), QStringLiteral("pooled"));
    QCOMPARE(validator.value(QStringLiteral("cpi1")).toDouble(), 53.85);
    QCOMPARE(validator.value(QStringLiteral("key_issues")).toInt(), 4);
    const CliRun md = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                           QStringLiteral("stage-runs")});
    QVERIFY2(md.exitCode == 0, md.err.constData());
    QVERIFY2(md.out.contains("| Left Flow, 1 reviewers, top-5, CoT, inline line numbers | +Validator | 2 | 50.00 | 41.67 (33.33-50.00) | 53.57 (50.00-57.14) | 41.67 (33.33-50.00) | 53.57 (50.00-57.14) | 100.00 |"), md.out.constData());
}

// AACR-Bench Table 9's comments per patch for workspace runs: the hunks come
// from the merge request's own diff (merge base to head, three lines of
// context); a merge request without code makes the figure unavailable, said.
void TestEvalCli::workspaceCommentsPerPatchCountsTheMergeRequestsHunks()
{
    QTemporaryDir dir;
    const QString repo = dir.filePath(QStringLiteral("repo"));
    {
        auto builder = RepositoryBuilder::init(repo);
        QVERIFY(builder);
        QByteArray a, b;
        for (int i = 1; i <= 40; ++i)
            a += "line " + QByteArray::number(i) + "\n";
        b = "one\ntwo\n";
        QVERIFY(builder->commit("main", {{"a.txt", {a}}, {"b.txt", {b}}}, "base"));
        QByteArray a2 = a;
        a2.replace("line 2\n", "line two\n");   // hunk 1 of a.txt
        a2.replace("line 30\n", "line thirty\n"); // hunk 2, far enough to stay apart
        QVERIFY(builder->commit("topic", {{"a.txt", {a2}}, {"b.txt", {b + "three\n"}}}, "change", QList<ObjectId>{*builder->tip("main")}));
    }
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    qint64 withoutCode = 0;
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = repo;
        e.base = QStringLiteral("main");
        e.head = QStringLiteral("topic");
        const qint64 mr = *(*store)->addMergeRequest(e);
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QList<ReviewComment> comments;
        for (const char *id : {"c1", "c2", "c3", "c4", "c5", "c6"}) {
            ReviewComment c;
            c.id = QLatin1String(id);
            c.file = QStringLiteral("a.txt");
            c.lineStart = c.lineEnd = 2;
            c.issue = QStringLiteral("issue ") + c.id;
            comments << c;
        }
        QVERIFY((*store)->addRun(run, comments));
        e.repository = dir.filePath(QStringLiteral("gone"));
        e.head = QStringLiteral("other");
        withoutCode = *(*store)->addMergeRequest(e);
        run.mergeRequest = withoutCode;
        QVERIFY((*store)->addRun(run, comments.mid(0, 1)));
    }
    const auto validatorOf = [](const QByteArray &out) {
        return QJsonDocument::fromJson(out).object().value(QStringLiteral("configurations")).toArray().first().toObject()
            .value(QStringLiteral("stages")).toObject().value(QStringLiteral("validator")).toObject();
    };
    // Both merge requests: one has no code, so there is no per-patch figure, and the output says why.
    const CliRun both = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path});
    QVERIFY2(both.exitCode == 0, both.err.constData());
    const QJsonObject all = validatorOf(both.out);
    QVERIFY(all.value(QStringLiteral("avg_comments_per_patch")).isNull());
    QVERIFY2(all.value(QStringLiteral("avg_comments_per_patch_unavailable")).toString().contains(QStringLiteral("1 of 2")),
             qPrintable(all.value(QStringLiteral("avg_comments_per_patch_unavailable")).toString()));
    // The run on the merge request with code: 6 comments over its 3 hunks (a.txt 2, b.txt 1).
    const CliRun one = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--run"), QStringLiteral("1")});
    QVERIFY2(one.exitCode == 0, one.err.constData());
    const QJsonObject first = validatorOf(one.out);
    QCOMPARE(first.value(QStringLiteral("patches")).toInt(), 3);
    QCOMPARE(first.value(QStringLiteral("avg_comments_per_patch")).toDouble(), 2.0);
    QCOMPARE(first.value(QStringLiteral("avg_comments_per_pr")).toDouble(), 6.0);
    QVERIFY(!first.contains(QStringLiteral("avg_comments_per_patch_unavailable")));
}

void TestEvalCli::workspaceSemanticMatchThroughTheFakeServer()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        return test::FakeLlmServer::completion(r.body.contains("use after free") && r.body.contains("freed pointer") ? QStringLiteral("yes")
                                                                                                                : QStringLiteral("no"));
    });
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        const qint64 mr = *(*store)->addMergeRequest(e);
        ReviewComment ref;
        ref.file = QStringLiteral("a.cpp");
        ref.lineStart = ref.lineEnd = 5;
        ref.issue = QStringLiteral("use after free of p");
        QVERIFY((*store)->setReference(*(*store)->importComment(mr, ref, QStringLiteral("aacr")), true));
        ReviewComment same = ref;
        same.id = QStringLiteral("c1");
        same.issue = QStringLiteral("p is a freed pointer here");
        ReviewComment other = ref;
        other.id = QStringLiteral("c2");
        other.issue = QStringLiteral("naming");
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QVERIFY((*store)->addRun(run, {other, same}));
    }
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run.json")), runConfig(server.endpoint())));
    const CliRun r = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--semantic"), QStringLiteral("llm"), QStringLiteral("--config"),
                          dir.filePath(QStringLiteral("run.json")), QStringLiteral("--no-cache")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject validator = QJsonDocument::fromJson(r.out)
                                      .object()
                                      .value(QStringLiteral("configurations"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("stages"))
                                      .toObject()
                                      .value(QStringLiteral("validator"))
                                      .toObject();
    // Both comments sit on the reference's line; only c1 says the same (the judge is asked
    // about c2 first, in file order, and says no). Semantic: 1 of 2 comments, the reference found.
    const QJsonObject semantic = validator.value(QStringLiteral("semantic")).toObject();
    QCOMPARE(semantic.value(QStringLiteral("precision")).toDouble(), 50.0);
    QCOMPARE(semantic.value(QStringLiteral("recall")).toDouble(), 100.0);
    QCOMPARE(validator.value(QStringLiteral("kbi")).toDouble(), 100.0);
    // Line match alone gives the reference to c2, the first in file order.
    QCOMPARE(validator.value(QStringLiteral("line")).toObject().value(QStringLiteral("matched_comments")).toInt(), 1);
    // Two pairs asked once each, whatever the five stages.
    QCOMPARE(server.requests().size(), 2);
}

// The README's worked example, frozen before run 2 is judged (issue 33):
// `references freeze` keeps R alone; once d1 of run 2 is a key bug, the live
// set has two key issues and run 1's KBI is 50, while `eval --references
// paper-v1` gives run 1 its published 100. A name is frozen once; an
// unknown one is an error (exit 2); every output names the set.
void TestEvalCli::referencesFreezeListAndEvalAgainstTheSnapshot()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    const auto at = [](const char *id, const char *file, int line, const char *issue) {
        ReviewComment c;
        c.id = QLatin1String(id);
        c.file = QLatin1String(file);
        c.lineStart = c.lineEnd = line;
        c.issue = QLatin1String(issue);
        c.reviewers = {1};
        return c;
    };
    RunRecord record;
    record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
    record.config.reviewer.model = QStringLiteral("m");
    record.config.reviewers = 1;
    record.config.minAgreement = 1;
    StoredRun run;
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        run.mergeRequest = *(*store)->addMergeRequest(e);
        run.record = record.toJson();
        const qint64 ref = *(*store)->importComment(run.mergeRequest, at("R", "a.cpp", 20, "buffer overrun when len == cap"), QStringLiteral("ground truth"));
        QVERIFY((*store)->setReference(ref, true));
        QVERIFY((*store)->addRun(run, {at("c1", "a.cpp", 20, "writes past the end of buf"), at("c3", "b.cpp", 5, "rename this variable")}));
    }
    const QStringList freeze{QStringLiteral("references"), QStringLiteral("freeze"), QStringLiteral("--workspace"), path, QStringLiteral("--name"),
                             QStringLiteral("paper-v1"), QStringLiteral("--annotator"), QStringLiteral("ann")};
    const CliRun frozen = cli(freeze);
    QVERIFY2(frozen.exitCode == 0, frozen.err.constData());
    const QJsonObject snapshot = QJsonDocument::fromJson(frozen.out).object();
    QCOMPARE(snapshot.value(QStringLiteral("name")).toString(), QStringLiteral("paper-v1"));
    QCOMPARE(snapshot.value(QStringLiteral("author")).toString(), QStringLiteral("ann"));
    QCOMPARE(snapshot.value(QStringLiteral("references")).toInt(), 1);
    QCOMPARE(snapshot.value(QStringLiteral("merge_requests")).toInt(), 1);
    const QString fingerprint = snapshot.value(QStringLiteral("fingerprint")).toString();
    QCOMPARE(fingerprint.size(), 12);
    const CliRun twice = cli(freeze);
    QCOMPARE(twice.exitCode, 2);
    QVERIFY2(twice.err.contains("a reference snapshot named 'paper-v1' exists already"), twice.err.constData());
    const CliRun reserved = cli({QStringLiteral("references"), QStringLiteral("freeze"), QStringLiteral("--workspace"), path, QStringLiteral("--name"),
                                 QStringLiteral("key-bugs"), QStringLiteral("--annotator"), QStringLiteral("ann")});
    QCOMPARE(reserved.exitCode, 2);
    const CliRun list = cli({QStringLiteral("references"), QStringLiteral("list"), QStringLiteral("--workspace"), path});
    QVERIFY2(list.exitCode == 0, list.err.constData());
    QVERIFY2(list.out.startsWith("NAME      SET  FROZEN BY  FROZEN (UTC)"), list.out.constData());
    QVERIFY2(list.out.contains("paper-v1  all  ann"), list.out.constData());
    QVERIFY2(list.out.contains(QByteArray("  1               1           0        " + fingerprint.toUtf8())), list.out.constData());

    // Run 2; d1 judged a key bug: the live set moves.
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::OpenExisting);
        QVERIFY(store);
        const qint64 run2 = *(*store)->addRun(run, {at("d1", "c.cpp", 40, "session used after it is freed"), at("d2", "b.cpp", 9, "missing const")});
        CommentQuery q;
        q.run = run2;
        const auto comments = (*store)->comments(q);
        QVERIFY(comments);
        for (const StoredComment &c : *comments)
            if (c.comment.id == QLatin1String("d1")) {
                Judgement key;
                key.comment = c.id;
                key.annotator = QStringLiteral("ann");
                key.verdict = Verdict::Accept;
                key.keyBug = true;
                QVERIFY((*store)->judge(key));
            }
    }
    const auto firstRunKbi = [](const QByteArray &json) {
        return QJsonDocument::fromJson(json)
            .object()[QStringLiteral("configurations")]
            .toArray()
            .first()
            .toObject()[QStringLiteral("stages")]
            .toObject()[QStringLiteral("validator")]
            .toObject()[QStringLiteral("per_run")]
            .toObject()[QStringLiteral("runs")]
            .toArray()
            .first()
            .toObject()[QStringLiteral("kbi")]
            .toDouble();
    };
    const CliRun live = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path});
    QVERIFY2(live.exitCode == 0, live.err.constData());
    QCOMPARE(firstRunKbi(live.out), 50.0);
    QCOMPARE(QJsonDocument::fromJson(live.out).object()[QStringLiteral("references")].toObject()[QStringLiteral("set")].toString(), QStringLiteral("live"));
    QVERIFY2(live.err.contains("eval: References: the live set 'all'; references: 2, merge requests: 1, fingerprint: "), live.err.constData());
    const CliRun pinned = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--references"), QStringLiteral("paper-v1")});
    QVERIFY2(pinned.exitCode == 0, pinned.err.constData());
    QCOMPARE(firstRunKbi(pinned.out), 100.0);
    const QJsonObject used = QJsonDocument::fromJson(pinned.out).object()[QStringLiteral("references")].toObject();
    QCOMPARE(used[QStringLiteral("name")].toString(), QStringLiteral("paper-v1"));
    QCOMPARE(used[QStringLiteral("fingerprint")].toString(), fingerprint);
    QVERIFY2(pinned.err.contains("eval: References: snapshot 'paper-v1' (set 'all', frozen by ann on "), pinned.err.constData());
    const CliRun md = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--references"), QStringLiteral("paper-v1"),
                           QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"), QStringLiteral("stages")});
    QVERIFY2(md.exitCode == 0, md.err.constData());
    QVERIFY2(md.out.startsWith("References: snapshot 'paper-v1' (set 'all', frozen by ann on "), md.out.constData());
    QVERIFY2(md.out.contains(QByteArray("fingerprint: " + fingerprint.toUtf8() + "; the live set has moved since (references: 2, fingerprint: ")), md.out.constData());
    const CliRun unknown = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--references"), QStringLiteral("paper-v2")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("no reference snapshot 'paper-v2' in this workspace (it has: paper-v1)"), unknown.err.constData());
    const CliRun exported = cli({QStringLiteral("references"), QStringLiteral("export"), QStringLiteral("--workspace"), path, QStringLiteral("--name"),
                                 QStringLiteral("paper-v1"), QStringLiteral("--out"), dir.filePath(QStringLiteral("paper-v1.json"))});
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QFile positive(dir.filePath(QStringLiteral("paper-v1.json")));
    QVERIFY(positive.open(QIODevice::ReadOnly));
    const QJsonArray prs = QJsonDocument::fromJson(positive.readAll()).array();
    QCOMPARE(prs.size(), 1);
    QCOMPARE(prs.first()[QStringLiteral("comments")].toArray().size(), 1);
    QCOMPARE(prs.first()[QStringLiteral("comments")].toArray().first()[QStringLiteral("from_line")].toInt(), 20);
    const CliRun unknownSub = cli({QStringLiteral("references"), QStringLiteral("thaw"), QStringLiteral("--workspace"), path});
    QCOMPARE(unknownSub.exitCode, 2);
    QVERIFY2(unknownSub.err.contains("unknown subcommand 'thaw'"), unknownSub.err.constData());
}

void TestEvalCli::badUsageIsRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no input") << QStringList{} << QStringLiteral("give either --workspace or --aacr-gt");
    QTest::newRow("both inputs") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--aacr-gt"), QStringLiteral("g")}
                                 << QStringLiteral("give either");
    QTest::newRow("no folder") << QStringList{QStringLiteral("--aacr-gt"), QStringLiteral("g")} << QStringLiteral("needs --generated");
    QTest::newRow("diffs without aacr-gt") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--diffs"), QStringLiteral("d")}
                                           << QStringLiteral("--diffs goes with --aacr-gt");
    QTest::newRow("bad format") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--format"), QStringLiteral("xml")}
                                << QStringLiteral("--format must be");
    QTest::newRow("llm without config") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--semantic"), QStringLiteral("llm")}
                                        << QStringLiteral("needs --config");
    QTest::newRow("negative distance") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--line-distance"), QStringLiteral("-1")}
                                       << QStringLiteral("--line-distance");
    QTest::newRow("empty references") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--references"), QStringLiteral(" ")}
                                      << QStringLiteral("--references must be");
    QTest::newRow("snapshot with aacr-gt") << QStringList{QStringLiteral("--aacr-gt"), QStringLiteral("g"), QStringLiteral("--generated"), QStringLiteral("d"),
                                                          QStringLiteral("--references"), QStringLiteral("v1")}
                                           << QStringLiteral("--references names a workspace's references");
    QTest::newRow("bad run") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--run"), QStringLiteral("x")}
                             << QStringLiteral("is not a run id");
}

void TestEvalCli::badUsageIsRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const CliRun r = cli(QStringList{QStringLiteral("eval")} + arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
}

QTEST_GUILESS_MAIN(TestEvalCli)
void TestEvalCli::exportCommandWritesAacrGeneratedFiles()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    qint64 mr = 0;
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        mr = *(*store)->addMergeRequest(e);
        ReviewComment c;
        c.id = QStringLiteral("c1");
        c.file = QStringLiteral("src/a.cpp");
        c.lineStart = 6;
        c.lineEnd = 8;
        c.issue = QStringLiteral("off by one");
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QVERIFY((*store)->addRun(run, {c}));
    }
    const QString out = dir.filePath(QStringLiteral("generated"));
    const CliRun written = cli({QStringLiteral("export"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("aacr-generated"),
                                QStringLiteral("--out"), out});
    QVERIFY2(written.exitCode == 0, written.err.constData());
    QFile file(QDir(out).filePath(QStringLiteral("comments_r_%1.txt").arg(mr)));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(QDir(out).entryList().join(QLatin1Char(' '))));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<path>src/a.cpp</path>"));
    QVERIFY(text.contains("<from>6</from>"));
    QVERIFY(text.contains("off by one"));
    const CliRun byMr = cli({QStringLiteral("export"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("aacr-generated"),
                             QStringLiteral("--out"), out, QStringLiteral("--mr"), QString::number(mr)});
    QCOMPARE(byMr.exitCode, 2);
}

#include "tst_evalcli.moc"
