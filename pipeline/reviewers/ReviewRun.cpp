#include "ReviewRun.h"

#include "SliceReview.h"

#include <SliceRenderer.h>

#include <QElapsedTimer>
#include <QMutex>
#include <QThreadPool>
#include <QtConcurrent>

#include <map>
#include <numeric>
#include <vector>

namespace rd {

void applyCoarseFilter(QList<ReviewComment> &comments, const RunConfig &config, const QString &stage)
{
    for (ReviewComment &c : comments)
        if (c.kept && (c.q1Nitpick <= config.nitpickThreshold || c.q2Fake <= config.fakeThreshold))
            c.drop(stage);
}

void applyTopK(QList<ReviewComment> &comments, int k)
{
    // Each reviewer keeps its k most severe comments per slice (ties: the
    // earlier one). The pipeline hands one slice's comments at a time; threshold
    // tuning hands a whole run, which must be cut the same way (paper §3: top-k
    // per slice), or a tuned top_k would mean something else in run.json.
    std::map<std::pair<int, int>, QList<int>> bySliceAndReviewer;
    for (int i = 0; i < comments.size(); ++i)
        if (comments[i].kept)
            bySliceAndReviewer[{comments[i].slice, comments[i].reviewers.value(0)}].append(i);
    for (auto &[sliceAndReviewer, indices] : bySliceAndReviewer) {
        std::stable_sort(indices.begin(), indices.end(), [&](int a, int b) { return comments[a].q3Severity > comments[b].q3Severity; });
        for (qsizetype n = k; n < indices.size(); ++n)
            comments[indices[n]].drop(QStringLiteral("top_k"));
    }
}

RunRecord runReview(LlmClient &client, const MergeRequest &mr, const QList<Slice> &slices, const RunConfig &config,
                    const std::function<void(const RunProgress &)> &progress, const std::atomic<bool> *cancel)
{
    RunRecord record = RunRecord::startingNow(config, mr);
    QElapsedTimer clock;
    clock.start();

    // The slices of the configured algorithm, rendered as the reviewer reads them.
    QList<int> chosen;
    for (int i = 0; i < slices.size(); ++i)
        if (slices[i].algorithm == config.slicing)
            chosen.append(i);
    QList<QString> texts(slices.size());
    MergeRequestSliceRenderer renderer(mr);
    for (int i : chosen) {
        // A declaration outside the repository is only named (a system
        // header's path and lines): it shows the model no code, and its path
        // differs from machine to machine, which would make every request —
        // and so its cache and replay key — depend on the compiler installed.
        Slice portable = slices[i];
        portable.external.removeIf([](const ExternalSnippet &x) { return !x.insideRepository; });
        texts[i] = renderer.render(portable, config.lineFormat);
    }

    QMutex lock;
    RunProgress state;
    state.slicesTotal = static_cast<int>(chosen.size());
    // One slot per slice, each written by its own task only.
    std::vector<SliceReviewResult> reviews(chosen.size());

    std::atomic<int> notStarted{0};
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, config.concurrency));
    QList<int> order(static_cast<qsizetype>(reviews.size()));
    std::iota(order.begin(), order.end(), 0);
    QtConcurrent::blockingMap(&pool, order, [&](int n) {
        if (cancel && cancel->load()) {
            ++notStarted;
            return;
        }
        SliceReviewResult &review = reviews[static_cast<std::size_t>(n)];
        review = reviewSlice(client, config, mr, slices[chosen[n]], chosen[n], texts[chosen[n]], cancel);
        QMutexLocker locker(&lock);
        ++state.slicesDone;
        for (const Exchange &e : review.exchanges) {
            ++state.requests;
            state.failedRequests += !e.ok();
            state.promptTokens += e.promptTokens;
            state.completionTokens += e.completionTokens;
        }
        state.elapsedMs = clock.elapsed();
        state.stage = QStringLiteral("%1 slice %2").arg(QString::fromUtf8(slices[chosen[n]].file)).arg(chosen[n]);
        if (progress)
            progress(state);
    });

    CoverageTally coverage(mr);
    for (qsizetype n = 0; n < chosen.size(); ++n) {
        const SliceReviewResult &review = reviews[static_cast<std::size_t>(n)];
        record.comments += review.comments;
        record.exchanges += review.exchanges;
        record.errors += review.errors;
        const Slice &slice = slices[chosen[n]];
        const bool started = !review.exchanges.isEmpty() || review.reviewed;
        coverage.add(QStringLiteral("slice"), QStringLiteral("%1 slice %2").arg(QString::fromUtf8(slice.file)).arg(chosen[n]), QString::fromUtf8(slice.file),
                     slice.newLines, slice.oldLines, review.reviewed,
                     started ? review.unreviewedReason : QStringLiteral("the run was cancelled before this slice"));
    }
    record.coverage = coverage.result();
    record.cancelled = cancel && cancel->load();
    if (notStarted > 0)
        record.errors << QStringLiteral("cancelled: %1 of %2 slices were not reviewed").arg(notStarted.load()).arg(reviews.size());
    record.finished = QDateTime::currentDateTimeUtc();
    return record;
}

} // namespace rd
