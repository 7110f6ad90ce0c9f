#pragma once

// The defect-focused pipeline of the ICML paper. What it returns, the
// RunRecord every pipeline returns, is in RunRecord.h.
#include "LlmClient.h"
#include "RunConfig.h"
#include "RunRecord.h"

#include <MergeRequest.h>
#include <ReviewComment.h>
#include <Slice.h>

#include <atomic>
#include <functional>

namespace rd {

// The paper's multi-role review (§3.3-3.5): per slice, N reviewers, the
// coarse and top-k filters, the meta-reviewer, the validator, the
// translator. The meta-reviewer names the comments it merged by id; the
// program derives agreement and merged_into from them (or, when its answer
// cannot be used, from its own grouping by place and wording, with an
// error). Every re-score passes the coarse filter again. Blocking: call it
// off the client's thread, which must run an event loop. One failed request
// or slice never fails the run; each is in `errors`.
RunRecord runReview(LlmClient &client, const MergeRequest &mr, const QList<Slice> &slices, const RunConfig &config,
                    const std::function<void(const RunProgress &)> &progress = {}, const std::atomic<bool> *cancel = nullptr);

// The filters as pure functions, for tests and re-scoring.
void applyCoarseFilter(QList<ReviewComment> &comments, const RunConfig &config, const QString &stage = QStringLiteral("coarse"));
void applyTopK(QList<ReviewComment> &comments, int k);

} // namespace rd
