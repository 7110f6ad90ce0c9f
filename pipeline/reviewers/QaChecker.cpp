#include "QaChecker.h"

#include "PipelineOutput.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace rd {
namespace {

// Function words, and the JSON keys of the task reports (structure, not substance).
const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        const char *list[] = {
            "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "because", "been", "before",
            "being", "below", "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "either",
            "else", "even", "every", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his",
            "how", "however", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "may", "me", "might", "more", "most", "much", "must",
            "my", "no", "nor", "not", "now", "of", "off", "on", "once", "one", "only", "or", "other", "our", "ours", "out", "over", "own", "same",
            "shall", "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them", "then", "there", "these", "they",
            "this", "those", "through", "thus", "to", "too", "under", "until", "up", "upon", "us", "very", "was", "we", "were", "what", "when",
            "where", "whether", "which", "while", "who", "whom", "whose", "why", "will", "with", "within", "without", "would", "yes", "yet",
            "you", "your", "yours", "e.g", "i.e", "etc", "true", "false", "null",
            // the task reports' keys and verdict words
            "verdict", "summary", "findings", "file", "line_start", "line_end", "issue", "fix", "code", "severity", "consistent",
            "inconsistent", "vulnerable", "not_vulnerable", "revised", "unchanged"};
        QSet<QString> out;
        for (const char *w : list)
            out.insert(QString::fromLatin1(w));
        return out;
    }();
    return words;
}

// Software, review and security vocabulary (TechnicalityScore's lexicon).
const QSet<QString> &technicalVocabulary()
{
    static const QSet<QString> words = [] {
        const char *list[] = {
            "abi", "abort", "access", "algorithm", "alignment", "allocation", "allocate", "allocates", "allocator", "api", "argument",
            "arguments", "array", "assert", "assertion", "async", "atomic", "attack", "attacker", "authentication", "authorization", "bound",
            "bounds", "boundary", "branch", "buffer", "buffers", "bug", "byte", "bytes", "cache", "callback", "cast", "char", "class", "commit",
            "compile", "compiler", "concurrency", "concurrent", "condition", "const", "constructor", "container", "corruption", "crash", "csrf",
            "cve", "cwe", "data", "deadlock", "declaration", "decrement", "default", "deference", "dereference", "descriptor", "destructor",
            "diff", "double", "encoding", "endpoint", "enum", "escape", "exception", "exploit", "exploitable", "field", "file", "float",
            "format", "formatting", "free", "function", "functions", "handle", "handler", "hash", "header", "heap", "indentation", "index",
            "inject", "injection", "initialization", "input", "instance", "int", "integer", "interface", "iterator", "key", "leak", "leaks",
            "length", "library", "lock", "locking", "locks", "loop", "macro", "malloc", "memory", "message", "method", "module", "mutex",
            "namespace", "null", "nullptr", "object", "off-by-one", "operator", "out-of-bounds", "overflow", "overflows", "overrun", "parameter",
            "parameters", "parse", "parser", "password", "path", "patch", "permission", "pointer", "pointers", "privilege", "query", "race",
            "recursion", "reference", "refactor", "regression", "release", "resource", "return", "sanitize", "sanitization", "scope", "secret",
            "security", "segfault", "serialization", "signature", "signed", "socket", "sql", "stack", "statement", "static", "string", "strings",
            "struct", "syntax", "template", "thread", "threads", "timeout", "token", "traversal", "truncation", "type", "underflow", "unsigned",
            "untrusted", "use-after-free", "validation", "validate", "value", "variable", "vector", "vulnerability", "vulnerabilities", "xss"};
        QSet<QString> out;
        for (const char *w : list)
            out.insert(QString::fromLatin1(w));
        return out;
    }();
    return words;
}

// Discourse connectives (single words and phrases), matched as whole words.
const QRegularExpression &connectives()
{
    static const QRegularExpression re(
        QStringLiteral("\\b(?:because|therefore|however|thus|hence|consequently|moreover|furthermore|although|though|whereas|since|so|but|"
                       "then|instead|otherwise|also|first|second|finally|meanwhile|nevertheless|nonetheless|additionally|similarly|"
                       "as a result|for example|for instance|in addition|in contrast|on the other hand|so that|such as|that is|which means)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

QString stripped(QString token)
{
    static const QString around = QStringLiteral("\"'`,;:!?()[]{}<>*");
    while (!token.isEmpty() && (around.contains(token.front()) || token.front() == QLatin1Char('.')))
        token.remove(0, 1);
    while (!token.isEmpty() && (around.contains(token.back()) || token.back() == QLatin1Char('.')))
        token.chop(1);
    return token;
}

bool hasLetterOrDigit(const QString &s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

} // namespace

QStringList qaWords(const QString &text)
{
    QStringList out;
    for (const QString &raw : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        const QString w = stripped(raw);
        if (hasLetterOrDigit(w))
            out << w;
    }
    return out;
}

double cosineSimilarity(const std::vector<float> &a, const std::vector<float> &b)
{
    if (a.size() != b.size() || a.empty())
        return 0;
    double dot = 0, na = 0, nb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        dot += double(a[i]) * double(b[i]);
        na += double(a[i]) * double(a[i]);
        nb += double(b[i]) * double(b[i]);
    }
    if (na <= 0 || nb <= 0)
        return 0;
    const double c = dot / (std::sqrt(na) * std::sqrt(nb));
    return std::isfinite(c) ? std::clamp(c, -1.0, 1.0) : 0.0;
}

double qaRelevance(const std::vector<float> &question, const std::vector<float> &answer)
{
    return std::max(0.0, cosineSimilarity(question, answer));
}

QSet<QString> codeIdentifiers(const QString &code)
{
    static const QRegularExpression identifier(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{2,}"));
    QSet<QString> out;
    for (auto it = identifier.globalMatch(code); it.hasNext();) {
        const QString w = it.next().captured().toLower();
        if (!stopWords().contains(w))
            out.insert(w);
    }
    return out;
}

double technicalityScore(const QString &word, const QSet<QString> &domainTerms)
{
    static const QRegularExpression codeLike(QStringLiteral("_|::|->|\\(|\\)|/|#|=|\\[|\\]|\\.[A-Za-z]|[a-z][A-Z]|[A-Za-z]\\d|\\d[A-Za-z]"));
    static const QRegularExpression acronym(QStringLiteral("^[A-Z][A-Z0-9]+$"));
    const QString lower = word.toLower();
    if (codeLike.match(word).hasMatch() || acronym.match(word).hasMatch())
        return 1;
    if (domainTerms.contains(lower) || technicalVocabulary().contains(lower))
        return 1;
    return 0;
}

double qaSpecificity(const QString &answer, const QSet<QString> &domainTerms)
{
    const QStringList words = qaWords(answer);
    if (words.isEmpty())
        return 0;
    // ContentWords(A) is a set: each distinct content word counts once.
    QSet<QString> seen;
    double technical = 0;
    for (const QString &w : words) {
        const QString lower = w.toLower();
        if (stopWords().contains(lower) || seen.contains(lower))
            continue;
        seen.insert(lower);
        technical += technicalityScore(w, domainTerms);
    }
    return std::min(1.0, technical / static_cast<double>(words.size()));
}

double qaDiscourseConnectives(const QString &answer)
{
    static const QRegularExpression boundary(QStringLiteral("[.!?]+(?:\\s|$)|\\n+"));
    int sentences = 0;
    for (const QString &s : answer.split(boundary, Qt::SkipEmptyParts))
        if (hasLetterOrDigit(s))
            ++sentences;
    if (sentences == 0)
        return 0;
    int count = 0;
    for (auto it = connectives().globalMatch(answer); it.hasNext(); it.next())
        ++count;
    return std::min(1.0, static_cast<double>(count) / sentences);
}

double qaAnswerPatternAdherence(const QString &answer)
{
    const AgentReport report = parseAgentReport(answer);
    if (!report.error.isEmpty())
        return 0;
    return report.verdict.isEmpty() ? 0.5 : 1.0;
}

QaTerms qaTerms(const QString &answer, const std::vector<float> &questionVector, const std::vector<float> &answerVector, double coreference,
                const QSet<QString> &domainTerms)
{
    QaTerms t;
    t.relevance = qaRelevance(questionVector, answerVector);
    t.specificity = qaSpecificity(answer, domainTerms);
    t.discourse = qaDiscourseConnectives(answer);
    t.coreference = std::clamp(coreference / 10.0, 0.0, 1.0);
    t.pattern = qaAnswerPatternAdherence(answer);
    return t;
}

QaStep qaRefine(const QString &question, double score, double tau, const QString &additionalInstruction)
{
    if (score >= tau)
        return {true, {}};
    return {false, question + QStringLiteral("\n\nAdditional instruction from the QA-Checker: ") + additionalInstruction};
}

QString qaEmbeddingText(const QString &text)
{
    constexpr qsizetype limit = 8000;
    if (text.size() <= limit)
        return text;
    return text.left(limit / 2) + QStringLiteral("\n…\n") + text.right(limit / 2);
}

} // namespace rd
