#include "ThresholdTuning.h"

#include "ReviewRun.h"

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <tuple>

namespace rd::eval {

Result<QList<TuningRun>> tuningRuns(const WorkspaceStore &store, const Evaluation &evaluation, const QString &group)
{
    QList<TuningRun> out;
    QHash<qint64, QHash<qint64, std::optional<Verdict>>> verdicts; // per merge request
    QHash<std::pair<QString, qint64>, int> runsBefore;              // per configuration and merge request
    for (const RunEvaluation &re : evaluation.runs) {
        if (!group.isEmpty() && re.group != group)
            continue;
        const qint64 mr = re.run.mergeRequest;
        if (!verdicts.contains(mr)) {
            auto decided = decidedVerdicts(store, mr);
            if (!decided)
                return decided.error();
            verdicts.insert(mr, *decided);
        }
        CommentQuery query;
        query.run = re.run.id;
        auto comments = store.comments(query);
        if (!comments)
            return comments.error();
        TuningRun run;
        run.references = re.references;
        // Evaluation::passes() counts the i-th run of a configuration on each
        // merge request in the same order.
        run.group = re.group;
        run.repetition = runsBefore[{re.group, re.mergeRequest.id}]++;
        run.reviewers = static_cast<int>(re.stages[int(Stage::TopK)].perReviewer.size());
        // The annotators' links and key-bug groups, as evaluateWorkspace() counts them: comment -> reference.
        QHash<qint64, int> referenceIndex;
        for (int i = 0; i < run.references.size(); ++i)
            referenceIndex.insert(run.references[i].id, i);
        QHash<qint64, int> linkOf;
        for (auto l = re.linkedReference.cbegin(); l != re.linkedReference.cend(); ++l)
            linkOf.insert(l.key(), referenceIndex.value(l.value()));
        for (const StoredComment &s : *comments) {
            if (!reachedStage(s.comment, Stage::All))
                continue; // merged comments, unparsed answers
            ReviewComment c = s.comment;
            for (const ScoreRecord &r : c.history)
                if (r.stage == QLatin1String("reviewer")) {
                    c.q1Nitpick = r.q1Nitpick;
                    c.q2Fake = r.q2Fake;
                    c.q3Severity = r.q3Severity;
                    break;
                }
            c.kept = true;
            c.droppedAt.clear();
            run.candidates << c;
            run.ids << s.id;
            run.verdicts << verdicts[mr].value(s.id);
            run.links << linkOf.value(s.id, -1);
        }
        out << run;
    }
    return out;
}

TuningResult tuneThresholds(const QList<TuningRun> &runs, TuningGoal goal, const QList<int> &ks, int maxDistance)
{
    TuningResult result;
    result.goal = goal;
    int acceptedTotal = 0;
    for (const TuningRun &r : runs)
        acceptedTotal += static_cast<int>(r.verdicts.count(std::optional<Verdict>(Verdict::Accept)));
    for (int t1 = 0; t1 <= 7; ++t1)
        for (int t2 = 0; t2 <= 7; ++t2)
            for (int k : ks) {
                TuningPoint p;
                p.nitpickThreshold = t1;
                p.fakeThreshold = t2;
                p.topK = k;
                p.recall.whole = acceptedTotal;
                RunConfig config;
                config.nitpickThreshold = t1;
                config.fakeThreshold = t2;
                // The stage-runs table's passes at Top-k: (configuration, i-th run, reviewer).
                QMap<std::tuple<QString, int, int>, QList<MrOutcome>> passes;
                for (const TuningRun &r : runs) {
                    QList<ReviewComment> comments = r.candidates;
                    applyCoarseFilter(comments, config);
                    applyTopK(comments, k);
                    QList<Item> kept;
                    QList<int> keptLinks;
                    QList<QList<int>> keptReviewers;
                    for (int i = 0; i < comments.size(); ++i) {
                        if (!comments[i].kept)
                            continue;
                        ++p.kept;
                        const ReviewComment &c = comments[i];
                        Item item;
                        item.id = r.ids[i];
                        item.where.path = c.file;
                        item.where.side = c.side;
                        if (c.located()) { // as evaluateWorkspace() reads it: an unlocated comment has no lines
                            item.where.from = c.lineStart;
                            if (c.lineEnd > 0)
                                item.where.to = c.lineEnd;
                        }
                        kept << item;
                        keptLinks << r.links.value(i, -1);
                        keptReviewers << c.reviewers;
                        if (r.verdicts[i]) {
                            ++p.precision.whole;
                            if (*r.verdicts[i] == Verdict::Accept) {
                                ++p.precision.part;
                                ++p.recall.part;
                            }
                        }
                    }
                    const auto outcomeOf = [&](const QList<int> &which) {
                        QList<Item> generated;
                        MatchOptions mo;
                        mo.maxDistance = maxDistance;
                        for (int i : which) {
                            if (keptLinks[i] >= 0)
                                mo.links << std::pair{static_cast<int>(generated.size()), keptLinks[i]};
                            generated << kept[i];
                        }
                        const MatchResult m = matchOneToOne(generated, r.references, mo);
                        MrOutcome o;
                        o.comments = static_cast<int>(generated.size());
                        o.keyIssues = static_cast<int>(r.references.size());
                        o.keyIssuesFound = static_cast<int>(m.referencesFoundByLine(o.keyIssues).count(true));
                        // App. M.2, as the evaluation counts them: a second comment on a found issue is no false alarm.
                        o.falseAlarms = static_cast<int>(unrelatedToAnyKeyIssue(generated, r.references, mo, m, false).count(true));
                        return o;
                    };
                    // A run of several reviewers is one run per reviewer at
                    // Top-k, as the table counts it (unless a comment names no reviewer).
                    const bool byReviewer = std::none_of(keptReviewers.cbegin(), keptReviewers.cend(), [](const QList<int> &r) { return r.isEmpty(); });
                    if (r.reviewers > 0 && byReviewer) {
                        for (int reviewer = 1; reviewer <= r.reviewers; ++reviewer) {
                            QList<int> own;
                            for (int i = 0; i < kept.size(); ++i)
                                if (keptReviewers[i].contains(reviewer))
                                    own << i;
                            passes[{r.group, r.repetition, reviewer}] << outcomeOf(own);
                        }
                    } else {
                        QList<int> all;
                        for (int i = 0; i < kept.size(); ++i)
                            all << i;
                        passes[{r.group, r.repetition, 0}] << outcomeOf(all);
                    }
                }
                QList<DefectMetrics> perPass;
                for (const QList<MrOutcome> &outcomes : std::as_const(passes))
                    perPass << defectMetrics(outcomes);
                p.defect = repeatedRuns(perPass).mean();
                PrecisionRecall pr{p.precision, p.recall};
                p.f1 = pr.f1();
                result.points << p;
            }
    const auto score = [&](const TuningPoint &p) -> std::optional<double> { return goal == TuningGoal::Cpi1 ? p.defect.cpi1 : p.f1; };
    for (int i = 0; i < result.points.size(); ++i) {
        const auto s = score(result.points[i]);
        if (!s)
            continue;
        if (result.best < 0) {
            result.best = i;
            continue;
        }
        const double b = *score(result.points[result.best]);
        if (*s > b + 1e-9 || (std::abs(*s - b) <= 1e-9 && result.points[i].kept > result.points[result.best].kept))
            result.best = i;
    }
    return result;
}

QList<qint64> keptComments(const QList<TuningRun> &runs, const TuningPoint &point)
{
    RunConfig config;
    config.nitpickThreshold = point.nitpickThreshold;
    config.fakeThreshold = point.fakeThreshold;
    QList<qint64> out;
    for (const TuningRun &r : runs) {
        QList<ReviewComment> comments = r.candidates;
        applyCoarseFilter(comments, config);
        applyTopK(comments, point.topK);
        for (int i = 0; i < comments.size(); ++i)
            if (comments[i].kept)
                out << r.ids[i];
    }
    return out;
}

Result<bool> writeTunedConfig(const QString &path, const TuningPoint &point)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "cannot read the run configuration %1: %2").arg(path, file.errorString())};
    QJsonParseError parseError;
    QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    file.close();
    if (!doc.isObject())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1 is not a run configuration (a JSON object)").arg(path)};
    QJsonObject o = doc.object();
    QJsonObject thresholds = o.value(QStringLiteral("thresholds")).toObject();
    thresholds.insert(QStringLiteral("nitpick"), point.nitpickThreshold);
    thresholds.insert(QStringLiteral("fake"), point.fakeThreshold);
    o.insert(QStringLiteral("thresholds"), thresholds);
    o.insert(QStringLiteral("top_k"), point.topK);
    const QByteArray bytes = QJsonDocument(o).toJson(QJsonDocument::Indented);
    if (auto checked = RunConfig::fromJson(bytes); !checked)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1: %2").arg(path, checked.error().message)};
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "cannot write %1: %2").arg(path, out.errorString())};
    return true;
}

} // namespace rd::eval
