#include "CodeReviewBench.h"

#include "DatasetParsers.h"
#include "WorkspaceStore.h"
#include "ImportJson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMap>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace rd::codereviewbench {

namespace {

using importjson::badInput;
using importjson::Json;
using importjson::wrongType;

QString keyPath(const QString &where, const std::string &key)
{
    return QStringLiteral("%1[\"%2\"]").arg(where, QString::fromStdString(key).left(200));
}

QString fieldPath(const QString &where, const char *key)
{
    return where.isEmpty() ? QString::fromLatin1(key) : QString(where + QLatin1Char('.') + QLatin1String(key));
}

// A text field: required, or optional (absent or null reads as empty).
Result<QString> textAt(const Json &object, const char *key, const QString &where, bool optional)
{
    const auto it = object.find(key);
    if (it == object.end() || (optional && it->is_null())) {
        if (optional)
            return QString();
        return badInput(QCoreApplication::translate("rd::models", "%1 is missing").arg(fieldPath(where, key)));
    }
    if (!it->is_string())
        return wrongType(fieldPath(where, key), QCoreApplication::translate("rd::models", "a string"), *it);
    const std::string &s = it->get_ref<const std::string &>();
    if (static_cast<qsizetype>(s.size()) > MaxImportTextBytes)
        return badInput(QCoreApplication::translate("rd::models", "%1 is %2 bytes long; ReviewDesk imports texts of up to %3 bytes (1 MiB)").arg(fieldPath(where, key)).arg(s.size()).arg(MaxImportTextBytes));
    return QString::fromStdString(s);
}

Result<int> countAt(const Json &object, const char *key, const QString &where)
{
    const auto it = object.find(key);
    if (it == object.end())
        return badInput(QCoreApplication::translate("rd::models", "%1 is missing").arg(fieldPath(where, key)));
    if (!it->is_number_integer())
        return wrongType(fieldPath(where, key), QCoreApplication::translate("rd::models", "a whole number"), *it);
    const auto v = it->get<long long>();
    if (v < 0 || v > 1'000'000)
        return badInput(QCoreApplication::translate("rd::models", "%1: %2 is not a count").arg(fieldPath(where, key)).arg(v));
    return static_cast<int>(v);
}

Result<const Json *> arrayAt(const Json &object, const char *key, const QString &where)
{
    const auto it = object.find(key);
    if (it == object.end())
        return badInput(QCoreApplication::translate("rd::models", "%1 is missing").arg(fieldPath(where, key)));
    if (!it->is_array())
        return wrongType(fieldPath(where, key), QCoreApplication::translate("rd::models", "an array"), *it);
    return &*it;
}

Result<const Json *> objectRoot(const Json &json, const QString &expected)
{
    if (!json.is_object())
        return wrongType(QCoreApplication::translate("rd::models", "the top level"), expected, json);
    return &json;
}

QByteArray compactJson(const Json &j)
{
    return QByteArray::fromStdString(j.dump());
}

QString shortText(const QString &text)
{
    return text.size() > 80 ? text.left(77) + QStringLiteral("...") : text;
}

// The pull request's page without "/pull/N": what the repository is.
QString repositoryOf(const QString &url)
{
    const qsizetype pull = url.indexOf(QLatin1String("/pull/"));
    return pull > 0 ? url.left(pull) : url;
}

Result<QByteArray> readBytes(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "cannot read %1: %2").arg(QDir::toNativeSeparators(file), f.errorString())};
    if (f.size() > MaxImportFileBytes)
        return badInput(QCoreApplication::translate("rd::models", "%1 is %2 MiB; ReviewDesk imports files up to %3 MiB").arg(QDir::toNativeSeparators(file)).arg(f.size() / (1024 * 1024)).arg(MaxImportFileBytes / (1024 * 1024)));
    return f.readAll();
}

// Each pull request of one golden file, in its order.
struct GoldenFile
{
    QString name; // golden_comments/<name>.json: the project
    QList<GoldenPullRequest> pullRequests;
};

// One judge's two files.
struct JudgeFiles
{
    QString name;
    QList<std::pair<QString, QList<ToolCandidates>>> candidates;
    QList<std::pair<QString, QList<ToolEvaluation>>> evaluations;
};

Error inBenchmarkFile(const QString &relative, const Error &e)
{
    return Error{e.kind, QStringLiteral("%1: %2").arg(relative, e.message)};
}

// One evaluation of one tool on one pull request, made into the judge's
// review: every candidate with its verdict, and the matches.
Result<BenchmarkReview> reviewOf(const QString &judge, const ToolEvaluation &evaluation, const ToolCandidates *listed, const GoldenPullRequest &golden,
                                 const QString &where)
{
    BenchmarkReview review;
    review.judge = judge;
    review.reviewer = evaluation.tool;
    review.skipped = evaluation.skipped;
    review.errors = evaluation.errors;
    review.record = evaluation.record;
    if (evaluation.skipped)
        return review;

    QSet<QString> goldens;
    for (const BenchmarkReference &r : golden.comments)
        goldens.insert(r.text);
    // Every golden comment is found or missed, once.
    QSet<QString> decided;
    const auto decide = [&](const QString &text, const QString &field) -> std::optional<Error> {
        if (!goldens.contains(text))
            return badInput(QCoreApplication::translate("rd::models", "%1: \"%2\" is not one of the pull request's golden comments").arg(field, shortText(text)));
        if (decided.contains(text))
            return badInput(QCoreApplication::translate("rd::models", "%1: \"%2\" is decided twice (true positive and false negative lists)").arg(field, shortText(text)));
        decided.insert(text);
        return std::nullopt;
    };
    for (int i = 0; i < evaluation.truePositives.size(); ++i)
        if (auto e = decide(evaluation.truePositives[i].golden, QStringLiteral("%1.true_positives[%2].golden_comment").arg(where).arg(i)))
            return *e;
    for (int i = 0; i < evaluation.falseNegatives.size(); ++i)
        if (auto e = decide(evaluation.falseNegatives[i], QStringLiteral("%1.false_negatives[%2].golden_comment").arg(where).arg(i)))
            return *e;
    for (const BenchmarkReference &r : golden.comments)
        if (!decided.contains(r.text))
            return badInput(QCoreApplication::translate("rd::models", "%1: the golden comment \"%2\" is in neither true_positives nor false_negatives").arg(where, shortText(r.text)));

    // The judge's candidates: its candidate list, or (a tool the list does
    // not have) what the evaluation names, as the judge then read the
    // tool's raw comments.
    QList<BenchmarkCandidate> candidates;
    QHash<QString, int> candidateIndex;
    const auto addCandidate = [&](const QString &text, const Candidate *from) {
        BenchmarkCandidate c;
        c.text = text;
        c.position = static_cast<int>(candidates.size());
        if (from) {
            c.file = from->path;
            c.line = from->line;
            c.record = from->record;
            c.position = from->position;
        }
        candidateIndex.insert(text, static_cast<int>(candidates.size()));
        candidates << c;
    };
    if (listed) {
        for (const Candidate &c : listed->candidates)
            addCandidate(c.text, &c);
    } else {
        for (const TruePositive &tp : evaluation.truePositives)
            if (!candidateIndex.contains(tp.candidate))
                addCandidate(tp.candidate, nullptr);
        for (const QString &fp : evaluation.falsePositives)
            if (!candidateIndex.contains(fp))
                addCandidate(fp, nullptr);
    }
    QSet<QString> matched;
    for (int i = 0; i < evaluation.truePositives.size(); ++i) {
        const TruePositive &tp = evaluation.truePositives[i];
        if (!candidateIndex.contains(tp.candidate))
            return badInput(QCoreApplication::translate("rd::models", "%1.true_positives[%2].matched_candidate: \"%3\" is not one of the tool's candidates in candidates.json")
                                .arg(where)
                                .arg(i)
                                .arg(shortText(tp.candidate)));
        matched.insert(tp.candidate);
        review.matches << BenchmarkMatch{tp.candidate, tp.golden, tp.confidence, tp.reasoning};
    }
    QSet<QString> unmatched;
    for (int i = 0; i < evaluation.falsePositives.size(); ++i) {
        const QString &fp = evaluation.falsePositives[i];
        const QString field = QStringLiteral("%1.false_positives[%2].candidate").arg(where).arg(i);
        if (!candidateIndex.contains(fp))
            return badInput(QCoreApplication::translate("rd::models", "%1: \"%2\" is not one of the tool's candidates in candidates.json").arg(field, shortText(fp)));
        if (matched.contains(fp))
            return badInput(QCoreApplication::translate("rd::models", "%1: \"%2\" is also a matched candidate of a true positive").arg(field, shortText(fp)));
        if (unmatched.contains(fp))
            return badInput(QCoreApplication::translate("rd::models", "%1: \"%2\" is listed twice").arg(field, shortText(fp)));
        unmatched.insert(fp);
    }
    for (BenchmarkCandidate &c : candidates)
        c.verdict = matched.contains(c.text) ? CandidateVerdict::Matched
                    : unmatched.contains(c.text) ? CandidateVerdict::Unmatched
                                                 : CandidateVerdict::Superseded;
    review.candidates = candidates;
    return review;
}

} // namespace

Result<QList<GoldenPullRequest>> parseGoldenComments(const QByteArray &bytes)
{
    auto json = importjson::parse(bytes);
    if (!json)
        return json.error();
    if (!json->is_array())
        return wrongType(QCoreApplication::translate("rd::models", "the top level"), QCoreApplication::translate("rd::models", "an array of pull requests"), *json);
    QList<GoldenPullRequest> out;
    QSet<QString> urls;
    for (std::size_t i = 0; i < json->size(); ++i) {
        const Json &pr = (*json)[i];
        const QString where = QStringLiteral("[%1]").arg(i);
        if (!pr.is_object())
            return wrongType(where, QCoreApplication::translate("rd::models", "an object"), pr);
        GoldenPullRequest g;
        auto url = textAt(pr, "url", where, false);
        if (!url)
            return url.error();
        g.url = url->trimmed();
        if (g.url.isEmpty())
            return badInput(QCoreApplication::translate("rd::models", "%1.url is empty").arg(where));
        if (urls.contains(g.url))
            return badInput(QCoreApplication::translate("rd::models", "%1.url: %2 appears twice in the file").arg(where, g.url));
        urls.insert(g.url);
        auto original = textAt(pr, "original_url", where, true);
        if (!original)
            return original.error();
        g.originalUrl = original->trimmed();
        auto title = textAt(pr, "pr_title", where, true);
        if (!title)
            return title.error();
        g.title = *title;
        auto comments = arrayAt(pr, "comments", where);
        if (!comments)
            return comments.error();
        QSet<QString> texts;
        for (std::size_t c = 0; c < (*comments)->size(); ++c) {
            const Json &comment = (**comments)[c];
            const QString at = QStringLiteral("%1.comments[%2]").arg(where).arg(c);
            if (!comment.is_object())
                return wrongType(at, QCoreApplication::translate("rd::models", "an object"), comment);
            auto text = textAt(comment, "comment", at, false);
            if (!text)
                return text.error();
            if (text->trimmed().isEmpty())
                return badInput(QCoreApplication::translate("rd::models", "%1.comment is empty").arg(at));
            auto severity = textAt(comment, "severity", at, true);
            if (!severity)
                return severity.error();
            // The judge keys golden comments by their text: a repeated one is one issue.
            if (texts.contains(*text))
                continue;
            texts.insert(*text);
            g.comments << BenchmarkReference{*text, *severity, compactJson(comment)};
        }
        g.record = compactJson(pr);
        out << g;
    }
    return out;
}

Result<QList<std::pair<QString, QList<Label>>>> parseLabels(const QByteArray &bytes)
{
    auto json = importjson::parse(bytes);
    if (!json)
        return json.error();
    auto root = objectRoot(*json, QCoreApplication::translate("rd::models", "an object from pull request to its labels"));
    if (!root)
        return root.error();
    // The dashboard's dimensions (analysis/benchmark_dashboard.py, prepare_model_data).
    static const std::pair<const char *, const char *> llmLabels[] = {
        {"pr_size_category", "pr_size"}, {"domain", "domain"}, {"change_type", "change_type"}, {"code_complexity", "complexity"},
        {"review_difficulty", "difficulty"}, {"risk_level", "risk"}, {"requires_context", "context"}, {"primary_concern", "concern"}};
    QList<std::pair<QString, QList<Label>>> out;
    for (auto it = json->begin(); it != json->end(); ++it) {
        const QString where = keyPath(QString(), it.key());
        if (!it->is_object())
            return wrongType(where, QCoreApplication::translate("rd::models", "an object"), *it);
        QList<Label> labels;
        if (const auto derived = it->find("derived"); derived != it->end() && !derived->is_null()) {
            if (!derived->is_object())
                return wrongType(where + QStringLiteral(".derived"), QCoreApplication::translate("rd::models", "an object"), *derived);
            auto language = textAt(*derived, "language", where + QStringLiteral(".derived"), true);
            if (!language)
                return language.error();
            if (!language->isEmpty())
                labels << Label{QStringLiteral("language"), *language};
        }
        if (const auto llm = it->find("llm_pr_labels"); llm != it->end() && !llm->is_null()) {
            const QString at = where + QStringLiteral(".llm_pr_labels");
            if (!llm->is_object())
                return wrongType(at, QCoreApplication::translate("rd::models", "an object"), *llm);
            for (const auto &[key, name] : llmLabels) {
                auto value = textAt(*llm, key, at, true);
                if (!value)
                    return value.error();
                if (!value->isEmpty())
                    labels << Label{QLatin1String(name), *value};
            }
            if (const auto bugs = llm->find("bug_categories"); bugs != llm->end() && !bugs->is_null()) {
                if (!bugs->is_array())
                    return wrongType(at + QStringLiteral(".bug_categories"), QCoreApplication::translate("rd::models", "an array"), *bugs);
                for (std::size_t b = 0; b < bugs->size(); ++b) {
                    if (!(*bugs)[b].is_string())
                        return wrongType(at + QStringLiteral(".bug_categories[%1]").arg(b), QCoreApplication::translate("rd::models", "a string"), (*bugs)[b]);
                    const Label label{QStringLiteral("bug_category"), QString::fromStdString((*bugs)[b].get<std::string>())};
                    if (!label.second.isEmpty() && !labels.contains(label))
                        labels << label;
                }
            }
        }
        out.append({QString::fromStdString(it.key()), labels});
    }
    return out;
}

Result<QList<std::pair<QString, QList<ToolCandidates>>>> parseCandidates(const QByteArray &bytes)
{
    auto json = importjson::parse(bytes);
    if (!json)
        return json.error();
    auto root = objectRoot(*json, QCoreApplication::translate("rd::models", "an object from pull request to each tool's candidates"));
    if (!root)
        return root.error();
    QList<std::pair<QString, QList<ToolCandidates>>> out;
    for (auto pr = json->begin(); pr != json->end(); ++pr) {
        const QString where = keyPath(QString(), pr.key());
        if (!pr->is_object())
            return wrongType(where, QCoreApplication::translate("rd::models", "an object from tool to its candidates"), *pr);
        QList<ToolCandidates> tools;
        for (auto tool = pr->begin(); tool != pr->end(); ++tool) {
            const QString at = keyPath(where, tool.key());
            if (tool.key().empty())
                return badInput(QCoreApplication::translate("rd::models", "%1: a tool without a name").arg(at));
            if (!tool->is_array())
                return wrongType(at, QCoreApplication::translate("rd::models", "an array of candidates"), *tool);
            ToolCandidates t;
            t.tool = QString::fromStdString(tool.key());
            QSet<QString> texts;
            for (std::size_t i = 0; i < tool->size(); ++i) {
                const Json &c = (*tool)[i];
                const QString field = QStringLiteral("%1[%2]").arg(at).arg(i);
                if (!c.is_object())
                    return wrongType(field, QCoreApplication::translate("rd::models", "an object"), c);
                auto text = textAt(c, "text", field, true);
                if (!text)
                    return text.error();
                auto path = textAt(c, "path", field, true);
                if (!path)
                    return path.error();
                if (!path->isEmpty())
                    if (const QString problem = importPathProblem(*path); !problem.isEmpty())
                        return badInput(QStringLiteral("%1.path: %2").arg(field, problem));
                int line = 0;
                if (const auto l = c.find("line"); l != c.end() && !l->is_null()) {
                    if (!l->is_number_integer())
                        return wrongType(field + QStringLiteral(".line"), QCoreApplication::translate("rd::models", "a whole number or null"), *l);
                    const auto v = l->get<long long>();
                    if (v < 0 || v > 100'000'000)
                        return badInput(QCoreApplication::translate("rd::models", "%1.line: %2 is not a line number").arg(field).arg(v));
                    line = static_cast<int>(v);
                }
                // The judge reads the candidates with a text, each text once.
                if (text->isEmpty()) {
                    ++t.withoutText;
                    continue;
                }
                if (texts.contains(*text))
                    continue;
                texts.insert(*text);
                t.candidates << Candidate{*text, *path, line, compactJson(c), static_cast<int>(i)};
            }
            tools << t;
        }
        out.append({QString::fromStdString(pr.key()), tools});
    }
    return out;
}

Result<QList<std::pair<QString, QList<ToolEvaluation>>>> parseEvaluations(const QByteArray &bytes)
{
    auto json = importjson::parse(bytes);
    if (!json)
        return json.error();
    auto root = objectRoot(*json, QCoreApplication::translate("rd::models", "an object from pull request to each tool's evaluation"));
    if (!root)
        return root.error();
    QList<std::pair<QString, QList<ToolEvaluation>>> out;
    for (auto pr = json->begin(); pr != json->end(); ++pr) {
        const QString where = keyPath(QString(), pr.key());
        if (!pr->is_object())
            return wrongType(where, QCoreApplication::translate("rd::models", "an object from tool to its evaluation"), *pr);
        QList<ToolEvaluation> tools;
        for (auto tool = pr->begin(); tool != pr->end(); ++tool) {
            const QString at = keyPath(where, tool.key());
            if (tool.key().empty())
                return badInput(QCoreApplication::translate("rd::models", "%1: a tool without a name").arg(at));
            if (!tool->is_object())
                return wrongType(at, QCoreApplication::translate("rd::models", "an object"), *tool);
            ToolEvaluation e;
            e.tool = QString::fromStdString(tool.key());
            e.record = compactJson(*tool);
            auto named = textAt(*tool, "tool", at, true);
            if (!named)
                return named.error();
            if (!named->isEmpty() && *named != e.tool)
                return badInput(QCoreApplication::translate("rd::models", "%1.tool: \"%2\" under the key of tool \"%3\"").arg(at, named->left(80), e.tool));
            if (const auto skipped = tool->find("skipped"); skipped != tool->end() && !skipped->is_null()) {
                if (!skipped->is_boolean())
                    return wrongType(at + QStringLiteral(".skipped"), QCoreApplication::translate("rd::models", "true or false"), *skipped);
                e.skipped = skipped->get<bool>();
            }
            if (const auto errors = tool->find("errors"); errors != tool->end() && !errors->is_null()) {
                if (!errors->is_array())
                    return wrongType(at + QStringLiteral(".errors"), QCoreApplication::translate("rd::models", "an array"), *errors);
                e.errors = static_cast<int>(errors->size());
            }
            if (e.skipped) {
                tools << e;
                continue;
            }
            for (const auto &[key, into] : {std::pair{"tp", &e.tp}, std::pair{"fp", &e.fp}, std::pair{"fn", &e.fn}}) {
                auto n = countAt(*tool, key, at);
                if (!n)
                    return n.error();
                *into = *n;
            }
            auto tps = arrayAt(*tool, "true_positives", at);
            if (!tps)
                return tps.error();
            for (std::size_t i = 0; i < (*tps)->size(); ++i) {
                const Json &tp = (**tps)[i];
                const QString field = QStringLiteral("%1.true_positives[%2]").arg(at).arg(i);
                if (!tp.is_object())
                    return wrongType(field, QCoreApplication::translate("rd::models", "an object"), tp);
                TruePositive t;
                auto golden = textAt(tp, "golden_comment", field, false);
                if (!golden)
                    return golden.error();
                auto candidate = textAt(tp, "matched_candidate", field, false);
                if (!candidate)
                    return candidate.error();
                auto reasoning = textAt(tp, "reasoning", field, true);
                if (!reasoning)
                    return reasoning.error();
                t.golden = *golden;
                t.candidate = *candidate;
                t.reasoning = *reasoning;
                if (const auto c = tp.find("confidence"); c != tp.end() && !c->is_null()) {
                    if (!c->is_number())
                        return wrongType(field + QStringLiteral(".confidence"), QCoreApplication::translate("rd::models", "a number from 0 to 1"), *c);
                    const double v = c->get<double>();
                    if (!std::isfinite(v) || v < 0 || v > 1)
                        return badInput(QCoreApplication::translate("rd::models", "%1.confidence: %2 is not from 0 to 1").arg(field).arg(v));
                    t.confidence = v;
                }
                e.truePositives << t;
            }
            auto fps = arrayAt(*tool, "false_positives", at);
            if (!fps)
                return fps.error();
            for (std::size_t i = 0; i < (*fps)->size(); ++i) {
                const Json &fp = (**fps)[i];
                const QString field = QStringLiteral("%1.false_positives[%2]").arg(at).arg(i);
                if (!fp.is_object())
                    return wrongType(field, QCoreApplication::translate("rd::models", "an object"), fp);
                auto candidate = textAt(fp, "candidate", field, false);
                if (!candidate)
                    return candidate.error();
                e.falsePositives << *candidate;
            }
            auto fns = arrayAt(*tool, "false_negatives", at);
            if (!fns)
                return fns.error();
            for (std::size_t i = 0; i < (*fns)->size(); ++i) {
                const Json &fn = (**fns)[i];
                const QString field = QStringLiteral("%1.false_negatives[%2]").arg(at).arg(i);
                if (!fn.is_object())
                    return wrongType(field, QCoreApplication::translate("rd::models", "an object"), fn);
                auto golden = textAt(fn, "golden_comment", field, false);
                if (!golden)
                    return golden.error();
                e.falseNegatives << *golden;
            }
            // The leaderboard sums the counts; the verdicts come from the lists: they must agree.
            for (const auto &[key, count, listed] : {std::tuple{"tp", e.tp, e.truePositives.size()}, std::tuple{"fp", e.fp, e.falsePositives.size()},
                                                     std::tuple{"fn", e.fn, e.falseNegatives.size()}})
                if (count != listed)
                    return badInput(QCoreApplication::translate("rd::models", "%1.%2 is %3, but its list names %4").arg(at, QLatin1String(key)).arg(count).arg(listed));
            tools << e;
        }
        out.append({QString::fromStdString(pr.key()), tools});
    }
    return out;
}

Result<ReadOutcome> readFolder(const QString &folder)
{
    const QDir dir(folder);
    if (!dir.exists())
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "no such folder")};
    const QDir goldenDir(dir.filePath(QStringLiteral("golden_comments")));
    const QStringList goldenNames = goldenDir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    if (goldenNames.isEmpty())
        return badInput(QCoreApplication::translate("rd::models", "no golden_comments/*.json: not Code Review Bench's offline layout (golden_comments/, results/<judge>/)"));

    ReadOutcome out;
    // Golden comments: the pull requests and their references.
    QList<GoldenFile> golden;
    QHash<QString, std::pair<int, int>> byKey; // url or original url -> (file, pull request)
    for (const QString &name : goldenNames) {
        const QString relative = QStringLiteral("golden_comments/") + name;
        auto bytes = readBytes(goldenDir.filePath(name));
        if (!bytes)
            return bytes.error();
        auto parsed = parseGoldenComments(*bytes);
        if (!parsed)
            return inBenchmarkFile(relative, parsed.error());
        GoldenFile file{QFileInfo(name).completeBaseName(), *parsed};
        for (int i = 0; i < file.pullRequests.size(); ++i) {
            const GoldenPullRequest &pr = file.pullRequests[i];
            if (const auto before = byKey.constFind(pr.url); before != byKey.cend())
                return badInput(QCoreApplication::translate("rd::models", "%1: %2 is also in golden_comments/%3.json; each pull request must be in one file").arg(relative, pr.url, golden[before->first].name));
            byKey.insert(pr.url, {int(golden.size()), i});
        }
        golden << file;
    }
    // The results files name a pull request by the golden file's url, or by its original.
    for (int f = 0; f < golden.size(); ++f)
        for (int i = 0; i < golden[f].pullRequests.size(); ++i)
            if (const QString &original = golden[f].pullRequests[i].originalUrl; !original.isEmpty() && !byKey.contains(original))
                byKey.insert(original, {f, i});

    // Each judge's candidates and evaluations.
    QList<JudgeFiles> judges;
    const QDir results(dir.filePath(QStringLiteral("results")));
    for (const QString &name : results.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir judgeDir(results.filePath(name));
        const bool hasCandidates = judgeDir.exists(QStringLiteral("candidates.json"));
        const bool hasEvaluations = judgeDir.exists(QStringLiteral("evaluations.json"));
        const QString relative = QStringLiteral("results/") + name;
        if (!hasCandidates && !hasEvaluations) {
            out.notes << QCoreApplication::translate("rd::models", "%1 has neither candidates.json nor evaluations.json: not a judge's folder, left out").arg(relative);
            continue;
        }
        if (hasCandidates != hasEvaluations)
            return badInput(QCoreApplication::translate("rd::models", "%1 has %2 but no %3: a judge's folder needs both").arg(relative, hasCandidates ? QStringLiteral("candidates.json") : QStringLiteral("evaluations.json"),
                                                                                         hasCandidates ? QStringLiteral("evaluations.json") : QStringLiteral("candidates.json")));
        if (name.compare(QLatin1String("people"), Qt::CaseInsensitive) == 0)
            return badInput(QCoreApplication::translate("rd::models", "%1: \"people\" names people's own verdicts in ReviewDesk; rename the judge's folder").arg(relative));
        JudgeFiles judge;
        judge.name = name;
        auto candidateBytes = readBytes(judgeDir.filePath(QStringLiteral("candidates.json")));
        if (!candidateBytes)
            return candidateBytes.error();
        auto candidates = parseCandidates(*candidateBytes);
        if (!candidates)
            return inBenchmarkFile(relative + QStringLiteral("/candidates.json"), candidates.error());
        judge.candidates = *candidates;
        auto evaluationBytes = readBytes(judgeDir.filePath(QStringLiteral("evaluations.json")));
        if (!evaluationBytes)
            return evaluationBytes.error();
        auto evaluations = parseEvaluations(*evaluationBytes);
        if (!evaluations)
            return inBenchmarkFile(relative + QStringLiteral("/evaluations.json"), evaluations.error());
        judge.evaluations = *evaluations;
        judges << judge;
    }
    if (judges.isEmpty())
        out.notes << QCoreApplication::translate("rd::models", "no judge's results (results/<judge>/candidates.json and evaluations.json): only the golden comments are imported");

    // Labels, by the golden file's key.
    QHash<QString, QList<Label>> labels;
    QHash<QString, QByteArray> labelRecords;
    const QString labelsFile = results.filePath(QStringLiteral("pr_labels.json"));
    if (QFileInfo::exists(labelsFile)) {
        auto bytes = readBytes(labelsFile);
        if (!bytes)
            return bytes.error();
        auto parsed = parseLabels(*bytes);
        if (!parsed)
            return inBenchmarkFile(QStringLiteral("results/pr_labels.json"), parsed.error());
        // Each entry as read, kept for export (the labels above are what ReviewDesk reads of it).
        QHash<QString, QByteArray> records;
        if (auto whole = importjson::parse(*bytes))
            for (auto it = whole->begin(); it != whole->end(); ++it)
                records.insert(QString::fromStdString(it.key()), compactJson(*it));
        QStringList unknown;
        for (const auto &[key, list] : std::as_const(*parsed)) {
            const auto at = byKey.constFind(key);
            if (at == byKey.cend()) {
                unknown << key;
                continue;
            }
            labels.insert(golden[at->first].pullRequests[at->second].url, list);
            labelRecords.insert(golden[at->first].pullRequests[at->second].url, records.value(key));
        }
        if (!unknown.isEmpty())
            out.notes << QCoreApplication::translate("rd::models", "results/pr_labels.json: labels of %n pull request(s) in no golden comments file, left out: %1", nullptr,
                                                     int(unknown.size()))
                             .arg(unknown.join(QStringLiteral(", ")));
    } else {
        out.notes << QCoreApplication::translate("rd::models", "results/pr_labels.json is missing: the merge requests carry no labels (language, size, domain, ...)");
    }

    // The pull requests, each with every judge's reviews of it.
    BenchmarkImport &import = out.import;
    import.format = QStringLiteral("code-review-bench");
    import.source = QFileInfo(QDir::cleanPath(dir.absolutePath())).fileName();
    QHash<QString, int> pullRequestIndex; // golden url -> import.pullRequests
    int position = 0;
    for (const GoldenFile &file : std::as_const(golden))
        for (const GoldenPullRequest &pr : file.pullRequests) {
            BenchmarkPullRequest p;
            p.position = position++;
            p.record = pr.record;
            p.references = pr.comments;
            MergeRequestEntry &e = p.entry;
            e.url = pr.url;
            e.repository = repositoryOf(pr.url);
            const QString number = pr.url.section(QStringLiteral("/pull/"), 1).section(QLatin1Char('/'), 0, 0);
            e.base = number.isEmpty() ? QStringLiteral("base of %1").arg(pr.url) : QStringLiteral("pull/%1/base").arg(number);
            e.head = number.isEmpty() ? pr.url : QStringLiteral("pull/%1/head").arg(number);
            e.title = pr.title;
            e.codeLinked = false;
            p.labels << Label{QStringLiteral("project"), file.name};
            p.labelsRecord = labelRecords.value(pr.url);
            for (const Label &l : labels.value(pr.url)) {
                p.labels << l;
                if (l.first == QLatin1String("language"))
                    e.language = l.second;
                else if (l.first == QLatin1String("domain"))
                    e.prCategory = l.second;
            }
            pullRequestIndex.insert(pr.url, static_cast<int>(import.pullRequests.size()));
            import.pullRequests << p;
        }

    int withoutText = 0;
    for (const JudgeFiles &judge : std::as_const(judges)) {
        const QString relative = QStringLiteral("results/") + judge.name;
        import.judges << judge.name;
        QHash<QString, const QList<ToolCandidates> *> candidatesOf;
        for (const auto &[key, tools] : judge.candidates)
            candidatesOf.insert(key, &tools);
        QSet<QString> evaluated;
        int reviewPosition = 0;
        for (const auto &[key, tools] : judge.evaluations) {
            const QString where = keyPath(QString(), key.toStdString());
            const auto at = byKey.constFind(key);
            if (at == byKey.cend())
                return badInput(QCoreApplication::translate("rd::models", "%1/evaluations.json: %2: the pull request is in no golden comments file").arg(relative, where));
            const GoldenPullRequest &pr = golden[at->first].pullRequests[at->second];
            const QList<ToolCandidates> *listed = candidatesOf.value(key);
            if (!listed)
                return badInput(QCoreApplication::translate("rd::models", "%1: the pull request %2 is in evaluations.json but not in candidates.json").arg(relative, key));
            evaluated.insert(key);
            for (const ToolCandidates &t : *listed)
                if (std::none_of(tools.cbegin(), tools.cend(), [&](const ToolEvaluation &e) { return e.tool == t.tool; }))
                    return badInput(QCoreApplication::translate("rd::models", "%1: candidates.json has candidates of %2 on %3, which evaluations.json does not evaluate").arg(relative, t.tool, key));
            BenchmarkPullRequest &target = import.pullRequests[pullRequestIndex.value(pr.url)];
            for (const ToolEvaluation &evaluation : tools) {
                const ToolCandidates *own = nullptr;
                for (const ToolCandidates &t : *listed)
                    if (t.tool == evaluation.tool)
                        own = &t;
                auto review = reviewOf(judge.name, evaluation, own, pr, keyPath(where, evaluation.tool.toStdString()));
                if (!review)
                    return inBenchmarkFile(relative + QStringLiteral("/evaluations.json"), review.error());
                review->position = reviewPosition++;
                if (own)
                    withoutText += own->withoutText;
                target.reviews << *review;
            }
        }
        for (const auto &[key, tools] : judge.candidates)
            if (!evaluated.contains(key))
                return badInput(QCoreApplication::translate("rd::models", "%1: the pull request %2 is in candidates.json but not in evaluations.json").arg(relative, key));
    }
    if (withoutText > 0)
        out.notes << QCoreApplication::translate("rd::models", "%n candidate(s) without text left out, as the benchmark's judge leaves them out", nullptr, withoutText);
    int unjudged = 0;
    for (const BenchmarkPullRequest &p : std::as_const(import.pullRequests))
        if (p.reviews.isEmpty())
            ++unjudged;
    if (unjudged > 0 && !judges.isEmpty())
        out.notes << QCoreApplication::translate("rd::models", "%n pull request(s) of the golden comments no judge evaluated: imported with their references only",
                                                 nullptr, unjudged);
    return out;
}

Result<QStringList> writeFolder(const WorkspaceStore &store, const QString &folder)
{
    const QString format = QStringLiteral("code-review-bench");
    auto records = store.exchangeRecords();
    if (!records)
        return records.error();
    auto entries = store.mergeRequests();
    if (!entries)
        return entries.error();
    auto labels = store.mergeRequestLabels();
    if (!labels)
        return labels.error();
    auto reviews = store.judgedReviews();
    if (!reviews)
        return reviews.error();
    QHash<qint64, QString> urlOf, projectOf;
    for (const MergeRequestEntry &e : std::as_const(*entries))
        urlOf.insert(e.id, e.url);
    for (const MergeRequestLabel &l : std::as_const(*labels))
        if (l.name == QLatin1String("project"))
            projectOf.insert(l.mergeRequest, l.value);
    const auto parsed = [](const QByteArray &record) { return Json::parse(record.constBegin(), record.constEnd(), nullptr, false); };

    // Golden files by project, pull requests in their order; the labels file.
    QMap<QString, QMap<int, Json>> golden;
    QMap<int, std::pair<QString, Json>> labelRecords;
    for (const ExchangeRecord &r : std::as_const(*records)) {
        if (r.dataset == format)
            golden[projectOf.value(r.mergeRequest, QStringLiteral("golden"))].insert(r.position, parsed(r.record));
        else if (r.dataset == format + QStringLiteral("-labels"))
            labelRecords.insert(r.position, {urlOf.value(r.mergeRequest), parsed(r.record)});
    }
    if (golden.isEmpty())
        return badInput(QCoreApplication::translate("rd::models", "the workspace holds no Code Review Bench import to export"));

    // Each judge's reviews in the order its evaluations file had them.
    QMap<QString, QList<const JudgedReview *>> byJudge;
    for (const JudgedReview &r : std::as_const(*reviews))
        byJudge[r.judge] << &r;
    struct File
    {
        QString relative;
        Json json;
    };
    QList<File> files;
    for (auto g = golden.cbegin(); g != golden.cend(); ++g) {
        Json list = Json::array();
        for (const Json &pr : g.value())
            list.push_back(pr);
        files << File{QStringLiteral("golden_comments/%1.json").arg(g.key()), list};
    }
    if (!labelRecords.isEmpty()) {
        Json object = Json::object();
        for (const auto &[url, record] : std::as_const(labelRecords))
            object[url.toStdString()] = record;
        files << File{QStringLiteral("results/pr_labels.json"), object};
    }
    for (auto j = byJudge.begin(); j != byJudge.end(); ++j) {
        QList<const JudgedReview *> &list = j.value();
        std::stable_sort(list.begin(), list.end(), [](const JudgedReview *a, const JudgedReview *b) { return a->position < b->position; });
        Json evaluations = Json::object(), candidates = Json::object();
        for (const JudgedReview *r : std::as_const(list)) {
            const std::string url = urlOf.value(r->mergeRequest).toStdString();
            const std::string tool = r->reviewer.toStdString();
            evaluations[url][tool] = parsed(r->record);
            QList<JudgedCandidate> listed;
            for (const JudgedCandidate &c : r->candidates)
                if (!c.record.isEmpty())
                    listed << c;
            if (listed.isEmpty())
                continue; // judged on the tool's raw comments: no candidate list
            std::stable_sort(listed.begin(), listed.end(), [](const JudgedCandidate &a, const JudgedCandidate &b) { return a.position < b.position; });
            Json array = Json::array();
            for (const JudgedCandidate &c : std::as_const(listed))
                array.push_back(parsed(c.record));
            candidates[url][tool] = array;
        }
        for (const auto &[name, json] : {std::pair{QStringLiteral("candidates.json"), &candidates}, std::pair{QStringLiteral("evaluations.json"), &evaluations}})
            files << File{QStringLiteral("results/%1/%2").arg(j.key(), name), *json};
    }
    QStringList written;
    for (const File &f : std::as_const(files)) {
        const QString path = QDir(folder).filePath(f.relative);
        if (!QDir().mkpath(QFileInfo(path).absolutePath()))
            return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "cannot make the folder of %1").arg(QDir::toNativeSeparators(path))};
        QSaveFile out(path);
        const QByteArray bytes = QByteArray::fromStdString(f.json.dump(2)) + '\n';
        if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
            return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "cannot write %1: %2").arg(QDir::toNativeSeparators(path), out.errorString())};
        written << path;
    }
    return written;
}

} // namespace rd::codereviewbench
