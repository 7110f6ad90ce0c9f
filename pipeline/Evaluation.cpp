#include "Evaluation.h"

#include "ReviewRun.h"

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace rd::eval {

namespace {

// The stage a comment left the pipeline at; StageCount when it was kept.
int dropRank(const ReviewComment &c)
{
    if (c.kept || c.droppedAt.isEmpty())
        return StageCount;
    const QString &d = c.droppedAt;
    if (d == QLatin1String("coarse"))
        return int(Stage::Coarse);
    if (d == QLatin1String("top_k"))
        return int(Stage::TopK);
    if (d == QLatin1String("meta") || d == QLatin1String("merged") || d == QLatin1String("agreement"))
        return int(Stage::Meta);
    if (d == QLatin1String("validator"))
        return int(Stage::Validator);
    return 0; // unparsed, cancelled: never a comment at any stage
}

// The meta-reviewer's merged comments exist from its stage on.
int bornRank(const ReviewComment &c)
{
    return !c.history.isEmpty() && c.history.first().stage == QLatin1String("meta") ? int(Stage::Meta) : int(Stage::All);
}

QString commentText(const ReviewComment &c)
{
    QStringList parts{c.issue};
    if (!c.rootCause.isEmpty())
        parts << c.rootCause;
    if (!c.fix.isEmpty())
        parts << c.fix;
    return parts.join(QLatin1Char('\n'));
}

Item itemOf(const StoredComment &s, const std::optional<Judgement> &decided = {})
{
    Item i;
    i.id = s.id;
    i.where.path = s.comment.file;
    i.where.side = s.comment.side;
    if (s.comment.lineStart > 0)
        i.where.from = s.comment.lineStart;
    if (s.comment.lineEnd > 0)
        i.where.to = s.comment.lineEnd;
    i.text = commentText(s.comment);
    i.category = s.comment.category;
    if (decided && decided->category)
        i.category = *decided->category;
    if (decided && decided->context)
        i.context = contextLevelName(*decided->context);
    i.key = QString::number(s.id);
    return i;
}

bool fileOrder(const StoredComment &a, const StoredComment &b)
{
    const ReviewComment &x = a.comment;
    const ReviewComment &y = b.comment;
    return std::tie(x.file, x.side, x.lineStart, x.lineEnd, a.id) < std::tie(y.file, y.side, y.lineStart, y.lineEnd, b.id);
}

// What the annotators agreed on beyond the verdict: the latest set category and context.
Judgement decidedFields(const QList<Judgement> &js)
{
    Judgement out;
    for (const Judgement &j : js) {
        if (j.category)
            out.category = j.category;
        if (j.context)
            out.context = j.context;
        if (j.keyBug && *j.keyBug)
            out.keyBug = true;
    }
    return out;
}

QList<qint64> idsOf(const QList<Item> &items, const QList<bool> &which, bool wanted = true)
{
    QList<qint64> out;
    for (int i = 0; i < items.size(); ++i)
        if (which.value(i) == wanted)
            out << items[i].id;
    return out;
}

Cell cell(const QString &text, const QList<qint64> &comments = {})
{
    return Cell{text, comments};
}

Cell ratioCell(const Ratio &r, const QList<qint64> &comments = {})
{
    return cell(percentText(r.percent()), comments);
}

} // namespace

QString stageName(Stage stage)
{
    switch (stage) {
    case Stage::All: return QCoreApplication::translate("rd::pipeline", "All");
    case Stage::Coarse: return QCoreApplication::translate("rd::pipeline", "Coarse filter");
    case Stage::TopK: return QCoreApplication::translate("rd::pipeline", "Top-k");
    case Stage::Meta: return QCoreApplication::translate("rd::pipeline", "+Meta Reviewer");
    case Stage::Validator: return QCoreApplication::translate("rd::pipeline", "+Validator");
    }
    return {};
}

QString stageKey(Stage stage)
{
    static const char *keys[] = {"all", "coarse", "top_k", "meta", "validator"};
    return QLatin1String(keys[int(stage)]);
}

bool reachedStage(const ReviewComment &comment, Stage stage)
{
    return bornRank(comment) <= int(stage) && dropRank(comment) > int(stage);
}

std::optional<ReferenceSet> referenceSetFromName(const QString &name)
{
    if (name == QLatin1String("all"))
        return ReferenceSet::All;
    if (name == QLatin1String("aacr"))
        return ReferenceSet::Aacr;
    if (name == QLatin1String("key-bugs"))
        return ReferenceSet::KeyBugs;
    return std::nullopt;
}

std::optional<Verdict> consensusVerdict(const QList<Judgement> &judgements)
{
    int accept = 0, reject = 0;
    for (const Judgement &j : judgements) {
        if (j.verdict == Verdict::Accept)
            ++accept;
        else if (j.verdict == Verdict::Reject)
            ++reject;
    }
    if (accept > reject)
        return Verdict::Accept;
    if (reject > accept)
        return Verdict::Reject;
    return std::nullopt;
}

QString configurationName(const std::optional<RunConfig> &config, const QString &fallback)
{
    if (!config)
        return fallback.isEmpty() ? QCoreApplication::translate("rd::pipeline", "unknown configuration") : fallback;
    static const char *slicing[] = {"Original Diff", "Parent Function", "Left Flow", "Full Flow"};
    static const char *lines[] = {"inline", "relative", "no"};
    return QCoreApplication::translate("rd::pipeline", "%1, %2 reviewers, top-%3, %4, %5 line numbers")
        .arg(QLatin1String(slicing[int(config->slicing)]))
        .arg(config->reviewers)
        .arg(config->topK)
        .arg(config->cot ? QCoreApplication::translate("rd::pipeline", "CoT") : QCoreApplication::translate("rd::pipeline", "no CoT"))
        .arg(QLatin1String(lines[int(config->lineFormat)]));
}

Result<Evaluation> evaluateWorkspace(const WorkspaceStore &store, const Options &options)
{
    QList<StoredRun> runs;
    if (options.runs.isEmpty()) {
        auto mrs = store.mergeRequests();
        if (!mrs)
            return mrs.error();
        for (const MergeRequestEntry &mr : *mrs) {
            auto list = store.runs(mr.id);
            if (!list)
                return list.error();
            for (const StoredRun &r : *list)
                if (auto full = store.run(r.id))
                    runs << *full;
                else
                    return full.error();
        }
    } else {
        for (qint64 id : options.runs) {
            auto r = store.run(id);
            if (!r)
                return r.error();
            runs << *r;
        }
    }

    struct MrData
    {
        MergeRequestEntry entry;
        QList<StoredComment> references;
        QHash<qint64, Judgement> decided; // per comment: category, context, key bug
        QHash<qint64, std::optional<Verdict>> verdicts;
        QHash<qint64, qint64> links;      // comment -> reference
        QList<StoredComment> comments;    // all of them, file order
    };
    QHash<qint64, MrData> mrs;
    const auto mrData = [&](qint64 id) -> Result<MrData *> {
        if (mrs.contains(id))
            return &mrs[id];
        MrData data;
        auto entry = store.mergeRequest(id);
        if (!entry)
            return entry.error();
        data.entry = *entry;
        auto judgements = store.judgements(id);
        if (!judgements)
            return judgements.error();
        QHash<qint64, QList<Judgement>> byComment;
        for (const Judgement &j : *judgements)
            byComment[j.comment] << j;
        for (auto it = byComment.cbegin(); it != byComment.cend(); ++it) {
            data.decided.insert(it.key(), decidedFields(it.value()));
            data.verdicts.insert(it.key(), consensusVerdict(it.value()));
        }
        CommentQuery query;
        query.mergeRequest = id;
        auto all = store.comments(query);
        if (!all)
            return all.error();
        for (const StoredComment &c : *all) {
            const bool keyBug = data.decided.value(c.id).keyBug.value_or(false);
            const bool marked = c.reference;
            bool take = false;
            switch (options.references) {
            case ReferenceSet::All: take = marked || keyBug; break;
            case ReferenceSet::Aacr: take = marked; break;
            case ReferenceSet::KeyBugs: take = keyBug || (marked && c.origin == CommentOrigin::Human); break;
            }
            if (take)
                data.references << c;
        }
        std::sort(data.references.begin(), data.references.end(), fileOrder);
        data.comments = std::move(*all);
        std::sort(data.comments.begin(), data.comments.end(), fileOrder);
        auto links = store.referenceLinks(id);
        if (!links)
            return links.error();
        for (const ReferenceLink &l : *links)
            data.links.insert(l.comment, l.reference);
        mrs.insert(id, data);
        return &mrs[id];
    };

    // The judge is asked once per pair, whichever stages the pair is in.
    QHash<QPair<qint64, qint64>, bool> answers;

    Evaluation out;
    out.semantic = bool(options.semantic);
    for (const StoredRun &run : runs) {
        auto data = mrData(run.mergeRequest);
        if (!data)
            return data.error();
        const MrData &mr = **data;
        RunEvaluation re;
        re.run = run;
        re.mergeRequest = mr.entry;
        if (auto record = RunRecord::fromJson(run.record))
            re.config = record->config;
        re.group = configurationName(re.config, run.label);
        if (!out.groups.contains(re.group))
            out.groups << re.group;
        for (const StoredComment &r : mr.references)
            re.references << itemOf(r, mr.decided.value(r.id));
        QHash<qint64, int> referenceIndex;
        for (int i = 0; i < re.references.size(); ++i)
            referenceIndex.insert(re.references[i].id, i);

        // The merge request's comments were read once already (in file order).
        QList<StoredComment> sorted;
        for (const StoredComment &c : mr.comments)
            if (c.run == run.id)
                sorted << c;

        for (int s = 0; s < StageCount; ++s) {
            StageResult &st = re.stages[s];
            QList<StoredComment> at;
            for (const StoredComment &c : sorted)
                if (reachedStage(c.comment, Stage(s)))
                    at << c;
            st.pr.name = mr.entry.title.isEmpty() ? QString::number(mr.entry.id) : mr.entry.title;
            st.pr.language = mr.entry.language;
            st.pr.prCategory = mr.entry.prCategory;
            st.pr.references = re.references;
            MatchOptions mo;
            mo.maxDistance = options.maxDistance;
            for (int g = 0; g < at.size(); ++g) {
                st.pr.generated << itemOf(at[g]);
                st.comments << at[g].id;
                if (auto link = mr.links.find(at[g].id); link != mr.links.end() && referenceIndex.contains(*link))
                    mo.links << std::pair{g, referenceIndex.value(*link)};
            }
            if (options.semantic) {
                st.pr.semantic = true;
                mo.semantic = [&](int g, int r) {
                    const auto key = qMakePair(st.pr.generated[g].id, st.pr.references[r].id);
                    if (auto it = answers.find(key); it != answers.end())
                        return *it;
                    const bool yes = st.pr.generated[g].id == st.pr.references[r].id
                                     || options.semantic(st.pr.generated[g].text, st.pr.references[r].text);
                    answers.insert(key, yes);
                    return yes;
                };
            }
            st.pr.match = matchOneToOne(st.pr.generated, st.pr.references, mo);
            const int refs = static_cast<int>(re.references.size());
            const QList<bool> found = options.semantic ? st.pr.match.referencesFoundSemantically(refs) : st.pr.match.referencesFoundByLine(refs);
            const QList<int> &taken = options.semantic ? st.pr.match.semanticReference : st.pr.match.lineReference;
            st.outcome.comments = static_cast<int>(at.size());
            st.outcome.keyIssues = refs;
            st.outcome.keyIssuesFound = static_cast<int>(found.count(true));
            st.found = idsOf(re.references, found);
            for (int g = 0; g < at.size(); ++g) {
                const ReviewComment &c = at[g].comment;
                if (taken[g] < 0)
                    st.falseAlarms << at[g].id;
                if (c.lineValid && c.lineStart > 0)
                    ++st.outcome.validLines;
                else
                    st.invalidLines << at[g].id;
                const std::optional<Verdict> v = mr.verdicts.value(at[g].id);
                if (!v)
                    continue;
                ++st.judged;
                Ratio &byCategory = st.acceptedByCategory[c.category.isEmpty() ? QStringLiteral("-") : c.category];
                ++byCategory.whole;
                if (*v == Verdict::Accept) {
                    ++st.accepted;
                    ++byCategory.part;
                    st.acceptedComments << at[g].id;
                }
            }
            st.outcome.falseAlarms = static_cast<int>(st.falseAlarms.size());
        }
        out.runs << re;
    }
    return out;
}

DefectMetrics Evaluation::defect(const QString &group, Stage stage) const
{
    QList<MrOutcome> outcomes;
    for (const RunEvaluation &r : runs)
        if (r.group == group)
            outcomes << r.stages[int(stage)].outcome;
    return defectMetrics(outcomes);
}

QList<PrEvaluation> Evaluation::prs(const QString &group, Stage stage) const
{
    QList<PrEvaluation> out;
    for (const RunEvaluation &r : runs)
        if (r.group == group)
            out << r.stages[int(stage)].pr;
    return out;
}

AacrMetrics Evaluation::aacr(const QString &group, Stage stage) const
{
    return aacrMetrics(prs(group, stage));
}

namespace {

// The comments behind a group's figures at a stage.
struct Behind
{
    QList<qint64> comments, falseAlarms, found, invalidLines, accepted;
};

Behind behind(const Evaluation &e, const QString &group, Stage stage)
{
    Behind b;
    for (const RunEvaluation &r : e.runs) {
        if (r.group != group)
            continue;
        const StageResult &s = r.stages[int(stage)];
        b.comments << s.comments;
        b.falseAlarms << s.falseAlarms;
        b.found << s.found;
        b.invalidLines << s.invalidLines;
        b.accepted << s.acceptedComments;
    }
    return b;
}

QList<qint64> matchedComments(const Evaluation &e, const QString &group, Stage stage)
{
    QList<qint64> out;
    for (const RunEvaluation &r : e.runs)
        if (r.group == group) {
            const StageResult &s = r.stages[int(stage)];
            const QList<int> &taken = e.semantic ? s.pr.match.semanticReference : s.pr.match.lineReference;
            for (int g = 0; g < s.pr.generated.size(); ++g)
                if (taken[g] >= 0)
                    out << s.pr.generated[g].id;
        }
    return out;
}

QList<Cell> defectCells(const DefectMetrics &m, const Behind &b)
{
    return {cell(percentText(m.kbi), b.found), cell(percentText(m.far1), b.falseAlarms), cell(percentText(m.cpi1)),
            cell(percentText(m.far2), b.falseAlarms), cell(percentText(m.cpi2)), cell(percentText(m.lsr), b.invalidLines)};
}

QList<Cell> prfCells(const PrecisionRecall &p, const QList<qint64> &matched, const QList<qint64> &found)
{
    return {ratioCell(p.precision, matched), ratioCell(p.recall, found), cell(percentText(p.f1()))};
}

// A recall table with one column per configuration and one row per key.
Table recallTable(const Evaluation &e, const QString &id, const QString &title, const QString &keyColumn,
                  QMap<QString, Ratio> AacrMetrics::*which)
{
    Table t{id, title, {keyColumn}, {}};
    QMap<QString, QList<Ratio>> rows;
    for (int g = 0; g < e.groups.size(); ++g) {
        t.columns << e.groups[g];
        const AacrMetrics m = e.aacr(e.groups[g], Stage::Validator);
        for (auto it = (m.*which).cbegin(); it != (m.*which).cend(); ++it) {
            auto &row = rows[it.key()];
            row.resize(e.groups.size());
            row[g] = it.value();
        }
    }
    for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
        QList<Cell> row{cell(it.key())};
        for (const Ratio &r : it.value())
            row << cell(QStringLiteral("%1 (%2/%3)").arg(percentText(r.percent())).arg(r.part).arg(r.whole));
        t.rows << row;
    }
    return t;
}

Table groupedPrfTable(const Evaluation &e, const QString &id, const QString &title, const QString &keyColumn, bool byLanguage)
{
    Table t{id, title, {QCoreApplication::translate("rd::pipeline", "Configuration"), keyColumn, QCoreApplication::translate("rd::pipeline", "PRs"), QCoreApplication::translate("rd::pipeline", "Avg comments"), QCoreApplication::translate("rd::pipeline", "Precision"), QCoreApplication::translate("rd::pipeline", "Recall"), QCoreApplication::translate("rd::pipeline", "F1")}, {}};
    for (const QString &g : e.groups) {
        const auto prs = e.prs(g, Stage::Validator);
        const auto groups = byLanguage ? aacrMetricsByLanguage(prs) : aacrMetricsByPrCategory(prs);
        for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
            const AacrMetrics &m = it.value();
            const PrecisionRecall &p = m.semantic ? *m.semantic : m.line;
            t.rows << QList<Cell>{cell(g), cell(it.key()), cell(QString::number(m.pullRequests)), cell(QString::number(m.commentsPerPr, 'f', 2)),
                                  ratioCell(p.precision), ratioCell(p.recall), cell(percentText(p.f1()))};
        }
    }
    return t;
}

} // namespace

Table Evaluation::stageTable() const
{
    Table t{QStringLiteral("stages"), QCoreApplication::translate("rd::pipeline", "Metrics per pipeline stage"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Stage"), QCoreApplication::translate("rd::pipeline", "Comments"), QStringLiteral("KBI"), QStringLiteral("FAR1"), QStringLiteral("CPI1"),
             QStringLiteral("FAR2"), QStringLiteral("CPI2"), QStringLiteral("LSR")},
            {}};
    for (const QString &g : groups)
        for (int s = 0; s < StageCount; ++s) {
            const DefectMetrics m = defect(g, Stage(s));
            const Behind b = behind(*this, g, Stage(s));
            QList<Cell> row{cell(g), cell(stageName(Stage(s))), cell(QString::number(m.comments), b.comments)};
            row << defectCells(m, b);
            t.rows << row;
        }
    return t;
}

Table Evaluation::configurationTable() const
{
    Table t{QStringLiteral("configurations"), QCoreApplication::translate("rd::pipeline", "Configurations compared (after the last stage)"),
            {QCoreApplication::translate("rd::pipeline", "Slicing"), QCoreApplication::translate("rd::pipeline", "Reviewers"), QCoreApplication::translate("rd::pipeline", "Top-k"), QCoreApplication::translate("rd::pipeline", "CoT"), QCoreApplication::translate("rd::pipeline", "Line numbers"), QCoreApplication::translate("rd::pipeline", "Runs"), QStringLiteral("KBI"), QStringLiteral("FAR1"),
             QStringLiteral("CPI1"), QStringLiteral("FAR2"), QStringLiteral("CPI2"), QStringLiteral("LSR")},
            {}};
    static const char *slicing[] = {"Original Diff", "Parent Function", "Left Flow", "Full Flow"};
    static const char *lines[] = {"inline", "relative", "none"};
    for (const QString &g : groups) {
        const auto first = std::find_if(runs.begin(), runs.end(), [&](const RunEvaluation &r) { return r.group == g; });
        const auto &c = first->config;
        const int count = static_cast<int>(std::count_if(runs.begin(), runs.end(), [&](const RunEvaluation &r) { return r.group == g; }));
        QList<Cell> row;
        if (c)
            row << cell(QLatin1String(slicing[int(c->slicing)])) << cell(QString::number(c->reviewers)) << cell(QString::number(c->topK))
                << cell(c->cot ? QCoreApplication::translate("rd::pipeline", "on") : QCoreApplication::translate("rd::pipeline", "off")) << cell(QLatin1String(lines[int(c->lineFormat)]));
        else
            row << cell(g) << cell(QStringLiteral("-")) << cell(QStringLiteral("-")) << cell(QStringLiteral("-")) << cell(QStringLiteral("-"));
        row << cell(QString::number(count));
        row << defectCells(defect(g, Stage::Validator), behind(*this, g, Stage::Validator));
        t.rows << row;
    }
    return t;
}

Table Evaluation::aacrTable() const
{
    Table t{QStringLiteral("aacr"), QCoreApplication::translate("rd::pipeline", "AACR-Bench metrics (after the last stage)"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Avg comments"), QCoreApplication::translate("rd::pipeline", "Line precision"), QCoreApplication::translate("rd::pipeline", "Line recall"), QCoreApplication::translate("rd::pipeline", "Line F1"), QCoreApplication::translate("rd::pipeline", "Semantic precision"),
             QCoreApplication::translate("rd::pipeline", "Semantic recall"), QCoreApplication::translate("rd::pipeline", "Semantic F1"), QCoreApplication::translate("rd::pipeline", "Noise rate")},
            {}};
    for (const QString &g : groups) {
        const AacrMetrics m = aacr(g, Stage::Validator);
        const Behind b = behind(*this, g, Stage::Validator);
        QList<qint64> lineMatched;
        for (const RunEvaluation &r : runs)
            if (r.group == g) {
                const StageResult &s = r.stages[int(Stage::Validator)];
                for (int i = 0; i < s.pr.generated.size(); ++i)
                    if (s.pr.match.lineReference[i] >= 0)
                        lineMatched << s.pr.generated[i].id;
            }
        QList<Cell> row{cell(g), cell(QString::number(m.commentsPerPr, 'f', 2), b.comments)};
        row << prfCells(m.line, lineMatched, b.found);
        if (m.semantic)
            row << prfCells(*m.semantic, matchedComments(*this, g, Stage::Validator), b.found);
        else
            row << cell(percentText({})) << cell(percentText({})) << cell(percentText({}));
        row << ratioCell(m.noise, b.falseAlarms);
        t.rows << row;
    }
    return t;
}

Table Evaluation::categoryTable() const
{
    return recallTable(*this, QStringLiteral("categories"), QCoreApplication::translate("rd::pipeline", "Recall per category"), QCoreApplication::translate("rd::pipeline", "Category"), &AacrMetrics::recallByCategory);
}

Table Evaluation::contextTable() const
{
    return recallTable(*this, QStringLiteral("contexts"), QCoreApplication::translate("rd::pipeline", "Recall per context level"), QCoreApplication::translate("rd::pipeline", "Context level"), &AacrMetrics::recallByContext);
}

Table Evaluation::languageTable() const
{
    return groupedPrfTable(*this, QStringLiteral("languages"), QCoreApplication::translate("rd::pipeline", "Per language"), QCoreApplication::translate("rd::pipeline", "Language"), true);
}

Table Evaluation::prCategoryTable() const
{
    return groupedPrfTable(*this, QStringLiteral("pr-categories"), QCoreApplication::translate("rd::pipeline", "Per PR category"), QCoreApplication::translate("rd::pipeline", "PR category"), false);
}

Table Evaluation::annotatorTable() const
{
    Table t{QStringLiteral("annotators"), QCoreApplication::translate("rd::pipeline", "Annotators' precision (accepted / judged)"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Stage"), QCoreApplication::translate("rd::pipeline", "Category"), QCoreApplication::translate("rd::pipeline", "Judged"), QCoreApplication::translate("rd::pipeline", "Accepted"), QCoreApplication::translate("rd::pipeline", "Precision")},
            {}};
    for (const QString &g : groups)
        for (int s = 0; s < StageCount; ++s) {
            Ratio total;
            QMap<QString, Ratio> byCategory;
            QList<qint64> accepted;
            for (const RunEvaluation &r : runs) {
                if (r.group != g)
                    continue;
                const StageResult &st = r.stages[s];
                total.part += st.accepted;
                total.whole += st.judged;
                accepted << st.acceptedComments;
                for (auto it = st.acceptedByCategory.cbegin(); it != st.acceptedByCategory.cend(); ++it) {
                    byCategory[it.key()].part += it.value().part;
                    byCategory[it.key()].whole += it.value().whole;
                }
            }
            t.rows << QList<Cell>{cell(g), cell(stageName(Stage(s))), cell(QCoreApplication::translate("rd::pipeline", "all")), cell(QString::number(total.whole)),
                                  cell(QString::number(total.part), accepted), ratioCell(total, accepted)};
            for (auto it = byCategory.cbegin(); it != byCategory.cend(); ++it)
                t.rows << QList<Cell>{cell(g), cell(stageName(Stage(s))), cell(it.key()), cell(QString::number(it.value().whole)),
                                      cell(QString::number(it.value().part)), ratioCell(it.value())};
        }
    return t;
}

QList<Table> Evaluation::tables() const
{
    return {stageTable(), configurationTable(), aacrTable(), categoryTable(), contextTable(), languageTable(), prCategoryTable(), annotatorTable()};
}

} // namespace rd::eval
