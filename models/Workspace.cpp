#include "Workspace.h"

#include <array>
#include <utility>

namespace rd {

namespace {

template <typename E, std::size_t N>
QString nameOf(const std::array<std::pair<E, const char *>, N> &names, E value)
{
    for (const auto &[e, name] : names)
        if (e == value)
            return QString::fromLatin1(name);
    return {};
}

template <typename E, std::size_t N>
std::optional<E> valueOf(const std::array<std::pair<E, const char *>, N> &names, const QString &name)
{
    for (const auto &[e, n] : names)
        if (name == QLatin1String(n))
            return e;
    return std::nullopt;
}

constexpr std::array<std::pair<Verdict, const char *>, 3> verdictNames{{
    {Verdict::Accept, "accept"}, {Verdict::Reject, "reject"}, {Verdict::Unsure, "unsure"}}};
// AACR-Bench Table 1 writes them so.
constexpr std::array<std::pair<ContextLevel, const char *>, 3> contextNames{{
    {ContextLevel::Diff, "Diff Level"}, {ContextLevel::File, "File Level"}, {ContextLevel::Repo, "Repo Level"}}};
constexpr std::array<std::pair<Thumbs, const char *>, 2> thumbsNames{{{Thumbs::Up, "up"}, {Thumbs::Down, "down"}}};
constexpr std::array<std::pair<CommentOrigin, const char *>, 3> originNames{{
    {CommentOrigin::Generated, "generated"}, {CommentOrigin::Imported, "imported"}, {CommentOrigin::Human, "human"}}};
constexpr std::array<std::pair<HistoryAction, const char *>, 5> actionNames{{
    {HistoryAction::Judge, "judge"},
    {HistoryAction::ClearJudgement, "clear"},
    {HistoryAction::EditComment, "edit"},
    {HistoryAction::AddHumanComment, "add-comment"},
    {HistoryAction::RemoveHumanComment, "remove-comment"}}};

} // namespace

bool Judgement::isEmpty() const
{
    return !verdict && !q1Nitpick && !q2Fake && !q3Severity && !category && !context && !keyBug && !tag && !thumbs && !critique
        && !timeSpentMs;
}

const QStringList &aacrCategories()
{
    static const QStringList categories{QStringLiteral("Security Vulnerability"), QStringLiteral("Code Defect"),
                                        QStringLiteral("Maintainability and Readability"), QStringLiteral("Performance")};
    return categories;
}

const QStringList &cqsTags()
{
    static const QStringList tags{QStringLiteral("DedupeLogic"),        QStringLiteral("DictionaryKeyExistenceCheck"),
                                  QStringLiteral("UseConstant"),        QStringLiteral("RenamingVariable"),
                                  QStringLiteral("DomainSpecificName"), QStringLiteral("BreakdownLongFunction"),
                                  QStringLiteral("ExtractMethod"),      QStringLiteral("ResourceLeak"),
                                  QStringLiteral("Documentation"),      QStringLiteral("DivisionByZero"),
                                  QStringLiteral("Typo"),               QStringLiteral("RenamingFunction")};
    return tags;
}

QString verdictName(Verdict v) { return nameOf(verdictNames, v); }
std::optional<Verdict> verdictFromName(const QString &name) { return valueOf(verdictNames, name); }
QString contextLevelName(ContextLevel c) { return nameOf(contextNames, c); }
std::optional<ContextLevel> contextLevelFromName(const QString &name) { return valueOf(contextNames, name); }
QString thumbsName(Thumbs t) { return nameOf(thumbsNames, t); }
std::optional<Thumbs> thumbsFromName(const QString &name) { return valueOf(thumbsNames, name); }
QString commentOriginName(CommentOrigin o) { return nameOf(originNames, o); }
std::optional<CommentOrigin> commentOriginFromName(const QString &name) { return valueOf(originNames, name); }
QString historyActionName(HistoryAction a) { return nameOf(actionNames, a); }

} // namespace rd
