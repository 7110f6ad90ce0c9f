#pragma once

#include "FixtureRepo.h"

#include <QStringList>

#include <functional>
#include <map>

namespace rd::test {

// A merge request fixture: build() leaves the target on refs/heads/main and
// the change on refs/heads/feature.
struct Scenario
{
    QByteArray name;
    std::function<void(FixtureRepo &)> build;
};

const QList<Scenario> &scenarios();
const Scenario &scenario(const QByteArray &name);

// Builds the named scenarios (all when `names` is empty) in repositories
// under `root`, one folder each; returns name -> repository path.
std::map<QByteArray, QString> buildScenarios(const QString &root, const QList<QByteArray> &names = {});

// Some C++ source to edit in fixtures: `functions` small functions.
QByteArray cppSource(int functions, const QByteArray &tweakFunction = {}, const QByteArray &tweak = {});

} // namespace rd::test
