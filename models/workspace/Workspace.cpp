#include "Workspace.h"

#include <QCoreApplication>

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

std::optional<QString> canonicalCategory(const QString &category)
{
    QString wanted = category.simplified();
    wanted.replace(QStringLiteral(" & "), QStringLiteral(" and "));
    for (const QString &c : aacrCategories())
        if (c.compare(wanted, Qt::CaseInsensitive) == 0)
            return c;
    return std::nullopt;
}

QString judgementProblem(const Judgement &j)
{
    const std::array<std::pair<const char *, const std::optional<int> *>, 3> scores{{{"q1", &j.q1Nitpick}, {"q2", &j.q2Fake}, {"q3", &j.q3Severity}}};
    for (const auto &[name, score] : scores)
        if (*score && (**score < 1 || **score > 7))
            return QCoreApplication::translate("rd::models", "%1 must be 1 to 7, not %2").arg(QLatin1String(name)).arg(**score);
    if (j.category && !canonicalCategory(*j.category))
        return QCoreApplication::translate("rd::models", "unknown category '%1' (one of: %2)").arg(*j.category, aacrCategories().join(QStringLiteral(", ")));
    if (j.tag && j.tag->trimmed().isEmpty())
        return QCoreApplication::translate("rd::models", "the tag is empty");
    if (j.tag && j.tag->size() > 200)
        return QCoreApplication::translate("rd::models", "the tag is longer than 200 characters");
    if (j.critique && j.critique->size() > 10000)
        return QCoreApplication::translate("rd::models", "the critique is longer than 10000 characters");
    if (j.timeSpentMs && *j.timeSpentMs < 0)
        return QCoreApplication::translate("rd::models", "time_spent_ms is negative");
    return {};
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
std::optional<HistoryAction> historyActionFromName(const QString &name) { return valueOf(actionNames, name); }

QString judgementFieldName(JudgementField f)
{
    static constexpr std::array<std::pair<JudgementField, const char *>, 11> names{{
        {JudgementField::Verdict, "verdict"},   {JudgementField::Q1Nitpick, "q1"},     {JudgementField::Q2Fake, "q2"},
        {JudgementField::Q3Severity, "q3"},     {JudgementField::Category, "category"}, {JudgementField::Context, "context"},
        {JudgementField::KeyBug, "key_bug"},    {JudgementField::Tag, "tag"},           {JudgementField::Thumbs, "thumbs"},
        {JudgementField::Critique, "critique"}, {JudgementField::TimeSpent, "time_spent_ms"}}};
    return nameOf(names, f);
}

} // namespace rd
