#pragma once

#include "FakeLlmServer.h"

#include <QByteArray>
#include <QJsonArray>
#include <QString>

namespace rd::test {

// What the resume tests share (tst_resume: the CLI; tst_resumewindow: the
// window): a merge request of four changed lines and defect-pipeline models
// that answer from the prompt alone.

// main and feature in a new repository at `path`: four factors scaled.
void buildScaledFactors(const QString &path);

// Every role answers from its prompt alone (no state), after a delay, so two
// runs get the same answers whatever order their requests come in.
FakeLlmServer::Reply deterministicModels(const FakeLlmServer::Request &request);

// A defect configuration (3 reviewers, no retries, two at once) whose roles
// all ask `endpoint`.
QByteArray deterministicConfig(const QString &endpoint);

// The comments of a run's output file (empty when it cannot be read).
QJsonArray commentsIn(const QString &runFile);

} // namespace rd::test
