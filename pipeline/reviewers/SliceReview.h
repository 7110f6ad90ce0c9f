#pragma once

#include "LlmTypes.h"
#include "RunConfig.h"

#include <MergeRequest.h>
#include <ReviewComment.h>
#include <Slice.h>

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>

namespace rd {

class LlmClient;

// What the roles made of one slice: every comment with its history, every
// request, and what went wrong (each with what the run did instead).
struct SliceReviewResult
{
    QList<ReviewComment> comments;
    QList<Exchange> exchanges;
    QStringList errors;
    // A reviewer's answer was read: the slice's lines reached a model
    // (RunCoverage.h). Otherwise why not: every reviewer's request failed, or
    // no answer could be read.
    bool reviewed = false;
    QString unreviewedReason;
};

// One slice of the defect pipeline (ReviewRun.h) through all its roles: the
// reviewers, the coarse and top-k filters, the meta-reviewer (or the
// program's grouping), the validator, the translator. `text` is the slice as
// the reviewer reads it, `index` its number in ids and labels. Blocking:
// runs on a pool thread; cancelled, it says which stage was not reached.
SliceReviewResult reviewSlice(LlmClient &client, const RunConfig &config, const MergeRequest &mr, const Slice &slice, int index, const QString &text,
                              const std::atomic<bool> *cancel);

} // namespace rd
