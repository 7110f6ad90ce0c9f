#pragma once

#include "FixtureRepo.h"

#include <QStringList>

#include <functional>

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

// Some C++ source to edit in fixtures: `functions` small functions.
QByteArray cppSource(int functions, const QByteArray &tweakFunction = {}, const QByteArray &tweak = {});

} // namespace rd::test
