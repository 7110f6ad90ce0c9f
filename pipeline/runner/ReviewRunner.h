#pragma once

// One way to run a review. The window (RunService, each run on a
// ReviewJob's worker), `reviewdesk-cli review` (one configuration or several
// side by side) and `review --all-mrs` (one merge request after another) all
// build their runs here: the client, answering from a recording, the
// response cache or the endpoints, with the run's journal; the slicing the
// run reads; and the pipeline its configuration names, run.
//
// A library of its own (rd_pipeline_runner), not part of run/: it chooses
// and runs the reviewers' pipelines, and reviewers/ links run/, so run/
// cannot link reviewers/ back. session/ and the CLI link it.

#include "AnswerSource.h"
#include "RunConfig.h"
#include "RunRecord.h"
#include "RunResume.h"

#include <DiffOptions.h>
#include <MergeRequest.h>
#include <Result.h>
#include <Slice.h>
#include <Slicer.h>

#include <QList>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace rd {

class LlmClient;
class RunJournal;

class ReviewRunner
{
public:
    // The run of `config`, answered as `answers` says (AnswerSource.h):
    // every role's endpoint "replay:" when replaying (a recording answers
    // for every role), and the API key variables the endpoints need
    // checked, so a run that cannot be answered fails before anything is
    // asked. The client lives on the calling thread, whose event loop must
    // run while the run goes.
    static Result<std::unique_ptr<ReviewRunner>> prepare(RunConfig config, const AnswerSource &answers = {});
    ~ReviewRunner();
    ReviewRunner(const ReviewRunner &) = delete;
    ReviewRunner &operator=(const ReviewRunner &) = delete;

    // The configuration as it runs (replaying, its endpoints are "replay:").
    const RunConfig &config() const { return m_config; }
    bool replays() const { return m_replays; }
    LlmClient &client() { return *m_client; }
    // A journal made once the run is sure to start: the window makes none
    // for a run that still waits for its slices.
    void keepJournal(std::shared_ptr<RunJournal> journal);

    // Of a merge request's slices, those this run reads (its algorithm's).
    QList<Slice> slicesOf(const QList<Slice> &sliced) const;
    // The pipeline over `mr`. Blocking: call it off the client's thread.
    // `cancel` stops it between steps (client().cancelAll() ends the
    // requests in flight).
    RunRecord run(const MergeRequest &mr, const QList<Slice> &slices, const std::function<void(const RunProgress &)> &progress = {},
                  const std::atomic<bool> *cancel = nullptr);
    // A merge request opened, sliced as this run needs, and reviewed (the
    // batch's step). Blocking, off the client's thread; an error when the
    // merge request cannot be opened or sliced.
    Result<RunRecord> review(const QString &repository, const QString &base, const QString &head, const DiffOptions &diff,
                             const QString &compileCommands);

    // The journal of a run that does `invocation`: `file` when one is named,
    // else a new file in `folder`.
    static Result<std::shared_ptr<RunJournal>> startJournal(const ReviewInvocation &invocation, const QString &folder, const QString &file = {});

private:
    ReviewRunner() = default;

    RunConfig m_config;
    bool m_replays = false;
    std::unique_ptr<LlmClient> m_client;
};

// The slicing that runs over one merge request need, done once for all of
// them: the algorithms their defect configurations name (only the defect
// pipeline reads slices) with the one token budget they share. Nothing when
// no run reads slices; an error when two ask for different budgets.
Result<std::optional<SliceOptions>> slicingFor(const QList<RunConfig> &configs, const QString &compileCommands);

// Several runs over one merge request side by side, each on a thread of
// the global pool, while the calling thread (the clients') delivers their
// answers; returns when all have ended. `progress` is told which run
// progressed, on that run's thread.
QList<RunRecord> runSideBySide(const QList<ReviewRunner *> &runners, const MergeRequest &mr, const QList<Slice> &slices,
                               const std::function<void(qsizetype run, const RunProgress &)> &progress = {});

} // namespace rd
