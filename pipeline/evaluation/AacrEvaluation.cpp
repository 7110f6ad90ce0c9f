#include "AacrEvaluation.h"
#include "FigureJson.h"

#include "AacrRunner.h"

#include <AacrGenerated.h>
#include <EvalMetrics.h>
#include <PythonRound.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace rd::eval {

namespace {

// _calculate_rate() rounded by round(x, 3), as get_evaluator_ans_from_json() writes its rates.
double rate(int part, int whole)
{
    return whole > 0 ? pythonRound(double(part) / double(whole), 3) : 0.0;
}

QJsonObject aacrPrfJson(const PrecisionRecall &p)
{
    return QJsonObject{{QStringLiteral("precision"), figureJson(p.precision.percent())},
                       {QStringLiteral("recall"), figureJson(p.recall.percent())},
                       {QStringLiteral("f1"), figureJson(p.f1())}};
}

// The upstream field names and rates for one PR or the total.
void putUpstream(QJsonObject &o, const UpstreamCounts &c)
{
    o.insert(QStringLiteral("positive_expected_nums"), c.positiveExpected);
    o.insert(QStringLiteral("total_generated_nums"), c.totalGenerated);
    o.insert(QStringLiteral("positive_match_nums"), c.positiveMatch);
    o.insert(QStringLiteral("positive_line_match_nums"), c.positiveLineMatch);
    o.insert(QStringLiteral("unmatched_nums"), c.unmatched);
    o.insert(QStringLiteral("positive_match_rate"), rate(c.positiveMatch, c.totalGenerated));
    o.insert(QStringLiteral("positive_recall_rate"), rate(c.positiveMatch, c.positiveExpected));
    o.insert(QStringLiteral("positive_line_match_rate"), rate(c.positiveLineMatch, c.totalGenerated));
    o.insert(QStringLiteral("positive_line_recall_rate"), rate(c.positiveLineMatch, c.positiveExpected));
    o.insert(QStringLiteral("unmatched_rate"), rate(c.unmatched, c.totalGenerated));
}

QJsonObject ratiosJson(const QMap<QString, Ratio> &ratios)
{
    QJsonObject o;
    for (auto it = ratios.cbegin(); it != ratios.cend(); ++it)
        o.insert(it.key(), QJsonObject{{QStringLiteral("found"), it.value().part}, {QStringLiteral("references"), it.value().whole},
                                       {QStringLiteral("recall"), figureJson(it.value().percent())}});
    return o;
}

double rounded4(double v)
{
    return std::round(v * 10000.0) / 10000.0;
}

// Table 9's comments per patch, or null and why; comments per PR beside it.
void putAverages(QJsonObject &o, const AacrMetrics &m)
{
    o.insert(QStringLiteral("patches"), m.prsWithoutPatches == 0 ? QJsonValue(m.patches) : QJsonValue());
    o.insert(QStringLiteral("avg_comments_per_patch"), m.commentsPerPatch ? QJsonValue(rounded4(*m.commentsPerPatch)) : QJsonValue());
    if (!m.commentsPerPatch)
        o.insert(QStringLiteral("avg_comments_per_patch_unavailable"),
                 m.prsWithoutPatches > 0 ? QCoreApplication::translate("rd::pipeline", "no diff for %1 of %2 PRs (give --diffs DIR with {repo}_{pr}.diff)")
                                               .arg(m.prsWithoutPatches)
                                               .arg(m.pullRequests)
                                         : QCoreApplication::translate("rd::pipeline", "the diffs have no hunks"));
    o.insert(QStringLiteral("avg_comments_per_pr"), rounded4(m.commentsPerPr));
}

QJsonObject metricsJson(const AacrMetrics &m)
{
    QJsonObject o{{QStringLiteral("prs"), m.pullRequests},
                  {QStringLiteral("generated"), m.generated},
                  {QStringLiteral("references"), m.references},
                  {QStringLiteral("line"), aacrPrfJson(m.line)},
                  {QStringLiteral("noise_rate"), figureJson(m.noise.percent())},
                  {QStringLiteral("recall_by_category"), ratiosJson(m.recallByCategory)},
                  {QStringLiteral("recall_by_context"), ratiosJson(m.recallByContext)}};
    if (m.semantic)
        o.insert(QStringLiteral("semantic"), aacrPrfJson(*m.semantic));
    putAverages(o, m);
    return o;
}

} // namespace

Result<int> unifiedDiffHunks(const QByteArray &diff, const QString &fileName)
{
    static const QRegularExpression header(QStringLiteral("^@@ -\\d+(?:,\\d+)? \\+\\d+(?:,\\d+)? @@"));
    if (diff.trimmed().isEmpty())
        return 0;
    int hunks = 0;
    bool anyHeader = false;
    const QList<QByteArray> lines = diff.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray &line = lines[i];
        if (line.startsWith("diff ") || line.startsWith("--- ") || line.startsWith("+++ "))
            anyHeader = true;
        if (!line.startsWith("@@"))
            continue;
        if (!header.match(QString::fromLatin1(line)).hasMatch())
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1, line %2: \"@@\" starts no hunk header").arg(fileName).arg(i + 1)};
        anyHeader = true;
        ++hunks;
    }
    if (!anyHeader)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1: not a unified diff (no diff, ---/+++ or @@ line)").arg(fileName)};
    return hunks;
}

namespace {

QList<Item> generatedItems(const AacrGeneratedFile &parsed)
{
    QList<Item> generated;
    for (int i = 0; i < parsed.comments.size(); ++i) {
        const AacrGeneratedComment &c = parsed.comments[i];
        Item item;
        item.id = i + 1;
        item.where = {c.path, c.side, c.fromLine, c.toLine};
        item.text = c.note;
        generated << item;
    }
    return generated;
}

// One PR's generated comments against its references: the counts under
// upstream's names (the evaluator's own with --upstream-compat, else
// one-to-one), the one-to-one match for the breakdowns, and its JSON.
struct EvaluatedPr
{
    PrEvaluation evaluation;
    UpstreamCounts counts;
    QJsonObject json;
};

Result<EvaluatedPr> evaluatePr(const AacrPositivePr &pr, const QList<Item> &generated, const AacrDirectoryOptions &options, int &semanticQuestions)
{
    QList<Item> references = pr.references;
    if (options.upstreamCompat && !options.releasedIds)
        for (int r = 0; r < references.size(); ++r)
            if (references[r].key == QLatin1String("None"))
                references[r].key = QStringLiteral("#%1").arg(r); // ids given: each reference its own
    SemanticJudge judge;
    if (options.semantic)
        judge = [&](int g, int r) {
            ++semanticQuestions;
            return options.semantic(generated[g].text, references[r].text);
        };

    EvaluatedPr out;
    PrEvaluation &e = out.evaluation;
    e.name = QStringLiteral("%1_%2").arg(pr.repo, pr.number);
    e.language = pr.language;
    e.prCategory = pr.category;
    e.generated = generated;
    e.references = references;
    e.semantic = bool(options.semantic);
    if (const QString diff = QStringLiteral("%1_%2.diff").arg(pr.repo, pr.number); !options.diffs.isEmpty() && QDir(options.diffs).exists(diff)) {
        QFile file(QDir(options.diffs).filePath(diff));
        if (!file.open(QIODevice::ReadOnly))
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "cannot read %1: %2").arg(file.fileName(), file.errorString())};
        auto hunks = unifiedDiffHunks(file.readAll(), file.fileName());
        if (!hunks)
            return hunks.error();
        e.patches = *hunks;
    }
    UpstreamCounts &counts = out.counts;
    if (options.upstreamCompat)
        counts = matchUpstream(generated, references, options.maxDistance, judge);
    // One-to-one counting, with the released evaluator's location rule.
    // With --upstream-compat the counts are upstream's, and this match
    // still tells the per-reference breakdowns which reference was found.
    e.match = matchOneToOne(generated, references, MatchOptions{options.maxDistance, {}, judge, LocationRule::AacrBench});
    if (!options.upstreamCompat) {
        counts.positiveExpected = static_cast<int>(references.size());
        counts.totalGenerated = static_cast<int>(generated.size());
        counts.positiveLineMatch = e.match.lineMatchedComments();
        counts.positiveMatch = e.match.semanticMatchedComments();
        counts.unmatched = options.semantic ? counts.totalGenerated - counts.positiveMatch : 0;
    }

    QJsonObject &o = out.json;
    o = QJsonObject{{QStringLiteral("github_pr_url"), pr.url}, {QStringLiteral("evaluation_id"), e.name}};
    putUpstream(o, counts);
    // ReviewDesk's figures: precision over the comments, recall over the references.
    const auto prf = [](int matched, int generatedCount, int found, int referenceCount) {
        return aacrPrfJson(PrecisionRecall{Ratio{matched, generatedCount}, Ratio{found, referenceCount}});
    };
    o.insert(QStringLiteral("line"), prf(counts.positiveLineMatch, counts.totalGenerated, counts.positiveLineMatch, counts.positiveExpected));
    if (options.semantic)
        o.insert(QStringLiteral("semantic"), prf(counts.positiveMatch, counts.totalGenerated, counts.positiveMatch, counts.positiveExpected));
    o.insert(QStringLiteral("patches"), e.patches ? QJsonValue(*e.patches) : QJsonValue());
    o.insert(QStringLiteral("avg_comments_per_patch"),
             e.patches && *e.patches > 0 ? QJsonValue(rounded4(double(generated.size()) / *e.patches)) : QJsonValue());
    return out;
}

// What the default counting does that the released runner does not, said in
// the output beside its figures (in English, like the report's field names).
QString oneToOneCountingNote()
{
    return QStringLiteral(
        "one-to-one: every PR of the ground truth counts, one without a file or without a valid comment with all its references missed (a reviewer "
        "that says nothing on a PR has missed them). The released runner (evaluator_runner/example_test.py) skips such a PR and a file it cannot "
        "match to a PR, and sums only over the files it evaluated: eval --upstream-compat gives its summary.");
}

QString runnerCountingNote()
{
    return QStringLiteral("as the released runner (evaluator_runner/example_test.py): each *.txt file it can match to a PR and that holds a valid "
                          "comment, counted by the evaluator's _match_all_comments(); total is its summary over those files; skipped lists the others "
                          "with its reasons; a PR without a file is not counted.");
}

} // namespace

Result<AacrDirectoryResult> evaluateAacrDirectory(const QList<AacrPositivePr> &prs, const QString &directory, const AacrDirectoryOptions &options)
{
    const QDir dir(directory);
    if (!dir.exists())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "no folder %1").arg(directory)};
    AacrDirectoryResult result;
    QList<PrEvaluation> evaluated;
    UpstreamCounts total;
    QJsonArray perPr;
    const auto add = [&](EvaluatedPr &&done) {
        total.positiveExpected += done.counts.positiveExpected;
        total.totalGenerated += done.counts.totalGenerated;
        total.positiveLineMatch += done.counts.positiveLineMatch;
        total.positiveMatch += done.counts.positiveMatch;
        total.unmatched += done.counts.unmatched;
        perPr << done.json;
        evaluated << std::move(done.evaluation);
    };
    QJsonObject totals;
    QJsonArray skipped;
    if (options.upstreamCompat) {
        // The runner's loop: over the folder's files, not the ground truth's PRs.
        ReleasedRunnerSummary runner;
        const QStringList files = releasedRunnerFiles(dir);
        runner.totalFiles = static_cast<int>(files.size());
        QSet<qsizetype> withFile;
        for (const QString &name : files) {
            const auto skip = [&](const char *reason) {
                skipped << QJsonObject{{QStringLiteral("file"), name}, {QStringLiteral("reason"), QString::fromLatin1(reason)}};
            };
            const auto index = releasedRunnerPullRequestOf(name, prs);
            if (!index) {
                skip(runner_skip::noPullRequest);
                continue;
            }
            withFile.insert(*index);
            const AacrPositivePr &pr = prs[*index];
            if (const auto own = aacrGeneratedNameParts(name); own && (own->first != pr.repo || own->second != pr.number))
                result.problems << QCoreApplication::translate("rd::pipeline", "%1: the released runner evaluates it against %2 (it matches names by substring)").arg(name, pr.url);
            QFile file(dir.filePath(name));
            std::optional<QString> text;
            if (file.open(QIODevice::ReadOnly))
                text = releasedRunnerText(file.readAll());
            if (!text) {
                skip(runner_skip::unreadable);
                continue;
            }
            const AacrGeneratedFile parsed = parseAacrGenerated(*text);
            for (const QString &p : parsed.problems)
                result.problems << QStringLiteral("%1: %2").arg(name, p);
            if (parsed.comments.isEmpty()) {
                skip(runner_skip::noValidComment);
                continue;
            }
            auto done = evaluatePr(pr, generatedItems(parsed), options, result.semanticQuestions);
            if (!done)
                return done.error();
            done->json.insert(QStringLiteral("file"), name);
            ++runner.evaluatedFiles;
            runner.generated += done->counts.totalGenerated;
            runner.references += done->counts.positiveExpected;
            runner.lineMatches += done->counts.positiveLineMatch;
            runner.semanticMatches += done->counts.positiveMatch;
            add(std::move(*done));
        }
        for (qsizetype i = 0; i < prs.size(); ++i)
            if (!withFile.contains(i))
                result.problems << QCoreApplication::translate("rd::pipeline", "%1: no file; the released runner does not count the PR")
                                       .arg(aacrGeneratedFileName(prs[i].repo, prs[i].number));
        totals = releasedRunnerSummaryJson(runner, bool(options.semantic));
    } else {
        QSet<QString> expected;
        int withoutComment = 0;
        int theirReferences = 0;
        for (const AacrPositivePr &pr : prs) {
            const QString name = aacrGeneratedFileName(pr.repo, pr.number);
            expected.insert(name);
            QList<Item> generated;
            if (dir.exists(name)) {
                QFile file(dir.filePath(name));
                if (!file.open(QIODevice::ReadOnly))
                    return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "cannot read %1: %2").arg(file.fileName(), file.errorString())};
                const AacrGeneratedFile parsed = parseAacrGenerated(QString::fromUtf8(file.readAll()));
                for (const QString &p : parsed.problems)
                    result.problems << QStringLiteral("%1: %2").arg(name, p);
                generated = generatedItems(parsed);
            } else {
                result.problems << QCoreApplication::translate("rd::pipeline", "%1: no file; the PR counts with no generated comments").arg(name);
            }
            if (generated.isEmpty()) {
                ++withoutComment;
                theirReferences += static_cast<int>(pr.references.size());
            }
            auto done = evaluatePr(pr, generated, options, result.semanticQuestions);
            if (!done)
                return done.error();
            add(std::move(*done));
        }
        for (const QString &file : dir.entryList({QStringLiteral("comments_*.txt")}, QDir::Files, QDir::Name))
            if (!expected.contains(file))
                result.problems << QCoreApplication::translate("rd::pipeline", "%1: no PR of the ground truth has this name; not evaluated").arg(file);
        putUpstream(totals, total);
        // What the released runner would have left out of these sums.
        totals.insert(QStringLiteral("prs_without_valid_comment"), withoutComment);
        totals.insert(QStringLiteral("references_of_prs_without_valid_comment"), theirReferences);
    }

    totals.insert(QStringLiteral("line"), aacrPrfJson(PrecisionRecall{Ratio{total.positiveLineMatch, total.totalGenerated}, Ratio{total.positiveLineMatch, total.positiveExpected}}));
    if (options.semantic)
        totals.insert(QStringLiteral("semantic"), aacrPrfJson(PrecisionRecall{Ratio{total.positiveMatch, total.totalGenerated}, Ratio{total.positiveMatch, total.positiveExpected}}));
    const AacrMetrics all = aacrMetrics(evaluated);
    putAverages(totals, all);
    totals.insert(QStringLiteral("noise_rate"), figureJson(all.noise.percent()));
    totals.insert(QStringLiteral("recall_by_category"), ratiosJson(all.recallByCategory));
    totals.insert(QStringLiteral("recall_by_context"), ratiosJson(all.recallByContext));
    QJsonObject byLanguage, byCategory;
    const auto languages = aacrMetricsByLanguage(evaluated);
    for (auto it = languages.cbegin(); it != languages.cend(); ++it)
        byLanguage.insert(it.key(), metricsJson(it.value()));
    const auto categories = aacrMetricsByPrCategory(evaluated);
    for (auto it = categories.cbegin(); it != categories.cend(); ++it)
        byCategory.insert(it.key(), metricsJson(it.value()));
    totals.insert(QStringLiteral("by_language"), byLanguage);
    totals.insert(QStringLiteral("by_pr_category"), byCategory);

    QJsonObject config{{QStringLiteral("line_distance_threshold"), options.maxDistance},
                       {QStringLiteral("enable_semantic_match"), bool(options.semantic)},
                       {QStringLiteral("counting"), options.upstreamCompat ? (options.releasedIds ? QStringLiteral("upstream-released-ids") : QStringLiteral("upstream"))
                                                                           : QStringLiteral("one-to-one")},
                       {QStringLiteral("counting_note"), options.upstreamCompat ? runnerCountingNote() : oneToOneCountingNote()}};
    if (options.semantic)
        config.insert(QStringLiteral("semantic_prompt"), options.semanticPrompt);
    result.json = QJsonObject{{QStringLiteral("config"), config},
                              {QStringLiteral("prs"), perPr},
                              {QStringLiteral("total"), totals},
                              {QStringLiteral("problems"), QJsonArray::fromStringList(result.problems)}};
    if (options.upstreamCompat)
        result.json.insert(QStringLiteral("skipped"), skipped);
    return result;
}

} // namespace rd::eval
