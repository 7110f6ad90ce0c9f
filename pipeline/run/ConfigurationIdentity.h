#pragma once

// What a configuration is when runs are compared (issue 33, item 5): every
// setting of a run configuration that can change the comments a run gets,
// and none that cannot. Runs are pooled, averaged and tabled together only
// when their identities are equal; a table names each configuration by its
// base name plus the settings that tell it apart from the configurations
// beside it (configurationLabels()). docs/evaluation.md, "Configurations",
// lists what is in and what is left out, and why.

#include "RunConfig.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rd {

struct ConfigurationSetting
{
    QString key;   // stable: "codeagent.qa_checker", "roles.reviewer.model", "cqs.threshold"
    QString value; // canonical, compared: "on", "4.5", "gpt-4o"
    QString words; // name and value for people (translated): "QA-Checker on", "τ 4.5", "reviewer gpt-4o"
    // A parameter of an optional role (its model, its sampling): a label
    // names it only when it differs between configurations that both have the
    // role; against one without the role, the role's own setting says so.
    bool detail = false;
};

struct ConfigurationIdentity
{
    // The configuration in words as `eval` has always named it: "CodeAgent",
    // "Left Flow, 3 reviewers, top-5, CoT, inline line numbers".
    QString baseName;
    QList<ConfigurationSetting> settings; // in the order a label names them
    // False: a run whose record holds no readable configuration. It is known
    // by its run label only (baseName), one group per label.
    bool readable = true;

    // Canonical: equal exactly when every setting (key and value) is equal.
    QString key() const;
    // A short hash of key() (12 hex digits), to tell configurations apart in
    // JSON and where two labels would otherwise read the same.
    QString fingerprint() const;
    const ConfigurationSetting *setting(const QString &key) const;
};

// Every setting of `config` that can change its comments.
ConfigurationIdentity configurationIdentity(const RunConfig &config);
// The identity of runs labelled `runLabel` whose configuration cannot be read.
ConfigurationIdentity unreadableConfiguration(const QString &runLabel);

struct ConfigurationLabel
{
    QString text;        // "CodeAgent (QA-Checker on, τ 4.5)"
    QStringList named;   // the keys of the settings the text names after the base name
};

// The labels of configurations shown together (one table, one report), in
// their order: the base name, and when other configurations in the list
// share it, in parentheses the settings whose values differ from one of
// theirs (a setting another lacks differs, unless it is a detail). Equal
// identities get equal labels; two different ones never do (the fingerprint
// is added in brackets where words alone would coincide). `compare` and
// `arena` name configurations with it as `eval` does.
QList<ConfigurationLabel> configurationLabels(const QList<ConfigurationIdentity> &configurations);

} // namespace rd
