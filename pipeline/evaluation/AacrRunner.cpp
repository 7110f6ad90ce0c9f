#include "AacrRunner.h"

#include <PythonRound.h>

#include <QDir>
#include <QStringDecoder>

#include <algorithm>

namespace rd::eval {

namespace {

// pathlib's PurePath.stem: the name without its last suffix, where a
// suffix needs a dot after the first character and something after it.
QString pathStem(const QString &name)
{
    const qsizetype dot = name.lastIndexOf(QLatin1Char('.'));
    return dot > 0 && dot < name.size() - 1 ? name.left(dot) : name;
}

double overall(int part, int whole)
{
    return whole > 0 ? pythonRound(double(part) / double(whole), 4) : 0.0;
}

} // namespace

QStringList releasedRunnerFiles(const QDir &dir)
{
    QStringList names = dir.entryList({QStringLiteral("*.txt")}, QDir::Files | QDir::Dirs | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot | QDir::CaseSensitive);
    std::sort(names.begin(), names.end());
    return names;
}

std::optional<qsizetype> releasedRunnerPullRequestOf(const QString &fileName, const QList<AacrPositivePr> &prs)
{
    const QString stem = pathStem(fileName);
    const auto indexOfUrl = [&prs](const QString &url) -> std::optional<qsizetype> {
        for (qsizetype i = 0; i < prs.size(); ++i)
            if (prs[i].url == url)
                return i; // find_reference_by_url(): the first with that URL
        return std::nullopt;
    };
    const QLatin1String prefix("comments_");
    if (stem.startsWith(prefix)) {
        const QString rest = stem.mid(prefix.size());
        const qsizetype split = rest.lastIndexOf(QLatin1Char('_')); // rsplit("_", 1)
        if (split >= 0) {
            const QString repo = rest.left(split).toLower();
            const QString pull = QStringLiteral("/pull/") + rest.mid(split + 1);
            for (const AacrPositivePr &pr : prs)
                if (pr.url.toLower().contains(repo) && pr.url.contains(pull))
                    return indexOfUrl(pr.url);
        }
    }
    // Its fallback: any URL whose repository and number occur in the name.
    for (const AacrPositivePr &pr : prs) {
        const QStringList parts = pr.url.split(QLatin1Char('/'));
        if (parts.size() < 7)
            continue;
        const QString &repo = parts[parts.size() - 3];
        const QString &number = parts.last();
        if (stem.toLower().contains(repo.toLower()) && stem.contains(number))
            return indexOfUrl(pr.url);
    }
    return std::nullopt;
}

std::optional<QString> releasedRunnerText(const QByteArray &bytes)
{
    // Python keeps a leading byte order mark as U+FEFF; Qt would drop it.
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    QString text = utf8.decode(bytes);
    if (utf8.hasError())
        return std::nullopt;
    text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    text.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return text;
}

QJsonObject releasedRunnerSummaryJson(const ReleasedRunnerSummary &s, bool semantic)
{
    QJsonObject o{{QStringLiteral("total_files"), s.totalFiles},
                  {QStringLiteral("evaluated_files"), s.evaluatedFiles},
                  {QStringLiteral("total_generated_comments"), s.generated},
                  {QStringLiteral("total_reference_comments"), s.references},
                  {QStringLiteral("total_line_matches"), s.lineMatches},
                  {QStringLiteral("overall_line_match_rate"), overall(s.lineMatches, s.generated)},
                  {QStringLiteral("overall_line_recall"), overall(s.lineMatches, s.references)}};
    if (semantic) {
        o.insert(QStringLiteral("total_semantic_matches"), s.semanticMatches);
        o.insert(QStringLiteral("overall_semantic_match_rate"), overall(s.semanticMatches, s.generated));
        o.insert(QStringLiteral("overall_semantic_recall"), overall(s.semanticMatches, s.references));
    }
    return o;
}

} // namespace rd::eval
