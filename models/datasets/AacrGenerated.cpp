#include "AacrGenerated.h"

#include "AacrLines.h"
#include "RunStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

#include <limits>

namespace rd {

namespace {

// The text between the first <tag> and the </tag> after it, like the
// evaluator's non-greedy <tag>(.*?)</tag>.
std::optional<QString> tagged(const QString &block, QLatin1String tag)
{
    const QString open = QLatin1Char('<') + tag + QLatin1Char('>');
    const QString close = QStringLiteral("</") + tag + QLatin1Char('>');
    qsizetype from = 0;
    while (true) {
        const qsizetype start = block.indexOf(open, from);
        if (start < 0)
            return std::nullopt;
        const qsizetype end = block.indexOf(close, start + open.size());
        if (end >= 0)
            return block.mid(start + open.size(), end - start - open.size());
        return std::nullopt; // no close after the first open: none after a later one either
    }
}

// Python's str.strip(): what str.isspace() calls space, which includes the
// separators U+001C..U+001F that QString::trimmed() keeps.
bool pythonSpace(QChar c)
{
    return c.isSpace() || (c.unicode() >= 0x1c && c.unicode() <= 0x1f);
}

QString pythonStripped(const QString &text)
{
    qsizetype begin = 0, end = text.size();
    while (begin < end && pythonSpace(text[begin]))
        ++begin;
    while (end > begin && pythonSpace(text[end - 1]))
        --end;
    return text.mid(begin, end - begin);
}

struct LineRead
{
    std::optional<int> line;
    bool clamped = false; // beyond int: kept as the nearest int
};

// Python's int() on the stripped text, as the evaluator calls it: a sign,
// decimal digits of any script (Unicode Nd), single underscores between
// digits, at most 4300 digits (CPython's limit, a ValueError beyond). A
// value beyond int is kept as INT_MIN/INT_MAX: it lies as far from every
// line of a file as Python's big integer does.
LineRead lineNumber(const QString &text)
{
    const QString t = pythonStripped(text);
    qsizetype i = 0;
    bool negative = false;
    if (i < t.size() && (t[i] == QLatin1Char('+') || t[i] == QLatin1Char('-')))
        negative = t[i++] == QLatin1Char('-');
    qint64 value = 0;
    bool big = false;
    int digits = 0;
    bool lastWasDigit = false;
    for (const char32_t c : QStringView(t).mid(i).toUcs4()) {
        if (c == U'_') {
            if (!lastWasDigit)
                return {};
            lastWasDigit = false;
            continue;
        }
        if (!QChar::isDigit(c))
            return {};
        if (++digits > 4300)
            return {};
        lastWasDigit = true;
        if (!big) {
            value = value * 10 + QChar::digitValue(c);
            big = value > qint64(std::numeric_limits<int>::max()) + 1;
        }
    }
    if (digits == 0 || !lastWasDigit)
        return {};
    if (negative)
        value = -value;
    if (big || value > std::numeric_limits<int>::max() || value < std::numeric_limits<int>::min())
        return {negative ? std::numeric_limits<int>::min() : std::numeric_limits<int>::max(), true};
    return {static_cast<int>(value), false};
}

// <notesplit />, <notesplit>, </notesplit>, any case, spaces before the end.
QList<QString> blocksOf(const QString &text)
{
    QList<QString> blocks;
    qsizetype begin = 0;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        if (text[i] != QLatin1Char('<')) {
            ++i;
            continue;
        }
        qsizetype j = i + 1;
        if (j < n && text[j] == QLatin1Char('/'))
            ++j;
        if (text.mid(j, 9).compare(QLatin1String("notesplit"), Qt::CaseInsensitive) != 0) {
            ++i;
            continue;
        }
        j += 9;
        while (j < n && text[j].isSpace())
            ++j;
        if (j < n && text[j] == QLatin1Char('/'))
            ++j;
        if (j < n && text[j] == QLatin1Char('>')) {
            blocks << text.mid(begin, i - begin);
            begin = i = j + 1;
        } else {
            ++i;
        }
    }
    blocks << text.mid(begin);
    return blocks;
}

QString escaped(QString note)
{
    static const QRegularExpression closing(QStringLiteral("<(/?(?:note|notesplit|path|side|from|to)\\b)"), QRegularExpression::CaseInsensitiveOption);
    return note.replace(closing, QStringLiteral("&lt;\\1"));
}

} // namespace

AacrGeneratedFile parseAacrGenerated(const QString &text)
{
    AacrGeneratedFile out;
    if (text.trimmed().isEmpty())
        return out;
    int number = 0;
    for (const QString &raw : blocksOf(text)) {
        const QString block = raw.trimmed();
        if (block.isEmpty())
            continue;
        ++number;
        const auto note = tagged(block, QLatin1String("note"));
        if (!note || pythonStripped(*note).isEmpty()) {
            out.problems << QCoreApplication::translate("rd::models", "block %1 has no <note>: left out, as the AACR-Bench evaluator does").arg(number);
            continue;
        }
        AacrGeneratedComment c;
        c.note = pythonStripped(*note);
        c.path = pythonStripped(tagged(block, QLatin1String("path")).value_or(QString()));
        c.side = pythonStripped(tagged(block, QLatin1String("side")).value_or(QString())); // never absent: "" without a tag
        for (const auto &[tag, target] : {std::pair{QLatin1String("from"), &c.fromLine}, std::pair{QLatin1String("to"), &c.toLine}}) {
            const auto value = tagged(block, tag);
            if (!value || pythonStripped(*value).isEmpty())
                continue; // no line (how ReviewDesk wrote an unlocated comment before kAacrUnlocatedLine)
            const LineRead read = lineNumber(*value);
            *target = read.line;
            if (!*target)
                out.problems << QCoreApplication::translate("rd::models", "block %1: <%2> is not a line number (%3): read as no line")
                                    .arg(number)
                                    .arg(tag)
                                    .arg(value->left(40));
            else if (read.clamped)
                out.problems << QCoreApplication::translate("rd::models", "block %1: <%2> is beyond any line (%3): read as %4")
                                    .arg(number)
                                    .arg(tag)
                                    .arg(value->left(40))
                                    .arg(*read.line);
        }
        out.comments << c;
    }
    return out;
}

QString writeAacrGenerated(const QList<AacrGeneratedComment> &comments)
{
    QStringList blocks;
    for (const AacrGeneratedComment &c : comments) {
        QString b;
        b += QStringLiteral("<path>") + escaped(c.path) + QStringLiteral("</path>\n");
        b += QStringLiteral("<side>") + escaped(c.side) + QStringLiteral("</side>\n");
        b += QStringLiteral("<from>") + (c.fromLine ? QString::number(*c.fromLine) : QString()) + QStringLiteral("</from>\n");
        b += QStringLiteral("<to>") + (c.toLine ? QString::number(*c.toLine) : QString()) + QStringLiteral("</to>\n");
        b += QStringLiteral("<note>") + escaped(c.note) + QStringLiteral("</note>\n");
        blocks << b;
    }
    return blocks.join(QStringLiteral("<notesplit />\n"));
}

QString aacrGeneratedFileName(const QString &repo, const QString &pr)
{
    return QStringLiteral("comments_%1_%2.txt").arg(repo, pr);
}

std::optional<std::pair<QString, QString>> aacrGeneratedNameParts(const QString &fileName)
{
    static const QRegularExpression name(QStringLiteral("^comments_(.+)_([^_]+)\\.txt$"));
    const auto m = name.match(fileName);
    if (!m.hasMatch())
        return std::nullopt;
    return std::pair{m.captured(1), m.captured(2)};
}

Result<QString> exportAacrGenerated(const RunStore &store, qint64 run, const QString &directory)
{
    auto stored = store.run(run);
    if (!stored)
        return stored.error();
    auto mr = store.mergeRequest(stored->mergeRequest);
    if (!mr)
        return mr.error();
    CommentQuery query;
    query.run = run;
    query.kept = true;
    auto comments = store.comments(query);
    if (!comments)
        return comments.error();

    static const QRegularExpression prUrl(QStringLiteral("github\\.com/[^/\\s]+/([^/\\s]+)/pull/(\\d+)"));
    QString repo = QFileInfo(QDir::cleanPath(mr->repository)).fileName();
    QString pr = QString::number(mr->id);
    for (const QString &text : {mr->url, mr->title, mr->description, mr->repository}) {
        const auto m = prUrl.match(text);
        if (m.hasMatch()) {
            repo = m.captured(1);
            pr = m.captured(2);
            break;
        }
    }
    QList<AacrGeneratedComment> out;
    for (const StoredComment &s : *comments) {
        const ReviewComment &c = s.comment;
        // The AACR-Bench evaluator matches these notes semantically against
        // the references: a translated comment is written as the reviewer
        // wrote it (as ReviewDesk's own semantic matching reads it).
        const bool original = !c.translationLanguage.isEmpty();
        QStringList parts{original ? c.issueOriginal : c.issue};
        for (const QString &part : {original ? c.rootCauseOriginal : c.rootCause, original ? c.fixOriginal : c.fix})
            if (!part.isEmpty())
                parts << part;
        AacrGeneratedComment g;
        g.path = c.file;
        g.side = c.side == QLatin1String("old") ? QStringLiteral("left") : QStringLiteral("right");
        // An unlocated comment at kAacrUnlocatedLine: empty <from>/<to> would
        // match every reference of its file and side in the released evaluator.
        const AacrLineRange lines = aacrLineRange(c);
        g.fromLine = lines.from;
        g.toLine = lines.to;
        g.note = parts.join(QStringLiteral("\n\n"));
        out << g;
    }
    if (!QDir().mkpath(directory))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "cannot make the folder %1").arg(directory)};
    const QString path = QDir(directory).filePath(aacrGeneratedFileName(repo, pr));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(writeAacrGenerated(out).toUtf8()) < 0 || !file.commit())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "cannot write %1: %2").arg(path, file.errorString())};
    return path;
}

} // namespace rd
