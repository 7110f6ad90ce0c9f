#pragma once

#include <QList>
#include <QSet>
#include <QString>

#include <optional>

namespace rd {

// Readers of the CQS and CodeAgent roles' replies. Model output is untrusted:
// JSON in fences or among prose, keys in the paper's spellings ("Function",
// "problematic_function", "Suggested score"), numbers as strings, the
// "Key: value" lines of the paper's YAML-like examples. Pure functions:
// tests and a fuzz target call them directly; none throws or crashes.

struct CqsIssue
{
    QString function;
    QString rationale;
    QString file;
    int line = 0; // 0: none given
    QString tag;
};

struct ParsedIssues
{
    QList<CqsIssue> issues;
    QString error; // set when the reply holds no issue list
};

// The issue collector's reply: {"issues":[...]}, a bare list, one issue
// object, or "File:/Line:/Function:/Rationale:/Tag:" lines.
ParsedIssues parseCqsIssues(const QString &reply);

struct JudgeVerdict
{
    int score = -1;     // 0..10, or -1: the judge's "invalid" (CQS App. C)
    bool valid = true;  // "Status": valid / invalid; false for a score of -1
    QString reason;
    // "Line_matching" (CQS App. A.4): whether the issue's line is the diff's
    // pre-pended line number; empty when the judge did not say.
    std::optional<bool> lineMatches;
    QString error;      // set when no score in -1..10 could be read
};

// The issue judge's reply about one issue: {"score", "status",
// "line_matching", "reason"}.
JudgeVerdict parseJudgeVerdict(const QString &reply);

struct CheckerVerdict
{
    double coreference = -1; // 0..10: the model's rating of the answer's coreference consistency
    QString instruction;     // the additional instruction for the next turn
    QString reason;
    QString error;
};

// The QA-Checker model's reply: {"coreference"} (0..10; App. A's
// CoreferenceConsistency term, which the model rates: the other terms of
// 𝒬 are computed, QaChecker.h), {"instruction"} and {"reason"}.
CheckerVerdict parseCheckerVerdict(const QString &reply);

struct AgentFinding
{
    QString file;
    int lineStart = 0;
    int lineEnd = 0;
    QString issue;
    QString fix;
    QString code; // a revised snippet (code revision)
    int severity = 0; // 1..7 when given
};

struct AgentReport
{
    QString verdict; // consistent, inconsistent, vulnerable, not_vulnerable, ...
    QString summary;
    QList<AgentFinding> findings;
    QString error; // set when no JSON report could be read
};

// A CodeAgent task's answer: {"verdict", "summary", "findings":[{file,
// line_start, line_end, issue, fix, code, severity}]}.
AgentReport parseAgentReport(const QString &reply);

} // namespace rd
