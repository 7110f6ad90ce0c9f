#include "SemanticMatcher.h"

#include "LlmClient.h"
#include "RunConfig.h"

#include <QCoreApplication>
#include <QFile>
#include <QMutexLocker>

namespace rd {

SemanticMatcher::SemanticMatcher(LlmClient &client, const SemanticMatchOptions &options) : m_client(client), m_options(options)
{
    m_options.votes = std::max(1, m_options.votes);
}

QString semanticPromptName(SemanticPrompt prompt)
{
    return prompt == SemanticPrompt::ReleasedEvaluator
               ? QStringLiteral("released evaluator (evaluator_runner/core/match_base.py SEMANTIC_COMPARISON_PROMPT_TEMPLATE)")
               : QStringLiteral("aacr-bench Fig. 9 (cleaned of PDF artefacts)");
}

QString SemanticMatcher::prompt(const QString &comment1, const QString &comment2, const QString &diffHunk)
{
    QString p = QStringLiteral(
        "-Role-\nYou are an expert code reviewer assistant specialized in analyzing and comparing code review comments.\n\n-Task-\n"
        "Determine whether two given review comments express the same concern or suggestion regarding the provided diff hunk. "
        "Ignore differences in wording, tone, or formatting-focus solely on semantic equivalence of the underlying issue. "
        "If the core intent and technical substance are identical, answer \"yes\", otherwise, answer \"no\".\n");
    if (!diffHunk.isEmpty())
        p += QStringLiteral("\n-Diff Hunk-\n") + diffHunk + QLatin1Char('\n');
    p += QStringLiteral("\n-Review Comments-\nReview Comment 1:\n") + comment1 + QStringLiteral("\nReview Comment 2:\n") + comment2;
    p += QStringLiteral("\n\n-Task-\n"
                        "Determine whether the two review comments given above express the same concern or suggestion regarding the provided diff hunk. "
                        "Ignore differences in wording, tone, or formatting-focus solely on semantic equivalence of the underlying issue. "
                        "If the core intent and technical substance are identical, answer \"yes\"; otherwise, answer \"no\".\n\nYour answer:\n");
    return p;
}

QString SemanticMatcher::releasedPrompt(const QString &comment1, const QString &comment2)
{
    static const QString text = [] {
        QFile file(QStringLiteral(":/prompts/aacr/semantic_match_released.txt"));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }();
    const QLatin1String first("{comment1}"), second("{comment2}");
    const qsizetype a = text.indexOf(first);
    const qsizetype b = text.indexOf(second, a + first.size());
    if (a < 0 || b < 0)
        return {}; // not built in: asked as an empty prompt, which the endpoint refuses and the evaluation reports
    return text.left(a) + comment1 + text.mid(a + first.size(), b - a - first.size()) + comment2 + text.mid(b + second.size());
}

bool SemanticMatcher::answerIsYes(const QString &answer)
{
    const QString text = answer.trimmed().toLower();
    bool positive = false;
    for (const char *word : {"yes", "similar", "same", "identical", "equivalent"})
        positive = positive || text.contains(QLatin1String(word));
    const qsizetype yes = text.indexOf(QLatin1String("yes"));
    if (yes >= 0)
        return positive && !text.left(yes).contains(QLatin1String("no"));
    return positive;
}

bool SemanticMatcher::same(const QString &generated, const QString &reference, const QString &diffHunk)
{
    int yes = 0;
    for (int vote = 0; vote < m_options.votes; ++vote) {
        if (m_options.cancelled && *m_options.cancelled)
            break;
        ChatRequest request;
        request.profile = m_options.profile;
        // Each vote is its own request: without a different seed the cache would answer every vote alike.
        if (m_options.votes > 1)
            request.profile.seed = m_options.profile.seed.value_or(0) + vote;
        const QString question = m_options.prompt == SemanticPrompt::ReleasedEvaluator ? releasedPrompt(generated, reference) : prompt(generated, reference, diffHunk);
        request.messages = {{QStringLiteral("user"), question}};
        request.label = QStringLiteral("semantic match, vote %1").arg(vote + 1);
        const Exchange e = m_client.send(request).result();
        QMutexLocker locker(&m_lock);
        m_exchanges << e;
        ++m_questions;
        if (!e.ok()) {
            m_errors << QCoreApplication::translate("rd::pipeline", "semantic match: %1").arg(e.error);
            continue;
        }
        if (answerIsYes(e.response))
            ++yes;
    }
    return 2 * yes > m_options.votes;
}

QList<Exchange> SemanticMatcher::exchanges() const
{
    QMutexLocker locker(&m_lock);
    return m_exchanges;
}

QStringList SemanticMatcher::errors() const
{
    QMutexLocker locker(&m_lock);
    return m_errors;
}

int SemanticMatcher::questions() const
{
    QMutexLocker locker(&m_lock);
    return m_questions;
}

Result<SemanticJudgeSetup> semanticJudgeFrom(const QString &configPath, int votes, bool replay)
{
    QFile file(configPath);
    if (!file.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "cannot read the judge's run configuration %1: %2").arg(configPath, file.errorString())};
    auto config = RunConfig::fromJson(file.readAll());
    if (!config)
        return Error{Error::Kind::Usage, QStringLiteral("%1: %2").arg(configPath, config.error().message)};
    if (!replay)
        if (const auto missing = config->checkApiKeys())
            return *missing;
    SemanticJudgeSetup setup;
    setup.match.profile = config->validator ? *config->validator : config->reviewer;
    if (replay)
        setup.match.profile.endpoint = QStringLiteral("replay:");
    setup.match.votes = votes;
    setup.client = config->clientOptions();
    return setup;
}

} // namespace rd
