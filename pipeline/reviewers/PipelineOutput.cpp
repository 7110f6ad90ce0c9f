#include "PipelineOutput.h"

#include "JsonInText.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <optional>

namespace rd {
namespace {

using AnswerJson = nlohmann::json;

// The value of the first of `keys` the object has, compared without case,
// spaces or underscores ("Suggested score" is "suggested_score").
const AnswerJson *field(const AnswerJson &object, std::initializer_list<const char *> keys)
{
    if (!object.is_object())
        return nullptr;
    auto norm = [](QString k) { return k.toLower().remove(QLatin1Char('_')).remove(QLatin1Char(' ')).remove(QLatin1Char('-')); };
    for (const char *key : keys)
        for (auto it = object.begin(); it != object.end(); ++it)
            if (norm(QString::fromStdString(it.key())) == norm(QLatin1String(key)))
                return &it.value();
    return nullptr;
}

QString textOf(const AnswerJson *v)
{
    if (!v || v->is_null())
        return {};
    if (v->is_string())
        return QString::fromStdString(v->get<std::string>()).trimmed();
    if (v->is_number() || v->is_boolean())
        return QString::fromStdString(v->dump());
    return QString::fromStdString(v->dump(2));
}

std::optional<double> numberOf(const AnswerJson *v)
{
    if (!v)
        return std::nullopt;
    if (v->is_number()) {
        const double d = v->get<double>();
        return std::isfinite(d) ? std::optional<double>(d) : std::nullopt;
    }
    if (v->is_string()) {
        // "7", "7/10", "score: 7"
        static const QRegularExpression number(QStringLiteral("-?\\d+(?:\\.\\d+)?"));
        // Hundreds of digits read as infinity, which is no score (and +inf
        // and -inf average to NaN, which passes every range check).
        const auto m = number.match(QString::fromStdString(v->get<std::string>()));
        if (const double d = m.captured().toDouble(); m.hasMatch() && std::isfinite(d))
            return d;
    }
    return std::nullopt;
}

// "yes"/"no" (the paper's words), true/false; anything else is no answer.
std::optional<bool> yesOrNo(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("yes") || t == QLatin1String("true"))
        return true;
    if (t == QLatin1String("no") || t == QLatin1String("false"))
        return false;
    return std::nullopt;
}

int lineOf(const AnswerJson *v)
{
    const auto n = numberOf(v);
    if (!n || *n < 0 || *n > 1e9)
        return 0;
    return static_cast<int>(std::lround(*n));
}

CqsIssue issueFrom(const AnswerJson &j)
{
    CqsIssue issue;
    issue.function = textOf(field(j, {"function", "problematic_function", "function_name"}));
    issue.rationale = textOf(field(j, {"rationale", "issue", "reason"}));
    issue.file = textOf(field(j, {"file", "relevant_file", "path"}));
    issue.line = lineOf(field(j, {"line", "line_number", "line_start"}));
    issue.tag = textOf(field(j, {"tag", "issue_tag", "category"}));
    return issue;
}

bool looksLikeIssue(const AnswerJson &j)
{
    return j.is_object() && (field(j, {"rationale", "issue"}) || field(j, {"tag", "issue_tag"}));
}

// "Key: value" lines, the paper's YAML-like format: a repeated key starts
// the next issue; a rationale may continue on following lines.
ParsedIssues issuesFromLines(const QString &reply)
{
    static const QRegularExpression keyLine(QStringLiteral("^\\s*[-*]?\\s*\"?(file|line|function|problematic_function|rationale|tag)\"?\\s*:\\s*(.*?)\\s*,?$"),
                                            QRegularExpression::CaseInsensitiveOption);
    ParsedIssues out;
    CqsIssue current;
    QSet<QString> seen;
    QString lastKey;
    auto flush = [&] {
        if (!current.rationale.isEmpty() || !current.tag.isEmpty())
            out.issues.append(current);
        current = {};
        seen.clear();
    };
    for (const QString &line : reply.split(QLatin1Char('\n'))) {
        const auto m = keyLine.match(line);
        if (!m.hasMatch()) {
            if (lastKey == QLatin1String("rationale") && !line.trimmed().isEmpty())
                current.rationale += QLatin1Char(' ') + line.trimmed();
            else
                lastKey.clear();
            continue;
        }
        QString key = m.captured(1).toLower();
        if (key == QLatin1String("problematic_function"))
            key = QStringLiteral("function");
        if (seen.contains(key))
            flush();
        seen.insert(key);
        lastKey = key;
        QString value = m.captured(2);
        if (value.size() >= 2 && value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"')))
            value = value.mid(1, value.size() - 2);
        if (key == QLatin1String("file"))
            current.file = value;
        else if (key == QLatin1String("line"))
            current.line = std::max(0, value.section(QLatin1Char('-'), 0, 0).trimmed().toInt());
        else if (key == QLatin1String("function"))
            current.function = value;
        else if (key == QLatin1String("rationale"))
            current.rationale = value;
        else
            current.tag = value;
    }
    flush();
    return out;
}

} // namespace

ParsedIssues parseCqsIssues(const QString &reply)
{
    ParsedIssues out;
    for (const AnswerJson &candidate : jsonValuesIn(reply)) {
        const AnswerJson *list = nullptr;
        if (candidate.is_array())
            list = &candidate;
        else if (const AnswerJson *issues = field(candidate, {"issues", "suggestions", "comments"}); issues && issues->is_array())
            list = issues;
        if (list) {
            for (const AnswerJson &j : *list)
                if (j.is_object())
                    out.issues.append(issueFrom(j));
            return out;
        }
        // The paper's example output is issue objects one after another.
        if (looksLikeIssue(candidate))
            out.issues.append(issueFrom(candidate));
    }
    if (!out.issues.isEmpty())
        return out;
    out = issuesFromLines(reply);
    if (out.issues.isEmpty()) {
        static const QRegularExpression noIssues(QStringLiteral("\\bno (issues|problems)\\b"), QRegularExpression::CaseInsensitiveOption);
        if (!noIssues.match(reply).hasMatch())
            out.error = QCoreApplication::translate("rd::pipeline", "no issue list in the collector's reply");
    }
    return out;
}

JudgeVerdict parseJudgeVerdict(const QString &reply)
{
    JudgeVerdict out;
    std::optional<double> score;
    for (const AnswerJson &candidate : jsonValuesIn(reply)) {
        const AnswerJson &j = candidate.is_array() && !candidate.empty() ? candidate[0] : candidate;
        score = numberOf(field(j, {"score", "suggested_score", "judge_score"}));
        if (!score)
            continue;
        out.reason = textOf(field(j, {"reason", "score_reason", "rationale", "motivation"}));
        const QString status = textOf(field(j, {"status", "valid"})).toLower();
        out.valid = status != QLatin1String("invalid") && status != QLatin1String("false");
        out.lineMatches = yesOrNo(textOf(field(j, {"line_matching", "line_match"})));
        break;
    }
    if (!score) {
        static const QRegularExpression scoreLine(QStringLiteral("score\"?\\s*[:=]\\s*\"?(-?\\d+(?:\\.\\d+)?)"), QRegularExpression::CaseInsensitiveOption);
        if (const auto m = scoreLine.match(reply); m.hasMatch() && std::isfinite(m.captured(1).toDouble()))
            score = m.captured(1).toDouble();
        static const QRegularExpression reasonLine(QStringLiteral("(?:score reason|reason|motivation)\"?\\s*:\\s*(.+)"), QRegularExpression::CaseInsensitiveOption);
        if (const auto m = reasonLine.match(reply); m.hasMatch())
            out.reason = m.captured(1).trimmed();
        static const QRegularExpression invalid(QStringLiteral("status\"?\\s*:\\s*\"?invalid"), QRegularExpression::CaseInsensitiveOption);
        out.valid = !invalid.match(reply).hasMatch();
        static const QRegularExpression lineMatching(QStringLiteral("line[_ ]?matching\"?\\s*:\\s*\"?(\\w+)"), QRegularExpression::CaseInsensitiveOption);
        if (const auto m = lineMatching.match(reply); m.hasMatch())
            out.lineMatches = yesOrNo(m.captured(1));
    }
    if (!score) {
        out.error = QCoreApplication::translate("rd::pipeline", "no score in the judge's reply");
        return out;
    }
    // CQS App. C: the trained judge answers -1 for an invalid issue. That is
    // its "invalid", whatever a status says; any other score outside 0..10
    // is no answer.
    if (*score == -1.0) {
        out.score = -1;
        out.valid = false;
        return out;
    }
    if (*score < 0 || *score > 10) {
        out.error = QCoreApplication::translate("rd::pipeline", "the judge's score %1 is outside -1 to 10").arg(*score);
        return out;
    }
    out.score = static_cast<int>(std::lround(*score));
    return out;
}

CheckerVerdict parseCheckerVerdict(const QString &reply)
{
    CheckerVerdict out;
    for (const AnswerJson &candidate : jsonValuesIn(reply)) {
        if (!candidate.is_object())
            continue;
        const std::optional<double> rating = numberOf(field(candidate, {"coreference", "coreference_consistency", "coreferenceconsistency"}));
        if (!rating)
            continue;
        if (*rating < 0 || *rating > 10) {
            out.error = QCoreApplication::translate("rd::pipeline", "the QA-Checker's coreference rating %1 is outside 0 to 10").arg(*rating);
            return out;
        }
        out.coreference = *rating;
        out.instruction = textOf(field(candidate, {"instruction", "additional_instruction", "aai"}));
        out.reason = textOf(field(candidate, {"reason", "rationale"}));
        return out;
    }
    out.error = QCoreApplication::translate("rd::pipeline", "no coreference rating in the QA-Checker's reply");
    return out;
}

AgentReport parseAgentReport(const QString &reply)
{
    AgentReport out;
    for (const AnswerJson &candidate : jsonValuesIn(reply)) {
        const AnswerJson *findings = candidate.is_array() ? &candidate : field(candidate, {"findings", "issues", "comments"});
        const AnswerJson *verdict = field(candidate, {"verdict", "result"});
        if (!findings && !verdict)
            continue;
        out.verdict = textOf(verdict).toLower().replace(QLatin1Char(' '), QLatin1Char('_'));
        out.summary = textOf(field(candidate, {"summary", "report", "analysis"}));
        if (findings && findings->is_array())
            for (const AnswerJson &f : *findings) {
                if (!f.is_object())
                    continue;
                AgentFinding finding;
                finding.file = textOf(field(f, {"file", "path"}));
                finding.lineStart = lineOf(field(f, {"line_start", "line", "from_line"}));
                finding.lineEnd = std::max(finding.lineStart, lineOf(field(f, {"line_end", "to_line"})));
                finding.issue = textOf(field(f, {"issue", "description", "problem"}));
                finding.fix = textOf(field(f, {"fix", "suggestion"}));
                finding.code = textOf(field(f, {"code", "revised_code", "example"}));
                const auto severity = numberOf(field(f, {"severity"}));
                finding.severity = severity && *severity >= 1 && *severity <= 7 ? static_cast<int>(std::lround(*severity)) : 0;
                out.findings.append(finding);
            }
        return out;
    }
    out.summary = reply.trimmed();
    out.error = QCoreApplication::translate("rd::pipeline", "no JSON report in the answer");
    return out;
}

} // namespace rd
