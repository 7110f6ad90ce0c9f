#pragma once

// The part of AACR-Bench's positive_samples.json that evaluation needs: each
// PR's URL, language, category and reference comments. A minimal reader for
// `eval --aacr-gt`; the full importer of the format is the exchange's.

#include "EvalMatching.h"
#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace rd {

struct AacrPositivePr
{
    QString url;        // githubPrUrl
    QString repo;       // from the URL: the name comments_{repo}_{pr}.txt uses
    QString number;
    QString language;   // project_main_language
    QString category;   // the PR's category
    QList<eval::Item> references; // key: the comment's "id" when it has one, else "None"
};

// An error names the file's position ("PR 3, comment 2: from_line is not a
// number") for anything malformed; unknown fields are ignored.
Result<QList<AacrPositivePr>> readAacrPositiveSamples(const QByteArray &json, const QString &fileName);

} // namespace rd
